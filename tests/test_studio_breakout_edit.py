"""Breakout's palette in the studio's editor (issue 31, "Edit";
sectionx.games.breakout.studioedit): shipped positions built from the blank file by
clicks alone, every tool placed then erased giving the text back byte for byte, an
edit touching only its own line of a commented file, refusals naming their rulings
(B1, B4, BW1, BW2), and random edits that never raise and always give YAML."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.api import NewOptions
from sectionx.games.breakout import formats
from sectionx.games.breakout.commands import COMMANDS
from sectionx.games.breakout.rules import Player
from sectionx.games.breakout.studio import BreakoutTable
from sectionx.games.breakout.studioedit import ORDER
from sectionx.studio.table import Refusal
from sectionx.yamlsrc import LoadError, parse_yaml, read_yaml

from .studio_tables import changed_lines, opened, studio_poster

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "scenarios" / "breakout" / "puzzles").glob("*.yaml"))
FIGURE = ROOT / "scenarios" / "breakout" / "figure-bar.yaml"
BLANK = COMMANDS.new(NewOptions(players=2))  # what sectionx new --game breakout writes
LETTER = {Player.YELLOW: "y", Player.BLUE: "b", None: "."}


def table_of(text: str, name: str = "edited.yaml") -> BreakoutTable:
    return opened(BreakoutTable, COMMANDS, Path(name), text)


def edited(t: BreakoutTable, text: str, tool: str, spot: str) -> str:
    assert spot in {s.id for s in t.picture().spots}, spot
    out = t.edit(text, tool, spot)
    assert isinstance(out, str), f"{tool} on {spot}: {out}"
    return out


def refusal(t: BreakoutTable, text: str, tool: str, spot: str, option: str = "") -> Refusal:
    out = t.edit(text, tool, spot, option)
    assert isinstance(out, Refusal), f"{tool} on {spot} was made"
    return out


def setting(t: BreakoutTable, text: str, tool: str, option: str) -> str:
    """``text`` after the whole-file tool ``tool`` is set to ``option``, as the page
    sends it (the spot ``""``)."""
    assert option in next(x for x in t.tools() if x.id == tool and x.whole).options, (tool, option)
    out = t.edit(text, tool, "", option)
    assert isinstance(out, str), f"{tool} = {option}: {out}"
    return out


def test_the_palette():
    t = table_of(BLANK)
    assert [(x.id, x.group, x.whole) for x in t.tools()] == [
        ("knot:yellow", "Knots", False), ("knot:blue", "Knots", False), ("figure:yellow", "Figures", False),
        ("figure:blue", "Figures", False), ("bar", "Bar", False), ("erase", "Erase", False),
        ("goal:turns", "Puzzle", True), ("goal:opponent", "Puzzle", True), ("to_move", "Puzzle", True),
        ("goal:none", "Puzzle", True)]
    assert all(x.options == () for x in t.tools() if not x.whole)  # the board's tools take no option
    options = {x.id: x.options for x in t.tools() if x.whole}
    assert options["goal:turns"] == ("1", "2", "3", "4", "5", "6")
    assert options["goal:opponent"] == ("defends", "passes") and options["to_move"] == ("yellow", "blue")
    # A puzzle has the same palette (its settings showing its own values); a rule figure
    # sets no puzzle: whose push only.
    puzzle = table_of(PUZZLES[0].read_text(encoding="utf-8")).tools()
    assert [(x.id, x.options) for x in puzzle] == [(x.id, x.options) for x in t.tools()]
    figure = table_of(FIGURE.read_text(encoding="utf-8"))
    assert [x.id for x in figure.tools() if x.whole] == ["to_move"]


@pytest.mark.parametrize("path", [PUZZLES[3], PUZZLES[5], PUZZLES[11], FIGURE], ids=lambda p: p.stem)
def test_a_shipped_position_built_from_the_blank_file_by_clicks(path):
    """Knots field by field, the bar, the figures in the order tops lists them, all
    clicked on the blank wall's own spots; whose push and the goal set in the palette."""
    shipped = formats.read(read_yaml(path))
    want = shipped.position
    t = table_of(BLANK)  # the studio edits with the last valid table's spots: the blank one
    text = BLANK
    for r in range(1, want.wall.rows + 1):
        for c in range(1, want.wall.fields + 1):
            who = want.at(r, c)
            if who is not None:
                text = edited(t, text, f"knot:{who.value}", f"field:{r}.{c}")
    for who, column in want.tops:
        text = edited(t, text, f"figure:{who.value}", f"top:{column}")
    if want.barred is not None:
        text = edited(t, text, "bar", f"push:{want.barred}")
    text = setting(t, text, "to_move", want.to_move.value)  # the blank file's yellow: unchanged
    if shipped.goal is not None:
        text = setting(t, text, "goal:turns", str(shipped.goal.turns))
        text = setting(t, text, "goal:opponent", "passes" if shipped.goal.passes else "defends")
    got = formats.read(parse_yaml(text, "built.yaml"))
    assert got.position == want and got.goal == shipped.goal
    # Written as the house writes it: one row a line, quoted, the new keys after to_move.
    rows = ["".join(LETTER[want.at(r, c)] for c in range(1, want.wall.fields + 1)) for r in range(5, 0, -1)]
    assert [f'  - "{row}"' for row in rows] == [line for line in text.splitlines() if line.startswith("  - ")]
    keys = [line.split(":")[0] for line in text.splitlines() if line and line[0].isalpha()]
    assert keys == [k for k in ORDER if k in keys]
    if want.tops:
        tops = "tops: [{player: blue, column: 2}, {player: yellow, column: 4}, {player: blue, column: 2}]"
        assert f"escaped: {{yellow: 1, blue: 2}}\n{tops}\n" in text


