"""The exact solver's bound and cuts for *key* and *hide* goals (solver/shelter.py, solver/lastturn.py).

* Differential: on generated small puzzles with a *key*, *hide* or *all* goal
  (hideouts laid, in hand and in stacks, other players' prisoners and doors, the
  player's own doors, owned zones, the advanced game), the core solver gives the
  brute-force reference solver's answer: the same minimum, the same least cost,
  the same number of optimal plans (so no bound or cut of the last turn ever
  dropped an optimal plan); and the bound never exceeds the answer, in turns
  nor, within that many turns, in tile actions (Q5).
* Each part of the bound on a hand-made puzzle, allowed and refused: another
  player's door in the way (M4) needs a tunnel fight (D4) first, and a fight
  needs the player's own door on the board; a collapse (E2, E3) may settle a
  key goal at once; a *hide* goal counts the island as shelter.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sectionx.games.sectionx import puzzle
from sectionx.games.sectionx.model import Scenario
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.games.sectionx.solver.lastturn import LastTurnCut
from sectionx.games.sectionx.solver.moves import KEEP
from sectionx.games.sectionx.solver.puzzlecore import INF, CoreProblem, _Turn
from sectionx.games.sectionx.solver.reference import solve_reference
from sectionx.games.sectionx.solver.shelter import no_key_by_steps
from sectionx.hexgrid import Cell

from .test_puzzlecore import _agree, wide_puzzles
from .test_reference import board, puzzle_of

SHELTER_KINDS = ("key", "key", "hide", "all")


def _bound(sc: Scenario, horizon: int = 3) -> tuple[int, tuple[int, ...]]:
    return CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), horizon).bound()


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(wide_puzzles(SHELTER_KINDS))
def test_core_and_reference_agree_on_key_and_hide_puzzles(sc):
    _agree(sc, 8_000)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(wide_puzzles(SHELTER_KINDS))
def test_the_shelter_bound_never_exceeds_the_answer(sc):
    reference = solve_reference(sc, plan_cap=1000, max_states=8_000)
    assume(reference.status != "unknown")
    turns, fills = _bound(sc, 50)
    if reference.status == "solved":
        assert reference.turns is not None and reference.cost is not None
        assert turns <= reference.turns and fills[reference.turns] <= reference.cost
        # Asked with a cap (the turn search asks an ending about the turns left), the
        # walks look at no way of more tile actions than the cap: still no more than
        # the answer whenever the answer is within the cap.
        for cap in range(reference.turns, reference.turns + 3):
            core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 50)
            capped, capped_fills = core.bound(None, cap)
            assert capped <= reference.turns and capped_fills[reference.turns] <= reference.cost, cap
    else:
        assert turns == INF or reference.status == "impossible"


# ---------------------------------------------------------------- hand-made

#: Red's prisoner on 1,0 (a straight joining the island and 2,0) needs the hideout
#: on 3,0, past blue's door on 2,0 (M4); the hideout lies in blue's tunnel, so red
#: may not move it (D3).  Green areas 4,0 (E) and -1,0 (W).
_BEHIND_THE_DOOR = """\
tiles: {"1,0": T01, "2,0": T02, "3,0": T46@3}
prisoners:
  red: {dead: 7, at: ["1,0"]}
doors: {blue: ["2,0"]%s}
goal: {kind: key, turns: 2}
"""


def _behind_the_door(red_door: bool = False) -> Scenario:
    cells = board("1,0", "2,0", "3,0", "0,1", east="4,0")
    text = _BEHIND_THE_DOOR % (', red: ["0,1"]' if red_door else "")
    if red_door:
        text = text.replace('T46@3}', 'T46@3, "0,1": T41}')
    return puzzle_of(cells, text)


def test_a_door_in_the_way_needs_the_players_own_door_on_the_board_first():
    """Blue's door stays until a tunnel fight sends it home (D4); a fight needs a
    tunnel holding red's door too, and with none on the board red must lay one
    first, which ends its turn's steps (N4): the key is at least 2 turns away,
    though the hideout is 2 steps away.  It is out of reach altogether: no tile
    action can join a red tunnel to blue's."""
    sc = _behind_the_door()
    assert _bound(sc)[0] == 2
    assert solve_puzzle(sc).result.status == "impossible"
    assert solve_reference(sc, max_turns=2).status == "impossible"
    # Refused: with red's door already on the board a fight could come this turn,
    # so the bound says 1 (the walk's 2 steps), and the search proves the rest.
    with_door = _behind_the_door(red_door=True)
    assert _bound(with_door)[0] == 1
    assert solve_puzzle(with_door).result.status == "impossible"
    assert solve_reference(with_door, max_turns=2).status == "impossible"


