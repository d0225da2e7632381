"""Breakout's bots and self-play statistics (issue 13)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sectionx.games.breakout import lookahead
from sectionx.games.breakout.core import Core
from sectionx.games.breakout.play import BOTS, MAX_TURNS, play_game, random_position, simulate
from sectionx.games.breakout.rules import (
    LONG_TURNS,
    STALEMATE_TURNS,
    Action,
    Player,
    Position,
    Wall,
    apply,
    legal_actions,
    parse_action,
    start,
)
from sectionx.games.breakout.solver import solve

GOLDEN = Path(__file__).resolve().parent / "golden"


def test_random_games_all_end_and_the_figures_add_up():
    stats = simulate(15, ("random", "random"), 0)
    d = stats.as_dict()
    ended = d["endings"]
    assert d["games"] == 15 and ended["unfinished"] == 0
    assert d["winners_by_seat"]["yellow"] + d["winners_by_seat"]["blue"] == ended["three escapes (B8)"]
    assert ended["three escapes (B8)"] + ended["draw: full wall (B7)"] + ended["draw: 100 turns (B9)"] == 15
    assert d["length"]["turns"]["min"] <= d["length"]["turns"]["median"] <= d["length"]["turns"]["max"]


def test_the_same_seed_gives_the_same_game():
    assert play_game(("winner", "random"), 4) == play_game(("winner", "random"), 4)


@pytest.mark.parametrize("seat", [0, 1])
def test_the_winner_bot_beats_the_random_bot_from_either_seat(seat):
    names = ("winner", "random") if seat == 0 else ("random", "winner")
    stats = simulate(6, names, 10)
    assert stats.wins[(Player.YELLOW if seat == 0 else Player.BLUE).value] == 6


def test_the_winner_bot_takes_an_escape_in_one():
    pos = start()
    for text in ("L1", "R5", "L2", "R5", "L3", "R5", "L4", "R4"):
        pos = apply(pos, parse_action(text))
    assert pos.to_move is Player.YELLOW
    choice = BOTS["winner"](0)(pos)
    assert apply(pos, choice).escapes(Player.YELLOW) == 1
    assert choice in legal_actions(pos)


def test_an_unknown_bot_is_refused():
    with pytest.raises(ValueError, match="no Breakout bot 'clever'"):
        simulate(1, ("clever", "random"))


def test_two_winner_bots_always_finish_now_that_b9_ends_a_long_break_out():
    """Before B9, two winner bots pushed one full row for ever (9 games in 10 stopped at
    MAX_TURNS).  B9 starts B7's count on a break-out's 100th turn."""
    games = [play_game(("winner", "winner"), seed) for seed in range(4)]
    assert all(g.finished and g.turns < MAX_TURNS for g in games)
    assert any(g.drawn_by == "B9" for g in games)
    for g in games:
        pos = start()
        for a in g.actions:
            pos = apply(pos, a)
        assert pos.over and (pos.result == "draw") == (g.winner is None)
        if g.drawn_by == "B9":  # the last break-out: 100 turns, then B7's 5 rounds
            assert pos.turns == LONG_TURNS + STALEMATE_TURNS and not pos.full


# ------------------------------------------------------------------ the search bot (issue 29)

def _position_after(texts: str):
    pos = start()
    for text in texts.split():
        pos = apply(pos, parse_action(text))
    return pos


def test_the_search_bot_takes_an_escape_in_one():
    pos = _position_after("L1 R5 L2 R5 L3 R5 L4 R4")
    choice = BOTS["search"](0)(pos)
    assert choice in legal_actions(pos) and apply(pos, choice).escapes(Player.YELLOW) == 1


def _met_in_play(low: int, high: int, count: int, seed: int):
    rng = random.Random(seed)
    return [random_position(rng, Wall(), low, high) for _ in range(count)]


def test_the_search_bot_plays_a_forced_escape_the_solver_proves():
    """Step 2: where the solver proves an escape within 3 turns against every defence
    (BQ1, B6), the bot's push is one of the proved first pushes."""
    proved = 0
    for pos in _met_in_play(8, 30, 150, 7):
        answer = solve(pos, lookahead.PROOF_TURNS, node_limit=lookahead.PROOF_NODES)
        if answer.turns is None or len(legal_actions(pos)) == 1:
            continue
        proved += answer.turns > 1
        assert BOTS["search"](1)(pos) in answer.first
    assert proved >= 3  # the test meets escapes that need more than one turn


def _hands_over(pos: Position, a: Action) -> bool:
    """Whether, after ``a``, the other player escapes (on ``a`` itself, B6, or at once after it)."""
    me = pos.to_move
    nxt = apply(pos, a)
    if nxt.over or nxt.breakout != pos.breakout:
        return nxt.escapes(me) == pos.escapes(me)
    return any(apply(nxt, b).escapes(me.other) > nxt.escapes(me.other) for b in legal_actions(nxt))


def test_the_search_bot_never_hands_the_other_an_escape_it_could_refuse():
    """Step 3: a push after which the other escapes at once (B6) is played only when
    every push does that (and none of its own escapes is proved)."""
    met = 0
    for pos in _met_in_play(10, 40, 40, 8):
        bad = [a for a in legal_actions(pos) if _hands_over(pos, a)]
        if not bad or len(bad) == len(legal_actions(pos)):
            continue
        met += 1
        assert BOTS["search"](2)(pos) not in bad
    assert met >= 5


def test_the_core_state_the_bot_asks_the_solver_about_is_the_position_it_came_from():
    """lookahead._position builds the referee's position from a core state (for the
    step-3 proofs): it must give the same state back (wall, mover, bar, counts)."""
    for pos in _met_in_play(0, 60, 30, 9):
        core = Core(pos.wall)
        s = core.state(pos)
        back = lookahead._position(core, s)
        assert core.state(back) == s and back.hands == pos.hands and legal_actions(back) == legal_actions(pos)


def test_the_search_bot_plays_the_same_game_for_the_same_seed_golden():
    """Deterministic (its own seeded generator): the same seed, the same pushes, and
    the pushes recorded when the bot was written (tests/golden)."""
    game = play_game(("search", "random"), 1)
    assert " ".join(map(str, game.actions)) == (GOLDEN / "breakout-search-seed1.txt").read_text().strip()


@pytest.mark.slow
def test_two_search_bots_seldom_draw_and_the_search_bot_beats_the_winner_bot():
    """Issue 29: two winner bots drew 17 of 20; the search bot wins when it can."""
    selfplay = [play_game(("search", "search"), seed) for seed in range(200, 206)]
    assert sum(g.winner is None for g in selfplay) <= 2
    match = [play_game(names, seed) for seed in range(300, 303) for names in (("search", "winner"), ("winner", "search"))]
    won = sum(g.winner is (Player.YELLOW if i % 2 == 0 else Player.BLUE) for i, g in enumerate(match))
    assert won >= 4
