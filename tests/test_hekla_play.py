"""Hekla's ``search`` bot (issue 29): its two plies checked against plain enumeration,
a golden game, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla import lookahead
from sectionx.games.hekla.play import BOTS, play_game
from sectionx.games.hekla.rules import Position, apply, outcomes, start, turns

GOLDEN = Path(__file__).resolve().parent / "golden"
runner = CliRunner()


def _met_in_play(players: int, seed: int, every: int) -> list[Position]:
    """Positions of a game between greedy bots, every ``every``-th turn."""
    bots = [BOTS["greedy"](seed * 4 + i) for i in range(players)]
    pos, out, n = start(players), [], 0
    while not pos.over:
        if n % every == 0:
            out.append(pos)
        pos = apply(pos, bots[pos.to_move](pos))
        n += 1
    return out


def _answer_by_enumeration(after: Position, seat: int) -> int:
    """Every turn of the next player's (every back-step, every order, H3, H5), each
    played by the referee: of those that gain them most, the least value for ``seat``."""
    if after.over:
        return lookahead.value(after.track, seat, True)
    me = after.to_move
    found = [(reply.track[me] - after.track[me], lookahead.value(reply.track, seat, reply.over))
             for action in turns(after) for _, reply in outcomes(after, action)]
    top = max(g for g, _ in found)
    return min(v for g, v in found if g == top)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_answer_is_that_of_every_turn_of_the_next_player_played_out(players):
    """Only the next player's eruptions are played out (a quiet turn moves no one but
    its player, back by its back-step, H3, H6) and only the least back-step of a long
    move: the same value as every turn played by the referee, the H9 end of a quiet
    turn included (checked on positions one quiet turn short of it)."""
    checked = ends = 0
    for pos in _met_in_play(players, 11, 9)[1:6]:
        seat = pos.to_move
        for action in turns(pos, least_back=True)[::7]:
            for _, after in outcomes(pos, action):
                assert lookahead.answer(after, seat) == _answer_by_enumeration(after, seat)
                checked += 1
        late = Position(pos.board, pos.players, pos.fields, pos.supplies, pos.track, pos.lava, pos.to_move,
                        quiet=pos.quiet_limit - 2)
        after = apply(late, turns(late, least_back=True)[0])
        if not after.over and after.quiet + 1 >= after.quiet_limit:
            assert lookahead.answer(after, seat) == _answer_by_enumeration(after, seat)
            ends += 1
    assert checked >= 20 and ends >= 2


def test_the_search_bot_plays_a_turn_whose_answer_leaves_it_best():
    """The bot's turn against every turn it could play (every back-step, H3): none
    leaves it a better value after the next player's answer."""
    for pos in _met_in_play(2, 12, 15)[1:4]:
        seat = pos.to_move
        chosen = BOTS["search"](3)(pos)
        mine = lookahead.answer(apply(pos, chosen), seat)
        assert mine == max(lookahead.answer(a, seat) for t in turns(pos) for _, a in outcomes(pos, t))


def test_the_lead_and_the_value_of_an_end():
    """The lead counts against the mean of the others (times players - 1); an end adds
    the result, which is set against the best other (H8: a shared win counts half)."""
    assert lookahead.lead((10, 4, 7), 0) == 2 * 10 - 11
    assert lookahead.value((10, 4, 7), 0, False) == 9
    assert lookahead.value((10, 4, 7), 0, True) == 9 + lookahead.WON
    assert lookahead.value((7, 4, 7), 0, True) == 3 + lookahead.WON // 2
    assert lookahead.value((6, 4, 7), 0, True) == 1 - lookahead.WON


def test_the_search_bot_plays_the_same_game_for_the_same_seed_golden():
    """Deterministic (its own seeded generator): the turns recorded when it was written."""
    game = play_game(3, ("greedy", "search", "greedy"), 2)
    assert "\n".join(map(str, game.actions)) == (GOLDEN / "hekla-search-3p-seed2.txt").read_text().strip()


def test_the_search_bot_plays_and_simulates_through_the_cli(tmp_path):
    """Issue 29: ``--bots search`` in play (a record replay accepts) and simulate; an
    unknown name is refused in one line that lists it."""
    out = tmp_path / "game.yaml"
    assert runner.invoke(app, ["play", "--game", "hekla", "--players", "4", "--bots", "greedy,greedy,greedy,search",
                               "--seed", "2", "-o", str(out)]).exit_code == 0
    assert "bots: {red: greedy, green: greedy, yellow: greedy, blue: search}" in out.read_text()
    replayed = runner.invoke(app, ["replay", str(out)])
    assert replayed.exit_code == 0 and "all legal" in replayed.output
    data = json.loads(runner.invoke(app, ["simulate", "--game", "hekla", "--games", "1", "--players", "4", "--bots",
                                          "search,greedy,greedy,greedy", "--seed", "1", "--format", "json"]).output)
    assert data["games"] == 1 and sum(data["winners_by_seat"].values()) >= 1
    refused = runner.invoke(app, ["play", "--game", "hekla", "--bots", "clever"])
    assert refused.exit_code == 2 and "each of random, greedy, search" in refused.output