#: Red's prisoner in the hideout on 1,0 (open W, to the island) is hidden; the one
#: on the dead end 3,0 faces blue's door on 2,0 and cannot walk anywhere.  One
#: tile is left in the stacks.
_COLLAPSE = """\
tiles: {"1,0": T46@3, "2,0": T16, "3,0": T41@3}
prisoners:
  red: {dead: 6, at: ["1,0", "3,0"]}
doors: {blue: ["2,0"]}
%sgoal: {kind: key, turns: 2}
"""


def test_a_collapse_may_settle_a_key_goal():
    """Red must take the last tile (N1); the round ends with the turn (E2) and the
    collapse buries the prisoner on the dead end (E3): red's last prisoner in
    play is hidden, and red receives the key (K1, K5).  The bound takes the
    fewer of the walks' turns and the turns to a collapse: 1."""
    cells = board("1,0", "2,0", "3,0", east="4,0")
    sc = puzzle_of(cells, _COLLAPSE % "stacks: [[T05], [], []]\n")
    assert _bound(sc) == (1, (INF, 0, 0, 0))
    result = solve_puzzle(sc).result
    reference = solve_reference(sc, max_turns=2)
    assert (result.status, result.turns, result.cost, result.plans) == ("solved", 1, 0, 1)
    assert (reference.turns, reference.cost, reference.plans) == (1, 0, 1)
    # Refused: with empty stacks no collapse can come, and the walk past blue's
    # door needs a fight red cannot have: out of reach.
    plain = puzzle_of(cells, _COLLAPSE % "")
    assert _bound(plain)[0] >= 2
    assert solve_puzzle(plain).result.status == solve_reference(plain, max_turns=2).status == "impossible"


def _along_a_line(pos: Any, rng: random.Random, length: int, moves: Callable[[Any], list[Any]]) -> Iterator[None]:
    """Up to ``length`` random moves from ``moves(pos)`` made on ``pos``, handing over
    before each (and stopping where none is left); all unmade at the end."""
    undo = []
    try:
        for _ in range(length):
            yield
            listed = moves(pos)
            if not listed:
                break
            undo.append(pos.make(rng.choice(listed)))
    finally:
        for u in reversed(undo):
            pos.unmake(u)


def _quick_collapse_agrees(sc: Scenario, rng: random.Random, walks: int) -> int:
    """Along random lines of play from the puzzle's start: the key part's figures
    taken from a collapse within one turn alone (``quick``) are the figures with
    the walks worked out too.  How many positions the shortcut answered."""
    from sectionx.games.sectionx.solver.movegen import legal_moves
    from sectionx.games.sectionx.solver.shelter import exposed

    core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 3)
    answered = 0
    for _ in range(walks):
        core._load(core.root())
        pos = core.pos
        for _ in _along_a_line(pos, rng, rng.randrange(0, 14), lambda p: [] if p.ranking else legal_moves(p)):
            costs = core.ride_costs()
            for placed in (False, True):
                quick = core._shelter_part(False, None, costs, placed)
                assert quick == core._shelter_part(False, None, costs, placed, quick=False)
            collapse, gaps = core._collapse(None, costs)
            if exposed(pos, core.me, False) and not pos.key_[core.me] and collapse <= 1 \
                    and not any(gaps[1:]):
                answered += 1
    return answered


def test_a_collapse_within_a_turn_answers_the_key_part_alone():
    """The key part takes the fewer of the walks' turns and the first collapse's
    (E2, E3, K1): when the collapse may come within one turn and needs no tile
    action, it is the answer whatever the walks say, so they are not worked out;
    the figures are those worked out with them.  Allowed on the last tile of the
    stacks; refused (the walks decide) when two tiles remain."""
    cells = board("1,0", "2,0", "3,0", east="4,0")
    last = puzzle_of(cells, _COLLAPSE % "stacks: [[T05], [], []]\n")
    assert _quick_collapse_agrees(last, random.Random(1), 20) > 0
    core = CoreProblem(puzzle.goal_of(last), puzzle.start(last), 3)
    assert core._shelter_part(False, None, core.ride_costs(), False) == (1, (INF, 0, 0, 0))
    # Refused: red's prisoner on a straight one step from a hideout, blue owning the
    # green area past the island (Z2) and two tiles in the stacks: the round ends in
    # turn 2 at the soonest (E2; E1 needs three steps), and the walk takes one.
    near = """\
tiles: {"1,0": T01, "2,0": T46@3}
prisoners:
  red: {dead: 6, at: ["1,0"]}
zones: {W: blue}
stacks: [[T05, T06], [], []]
goal: {kind: key, turns: 3}
"""
    two = puzzle_of(cells, near)
    core = CoreProblem(puzzle.goal_of(two), puzzle.start(two), 3)
    assert core._collapse(None, core.ride_costs()) == (2, (INF, INF, 0, 0))
    assert core._shelter_part(False, None, core.ride_costs(), False) == (1, (INF, 0, 0, 0))
    _quick_collapse_agrees(two, random.Random(2), 20)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(wide_puzzles(("key", "all")), st.randoms(use_true_random=False))
