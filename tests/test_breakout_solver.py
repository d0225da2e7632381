"""Breakout's solver (issue 13, BQ1): its answers agree with plain minimax on small
walls, its lines replay through the referee, and the mirror gives the same answer."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from sectionx.games.breakout.play import random_position
from sectionx.games.breakout.rules import LONG_TURNS, PASS, Player, Position, Wall, apply, forced_pass, legal_actions, start
from sectionx.games.breakout.solver import reference, rows_missing, solve


def _positions(wall: Wall, count: int, seed: int) -> list[Position]:
    """Positions met in random play on ``wall``, still in the first break-out."""
    rng = random.Random(seed)
    return [random_position(rng, wall, 1, 12) for _ in range(count)]


def _least(pos: Position, most: int, solo: bool) -> int | None:
    return next((k for k in range(1, most + 1) if reference(pos, k, solo=solo)), None)


@pytest.mark.parametrize("solo", [False, True])
@pytest.mark.parametrize("seed", range(4))
def test_solver_agrees_with_plain_minimax_on_small_walls(seed, solo):
    found = []
    for pos in _positions(Wall(3, 3), 6, seed):
        answer = solve(pos, 3, solo=solo)
        assert answer.complete
        assert answer.turns == _least(pos, 3, solo), pos
        found.append(answer.turns)
    assert any(t is not None for t in found) or not solo  # the solo puzzles have answers to compare


@pytest.mark.parametrize("solo", [False, True])
@pytest.mark.parametrize("before", [1, 2, 3, 4, 6, 9])
def test_solver_agrees_with_minimax_where_b9_ends_the_break_out_within_the_search(before, solo):
    """Near the B9 limit the turn count decides: the draw it starts must cut escapes
    the search would otherwise find, and the table must not mix positions that differ
    only in it (seen with the count as LONG_TURNS - before)."""
    agreed = 0
    for pos in _positions(Wall(3, 3), 8, 100 + before):
        if pos.stalemate is not None:
            continue
        near = replace(pos, turns=LONG_TURNS - before)
        answer = solve(near, 4, solo=solo)
        assert answer.complete and answer.turns == _least(near, 4, solo), (before, near)
        agreed += 1
    assert agreed >= 4


@pytest.mark.parametrize("solo", [False, True])
def test_with_a_short_b9_limit_the_draw_falls_inside_the_search_and_both_agree(monkeypatch, solo):
    """B9's real limit (100 turns, then 10) lies beyond what minimax can reach, so
    shrink it: 4 turns, then a count of 2.  Draws now fall inside a search of 4
    turns, and the solver (table keyed with the turn count only where B9 can act)
    must agree with plain minimax, which keys nothing."""
    from sectionx.games.breakout import rules, solver

    monkeypatch.setattr(rules, "LONG_TURNS", 4)
    monkeypatch.setattr(rules, "STALEMATE_TURNS", 2)
    monkeypatch.setattr(solver, "LONG_TURNS", 4)
    changed = 0
    for pos in _positions(Wall(3, 3), 24, 200):
        if pos.stalemate is not None:
            continue
        answers = set()
        for turns in (0, 1, 2, 3):
            start_pos = replace(pos, turns=turns)
            answer = solve(start_pos, 4, solo=solo)
            assert answer.complete and answer.turns == _least(start_pos, 4, solo), (turns, start_pos)
            answers.add(answer.turns)
        changed += len(answers) > 1
    assert changed  # the turn count decided some answers: the draw fell inside the search


def _mirror(pos: Position) -> Position:
    barred = replace(pos.barred, side=pos.barred.side.other) if pos.barred else None
    return replace(pos, rows=tuple(tuple(reversed(r)) for r in pos.rows), barred=barred)


def test_a_mirrored_position_has_the_same_answer():
    for pos in _positions(Wall(4, 4), 6, 11):
        assert solve(pos, 3).turns == solve(_mirror(pos), 3).turns == _least(_mirror(pos), 3, False)


def test_the_main_line_replays_to_an_escape_of_the_solvers_side():
    for pos in _positions(Wall(3, 3), 12, 5):
        for solo in (False, True):
            answer = solve(pos, 3, solo=solo)
            if answer.turns is None:
                continue
            me, here = pos.to_move, pos
            mine = 0
            for i, action in enumerate(answer.line):
                if i % 2 == 0:
                    assert here.to_move is me
                    mine += 1
                here = forced_pass(here) if solo and i % 2 == 1 else apply(here, action)
            assert here.escapes(me) == pos.escapes(me) + 1
            assert mine == answer.turns  # the opponent defends as long as it can
            assert answer.first and answer.line[0] in answer.first


def test_the_single_player_puzzle_on_the_empty_wall_needs_a_knot_in_every_row():
    answer = solve(start(), 6, solo=True)
    assert answer.turns == 5 and answer.proved_none_below == 4
    assert set(map(str, answer.first)) == {f"{s}{r}" for s in "LR" for r in range(1, 6)}


def test_from_the_empty_wall_no_escape_is_forced_within_five_turns():
    answer = solve(start(), 5)
    assert answer.complete and answer.turns is None and answer.proved_none_below == 5


def test_the_lower_bound_counts_rows_without_a_knot():
    pos = apply(apply(start(), legal_actions(start())[0]), legal_actions(start())[0])
    assert rows_missing(pos, Player.YELLOW) == 4 and rows_missing(start(), Player.BLUE) == 5


def test_a_node_limit_makes_the_answer_incomplete_not_wrong():
    answer = solve(start(), 7, node_limit=50)
    assert not answer.complete and answer.turns is None and answer.proved_none_below < 7


def test_a_time_limit_makes_the_answer_incomplete_not_wrong():
    answer = solve(start(), 9, seconds=0.05)
    assert not answer.complete and answer.turns is None and answer.proved_none_below < 9


def test_a_pass_is_a_turn_when_the_solvers_side_has_no_knot():
    pos = replace(start(Wall(3, 3)), hands=(0, 13))
    assert legal_actions(pos) == [PASS]
    assert solve(pos, 2).turns is None  # one pass, then blue's pushes: no yellow rope in 2


def test_the_core_plays_every_push_as_the_referee_does():
    # The solver's bit-mask positions (core.py) against the referee (rules.apply): every
    # legal push and pass of positions met in random play on walls of several sizes,
    # with B4's bar, B7's count and B9's long break-out, gives the same next position
    # (wall, whose push, bar, count, turns) and the same outcome (who escaped, a draw).
    import random as _random

    from sectionx.games.breakout.core import DRAW, GOES_ON, Core, code
    from sectionx.games.breakout.rules import LONG_TURNS, PLAYERS, Wall, apply, forced_pass, legal_actions, start
    rng = _random.Random(26)
    checked = 0
    for size in ((5, 5), (3, 3), (4, 6), (6, 4), (2, 5)):
        wall = Wall(*size)
        core = Core(wall)
        for game in range(12):
            pos = start(wall)
            if game % 3 == 2:
                pos = replace(pos, turns=LONG_TURNS - 6)  # B9 within reach
            for _ in range(60):
                if pos.over:
                    break
                s = core.state(pos)
                assert core.pushes(s) == [code(a) for a in legal_actions(pos)]
                for a in legal_actions(pos) + ([PASS] if pos.hand(pos.to_move) else []):
                    after = apply(pos, a) if a in legal_actions(pos) else forced_pass(pos)
                    nxt, result = core.play(s, code(a))
                    escaped = [p for p in PLAYERS if after.escapes(p) > pos.escapes(p)]
                    if escaped:
                        assert result == PLAYERS.index(escaped[0])
                    elif after.result == "draw":
                        assert result == DRAW
                    else:
                        assert result == GOES_ON and nxt == core.state(after)
                    checked += 1
                pos = apply(pos, rng.choice(legal_actions(pos)))
                if pos.breakout != 1:
                    break
    assert checked > 5000


def test_the_core_mirror_is_the_walls_mirror():
    from sectionx.games.breakout.core import Core, code
    from sectionx.games.breakout.rules import Action, Side
    rng = random.Random(3)
    for size in ((5, 5), (3, 4), (2, 13)):
        core = Core(Wall(*size))
        for _ in range(50):
            rows = tuple(tuple(rng.choice((None, Player.YELLOW, Player.BLUE)) for _ in range(size[1]))
                         for _ in range(size[0]))
            pos = replace(start(Wall(*size)), rows=rows)
            mirrored = replace(pos, rows=tuple(tuple(reversed(r)) for r in rows))
            s, m = core.state(pos), core.state(mirrored)
            assert (core.mirror(s[0]), core.mirror(s[1])) == (m[0], m[1])
            assert core.mirror_push(code(Action(1, Side.LEFT))) == code(Action(1, Side.RIGHT))


# ------------------------------------------------------------------ issue 29 part 6: the faster search


def _random_state(rng: random.Random, wall: Wall):
    from sectionx.games.breakout.rules import PLAYERS

    rows = tuple(tuple(rng.choice((None, Player.YELLOW, Player.BLUE)) for _ in range(wall.fields))
                 for _ in range(wall.rows))
    counts = [sum(f is p for row in rows for f in row) for p in PLAYERS]
    if max(counts) > 13:  # not a wall a game reaches (B1: 13 knots each)
        return _random_state(rng, wall)
    return replace(start(wall), rows=rows, hands=(13 - counts[0], 13 - counts[1]), to_move=rng.choice(PLAYERS))


@pytest.mark.parametrize("size", [(5, 5), (3, 3), (4, 6), (6, 4), (2, 5), (1, 3)])
def test_the_cores_folds_and_answers_agree_with_plain_counts(size):
    """core.missing against rows_missing, rope (folded, kept) against the referee's
    ropes, and neutral_answer against trying every legal answer through the referee:
    whether one leaves the other player's knots where they were."""
    from sectionx.games.breakout.core import Core, code
    from sectionx.games.breakout.rules import PLAYERS, pushed, ropes

    rng = random.Random(sum(size))
    wall = Wall(*size)
    core = Core(wall)
    for _ in range(300):
        pos = _random_state(rng, wall)
        if rng.random() < 0.3:
            pos = replace(pos, barred=rng.choice(legal_actions(pos) or [PASS]) if pos.hand(pos.to_move) else None)
            if pos.barred is not None and pos.barred.is_pass:
                pos = replace(pos, barred=None)
        s = core.state(pos)
        for p, player in enumerate(PLAYERS):
            assert core.missing(s[p]) == rows_missing(pos, player) == core.rows_missing(s, p)
            assert core.rope(s[p]) == bool(ropes(pos, player))
        other = pos.to_move.other
        legal = legal_actions(pos)
        empty_end = any(a.is_pass or pos.at(a.row, 1 if a.side.value == "L" else wall.fields) is None for a in legal)
        assert core.neutral_answer(s) == empty_end, pos
        if empty_end:  # and such an answer leaves every knot of the other's where it was (B2)
            assert any(a.is_pass or [f is other for f in pushed(pos.rows[a.row - 1], a.side, pos.to_move)[0]]
                       == [f is other for f in pos.rows[a.row - 1]] for a in legal)
        assert core.pushes_into_missing(s, 0) == [c for c in core.pushes(s) if c < 0 or not s[0] & core.rows[c >> 1]]
        assert [code(a) for a in legal_actions(pos)] == core.pushes(s)


