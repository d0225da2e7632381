"""Self-play, records and replay: golden playthroughs (as OpenSpiel keeps), determinism,
and the replay/play/simulate commands."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.colours import COLOURS
from sectionx.games.sectionx import formats, play, rules

GOLDEN = Path(__file__).resolve().parent / "golden"
# Each golden record names the command that made it in its header.
GOLDENS = sorted(GOLDEN.glob("play-*.yaml"))
runner = CliRunner()


def made_with(path: Path) -> list[str]:
    line = next(line for line in path.read_text().splitlines() if line.startswith("# Made with: "))
    return line.removeprefix("# Made with: sectionx ").split()


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.name)
def test_golden_record_replays_to_its_result(path):
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 0, result.output
    assert "all legal" in result.output and "game over" in result.output


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.name)
def test_golden_record_is_what_play_writes_today(path, tmp_path):
    """Same seed, same game, byte for byte.  If the rules engine changes on purpose,
    make the record again with the command in its header and look at the difference."""
    out = tmp_path / "again.yaml"
    result = runner.invoke(app, [*made_with(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text() == path.read_text()


def test_record_round_trips_through_the_reader(tmp_path):
    record = formats.load_record(GOLDENS[0])
    assert record.actions and record.result["ranking"]
    out = tmp_path / "again.yaml"
    out.write_text(formats.dumps_record(record.start.scenario, record.actions, result=record.result))
    again = formats.load_record(out)
    assert again.actions == record.actions
    assert again.start.state == record.start.state and again.result == record.result


def _tamper(path: Path, tmp_path: Path, index: int, new: str) -> tuple[Path, int]:
    lines = path.read_text().splitlines()
    action_lines = [i for i, line in enumerate(lines) if re.match(r"^  - ", line)]
    target = action_lines[index]
    lines[target] = f"  - {new}"
    out = tmp_path / "bad.yaml"
    out.write_text("\n".join(lines) + "\n")
    return out, target + 1


def test_replay_stops_at_the_first_illegal_action_with_turn_line_and_reasons(tmp_path):
    bad, line = _tamper(GOLDENS[0], tmp_path, 5, "place T01 0,0@0")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    assert first.startswith(f"{bad}:{line}:5: turn ") and "place T01 0,0@0 is illegal" in first
    assert re.search(r"\((N1|N2|N4|P1)\)$", first)
    # validate says the same
    again = runner.invoke(app, ["validate", str(bad)])
    assert again.exit_code == 1 and f"{bad}:{line}:5:" in again.output


def test_replay_refuses_a_record_whose_claimed_result_is_wrong(tmp_path):
    text = GOLDENS[0].read_text()
    claimed = re.search(r"  turns: (\d+)", text)
    bad = tmp_path / "wrong.yaml"
    bad.write_text(text.replace(claimed.group(0), f"  turns: {int(claimed.group(1)) + 1}", 1))
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1
    assert "the record says turns" in result.output


def test_replay_show_prints_every_turn(tmp_path):
    result = runner.invoke(app, ["replay", "--show", str(GOLDENS[0])])
    assert result.exit_code == 0
    assert "After turn 1\n" in result.output and "After turn 2\n" in result.output


def test_notation_errors_in_a_record_are_located(tmp_path):
    bad, line = _tamper(GOLDENS[0], tmp_path, 3, "jump 1,1")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 1  # INVALID: the record breaks the format
    assert f"{bad}:{line}:5: 'jump 1,1' is not an action" in result.output


def test_play_is_deterministic_and_writes_a_valid_record(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    for out in (a, b):
        assert runner.invoke(app, ["play", "--players", "2", "--seed", "11", "-o", str(out)]).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    assert runner.invoke(app, ["validate", str(a)]).exit_code == 0


def test_play_refuses_unknown_bots():
    result = runner.invoke(app, ["play", "--bots", "clever"])
    assert result.exit_code == 2 and "unknown bot 'clever'" in result.output
    result = runner.invoke(app, ["play", "--players", "3", "--bots", "random,random"])
    assert result.exit_code == 2 and "one per player (3)" in result.output


@pytest.mark.slow  # about 75 s on one core: in CI's second step (pytest -m slow)
def test_greedy_bot_frees_more_than_random():
    """The greedy bot tries to free its prisoners: against random bots it should free more."""
    freed = {"greedy": 0, "random": 0}
    for seed in range(2):
        state = rules.new_game(COLOURS[:2], formats.bundled_board("compact"), formats.bundled_catalogue(), random.Random(seed))
        bots = play.make_bots(["greedy", "random"], state.colours, seed)
        game = play.play_game(state, bots)
        freed["greedy"] += game.final.players[0].freed
        freed["random"] += game.final.players[1].freed
    assert freed["greedy"] > freed["random"], freed


def test_simulate_prints_statistics_text_and_json():
    result = runner.invoke(app, ["simulate", "--games", "2", "--players", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    for word in ["games: 2", "length in turns:", "length in rounds:", "winners by seat: red ", "freed per player:",
                 "dead per player:", "round ends:", "actions:"]:
        assert word in result.stdout, word
    data = json.loads(runner.invoke(app, ["simulate", "--games", "2", "--players", "2", "--format", "json"]).stdout)
    # A tie (equal on every step of E4, E5) is no win by seat: tests/test_simulate.py.
    ended = data["endings"]
    assert data["games"] == 2 and sum(data["winners_by_seat"].values()) + ended["tie"] + ended["unfinished"] == 2


# ---------------------------------------------------------------- random games through the search core


def _new(players: int, variant: str, seed: int):
    board = formats.bundled_board("compact" if players == 2 else "standard")
    return rules.new_game(COLOURS[:players], board, formats.bundled_catalogue(), random.Random(seed),
                          advanced=variant == "advanced")


@pytest.mark.parametrize("players, variant, seed", [(4, "standard", 0), (4, "standard", 1), (2, "standard", 2),
                                                    (3, "standard", 3), (2, "advanced", 4), (4, "advanced", 5)])
def test_random_games_played_through_the_core_replay_through_the_engine(players, variant, seed):
    """The engine stays the judge: every action of a game the core played is legal
    (engine.explain), and engine.apply carries the record to the same end and turn count."""
    start = _new(players, variant, seed)
    game = play.play_game(start, play.make_bots(["random"], start.colours, seed))
    assert game.final.finished and game.result()["ranking"]
    result = play.replay(start, tuple(game.actions))
    assert result.error is None, result.error
    assert result.final == game.final
    assert result.turns == game.turn_count


class _RandomBotThroughStates(play.RandomBot):
    """Draws as the random bot does, but play_game gives it the general loop: a State per
    action from engine.apply, and a fresh core position for every choice."""


@pytest.mark.parametrize("variant, seed", [("standard", 6), ("advanced", 7)])
def test_a_random_game_is_the_same_kept_in_the_core_or_played_state_by_state(variant, seed):
    start = _new(2, variant, seed)
    kept = play.play_game(start, play.make_bots(["random"], start.colours, seed))
    bots = {c: _RandomBotThroughStates(b.rng) for c, b in play.make_bots(["random"], start.colours, seed).items()}
    general = play.play_game(start, bots)
    assert general.actions == kept.actions
    assert general.turns == kept.turns and general.round_ends == kept.round_ends
    assert general.final == kept.final


# ---------------------------------------------------------------- progress while a game is played


@pytest.mark.parametrize("through_states", [False, True], ids=["core", "states"])
def test_on_turn_is_told_each_turn_as_it_ends_and_changes_nothing(through_states):
    start = _new(2, "standard", 6)

    def bots():
        made = play.make_bots(["random"], start.colours, 6)
        return {c: _RandomBotThroughStates(b.rng) for c, b in made.items()} if through_states else made

    told: list[tuple[int, int, int]] = []
    game = play.play_game(start, bots(), on_turn=lambda *figures: told.append(figures))
    assert game.actions == play.play_game(start, bots()).actions
    assert [turns for turns, _, _ in told] == list(range(1, game.turn_count + 1))
    assert told[-1] == (game.turn_count, len(game.actions), game.final.round)
    assert [actions for _, actions, _ in told] == sorted(actions for _, actions, _ in told)


def test_play_shows_progress_on_stderr_and_stdout_is_the_record_alone(monkeypatch):
    """Issue 11: a greedy game runs some 20 s without a sign of life.  The bar goes to
    stderr; stdout, where the record goes without -o, is byte for byte what it was."""
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)
    golden = GOLDEN / "play-2p-seed5.yaml"
    quiet = runner.invoke(app, made_with(golden), catch_exceptions=False)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich's switch: draw as on a terminal
    drawn = runner.invoke(app, made_with(golden), catch_exceptions=False)
    assert quiet.exit_code == drawn.exit_code == 0
    assert drawn.stdout == quiet.stdout == golden.read_text()
    assert quiet.stderr == "play: game over after 1,564 turns, 4 rounds: 1. red, 2. blue; decided by most freed (E5)\n"
    assert "turns" in drawn.stderr and "1564/?" in drawn.stderr and "round 4" in drawn.stderr


# --------------------------------------------------------------------------- the greedy bot, fast (issue 29)


GREEDY_GOLDEN = json.loads((GOLDEN / "greedy-games.json").read_text())


@pytest.mark.parametrize("game", GREEDY_GOLDEN["games"], ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_greedy_bot_plays_the_games_it_played_before_it_was_made_fast(game):
    """Differential against the greedy bot as it was (a whole-board Dijkstra per
    candidate, commit f923704): the same seed gives the same actions, one by one."""
    from itertools import islice
    start = play.new_game_state(game["players"], "standard", game["seed"])
    bots = play.make_bots(["greedy"], start.colours, game["seed"])
    played = [repr(a) for _, _, a, _ in islice(play.step_through(start, bots=bots), len(game["actions"]))]
    assert played == game["actions"]


def _states_along(players: int, seed: int, bot: str, every: int, count: int):
    from itertools import islice
    start = play.new_game_state(players, "standard", seed)
    bots = play.make_bots([bot], start.colours, seed)
    for i, before, _, _ in islice(play.step_through(start, bots=bots), count):
        if i % every == 0:
            yield before


@pytest.mark.parametrize(("players", "seed", "bot", "every", "count"),
                         [(2, 3, "greedy", 7, 200), (4, 11, "random", 60, 1500), (3, 5, "random", 45, 1200)])
def test_ways_out_are_the_whole_board_distances(players, seed, bot, every, count):
    """ways_out walks out from the places asked about, with an early stop; _distances
    is the Dijkstra over the whole board it replaced.  Same numbers at every tile
    feature and the island, for every colour, in positions with doors and keys."""
    from sectionx.games.sectionx.model import Place, PlaceKind, tile_place
    checked = 0
    for state in _states_along(players, seed, bot, every, count):
        places = [Place(PlaceKind.ISLAND)] + [tile_place(cell, f) for cell, placed in state.tiles
                                              for f in range(len(state.catalogue[placed.tile].features))]
        for colour in state.colours:
            whole = play._distances(state, colour)
            assert play.ways_out(state, colour, places) == {p: whole[p] for p in places if p in whole}
            checked += 1
    assert checked > 10


# --------------------------------------------------------------------------- the search bot (issue 29)


def test_play_with_the_search_bot_is_deterministic_and_replays(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    for out in (a, b):
        result = runner.invoke(app, ["play", "--players", "2", "--seed", "4", "--bots", "search,random", "-o", str(out)])
        assert result.exit_code == 0, result.output
    assert a.read_bytes() == b.read_bytes()
    assert "red: search" in a.read_text() and "blue: random" in a.read_text()
    result = runner.invoke(app, ["replay", str(a)])
    assert result.exit_code == 0 and "all legal" in result.output and "game over" in result.output


def test_simulate_with_the_search_bot():
    result = runner.invoke(app, ["simulate", "--games", "1", "--players", "2", "--seed", "6", "--bots", "random,search",
                                 "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 1 and sum(data["winners_by_seat"].values()) + data["endings"]["tie"] == 1


@pytest.mark.parametrize("command", [["play"], ["simulate", "--games", "1"]])
def test_a_bad_bot_name_is_refused_naming_the_search_bot(command):
    result = runner.invoke(app, [*command, "--players", "2", "--bots", "search,clever"])
    assert result.exit_code == 2 and "unknown bot 'clever'; bots are random, greedy, search" in result.output


@pytest.mark.parametrize(("players", "variant", "seed"), [(4, "advanced", 2), (3, "standard", 8)])
def test_the_search_bot_plays_only_legal_actions(players, variant, seed):
    """The search bot plays on the core (make/unmake, moves drawn from its spaces): every
    action it picks is one the referee allows, doors, keeps and the advanced turn (V2)
    included, and a seed gives the same actions again."""
    from itertools import islice

    from sectionx.games.sectionx import engine

    def actions() -> list[object]:
        start = play.new_game_state(players, variant, seed)
        bots = play.make_bots(["search"], start.colours, seed)
        out = []
        for _, before, action, _ in islice(play.step_through(start, bots=bots), 250):
            assert not engine.explain(before, action), action
            out.append(action)
        return out

    first = actions()
    assert len(first) == 250 and first == actions()


def test_the_search_bot_decides_where_its_door_space_names_no_legal_move():
    """Issue 29's bot match (2 players, seed 4, search first) stalled here: after its tile
    action the player may end the turn or try a door action, and the one door candidate
    is not legal, so drawing door numbers until one names a legal move never ended.  The
    bot draws a bounded number of times (sample.draw_once) and plays a legal action."""
    from sectionx.games.sectionx import engine, lookahead
    from sectionx.games.sectionx.solver.core import Position, action_of
    from sectionx.games.sectionx.solver.sample import candidates, draw_once

    state = formats.load(Path(__file__).parent / "core_positions" / "search-bot-stall.yaml").state
    pos = Position.from_state(state)
    listed, spaces = candidates(pos)
    assert spaces and all(space.total > 0 for space in spaces)
    assert all(space.outcome(i) is None for space in spaces for i in range(space.total))
    assert draw_once(random.Random(0), spaces) is None
    import signal

    def stalled(signum: int, frame: object) -> None:
        raise AssertionError("the search bot drew for 30 s without deciding (the stall of seed 4)")

    before = signal.signal(signal.SIGALRM, stalled)  # fail, not hang, if the stall comes back
    signal.alarm(30)
    try:
        for seed in range(5):
            move = lookahead.choose(pos, random.Random(seed))
            assert move in listed
            assert not engine.explain(state, action_of(pos.T, move))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)


@pytest.mark.slow  # about 15 s: the greedy bot's half of the game
def test_the_search_bot_frees_more_than_greedy_in_a_paired_game():
    """Seed 1, seats swapped: the search bot wins both games against the greedy bot
    (a small piece of the measured match in docs/benchmarks.md)."""
    for bots in (["search", "greedy"], ["greedy", "search"]):
        start = play.new_game_state(2, "standard", 1)
        game = play.play_game(start, play.make_bots(bots, start.colours, 1))
        assert game.final.finished
        assert bots[start.colours.index(game.final.ranking[0])] == "search"