def test_a_collapse_within_a_turn_answers_the_key_part_alone_on_small_puzzles(sc, rnd):
    _quick_collapse_agrees(sc, rnd, 6)


def test_the_island_is_shelter_for_hide_but_not_for_the_key():
    """A prisoner on the straight 1,0 next to the island: one step hides it (Q4),
    but the key needs it in a hideout (K1), and the only one lies past blue's
    door."""
    cells = board("1,0", "2,0", "3,0", east="4,0")
    body = ('tiles: {"1,0": T01, "2,0": T02, "3,0": T46@3}\nprisoners:\n  red: {dead: 7, at: ["1,0"]}\n'
            'doors: {blue: ["2,0"]}\ngoal: {kind: %s, turns: 2}\n')
    hide = puzzle_of(cells, body % "hide")
    assert _bound(hide)[0] == 1
    result = solve_puzzle(hide).result
    assert (result.turns, result.cost, result.plans) == (1, 0, 1)
    assert _bound(puzzle_of(cells, body % "key"))[0] == 2


#: Red's four prisoners stand on straights next to the island (1,0; 0,1; 1,-1;
#: -1,1); blue owns zone E; zone W's green area -2,1 is three steps away; red
#: holds one hideout tile, or two.
_FOUR = """\
board:
  name: tiny
  cells: ["0,0", "1,0", "0,1", "1,-1", "-1,1", "2,0", "0,-1", "3,0", "-2,1"]
  island: ["0,0"]
  green: ["3,0", "-2,1"]
  zones: {E: ["3,0"], W: ["-2,1"]}
tiles: {"1,0": T01, "0,1": T02@1, "1,-1": T03@2, "-1,1": T04@2}
hands: {red: [%s]}
prisoners:
  red: {dead: 4, at: ["1,0", "0,1", "1,-1", "-1,1"]}
zones: {E: blue}
goal: {kind: key, turns: 1}
"""


def test_prisoners_need_room_in_at_most_two_hideouts():
    """K1 wants every prisoner in play in at most two hideouts, each holding two
    (T2), or on a green area; with two players a second arrival would end the
    round (E1), so one at most may go there, and three need hideouts.  Red can
    bring only one hideout: room for two, never enough without a collapse.  The
    walks alone see each prisoner a step or two from shelter (docs/solver.md,
    "Room in the hideouts")."""
    one = puzzle_of("", _FOUR % "T46")
    core = CoreProblem(puzzle.goal_of(one), puzzle.start(one), 2)
    assert core._slots(None, core.ride_costs(), 1)[0] == INF
    assert core.bound()[0] == 2  # a collapse (two on the green area W, E1) is 2 turns away
    assert solve_puzzle(one).result.status == solve_reference(one).status == "impossible"
    # Refused: with two hideout tiles in hand there is room for four, one brought
    # a turn: not within one turn, but within two.
    two = puzzle_of("", _FOUR % "T46, T47")
    core = CoreProblem(puzzle.goal_of(two), puzzle.start(two), 2)
    assert core._slots(None, core.ride_costs(), 1)[0] == 2
    assert solve_puzzle(two).result.status == solve_reference(two).status == "impossible"


#: Red's prisoner on the straight 1,0 and one on the island; the only hideout, on
#: 2,0, opens onto 1,0 and holds two (T2).
_ONE_HIDEOUT = """\
tiles: {"1,0": T01, "2,0": T46@3}
prisoners:
  red: {dead: 6, island: 1, at: ["1,0"]}%s
goal: {kind: key, turns: 1}
"""


