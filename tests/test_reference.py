"""The reference solver on tiny puzzles whose answers are worked out by hand.

Each puzzle is checked both ways: the solver's answer against the hand-worked
one, and the solver against a plain enumeration (:func:`brute_force`) that tries
every line of play with no merging of positions at all, so the two share only
the engine and the goal and plan definitions (Q4, Q5).  Every solution returned
is replayed through the engine (:func:`sectionx.games.sectionx.puzzle.judge`).

Boards are written inline: a one-cell island ``0,0`` with a row of tile cells
running east to a green cell (zone E), and a green cell ``-1,0`` west of the
island (zone W) so that red may claim E (Z1).  Red keeps two prisoners (six are
dead) to keep the step trees small.  Geometry (G1): edges 0 E, 1 SE, 2 SW, 3 W,
4 NW, 5 NE; a straight ``t03`` runs E-W, a wide bend ``t02`` turned 3 is ``t35``.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from sectionx.games.sectionx import engine, formats, puzzle, rules
from sectionx.games.sectionx.model import Scenario
from sectionx.games.sectionx.solver.reference import ReferenceResult, solve_reference

ROOT = Path(__file__).parent.parent


def board(*tile_cells: str, east: str) -> str:
    cells = ["0,0", "-1,0", east, *tile_cells]
    return textwrap.dedent(f"""\
        board:
          name: tiny
          cells: {cells}
          island: ["0,0"]
          green: ["{east}", "-1,0"]
          zones: {{E: ["{east}"], W: ["-1,0"]}}
        """).replace("'", '"')


def puzzle_of(board_text: str, body: str) -> Scenario:
    text = "players: [red, blue]\nturn: red\n" + board_text + textwrap.dedent(body)
    sc = formats.loads(text).scenario
    found = rules.check_scenario(sc)
    assert not found, "\n".join(f"{p.rule}: {p.message}" for p in found)
    return sc


TWO = "prisoners:\n  red: {dead: 6}\n"

#: One empty cell between the island and green E; a straight in hand: one turn, one plan.
ONE_TURN = puzzle_of(board("1,0", east="2,0"), 'hands: {red: [T01]}\n' + TWO + "goal: {kind: free, turns: 1}\n")

#: The same with an empty hand and the stacks listed (Q3: open, taken in order,
#: N1: a tile must be taken): a straight lies on top of stacks 1 and 3, a tight
#: bend on stack 2.  Which stack a tile comes from is no part of the plan (Q5).
FROM_STACKS = puzzle_of(board("1,0", east="2,0"), "stacks: [[T01], [T16], [T02]]\n" + TWO
                        + "goal: {kind: free, turns: 1}\n")

#: Two such ways out (east to E, west to W): two plans.
TWO_WAYS = puzzle_of(
    textwrap.dedent("""\
        board:
          name: tiny
          cells: ["0,0", "1,0", "2,0", "-1,0", "-2,0"]
          island: ["0,0"]
          green: ["2,0", "-2,0"]
          zones: {E: ["2,0"], W: ["-2,0"]}
        """), 'hands: {red: [T01]}\n' + TWO + "goal: {kind: free, turns: 1}\n")

#: Two straights laid: three steps to green, two per prisoner and turn (M3).
TWO_TURNS = puzzle_of(board("1,0", "2,0", east="3,0"), 'tiles: {"1,0": T01, "2,0": T02}\n' + TWO
                      + "goal: {kind: free, turns: 2}\n")

#: Two wide bends of one type (T09, T10) make the way 0,0 -> 1,0 -> 2,-1 -> 3,-1:
#: 1,0 needs t35 (W, NE), 2,-1 needs t02 (SW, E).
BENDS = puzzle_of(board("1,0", "2,-1", east="3,-1"), 'hands: {red: [T09, T10]}\n' + TWO
                  + "goal: {kind: free, turns: 2}\n")

#: Blue's door on 3,0 shuts the way; a tunnel fight removes it (D4).
DOOR = puzzle_of(board("1,0", "2,0", "3,0", east="4,0"), """\
    tiles: {"1,0": T01, "3,0": T02}
    hands: {red: [T03]}
    prisoners:
      red: {dead: 6}
    doors: {blue: ["3,0"]}
    goal: {kind: free, turns: 3}
    """)

#: Four steps to green (two turns, M3) through blue's tunnel: blue's door stands on
#: the dead end 1,1 hanging off the junction 2,0, so red may not swap, move or turn
#: those tiles (D3) but walks past the door.  A tight bend lies on 0,-2, touching
#: nothing: each turn red may turn it (t01 looks different at all six rotations)
#: or leave it, so 6 x 6 = 36 plans.  In turn 2 one position is reached from six
#: positions of turn 1, each with its own plan: the prefixes must be merged.
SPINNER = puzzle_of(board("1,0", "2,0", "3,0", "1,1", "0,-2", east="4,0"), """\
    tiles: {"1,0": T01, "2,0": T26, "3,0": T02, "1,1": T41@5, "0,-2": T16}
    prisoners:
      red: {dead: 7}
    doors: {blue: ["1,1"]}
    goal: {kind: free, turns: 2}
    """)

#: A prisoner one step from a hideout; the key (K1) comes with the step.
KEY = puzzle_of(board("1,0", "2,0", east="3,0"), """\
    tiles: {"1,0": T01, "2,0": T46@3}
    prisoners:
      red: {at: ["1,0"], freed: 2, dead: 5}
    goal:
      turns: 1
      all: [{kind: key}, {kind: hide}]
    """)


def brute_force(sc: Scenario, limit: int) -> tuple[int | None, set[puzzle.Plan]]:
    """Every line of play of up to ``limit`` turns, no position merged: the fewest
    turns that meet the goal and the plans (Q5) of all lines that do so."""
    goal = puzzle.goal_of(sc)
    first = puzzle.start(sc)
    found: dict[int, set[puzzle.Plan]] = {}

    def walk(state, turn: int, done: puzzle.Plan, current: tuple[str, ...]) -> None:
        for action in engine.legal_actions(state):
            after = engine.apply(state, action)
            items = puzzle.plan_items(state, action, after)
            if puzzle.goal_met(after, goal, first):
                found.setdefault(turn, set()).add(done + (current + items,))
            elif engine.turn_ended(state, action, after):
                if not after.finished and turn < limit:
                    walk(after, turn + 1, done + (current + items,), ())
            else:
                walk(after, turn, done, current + items)

    walk(first, 1, (), ())
    if not found:
        return None, set()
    best = min(found)
    return best, found[best]


def check_solution(sc: Scenario, result: ReferenceResult) -> None:
    """The solution replays through the engine, meeting the goal with its last action
    (and not before) in the turn the solver says."""
    verdict = puzzle.judge(sc, result.solution)
    assert verdict.met_after == len(result.solution)
    assert verdict.turn == result.turns and verdict.within_limit


CASES = [
    # name, puzzle, turns, plans (worked out by hand, see each test below)
    ("one-turn", ONE_TURN, 1, [(("tiles 1,0 t03",),)]),
    ("from-stacks", FROM_STACKS, 1, [(("tiles 1,0 t03",),)]),
    ("two-ways", TWO_WAYS, 1, [(("tiles 1,0 t03",),), (("tiles -1,0 t03",),)]),
    ("two-turns", TWO_TURNS, 2, [((), ())]),
    ("bends", BENDS, 2, [(("tiles 1,0 t35",), ("tiles 2,-1 t02",))]),
    ("door", DOOR, 3, [(("door 1,0 t03^r",), ("tiles 2,0 t03, 3,0 t03",), ()),
                       (("door 1,0 t03^r",), ("tiles 2,0 t03, 3,0 t03",), ("tiles 1,0 t03, 3,0 t03^r",))]),
    ("key", KEY, 1, [((),)]),
]


SPINS = [() if a == b else (f"tiles 0,-2 t{b}",) for a, b in [("01", x) for x in ("01", "12", "23", "34", "45", "05")]]
CASES.append(("spinner", SPINNER, 2, [
    (first, () if first_to == second else (f"tiles 0,-2 t{second}",))
    for first, first_to in zip(SPINS, ("01", "12", "23", "34", "45", "05"))
    for second in ("01", "12", "23", "34", "45", "05")]))


@pytest.mark.parametrize("name, sc, turns, plans", CASES, ids=[c[0] for c in CASES])
def test_known_answers_both_ways(name, sc, turns, plans):
    result = solve_reference(sc, plan_cap=100)
    assert result.status == "solved" and result.complete
    assert result.turns == turns
    # Optimal (docs/solver.md): fewest turns, then fewest tile and door actions.
    cheapest = min(sum(len(items) for items in plan) for plan in plans)
    assert result.cost == cheapest
    assert result.plans == sum(sum(len(items) for items in plan) == cheapest for plan in plans)
    assert not result.plans_at_least
    check_solution(sc, result)
    assert puzzle.plan_signature(puzzle.start(sc), result.solution) in set(plans)
    assert brute_force(sc, turns) == (turns, set(plans))


def test_one_turn_the_goal_is_met_mid_turn_by_the_step_onto_green():
    """Q4: the solution stops at the step that frees the prisoner; no 'end'."""
    result = solve_reference(ONE_TURN)
    assert [str(a) for a in result.solution] == ["place T01 1,0@0", "step island 1,0", "step 1,0 2,0"]


def test_phase_1_takes_from_the_listed_stacks():
    result = solve_reference(FROM_STACKS)
    lines = [str(a) for a in result.solution]
    assert lines[0] in ("take 1", "take 3") and lines[1] in ("place T01 1,0@0", "place T02 1,0@0")


def test_key_goal_met_by_the_first_step():
    result = solve_reference(KEY)
    assert [str(a) for a in result.solution] == ["pass", "step 1,0 2,0"]


def test_door_puzzle_needs_the_door_and_the_fight():
    """DOOR: red must first put a door into its own tunnel (turn 1: the phase-3 door
    action, N4), then lay T03 on 2,0: red's tunnel (1 tile) ties blue's (1 tile), red
    keeps (D4) and blue's door goes home; two steps to 2,0, and in turn 3 two more to
    green.  The second plan swaps the two straights in turn 3, moving red's door along
    (a real change of the board, Q5).  Without the door nothing opens blue's tunnel."""
    result = solve_reference(DOOR)
    lines = [str(a) for a in result.solution]
    assert lines[:2] == ["pass", "door 1,0"] and "place T03 2,0@0 keep red" in lines
    # Laying the straight first makes the whole row blue's (D3), and red may put no door into it (D2).
    first = engine.apply(puzzle.start(DOOR), next(a for a in engine.legal_actions(puzzle.start(DOOR))
                                                   if str(a) == "place T03 2,0@0"))
    assert not any(str(a).startswith("door") for a in engine.legal_actions(first))


