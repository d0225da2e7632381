"""Hekla's palette editor (issue 31 "Edit", sectionx/games/hekla/editing.py): shipped
puzzles built from a new game's file by palette edits alone (and the goal lines by
text) read back to the same position; every tool placed then erased gives the text
back byte for byte; an edit changes only the key it touches (comments, key order and
blank lines kept); refusals name their ruling (HG1, HG3, HG5, H7); a spot for every field
and every track field, empty or not; random tool/spot/option sequences never raise and
always give YAML."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.games.api import NewOptions
from sectionx.games.hekla import art, editing, formats
from sectionx.games.hekla.commands import COMMANDS
from sectionx.games.hekla.rules import Position, field_name, start
from sectionx.games.hekla.studio import HeklaTable
from sectionx.studio.table import Editable, Limits, Refusal
from sectionx.yamlsrc import LoadError, parse_yaml

from . import studio_tables
from .studio_tables import changed_lines, opened, studio_poster

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "scenarios" / "hekla" / "puzzles").glob("*.yaml"))
FIGURE = ROOT / "scenarios" / "hekla" / "figure-4.yaml"
#: The whole-file tools, in the palette's order (group "Puzzle").
SETTINGS = ["goal:gain", "goal:within", "goal:none", "to_move", "quiet"]


def table_of(text: str) -> HeklaTable:
    return opened(HeklaTable, COMMANDS, Path("t.yaml"), text)


def blank(players: int) -> str:
    return COMMANDS.new(NewOptions(players=players))


class Editor(studio_tables.Editor):
    """The studio's editor on Hekla's tables (:class:`.studio_tables.Editor`)."""

    def __init__(self, text: str) -> None:
        super().__init__(text, table_of)


# ------------------------------------------------------------------ the palette


def test_the_palette_has_each_colours_stones_lava_volcanists_and_erase() -> None:
    for players in (2, 3, 4):
        tools = table_of(blank(players)).tools()
        ids = [t.id for t in tools]
        colours = ["red", "green", "yellow", "blue"][:players]
        assert ids == ([f"stone:{c}{v}" for c in colours for v in (3, 2, 1, 0)] + ["stone:lava0", "stone:lava1"]
                       + [f"volcanist:{c}" for c in colours] + ["erase"] + SETTINGS)
        assert {t.group for t in tools} == ({f"{c.capitalize()} stones" for c in colours}
                                            | {"Lava", "Volcanists", "Erase", "Puzzle"})
        assert all(t.options == ("as numbered", "lap 3 (+32)", "lap 4 (+64)") for t in tools if t.group == "Volcanists")
        assert all(not t.options for t in tools if t.group not in ("Volcanists", "Puzzle"))
        assert [t.id for t in tools if t.whole] == SETTINGS and all(t.group == "Puzzle" for t in tools if t.whole)
        options = {t.id: t.options for t in tools if t.whole}
        assert options["goal:gain"] == tuple(str(k) for k in range(1, 31))
        assert options["goal:within"] == ("1", "2", "3", "4", "5", "6")
        assert options["to_move"] == tuple(colours)
        assert options["quiet"] == tuple(str(k) for k in range(20 * players))  # at 20 rounds the game is over (H9)
    assert isinstance(table_of(blank(2)), Editable)


def test_every_field_and_track_field_has_a_spot_even_empty_hg1_hg3() -> None:
    table = table_of(blank(4))
    spots = table.picture().spots
    ids = [s.id for s in spots]
    assert len(ids) == len(set(ids)) == 25 + 24 + 32
    assert ids[:25] == [f"field:{c}{r}" for r in range(1, 6) for c in "abcde"]
    assert ids[25:] == [f"track:{n}" for n in range(56)]
    board = table.position.board
    g = art.Geometry(board)
    svg = table.picture().svg
    shift = 7.0  # the board under the title
    for spot, cell in zip(spots[25:], editing.track_cells(board)):
        x, y = g.box(cell)
        assert spot.outline[0] == (x, y + shift)
        # The drawn track field: a square 0.3 mm inside the box.
        assert f'<path d="M {x + 0.3:g} {y + 0.3:g} L {x + art.FIELD - 0.3:g} {y + 0.3:g} ' in svg, spot
    assert spots[25].title == "The start field: red volcanist (0), green volcanist (0), yellow volcanist (0), blue volcanist (0)"
    assert spots[36].title == "Track field 11 (inner ring)"


def test_play_clicks_never_name_a_track_spot() -> None:
    table = table_of((ROOT / "scenarios" / "hekla" / "puzzles" / "05.yaml").read_text())
    assert table.choices() and all(not c.startswith("track:") for choice in table.choices() for c in choice.clicks)
    assert table.guess(("track:3",)) is None and table.guess(("field:a1", "track:3")) is None


# ------------------------------------------------------------------ building a shipped puzzle


def _lap(board_cells: int, inner: int, outer: int, value: int) -> tuple[int, str]:
    """The track spot and the lap option that put a volcanist at ``value`` (HG3)."""
    if value < board_cells:
        return value, "as numbered"
    laps, on = divmod(value - inner, outer)
    return inner + on, f"lap {laps + 2} (+{laps * outer})"


def palette_built(pos: Position) -> Editor:
    """The editor after a new game's file of ``pos``'s players is given ``pos``'s stones
    and volcanists by palette clicks alone."""
    editor = Editor(blank(len(pos.players)))
    for f, stones in pos.fields:
        for s in stones:
            editor.use(f"stone:{s}", f"field:{field_name(f)}")
    board = pos.board
    for p, t in zip(pos.players, pos.track):
        if t:
            cell, option = _lap(len(board.inner) + len(board.outer), len(board.inner), len(board.outer), t)
            editor.use(f"volcanist:{p.value}", f"track:{cell}", option)
    return editor


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_a_shipped_puzzle_built_by_palette_edits_reads_back_the_same(path: Path) -> None:
    shipped = formats.load(path)
    pos = shipped.position
    editor = palette_built(pos)
    text = editor.text.replace("to_move: red", f"to_move: {pos.player.value}")
    assert shipped.goal is not None
    text += (f"quiet: {pos.quiet}\n" if pos.quiet else "") + \
        f"goal: {{gain: {shipped.goal.gain}, within: {shipped.goal.within}}}\n"
    built = formats.read(parse_yaml(text, "built.yaml"))
    assert built.position == pos and built.goal == shipped.goal
    # Written as a person writes it: the fields in the house's order, flow lists.
    stones = re.findall(r"^  ([a-e][1-5]): \[([a-z0-3, ]+)\]$", text, re.MULTILINE)
    assert [name for name, _ in stones] == sorted(name for name, _ in stones)


def test_a_volcanist_on_a_later_lap_hg3() -> None:
    editor = Editor(blank(2))
    editor.use("volcanist:green", "track:30", "lap 3 (+32)")
    assert "track: {green: 62}" in editor.text
    editor.use("volcanist:red", "track:30", "lap 4 (+64)")
    assert "track: {red: 94, green: 62}" in editor.text  # seat order
    assert editor.table.position.track == (94, 62)
    editor.use("erase", "track:30")
    assert "track: {red: 94}" in editor.text  # the last in seat order first


# ------------------------------------------------------------------ placed then erased


def _targets(table: HeklaTable, text: str) -> dict[str, str]:
    """A spot where each tool goes: an empty middle field for stones, a track field no
    volcanist stands on for the volcanists of colours the text leaves unwritten."""
    empty = [s.id for s in table.picture().spots if s.id.startswith("field:") and s.title.endswith("empty")
             and s.id not in ("field:a1", "field:a5", "field:e1", "field:e5")]
    out = {}
    for tool in table.tools():
        if tool.id.startswith("stone:"):
            out[tool.id] = empty[0]
        elif tool.id.startswith("volcanist:") and not re.search(rf"\b{tool.id[10:]}: ", text):
            out[tool.id] = "track:40"
    return out


TRAILING = """# A hand-written position.
game: hekla
format: 1
players: 2
stones:
  a1: [red3]
  c3: [red2]   # the red two

  # the volcanists