def test_the_last_turn_asks_the_prisoners_together_for_room_in_the_hideouts():
    """K1 needs both of red's prisoners in at most two hideouts, and the one
    hideout holds two (T2). With blue's prisoner in it, each of red's alone can
    still step in (one step, or two from the island), so the walks one by one
    cut nothing, but together they cannot both stand there: no step can bring
    the key this turn (no_key_by_steps). Refused without blue's prisoner: both
    fit, and the key comes in one turn."""
    cells = board("1,0", "2,0", east="3,0")
    full = puzzle_of(cells, _ONE_HIDEOUT % '\n  blue: {at: ["2,0"]}')
    core = CoreProblem(puzzle.goal_of(full), puzzle.start(full), 1)
    cut = LastTurnCut(core.pos, core.me, [(False, False)], core._targets(-1), True, list)
    assert not cut._unsheltered(False, (), frozenset(), 5, together=False)
    assert no_key_by_steps(core.pos, core.me, core._targets(-1), 5)
    assert cut._unsheltered(False, (), frozenset(), 5)  # together: the cut falls once the board is as it lies
    assert solve_puzzle(full).result.status == solve_reference(full, max_turns=1).status == "impossible"
    # With a tile action still to come that touches the straight (made wild: any
    # tile, a hideout with room for both), the two may yet stand together.
    assert not no_key_by_steps(core.pos, core.me, core._targets(-1), 5, wild=(core.T.cells.index(Cell(1, 0)),),
                               hideouts=True)
    room = puzzle_of(cells, _ONE_HIDEOUT % "")
    core = CoreProblem(puzzle.goal_of(room), puzzle.start(room), 1)
    assert not no_key_by_steps(core.pos, core.me, core._targets(-1), 5)
    assert not no_key_by_steps(core.pos, core.me, core._targets(-1), 3)  # one step, and two from the island
    assert no_key_by_steps(core.pos, core.me, core._targets(-1), 2)  # but not within two steps in all (M3)
    result, reference = solve_puzzle(room).result, solve_reference(room, max_turns=1)
    assert (result.status, result.turns, result.cost, result.plans) == ("solved", 1, 0, 1)
    assert (reference.turns, reference.cost, reference.plans) == (1, 0, 1)


#: Red's prisoner on the straight 1,0 and one on the island; the one hideout, on 2,0,
#: holds blue's prisoner and has room for one more (T2); 0,1 and 1,-1 lie empty
#: beside the island and the straight.
_ROOM_FOR_ONE = """\
tiles: {"1,0": T01, "2,0": T46@3}
hands: {red: [%s]}
prisoners:
  red: {dead: 6, island: 1, at: ["1,0"]}
  blue: {at: ["2,0"]}
goal: {kind: key, turns: 1}
"""


def test_a_tile_action_makes_a_hideout_only_with_a_hideout_tile():
    """Before a tile action the cells it touches are made wild (any tile, any
    rotation), but a hideout only if a hideout tile lies on one of them after it
    (the tile placed, moved, rotated or swapped there): a tile's hideout is its
    own (issue 29).  Red needs both prisoners in hideouts (K1) and the one on the
    board has room for one: a bend in hand cannot help, so the cut falls before
    its placement (refused, and the puzzle is impossible); a hideout tile laid
    beside the island can (allowed: one turn, a tile action, two plans), as the
    reference solver finds too."""
    cells = board("1,0", "2,0", "0,1", "1,-1", east="3,0")
    for hand, answer in (("T02", ("impossible", None, None)), ("T47", ("solved", 1, 1))):
        sc = puzzle_of(cells, _ROOM_FOR_ONE % hand)
        core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 1)
        cut = LastTurnCut(core.pos, core.me, [(False, False)], core._targets(-1), True, list)
        for c in (Cell(0, 1), Cell(1, -1)):
            i = core.T.cells.index(c)
            assert cut.tile_cut((i,), False, hideout=False)
            assert not cut.tile_cut((i,), False, hideout=True)
        result, reference = solve_puzzle(sc).result, solve_reference(sc, max_turns=1)
        assert (result.status, result.turns, result.cost) == answer
        assert (reference.status, reference.turns, reference.cost) == answer
        assert result.plans == (2 if hand == "T47" else None) and reference.plans == (2 if hand == "T47" else 0)


