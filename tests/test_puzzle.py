"""Puzzles in play: Q2 (only the goal's player acts), Q4 (when a goal is met, how
turns are counted), Q5 (plans), the unused-tiles default and reading/writing goals.

Most positions stand on small boards written inline: a *corridor* of tile cells
east of a one-cell island, ``0,0 | 1,0 2,0 3,0 | 4,0`` with the green cells
``4,0`` (zone E) and ``-1,0`` (zone W), so that every line of play can be worked
out by hand.  Geometry (G1): edges 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE; ``T46@3``
is the dead-end hideout ``h0`` turned to open W.
"""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.colours import Colour
from sectionx.games.sectionx import actions, checking, engine, formats, play, puzzle, rules
from sectionx.games.sectionx.model import Goal, GoalKind, PlaceKind, Scenario, State
from sectionx.games.sectionx.puzzle import goal_met, plan_signature

from .strategies import goals, states

RED, BLUE, YELLOW = Colour.RED, Colour.BLUE, Colour.YELLOW
ROOT = Path(__file__).parent.parent

CORRIDOR = """\
board:
  name: corridor
  cells: ["0,0", "1,0", "2,0", "3,0", "4,0", "-1,0"]
  island: ["0,0"]
  green: ["4,0", "-1,0"]
  zones: {E: ["4,0"], W: ["-1,0"]}
"""


def scenario(text: str) -> Scenario:
    """A puzzle from text; it must break no rule (Q1 included)."""
    loaded = formats.loads(textwrap.dedent(text))
    found = rules.check_scenario(loaded.scenario)
    assert not found, "\n".join(f"{p.rule}: {p.message}" for p in found)
    return loaded.scenario


def corridor(body: str, turn: str = "red") -> Scenario:
    return scenario(f"players: [red, blue]\nturn: {turn}\n" + CORRIDOR + textwrap.dedent(body))


def play_out(sc: Scenario, *lines: str) -> list[State]:
    """The states after each action, played from the puzzle's start (Q2)."""
    state = puzzle.start(sc)
    out = []
    for line in lines:
        state = engine.apply(state, actions.parse(line))
        out.append(state)
    return out


# --------------------------------------------------------------------------- Q2


def test_q2_start_sets_the_solo_player_from_the_goal():
    sc = corridor('tiles: {"1,0": T01}\ngoal: {kind: zone, zone: E}\n')
    assert sc.state.solo is None  # the file holds the position only
    assert puzzle.start(sc).solo is RED
    with pytest.raises(puzzle.NotAPuzzle):
        puzzle.start(Scenario(sc.state))


def test_q2_after_a_turn_the_goal_player_moves_again_and_others_never_act():
    sc = corridor('tiles: {"1,0": T01, "2,0": T02}\ngoal: {kind: free, count: 1, turns: 3}\n')
    after = play_out(sc, "pass", "step island 1,0", "end")
    assert after[-1].current.colour is RED and after[-1].turn.phase == 2  # N5: no tiles to take
    # The same actions in the plain game hand the turn to blue.
    plain = engine.apply(engine.apply(engine.apply(sc.state, actions.parse("pass")),
                                      actions.parse("step island 1,0")), actions.parse("end"))
    assert plain.current.colour is BLUE


@pytest.mark.parametrize("seed", range(4))
def test_q2_random_playouts_never_give_another_player_a_turn(seed):
    """Random legal play from a puzzle with stacks to draw from, over round ends (E2,
    E1, E3): every position has the goal player to move, and turn_ended sees each turn."""
    sc = scenario("""\
        players: [red, blue, yellow]
        turn: blue
        tiles: {"2,0": T01, "3,0": T02, "-2,2": T46}
        hands: {blue: [T05, T16]}
        stacks: [[T06, T07], [T20], [T17, T50]]
        prisoners:
          blue: {at: ["2,0", "-2,2"]}
        goal: {kind: free, count: 4}
        """)
    state = puzzle.start(sc)
    rng = random.Random(seed)
    turns = 0
    for _ in range(150):
        if state.finished:
            break
        before = state
        action = engine.random_action(state, rng)
        state = engine.apply(state, action)
        assert state.current.colour is BLUE
        if engine.turn_ended(before, action, state):
            turns += 1
            assert state.finished or (state.turn.moved == () and not state.turn.tile_action)
    assert turns >= 5


