"""``sectionx simulate``'s statistics (sectionx.games.sectionx.play.Stats): the figures a player
studying the game's balance reads, checked on games made up to show each case."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.colours import COLOURS
from sectionx.games.sectionx import engine, formats, play, rules
from sectionx.games.sectionx.model import DEAD, FREED, ISLAND, FeatureKind, Placed, PlayerState, State, tile_place

runner = CliRunner()


def summary(turns: int, *, winner: int = 1, freed: tuple[int, ...] = (1, 0),
            decided_by: str = "most freed (E5)") -> play.GameSummary:
    return play.GameSummary(turns=turns, rounds=2, winner_seat=winner, freed=freed, dead=(0,) * len(freed),
                            round_ends=("too few prisoners (E5)",), verbs=(("take", 1),), decided_by=decided_by)


def stats_of(*games: play.GameSummary) -> dict[str, Any]:
    stats = play.Stats()
    for g in games:
        stats.add(g)
    return stats.as_dict()


def test_the_median_of_an_even_count_is_the_mean_of_the_middle_two():
    """Issue 11: the median of [1180, 1406] printed as 1406."""
    assert stats_of(summary(1406), summary(1180))["length"]["turns"] == {"mean": 1293, "min": 1180, "median": 1293,
                                                                          "max": 1406}
    assert stats_of(summary(1), summary(2))["length"]["turns"]["median"] == 1.5
    assert stats_of(summary(5), summary(1), summary(3))["length"]["turns"]["median"] == 3


# ------------------------------------------------------------------ who won, and by what (E4, E5)


def finished(*players: tuple[int, int, int]) -> State:
    """A two- to four-player game over, each player given as (freed, hidden, dead) and the
    rest on the island; ranked as the engine ranks (E4, E5)."""
    start = rules.new_game(COLOURS[:len(players)], formats.bundled_board("standard"), formats.bundled_catalogue(),
                           random.Random(0))
    tile = next(t for t in start.catalogue.ids
                if any(f.kind is FeatureKind.HIDEOUT for f in start.catalogue[t].features))
    hideout = next(i for i, f in enumerate(start.catalogue[tile].features) if f.kind is FeatureKind.HIDEOUT)
    cell = min(c for c in start.board.cells if c not in start.board.island and c not in start.board.green)
    state = start.replace(tiles=((cell, Placed(tile, 0)),), players=tuple(
        PlayerState(p.colour, tuple(sorted((FREED,) * freed + (tile_place(cell, hideout),) * hidden + (DEAD,) * dead
                                           + (ISLAND,) * (8 - freed - hidden - dead))))
        for p, (freed, hidden, dead) in zip(start.players, players, strict=True)))
    return state.replace(ranking=engine.ranking(state))


@pytest.mark.parametrize(("players", "seat", "step"), [
    (((5, 0, 3), (4, 0, 0)), 1, "target (E4)"),
    (((1, 0, 7), (2, 0, 6)), 2, "most freed (E5)"),
    # Nobody freed anyone (issue 11): ranked on hideouts, then on survivors.
    (((0, 1, 7), (0, 0, 2)), 1, "freed + hidden (E5)"),
    (((0, 0, 7), (0, 0, 6), (0, 0, 8)), 2, "most alive (E5)"),
    # Equal on every step: no rule decides; the engine lists them in seat order.
    (((1, 0, 7), (2, 0, 6), (2, 0, 6)), 2, None),
])
def test_the_winner_and_the_step_of_the_ranking_that_made_them(players, seat, step):
    state = finished(*players)
    assert state.colours.index(state.ranking[0]) + 1 == seat
    assert engine.deciding_step(state) == step


def test_a_tie_is_counted_as_a_tie_not_as_a_win_for_the_first_seat():
    """Players equal on every step of E4/E5 are listed in seat order; counting that as a
    win would give seat 1 wins the rules never gave (issue 11's seat-bias question)."""
    data = stats_of(summary(100, winner=1, freed=(0, 0), decided_by=play.TIE),
                    summary(100, winner=2, freed=(0, 0), decided_by="most alive (E5)"),
                    summary(100, winner=2, freed=(1, 3), decided_by="most freed (E5)"),
                    play.GameSummary(turns=9, rounds=1, winner_seat=None, freed=(0, 0), dead=(0, 0), round_ends=(),
                                     verbs=()))
    assert data["winners_by_seat"] == {"1": 0, "2": 2}  # seats by number when their colours are not given
    assert data["endings"] == {"target (E4)": 0, "most freed (E5)": 1, "freed + hidden (E5)": 0,
                               "most alive (E5)": 1, "tie": 1, "unfinished": 1}
    assert data["game_figures"]["games_with_none_freed"] == 2  # finished games only: the unfinished one is not counted


def test_simulate_says_what_decided_each_game_and_counts_games_by_it():
    args = ["simulate", "--games", "3", "--players", "2", "--seed", "1000"]
    text = runner.invoke(app, args, catch_exceptions=False)
    assert text.exit_code == 0, text.output
    assert "\nhow games ended: target (E4) " in text.stdout and "\n  games with none freed: " in text.stdout
    assert "note: the winner is the first of the final ranking (E4, E5)" in text.stdout
    data = json.loads(runner.invoke(app, [*args, "--format", "json"], catch_exceptions=False).stdout)
    assert list(data["endings"]) == [*engine.RANKING_STEPS, play.TIE, "unfinished"]
    assert sum(data["endings"].values()) == 3
    assert sum(data["winners_by_seat"].values()) + data["endings"]["tie"] + data["endings"]["unfinished"] == 3


# ------------------------------------------------------------------ the same figures for every game (issue 26)


@pytest.mark.parametrize(("game", "title", "more"), [
    ("sectionx", "Section X", ["--players", "2"]),
    ("breakout", "Breakout", []),
    ("hekla", "Hekla", []),
])
def test_every_game_prints_the_same_sections_in_the_same_order(game, title, more):
    """Issue 26: each game printed its statistics in its own form and order.  Text:
    games, length, winners by seat, how games ended, the game's own figures, a note;
    JSON: the same top-level keys for every game, the game's own under one key."""
    args = ["simulate", "--game", game, "--games", "2", *more]
    text = runner.invoke(app, args, catch_exceptions=False)
    assert text.exit_code == 0, text.output
    heads = [line.split(":")[0] for line in text.stdout.splitlines() if not line.startswith("  ")]
    length = [h for h in heads if h.startswith("length in ")]
    assert heads == ["games", *length, "winners by seat", "how games ended", f"{title}'s own figures", "note"]
    assert length[0] == "length in turns"
    data = json.loads(runner.invoke(app, [*args, "--format", "json"], catch_exceptions=False).stdout)
    assert list(data) == ["game", "games", "length", "winners_by_seat", "endings", "game_figures", "note"]
    assert data["game"] == game and data["games"] == 2 and next(iter(data["length"])) == "turns"
    assert set(data["length"]["turns"]) == {"mean", "median", "min", "max"}
    # Every game counts each game once among its endings.
    assert sum(data["endings"].values()) == 2
