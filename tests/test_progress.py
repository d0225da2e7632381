"""sectionx.progress: the bar's text, on stderr only, and silent where no one watches."""

from __future__ import annotations

import io
import re
import time

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.progress import progress_bar


@pytest.fixture(autouse=True)
def no_terminal_overrides(monkeypatch):
    # rich honours these; a CI that sets one must not change what the tests see.
    for name in ("TTY_COMPATIBLE", "FORCE_COLOR", "TTY_INTERACTIVE"):
        monkeypatch.delenv(name, raising=False)


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


def test_the_bar_is_silent_off_a_terminal_unless_forced_or_told_by_the_environment(monkeypatch):
    stream = io.StringIO()
    with progress_bar("games", total=4, stream=stream) as bar:
        bar.update(advance=4)
    assert stream.getvalue() == "" and bar.done == 4
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
