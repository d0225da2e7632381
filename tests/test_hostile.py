"""Files written by strangers, and careless output paths: every class of issue 8.

Each class is refused with one clear line naming the file (and line where there is
one) and the rule or limit, a non-zero exit, no traceback, bounded memory, and
nothing outside the intended output changed.  The classes:

1. unbounded reads (devices, FIFOs), 2. sizes without a bound, 3. whole-number
floats, 4. references that reach anywhere and echo what they read, 5. terminal
escapes, 6. ``show`` of every file kind, 7. writes that destroy what stands at the
output path, 8. a kit folder that loses the user's files, 9. negative seeds,
10. the smaller rough edges.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx import fileio
from sectionx.games.sectionx.render import kit as kits
from sectionx.render import kitfiles

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios"
runner = CliRunner()


def run(*args: str | Path):
    """The CLI, which must never raise (a traceback) whatever it is given."""
    result = runner.invoke(_app(), [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"sectionx {' '.join(map(str, args))} raised {result.exception!r}") from result.exception
    assert "Traceback" not in result.output
    return result


def _app():
    from sectionx.cli import app

    return app


def refused(result, *words: str, code: int | None = None) -> str:
    """The run failed with one located line holding every word; return that line."""
    assert result.exit_code != 0, result.output
    if code is not None:
        assert result.exit_code == code, result.output
    lines = [line for line in result.output.splitlines()
             if line.strip() and not re.fullmatch(r"[\d,]+ problems? in [\d,]+ of [\d,]+ files?", line)]
    assert len(lines) == 1, f"expected one line, got:\n{result.output}"
    for word in words:
        assert word in lines[0], f"{word!r} not in {lines[0]!r}"
    return lines[0]


def tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.is_symlink()}


def fail_replace(monkeypatch: pytest.MonkeyPatch, n: int) -> list[object]:
    """Make the ``n``-th ``os.replace`` from now fail as a full disk would; the list of
    calls is returned so a test can reset the count."""
    real = os.replace
    calls: list[object] = []

    def flaky(src, dst):
        calls.append(dst)
        if len(calls) == n:
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(os, "replace", flaky)
    return calls


SMALL = """players: [red, blue]
title: A small position
"""


# ------------------------------------------------------------------ 1. unbounded reads


@pytest.mark.parametrize("command", [("validate",), ("show",), ("replay",), ("render", "-o", "OUT")])
def test_devices_are_refused_by_every_reading_command(tmp_path, command):
    args = [a if a != "OUT" else str(tmp_path / "x.svg") for a in command[1:]]
    result = run(command[0], "/dev/zero", *args)
    assert refused(result, "/dev/zero", "is a device").startswith("sectionx: /dev/zero: is a device")
    assert not (tmp_path / "x.svg").exists()


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    for command in (("validate", fifo), ("show", fifo), ("kit", "--template", fifo, "--out", tmp_path / "k")):
        refused(run(*command), "pipe.yaml", "FIFO")
    assert not (tmp_path / "k").exists()


def test_a_template_font_that_is_a_device_is_refused(tmp_path):
    (tmp_path / "zero.ttf").symlink_to("/dev/zero")
    (tmp_path / "t.yaml").write_text("fonts:\n  regular: zero.ttf\n")
    line = refused(run("kit", "--template", tmp_path / "t.yaml", "--out", tmp_path / "k"), "t.yaml:2:12")
    assert "leads outside" in line or "device" in line


def test_a_record_cannot_start_from_a_device(tmp_path):
    (tmp_path / "r.yaml").write_text("start: /dev/zero\nactions: []\n")
    refused(run("replay", tmp_path / "r.yaml"), "r.yaml:1:8", "absolute path", "(reference)")
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    (tmp_path / "r.yaml").write_text("start: zero.yaml\nactions: []\n")
    refused(run("replay", tmp_path / "r.yaml"), "r.yaml:1:8", "leads outside", "(reference)")


def test_reading_a_huge_file_stays_under_200_mb(tmp_path):
    """The worst 1 MiB file (as many values as it can hold) in a separate process."""
    big = tmp_path / "big.yaml"
    big.write_text("a: [" + ",".join(["1"] * 499_000) + "]\n")
    # Peak memory from /proc (VmHWM): ru_maxrss survives exec on Linux, so a child of a big
    # pytest process would report the parent's size.
    code = ("import sys; from sectionx.cli import main; sys.argv = ['sectionx', 'validate', sys.argv[1]];\n"
            "try:\n  main()\nexcept SystemExit as e:\n  code = e.code\n"
            "hwm = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]\n"
            "print(hwm, code)")
    out = subprocess.run([sys.executable, "-c", code, str(big)], capture_output=True, text=True, timeout=120, check=True)
    rss_kb, exit_code = out.stdout.split()[-2:]
    assert exit_code == "1"
    assert "holds more than 100,000 values" in out.stdout
    assert int(rss_kb) < 200 * 1024, f"peak memory {int(rss_kb) // 1024} MB"


# ------------------------------------------------------------------ 2. sizes without a bound


def test_a_board_far_from_the_centre_is_refused_when_loaded(tmp_path):
    board = tmp_path / "huge.yaml"
    board.write_text('name: huge\ncells: ["0,0", "0,9999", "0,-9999", "1,0"]\nisland: ["0,0"]\ngreen: ["1,0"]\n')
    refused(run("validate", board), "huge.yaml:2:1", "within 12", "(limit)", code=1)
    refused(run("kit", "--board", board, "--out", tmp_path / "k"), "huge.yaml:2:1", "(limit)")
    refused(run("show", board), "huge.yaml:2:1", "(limit)")
    (tmp_path / "s.yaml").write_text("players: [red, blue]\nboard: huge.yaml\n")
    refused(run("render", tmp_path / "s.yaml", "-o", tmp_path / "s.svg"), "huge.yaml:2:", "(limit)")
    assert not (tmp_path / "k").exists() and not (tmp_path / "s.svg").exists()


def test_a_tiny_paper_is_refused_with_the_template_line(tmp_path):
    (tmp_path / "t.yaml").write_text("paper:\n  tiny: [60, 60]\n")
    refused(run("kit", "--template", tmp_path / "t.yaml", "--paper", "tiny", "--out", tmp_path / "k"),
            "t.yaml:2:9", "paper tiny (60 x 60 mm)", "(template)")
    assert not (tmp_path / "k").exists()


def test_a_board_that_would_take_too_many_pages_is_refused(tmp_path):
    (tmp_path / "t.yaml").write_text("margin: 5\npaper:\n  card: [100, 100]\n")
    (tmp_path / "b.yaml").write_text('name: wide\nradius: 12\nisland: ["0,0"]\ngreen: ["12,0"]\n')
    refused(run("kit", "--template", tmp_path / "t.yaml", "--paper", "card", "--board", tmp_path / "b.yaml",
                "--out", tmp_path / "k"), "t.yaml:3:9", "at most 100 pages", "(template)")
    assert not (tmp_path / "k").exists()


def test_whole_number_floats_and_huge_records_have_limits(tmp_path):
    record = tmp_path / "r.yaml"
    record.write_text("start: {players: [red, blue]}\nactions: [" + ", ".join(["end"] * 20_001) + "]\n")
    refused(run("replay", record), "r.yaml:2:10", "at most 20000 items")


# ------------------------------------------------------------------ 3. whole-number floats


@pytest.mark.parametrize("text, where", [
    ("players: [red, blue]\nprisoners:\n  red: {freed: 3.0}\n", "3:16"),
    ("players: [red, blue]\nround: 2.0\n", "2:8"),
    ("players: [red, blue]\nboard: {radius: 4.0, island: [\"0,0\"], green: [\"4,0\"]}\n", "2:17"),
    ("players: [red, blue]\nseed: 7.0\n", "2:7"),
])
def test_whole_number_floats_are_not_integers(tmp_path, text, where):
    path = tmp_path / "f.yaml"
    path.write_text(text)
    refused(run("validate", path), f"f.yaml:{where}", "must be a whole number", code=1)
    refused(run("show", path), f"f.yaml:{where}", "whole number")


def test_exponent_numbers_are_numbers(tmp_path):
    (tmp_path / "t.yaml").write_text("margin: 1e30\n")
    refused(run("kit", "--template", tmp_path / "t.yaml", "--out", tmp_path / "k"), "t.yaml:1:9", "at most 50", "1e+30")
    (tmp_path / "t.yaml").write_text("margin: 0\n")
    refused(run("kit", "--template", tmp_path / "t.yaml", "--out", tmp_path / "k"), "t.yaml:1:9", "margin must be more than 0")


# ------------------------------------------------------------------ 4. references


SECRET = "hunter2-SECRET-hunter2"


@pytest.mark.parametrize("key, ref, words", [
    ("board", "/etc/passwd", "absolute path"),
    ("board", "../secret.yaml", "leads outside"),
    ("catalogue", "~/secret.yaml", "absolute path"),
    ("board", "secret.txt", "must be a .yaml or .yml file"),
    ("board", "link.yaml", "leads outside"),
])
def test_references_stay_in_the_files_folder(tmp_path, key, ref, words):
    home = tmp_path / "shared"
    home.mkdir()
    (tmp_path / "secret.yaml").write_text(f"password: {SECRET}\n")
    (home / "secret.txt").write_text(f"password: {SECRET}\n")
    (home / "link.yaml").symlink_to(tmp_path / "secret.yaml")
    scenario = home / "s.yaml"
    scenario.write_text(f"players: [red, blue]\n{key}: {ref}\n")
    for result in (run("validate", scenario), run("show", scenario), run("render", scenario, "-o", home / "o.svg")):
        line = refused(result, "s.yaml:2:", words, "(reference)")
        assert SECRET not in result.output, line
    assert not (home / "o.svg").exists()


def test_a_named_files_contents_are_never_quoted(tmp_path):
    """A board file beside the scenario that is not a board: its problems are
    located, but nothing it says is printed."""
    (tmp_path / "creds.yaml").write_text(f"aws_secret = {SECRET}\n{SECRET}: [\n")
    (tmp_path / "notes.yaml").write_text(f"{SECRET}: 1\nname: {SECRET}\n")
    for ref in ("creds.yaml", "notes.yaml"):
        scenario = tmp_path / "s.yaml"
        scenario.write_text(f"players: [red, blue]\nboard: {ref}\n")
        result = run("validate", scenario)
        assert result.exit_code == 1
        assert SECRET not in result.output
        assert ref in result.output and "not quoted" in result.output
    record = tmp_path / "r.yaml"
    record.write_text("start: notes.yaml\nactions: []\n")
    result = run("replay", record)
    assert result.exit_code != 0 and SECRET not in result.output and "notes.yaml" in result.output
    # Named by the user, the same file is shown in full: that is what validate is for.
    assert SECRET in run("validate", tmp_path / "notes.yaml").output


def test_references_inside_the_folder_still_work(tmp_path):
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "mine.yaml").write_text((ROOT / "sectionx/data/boards/compact.yaml").read_text())
    (tmp_path / "s.yaml").write_text("players: [red, blue]\nboard: boards/mine.yaml\n")
    result = run("validate", tmp_path / "s.yaml")
    assert result.exit_code == 0, result.output


# ------------------------------------------------------------------ 5. terminal escapes


ESCAPES = "\x1b]0;pwned\x07\x1b[2J\u202eevil"


def test_escapes_from_files_never_reach_the_terminal(tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text(f'players: [red, blue]\ntitle: "{ESCAPES.encode("unicode_escape").decode()}"\n')
    board = tmp_path / "b.yaml"
    board.write_text('name: "x\\e]0;t\\a"\nradius: 4\nisland: ["0,0"]\ngreen: ["4,0"]\n')
    weird = tmp_path / "w\x1b[31m.yaml"
    weird.write_text("players: [red]\n")
    tunnel = tmp_path / "t.yaml"  # Der Tunnel: a title, a follower's feature and a turn of a record
    tunnel.write_text(f'game: tunnel\ntitle: "{ESCAPES.encode("unicode_escape").decode()}"\nboard: {{"0,0": D@0}}\n'
                      'followers: {red: ["0,0 road:\\e[2J"]}\n')
    record = tmp_path / "r.yaml"
    record.write_text('game: tunnel\nstart: {board: {"0,0": D@0}}\nactions: ["U 1,0@0 f \\e]0;x\\a"]\n')
    for args in (("show", scenario), ("validate", scenario), ("validate", board), ("show", board), ("validate", weird),
                 ("show", weird), ("render", weird, "-o", tmp_path / "o.svg"), ("validate", tunnel), ("show", tunnel),
                 ("validate", record), ("show", record), ("replay", record)):
        result = run(*args)
        for ch in ("\x1b", "\x07", "\u202e"):
            assert ch not in result.output, (args, result.output)
    assert "\\x1b]0;pwned\\x07" in run("show", scenario).output


def test_printable_escapes_controls_and_keeps_text():
    assert fileio.printable("a\tb\nc") == "a\tb\nc"
    assert fileio.printable("Gefängnis ✓") == "Gefängnis ✓"
    assert fileio.printable("\x1b[0m\x9b\u2066") == "\\x1b[0m\\x9b\\u2066"


# ------------------------------------------------------------------ 6. show of every kind


@pytest.mark.parametrize("path, words", [
    ("sectionx/data/boards/standard.yaml", "Board standard"),
    ("sectionx/data/tiles/default.yaml", "Tile set default: 54 tiles"),
    ("tests/golden/play-2p-seed5.yaml", "after 3,792 actions"),
    ("scenarios/midgame-4p.yaml", "Players:"),
])
def test_show_prints_every_kind_of_file(path, words):
    result = run("show", ROOT / path)
    assert result.exit_code == 0, result.output
    assert words in result.stdout


# ------------------------------------------------------------------ 7. the output writer


def test_a_symlink_at_the_output_is_refused_and_its_target_untouched(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("precious")
    (tmp_path / "out.yaml").symlink_to(target)
    for args in (("new", "-o", tmp_path / "out.yaml"), ("schema", "-o", tmp_path / "out.yaml"),
                 ("new", "--game", "tunnel", "-o", tmp_path / "out.yaml"),
                 ("play", "--game", "tunnel", "-o", tmp_path / "out.yaml")):
        line = refused(run(*args), "out.yaml", "symbolic link")
        assert line.startswith(f"sectionx: {tmp_path / 'out.yaml'}: ") and "(output)" not in line, line  # issue 11: no rule id
    assert (tmp_path / "out.yaml").is_symlink() and target.read_text() == "precious"


def test_fifos_and_devices_are_never_replaced(tmp_path):
    fifo = tmp_path / "out.svg"
    os.mkfifo(fifo)
    assert refused(run("render", SCENARIOS / "masterkey.yaml", "-o", fifo), "out.svg", "FIFO").startswith("sectionx: ")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    refused(run("new", "-o", "/dev/null"), "/dev/null", "is a device")
    assert stat.S_ISCHR(os.lstat("/dev/null").st_mode)


def test_a_replaced_file_keeps_its_mode(tmp_path):
    out = tmp_path / "game.yaml"
    out.write_text("old\n")
    out.chmod(0o600)
    assert run("new", "--seed", "1", "-o", out).exit_code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600 and "old" not in out.read_text()


def test_an_input_is_never_overwritten(tmp_path):
    scenario = tmp_path / "same.svg"
    scenario.write_text((SCENARIOS / "masterkey.yaml").read_text())
    before = scenario.read_bytes()
    assert refused(run("render", scenario, "-o", scenario), "same.svg", "also an input").startswith("sectionx: ")
    alias = tmp_path / "alias.svg"
    os.link(scenario, alias)
    refused(run("render", scenario, "-o", alias), "alias.svg", "also an input")
    (tmp_path / "t.yaml").write_text("margin: 10\n")
    refused(run("render", scenario, "-o", tmp_path / "t.yaml", "--format", "svg", "--template", tmp_path / "t.yaml"),
            "t.yaml", "also an input")
    assert scenario.read_bytes() == before and (tmp_path / "t.yaml").read_text() == "margin: 10\n"


def test_standard_output_is_an_output(tmp_path):
    for out in ("-", "/dev/stdout"):
        result = run("new", "--seed", "4", "-o", out)
        assert result.exit_code == 0 and result.stdout.startswith("# Section X game state")
        result = run("render", SCENARIOS / "masterkey.yaml", "-o", out)
        assert result.exit_code == 0 and "<svg" in result.stdout


def test_a_failed_write_changes_nothing(tmp_path, monkeypatch):
    out = tmp_path / "a.yaml"
    out.write_text("original")
    fail_replace(monkeypatch, 2)
    with pytest.raises(fileio.FileProblem, match="nothing was changed"):
        fileio.write_files({out: b"new a", tmp_path / "b.yaml": b"new b"})
    assert tree(tmp_path) == {"a.yaml": b"original"}


# ------------------------------------------------------------------ 8. the kit folder


def test_the_kit_never_removes_files_it_did_not_write(tmp_path):
    out = tmp_path / "docs"
    (out / "svg").mkdir(parents=True)
    mine = {"01-family-tree.svg": b"family", "board-meeting.svg": b"minutes", "svg/99-logo.svg": b"logo",
            "sectionx-board-a3.pdf": b"my own pdf", "svg/01-checklist.svg": b"my own file of the kit's name"}
    for name, data in mine.items():
        (out / name).write_bytes(data)
    # A file of a kit page's name that no kit wrote is the user's: refused, nothing written (issue 26).
    before = tree(out)
    refused(run("kit", "--out", out, "--board-paper", "a2"), "svg/01-checklist.svg", "not the kit's to replace",
            code=2)
    assert tree(out) == before
    (out / "svg" / "01-checklist.svg").unlink()
    del mine["svg/01-checklist.svg"]
    result = run("kit", "--out", out, "--board-paper", "a2")
    assert result.exit_code == 0, result.output
    files = tree(out)
    for name, data in mine.items():
        assert files[name] == data
    # The second kit (no poster) removes the poster it wrote itself, and nothing else.
    (out / "svg" / "02-board-A1.svg").write_bytes(b"edited by hand")
    assert run("kit", "--out", out, "--no-svg").exit_code == 0
    files = tree(out)
    assert "sectionx-board-a2.pdf" not in files and "svg/board-a2.svg" not in files
    assert files["svg/02-board-A1.svg"] == b"edited by hand"  # the user changed it: kept
    assert all(files[name] == data for name, data in mine.items())


def test_a_hostile_manifest_cannot_remove_anything_outside(tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"keep me")
    digest = kitfiles.digest(b"keep me")
    manifest = {"files": {"../victim.txt": digest, "/abs/victim.txt": digest, str(victim): digest}}
    (out / kits.MANIFEST).write_text(json.dumps(manifest))
    assert run("kit", "--out", out, "--no-svg").exit_code == 0
    assert victim.read_bytes() == b"keep me"


def test_a_kit_that_fails_part_way_leaves_the_folder_as_it_was(tmp_path, monkeypatch):
    out = tmp_path / "kit"
    assert run("kit", "--out", out).exit_code == 0
    before = tree(out)
    calls = fail_replace(monkeypatch, 7)
    result = run("kit", "--out", out, "--paper", "letter", "--board-paper", "a2")
    refused(result, "No space left on device", "nothing was changed")
    assert tree(out) == before
    assert not list(out.rglob(".*"))
    fresh = tmp_path / "fresh"
    calls.clear()
    refused(run("kit", "--out", fresh), "nothing was changed")
    assert not fresh.exists()


# ------------------------------------------------------------------ 9. seeds


@pytest.mark.parametrize("game", ["sectionx", "tunnel"])  # the games whose new game has chance in it
def test_negative_seeds_are_refused_and_seeds_differ(game):
    for command in ("new", "play", "simulate"):
        result = run(command, "--game", game, "--seed", "-5")
        assert result.exit_code == 2 and "--seed" in result.output
    a, b = run("new", "--game", game, "--seed", "5").stdout, run("new", "--game", game, "--seed", "6").stdout
    assert a.split("\n", 3)[3] != b.split("\n", 3)[3]


# ------------------------------------------------------------------ 10. smaller rough edges


def test_simulate_checks_the_bots_before_playing():
    result = run("simulate", "--bots", "evil", "--games", "3")
    assert result.exit_code == 2
    assert result.output.strip() == "sectionx: unknown bot 'evil'; bots are random, greedy, search"


def test_unprintable_text_names_the_file_and_line(tmp_path):
    scenario = tmp_path / "s.yaml"
    scenario.write_text("players: [red, blue]\ntitle: Snow \u2603 man\n")
    refused(run("render", scenario, "-o", tmp_path / "s.pdf"), "s.yaml:2:8", "no glyph", "(font)")
    assert not (tmp_path / "s.pdf").exists()


# ------------------------------------------------------------------ found by the hostile review


def test_long_runs_of_spaces_and_huge_numbers_are_quick(tmp_path):
    """Quadratic patterns and YAML 1.1 sexagesimal numbers took minutes."""
    import time

    cases = {"cell.yaml": 'players: [red, blue]\ndoors:\n  red: ["' + " " * 9_000 + 'x"]\n',
             "key.yaml": "players: [red, blue]\ntiles:\n  ? \"" + " " * 9_000 + "x\"\n  : T01\n",
             "sexa.yaml": "players: [red, blue]\nround: " + ":".join(["1"] * 200_000) + "\n",
             "long.yaml": "players: [red, blue]\ntitle: " + "x" * 20_000 + "\n"}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
        started = time.perf_counter()
        result = run("validate", tmp_path / name)
        assert result.exit_code == 1 and time.perf_counter() - started < 5, name
        assert max(len(line) for line in result.output.splitlines()) < 400, name


def test_yaml_12_numbers_and_odd_line_breaks(tmp_path):
    path = tmp_path / "n.yaml"
    path.write_text("players: [red, blue]\nround: 017\n")
    assert "round 17" in run("validate", path).output
    path.write_text('players: [red, blue]\ntitle: "a\u2028b"\nround: x\n')
    refused(run("validate", path), "n.yaml:2:10", "U+2028")
    path.write_text('players: [red, blue]\ntitle: "a\\eb"\n')
    refused(run("validate", path), "n.yaml:2:8", "control character")


def test_rule_problems_of_a_named_file_are_not_quoted(tmp_path):
    (tmp_path / "b.yaml").write_text('name: SECRET-BOARD\nradius: 4\nisland: ["0,0"]\ngreen: ["4,0"]\n'
                                     'zones:\n  SECRETZONE: ["3,0"]\n')
    (tmp_path / "s.yaml").write_text("players: [red, blue]\nboard: b.yaml\n")
    result = run("validate", tmp_path / "s.yaml")
    assert result.exit_code == 1 and "SECRET" not in result.output and "named by" in result.output
    (tmp_path / "r.yaml").write_text("start: s.yaml\nactions: []\n")
    result = run("replay", tmp_path / "r.yaml")
    assert result.exit_code != 0 and "SECRET" not in result.output


def test_a_missing_or_odd_named_file_is_told_at_the_line_naming_it(tmp_path):
    (tmp_path / "r.yaml").write_text("start: nothere.yaml\nactions: []\n")
    refused(run("replay", tmp_path / "r.yaml"), "r.yaml:1:8", "nothere.yaml")
    os.mkfifo(tmp_path / "ff.yaml")
    (tmp_path / "s.yaml").write_text("players: [red, blue]\nboard: ff.yaml\n")
    refused(run("validate", tmp_path / "s.yaml"), "s.yaml:2:8", "FIFO")


def test_the_kit_folder_against_doctored_manifests_and_links(tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    (out / "notes.txt").write_bytes(b"")
    (out / kits.MANIFEST).write_text(json.dumps({"files": {"notes.txt": kitfiles.digest(b"")}}))
    assert run("kit", "--out", out, "--no-svg").exit_code == 0
    assert (out / "notes.txt").exists()
    (out / kits.MANIFEST).write_text("[" * 100_000)
    # A manifest that cannot be trusted lists nothing: the kit's files are then not its to replace.
    refused(run("kit", "--out", out, "--no-svg"), "sectionx-kit.pdf", "not the kit's to replace", code=2)
    (out / "sectionx-kit.pdf").unlink()
    assert run("kit", "--out", out, "--no-svg").exit_code == 0
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (out / "svg").symlink_to(elsewhere)
    refused(run("kit", "--out", out), "svg", "not a real folder")
    assert not list(elsewhere.iterdir())
    refused(run("kit", "--out", "-"), "not standard output")


def test_show_draws_a_prisoner_on_an_unknown_tile(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text('players: [red, blue]\ntiles:\n  "0,2": T05@1\n  "0,3": T99\nprisoners:\n  red:\n    at: ["0,3"]\n')
    result = run("show", path)
    assert result.exit_code == 1 and "(T3)" in result.output


def test_terminal_output_survives_latin_1_and_raw_bytes(tmp_path):
    path = tmp_path / "u.yaml"
    path.write_text('players: [red, blue]\ntitle: "caf\u00e9 \u2603"\n')
    env = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    done = subprocess.run([sys.executable, "-m", "sectionx", "show", str(path)], capture_output=True, env=env, timeout=60,
                          check=False)
    assert done.returncode == 0 and b"Traceback" not in done.stderr and b"\\u2603" in done.stdout
    assert fileio.printable("a\udc9b2J") == "a\\x9b2J"


def test_no_write_into_the_installation_or_over_a_read_only_file(tmp_path):
    import sectionx

    bundled = Path(sectionx.__file__).parent / "data" / "boards" / "compact.yaml"
    before = bundled.read_bytes()
    refused(run("new", "-n", "2", "-o", bundled), "own installation")
    assert bundled.read_bytes() == before
    locked = tmp_path / "locked.yaml"
    locked.write_text("keep")
    locked.chmod(0o444)
    refused(run("new", "-o", locked), "read-only")
    assert locked.read_text() == "keep"


# ------------------------------------------------------------------ issue 26: the second audit


def _schema_patterns() -> list[str]:
    from sectionx.yamlsrc import schema

    found: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pattern" and isinstance(value, str):
                    found.add(value)
                if key == "patternProperties" and isinstance(value, dict):
                    found.update(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema())
    return sorted(found)


@pytest.mark.parametrize("pattern", _schema_patterns())
def test_every_schema_pattern_matches_the_whole_text_and_ascii_digits_only(pattern):
    """JSON Schema's patterns are ECMA-262's: ``$`` is the end of the text and ``\\d``
    is 0-9.  Python's ``$`` matched before a final newline ("red2\\n" passed and
    crashed later) and its ``\\d`` matched Arabic-Indic digits; every pattern of the
    published schema, as the checker reads it, refuses both."""
    import re

    from hypothesis import given, settings
    from hypothesis import strategies as st

    from sectionx.yamlsrc import ecma_pattern

    assert pattern.startswith("^") and pattern.endswith(("$", "\\Z"))  # every field's whole value is checked
    checked = re.compile(ecma_pattern(pattern))
    whole = re.compile(ecma_pattern(pattern)[1:].removesuffix("\\Z"))

    @settings(max_examples=30, deadline=None)
    @given(st.from_regex(checked, fullmatch=True), st.sampled_from(["", "\n", "x\n", "\u0662", "\n\n"]))
    def holds(text: str, tail: str) -> None:
        for value in (text, text + tail):
            assert bool(checked.search(value)) == bool(whole.fullmatch(value)), value
        assert checked.search(text)
        assert all(not ch.isdigit() or ch.isascii() for ch in text)

    holds()


def test_schema_patterns_are_written_for_editors_too():
    """The published schema is read by editors (ECMA-262 regular expressions), where
    ``\\Z`` is the letter Z: a pattern ends in ``$``, which the checker reads as the
    end of the text (yamlsrc.ecma_pattern)."""
    odd = [p for p in _schema_patterns() if "\\Z" in p or "\\A" in p]
    assert not odd, f"write $ and ^, not \\Z or \\A: {odd}"


def test_a_value_with_a_final_newline_is_refused_at_its_line(tmp_path):
    """The audit's two cases: a Hekla stone and a template colour (every PDF writer
    crashed on it) end in one located line, no traceback."""
    stone = tmp_path / "stone.yaml"
    stone.write_text((SCENARIOS / "hekla" / "puzzles" / "01.yaml").read_text().replace("c1: [red2]", 'c1: ["red2\\n"]'))
    for command in (("validate",), ("show",), ("solve",), ("render", "-o", tmp_path / "s.svg")):
        refused(run(command[0], stone, *command[1:]), "stone.yaml:14:8", "'red2\\n' is not valid")
    template = tmp_path / "t.yaml"
    template.write_text('colours:\n  red: "#c62828\\n"\n')
    for command in (("render", SCENARIOS / "midgame-4p.yaml", "-o", tmp_path / "x.pdf"),
                    ("kit", "--game", "hekla", "--out", tmp_path / "k"),
                    ("sheet", SCENARIOS / "puzzle-first-escape.yaml", "-o", tmp_path / "s.pdf")):
        refused(run(*command, "--template", template), "t.yaml:2:8", "#rrggbb")
    assert not any(tmp_path.glob("*.pdf")) and not (tmp_path / "k").exists()


@pytest.mark.parametrize(("old", "new", "where"), [
    ('"2,0": T01', '"\u0662,0": T01', "32:3"),                       # a tile's cell (a key)
    ('at: ["5,0", "2,0"', 'at: ["5,0", "\u0662,0"', "59:17"),         # a prisoner's place
    ('red: ["4,0"]', 'red: ["\u0664,0"]', "72:9"),                    # a door
    ('"2,0": T01', '"\u00b2,0": T01', "32:3"),                       # a superscript two
])
def test_section_x_refuses_digits_of_other_scripts_at_their_line(tmp_path, old, new, where):
    """Breakout and Hekla refused "²,1" and Arabic-Indic digits; Section X read
    "٢,0" as the cell 2,0."""
    f = tmp_path / "p.yaml"
    f.write_text((SCENARIOS / "midgame-4p.yaml").read_text().replace(old, new, 1))
    refused(run("validate", f), f"p.yaml:{where}:", "is not valid", code=1)


def test_a_records_actions_take_ascii_digits_only(tmp_path):
    record = (ROOT / "tests" / "golden" / "play-2p-seed5.yaml").read_text()
    f = tmp_path / "r.yaml"
    f.write_text(record.replace("place T10 2,2@3", "place T10 \u0662,2@3", 1))
    line = refused(run("replay", f), "r.yaml:28:5", "is not an action", code=1)
    assert len(line) < 400


def test_a_huge_seed_in_a_grade_id_is_refused_at_its_line(tmp_path):
    """A 5,000-digit seed in a puzzle's grade id crashed deck and book (Python's
    limit on converting long numbers); it is bounded by the largest seed."""
    from sectionx.generating import MAX_UNIT_SEED as MAX_SEED  # the last candidate of the largest --seed's set

    folder = tmp_path / "set"
    folder.mkdir()
    text = (SCENARIOS / "puzzles" / "deck" / "beginner-001.yaml").read_text()
    assert "mixed#1000003" in text
    (folder / "beginner-001.yaml").write_text(text.replace("mixed#1000003", "mixed#" + "9" * 5000))
    for command in (("deck", folder, "-o", tmp_path / "d.pdf"), ("book", folder, "-o", tmp_path / "b.pdf"),
                    ("validate", folder / "beginner-001.yaml")):
        line = refused(run(*command), "beginner-001.yaml:42:7", f"at most {MAX_SEED}", code=1)
        assert len(line) < 300
    (folder / "beginner-001.yaml").write_text(text.replace("mixed#1000003", f"mixed#{MAX_SEED}"))
    assert run("validate", folder / "beginner-001.yaml").exit_code == 0
    line = refused(run("generate", "--id", "beginner/compact/mixed#" + "9" * 5000, "-o", tmp_path / "g"),
                   f"at most {MAX_SEED}", code=2)
    assert len(line) < 200 and not (tmp_path / "g").exists()
    # The largest --seed's set names its candidates within the bound (seed * 1,000,000 + n).
    from sectionx.games.sectionx.generator import SEEDS_PER_SET, Params, units
    from sectionx.yamlsrc import MAX_SEED as LARGEST

    first = next(iter(units(Params("beginner"), LARGEST)))
    last = first.seed + SEEDS_PER_SET - 1
    assert last == MAX_SEED and Params.parse_id(Params("beginner").id(last))[1] == last


def test_a_value_quoted_back_is_cut_short(tmp_path):
    """An unknown ``game:`` of 100 KB was echoed whole on one line; every value quoted
    back is cut to a short prefix (fileio.quote)."""
    from sectionx.fileio import QUOTE_LIMIT, quote

    assert quote("x" * 100) == "'" + "x" * (QUOTE_LIMIT - 4) + "..." and len(quote("x" * 100)) == QUOTE_LIMIT
    assert quote("red") == "'red'"
    f = tmp_path / "g.yaml"
    f.write_text("game: [" + "1," * 30000 + "1]\n")
    for command in ("validate", "show", "replay", "solve"):
        line = refused(run(command, f), "g.yaml:1:7", "is not one sectionx knows", code=1)
        assert len(line.split("g.yaml:1:7:", 1)[1]) < 150, line
    line = refused(run("new", "--game", "y" * 5000), "--game 'yyy", code=2)
    assert len(line) < 200
    for game in ("breakout", "tunnel"):
        line = refused(run("play", "--game", game, "--bots", "z" * 5000), "--bots", code=2)
        assert len(line) < 200
    for option in ("--variant", "--colours"):
        line = refused(run("new", "--game", "tunnel", option, "x" * 5000), option, code=2)
        assert len(line) < 200


@pytest.mark.parametrize("option", ["--board", "--tiles", "--template"])
def test_a_named_file_that_is_not_yaml_is_said_so_without_quoting_it(tmp_path, option):
    """``new --board FILE`` and ``kit --board FILE`` quoted a text file's first line (a
    password file's, say): the file is named, its contents are not."""
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1\n")
    commands = [("kit", option, secret, "--out", tmp_path / "k")]
    if option == "--board":
        commands.append(("new", option, secret))
    for command in commands:
        line = refused(run(*command), "secret.txt:1:1", "not a YAML", "not key: value lines", code=1)
        message = line.split("secret.txt:1:1:", 1)[1]
        assert "root" not in message and "daemon" not in message
    assert not (tmp_path / "k").exists()