def _spot_for(t: BreakoutTable, tool: str) -> str | None:
    """A spot where ``tool`` adds something to ``t``'s position."""
    pos = t.position
    if tool.startswith("knot:"):
        if pos.hand(Player(tool.removeprefix("knot:"))) == 0:
            return None  # B1: no 14th knot
        return next((f"field:{r}.{c}" for r in range(1, pos.wall.rows + 1) for c in range(1, pos.wall.fields + 1)
                     if pos.at(r, c) is None), None)
    if tool.startswith("figure:"):
        return "top:3" if pos.escapes(Player(tool.removeprefix("figure:"))) < 3 else None
    return None if pos.barred is not None else "push:L2"


@pytest.mark.parametrize("path", [None, *PUZZLES, FIGURE], ids=lambda p: "blank" if p is None else p.stem)
def test_each_tool_placed_then_erased_gives_the_text_back_byte_for_byte(path):
    text = BLANK if path is None else path.read_text(encoding="utf-8")
    t = table_of(text)
    tried = 0
    for tool in [x.id for x in t.tools() if x.id != "erase" and not x.whole]:
        spot = _spot_for(t, tool)
        if spot is None:
            continue
        placed = edited(t, text, tool, spot)
        assert placed != text
        assert edited(t, placed, "erase", spot) == text, (tool, spot)
        tried += 1
    assert tried >= 4


def test_a_bar_placed_then_erased_keeps_the_blank_lines_that_close_the_file():
    """The bar written last takes the file's closing blank lines with it (ruamel keeps
    them as the last key's comment); erased, they go back to the key before it
    (yamledit.remove_key), where drop_key lost them."""
    text = BLANK + "\n\n"
    t = table_of(text)
    placed = edited(t, text, "bar", "push:R1")
    assert placed.endswith("to_move: yellow\nbarred: R1\n\n\n")
    assert edited(t, placed, "erase", "push:R1") == text


def test_erase_takes_off_one_thing_at_a_time_the_last_figure_first():
    text = FIGURE.read_text(encoding="utf-8")
    t = table_of(text)
    once = edited(t, text, "erase", "top:2")
    assert "escaped: {yellow: 1, blue: 1}\ntops: [{player: blue, column: 2}, {player: yellow, column: 4}]\n" in once
    twice = edited(t, once, "erase", "top:2")
    assert "escaped: {yellow: 1, blue: 0}\ntops: [{player: yellow, column: 4}]\n" in twice
    gone = edited(t, twice, "erase", "top:4")
    assert "escaped" not in gone and "tops" not in gone
    assert formats.read(parse_yaml(gone, "x.yaml")).position.escaped == (0, 0)
    assert "nothing to erase" in refusal(t, gone, "erase", "top:4").message
    # A knot of the other colour replaces the one there; the same colour changes nothing.
    assert edited(t, text, "knot:blue", "field:1.1").count('"b.b.."') == 1
    assert edited(t, text, "knot:yellow", "field:1.1") == text
    assert edited(t, text, "bar", "push:L3").count("barred: L3") == 1


