"""Every command through typer's CliRunner: output, exit codes, determinism."""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
import yaml
from typer.testing import CliRunner

from sectionx import __version__
from sectionx.cli import app
from sectionx.games.sectionx import formats, rules

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "scenarios").glob("*.yaml"))
runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args), catch_exceptions=False)


COMMANDS = typer.main.get_command(app).commands  # every command, so a new one is covered too
#: Options whose value is a file or folder the command writes, not one it reads.
OUTPUT_OPTIONS = ("-o", "--out")
#: What marks an example's word as a path: a folder in it, or a file kind sectionx reads or writes.
PATH_SUFFIXES = (".yaml", ".yml", ".json", ".svg", ".pdf")


def test_help_on_every_command_has_an_example():
    result = run("--help")
    assert result.exit_code == 0
    assert {"validate", "show", "replay", "play", "simulate", "solve", "generate", "deck", "book"} <= set(COMMANDS)
    for name in COMMANDS:
        assert name in result.output
        sub = run(name, "--help")
        assert sub.exit_code == 0, name
        assert "Example:" in sub.output, name


def example_paths(name: str) -> list[tuple[str, bool]]:
    """(path, written) for every path in the Example: line of ``name``'s --help (the
    command's docstring is what --help prints, before wrapping)."""
    help_text = COMMANDS[name].help or ""
    line = next(text for text in help_text.splitlines() if text.strip().startswith("Example:"))
    words = shlex.split(line.split("Example:", 1)[1])
    assert words[:2] == ["sectionx", name], line
    return [(word, words[i - 1] in OUTPUT_OPTIONS) for i, word in enumerate(words)
            if i >= 2 and not word.startswith("-") and ("/" in word or word.endswith(PATH_SUFFIXES))]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_example_in_help_names_files_that_exist(name):
    """Issue 11: `show --help` named scenarios/midgame.yaml, which is not in the
    repository.  A file an example reads must exist here (a glob must match some);
    a file it writes must go into a folder that exists (output/ is kept for them)."""
    for path, written in example_paths(name):
        if written:
            folder = Path(path).parts[0] if len(Path(path).parts) > 1 else "."
            assert (ROOT / folder).is_dir(), f"sectionx {name} --help writes into {folder}/, which does not exist"
        else:
            # output/ is git-ignored: a file there exists only where someone made it.
            assert Path(path).parts[0] != "output", f"sectionx {name} --help reads {path}, which no checkout has"
            assert sorted(ROOT.glob(path)), f"sectionx {name} --help reads {path}, which does not exist"


def test_version():
    assert run("--version").output.strip() == f"sectionx {__version__}"