def _every_cut_agrees(sc: Scenario, rng: random.Random, walks: int) -> Counter[str]:
    """Along random walks of takes and steps in the last turn: where
    ``cuts_every_tile_action`` says the cut falls for every tile action (carrying
    no prisoner of the player) or for every one that lays no hideout tile, the
    cut asked of each such action falls too."""
    from sectionx.games.sectionx.solver.movegen import legal_moves, tile_moves
    from sectionx.games.sectionx.solver.moves import STEP, TAKE
    from sectionx.games.sectionx.solver.turnplan import _lands_hideout, _touched

    seen: Counter[str] = Counter()
    core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 1)
    hideout = tuple(tt.hideout for tt in core.T.tile_types)
    for _ in range(walks):
        core._load(core.root())
        turn = _Turn(core, 1)
        cut = core.last_turn_cut(turn)
        pos = core.pos
        for _ in _along_a_line(pos, rng, rng.randrange(0, 5),
                               lambda p: [m for m in legal_moves(p) if m[0] in (STEP, TAKE)]):
            bare, every = cut.cuts_every_tile_action()
            seen["every" if every else "bare" if bare else "neither"] += 1
            mine = {(s - core.T.spot0) // 3 for s in pos.where[core.me] if s >= core.T.spot0}
            for m in tile_moves(pos, dedup=True):
                kind = m[1][0] if m[0] == KEEP else m[0]
                cells = _touched(pos, m, kind)
                if any(c in mine for c in cells):
                    continue
                lands = _lands_hideout(pos, m, kind, hideout)
                if every or (bare and not lands):
                    assert cut.tile_cut(cells, False, lands), (m, every, bare)
                    seen["checked"] += 1
    return seen


@pytest.mark.parametrize("name", ["unseen-1-138", "unseen-1-035"])
def test_a_cut_of_every_tile_action_at_once_is_the_cut_of_each(name):
    """The last turn asks once, before listing the tile actions, whether the cut
    falls for all of them (every cell near the prisoners wild at once, every other
    player's door open; LastTurnCut.cuts_every_tile_action, docs/solver.md "The
    last turn"); when it says so, it falls for each one asked alone.  Two
    puzzles of the tuning set of issue 29 (key goals: red's prisoners on the
    island and on tiles, hideouts, doors of both players, tiles in hand and
    stacks, the advanced game)."""
    from sectionx.games.sectionx import checking

    sc = checking.check_file(f"tests/core_positions/{name}.yaml").loaded.scenario
    seen = _every_cut_agrees(sc, random.Random(name), 25)
    assert seen["checked"] > 50 and seen["every"] + seen["bare"] > 0 and seen["neither"] >= 0, seen


def _grouped_cut_agrees(sc: Scenario, rng: random.Random, walks: int) -> int:
    """Along random walks of takes and steps in the last turn: the cut before each
    tile action answers the same from the group tests over the cells near the
    prisoners (``LastTurnCut._idle_cut``) as asked alone (``grouped`` False).  How
    many answers came from those tests."""
    from sectionx.games.sectionx.solver.movegen import legal_moves, tile_moves
    from sectionx.games.sectionx.solver.moves import STEP, TAKE
    from sectionx.games.sectionx.solver.turnplan import _lands_hideout, _touched

    core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 1)
    hideout = tuple(tt.hideout for tt in core.T.tile_types)
    grouped_answers = 0
    for _ in range(walks):
        core._load(core.root())
        turn = _Turn(core, 1)
        cut, alone = core.last_turn_cut(turn), core.last_turn_cut(turn)
        alone.grouped = False
        pos = core.pos
        for _ in _along_a_line(pos, rng, rng.randrange(0, 5),
                               lambda p: [m for m in legal_moves(p) if m[0] in (STEP, TAKE)]):
            mine = {(s - core.T.spot0) // 3 for s in pos.where[core.me] if s >= core.T.spot0}
            asked, answered = cut.tile_cutter(), alone.tile_cutter()
            for m in tile_moves(pos, dedup=True):
                kind = m[1][0] if m[0] == KEEP else m[0]
                cells = _touched(pos, m, kind)
                carries = any(c in mine for c in cells)
                lands = _lands_hideout(pos, m, kind, hideout)
                assert asked(cells, carries, lands) == answered(cells, carries, lands), (m, carries, lands)
        grouped_answers += len(cut._idle)
    return grouped_answers


@pytest.mark.parametrize("name", ["unseen-1-138", "unseen-1-035"])
def test_the_cut_before_a_tile_action_answers_from_group_tests_as_asked_alone(name):
    """The cut only grows with fewer wild cells that hold no hideout tile, so the
    cells near the prisoners are sorted once per position by group tests into those
    under which, made wild alone, it stands and the rest (LastTurnCut._idle_cut,
    docs/solver.md "The last turn"); every tile action's cut is then the same as
    asked alone.  The two key puzzles of the tuning set above."""
    from sectionx.games.sectionx import checking

    sc = checking.check_file(f"tests/core_positions/{name}.yaml").loaded.scenario
    assert _grouped_cut_agrees(sc, random.Random(name), 25) > 20


def test_group_tests_answer_only_what_the_cut_they_ask_implies():
    """The group tests (``idle_groups``, ``from_groups``) against made-up cuts that
    only grow with fewer wild cells: one that stands only with two given cells both
    wild (each alone idle, the pair not cut: the pair is left to the cut), and one
    that stands whenever a given cell is wild (that cell useful: every action
    touching it stands).  Every answer they give is the made-up cut's own."""
    from sectionx.games.sectionx.solver.lastturn import from_groups, idle_groups

    cells = tuple(range(3, 15))
    b, c, u = 5, 6, 11
    rules: dict[str, Callable[[tuple[int, ...]], bool]] = {
        "both": lambda wild: not {b, c} <= set(wild), "one": lambda wild: u not in wild}
    for name, falls in rules.items():
        asked: list[tuple[int, ...]] = []

        def ask(wild: tuple[int, ...], falls: Callable[[tuple[int, ...]], bool] = falls,
                asked: list[tuple[int, ...]] = asked) -> bool:
            asked.append(wild)
            return falls(wild)

        useful, idle_falls = idle_groups(cells, ask)
        assert len(asked) < 2 * len(cells)  # fewer questions than one per cell and pair
        for i, x in enumerate(cells):
            for wild in [(x,)] + [(x, y) for y in cells[i + 1:]]:
                got = from_groups(wild, useful, idle_falls)
                assert got is None or got == falls(wild), (name, wild, got)
        if name == "both":
            assert useful == frozenset() and not idle_falls
            assert from_groups((b,), useful, idle_falls) is True and from_groups((c,), useful, idle_falls) is True
            assert from_groups((b, c), useful, idle_falls) is None  # left to the cut, which stands
        else:
            assert useful == {u} and idle_falls
            assert from_groups((u,), useful, idle_falls) is False and from_groups((b, u), useful, idle_falls) is False
            assert from_groups((b, c), useful, idle_falls) is True


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(wide_puzzles(SHELTER_KINDS), st.randoms(use_true_random=False))
def test_the_cut_before_a_tile_action_answers_from_group_tests_as_asked_alone_on_small_puzzles(sc, rnd):
    """The same on generated small key, hide and all puzzles."""
    _grouped_cut_agrees(sc, random.Random(rnd.random()), 3)


#: Red's prisoners on the straight 3,0 (two steps from green E once 4,0 is laid),
#: on the dead ends 0,-4 and 0,4, and in the hideouts 1,-4 and 1,4 beside them; a
#: bend in hand.  Found by the review of the cut of every tile action at once.
_TWO_PAIRS = """\
tiles: {"3,0": T01, "0,-4": T41, "1,-4": T46@3, "0,4": T42, "1,4": T47@3}
hands: {red: [T02]}
prisoners:
  red: {dead: 3, at: ["3,0", "0,-4", "1,-4", "0,4", "1,4"]}
  blue: {island: 8}
goal: {kind: key, turns: 1}
"""


def test_the_cut_of_every_tile_action_leaves_the_prisoners_cells_as_they_lie():
    """K1 comes in one turn: the bend laid on 4,0, the straight's prisoner walks to
    green E and each dead end's steps into the hideout beside it, two hideouts in
    all.  Asked for every tile action at once with the prisoners' own cells made
    wild too, a prisoner stepping into 1,-4 would stand in "the wild cell" while the
    one already there stands in its hideout: one hideout counted as two, three in
    all, and the cut fell for the bend's placement, which touches none of those
    cells (the solver answered "impossible").  The prisoners' cells are left as they
    lie (no action that carries none of them touches them)."""
    sc = puzzle_of(board("3,0", "4,0", "0,-4", "1,-4", "0,4", "1,4", east="5,0"), _TWO_PAIRS)
    _every_cut_agrees(sc, random.Random(1), 10)
    result, reference = solve_puzzle(sc).result, solve_reference(sc, max_turns=1)
    assert (result.status, result.turns, result.cost, result.plans) == ("solved", 1, 1, 1)
    assert (reference.status, reference.turns, reference.cost, reference.plans) == ("solved", 1, 1, 1)


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(wide_puzzles(SHELTER_KINDS), st.randoms(use_true_random=False))
def test_a_cut_of_every_tile_action_at_once_is_the_cut_of_each_on_small_puzzles(sc, rnd):
    """The same on generated small key, hide and all puzzles."""
    _every_cut_agrees(sc, random.Random(rnd.random()), 3)


def test_a_collapse_this_turn_needs_the_last_tile_of_the_stacks():
    """The round ends this turn by E2 only when the tile taken now is the last
    (N1: one a turn): with one tile left in the stacks the last turn's cut allows
    for a collapse; with two, or none (and the last not taken already), it does
    not, and the walks to shelter decide (E1 is out of reach here: one prisoner)."""
    cells = board("1,0", "2,0", "3,0", "0,1", east="4,0")
    for stacks, may in (("[[T05], [], []]", True), ("[[T05, T06], [], []]", False), ("[[T05], [T06], []]", False),
                        ("[[], [], []]", False)):
        sc = puzzle_of(cells, f"stacks: {stacks}\n" + _BEHIND_THE_DOOR % "")
        core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 2)
        assert core._collapse_now(_Turn(core, 1)) is may, stacks
        result, reference = solve_puzzle(sc).result, solve_reference(sc, max_turns=2)
        assert (result.status, result.turns, result.cost) == (reference.status, reference.turns, reference.cost)