@pytest.mark.parametrize("path", [PUZZLES[11], FIGURE], ids=lambda p: p.stem)
def test_an_edit_keeps_the_comments_and_key_order_and_touches_only_its_line(path):
    text = path.read_text(encoding="utf-8")
    t = table_of(text)
    changed = 0
    for tool, spot in [("knot:yellow", "field:5.5"), ("erase", "field:4.2"), ("knot:blue", "field:2.3"),
                       ("knot:blue", "field:4.5")]:
        out = t.edit(text, tool, spot)
        if isinstance(out, Refusal) or out == text:
            continue
        changed += 1
        diff = changed_lines(text, out)
        assert len(diff) == 2, diff  # one row line out, the same row with one character changed in
        old, new = diff[0][1:], diff[1][1:]
        assert len(old) == len(new) and sum(a != b for a, b in zip(old, new, strict=True)) == 1
    assert changed >= 2
    bar = edited(t, text, "bar", "push:R1")
    assert changed_lines(text, bar) == ["+barred: R1"]
    lines = bar.splitlines()
    assert lines.index("barred: R1") == lines.index("to_move: yellow") + (3 if path == FIGURE else 1)
    assert [line for line in bar.splitlines() if line.startswith("#")] == \
        [line for line in text.splitlines() if line.startswith("#")]


def test_refusals_name_why():
    t = table_of(BLANK)
    why = refusal(t, BLANK, "figure:blue", "field:3.3")
    assert why.rules == ("BW2",) and "wall top" in why.message
    assert not why.message.endswith("(BW2)")  # the page shows the id beside the words: not said twice
    assert refusal(t, BLANK, "knot:yellow", "push:L3").rules == ("BW1",)
    assert refusal(t, BLANK, "knot:yellow", "top:3").rules == ("BW1",)
    assert refusal(t, BLANK, "bar", "field:3.3").rules == ("B4",)
    assert refusal(t, BLANK, "bar", "top:1").rules == ("B4",)
    assert refusal(t, BLANK, "figure:blue", "push:R2").rules == ("BW2",)
    assert "nothing to erase" in refusal(t, BLANK, "erase", "field:3.3").message
    assert refusal(t, BLANK, "erase", "push:L1").rules == ("B4",)
    assert refusal(t, BLANK, "knot:yellow", "field:6.1").rules == ("BW1",)
    assert refusal(t, BLANK, "figure:yellow", "top:6").rules == ("BW2",)
    assert refusal(t, BLANK, "bar", "push:R9").rules == ("BW1",)
    assert "not a tool" in refusal(t, BLANK, "stone:3", "field:1.1").message
    assert "not a place" in refusal(t, BLANK, "erase", "cell:0,0").message
    # B1: 13 knots and 3 figures of a colour, no more.
    full = BLANK
    for n in range(13):
        full = edited(t, full, "knot:yellow", f"field:{n // 5 + 1}.{n % 5 + 1}")
    assert refusal(t, full, "knot:yellow", "field:5.5").rules == ("B1",)
    assert isinstance(t.edit(full, "knot:blue", "field:5.5"), str)
    three = BLANK
    for _ in range(3):
        three = edited(t, three, "figure:blue", "top:1")
    assert refusal(t, three, "figure:blue", "top:1").rules == ("B1",)
    with pytest.raises(LoadError):  # a third escape is written; validate says the game is over (B8)
        formats.read(parse_yaml(three, "x.yaml"))
    # Text the editor cannot change is refused, never raised.
    assert isinstance(t.edit("wall: [", "erase", "field:1.1"), Refusal)
    assert isinstance(t.edit("- a list\n", "knot:blue", "field:1.1"), Refusal)
    assert refusal(t, "game: breakout\nwall: 3\n", "knot:blue", "field:1.1").rules == ("BW1",)
    assert isinstance(t.edit("game: breakout\nwall: ['...']\nescaped: 2\n", "figure:blue", "top:1"), Refusal)
    unplaced = BLANK + "escaped: {yellow: 0, blue: 1}\n"  # valid: tops: is optional
    formats.read(parse_yaml(unplaced, "x.yaml"))
    assert refusal(t, unplaced, "figure:yellow", "top:2").rules == ("BW2",)