def test_q2_a_round_end_starts_the_goal_player_again():
    """E2 then E3 in a three-player puzzle: yellow ended the round, and yellow starts
    the next one (in a real game red, the player after yellow, would: see
    test_engine_rulings.test_E2_taking_the_last_tile_ends_the_round_after_that_turn)."""
    sc = scenario("""\
        players: [red, blue, yellow]
        turn: {player: yellow, phase: 1}
        tiles:
          "2,0": T01
        stacks: [[], [T05], []]
        hands: {yellow: [T06]}
        prisoners:
          yellow: {at: ["2,0"]}
        goal: {kind: free, player: yellow, count: 1}
        """)
    after = play_out(sc, "take 2", "pass", "end")
    assert after[-1].round == 2 and after[-1].current.colour is YELLOW and after[-1].turn.phase == 1
    plain = sc.state
    for line in ("take 2", "pass", "end"):
        plain = engine.apply(plain, actions.parse(line))
    assert plain.round == 2 and plain.current.colour is RED


def test_turn_ended_agrees_with_a_change_of_player_in_real_games():
    """In a real game a turn ends exactly when the player to move changes (or the
    round or game ends); turn_ended must say the same, so replay counts as before."""
    rng = random.Random(7)
    state = rules.new_game((RED, BLUE), formats.bundled_board("compact"), formats.bundled_catalogue(), rng)
    for _ in range(600):
        if state.finished:
            break
        action = engine.random_action(state, rng)
        after = engine.apply(state, action)
        changed = after.finished or after.round != state.round or after.turn.player != state.turn.player
        fresh = after.turn.moved == () and not after.turn.tile_action and not after.turn.door_action
        assert engine.turn_ended(state, action, after) == changed
        assert not changed or after.finished or fresh
        state = after


# --------------------------------------------------------------------------- Q4 goals met


def test_q4_free_counts_arrivals_since_the_start_across_a_discovery():
    """Red starts with one prisoner on green; its second ends the round at once (E1,
    two players) and the collapse turns both into freed prisoners (E3).  The goal
    'free 1' is met: one prisoner arrived.  Counting prisoners on green would find 0."""
    sc = corridor("""\
        tiles: {"3,0": T01}
        zones: {E: red}
        prisoners:
          red: {at: ["4,0", "3,0"]}
        goal: {kind: free, count: 1}
        """)
    start = puzzle.start(sc)
    goal = puzzle.goal_of(sc)
    assert not goal_met(start, goal, start)
    (after,) = play_out(sc, "pass")
    assert not goal_met(after, goal, start)
    ended = engine.apply(after, actions.parse("step 3,0 4,0"))
    red = ended.player_by_colour[RED]
    assert ended.round == 2 and red.count(PlaceKind.GREEN) == 0 and red.count(PlaceKind.FREED) == 2
    assert goal_met(ended, goal, start)
    assert not goal_met(ended, Goal(GoalKind.FREE, RED, count=2), start)
    assert ended.current.colour is RED  # Q2: the next round is red's too


def test_q4_free_is_the_growth_of_freed_prisoners_in_random_play():
    """Freed prisoners (freed + on green, E4) grow by one exactly when a step enters a
    green area, and never shrink: so Q4's two readings of 'free' agree."""
    rng = random.Random(3)
    state = rules.new_game((RED, BLUE), formats.bundled_board("compact"), formats.bundled_catalogue(), rng)
    arrivals = {RED: 0, BLUE: 0}
    start = state
    for _ in range(3000):
        if state.finished:
            break
        action = engine.random_action(state, rng)
        after = engine.apply(state, action)
        if isinstance(action, actions.Step) and engine.resolve(after, action.target).kind is PlaceKind.GREEN:
            arrivals[state.current.colour] += 1
        for c in (RED, BLUE):
            assert after.player_by_colour[c].freed - start.player_by_colour[c].freed == arrivals[c]
        state = after
    assert sum(arrivals.values()) > 0


HIDEOUT = """\
    tiles: {"1,0": T01, "2,0": T46@3}
    prisoners:
      red: {at: ["1,0"], freed: 2, dead: 5}
    """


@pytest.mark.parametrize("kind, met_after_step", [("hide", True), ("key", True), ("free", False)])
def test_q4_hide_and_key_met_by_the_step_into_the_hideout(kind, met_after_step):
    sc = corridor(HIDEOUT + f"goal: {{kind: {kind}}}\n")
    start = puzzle.start(sc)
    goal = puzzle.goal_of(sc)
    assert not goal_met(start, goal, start)
    _, after = play_out(sc, "pass", "step 1,0 2,0")
    assert after.player_by_colour[RED].key  # K1, a door from hand
    assert goal_met(after, goal, start) is met_after_step


