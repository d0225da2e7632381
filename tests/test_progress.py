"""sectionx.progress: the bar's text on a terminal, a plain line every few seconds where
stderr is not one, on stderr only, and nothing for a quick run."""

from __future__ import annotations

import importlib
import io
import re
import time

import pytest
from typer.testing import CliRunner

from sectionx import progress
from sectionx.cli import app
from sectionx.progress import note, progress_bar, running


@pytest.fixture(autouse=True)
def no_terminal_overrides(monkeypatch):
    # rich honours these; a CI that sets one must not change what the tests see.
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)


@pytest.fixture
def fast(monkeypatch):
    """Plain lines on (tests/conftest.py turns them off), after 0.2 s and every 0.2 s."""
    monkeypatch.delenv(progress.QUIET_VARIABLE, raising=False)
    monkeypatch.setattr(progress, "FIRST_AFTER", 0.2)
    monkeypatch.setattr(progress, "EVERY", 0.2)


def test_the_bar_shows_done_of_total_the_counters_and_the_rate(capsys):
    stream = io.StringIO()
    with progress_bar("generate", total=60, fields=("found", "tried"), stream=stream, force=True) as bar:
        bar.update(advance=1, found=1, tried=40)
        time.sleep(0.05)
        bar.update(advance=2, found=3, tried=1234)
    # Not a terminal: one line, drawn when the block ends.
    line = stream.getvalue()
    assert line.startswith("generate ") and line.count("\n") == 1
    assert " 3/60 " in line and "found 3 · tried 1,234" in line
    assert re.search(r" [\d,.]+/min ", line), line
    assert (bar.done, bar.counters) == (3, {"found": 3, "tried": 1234})
    assert capsys.readouterr().out == ""  # never stdout: that is for the data


def test_the_bar_is_not_drawn_off_a_terminal_unless_forced_or_told_by_the_environment(monkeypatch):
    stream = io.StringIO()
    with progress_bar("games", total=4, stream=stream) as bar:
        bar.update(advance=4)
    assert stream.getvalue() == "" and bar.done == 4  # and a quick run writes no plain line either
    monkeypatch.setenv("TTY_COMPATIBLE", "1")  # rich's documented switch
    with progress_bar("games", total=4, stream=stream) as bar:
        bar.update(advance=4)
    assert "4/4" in stream.getvalue()


def test_a_counter_not_named_is_an_error_even_when_silent():
    with (progress_bar("games", total=4, fields=("found",), stream=io.StringIO()) as bar,
          pytest.raises(TypeError, match="no counter fond; it has found")):
        bar.update(fond=1)


def test_simulate_draws_its_bar_on_stderr_and_keeps_stdout_for_the_figures(monkeypatch):
    args = ["simulate", "--games", "2", "--players", "4", "--format", "json"]
    quiet = CliRunner().invoke(app, args, catch_exceptions=False)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    drawn = CliRunner().invoke(app, args, catch_exceptions=False)
    assert drawn.stdout == quiet.stdout
    assert quiet.stderr == "" and "games" in drawn.stderr and "2/2" in drawn.stderr


# ------------------------------------------------------------------ plain lines where stderr is no terminal (issue 26)


def test_off_a_terminal_a_long_run_writes_a_plain_line_every_few_seconds(fast):
    stream = io.StringIO()
    with running("generate", stream=stream), \
            progress_bar("generate", total=60, fields=("found", "tried"), stream=stream) as bar:
        bar.update(advance=12, found=12, tried=340)
        time.sleep(0.7)
    lines = stream.getvalue().splitlines()
    assert 2 <= len(lines) <= 4, lines  # at 0.2 s, then every 0.2 s
    assert re.fullmatch(r"generate: 12/60, found 12 · tried 340, [\d,.]+/min, 0:00:00 elapsed, about 0:00:0\d left",
                        lines[0]), lines[0]


def test_a_quick_run_writes_nothing_and_lines_stop_when_the_block_ends(fast):
    stream = io.StringIO()
    with running("show", stream=stream):
        time.sleep(0.05)
    time.sleep(0.5)
    assert stream.getvalue() == ""


def test_a_command_without_a_bar_says_what_it_is_doing(fast):
    stream = io.StringIO()
    with running("solve", stream=stream):
        note("depth 3, 1,204 turns expanded")
        time.sleep(0.45)
    lines = stream.getvalue().splitlines()
    assert lines and lines[0] == "solve: depth 3, 1,204 turns expanded, 0:00:00 elapsed", lines


def test_a_step_inside_a_command_is_named_after_it(fast):
    stream = io.StringIO()
    with running("deck", stream=stream), progress_bar("solving", total=5, stream=stream) as bar:
        bar.update(advance=2)
        time.sleep(0.45)
    assert stream.getvalue().startswith("deck: solving 2/5, "), stream.getvalue()


def test_the_environment_silences_the_plain_lines(fast, monkeypatch):
    monkeypatch.setenv(progress.QUIET_VARIABLE, "off")
    stream = io.StringIO()
    with running("deck", stream=stream):
        time.sleep(0.45)
    assert stream.getvalue() == ""


def test_a_bar_drawn_on_a_terminal_keeps_the_plain_lines_quiet(fast, monkeypatch):
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    stream = io.StringIO()
    with running("simulate", stream=stream), progress_bar("games", total=3, stream=stream) as bar:
        bar.update(advance=1)
        time.sleep(0.45)
    assert "simulate:" not in stream.getvalue() and "1/3" in stream.getvalue()


@pytest.mark.parametrize(("args", "module"), [
    (["simulate", "--game", "hekla", "--games", "6"], "sectionx.games.hekla.play"),
    (["play", "--players", "2", "--seed", "5"], "sectionx.games.sectionx.play"),
])
def test_every_long_command_tells_its_progress_off_a_terminal(fast, monkeypatch, args, module):
    """Issue 26: greedy play, simulate, deck, book ran for minutes in a log without a
    line.  Every command runs inside sectionx.progress.running (the CLI opens it), so
    each says something every few seconds; stdout is the same with or without.

    Each game is held 0.3 s, so the command outlasts the first line on any machine
    (compiled, random 2-player Section X finished under 0.2 s and printed nothing)."""
    games = importlib.import_module(module)
    play_game = games.play_game

    def slow_game(*args, **kwargs):
        time.sleep(0.3)
        return play_game(*args, **kwargs)

    monkeypatch.setattr(games, "play_game", slow_game)
    slow = CliRunner().invoke(app, args, catch_exceptions=False)
    lines = [line for line in slow.stderr.splitlines() if not line.startswith("play: game over")]
    assert lines and all(line.startswith(f"{args[0]}: ") and " elapsed" in line for line in lines), slow.stderr
    monkeypatch.setenv(progress.QUIET_VARIABLE, "off")
    assert CliRunner().invoke(app, args, catch_exceptions=False).stdout == slow.stdout