def test_a_record_has_no_palette(tmp_path):
    record = tmp_path / "game.yaml"
    result = CliRunner().invoke(app, ["play", "--game", "breakout", "--seed", "3", "-o", str(record)])
    assert result.exit_code == 0, result.output
    t = COMMANDS.table(record, read_yaml(record))
    assert isinstance(t, BreakoutTable) and t.kind == "record" and t.tools() == ()
    assert isinstance(t.edit(record.read_text(), "knot:yellow", "field:1.1"), Refusal)


TOOLS = ["knot:yellow", "knot:blue", "figure:yellow", "figure:blue", "bar", "erase", "erase", "stone:1", "",
         "goal:turns", "goal:opponent", "to_move", "goal:none"]
# Mostly the wall's own spots (so that most edits are made), then spots beyond it and junk.
_FIELDS = st.builds(lambda r, c: f"field:{r}.{c}", st.integers(1, 5), st.integers(1, 5))
SPOTS = st.one_of(
    _FIELDS, _FIELDS, _FIELDS,
    st.builds(lambda c: f"top:{c}", st.integers(1, 5)),
    st.builds(lambda s, r: f"push:{s}{r}", st.sampled_from("LR"), st.integers(1, 5)),
    st.builds(lambda r, c: f"field:{r}.{c}", st.integers(0, 7), st.integers(0, 7)),
    st.builds(lambda c: f"top:{c}", st.integers(0, 7)),
    st.builds(lambda s, r: f"push:{s}{r}", st.sampled_from("LRX"), st.integers(0, 7)),
    st.sampled_from(["push:pass", "field:", "top:x", "field:1.a", "top:", "", "field:².1"]),
    st.text(max_size=8))


@settings(max_examples=60, deadline=None)
@given(start=st.sampled_from([None, PUZZLES[0], PUZZLES[5], FIGURE]),
       steps=st.lists(st.tuples(st.sampled_from(TOOLS), SPOTS, st.text(max_size=3)), max_size=12))
def test_random_edits_never_raise_and_always_give_yaml(start, steps):
    text = BLANK if start is None else start.read_text(encoding="utf-8")
    t = table_of(text)
    for tool, spot, option in steps:
        out = t.edit(text, tool, spot, option)
        if isinstance(out, Refusal):
            assert out.message
            continue
        parse_yaml(out, "edited.yaml")  # always YAML, valid or not
        try:
            pos = formats.read(parse_yaml(out, "edited.yaml")).position
        except LoadError:
            pos = None
        if pos is not None and tool.startswith("knot:"):  # a placed knot is in the wall where it was clicked
            r, c = (int(v) for v in spot.removeprefix("field:").split("."))
            assert pos.at(r, c) is Player(tool.removeprefix("knot:"))
        if pos is not None and spot.startswith("field:") and tool == "erase":
            r, c = (int(v) for v in spot.removeprefix("field:").split("."))
            assert pos.at(r, c) is None
        text = out