def test_q4_hide_is_not_met_by_letting_the_collapse_bury_the_unhidden():
    """After the collapse every red prisoner left is on the island (E3), but one died:
    not hidden.  Walking it onto the island first does meet the goal."""
    sc = corridor("""\
        tiles: {"1,0": T01}
        prisoners:
          red: {at: ["1,0"], island: 1, dead: 6}
        goal: {kind: hide}
        """, turn="{player: red, phase: 3, round_ends: true}")
    start = puzzle.start(sc)
    goal = puzzle.goal_of(sc)
    buried = engine.apply(start, actions.parse("end"))
    assert buried.round == 2 and rules.hidden(buried, buried.player_by_colour[RED])
    assert not goal_met(buried, goal, start)
    home = engine.apply(start, actions.parse("step 1,0 island"))
    assert goal_met(home, goal, start)


def test_q4_zone_met_by_claiming_it_not_by_another():
    sc = corridor("""\
        tiles: {"3,0": T01}
        prisoners:
          red: {at: ["3,0"]}
        goal: {kind: zone, zone: E}
        """)
    start = puzzle.start(sc)
    _, after = play_out(sc, "pass", "step 3,0 4,0")
    assert goal_met(after, puzzle.goal_of(sc), start)
    assert not goal_met(after, Goal(GoalKind.ZONE, RED, zone="W"), start)
    assert not goal_met(start, puzzle.goal_of(sc), start)


def test_q4_all_needs_every_part_after_the_same_action():
    """One red prisoner walks onto green (free 1, zone E); the other sits in a hideout,
    so K1 gives red the key at the same moment."""
    sc = scenario("players: [red, blue]\nturn: red\n" + CORRIDOR.replace(
        '"-1,0"]\n  island', '"-1,0", "1,-1"]\n  island') + textwrap.dedent("""\
        tiles: {"3,0": T01, "1,-1": T46@2}
        prisoners:
          red: {at: ["3,0", "1,-1"], dead: 6}
        goal:
          all:
            - {kind: free}
            - {kind: key}
            - {kind: zone, zone: E}
        """))
    start = puzzle.start(sc)
    goal = puzzle.goal_of(sc)
    _, after = play_out(sc, "pass", "step 3,0 4,0")
    assert after.player_by_colour[RED].key and goal_met(after, goal, start)
    for missing in (Goal(GoalKind.ZONE, zone="W"), Goal(GoalKind.FREE, count=2)):
        part_short = Goal(GoalKind.ALL, RED, parts=goal.parts + (missing,))
        assert not goal_met(after, part_short, start)


def test_q4_judge_stops_at_the_first_action_meeting_the_goal_mid_turn():
    """free 1: the second step ends the solution; the rest of the turn is not played
    (an illegal action after it is never looked at)."""
    sc = corridor('tiles: {"1,0": T01, "2,0": T02, "3,0": T03}\nprisoners:\n  red: {at: ["2,0"]}\n'
                  "goal: {kind: free, turns: 1}\n")
    lines = ["pass", "step 2,0 3,0", "step 3,0 4,0", "rotate 9,9@1"]
    verdict = puzzle.judge(sc, map(actions.parse, lines))
    assert verdict.met and verdict.met_after == 3 and verdict.turn == 1 and verdict.within_limit


def test_q4_turns_count_the_goal_players_turns_from_the_start_turn():
    """A puzzle starting in phase 3 counts that turn as turn 1 (Q4)."""
    sc = corridor('tiles: {"1,0": T01, "2,0": T02, "3,0": T03}\ngoal: {kind: free, turns: 2}\n',
                  turn="{player: red, phase: 3}")
    lines = ["step island 1,0", "step 1,0 2,0", "end", "pass", "step 2,0 3,0", "step 3,0 4,0"]
    verdict = puzzle.judge(sc, map(actions.parse, lines))
    assert verdict.turn == 2 and verdict.met_after == 6 and verdict.within_limit
    slow = ["step island 1,0", "end", "pass", "step 1,0 2,0", "end", "pass", "step 2,0 3,0", "step 3,0 4,0"]
    verdict = puzzle.judge(sc, map(actions.parse, slow))
    assert verdict.turn == 3 and not verdict.within_limit
    assert not puzzle.judge(sc, map(actions.parse, lines[:5])).met


def test_q4_goal_met_agrees_with_q1_on_every_valid_start():
    """Q1 refuses a goal met at the start; goal_met on the start says the same."""
    for text in ("{kind: key}", "{kind: hide}", "{kind: zone, zone: E}", "{kind: free}",
                 "{all: [{kind: key}, {kind: zone, zone: E}]}"):
        sc = corridor(HIDEOUT + f"goal: {text}\n")
        start = puzzle.start(sc)
        assert not goal_met(start, puzzle.goal_of(sc), start)


