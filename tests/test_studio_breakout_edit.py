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


def refusal(t: BreakoutTable, text: str, tool: str, spot: str) -> Refusal:
    out = t.edit(text, tool, spot)
    assert isinstance(out, Refusal), f"{tool} on {spot} was made"
    return out


def test_the_palette():
    t = table_of(BLANK)
    assert [(x.id, x.group) for x in t.tools()] == [
        ("knot:yellow", "Knots"), ("knot:blue", "Knots"), ("figure:yellow", "Figures"), ("figure:blue", "Figures"),
        ("bar", "Bar"), ("erase", "Erase")]
    assert all(x.options == () for x in t.tools())  # Breakout's tools take no option


@pytest.mark.parametrize("path", [PUZZLES[3], PUZZLES[5], PUZZLES[11], FIGURE], ids=lambda p: p.stem)
def test_a_shipped_position_built_from_the_blank_file_by_clicks(path):
    """Knots field by field, the bar, the figures in the order tops lists them, all
    clicked on the blank wall's own spots; whose push and the goal are typed."""
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
    text = text.replace("to_move: yellow", f"to_move: {want.to_move.value}")
    if shipped.goal is not None:
        opponent = "passes" if shipped.goal.passes else "defends"
        text += f"goal: {{escape_within: {shipped.goal.turns}, opponent: {opponent}}}\n"
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
    for tool in [x.id for x in t.tools() if x.id != "erase"]:
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


TOOLS = ["knot:yellow", "knot:blue", "figure:yellow", "figure:blue", "bar", "erase", "erase", "stone:1", ""]
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