track: {red: 3}

# the end
"""


@pytest.mark.parametrize("text", [blank(2), blank(4), FIGURE.read_text(), PUZZLES[0].read_text(), TRAILING],
                         ids=["new-2", "new-4", "figure-4", "puzzle-01", "trailing-comments"])
def test_each_tool_placed_then_erased_gives_the_text_back_byte_for_byte(text: str) -> None:
    table = table_of(text)
    targets = _targets(table, text)
    assert len(targets) >= len([t for t in table.tools() if not t.whole]) - 1 - len(table.position.players)
    for tool, spot in targets.items():
        placed = table.edit(text, tool, spot)
        if isinstance(placed, Refusal):  # every one of that stone is on the board (HG5)
            assert placed.rules == ("HG5",) and "is on the board already" in placed.message, (tool, placed)
            continue
        assert isinstance(placed, str) and placed != text, (tool, spot)
        assert len(changed_lines(text, placed)) <= 2
        editor = Editor(text)
        editor.use(tool, spot)  # lava 1 alone is not valid (H7): the last valid table takes the erase
        assert editor.use("erase", spot) == text, (tool, spot)
    # A field's two places: the second stone goes right of the first, erased first.
    first = next(t for t in targets if t.startswith("stone:") and isinstance(table.edit(text, t, "field:c2"), str))[6:]
    editor = Editor(text)
    one = editor.use(f"stone:{first}", "field:c2")
    two = editor.use("stone:lava0", "field:c2")
    assert re.search(rf"^  c2: \[{first}, lava0\]$", two, re.MULTILINE)
    assert editor.use("erase", "field:c2") == one
    # A stone's own spot takes that stone: the left one here.
    editor.use("stone:lava0", "field:c2")
    assert editor.use("erase", "stone:c2:0") == one.replace(f"c2: [{first}]", "c2: [lava0]")


def test_an_end_of_line_comment_pushed_right_stays_where_it_was_pushed() -> None:
    """ruamel keeps an end-of-line comment's column: a longer line pushes it right,
    and the erase that shortens the line again leaves it there (only spaces differ)."""
    text = "game: hekla\nformat: 1\nplayers: 2\ntrack: {red: 3}   # far along\n"
    editor = Editor(text)
    assert editor.use("volcanist:green", "track:40") == "game: hekla\nformat: 1\nplayers: 2\ntrack: {red: 3, green: 40} # far along\n"
    back = editor.use("erase", "track:40")
    assert back != text and back.split() == text.split()


# ------------------------------------------------------------------ only the touched key changes


def test_an_edit_keeps_comments_key_order_and_changes_one_key() -> None:
    text = (ROOT / "scenarios" / "hekla" / "puzzles" / "05.yaml").read_text()
    table = table_of(text)
    placed = table.edit(text, "stone:green3", "field:c2")
    assert isinstance(placed, str)
    assert changed_lines(text, placed) == ["+  c2: [green3]"]
    assert placed.index("  c1: [green2]\n  c2: [green3]\n  c3: [red1, red0]") > 0
    moved = table.edit(text, "volcanist:green", "track:20")
    assert changed_lines(text, moved) == ["-track: {red: 13, green: 17, yellow: 17}", "+track: {red: 13, green: 20, yellow: 17}"]
    taken = table.edit(text, "erase", "field:c3")
    assert changed_lines(text, taken) == ["-  c3: [red1, red0]", "+  c3: [red1]"]
    # The comments stay where they were, the top comments and the stones: line's.
    for line in text.splitlines():
        if "#" in line:
            assert line in placed.splitlines() and line in taken.splitlines()


def test_a_new_top_key_goes_where_the_format_writes_it() -> None:
    text = "game: hekla\nformat: 1\nplayers: 2\nto_move: green\nquiet: 3   # since the last eruption\ngoal: {gain: 2, within: 1}\n"
    table = table_of(text)
    placed = table.edit(text, "stone:red2", "field:b2")
    assert placed == text.replace("to_move: green\n", "to_move: green\nstones:\n  b2: [red2]\n")
    assert isinstance(placed, str)
    moved = table_of(placed).edit(placed, "volcanist:red", "track:7")
    assert moved == placed.replace("quiet:", "track: {red: 7}\nquiet:")


def test_trailing_blank_lines_and_comments_stay_below_a_new_last_field() -> None:
    placed = table_of(TRAILING).edit(TRAILING, "stone:green0", "field:d3")
    assert isinstance(placed, str)
    assert "  c3: [red2]   # the red two\n  d3: [green0]\n\n  # the volcanists\ntrack:" in placed
    erased = table_of(TRAILING).edit(TRAILING, "erase", "field:c3")
    assert erased == TRAILING.replace("  c3: [red2]   # the red two\n", "")


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(("tool", "spot", "option", "rule", "words"), [
    ("stone:red2", "field:c3", "", "HG1", "a field has two places"),
    ("stone:lava0", "field:a1", "", "H7", "a corner"),
    ("stone:lava1", "field:e5", "", "H7", "middle field of an erupting triple"),
    ("stone:red2", "track:3", "", "HG3", "a stone goes on a field of the area"),
    ("stone:red1", "field:b2", "", "HG5", "every red 1 is on the board already: each player has 1 with 2 players"),
    ("stone:blue2", "field:b2", "", "HG5", "blue does not play in a 2-player game"),
    ("volcanist:red", "field:b2", "", "HG3", "escape track"),
    ("volcanist:red", "track:3", "lap 3 (+32)", "HG3", "inner ring"),
    ("volcanist:red", "track:30", "lap 9", "HG3", "no lap"),
    ("erase", "track:0", "", "HG3", "the volcanists start there"),
    ("erase", "field:b2", "", "", "nothing to erase on b2"),
    ("erase", "track:9", "", "", "nothing to erase on track field 9 (inner ring)"),
    ("erase", "stone:a3:1", "", "", "nothing to erase on a3's right place"),
    ("stone:purple2", "field:b2", "", "", "no tool of Hekla's palette"),
    ("stone:lava2", "field:b2", "", "", "no tool of Hekla's palette"),
    ("stone:red2", "field:f1", "", "HG1", "no place on this 5 x 5 board"),
    ("stone:red2", "track:56", "", "HG1", "no place"),
    ("stone:red2", "stone:c3:2", "", "HG1", "no place"),
    ("stone:red2", "cell:0,0", "", "HG1", "no place"),
])
def test_a_refused_edit_names_why(tool: str, spot: str, option: str, rule: str, words: str) -> None:
    text = "game: hekla\nformat: 1\nplayers: 2\nstones:\n  c3: [red1, green2]\n  a3: [green1]\n"
    refused = table_of(text).edit(text, tool, spot, option)
    assert isinstance(refused, Refusal), refused
    assert words in refused.message and (rule in refused.rules if rule else True), refused


def test_a_record_has_no_palette_and_refuses_edits(tmp_path: Path) -> None:
    record = "game: hekla\nformat: 1\nstart:\n  players: 2\nactions:\n  - place red3 c3\n"
    table = COMMANDS.table(tmp_path / "r.yaml", parse_yaml(record, "r.yaml"))
    assert isinstance(table, HeklaTable) and table.kind == "record"
    assert table.tools() == ()
    refused = table.edit(record, "stone:red2", "field:b2")
    assert isinstance(refused, Refusal) and "turns" in refused.message


def test_text_the_editor_cannot_change_is_refused_not_raised() -> None:
    table = table_of(blank(2))
    for text, tool, spot in (("game: [hekla\n", "stone:red2", "field:c3"), ("- a\n- b\n", "erase", "field:c3"),
                             ("game: hekla\nstones: [c3]\n", "stone:red2", "field:c3"),
                             ("game: hekla\nstones: {c3: red2}\n", "erase", "field:c3"),
                             ("game: hekla\ntrack: 5\n", "volcanist:red", "track:3"),
                             ("game: hekla\ntrack: [red]\n", "erase", "track:3")):
        out = table.edit(text, tool, spot)
        assert isinstance(out, Refusal) and out.message, (text, tool, out)


# ------------------------------------------------------------------ never raises


def _moves() -> st.SearchStrategy[list[tuple[str, str, str]]]:
    table = table_of(blank(4))
    tools = [t.id for t in table.tools()] + ["stone:blue9", "volcanist:", "erase:x", ""]
    spots = [s.id for s in table.picture().spots] + ["stone:c3:0", "stone:c3:1", "field:z9", "track:-1", "track:x", ""]
    options = ["", "as numbered", "lap 3 (+32)", "lap 4 (+64)", "@3"]
    return st.lists(st.tuples(st.sampled_from(tools), st.sampled_from(spots), st.sampled_from(options)), max_size=25)


ODD = [
    "game: hekla\nformat: 1\nplayers: 4\nstones: {c3: [red2]}   # flow\ntrack: {}\n",
    "game: hekla\nformat: 1\nplayers: 4\nstones:\n  C3:\n    - red2\nquiet: 2\n",
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=_moves(), which=st.sampled_from([0, 1, 2, 3, 4]))
def test_random_edits_never_raise_and_always_give_yaml(moves: list[tuple[str, str, str]], which: int) -> None:
    start_text = [blank(4), FIGURE.read_text(), TRAILING, *ODD][which]
    editor = Editor(start_text)
    for tool, spot, option in moves:
        out = editor.table.edit(editor.text, tool, spot, option)
        if isinstance(out, Refusal):
            assert out.message
            continue
        parse_yaml(out, "t.yaml")  # always YAML the house reads
        editor.text = out
        try:
            editor.table = table_of(out)
        except LoadError:
            pass


def test_the_table_of_a_start_position_edits_like_a_new_file() -> None:
    table = HeklaTable("position", start(3), start(3))
    assert [t.id for t in table.tools() if not t.whole][-4:] == ["volcanist:red", "volcanist:green",
                                                                  "volcanist:yellow", "erase"]


def test_the_eleventh_lava_stone_of_a_value_is_refused_hg5() -> None:
    rows = "".join(f"  {c}{r}: [lava0]\n" for c in "bcd" for r in (2, 3, 4)) + "  c5: [lava0]\n"
    text = "game: hekla\nformat: 1\nplayers: 2\nstones:\n" + rows
    refused = table_of(text).edit(text, "stone:lava0", "field:b5")
    assert refused == Refusal("every lava 0 is on the board already: there are 10 (HG5)", ("HG5",))
    assert isinstance(table_of(text).edit(text, "stone:lava1", "field:b5"), str)


def test_the_studio_edits_a_hekla_file_through_its_palette(tmp_path: Path) -> None:
    """POST /api/check and /api/edit: the palette and the track's spots in the editor's
    view, an edit's new text checked live, a refusal's words and ruling on the page."""
    text = blank(2)
    (tmp_path / "new.yaml").write_text(text, encoding="utf-8")
    token = "hekla-edit-token-0123456"
    post = studio_poster(tmp_path, token)

    view = post("/api/check", {"path": "new.yaml", "text": text})
    assert view["ok"] and [t["id"] for t in view["tools"]][:2] == ["stone:red3", "stone:red2"]
    assert {"field:a1", "track:0", "track:55"} <= {s["id"] for s in view["spots"]}
    out = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "stone:green2", "spot": "field:c3"})
    assert out["ok"] and "to_move: red\nstones:\n  c3: [green2]\n" in str(out["text"])
    lava = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "stone:lava1", "spot": "field:c3"})
    assert not lava["ok"] and "c3: [lava1]" in str(lava["text"])  # written; validate says why not (H7)
    assert any("H7" in str(p) for p in lava["problems"])
    out = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "volcanist:red", "spot": "field:c3"})
    assert out["rules"] == ["HG3"] and "escape track" in str(out["refused"])


def test_the_files_own_forms_are_kept_flow_or_block() -> None:
    flow_text, block_text = ODD
    table = table_of(flow_text)
    out = table.edit(flow_text, "stone:red0", "field:a2")
    assert out == flow_text.replace("{c3: [red2]}   # flow", "{a2: [red0], c3: [red2]} # flow")
    out = table.edit(flow_text, "volcanist:green", "track:4")
    assert out == flow_text.replace("track: {}", "track: {green: 4}")  # an empty track: filled in the format's form
    table = table_of(block_text)
    out = table.edit(block_text, "stone:lava0", "field:c3")  # the person's C3 and block list
    assert out == block_text.replace("    - red2\n", "    - red2\n    - lava0\n")
    assert table.edit(block_text, "erase", "field:c3") == block_text.replace("stones:\n  C3:\n    - red2\n", "")
    out = table.edit(block_text, "volcanist:red", "track:30")  # a new track: before quiet:
    assert out == block_text.replace("quiet:", "track: {red: 30}\nquiet:")
    empty = block_text.replace("quiet:", "track:\nquiet:")  # not valid: the last valid table edits it
    assert table.edit(empty, "volcanist:red", "track:30") == out


# ------------------------------------------------------------------ the puzzle's settings (whole-file tools)


def setting(text: str, tool: str, option: str) -> str:
    """``text`` after the whole-file ``tool`` is set to ``option`` (the page's Set button: spot "")."""
    out = table_of(text).edit(text, tool, "", option)
    assert isinstance(out, str), (tool, option, out)
    return out


def other(values: tuple[str, ...], now: str) -> str:
    return next(v for v in values if v != now)


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_each_setting_reads_back_as_set_and_set_back_gives_the_text_byte_for_byte_hq1_h9(path: Path) -> None:
    text = path.read_text()
    shipped = formats.load(path)
    pos, goal = shipped.position, shipped.goal
    assert goal is not None
    options = {t.id: t.options for t in table_of(text).tools() if t.whole}
    for tool, now, read in (("goal:gain", str(goal.gain), lambda x: str(x.goal.gain)),
                            ("goal:within", str(goal.within), lambda x: str(x.goal.within)),
                            ("to_move", pos.player.value, lambda x: x.position.player.value),
                            ("quiet", str(pos.quiet), lambda x: str(x.position.quiet))):
        value = other(options[tool], now)
        changed = setting(text, tool, value)
        assert len(changed_lines(text, changed)) <= 2, (tool, changed_lines(text, changed))
        back = formats.read(parse_yaml(changed, "t.yaml"))
        assert read(back) == value, tool  # the loader reads what was set
        assert back.position.fields == pos.fields and back.position.track == pos.track
        assert setting(changed, tool, now) == text, tool  # set back: byte for byte
    # A two-digit gain pushes the goal's comment by the digit and back.
    wide = setting(text, "goal:gain", "12")
    assert "goal: {gain: 12, within: " in wide and setting(wide, "goal:gain", str(goal.gain)) == text


def test_the_quiet_count_writes_a_line_as_sectionx_does_and_zero_takes_it_off_h9() -> None:
    text = PUZZLES[11].read_text()  # puzzle 12 writes no quiet count
    assert "quiet:" not in text
    three = setting(text, "quiet", "3")
    assert changed_lines(text, three) == ["+quiet: 3                  # turns in a row without an eruption (H9)"]
    assert three.index("track:") < three.index("quiet: 3") < three.index("goal:")  # where the format writes it
    assert setting(three, "quiet", "0") == text
    assert setting(text, "quiet", "0") == text  # the default already
    explicit = text.replace("goal:", "quiet: 0\ngoal:")
    assert setting(explicit, "quiet", "0") == explicit  # a written 0 stays as written
    refused = table_of(text).edit(text, "quiet", "", "60")  # 3 players: 60 quiet turns end the game
    assert isinstance(refused, Refusal) and refused.rules == ("H9",) and "from 0 to 59" in refused.message


def test_no_goal_makes_the_puzzle_a_position_and_a_goal_makes_it_a_puzzle_again_hq1() -> None:
    path = PUZZLES[0]
    text = path.read_text()
    plain = setting(text, "goal:none", "take off")
    assert changed_lines(text, plain) == ["-goal: {gain: 4, within: 1}   # the others pass (HQ1)",
                                          "-answer: {turns: 1, lines: 1}"]  # an answer belongs to a puzzle (HQ1)
    loaded = formats.read(parse_yaml(plain, "t.yaml"))
    assert loaded.goal is None and not loaded.has_answer and loaded.position == formats.load(path).position
    assert table_of(plain).kind == "position"
    refused = table_of(plain).edit(plain, "goal:none", "", "take off")
    assert isinstance(refused, Refusal) and refused.rules == ("HQ1",) and "no goal" in refused.message
    # Set again: the goal's line comes back where it was, as the format writes it.
    again = setting(setting(plain, "goal:gain", "4"), "goal:within", "1")
    assert again == text.replace("answer: {turns: 1, lines: 1}\n", "")
    assert table_of(again).kind == "puzzle"
    # A graded puzzle loses its grade with its answer (a grade needs a solved puzzle, HQ1).
    graded = text + "grade:\n  id: hekla/beginner#3\n  tier: beginner\n"
    assert setting(graded, "goal:none", "") == plain


def test_a_goal_set_on_a_position_goes_where_the_format_writes_it_and_comes_off_byte_for_byte() -> None:
    for text in (TRAILING, blank(3), FIGURE.read_text().replace("claims:", "others:").split("others:")[0]):
        gained = setting(text, "goal:gain", "6")
        loaded = formats.read(parse_yaml(gained, "t.yaml"))
        assert loaded.goal == formats.Goal(6, 1)  # the turn limit 1 until it is set
        assert "goal: {gain: 6, within: 1}   # the others pass (HQ1)\n" in gained
        assert setting(gained, "goal:none", "") == text
        within = setting(text, "goal:within", "3")
        assert formats.read(parse_yaml(within, "t.yaml")).goal == formats.Goal(1, 3)
    # After the volcanists' track:, before a closing comment (ruamel's comment of the last key).
    gained = setting(TRAILING, "goal:within", "2")
    assert gained.endswith("track: {red: 3}\ngoal: {gain: 1, within: 2}   # the others pass (HQ1)\n\n# the end\n")
    # Before the annotations: and claims: that the format writes after it.
    text = "game: hekla\nformat: 1\nplayers: 2\nquiet: 2\nannotations: {fields: [c3]}\n"
    assert setting(text, "goal:gain", "5") == text.replace(
        "annotations:", "goal: {gain: 5, within: 1}   # the others pass (HQ1)\nannotations:")


def test_whose_turn_is_the_goals_player_hg5_hq1() -> None:
    text = PUZZLES[4].read_text()  # green to gain 8 within 2
    yellow = setting(text, "to_move", "yellow")
    assert changed_lines(text, yellow) == ["-to_move: green", "+to_move: yellow"]
    loaded = formats.read(parse_yaml(yellow, "t.yaml"))
    assert loaded.position.player.value == "yellow" and "yellow to gain 8" in formats.summary(loaded)
    missing = "game: hekla\nformat: 1\nplayers: 3\nstones:\n  c3: [red2]\n"
    assert setting(missing, "to_move", "green") == missing.replace("stones:", "to_move: green\nstones:")
    refused = table_of(text).edit(text, "to_move", "", "blue")
    assert isinstance(refused, Refusal) and refused.rules == ("HG5",) and "3-player game" in refused.message


@pytest.mark.parametrize("path", PUZZLES[:8], ids=lambda p: p.stem)
def test_a_position_made_a_puzzle_by_palette_clicks_and_settings_alone_solves_to_the_answer(path: Path) -> None:
    shipped = formats.load(path)
    pos, goal = shipped.position, shipped.goal
    assert goal is not None and shipped.answer_turns is not None
    editor = palette_built(pos)
    assert table_of(editor.text).kind == "position"
    for tool, option in (("to_move", pos.player.value), ("quiet", str(pos.quiet)),
                         ("goal:gain", str(goal.gain)), ("goal:within", str(goal.within))):
        editor.use(tool, "", option)
    built = formats.read(parse_yaml(editor.text, "built.yaml"))
    assert built.position == pos and built.goal == goal
    table = table_of(editor.text)
    assert table.kind == "puzzle"
    solution = table.solve(Limits(), lambda _: None)
    assert (solution.status, solution.minimum) == ("solved", shipped.answer_turns), solution.message


@pytest.mark.parametrize(("tool", "option", "rule", "words"), [
    ("goal:gain", "0", "HQ1", "from 1 to 1000"),
    ("goal:gain", "1001", "HQ1", "no number of track fields"),
    ("goal:gain", "-3", "HQ1", "from 1 to 1000"),
    ("goal:within", "11", "HQ1", "no turn limit"),
    ("goal:within", "", "HQ1", "no turn limit"),
    ("goal:none", "maybe", "", "no option"),
    ("to_move", "purple", "HG5", "does not play"),
    ("quiet", "40", "H9", "at 40 the game is over"),
    ("quiet", "x", "H9", "no quiet count"),
])
def test_a_refused_setting_names_why(tool: str, option: str, rule: str, words: str) -> None:
    text = PUZZLES[0].read_text()
    refused = table_of(text).edit(text, tool, "", option)
    assert isinstance(refused, Refusal), refused
    assert words in refused.message and (rule in refused.rules if rule else not refused.rules), refused


def test_a_figure_has_no_goal_and_a_game_over_gets_none_hq1() -> None:
    text = FIGURE.read_text()
    table = table_of(text)
    assert [t.id for t in table.tools() if t.whole] == ["to_move", "quiet"]
    refused = table.edit(text, "goal:gain", "", "6")
    assert isinstance(refused, Refusal) and refused.rules == ("HQ1",) and "rule figure" in refused.message
    assert setting(text, "to_move", "red") == text.replace("to_move: green", "to_move: red")
    over = "game: hekla\nformat: 1\nplayers: 2\nquiet: 40\n"  # 20 rounds without an eruption (H9)
    assert table_of(over).position.over
    refused = table_of(over).edit(over, "goal:within", "", "2")
    assert isinstance(refused, Refusal) and refused.rules == ("HQ1",) and "game is over (H9)" in refused.message


def test_a_setting_on_text_it_cannot_change_is_refused_not_raised() -> None:
    table = table_of(blank(2))
    for text in ("game: [hekla\n", "- a\n", "game: hekla\ngoal: 5\n", "game: hekla\ngoal: [6, 2]\n"):
        out = table.edit(text, "goal:gain", "", "6")
        assert isinstance(out, Refusal) and out.message, (text, out)
    partial = "game: hekla\nformat: 1\ngoal: {within: 2}\n"  # a goal missing its gain: it goes in first
    assert table.edit(partial, "goal:gain", "", "4") == partial.replace("{within: 2}", "{gain: 4, within: 2}")


def _settings() -> st.SearchStrategy[list[tuple[str, str, str]]]:
    table = table_of(blank(4))
    whole = [t for t in table.tools() if t.whole]
    tools = [t.id for t in whole] + ["goal", "goal:", "to_move:red", "quiet:3"]
    options = sorted({o for t in whole for o in t.options}) + ["", "0", "-1", "1001", "11", "x", "3.5", "٣", "purple"]
    spots = ["", "field:c3", "track:3"]
    return st.lists(st.tuples(st.sampled_from(tools), st.sampled_from(options), st.sampled_from(spots)), max_size=12)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=_settings(), which=st.sampled_from([0, 1, 2, 3, 4, 5]))