# --------------------------------------------------------------------------- Q5 plans


def plan(sc: Scenario, *lines: str):
    return plan_signature(puzzle.start(sc), [actions.parse(line) for line in lines])


TWO_STRAIGHTS = "hands: {red: [T01, T02]}\ngoal: {kind: free}\n"


def test_q5_tile_type_not_id_and_rotation_up_to_symmetry():
    sc = corridor(TWO_STRAIGHTS)
    a = plan(sc, "place T01 1,0@0", "step island 1,0")
    assert a == (("tiles 1,0 t03",),)
    assert plan(sc, "place T02 1,0@3", "step island 1,0") == a      # same type, a half turn
    assert plan(sc, "place T01 1,0@1") != a                         # another result
    assert plan(sc, "place T01 2,0@0") != a                         # another cell
    assert plan(sc, "place T01 1,0", "end") == plan(sc, "place T01 1,0", "step island 1,0", "step 1,0 island")


def test_q5_steps_do_not_count_but_turns_and_doors_do():
    sc = corridor('tiles: {"1,0": T01, "2,0": T02}\ngoal: {kind: free, turns: 3}\n')
    walk = plan(sc, "pass", "step island 1,0", "end", "pass", "step 1,0 2,0")
    assert walk == ((), ())
    assert plan(sc, "pass", "step island 1,0", "step 1,0 2,0", "end", "pass") == walk
    door = plan(sc, "pass", "door 2,0", "pass")
    assert door == (("door 2,0 t03^r",), ())
    assert plan(sc, "pass", "door 1,0") != door[:1]
    assert puzzle.plan_text(door) == "turn 1: door 2,0 t03^r\nturn 2: no tile or door action"


def test_q5_the_board_change_counts_not_the_verb():
    """A swap of alike tiles changes nothing, unless it carries a door; a swap of
    alike tiles with a turn looks like a rotation and is one; a move empties a cell."""
    sc = corridor('tiles: {"1,0": T01, "2,0": T02}\ndoors: {red: ["1,0"]}\ngoal: {kind: free}\n')
    assert plan(sc, "swap 1,0 2,0") == (("tiles 1,0 t03, 2,0 t03^r",),)
    plain = corridor('tiles: {"1,0": T01, "2,0": T02}\ngoal: {kind: free}\n')
    assert plan(plain, "swap 1,0 2,0") == ((),)
    assert plan(plain, "move 2,0 3,0@3") == (("tiles 2,0 empty, 3,0 t03",),)
    apart = corridor('tiles: {"1,0": T01, "3,0": T02}\ngoal: {kind: free}\n')
    assert plan(apart, "swap 1,0@0 3,0@1") == plan(apart, "rotate 3,0@1") == (("tiles 3,0 t14",),)


def test_q5_a_tunnel_fight_shows_in_the_plan():
    """D4: red's tunnel (1,0, with red's door) ties blue's (3,0); red keeps, and blue's
    door leaves 3,0, which the plan shows."""
    sc = corridor('tiles: {"1,0": T01, "3,0": T02}\nhands: {red: [T03]}\ndoors: {red: ["1,0"], blue: ["3,0"]}\n'
                  'goal: {kind: free}\n')
    assert plan(sc, "place T03 2,0 keep red") == (("tiles 2,0 t03, 3,0 t03",),)
    assert plan(sc, "place T03 2,0 keep blue") == (("tiles 1,0 t03, 2,0 t03",),)


def test_q5_a_door_action_that_ends_the_round_is_described_before_the_collapse():
    """E2: the last tile was taken this turn; the door action ends the turn, the round
    and the board (E3).  The plan still names the door as it was placed."""
    sc = corridor('tiles: {"1,0": T01}\ngoal: {kind: free}\n', turn="{player: red, phase: 3, round_ends: true}")
    assert plan(sc, "door 1,0") == (("door 1,0 t03^r",),)


def test_q5_tile_text_names_what_lies_there():
    sc = corridor(HIDEOUT + "goal: {kind: key}\n")
    state = puzzle.start(sc)
    assert puzzle.tile_text(state, formats.parse_cell("2,0")) == "h3"
    _, after = play_out(sc, "pass", "step 1,0 2,0")
    assert puzzle.tile_text(after, formats.parse_cell("2,0")) == "h3*R"


# --------------------------------------------------------------------------- puzzles in files


