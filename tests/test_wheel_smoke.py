"""The wheel smoke run of .ci/run (scripts/wheel_smoke.py, issue 26) keeps up with the
house: it runs every command of the command line on every registered game, and it
judges a step by its exit status and its outputs.  The run itself (a wheel, a fresh
environment) belongs to CI; these checks are fast."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from sectionx import games
from sectionx.cli import app

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("wheel_smoke", ROOT / "scripts" / "wheel_smoke.py")
assert _spec is not None and _spec.loader is not None
smoke = importlib.util.module_from_spec(_spec)
sys.modules["wheel_smoke"] = smoke  # dataclasses look their module up by name
_spec.loader.exec_module(smoke)


def _commands() -> set[str]:
    return {c.name or (c.callback.__name__ if c.callback else "") for c in app.registered_commands}


def _steps(tmp_path: Path) -> list:
    return smoke.steps(tmp_path, sys.executable)


def test_the_smoke_run_covers_every_game_of_the_registry():
    assert set(smoke.GAMES) == set(games.names())


def test_every_command_is_run_on_every_game(tmp_path):
    ran: dict[str, set[str]] = {}
    for step in _steps(tmp_path):
        argv = step.argv() if callable(step.argv) else step.argv
        ran.setdefault(step.name.split(":")[0] if ":" in step.name else "", set()).add(argv[0])
    shared = {"schema", "examples"}  # one published schema, one folder of examples, for every game
    assert shared <= ran[""]
    # The studio is a server over a folder, not a one-shot command: smoke.studio_smoke
    # starts it and opens a puzzle of every game (below).
    for game in games.names():
        assert ran[game] == _commands() - shared - {"studio"}, game
    assert set(smoke.STUDIO_PUZZLES) == set(games.names())


def test_a_step_fails_on_a_missing_or_empty_output(tmp_path):
    (tmp_path / "made.pdf").write_bytes(b"%PDF")
    (tmp_path / "empty.pdf").write_bytes(b"")
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "kit.pdf").write_bytes(b"%PDF")
    assert smoke.missing(tmp_path, ["made.pdf", "kit/*.pdf"]) == []
    assert smoke.missing(tmp_path, ["empty.pdf", "gone.pdf", "kit/*.svg", "none/*.yaml"]) == \
        ["empty.pdf", "gone.pdf", "kit/*.svg", "none/*.yaml"]


def test_the_installed_package_must_not_be_the_checkout():
    found, wrong = smoke.where_installed(sys.executable)  # the test environment: an editable install
    assert Path(found).resolve().is_relative_to(ROOT) and "from the checkout" in wrong