def test_python_dash_m_works():
    out = subprocess.run([sys.executable, "-m", "sectionx", "--version"], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == f"sectionx {__version__}"


# ------------------------------------------------------------------ validate


def test_validate_bundled_boards_and_tiles_are_consistent():
    result = run("validate", "--bundled")
    assert result.exit_code == 0, result.output
    assert "board standard: 91 cells, 7 island, 6 green in 6 zones, 78 tile cells" in result.output
    assert "board compact: 61 cells, 7 island, 6 green in 6 zones, 48 tile cells" in result.output
    assert "tile set default: 54 tiles" in result.output


def test_validate_data_files_by_path():
    data = ROOT / "sectionx" / "data"
    files = [data / "boards" / "standard.yaml", data / "boards" / "compact.yaml", data / "tiles" / "default.yaml"]
    result = run("validate", *map(str, files))
    assert result.exit_code == 0, result.output
    assert result.output.count(": ok,") == 3


@pytest.mark.skipif(not SCENARIOS, reason="no scenarios yet")
def test_validate_every_bundled_scenario():
    result = run("validate", *map(str, SCENARIOS))
    assert result.exit_code == 0, result.output


def test_validate_reports_every_problem_and_exits_1(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("players: [red, blue]\ntiles:\n  0,0: T01\n  9,9: T02\nhands: {red: [T03, T04, T05, T06]}\n")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith(str(bad))]
    assert f"{bad}:3:3: tile T01 lies on island cell 0,0; no tile may lie on the island (P1)" in lines
    assert any(line.startswith(f"{bad}:4:3:") and line.endswith("(G2)") for line in lines)
    assert any(line.startswith(f"{bad}:5:14:") and line.endswith("(N1)") for line in lines)


def test_validate_json_output(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("players: [red, blue]\n")
    result = run("validate", "--format", "json", str(good))
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report[0]["ok"] and report[0]["kind"] == "state"


def test_validate_mixes_good_and_bad_files(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("players: [red, blue]\n")
    missing = tmp_path / "missing.yaml"
    result = run("validate", str(good), str(missing))
    assert result.exit_code == 2  # a file that cannot be read is the command line's problem (USAGE)
    assert f"sectionx: {missing}: no such file\n" in result.stderr
    assert f"{good}: ok" in result.output


def test_validate_needs_something_to_check():
    result = runner.invoke(app, ["validate"])
    assert result.exit_code == 2
    assert "name at least one file" in result.output


# ------------------------------------------------------------------ show


def test_show_draws_board_and_legend(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text(
        "title: Example\nplayers: [red, blue]\ntiles: {'2,-1': T01, '3,-1': T02}\n"
        "prisoners: {blue: {at: ['2,-1']}}\ndoors: {red: ['3,-1']}\n"
    )
    result = run("show", str(f))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Example\n=======" in out
    assert "- T01 - - T02 -" in out  # two straight tunnels joined east-west
    assert "2,-1  T01" in out and "[blue prisoner]" in out and "[red door]" in out
    assert "=NE=" in out and ":::" in out


def test_show_lists_rule_problems_and_exits_1(tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("players: [red, blue]\ntiles: {'2,-1': T01, '3,-1': T16@1}\n")
    result = runner.invoke(app, ["show", str(f)])
    assert result.exit_code == 1
    assert "T01" in result.stdout
    assert "(P1)" in result.stderr


@pytest.mark.skipif(not SCENARIOS, reason="no scenarios yet")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_show_every_scenario(path):
    result = run("show", str(path))
    assert result.exit_code == 0, result.output
    assert "Players:" in result.output


# ------------------------------------------------------------------ new


def test_new_same_seed_same_bytes(tmp_path):
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    assert run("new", "--players", "4", "--seed", "7", "-o", str(a)).exit_code == 0
    assert run("new", "--players", "4", "--seed", "7", "-o", str(b)).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    c = tmp_path / "c.yaml"
    run("new", "--players", "4", "--seed", "8", "-o", str(c))
    assert c.read_bytes() != a.read_bytes()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_writes_a_valid_setup(players, tmp_path):
    out = tmp_path / "g.yaml"
    result = run("new", "--players", str(players), "--seed", "1", "-o", str(out))
    assert result.exit_code == 0
    loaded = formats.load(out)
    state = loaded.state
    assert rules.check_scenario(loaded.scenario) == []
    assert len(state.players) == players
    assert state.board.name == ("compact" if players == 2 else "standard")  # V1
    # S2: all prisoners on the island, doors in hand, 54 tiles in three stacks.
    assert all(p.count(p.prisoners[0].kind) == 8 and p.prisoners[0].kind.value == "island" for p in state.players)
    assert all(p.doors_in_hand == 2 for p in state.players)
    assert sorted(len(s) for s in state.stacks) == [18, 18, 18]
    assert sorted(t for s in state.stacks for t in s) == sorted(state.catalogue.ids)
    assert "--seed 1" in out.read_text()


def test_new_without_seed_records_the_seed_it_drew():
    result = run("new", "--players", "3")
    assert result.exit_code == 0
    header = next(line for line in result.output.splitlines() if "Made with:" in line)
    seed = header.split("--seed ")[1].split()[0]
    again = run("new", "--players", "3", "--seed", seed)
    assert again.output == result.output


def test_new_variant_colours_and_board():
    result = run("new", "--players", "2", "--variant", "advanced", "--colours", "purple,yellow", "--board", "standard", "--seed", "3")
    data = yaml.safe_load(result.output)
    assert data["players"] == ["purple", "yellow"] and data["variant"] == "advanced" and data["board"] == "standard"


@pytest.mark.parametrize(
    "args, message",
    [
        (["--players", "5"], "--players 5: Section X is for 2 to 4 players"),
        (["--players", "6"], "less than or equal to 5"),
        (["--variant", "fast"], "--variant must be standard or advanced"),
        (["--colours", "red,green", "--players", "2"], "--colours takes red, blue, yellow, purple"),
        (["--colours", "red,red", "--players", "2"], "different colours"),
        (["--board", "nowhere.yaml"], "nowhere.yaml: no such file"),
    ],
)
def test_new_refuses_bad_options(args, message):
    result = runner.invoke(app, ["new", *args])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


# ------------------------------------------------------------------ schema


def test_schema_command_prints_the_published_schema(tmp_path):
    result = run("schema")
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["$defs"]["scenario"]["required"] == ["players"]
    out = tmp_path / "s.json"
    run("schema", "-o", str(out))
    assert json.loads(out.read_text()) == data


# ------------------------------------------------------------------ kit


def _tree(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_kit_writes_the_pdf_and_an_svg_of_every_page_and_says_where(tmp_path):
    result = run("kit", "--out", str(tmp_path / "kit"), "--board-paper", "a2")
    assert result.exit_code == 0
    assert f"wrote {tmp_path / 'kit' / 'sectionx-kit.pdf'} (18 pages" in result.output
    files = _tree(tmp_path / "kit")
    assert "sectionx-kit.pdf" in files and "sectionx-board-a2.pdf" in files
    assert sum(name.startswith("svg/") for name in files) == 19
    # the same command again gives the same bytes
    run("kit", "--out", str(tmp_path / "again"), "--board-paper", "a2")
    assert _tree(tmp_path / "again") == files


def test_kit_without_svgs_and_on_letter(tmp_path):
    result = run("kit", "--out", str(tmp_path), "--paper", "letter", "--no-svg", "--ink-saver", "--greyscale")
    assert result.exit_code == 0
    assert list(_tree(tmp_path)) == ["sectionx-kit.manifest.json", "sectionx-kit.pdf"]


def test_kit_refuses_what_cannot_be_printed_and_writes_nothing(tmp_path):
    out = tmp_path / "kit"
    for args, words in [
        (["--board-paper", "a3"], "does not fit A3"),
        (["--paper", "b5"], "paper 'b5' is not in this template"),
        (["--board", "nowhere.yaml"], "nowhere.yaml"),
    ]:
        result = runner.invoke(app, ["kit", "--out", str(out), *args])
        assert result.exit_code == 2, args  # USAGE: an option that cannot be carried out
        assert words in result.output, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert not out.exists() or not any(out.iterdir()), args
    for args, words in [
        (["--tiles", "tests/invalid/format/catalogue_file_bad_feature.yaml"], "catalogue_file_bad_feature.yaml"),
    ]:
        result = runner.invoke(app, ["kit", "--out", str(out), *args])
        assert result.exit_code == 1, args  # INVALID: the file named breaks its format
        assert words in result.output, (args, result.output)
        assert len(result.output.strip().splitlines()) == 1, result.output
        assert not out.exists() or not any(out.iterdir()), args


def test_kit_refuses_a_bad_template_naming_its_line(tmp_path):
    template = tmp_path / "mine.yaml"
    template.write_text("sizes:\n  tile: 40\n  bleed: lots\ncolours:\n  red: crimson\n")
    result = runner.invoke(app, ["kit", "--out", str(tmp_path / "kit"), "--template", str(template)])
    assert result.exit_code == 1  # INVALID: the template breaks its format
    lines = result.output.strip().splitlines()
    assert any(line.startswith(f"{template}:3:10:") and "(template)" in line for line in lines), lines
    assert any(line.startswith(f"{template}:5:8:") for line in lines), lines
    assert not (tmp_path / "kit").exists()


def test_kit_template_changes_the_tile_size_for_tiles_and_board(tmp_path):
    template = tmp_path / "big.yaml"
    template.write_text("sizes:\n  tile: 44\n")
    assert run("kit", "--out", str(tmp_path / "kit"), "--template", str(template), "--no-svg").exit_code == 0
    from sectionx.render.theme import load_theme

    assert load_theme(template).tile == 44 and load_theme(template).bleed == load_theme().bleed


def test_kit_paper_too_small_for_a_piece_is_one_line(tmp_path):
    template = tmp_path / "tiny.yaml"
    template.write_text("margin: 5\npaper:\n  tiny: [100, 100]\n")
    result = runner.invoke(app, ["kit", "--out", str(tmp_path / "kit"), "--template", str(template), "--paper", "tiny"])
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1, result.output
    assert "not fit" in result.output
    assert not (tmp_path / "kit").exists() or not any((tmp_path / "kit").iterdir())


def test_kit_tile_size_keeps_the_size_rules(tmp_path):
    result = runner.invoke(app, ["kit", "--out", str(tmp_path), "--tile-size", "20"])
    assert result.exit_code == 2 and "--tile-size: " in result.output and "(T2)" in result.output
    assert not any(tmp_path.iterdir())


def test_kit_folder_holds_one_kit(tmp_path):
    run("kit", "--out", str(tmp_path), "--board-paper", "a2")
    mine = tmp_path / "notes.txt"
    mine.write_text("mine")
    run("kit", "--out", str(tmp_path), "--paper", "letter", "--board-paper", "a1")
    names = set(_tree(tmp_path))
    assert "sectionx-board-a1.pdf" in names and "sectionx-board-a2.pdf" not in names
    assert "svg/board-a1.svg" in names and "svg/board-a2.svg" not in names
    assert sum(n.startswith("svg/") and n[4:6].isdigit() for n in names) == 18  # letter: 18 pages (18 tiles a sheet), none left from A4
    assert mine.read_text() == "mine"


def test_kit_out_must_be_a_folder(tmp_path):
    target = tmp_path / "file.pdf"
    target.write_text("x")
    result = runner.invoke(app, ["kit", "--out", str(target)])
    assert result.exit_code == 2 and "names a folder" in result.output
    assert target.read_text() == "x"


# ------------------------------------------------------------------ issue 26: one command line for every game

GAMES = [("sectionx", ["--players", "2", "--seed", "5"]), ("breakout", []), ("hekla", ["--seed", "1"])]


@pytest.mark.parametrize(("game", "args"), GAMES)
def test_play_says_how_the_game_ended_on_stderr_in_one_line(game, args):
    result = run("play", "--game", game, *args)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("play: game over after ") and " turns" in lines[0], lines
    assert "actions:" in result.stdout and "play:" not in result.stdout  # the record alone on stdout


@pytest.mark.parametrize(("game", "args"), GAMES)
def test_replay_show_names_the_move_before_each_position(tmp_path, game, args):
    record = tmp_path / "r.yaml"
    run("play", "--game", game, *args, "-o", str(record))
    lines = run("replay", "--show", str(record)).stdout.splitlines()
    first = lines.index("After turn 1")
    assert re.fullmatch(r"Turn 1, (red|blue|yellow|green|purple): \S.*", lines[first - 1]), lines[first - 1]
    second = lines.index("After turn 2")
    assert lines[second - 1].startswith("Turn 2, ")


@pytest.mark.parametrize("file", ["scenarios/midgame-4p.yaml", "scenarios/breakout/figure-bar.yaml",
                                  "scenarios/hekla/figure-4.yaml"])
def test_show_explains_its_symbols_for_every_game(file):
    text = run("show", file).stdout
    assert "\nLegend: " in text
    legend = text[text.index("Legend: "):]
    # Every game's legend names its empty field and its pieces' letters.
    assert ". " in legend or ". an empty field" in legend


@pytest.mark.parametrize("game", ["breakout", "hekla"])
def test_new_refuses_a_seed_where_the_set_up_has_no_chance(game):
    """A seed that changes nothing was silently ignored (B1, HG5): refused in one line."""
    result = runner.invoke(app, ["new", "--game", game, "--seed", "3"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.startswith("sectionx: --seed: a new ") and result.stderr.count("\n") == 1
    assert run("new", "--game", game).stdout  # without it, the set-up


def test_counts_in_messages_are_singular_for_one():
    from sectionx.console import plural

    assert [plural(n, "turn") for n in (0, 1, 2, 1204)] == ["0 turns", "1 turn", "2 turns", "1,204 turns"]
    assert plural(1, "puzzle file", "puzzle files") == "1 puzzle file"
    result = runner.invoke(app, ["validate", "tests/invalid/format/unknown_key_top.yaml"])
    assert result.stderr.strip().endswith("in 1 of 1 file") and "(s)" not in result.output


def _options(command: str) -> dict[str, object]:
    """Each option of a command by its long name, as click holds it."""
    return {p.opts[0]: p for p in COMMANDS[command].params if p.opts and p.opts[0].startswith("--")}


def test_options_mean_the_same_in_every_command():
    """The README's table "options mean the same everywhere": -n is --players, -o
    --out, -f --format, -w --workers, -g --games; --seed takes 0 to MAX_SEED; --format
    is the form of the output in every command that has it."""
    from sectionx.yamlsrc import MAX_SEED

    shorts: dict[str, set[str]] = {}
    for name in COMMANDS:
        for long, param in _options(name).items():
            for short in (o for o in param.opts + param.secondary_opts if not o.startswith("--")):
                shorts.setdefault(short, set()).add(long)
            if long == "--seed":
                assert (param.min, param.max) == (0, MAX_SEED), name
            if long == "--format":
                assert "-f" in param.opts, name
                assert param.help.startswith("The form of the "), (name, param.help)
    assert {s: longs for s, longs in shorts.items() if len(longs) > 1} == {}, shorts
    assert shorts["-n"] == {"--players"} and shorts["-o"] == {"--out"} and shorts["-f"] == {"--format"}


@pytest.mark.parametrize(("args", "made"), [
    (["render", "scenarios/midgame-4p.yaml"], "output/midgame-4p.svg"),
    (["render", "scenarios/midgame-4p.yaml", "--format", "pdf"], "output/midgame-4p.pdf"),
    (["illustrate", "scenarios/breakout/figure-bar.yaml", "-f", "svg"], "output/figure-bar.svg"),
    (["sheet", "scenarios/puzzle-first-escape.yaml"], "output/puzzle-first-escape-sheet.pdf"),
    (["new", "--game", "hekla", "-o", "h.yaml"], "h.yaml"),
])
def test_files_go_under_output_unless_o_says_where(tmp_path, monkeypatch, args, made):
    root = Path(__file__).resolve().parent.parent
    monkeypatch.chdir(tmp_path)
    args = [str(root / a) if a.startswith("scenarios/") else a for a in args]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert (tmp_path / made).is_file(), sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*"))
    kind = made.rsplit(".", 1)[1]
    assert (tmp_path / made).read_bytes().startswith(b"%PDF" if kind == "pdf" else b"<?xml" if kind == "svg" else b"")


def test_format_and_the_name_of_o_must_agree_and_format_names_the_form(tmp_path):
    scenario = str(Path(__file__).resolve().parent.parent / "scenarios" / "midgame-4p.yaml")
    refused = runner.invoke(app, ["render", scenario, "-o", str(tmp_path / "x.svg"), "--format", "pdf"])
    assert refused.exit_code == 2 and "its name says svg, --format says pdf" in refused.stderr
    assert not (tmp_path / "x.svg").exists()
    written = runner.invoke(app, ["render", scenario, "-o", str(tmp_path / "picture"), "--format", "pdf"])
    assert written.exit_code == 0 and (tmp_path / "picture").read_bytes().startswith(b"%PDF")
    for command in (["validate", scenario], ["solve", scenario], ["render", scenario], ["manual"],
                    ["simulate", "--games", "1"]):
        result = runner.invoke(app, [*command, "--format", "docx"])
        assert result.exit_code == 2 and result.stderr.startswith("sectionx: --format 'docx': this command "), command


# ------------------------------------------------------------------ exit statuses: one per kind of failure (issue 26)

ROOT = Path(__file__).resolve().parent.parent
BAD = ROOT / "tests" / "invalid" / "format" / "unknown_key_top.yaml"  # a file that breaks the format
GOOD = {"POSITION": ROOT / "scenarios" / "midgame-4p.yaml", "PUZZLE": ROOT / "scenarios" / "puzzle-first-escape.yaml",
        "FIGURE": ROOT / "scenarios" / "breakout" / "figure-bar.yaml", "RECORD": ROOT / "tests" / "golden" / "play-2p-seed5.yaml"}

#: For every command: a value an option does not take (USAGE), an input that breaks the
#: format (INVALID), an output that cannot be written (USAGE).  A missing input (USAGE)
#: is test_bad_input.py's READERS.
STATUSES = {
    "validate": (["validate", "POSITION", "--format", "docx"], ["validate", "BAD"], None),
    "show": (["show", "POSITION", "--nope"], ["show", "BAD"], None),
    "new": (["new", "--game", "nope"], ["new", "--board", "BAD"], ["new", "-o", "OUT/no/such/folder/x.yaml"]),
    "replay": (["replay", "RECORD", "--nope"], ["replay", "BADRECORD"], None),
    "play": (["play", "--bots", "nope"], None, ["play", "--game", "breakout", "-o", "OUT/no/such/folder/x.yaml"]),
    "simulate": (["simulate", "--games", "1", "--format", "docx"], None, None),
    "schema": (["schema", "--nope"], None, ["schema", "-o", "OUT/no/such/folder/x.json"]),
    "kit": (["kit", "--paper", "b5", "--out", "OUT/kit"], ["kit", "--template", "BAD", "--out", "OUT/kit"],
            ["kit", "--game", "hekla", "--out", "BLOCKER"]),
    "solve": (["solve", "PUZZLE", "--format", "docx"], ["solve", "BAD"],
              ["solve", "PUZZLE", "-o", "OUT/no/such/folder/x.yaml"]),
    "render": (["render", "POSITION", "--format", "docx"], ["render", "BAD"],
               ["render", "POSITION", "-o", "OUT/no/such/folder/x.svg"]),
    "sheet": (["sheet", "PUZZLE", "--paper", "b5", "-o", "OUT/x.pdf"], ["sheet", "BAD", "-o", "OUT/x.pdf"],
              ["sheet", "PUZZLE", "-o", "OUT/no/such/folder/x.pdf"]),
    "illustrate": (["illustrate", "FIGURE", "--format", "docx"], ["illustrate", "BAD"],
                   ["illustrate", "FIGURE", "-o", "OUT/no/such/folder/x.svg"]),
    "generate": (["generate", "--difficulty", "nope", "-o", "OUT/set"], None, ["generate", "--count", "1", "-o", "BLOCKER"]),
    "deck": (["deck", "SET", "--paper", "b5"], ["deck", "BADSET", "-o", "OUT/x.pdf"],
             ["deck", "SET", "-o", "OUT/no/such/folder/x.pdf"]),
    "book": (["book", "SET", "--format", "docx"], ["book", "BADSET", "-o", "OUT/x.pdf"],
             ["book", "SET", "-o", "OUT/no/such/folder/x.pdf"]),
    "examples": (["examples", "--nope"], None, ["examples", "-o", "BLOCKER"]),
    # The studio serves a folder: a port it cannot take is the command line's (it writes no output file).
    "studio": (["studio", "OUT", "--no-browser", "--port", "70000"], None, None),
    "manual": (["manual", "--lang", "zz", "-o", "OUT/m.pdf"], ["manual", "--template", "BAD", "-o", "OUT/m.pdf"],
               ["manual", "--game", "breakout", "-o", "OUT/no/such/folder/m.pdf"]),
}


def test_every_command_is_in_the_table_of_exit_statuses():
    assert set(STATUSES) == set(COMMANDS)


@pytest.mark.parametrize(("command", "kind"), [(c, k) for c in sorted(STATUSES) for k in range(3)
                                               if STATUSES[c][k] is not None],
                         ids=lambda v: v if isinstance(v, str) else ("option", "invalid input", "output")[v])
def test_each_kind_of_failure_has_its_exit_status(tmp_path, command, kind):
    """The README's table: 2 for a command line that cannot be carried out (an option's
    value, an output that cannot be written), 1 for an input that breaks the format,
    in every command; one line or located lines on stderr, nothing on stdout, no file."""
    out = tmp_path / "out"
    out.mkdir()
    (tmp_path / "blocker").write_text("a file where a folder should be\n")
    puzzle = ROOT / "scenarios" / "puzzles" / "deck" / "beginner-001.yaml"
    for name, text in (("set", puzzle.read_text()), ("badset", BAD.read_text())):
        (tmp_path / name).mkdir()
        (tmp_path / name / "beginner-001.yaml").write_text(text)
    (tmp_path / "bad-record.yaml").write_text(GOOD["RECORD"].read_text().replace("  - take 3\n", "  - jump 3\n", 1))
    given = {**{k: str(v) for k, v in GOOD.items()}, "BAD": str(BAD), "OUT": str(out), "SET": str(tmp_path / "set"),
             "BADSET": str(tmp_path / "badset"), "BLOCKER": str(tmp_path / "blocker"),
             "BADRECORD": str(tmp_path / "bad-record.yaml")}

    def fill(word: str) -> str:
        head, slash, rest = word.partition("/")
        return given[head] + slash + rest if head in given else word

    result = runner.invoke(app, [fill(w) for w in STATUSES[command][kind]])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == (2, 1, 2)[kind], (result.exit_code, result.output)
    assert result.stdout == "" or command in ("validate", "show"), result.stdout  # validate/show print what they found
    assert result.stderr.strip() and "Traceback" not in result.output
    assert not any(out.rglob("*.*")) and (tmp_path / "blocker").read_text() == "a file where a folder should be\n"


@pytest.mark.parametrize("command", ["deck", "book"])
def test_deck_and_book_honour_time_for_each_puzzle(tmp_path, monkeypatch, command):
    """deck and book gained --time (issue 26): each puzzle's search is limited by it,
    and a search it stops is refused as a limit (exit 4) naming --time."""
    from sectionx.games.sectionx import puzzleset
    from sectionx.search import Limit

    (tmp_path / "set").mkdir()
    for name in ("beginner-001.yaml", "expert-007.yaml"):
        (tmp_path / "set" / name).write_bytes((ROOT / "scenarios" / "puzzles" / "deck" / name).read_bytes())
    seen = []
    real = puzzleset.solve_puzzle

    def spy(scenario, limit, **kwargs):
        seen.append(limit.seconds)
        return real(scenario, limit, **kwargs)

    monkeypatch.setattr(puzzleset, "solve_puzzle", spy)
    result = runner.invoke(app, [command, str(tmp_path / "set"), "-o", str(tmp_path / "x.pdf"), "--time", "7.5"])
    assert result.exit_code == 0, result.output
    assert seen == [7.5, 7.5]

    def out_of_time(scenario, limit, **kwargs):  # as if each search ran out of its time at once
        return real(scenario, Limit(turns=limit.turns, nodes=limit.nodes, seconds=1e-9), **kwargs)

    monkeypatch.setattr(puzzleset, "solve_puzzle", out_of_time)
    result = runner.invoke(app, [command, str(tmp_path / "set"), "-o", str(tmp_path / "y.pdf"), "--time", "0.5"])
    assert result.exit_code == 4 and "(--time)" in result.stderr, result.output
    assert not (tmp_path / "y.pdf").exists()


def test_a_closed_pipe_ends_the_command_quietly():
    """``sectionx ... | head`` said "sectionx: Broken pipe": it ends quietly, status 141,
    as a tool killed by SIGPIPE (the README's table)."""
    # Megabytes of text (a picture after each of 1,564 turns): more than a pipe holds.
    child = subprocess.Popen([sys.executable, "-m", "sectionx", "replay", "--show", "tests/golden/play-2p-seed5.yaml"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert child.stdout is not None and child.stderr is not None
    child.stdout.read(10)  # the reader takes a little, then goes away (as head -c 10 does)
    child.stdout.close()
    err = child.stderr.read()
    assert child.wait(timeout=60) == 141 and err == b"", err


def test_examples_writes_the_files_the_help_names_and_never_replaces_one(tmp_path):
    """Issue 26: an installed sectionx has the example files its help texts name; in a
    clone, scenarios/ is a link to the same packaged files (one copy)."""
    root = Path(__file__).resolve().parent.parent
    out = tmp_path / "scenarios"
    result = runner.invoke(app, ["examples", "-o", str(out)])
    assert result.exit_code == 0, result.output
    written = {p.relative_to(out): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    shipped = {p.relative_to(root / "scenarios"): p.read_bytes() for p in (root / "scenarios").rglob("*")
               if p.is_file() and p.suffix in (".yaml", ".md")}
    assert written == shipped and Path("puzzle-first-escape.yaml") in written
    assert (root / "scenarios").resolve() == (root / "sectionx" / "examples").resolve()
    mine = out / "midgame-4p.yaml"
    mine.write_text("my own notes\n")
    again = runner.invoke(app, ["examples", "-o", str(out)])
    assert again.exit_code == 2 and "already exists" in again.output and again.output.count("\n") == 1
    assert mine.read_text() == "my own notes\n"