@pytest.mark.parametrize("solo", [False, True])
def test_the_last_turns_cut_never_drops_a_winning_push(solo):
    """S's last turn: every push _last_pushes leaves out fails when played through
    the referee (no rope of S's, and some answer that gives S none), on positions
    from random play on 3 x 3, 4 x 4 and 5 x 5 walls."""
    from sectionx.games.breakout.core import Core, code
    from sectionx.games.breakout.solver import Search

    checked = 0
    for wall in (Wall(3, 3), Wall(4, 4), Wall(5, 5)):
        core = Core(wall)
        for pos in _positions(wall, 40, 29) + [random_position(random.Random(i), wall, 10, 30) for i in range(40)]:
            if pos.over or pos.hand(pos.to_move) == 0:
                continue
            search = Search(pos.to_move, solo, 10**6)
            search.core = core
            s = core.state(pos)
            kept = search._last_pushes(core, s, core.pushes(s))
            for a in legal_actions(pos):
                if code(a) in kept:
                    continue
                checked += 1
                assert reference_after(pos, a, solo) is False, (pos, a)
    assert checked > 100


def reference_after(pos: Position, a, solo: bool) -> bool:
    """Plain: S plays ``a`` in its last turn; does S escape whatever the answer?"""
    from sectionx.games.breakout.solver import outcome

    me = pos.to_move
    nxt = apply(pos, a)
    done = outcome(pos, nxt, me)
    if done is not None:
        return done
    for b in [PASS] if solo else legal_actions(nxt):
        after = forced_pass(nxt) if solo else apply(nxt, b)
        if outcome(nxt, after, me) is not True:
            return False
    return True


def test_the_faster_search_expands_the_same_positions_as_before():
    """Issue 29's faster search (row tables, kept ropes, the last turn's cut) expands
    exactly the positions the search did before it, so the generator's node limits
    decide as they did: counts measured before the change, pinned."""
    from sectionx.games.breakout import generator

    pinned = {(2, 5): 4423, (7, 6): 7851, (9, 6): 13050, (500018, 6): 1126, (500023, 6): 170}
    for (seed, n), nodes in pinned.items():
        built = generator.build(generator.Params("expert", "defends"), seed)
        assert built is not None
        assert solve(built[0], n, node_limit=10**7).nodes == nodes, seed