def test_a_puzzle_sets_unnamed_tiles_out_of_play_by_default():
    """A puzzle names the tiles it plays with: the rest are out (Q3), so its stacks
    are empty unless it lists them; unused: stacks deals them as in a game state."""
    text = 'players: [red, blue]\ntiles: {"2,0": T01}\n'
    game = formats.loads(text).state
    assert sum(map(len, game.stacks)) == 53 and not game.out
    sc = formats.loads(text + "goal: {count: 1}\n").scenario
    assert sc.state.stacks == ((), (), ()) and len(sc.state.out) == 53
    listed = formats.loads(text + "stacks: [[T05], [], [T06]]\ngoal: {count: 1}\n").state
    assert listed.stacks == (("T05",), (), ("T06",)) and len(listed.out) == 51
    dealt = formats.loads(text + "unused: stacks\ngoal: {count: 1}\n").state
    assert dealt.stacks == game.stacks and not dealt.out


def test_goals_read_and_written():
    text = """\
        players: [red, blue]
        goal:
          player: red
          turns: 3
          all:
            - {kind: free, count: 2}
            - kind: key
            - {kind: zone, zone: NE}
        """
    sc = formats.loads(textwrap.dedent(text)).scenario
    assert sc.goal == Goal(GoalKind.ALL, RED, turns=3, parts=(Goal(GoalKind.FREE, count=2), Goal(GoalKind.KEY),
                                                              Goal(GoalKind.ZONE, zone="NE")))
    data = formats.scenario_to_data(sc)["goal"]
    assert data == {"player": "red", "all": [{"kind": "free", "count": 2}, {"kind": "key"}, {"kind": "zone", "zone": "NE"}],
                    "turns": 3}
    assert formats.loads(formats.dumps(sc)).scenario.goal == sc.goal
    zone = formats.loads("players: [red, blue]\ngoal: {kind: zone, zone: W}\n").scenario
    assert zone.goal == Goal(GoalKind.ZONE, RED, zone="W")
    assert formats.scenario_to_data(zone)["goal"] == {"kind": "zone", "player": "red", "zone": "W"}


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_goal_round_trip(data):
    """Any goal on any state: written and read back, the scenario is equal."""
    state = data.draw(states(max_tiles=6))
    goal = data.draw(goals(state))
    sc = Scenario(state, goal)
    again = formats.loads(formats.dumps(sc)).scenario
    assert again.goal == goal and again.state == state


# --------------------------------------------------------------------------- records


def test_a_solution_record_replays_by_q2_and_says_when_the_goal_is_met(tmp_path):
    start = formats.load(ROOT / "scenarios" / "puzzle-first-escape.yaml").scenario
    lines = ["move -3,2 3,-3@2", "step island 2,-2", "step 2,-2 3,-3", "end", "pass", "step 3,-3 4,-4"]
    path = tmp_path / "solution.yaml"
    path.write_text(formats.dumps_record(start, [actions.parse(x) for x in lines]))
    report = checking.check_file(path)
    assert report.ok, report.diagnostics
    assert report.summary.endswith("the puzzle's goal is met in turn 2, after action 6")
    result = play.replay(checking.record_start(formats.load_record(path)), tuple(actions.parse(x) for x in lines))
    assert result.error is None and result.turns == 2  # the goal came in the second turn, which counts though unfinished
    # Without Q2 blue moves after 'end': 'pass' is blue's, and blue has no prisoner on 3,-3.
    plain = play.replay(start.state, tuple(actions.parse(x) for x in lines))
    assert plain.error is not None and plain.error[0] == 5 and plain.error[2][0].rule == "M1"


def test_sectionx_replay_of_a_puzzle_record_reports_the_goal(tmp_path):
    from typer.testing import CliRunner

    from sectionx.cli import app

    start = formats.load(ROOT / "scenarios" / "puzzle-first-escape.yaml").scenario
    lines = ["move -3,2 3,-3@2", "step island 2,-2", "step 2,-2 3,-3", "end", "pass", "step 3,-3 4,-4"]
    path = tmp_path / "solution.yaml"
    path.write_text(formats.dumps_record(start, [actions.parse(x) for x in lines]))
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "all legal" in result.stdout and "the puzzle's goal is met in turn 2, after action 6" in result.stdout
    short = tmp_path / "short.yaml"
    short.write_text(formats.dumps_record(start, [actions.parse(x) for x in lines[:4]]))
    result = CliRunner().invoke(app, ["replay", str(short)])
    assert result.exit_code == 0 and result.stdout.rstrip().endswith("the puzzle's goal is not met")
