"""Breakout's bots and self-play statistics (issue 13)."""

from __future__ import annotations

import pytest

from sectionx.games.breakout.play import BOTS, MAX_TURNS, play_game, simulate
from sectionx.games.breakout.rules import LONG_TURNS, STALEMATE_TURNS, Player, apply, legal_actions, parse_action, start


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