def test_random_settings_never_raise_and_always_give_yaml(moves: list[tuple[str, str, str]], which: int) -> None:
    start_text = [blank(4), FIGURE.read_text(), TRAILING, *ODD, PUZZLES[13].read_text()][which]
    editor = Editor(start_text)
    for tool, option, spot in moves:
        out = editor.table.edit(editor.text, tool, spot, option)
        if isinstance(out, Refusal):
            assert out.message
            continue
        parse_yaml(out, "t.yaml")
        editor.text = out
        try:
            editor.table = table_of(out)
        except LoadError:
            pass


def test_the_studio_sets_a_goal_with_a_whole_file_tool(tmp_path: Path) -> None:
    """POST /api/edit with a whole-file tool (spot ""): the goal written and checked live."""
    text = blank(2)
    (tmp_path / "new.yaml").write_text(text, encoding="utf-8")
    token = "hekla-goal-token-0123456"
    post = studio_poster(tmp_path, token)
    view = post("/api/check", {"path": "new.yaml", "text": text})
    assert [t["id"] for t in view["tools"] if t["whole"]] == SETTINGS
    out = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "goal:gain", "spot": "", "option": "5"})
    assert out["ok"] and str(out["text"]).endswith("to_move: red\ngoal: {gain: 5, within: 1}   # the others pass (HQ1)\n")
    out = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "quiet", "spot": "", "option": "99"})
    assert out["rules"] == ["H9"] and "the game is over" in str(out["refused"])