def test_the_studio_edits_a_breakout_file_through_its_palette(tmp_path):
    """POST /api/edit: the palette listed with the editor's view, an edit's new text
    checked live, a refusal's words and ruling on the page."""
    (tmp_path / "wall.yaml").write_text(BLANK, encoding="utf-8")
    token = "breakout-edit-token-0123"
    post = studio_poster(tmp_path, token)

    view = post("/api/check", {"path": "wall.yaml", "text": BLANK})
    assert view["ok"] and [t["id"] for t in view["tools"]][:2] == ["knot:yellow", "knot:blue"]
    assert {"top:1", "field:1.1", "push:L1"} <= {s["id"] for s in view["spots"]}
    out = post("/api/edit", {"path": "wall.yaml", "text": BLANK, "tool": "knot:blue", "spot": "field:1.3"})
    assert out["ok"] and '  - "..b.."\nto_move: yellow\n' in str(out["text"])
    out = post("/api/edit", {"path": "wall.yaml", "text": BLANK, "tool": "bar", "spot": "push:L1"})
    assert not out["ok"] and "barred: L1" in str(out["text"])  # written, and validate says why not (B4)
    assert any("B4" in str(p) for p in out["problems"])
    out = post("/api/edit", {"path": "wall.yaml", "text": BLANK, "tool": "figure:blue", "spot": "field:1.3"})
    assert out["rules"] == ["BW2"] and "wall top" in str(out["refused"])
    # A setting of the whole file: the spot "", its option; the position becomes a puzzle.
    whole = {t["id"]: t for t in view["tools"] if t.get("whole")}
    assert set(whole) == {"goal:turns", "goal:opponent", "to_move", "goal:none"}
    out = post("/api/edit", {"path": "wall.yaml", "text": BLANK, "tool": "goal:turns", "spot": "", "option": "3"})
    assert out["ok"] and str(out["text"]) == BLANK + "goal: {escape_within: 3, opponent: defends}\n"
    out = post("/api/edit", {"path": "wall.yaml", "text": BLANK, "tool": "goal:opponent", "spot": "", "option": "passes"})
    assert out["rules"] == ["BQ1"] and "turns first" in str(out["refused"])


# ---------------------------------------------------------------------- the puzzle's settings (whole-file tools)


def _goal_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("goal:"))