def test_the_last_turn_ends_into_a_collapse_only_when_it_may_give_the_key():
    """Red takes the stacks' last tile, so the round ends with the turn (E2).
    With red's prisoners in a hideout (1,0) and on a dead end (3,0) the collapse
    buries the one on the dead end and red receives the key (E3, K1): ending
    the turn is made. With a prisoner of red's on the island as well, no
    collapse can give the key (K1), so the last turn does not end into one
    (CoreProblem.collapse_misses) - and the answer is still the reference's."""
    cells = board("1,0", "2,0", "3,0", east="4,0")
    stacks = "stacks: [[T05], [], []]\n"
    hidden = puzzle_of(cells, _COLLAPSE % stacks)
    core = CoreProblem(puzzle.goal_of(hidden), puzzle.start(hidden), 1)
    assert not core.collapse_misses()
    island = puzzle_of(cells, (_COLLAPSE % stacks).replace("dead: 6,", "dead: 5, island: 1,"))
    core = CoreProblem(puzzle.goal_of(island), puzzle.start(island), 1)
    assert core.collapse_misses()
    for sc in (hidden, island):
        result, reference = solve_puzzle(sc).result, solve_reference(sc, max_turns=2)
        assert (result.status, result.turns, result.cost, result.plans) == (
            reference.status, reference.turns, reference.cost, reference.plans)