@pytest.mark.parametrize("game", ["sectionx", "hekla"])
def test_generate_never_replaces_a_file_in_its_folder(tmp_path, game):
    """``generate -o DIR`` silently replaced the user's own beginner-002.yaml: refused
    (USAGE) naming the file, before any work, nothing written."""
    folder = tmp_path / "set"
    folder.mkdir()
    (folder / "beginner-002.yaml").write_text("mine\n")
    line = refused(run("generate", "--game", game, "--count", "3", "-o", folder), "beginner-002.yaml",
                   "already exists", "never replaces", code=2)
    assert line.startswith("sectionx: ")
    assert [p.name for p in folder.iterdir()] == ["beginner-002.yaml"]
    assert (folder / "beginner-002.yaml").read_text() == "mine\n"


def test_a_set_is_written_new_or_not_at_all(tmp_path):
    """The writer's guarantee behind it (fileio.write_files new_only): one file in the
    way and none is written, even when it appears after the check."""
    mine = tmp_path / "b.yaml"
    mine.write_text("mine")
    with pytest.raises(fileio.FileProblem, match="already exists; the reason"):
        fileio.write_files({tmp_path / "a.yaml": b"new", mine: b"new"}, new_only="the reason")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.yaml"] and mine.read_text() == "mine"


@pytest.mark.parametrize("command", ["deck", "book", "manual"])
def test_a_link_out_of_a_folder_is_refused_without_quoting_its_target(tmp_path, command):
    """A puzzle (or figure) folder holding a link to a file outside it made deck, book
    and manual --figures quote that file's first line."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n")
    folder = tmp_path / "folder"
    folder.mkdir()
    source = (SCENARIOS / "puzzles" / "deck") if command != "manual" else \
        (ROOT / "sectionx" / "games" / "sectionx" / "rulebook" / "figures")
    for f in sorted(source.glob("*.yaml"))[:2]:
        (folder / f.name).write_bytes(f.read_bytes())
    (folder / "zz-link.yaml").symlink_to(secret)
    args = [command, folder] if command != "manual" else [command, "--figures", folder]
    line = refused(run(*args, "-o", tmp_path / "out.pdf"), "zz-link.yaml", "a link to a file outside", code=2)
    assert "hunter2" not in line and "password" not in line
    assert not (tmp_path / "out.pdf").exists()