def test_impossible_within_its_limit_is_proved():
    """TWO_TURNS needs two turns: within one it is proved impossible."""
    one = Scenario(TWO_TURNS.state, TWO_TURNS.goal.__class__(TWO_TURNS.goal.kind, TWO_TURNS.goal.player, 1, 1))
    result = solve_reference(one)
    assert result.status == "impossible" and result.turns is None and result.complete
    assert result.searched_turns == 1 and result.solution == ()
    assert brute_force(one, 1) == (None, set())
    # max_turns below the goal's own limit bounds the search the same way
    assert solve_reference(TWO_TURNS, max_turns=1).status == "impossible"


def test_the_state_limit_gives_an_honest_unknown():
    result = solve_reference(DOOR, max_states=50)
    assert result.status == "unknown" and not result.complete and not result.proved_impossible
    assert result.turns is None and result.states > 50


def test_a_solution_found_before_the_state_limit_counts_plans_as_at_least():
    """The limit hit in the last turn: the turns are exact, the plan count a floor."""
    full = solve_reference(DOOR)
    cut = solve_reference(DOOR, max_states=full.states - 1)
    if cut.turns is not None:
        assert cut.turns == 3 and cut.plans_at_least and not cut.complete
        check_solution(DOOR, cut)
    else:
        assert cut.status == "unknown"


def test_plan_cap_reports_at_least():
    result = solve_reference(TWO_WAYS, plan_cap=1)
    assert result.turns == 1 and result.plans == 1 and result.plans_at_least


def test_a_goal_without_a_turn_limit_needs_max_turns():
    free = Scenario(ONE_TURN.state, ONE_TURN.goal.__class__(ONE_TURN.goal.kind, ONE_TURN.goal.player, 1, None))
    with pytest.raises(ValueError, match="max_turns"):
        solve_reference(free)
    assert solve_reference(free, max_turns=3).turns == 1


def test_the_bundled_puzzle_cannot_be_solved_in_one_turn():
    """scenarios/puzzle-first-escape.yaml on the compact board: its own note says a
    prisoner needs three steps, so one turn cannot do (M3); the solver proves it."""
    sc = formats.load(ROOT / "scenarios" / "puzzle-first-escape.yaml").scenario
    result = solve_reference(sc, max_turns=1)
    assert result.status == "impossible" and result.complete