def test_a_discovery_this_turn_needs_the_steps_of_its_arrivals_too():
    """With two tiles in the stacks only a discovery (E1: two prisoners on green
    areas in the round, two players) can end the round this turn, at the step of
    its second arrival; the collapse then keeps the island's prisoners, so every
    other prisoner must have left the island, one into a hideout (K1, K3), all
    within the turn's five steps (M3).  Red's prisoners on the island: the green
    area 2,0 is two steps away over the straight on 1,0 (blue owns W, Z2), the
    hideout on 0,1 one step.  Allowed with three (2 + 2 + 1 steps), refused with
    four (2 + 2 + 1 + 1): then the last turn's cut falls although each walk alone
    fits; the solver and the reference agree either way."""
    cells = board("1,0", "0,1", east="2,0")
    for island, may in ((3, True), (4, False)):
        sc = puzzle_of(cells, f"""\
tiles: {{"1,0": T01, "0,1": T46@4}}
prisoners:
  red: {{dead: {8 - island}, island: {island}}}
zones: {{W: blue}}
stacks: [[T05, T06], [], []]
goal: {{kind: key, turns: 1}}
""")
        core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 1)
        turn = _Turn(core, 1)
        cut = core.last_turn_cut(turn)
        assert core._collapse_now(turn) and cut.parts == [(False, True)]
        assert cut._discovery_may_key((), frozenset(), 5, False, 2) is may
        assert cut._may_survive((), frozenset(), 5, False) is may
        result, reference = solve_puzzle(sc).result, solve_reference(sc, max_turns=1)
        assert (result.status, result.turns, result.cost) == (reference.status, reference.turns, reference.cost)
        assert result.status == ("solved" if may else "impossible")
        if may:
            assert result.plans == reference.plans


def test_a_discovery_by_a_ride_is_not_cut():
    """The review's counterexample: red has one prisoner on a green area, so one more
    arrival makes the discovery (E1).  The hideout prisoner on -1,1 rides its tile
    to 1,1 (no nearer the greens, N3), turned to open onto the green area 2,0, and
    steps onto it: the collapse frees both, buries the one on the dead end and keeps
    the one in the hideout on 2,-1, and red gains the key (K1).  A walk from where
    the rider stands now sees no green area within its steps, so the discovery's
    steps are not asked before a tile action that may carry one of red's
    prisoners.  With one tile in the stacks the round ends with the turn (E2)
    and the discovery's steps are not asked at all (the key comes at no cost)."""
    cells = board("2,-1", "1,1", "-1,1", "0,-1", east="2,0")
    for stacks in ("[[T05, T06], [], []]", "[[T05], [], []]"):
        sc = puzzle_of(cells, f"""\
tiles: {{"2,-1": T46@4, "-1,1": T47@2, "0,-1": T41@4}}
prisoners:
  red: {{dead: 4, at: ["2,0", "2,-1", "-1,1", "0,-1"]}}
zones: {{E: red}}
stacks: {stacks}
goal: {{kind: key, turns: 1}}
""")
        result, reference = solve_puzzle(sc).result, solve_reference(sc, max_turns=1)
        got = (result.status, result.turns, result.cost, result.plans)
        assert got == (reference.status, reference.turns, reference.cost, reference.plans), stacks
        assert got == (("solved", 1, 1, 8) if "T06" in stacks else ("solved", 1, 0, 1))