def test_a_goal_written_as_a_block_keeps_its_form_and_comments() -> None:
    text = "game: hekla\nformat: 1\nplayers: 2\nquiet: 3 # q\ngoal:   # the puzzle\n  gain: 4    # fields\n  within: 1  # turns\n"
    wide = table_of(text).edit(text, "goal:gain", "", "12")
    assert wide == text.replace("gain: 4    #", "gain: 12    #")  # the gap as the person left it
    assert setting(str(wide), "goal:gain", "4") == text
    assert setting(text, "goal:none", "") == "game: hekla\nformat: 1\nplayers: 2\nquiet: 3 # q\n"


def test_the_puzzles_settings_show_the_files_values() -> None:
    """Tool.value: the page selects the file's own goal, player to move and quiet count."""
    from sectionx.games.hekla.commands import COMMANDS
    from sectionx.yamlsrc import read_yaml

    path = Path(__file__).resolve().parent.parent / "scenarios" / "hekla" / "puzzles" / "05.yaml"
    tools = COMMANDS.table(path, read_yaml(path)).tools()
    values = {t.id: t.value for t in tools if t.whole}
    assert values == {"goal:gain": "8", "goal:within": "2", "goal:none": "", "to_move": "green", "quiet": "4"}
    assert all(t.value in t.options for t in tools if t.whole and t.value)
