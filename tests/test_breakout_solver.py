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