@pytest.mark.parametrize("path", [None, *PUZZLES, FIGURE], ids=lambda p: "blank" if p is None else p.stem)
def test_each_setting_reads_back_and_set_back_gives_the_text_byte_for_byte(path):
    """Every option of every setting on a shipped file: the loader reads back what was
    set (BQ1's goal, whose push), the rest of the position untouched, only the setting's
    line changed; setting the file's own value back gives its text byte for byte."""
    text = BLANK if path is None else path.read_text(encoding="utf-8")
    t = table_of(text)
    before = formats.read(parse_yaml(text, "before.yaml"))
    settings_ = {x.id: x.options for x in t.tools() if x.whole}
    for who in settings_["to_move"]:
        out = setting(t, text, "to_move", who)
        got = formats.read(parse_yaml(out, "x.yaml"))
        assert got.position.to_move is Player(who) and got.goal == before.goal
        assert got.position.rows == before.position.rows and got.position.tops == before.position.tops
        assert len(changed_lines(text, out)) == (0 if who == before.position.to_move.value else 2)
        assert setting(t, out, "to_move", before.position.to_move.value) == text
    if "goal:turns" not in settings_:
        assert path == FIGURE  # a rule figure sets no puzzle
        return
    for turns in settings_["goal:turns"]:
        out = setting(t, text, "goal:turns", turns)
        got = formats.read(parse_yaml(out, "x.yaml"))
        assert got.goal == formats.Goal(int(turns), before.goal.passes if before.goal else False)
        assert got.position == before.position and got.has_answer == before.has_answer
        if before.goal is not None:
            assert [line[0] for line in changed_lines(text, out)] in ([], ["-", "+"])
            assert setting(t, out, "goal:turns", str(before.goal.turns)) == text
        else:  # a position becomes a puzzle: the goal written where the house writes it, last here
            assert out == text + f"goal: {{escape_within: {turns}, opponent: defends}}\n"
            assert table_of(out).kind == "puzzle"
    if before.goal is None:
        assert refusal(t, text, "goal:opponent", "", "passes").rules == ("BQ1",)
        assert refusal(t, text, "goal:none", "", settings_["goal:none"][0]).rules == ("BQ1",)
        return
    for opponent in settings_["goal:opponent"]:
        out = setting(t, text, "goal:opponent", opponent)
        got = formats.read(parse_yaml(out, "x.yaml"))
        assert got.goal == formats.Goal(before.goal.turns, opponent == "passes")
        assert setting(t, out, "goal:opponent", "passes" if before.goal.passes else "defends") == text
    out = setting(t, text, "goal:none", settings_["goal:none"][0])
    got = formats.read(parse_yaml(out, "x.yaml"))
    assert got.goal is None and not got.has_answer and got.grade is None and got.position == before.position
    assert table_of(out).kind == "position"
    assert [line for line in changed_lines(text, out) if line[0] == "+"] == []  # lines taken off, none written
    assert {line.split(":")[0] for line in changed_lines(text, out)} <= {"-goal", "-answer", "-grade"}


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_a_puzzle_set_up_by_clicks_and_settings_alone_solves_to_its_answer(path):
    """The blank file, knots clicked field by field as the page drives the editor (each
    edit on the last valid table), then whose push, the goal's turns and its opponent
    set in the palette: the file is the shipped puzzle's, and both the solver and the
    studio's solve prove the shipped answer (its turns, every winning first push)."""
    from sectionx.games.breakout.solver import solve
    from sectionx.studio.table import Limits

    from .studio_tables import Editor

    shipped = formats.read(read_yaml(path))
    want = shipped.position
    assert shipped.goal is not None
    editor = Editor(BLANK, table_of)
    for r in range(1, want.wall.rows + 1):
        for c in range(1, want.wall.fields + 1):
            if (who := want.at(r, c)) is not None:
                editor.use(f"knot:{who.value}", f"field:{r}.{c}")
    for who, column in want.tops:
        editor.use(f"figure:{who.value}", f"top:{column}")
    if want.barred is not None:
        editor.use("bar", f"push:{want.barred}")
    editor.use("to_move", "", want.to_move.value)
    editor.use("goal:turns", "", str(shipped.goal.turns))
    editor.use("goal:opponent", "", "passes" if shipped.goal.passes else "defends")
    # Written as the shipped file writes it, line for line from whose push to the goal.
    shipped_lines = path.read_text(encoding="utf-8").splitlines()
    lines = editor.text.splitlines()
    tail = shipped_lines[shipped_lines.index(f"to_move: {want.to_move.value}"):]
    assert lines[lines.index(f"to_move: {want.to_move.value}"):] == tail[:tail.index(_goal_line(editor.text)) + 1]
    got = formats.read(parse_yaml(editor.text, "built.yaml"))
    assert got.position == want and got.goal == shipped.goal
    answer = solve(got.position, got.goal.turns, solo=got.goal.passes)
    assert answer.complete and answer.turns == shipped.answer_turns
    assert shipped.answer_first is not None and set(answer.first) == set(shipped.answer_first)
    table = editor.table
    assert isinstance(table, BreakoutTable) and table.kind == "puzzle" and table.goal == shipped.goal
    solution = table.solve(Limits(), lambda _: None)
    assert solution.status == "solved" and solution.minimum == shipped.answer_turns
    for (push,) in solution.turns or ():  # the studio's line, played on the table, solves it
        after = table.play(push)
        assert isinstance(after, BreakoutTable), after
        table = after
    assert table.status().solved


def test_no_goal_then_the_goal_set_back_gives_the_puzzle_byte_for_byte():
    """A puzzle without answer: taken to a position and back by settings alone is its
    text again (the goal's line back in its place, the closing lines kept)."""
    for path in (PUZZLES[0], PUZZLES[6]):
        text = "\n".join(line for line in path.read_text(encoding="utf-8").splitlines()
                         if not line.startswith("answer:")) + "\n\n"
        t = table_of(text)
        goal = formats.read(parse_yaml(text, "x.yaml")).goal
        assert goal is not None
        position = setting(t, text, "goal:none", "make it a position")
        assert "goal" not in position and position.endswith("\n\n")
        back = setting(table_of(position), position, "goal:turns", str(goal.turns))
        if goal.passes:
            back = setting(table_of(back), back, "goal:opponent", "passes")
        assert back == text