def _cut_as_it_was(cut: LastTurnCut, wild: tuple[int, ...] | None, reach: bool, opened: frozenset[int],
                   hideouts: bool) -> bool:
    """``LastTurnCut.cut`` as it was written before the walks to green areas were asked
    with doors passing first: whether the key may come asked up front, the walks then
    asked once with doors blocking or not by its answer (the simple reference).  The
    hide and key parts, which that change left alone, are asked as the cut asks them
    (``_shelter_fails``)."""
    from sectionx.games.sectionx.solver.position import STEP_BUDGET

    pos, me = cut.pos, cut.me
    if wild is None and not (cut.settled or pos.tile_action or (not pos.advanced and pos.phase >= 3)):
        return False
    left = STEP_BUDGET - pos.nsteps
    doors_block = not pos.key_[me]
    cells = wild or ()
    fails, no_key = cut._shelter_fails(cells, opened, left, reach, hideouts)
    if fails:
        return True
    if reach:
        if doors_block and no_key is None:
            no_key = cut._unsheltered(False, cells, opened, left, reach, hideouts)
        return cut._walks_fail(cells, opened, left, doors_block and bool(no_key))
    return False


@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(wide_puzzles(("free", "free2", "zone", "all")), st.randoms(use_true_random=False))
def test_the_walks_to_green_areas_asked_with_doors_passing_first_cut_as_before(sc, rng):
    """The last turn's walks to green areas are asked with other players' doors passing
    first and blocking next (a door only takes ways away), and whether the key may come
    (which decides if doors block, M4, K1) only when the two answers differ: the cut is
    the one asked the simple way, along random lines of the last turn, for the board as
    it lies and with wild cells and opened doors."""
    from sectionx.games.sectionx.solver.movegen import legal_moves

    core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 1)
    core._load(core.root())
    cut = core.last_turn_cut(_Turn(core, 1))
    pos = core.pos
    n = core.T.ncells
    doors = frozenset(s for p, held in enumerate(pos.doors) if p != core.me for s in held)
    asked = 0
    for _ in _along_a_line(pos, rng, rng.randrange(1, 7),
                           lambda p: [] if p.ranking or p.player != core.me else legal_moves(p, doors=False)):
        for wild in (None, (), tuple(sorted(rng.sample(range(n), min(n, 2))))):
            for reach in (True, False):
                opened = frozenset(rng.sample(sorted(doors), len(doors) // 2)) if doors else frozenset()
                hideouts = rng.random() < 0.5
                assert cut.cut(wild, reach, opened, hideouts) == _cut_as_it_was(cut, wild, reach, opened, hideouts)
                asked += 1
    assert asked > 0


def test_a_door_blocks_the_walk_to_a_green_area_only_when_the_key_cannot_come():
    """Red's prisoner on 1,0 is two steps from green E, past blue's door on 2,0; blue owns
    W (Z2), so no green area and no hideout is in reach for the key (K1): the door blocks
    (M4) and the last turn is cut.  Refused with the key held: its prisoners pass every
    door, so the walk is asked with the door passing and the turn is not cut."""
    cells = board("1,0", "2,0", east="3,0")
    body = """\
tiles: {"1,0": T01, "2,0": T02}
prisoners:
  red: {dead: 7, at: ["1,0"]}
doors: {blue: ["2,0"]}
zones: {W: blue}
%sgoal: {kind: zone, zone: E, turns: 1}
"""
    for keys, cut_falls in (("", True), ("keys: [red]\n", False)):
        sc = puzzle_of(cells, body % keys)
        core = CoreProblem(puzzle.goal_of(sc), puzzle.start(sc), 1)
        core._load(core.root())
        cut = core.last_turn_cut(_Turn(core, 1))
        assert cut.cut((), True) is cut_falls
        assert _cut_as_it_was(cut, (), True, frozenset(), False) is cut_falls
        assert cut.cut((), True, frozenset({core.pos.doors[1][0]})) is False  # a fight may send it home