def test_a_setting_keeps_quotes_and_the_comment_gap_of_its_line():
    text = ("# a puzzle typed by hand\ngame: breakout\nformat: 1\nwall:\n  - '.....'\n  - 'byyyb'\n"
            "to_move: 'blue'   # S pushes first\n"
            "goal: {escape_within: 5, opponent: defends}   # BQ1\n"
            "answer: {turns: 5}   # proved\n")
    t = table_of(text)
    out = setting(t, text, "goal:turns", "4")
    assert changed_lines(text, out) == ["-goal: {escape_within: 5, opponent: defends}   # BQ1",
                                        "+goal: {escape_within: 4, opponent: defends}   # BQ1"]
    out = setting(t, out, "goal:opponent", "passes")
    assert "goal: {escape_within: 4, opponent: passes}   # BQ1\n" in out
    out = setting(t, out, "to_move", "yellow")
    assert "to_move: 'yellow'   # S pushes first\n" in out
    assert setting(t, setting(t, setting(t, out, "to_move", "blue"), "goal:opponent", "defends"),
                   "goal:turns", "5") == text
    # A turn count the palette does not list but the format takes (BQ1: 1 to 30) is written.
    assert "escape_within: 12," in str(t.edit(text, "goal:turns", "", "12"))
    # A block goal keeps its block form.
    block = text.replace("goal: {escape_within: 5, opponent: defends}   # BQ1\n",
                         "goal:\n  escape_within: 5   # BQ1\n  opponent: defends\n")
    out = setting(t, block, "goal:turns", "3")
    assert changed_lines(block, out) == ["-  escape_within: 5   # BQ1", "+  escape_within: 3   # BQ1"]
    # A goal without opponent: (it defends, BQ1) gets one written into it.
    bare = text.replace(", opponent: defends", "")
    assert "goal: {escape_within: 5, opponent: passes}" in str(t.edit(bare, "goal:opponent", "", "passes"))


def test_settings_refused_name_why():
    t = table_of(BLANK)
    assert refusal(t, BLANK, "goal:turns", "", "0").rules == ("BQ1",)
    assert refusal(t, BLANK, "goal:turns", "", "31").rules == ("BQ1",)
    assert refusal(t, BLANK, "goal:turns", "", "three").rules == ("BQ1",)
    assert refusal(t, BLANK, "goal:turns", "", "²").rules == ("BQ1",)
    assert refusal(t, BLANK, "goal:opponent", "", "helps").rules == ("BQ1",)
    assert "set its turns first" in refusal(t, BLANK, "goal:opponent", "", "passes").message
    assert refusal(t, BLANK, "to_move", "", "red").rules == ("B1",)
    assert "position already" in refusal(t, BLANK, "goal:none", "", "make it a position").message
    assert "takes no spot" in refusal(t, BLANK, "goal:turns", "field:1.1", "3").message
    assert refusal(t, BLANK + "goal: 3\n", "goal:turns", "", "3").rules == ("BQ1",)
    # Whose push disagreeing with turns: is written; validate says why (B1).
    counted = BLANK + "turns: 2\n"
    out = setting(t, counted, "to_move", "blue")
    with pytest.raises(LoadError, match="B1"):
        formats.read(parse_yaml(out, "x.yaml"))


WHOLE = st.sampled_from(["goal:turns", "goal:opponent", "to_move", "goal:none"])
OPTIONS = st.one_of(st.sampled_from(["1", "2", "3", "6", "30", "0", "31", "defends", "passes", "yellow", "blue",
                                     "make it a position", "", "-1", "1.5"]), st.text(max_size=4))


@settings(max_examples=80, deadline=None)
@given(start=st.sampled_from([None, PUZZLES[0], PUZZLES[8], FIGURE]),
       steps=st.lists(st.tuples(WHOLE, st.sampled_from(["", "", "", "field:1.1", "x"]), OPTIONS), max_size=10))
def test_random_settings_never_raise_and_always_give_yaml(start, steps):
    text = BLANK if start is None else start.read_text(encoding="utf-8")
    t = table_of(text)
    for tool, spot, option in steps:
        out = t.edit(text, tool, spot, option)
        if isinstance(out, Refusal):
            assert out.message
            continue
        try:
            loaded = formats.read(parse_yaml(out, "edited.yaml"))  # always YAML, and here always valid
        except LoadError as exc:
            raise AssertionError(f"{tool}={option!r} made {out!r} invalid: {exc}") from None
        if tool == "goal:turns":
            assert loaded.goal is not None and loaded.goal.turns == int(option)
        elif tool == "goal:opponent":
            assert loaded.goal is not None and loaded.goal.passes == (option == "passes")
        elif tool == "to_move":
            assert loaded.position.to_move is Player(option)
        else:
            assert loaded.goal is None
        text = out
