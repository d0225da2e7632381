"""Section X in the studio's editor (issue 31, "Edit"): the palette of a file, what each
tool writes, and that an edit changes only the keys it touches.

Shipped positions are built from a blank file by palette edits alone and read back to
the same position; every tool placed then erased gives the text back byte for byte;
comments and key order stay; refusals name their ruling; random edits never raise
and always leave YAML."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.commands import COMMANDS
from sectionx.games.sectionx.model import PlaceKind, State
from sectionx.games.sectionx.studio import SectionXTable
from sectionx.studio.table import Editable, Refusal, Tool
from sectionx.yamlsrc import LoadError, parse_yaml, read_yaml

from .studio_tables import Editor, changed_lines

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "scenarios" / "puzzles"
TIE = PUZZLES / "03-tie.yaml"
MASTERKEY = ROOT / "scenarios" / "masterkey.yaml"


def open_file(path: Path) -> SectionXTable:
    table = COMMANDS.table(path, read_yaml(path))
    assert isinstance(table, SectionXTable)
    assert isinstance(table, Editable)
    return table


def open_text(tmp_path: Path, text: str, name: str = "blank.yaml") -> SectionXTable:
    path = tmp_path / name
    path.write_text(text)
    return open_file(path)


def edited(table: SectionXTable, text: str, tool: str, spot: str, option: str = "") -> str:
    out = table.edit(text, tool, spot, option)
    assert isinstance(out, str), f"{tool} on {spot} ({option}): {out}"
    return out


def refused(table: SectionXTable, text: str, tool: str, spot: str, option: str = "") -> Refusal:
    out = table.edit(text, tool, spot, option)
    assert isinstance(out, Refusal), f"{tool} on {spot} ({option}) was not refused"
    return out


def state_of(text: str, name: str = "<text>", base: Path = ROOT) -> State:
    return formats.loads(text, name, base).scenario.state


# --------------------------------------------------------------------------- building by edits


def edits_for(state: State) -> list[tuple[str, str, str]]:
    """The palette edits (tool, spot, option) that put ``state``'s tiles, hands,
    stacks, prisoners, doors, keys and zones onto a blank file, as a person clicks
    them: each thing on the spot where it lies (options where no spot shows it)."""
    out: list[tuple[str, str, str]] = []
    for cell, placed in state.tiles:
        out.append((f"tile:{placed.tile}", f"cell:{cell.q},{cell.r}", f"@{placed.rotation}"))
    for p in state.players:
        out += [(f"tile:{t}", "island", f"hand:{p.colour.value}") for t in p.hand]
    for n, stack in enumerate(state.stacks, 1):
        out += [(f"tile:{t}", f"stack:{n}", "@0") for t in reversed(stack)]  # each on top of the last
    for p in state.players:
        c = p.colour.value
        for place in p.prisoners:
            if place.kind in (PlaceKind.TILE, PlaceKind.GREEN):
                assert place.cell is not None
                spot = (f"feature:{place.cell.q},{place.cell.r}/{place.feature}" if place.kind is PlaceKind.TILE
                        else f"cell:{place.cell.q},{place.cell.r}")
                out.append((f"prisoner:{c}", spot, "at"))
            elif place.kind is not PlaceKind.ISLAND:
                out.append((f"prisoner:{c}", "island", place.kind.value))
        out += [(f"door:{c}", f"feature:{d.cell.q},{d.cell.r}/{d.feature}", "") for d in p.doors]
        if p.key:
            out.append((f"key:{c}", "island", ""))
    for zone, owner in state.zones:
        green = min(state.board.zone_by_name[zone].cells)
        out.append((f"zone:{owner.value}", f"cell:{green.q},{green.r}", ""))
    return out


@pytest.mark.parametrize("name, blank, tail", [
    ("01-the-fork.yaml", "players: [red, blue]\nboard: standard\nturn: red\n",
     "unused: out\ngoal: {kind: free, player: red, count: 2, turns: 1}\n"),
    ("18-keep-the-key.yaml", "players: [red, blue]\nboard: standard\nturn: red\n",
     "unused: out\ngoal:\n  player: red\n  turns: 1\n  all:\n    - {kind: free, count: 1}\n    - {kind: key}\n"),
    ("16-the-back-door.yaml", "players: [red, blue]\nboard: standard\nturn: red\n",
     "unused: out\ngoal: {kind: zone, zone: NW, player: red, turns: 3}\n"),
])
def test_a_shipped_puzzle_built_by_edits_reads_back_the_same(tmp_path: Path, name: str, blank: str, tail: str) -> None:
    shipped = formats.load(PUZZLES / name).scenario.state
    table = open_text(tmp_path, blank)  # the blank file is a valid game state: the editor's table
    text = blank
    for tool, spot, option in edits_for(shipped):
        assert any(t.id == tool for t in table.tools()) or tool.startswith("tile:"), tool
        text = edited(table, text, tool, spot, option)
    text += tail  # the goal lines, typed
    assert state_of(text, name, PUZZLES) == shipped, text


def test_a_game_state_with_zones_keys_and_counts_built_by_edits(tmp_path: Path) -> None:
    blank = "players: [red, blue, yellow]\nround: 3\nturn: {player: yellow, phase: 1}\n"
    shipped = formats.load(MASTERKEY).scenario.state
    table = open_text(tmp_path, blank)
    text = blank
    for tool, spot, option in edits_for(shipped):
        text = edited(table, text, tool, spot, option)
    assert state_of(text, "masterkey.yaml", ROOT / "scenarios") == shipped, text
    assert "zones:\n  E: red\n  NE: blue\n  W: yellow\n" in text
    assert "keys: [red]\n" in text and 'red: ["2,0"]' in text


def test_a_new_game_set_up_by_edits_moves_each_tile_from_its_stack(tmp_path: Path) -> None:
    """``sectionx new`` deals every tile into written stacks: a tile put down is taken
    from its stack (T3: one place each), the stacks keep their form (``- [...]`` at
    the key's column), and the position stays valid click after click."""
    from sectionx.games.api import NewOptions

    text = COMMANDS.new(NewOptions(players=2, seed=1))
    table = open_text(tmp_path, text, "new.yaml")
    assert len([t for t in table.tools() if t.id.startswith("tile:")]) == 54  # a game state's stacks are its supply
    for tool, spot, option in [("tile:T01", "cell:1,-2", "@0"), ("tile:T02", "cell:2,-2", "@0"),
                               ("tile:T20", "cell:3,0", "hand:red"), ("prisoner:red", "cell:1,-2", "at"),
                               ("door:blue", "cell:2,-2", ""), ("tile:T20", "cell:3,0", "@1")]:
        new = edited(table, text, tool, spot, option)
        assert state_of(new, "new.yaml", tmp_path) is not None  # still valid: no tile in two places
        text = new
    state = state_of(text, "new.yaml", tmp_path)
    assert {str(p) for _, p in state.tiles} == {"T01", "T02", "T20@1"} and not state.players[0].hand
    assert sum(len(s) for s in state.stacks) == 51 and not any(t in s for s in state.stacks for t in ("T01", "T02", "T20"))
    stacks = text[text.index("stacks:"):].splitlines()[1:4]
    assert all(line.startswith("- [T") for line in stacks), stacks
    shortest = min(range(3), key=lambda i: len(state.stacks[i]))
    erased = edited(table, text, "erase", "cell:2,-2")  # blue's door first
    erased = edited(table, erased, "erase", "cell:2,-2")  # then the tile: under the shortest stack, still valid
    assert state_of(erased, "new.yaml", tmp_path).stacks[shortest][-1] == "T02"


def test_the_palette_offers_the_catalogue_s_unused_tiles_and_each_colour() -> None:
    table = open_file(TIE)
    ids = [t.id for t in table.tools()]
    on_board_or_hand = {"T01", "T26", "T02", "T09", "T10", "T41", "T16", "T11", "T43"}
    assert [i for i in ids if i.startswith("tile:")] == [f"tile:T{n:02d}" for n in range(1, 55)
                                                         if f"T{n:02d}" not in on_board_or_hand]
    for c in ("red", "blue"):
        assert {f"prisoner:{c}", f"door:{c}", f"key:{c}", f"zone:{c}"} <= set(ids)
    assert ids[-1] == "erase"
    tile = next(t for t in table.tools() if t.id == "tile:T20")
    assert tile.options[:6] == tuple(f"@{r}" for r in range(6)) and "hand:red" in tile.options and "stack:3" in tile.options
    assert tile.group == "Tiles" and tile.label == "T20 Y junction"
    assert [t.label for t in table.tools() if t.id in ("tile:T24", "tile:T28", "tile:T30")] == [
        "T24 T junction", "T28 4-way", "T30 straight and bend"]


# --------------------------------------------------------------------------- what each tool writes


def test_each_tool_writes_the_house_s_form() -> None:
    table, text = open_file(TIE), TIE.read_text()
    assert '  "2,-2": T20@3\n' in edited(table, text, "tile:T20", "cell:2,-2", "@3")
    assert '  "2,-2": T20\n' in edited(table, text, "tile:T20", "cell:2,-2", "@0")
    assert '  "-4,3": T20@1 ' in edited(table, text, "tile:T20", "feature:-4,3/0", "@1")  # replaces the tile there
    assert "red: [T16, T11, T43, T20]" in edited(table, text, "tile:T20", "hand:T11", "@0")
    assert "  blue: [T20]\n" in edited(table, text, "tile:T20", "player:blue", "@0")  # an empty hand: its block
    assert "red: [T16, T11]  #" in edited(table, text, "erase", "player:red")
    assert "  - [T20]\n" in edited(table, text, "tile:T20", "cell:0,0", "stack:2")
    assert '  red:\n    at: ["-4,3/0"]\n' not in edited(table, text, "prisoner:red", "feature:-4,3/0", "at")
    assert '  red:\n    at: ["-4,3"]\n' in edited(table, text, "prisoner:red", "feature:-4,3/0", "at")
    assert 'at: ["5,0"]' in edited(table, text, "prisoner:red", "cell:5,0", "at")  # a green area
    assert 'blue: {at: ["-4,3", "-5,2", "-5,2"]' in edited(table, text, "prisoner:blue", "prisoner:blue:-5,2", "at")
    assert 'blue: {at: ["-4,3", "-5,2"], dead: 1}' in edited(table, text, "prisoner:blue", "island", "dead")
    assert 'red: ["-5,3", "-4,3"]' in edited(table, text, "door:red", "cell:-4,3")
    assert "doors:\n  blue: [\"-2,2\"]\n  red: [\"-5,3\"]\nkeys: [red]\n\ngoal:" in edited(table, text, "key:red", "island")
    assert "zones:\n  NW: blue\n" in edited(table, text, "zone:blue", "cell:0,-5")


def test_turning_a_tile_keeps_its_line_and_comment() -> None:
    table, text = open_file(TIE), TIE.read_text()
    once = edited(table, text, "turn", "feature:-4,3/0", "clockwise")
    assert '  "-4,3": T09@4         # red\'s tunnel (3 tiles)\n' in once
    assert edited(table, once, "turn", "cell:-4,3", "anticlockwise") == text
    assert '"-4,4": T02@1\n' in edited(table, text, "turn", "cell:-4,4", "anticlockwise")
    new = text
    for _ in range(2):
        new = edited(table, new, "turn", "door:red:-5,3/0", "clockwise")
    line = next(x for x in new.splitlines() if x.startswith('  "-5,3"'))
    assert line.startswith('  "-5,3": T10 ')  # @4 two steps on is @0, written as the bare id
    assert line.index("#") == text.splitlines()[text.splitlines().index(line.replace("T10  ", "T10@4"))].index("#")
    assert "no tile lies on 2,-2" in refused(table, text, "turn", "cell:2,-2", "clockwise").message
    assert "no tile lies on the island" in refused(table, text, "turn", "island", "clockwise").message


def test_a_written_island_count_keeps_eight(tmp_path: Path) -> None:
    text = "players: [red, blue]\nprisoners:\n  red: {island: 6, freed: 2}\n"
    table = open_text(tmp_path, text)
    placed = edited(table, text, "tile:T01", "cell:2,0", "@0")
    placed = edited(table, placed, "prisoner:red", "cell:2,0", "at")
    assert "red: {island: 5, freed: 2, at: [\"2,0\"]}" in placed
    assert state_of(placed).player_by_colour[table.state.players[0].colour].count(PlaceKind.TILE) == 1
    freed = edited(table, placed, "prisoner:red", "island", "freed")
    assert "island: 4, freed: 3" in freed
    assert edited(table, edited(table, freed, "erase", "island", "freed red"), "erase", "prisoner:red:2,0") == \
        edited(table, text, "tile:T01", "cell:2,0", "@0")


def erase_spot(tool: Tool, option: str, spot: str) -> tuple[str, str]:
    """The erase (spot, option) a person uses to take off what ``tool`` put on ``spot``:
    the piece's own spot for a prisoner or a door, the hand tile, the stack."""
    kind, _, what = tool.id.partition(":")
    where = spot.partition(":")[2].replace("/0", "")
    if kind == "tile" and option.startswith(("hand", "stack")):
        return (f"hand:{what}" if option.startswith("hand") else option), "top"
    if kind == "prisoner":
        return ("island", f"{option} {what}") if option in ("freed", "dead") else (f"prisoner:{what}:{where}", "top")
    if kind == "door":
        return f"door:{what}:{where}/0", "top"
    return spot, "top"


@pytest.mark.parametrize("path, tile_cell", [(TIE, "-4,3"), (MASTERKEY, "0,2")], ids=lambda v: getattr(v, "name", v))
def test_every_tool_placed_then_erased_gives_back_the_text(path: Path, tile_cell: str) -> None:
    table, text = open_file(path), path.read_text()
    # an empty cell, a tile (with a door and a prisoner on it in masterkey), the island, an unclaimed zone's green area
    spots = {"tile": "cell:2,-2", "prisoner": f"feature:{tile_cell}/0", "door": f"cell:{tile_cell}", "key": "island",
             "zone": "cell:0,5"}
    tried = 0
    tiles = [t for t in table.tools() if t.id.startswith("tile:")]
    for tool in tiles[::9] + [t for t in table.tools() if t not in tiles]:  # every 9th tile: each takes the same path
        kind = tool.id.partition(":")[0]
        if kind in ("erase", "turn") or tool.whole or (tool.id == "key:red" and path == MASTERKEY):  # red holds the key there; turn: its own test
            continue
        for option in tool.options or ("",):
            if kind == "tile" and option not in ("@0", "@5", "hand:red", "stack:2"):
                continue
            spot = spots[kind]
            placed = edited(table, text, tool.id, spot, option)
            assert placed != text, (tool.id, option)
            where, how = erase_spot(tool, option, spot)
            assert edited(table, placed, "erase", where, how) == text, (tool.id, option, placed)
            tried += 1
    assert tried > 20


def test_an_edit_keeps_the_comments_and_key_order(tmp_path: Path) -> None:
    table, text = open_file(TIE), TIE.read_text()
    new = edited(table, text, "tile:T20", "cell:2,-2", "@3")
    diff = [line for line in difflib.unified_diff(text.splitlines(), new.splitlines(), n=0, lineterm="")
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]
    assert diff == ['+  "2,-2": T20@3']
    new = edited(table, text, "erase", "cell:-5,3")  # red's door first, then (again) the tile
    assert [line for line in new.splitlines() if "#" in line] == [line for line in text.splitlines() if "#" in line]
    assert '  red: ["-5,3"]' not in new and '"-5,3": T10@4' in new
    new = edited(table, new, "erase", "cell:-5,3")
    assert '"-5,3"' not in new and new.count("#") == text.count("#") - 1  # the tile's own comment leaves with it
    keys = [line.split(":")[0] for line in new.splitlines() if line and line[0].isalpha()]
    assert keys == ["format", "title", "description", "players", "board", "turn", "unused", "tiles", "hands",
                    "prisoners", "doors", "goal", "answer"]


def test_erase_takes_off_the_top_first() -> None:
    table, text = open_file(MASTERKEY), MASTERKEY.read_text()
    # 0,3: two red prisoners in the through hideout, on the tile T50
    once = edited(table, text, "erase", "cell:0,3")
    assert 'at: ["0,3", "-4,1", "-4,1"]' in once
    twice = edited(table, once, "erase", "cell:0,3")
    assert 'at: ["-4,1", "-4,1"]' in twice and '"0,3": T50@1' in twice
    thrice = edited(table, twice, "erase", "cell:0,3")
    assert '"0,3": T50@1' not in thrice
    assert "keys: [red]" not in edited(table, text, "erase", "island")
    assert "E: red" not in edited(table, text, "erase", "cell:5,0")
    assert 'blue: ["0,2"]' not in edited(table, text, "erase", "door:blue:0,2")
    assert "blue: [T20]" in edited(table, text, "erase", "hand:T13")
    assert "freed: 2\n" in edited(table, text, "erase", "island", "freed red")
    # a piece's spot takes off that piece only: nothing under it when it is gone
    no_door = edited(table, text, "erase", "door:blue:0,2/0")
    assert "nothing to erase" in refused(table, no_door, "erase", "door:blue:0,2/0").message
    with_red = edited(table, text, "prisoner:red", "cell:5,0", "at")  # a red prisoner on red's green area (zone E)
    assert edited(table, with_red, "erase", "prisoner:red:5,0") == text
    assert "nothing to erase" in refused(table, text, "erase", "prisoner:red:5,0").message  # the claim stays
    assert "E: red" not in edited(table, text, "erase", "cell:5,0")  # the cell itself: its claim


# --------------------------------------------------------------------------- refusals


@pytest.mark.parametrize("tool, spot, option, rule, words", [
    ("tile:T20", "island", "@0", "P1", "no tile may lie on the island"),
    ("tile:T20", "cell:5,0", "@0", "P1", "green area 5,0"),
    ("door:red", "cell:5,0", "", "D2", "tunnel or dead end"),
    ("door:red", "island", "", "D2", "the island"),
    ("key:red", "cell:-4,3", "", "K1", "island"),
    ("zone:red", "cell:-4,3", "", "Z1", "green areas"),
    ("prisoner:red", "island", "at", "S1", "on the island already"),
    ("prisoner:red", "stack:1", "at", "M1", "side panel"),
    ("door:blue", "player:blue", "", "D2", "side panel"),
])
def test_a_refused_edit_names_its_rule(tool: str, spot: str, option: str, rule: str, words: str) -> None:
    out = refused(open_file(TIE), TIE.read_text(), tool, spot, option)
    assert out.rules == (rule,) and words in out.message
    assert not out.message.endswith(f"({rule})")  # the page shows the id beside the words: not said twice


@pytest.mark.parametrize("tool, spot, option, words", [
    ("tile:T99", "cell:2,-2", "@0", "no tool 'tile:T99'"),
    ("hammer", "cell:2,-2", "", "no tool 'hammer'"),
    ("tile:T20", "cell:9,9", "@0", "not a cell of the board standard"),
    ("tile:T20", "board:2,-2", "@0", "no place on this board"),
    ("tile:T20", "cell:2,-2", "@7", "no option of a tile"),
    ("erase", "cell:2,-2", "top", "nothing to erase on 2,-2"),
    ("erase", "island", "top", "nothing to erase on the island"),
    ("erase", "island", "dead red", "red has no dead prisoner"),
])
def test_refusals_without_a_rule_say_why(tool: str, spot: str, option: str, words: str) -> None:
    assert words in refused(open_file(TIE), TIE.read_text(), tool, spot, option).message


def test_a_key_written_with_nothing_under_it_is_filled(tmp_path: Path) -> None:
    table = open_file(TIE)
    text = "players: [red, blue]\ntiles:\nkeys:\nstacks:\n"
    assert '"2,-2": T20' in edited(table, text, "tile:T20", "cell:2,-2", "@0")
    assert "keys: [red]" in edited(table, text, "key:red", "island")
    assert "- [T20]" in edited(table, text, "tile:T20", "island", "stack:2")


def test_text_that_is_no_yaml_is_refused_not_raised() -> None:
    out = open_file(TIE).edit("players: [red\n", "erase", "island")
    assert isinstance(out, Refusal) and "not YAML" in out.message
    out = open_file(TIE).edit("players: [red, blue]\ntiles: [T01]\n", "tile:T20", "cell:2,-2", "@0")
    assert isinstance(out, Refusal) and "tiles is not a mapping" in out.message


# --------------------------------------------------------------------------- never raises


TABLE = open_file(TIE)
SPOTS = [s.id for s in TABLE.picture().spots] + ["island", "cell:0,0", "stack:2", "hand:T99", "prisoner:red:island",
                                                 "door:red:9,9", "cell:", "feature:1,1/x", "", "nonsense"]
TOOLS = list(TABLE.tools()) + [Tool("tile:T01", "", "", ("@0", "@9", "hand:green", "stack:4")),
                               Tool("zone:green", "", ""), Tool("", "", "")]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(TOOLS), st.sampled_from(SPOTS), st.integers(0, 12)), max_size=6))
def test_random_edits_never_raise_and_leave_yaml(steps: list[tuple[Tool, str, int]]) -> None:
    text = TIE.read_text()
    for tool, spot, pick in steps:
        options = tool.options + ("", "junk")
        out = TABLE.edit(text, tool.id, spot, options[pick % len(options)])
        if isinstance(out, Refusal):
            assert out.message
            continue
        parse_yaml(out, "edited.yaml")
        text = out


def test_a_record_has_no_palette(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from sectionx.cli import app

    record = tmp_path / "solved.yaml"
    result = CliRunner().invoke(app, ["solve", str(PUZZLES / "02-change-places.yaml"), "--out", str(record)])
    assert result.exit_code == 0, result.output
    table = open_file(record)
    assert table.kind == "record" and table.tools() == ()
    out = table.edit(record.read_text(), "erase", "island")
    assert isinstance(out, Refusal) and "made by its moves" in out.message


SHIPPED = (sorted(PUZZLES.glob("*.yaml")) + sorted((PUZZLES / "deck").glob("*.yaml"))
           + sorted((ROOT / "scenarios").glob("*.yaml")))


@pytest.mark.slow
def test_every_shipped_position_built_by_edits_reads_back_the_same(tmp_path: Path) -> None:
    """Every shipped puzzle and position (about 90; ~11 CPU s) built from its few set-up
    lines by palette edits alone, then its goal, out-of-play and ending lines typed,
    reads back to the same position (tiles, hands, stacks, prisoners, doors, keys, zones)."""
    import yaml

    for path in SHIPPED:
        data = yaml.safe_load(path.read_text())
        turn = data.get("turn")
        moved = isinstance(turn, dict) and "moved" in turn  # steps already taken need their prisoners first
        head = {k: data[k] for k in ("players", "board", "catalogue", "variant", "round", "turn", "last_round", "seed")
                if k in data and not (k == "turn" and moved)}
        tail = {k: data[k] for k in ("turn", "unused", "out", "goal", "claims", "ranking")
                if k in data and (k != "turn" or moved)}
        blank = yaml.safe_dump(head, sort_keys=False)
        shipped = formats.load(path).scenario.state
        table = open_text(tmp_path, blank)
        text = blank
        for tool, spot, option in edits_for(shipped):
            text = edited(table, text, tool, spot, option)
        text += yaml.safe_dump(tail, sort_keys=False) if tail else ""
        assert state_of(text, path.name, path.parent) == shipped, path.name


# --------------------------------------------------------------------------- the puzzle's settings (whole-file tools)


def whole(table: SectionXTable) -> dict[str, Tool]:
    return {t.id: t for t in table.tools() if t.whole}


def setting(table: SectionXTable, text: str, tool: str, option: str) -> str:
    return edited(table, text, tool, "", option)


def test_the_settings_a_puzzle_and_a_position_offer() -> None:
    tools = whole(open_file(PUZZLES / "01-the-fork.yaml"))
    assert list(tools) == ["goal", "goal:part", "goal:turns", "to-move"]
    assert all(t.group == "Puzzle" for t in tools.values())
    # red has 5 prisoners in play there; the standard board's six zones are free; the file's own value first
    assert tools["goal"].options == ("free 2", "free 1", "free 3", "free 4", "free 5", "hide", "key", "zone E", "zone SE",
                                     "zone SW", "zone W", "zone NW", "zone NE", "no goal")
    assert tools["goal:turns"].options == tuple(str(n) for n in range(1, 9)) + ("no limit",)
    assert tools["to-move"].options == ("red", "blue")
    assert whole(open_file(PUZZLES / "16-the-back-door.yaml"))["goal:turns"].options[:4] == ("3", "1", "2", "4")
    assert whole(open_file(PUZZLES / "16-the-back-door.yaml"))["goal"].options[0] == "zone NW"
    assert whole(open_file(PUZZLES / "18-keep-the-key.yaml"))["goal"].options[0] == "free 1"  # an all goal: in order
    position = whole(open_file(MASTERKEY))  # a game state: its goal makes it a puzzle; zones owned are left out
    assert list(position) == ["goal", "to-move"] and "no goal" not in position["goal"].options
    assert position["to-move"].options == ("yellow", "red", "blue")  # yellow's turn there
    assert [o for o in position["goal"].options if o.startswith("zone")] == ["zone SE", "zone SW", "zone NW"]


@pytest.mark.parametrize("name, tool, option, goal", [
    ("01-the-fork.yaml", "goal", "free 3", "free, red, count 3, turns 1"),
    ("01-the-fork.yaml", "goal", "hide", "hide, red, turns 1"),
    ("01-the-fork.yaml", "goal", "key", "key, red, turns 1"),
    ("01-the-fork.yaml", "goal", "zone NE", "zone NE, red, turns 1"),
    ("01-the-fork.yaml", "goal:part", "key", "all [free 2, key], red, turns 1"),
    ("01-the-fork.yaml", "goal:turns", "4", "free, red, count 2, turns 4"),
    ("01-the-fork.yaml", "goal:turns", "no limit", "free, red, count 2"),
    ("01-the-fork.yaml", "to-move", "blue", "free, blue, count 2, turns 1"),
    ("18-keep-the-key.yaml", "goal:part", "free 2", "all [free 2, key], red, turns 1"),
    ("18-keep-the-key.yaml", "goal:part", "zone W", "all [free 1, key, zone W], red, turns 1"),
    ("18-keep-the-key.yaml", "goal", "free 1", "free, red, count 1, turns 1"),
    ("16-the-back-door.yaml", "goal", "free 1", "free, red, count 1, turns 3"),
    ("13-swap-in-the-hideout.yaml", "goal", "zone SW", "zone SW, red, turns 1"),
])
def test_each_setting_reads_back_as_the_goal_set(name: str, tool: str, option: str, goal: str) -> None:
    from sectionx.games.sectionx.model import Goal, GoalKind

    def words(g: Goal) -> str:
        if g.kind is GoalKind.ALL:
            head = "all [" + ", ".join(f"free {p.count}" if p.kind is GoalKind.FREE else
                                       f"zone {p.zone}" if p.kind is GoalKind.ZONE else p.kind.value for p in g.parts) + "]"
        else:
            head = f"zone {g.zone}" if g.kind is GoalKind.ZONE else g.kind.value
        bits = [head, str(g.player)] + ([f"count {g.count}"] if g.kind is GoalKind.FREE else [])
        return ", ".join(bits + ([f"turns {g.turns}"] if g.turns is not None else []))

    path = PUZZLES / name
    table, text = open_file(path), path.read_text()
    new = setting(table, text, tool, option)
    scenario = formats.loads(new, name, PUZZLES).scenario
    assert scenario.goal is not None and words(scenario.goal) == goal, new
    if tool == "to-move":
        assert scenario.state.current.colour.value == option  # Q2: the goal's player moves first
    assert COMMANDS.table(path, parse_yaml(new, name)).status().goal  # the studio opens it as a puzzle


def file_value(table: SectionXTable, tool: str) -> str | None:
    """The option naming what the file has for ``tool`` (None: no option does)."""
    from sectionx.games.sectionx.model import GoalKind

    goal = table.scenario.goal
    if tool == "to-move":
        return table.scenario.state.current.colour.value
    if goal is None:
        return None
    if tool == "goal:turns":
        return "no limit" if goal.turns is None else str(goal.turns)
    if tool == "goal" and goal.kind is not GoalKind.ALL:
        named: dict[GoalKind, str] = {GoalKind.FREE: f"free {goal.count}", GoalKind.ZONE: f"zone {goal.zone}"}
        return named.get(goal.kind, str(goal.kind))
    return None


SETTLED = [PUZZLES / n for n in ("01-the-fork.yaml", "13-swap-in-the-hideout.yaml", "14-one-hideout-too-many.yaml",
                                 "16-the-back-door.yaml", "18-keep-the-key.yaml", "23-let-them-find-out.yaml")] + [
    PUZZLES / "deck" / "intermediate-002.yaml"]  # its out: list wrapped over lines, which ruamel joins: kept


@pytest.mark.parametrize("path", SETTLED, ids=lambda p: p.name)
def test_a_setting_set_back_gives_the_text_back(path: Path) -> None:
    """Every option of every setting, then the file's own value again: the text byte
    for byte (the other options of the goal's kind and number, turn limits, players)."""
    table, text = open_file(path), path.read_text()
    tried = 0
    for tool in whole(table).values():
        back = file_value(table, tool.id)
        if back is None:
            continue
        for option in tool.options:
            if option == "no goal":
                continue  # takes the answer with it: its own test
            there = table.edit(text, tool.id, "", option)
            if isinstance(there, Refusal):
                assert there.rules == ("Q1",), (tool.id, option, there)  # a goal this position cannot have
                continue
            try:  # the page edits on the table of the text when valid, else on the last valid one
                now = open_text_of(path, there)
            except LoadError:
                now = table
            assert setting(now, there, tool.id, back) == text, (tool.id, option, back)
            tried += 1
    assert tried >= 8


def test_a_part_set_back_and_the_goal_made_one_kind_again() -> None:
    path = PUZZLES / "01-the-fork.yaml"
    table, text = open_file(path), path.read_text()
    both = setting(table, text, "goal:part", "key")
    assert "  turns: 1\n  all:\n    - {kind: free, count: 2}\n    - {kind: key}\n\nanswer:" in both  # the blank line stays
    assert setting(open_text_of(path, both), both, "goal", "free 2") == text
    path = PUZZLES / "18-keep-the-key.yaml"
    table, text = open_file(path), path.read_text()
    assert setting(table, setting(table, text, "goal:part", "free 2"), "goal:part", "free 1") == text  # set in place
    assert setting(table, setting(table, text, "goal:part", "zone W"), "goal:part", "free 1").count("kind: zone") == 1
    one = setting(table, text, "goal", "free 1")
    assert "goal:\n  kind: free\n  player: red\n  count: 1\n  turns: 1\n\nanswer:" in one


def open_text_of(path: Path, text: str) -> SectionXTable:
    table = COMMANDS.table(path, parse_yaml(text, path.name))
    assert isinstance(table, SectionXTable)
    return table


def test_no_goal_makes_the_file_a_position() -> None:
    path = PUZZLES / "01-the-fork.yaml"
    table, text = open_file(path), path.read_text()
    new = setting(table, text, "goal", "no goal")
    scenario = formats.loads(new, path.name, PUZZLES).scenario
    assert scenario.goal is None and scenario.answer is None
    assert "unused" not in new and "answer" not in new and new.endswith('  red: {at: ["4,-3", "3,-4"]}\n')
    assert "turn: red\n\ntiles:" in new  # the blank line after unused: out stays
    assert scenario.state.tiles == formats.load(path).scenario.state.tiles
    assert sum(len(s) for s in scenario.state.stacks) == 54 - 5  # Q3: a position's unnamed tiles are in its stacks
    puzzle = setting(open_text_of(path, new), new, "goal", "free 2")  # a goal again: a puzzle, its unnamed tiles out
    again = formats.loads(puzzle, path.name, PUZZLES).scenario
    assert again.goal is not None and not any(again.state.stacks) and again.state.tiles == scenario.state.tiles


@pytest.mark.parametrize("path, tool, option, rule, words", [
    (PUZZLES / "18-keep-the-key.yaml", "goal", "key", "Q1", "already holds the master key"),
    (PUZZLES / "01-the-fork.yaml", "goal", "free 7", "Q1", "red wins after 5 more"),
    (PUZZLES / "18-keep-the-key.yaml", "goal:part", "free 3", "Q1", "red has only 2 in play"),
    (MASTERKEY, "goal", "zone E", "Q1", "belongs to red"),
    (PUZZLES / "01-the-fork.yaml", "goal", "zone XY", "Q1", "no free zone 'XY'"),
    (PUZZLES / "deck" / "intermediate-002.yaml", "goal", "no goal", "Q3", "out of play"),
    (MASTERKEY, "goal:turns", "2", "Q4", "set the goal first"),
    (MASTERKEY, "goal:part", "key", "Q4", "set the goal first"),
    (PUZZLES / "01-the-fork.yaml", "to-move", "yellow", "S1", "not playing"),
])
def test_a_refused_setting_names_its_rule(path: Path, tool: str, option: str, rule: str, words: str) -> None:
    out = refused(open_file(path), path.read_text(), tool, "", option)
    assert out.rules == (rule,) and words in out.message, out


@pytest.mark.parametrize("option, words", [("free", "no goal"), ("free 0", "no goal"), ("hide 2", "no goal"),
                                           ("", "no goal"), ("0", "no turn limit"), ("51", "no turn limit")])
def test_refused_settings_without_a_rule_say_why(option: str, words: str) -> None:
    table, text = open_file(TIE), TIE.read_text()
    tool = "goal:turns" if option.isdigit() else "goal"
    assert words in refused(table, text, tool, "", option).message
    assert "it is a position already" in refused(open_file(MASTERKEY), MASTERKEY.read_text(), "goal", "", "no goal").message


def test_a_one_line_goal_keeps_its_comment_s_gap(tmp_path: Path) -> None:
    text = "players: [red, blue]\nturn: red   # who\ngoal: {kind: free, player: red, count: 2, turns: 1}  # typed\n"
    table = open_text(tmp_path, text)
    blue = setting(table, text, "to-move", "blue")
    assert blue == "players: [red, blue]\nturn: blue   # who\ngoal: {kind: free, player: blue, count: 2, turns: 1}  # typed\n"
    assert setting(table, blue, "to-move", "red") == text
    assert setting(table, setting(table, text, "goal:turns", "no limit"), "goal:turns", "1") == text
    assert "goal: {kind: key, player: red, turns: 1}  # typed" in setting(table, text, "goal", "key")
    parts = setting(table, text, "goal:part", "key")  # an all: goal is written a part a line, as format.md does
    assert formats.loads(parts, "x.yaml", tmp_path).scenario.goal is not None and "    - {kind: key}\n" in parts
    one_line = "players: [red, blue]\nturn: red\ngoal: {player: red, all: [{kind: free, count: 1}, {kind: hide}]}\n"
    assert setting(table, one_line, "goal:part", "key") == (  # never [.., kind: hide] (ruamel's braceless form)
        "players: [red, blue]\nturn: red\ngoal:\n  player: red\n  all:\n    - {kind: free, count: 1}\n"
        "    - {kind: hide}\n    - {kind: key}\n")
    typed = "players: [red, blue]\nturn: blue\ngoal:\nanswer: {turns: 1, plans: 1}\n"  # "goal:" with nothing under it
    assert setting(table, typed, "goal", "key") == ("players: [red, blue]\nturn: blue\ngoal:\n  kind: key\n"
                                                    "  player: blue\nanswer: {turns: 1, plans: 1}\n")


PUZZLE_BUILT = [
    ("01-the-fork.yaml", [("goal", "free 2"), ("goal:turns", "1")]),
    ("13-swap-in-the-hideout.yaml", [("goal", "hide"), ("goal:turns", "1")]),
    ("16-the-back-door.yaml", [("goal", "zone NW"), ("goal:turns", "3")]),
    ("18-keep-the-key.yaml", [("goal", "free 1"), ("goal:part", "key"), ("goal:turns", "1")]),
]


@pytest.mark.parametrize("name, settings_", PUZZLE_BUILT, ids=[n for n, _ in PUZZLE_BUILT])
def test_a_position_made_a_puzzle_by_clicks_alone_solves(tmp_path: Path, name: str,
                                                          settings_: list[tuple[str, str]]) -> None:
    """A blank file, the shipped puzzle's position by palette clicks, its goal and turn
    limit by the settings (the studio's editor loop): the same goal, and the solver
    proves the shipped answer."""
    from sectionx.studio.table import Limits

    shipped = formats.load(PUZZLES / name).scenario
    blank = "players: [" + ", ".join(p.colour.value for p in shipped.state.players) + "]\nboard: standard\n"
    editor = Editor(blank, lambda t: open_text(tmp_path, t))
    editor.use("to-move", "", "red")
    for tool, spot, option in edits_for(shipped.state):
        editor.use(tool, spot, option)
    for tool, option in settings_:
        now = editor.table
        assert isinstance(now, SectionXTable) and now.kind == ("state" if tool == settings_[0][0] else "puzzle")
        assert option in whole(now)[tool].options  # offered by the palette the page shows
        editor.use(tool, "", option)
    table = open_text(tmp_path, editor.text)
    assert table.kind == "puzzle" and table.scenario.state == shipped.state
    assert table.scenario.goal == shipped.goal, editor.text
    solution = table.solve(Limits(seconds=60), lambda _: None)
    assert shipped.answer is not None and (solution.status, solution.minimum) == ("solved", shipped.answer.turns)


WHOLE_TEXTS = [TIE.read_text(), MASTERKEY.read_text(), (PUZZLES / "18-keep-the-key.yaml").read_text(),
               "players: [red, blue]\ngoal: 3\nturn: [x]\n", "players: [red, blue]\ngoal: {all: 5, count: x}\n",
               "players: [red, blue]\ngoal:\n  all:\n    - 7\n    - {kind: zone}\nturn: {phase: 2}\n", "players: red\n",
               "turn: 5\ngoal: {kind: 5, count: [1], player: [x]}\n", "goal: {all: [{kind: free}], turns: x}\nturn:\n",
               "goal: null\nunused: out\nout: 3\n", "- 1\n", "", "goal:\n  all: {kind: key}\n"]
WHOLE_OPTIONS = sorted({o for t in TABLE.tools() if t.whole for o in t.options}
                       | {"", "free 9", "zone", "zone NE", "no goal", "no limit", "50", "-1", "green", "free -1", "key 2"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(WHOLE_TEXTS),
       st.lists(st.tuples(st.sampled_from(["goal", "goal:part", "goal:turns", "to-move", "goal:", "Goal"]),
                          st.sampled_from(WHOLE_OPTIONS)), max_size=6))
def test_random_settings_never_raise_and_leave_yaml(text: str, steps: list[tuple[str, str]]) -> None:
    for table in (TABLE, open_file(MASTERKEY)):
        now = text
        for tool, option in steps:
            out = table.edit(now, tool, "", option)
            if isinstance(out, Refusal):
                assert out.message
                continue
            parse_yaml(out, "edited.yaml")
            now = out


def test_the_studio_sets_a_goal_through_the_page_s_settings(tmp_path: Path) -> None:
    """POST /api/edit as the page's Set button sends it (spot ""): the settings come
    with the editor's view, a position becomes a puzzle checked live, a refusal shows
    its rule."""
    from .studio_tables import studio_poster

    text = MASTERKEY.read_text()
    (tmp_path / "masterkey.yaml").write_text(text, encoding="utf-8")
    post = studio_poster(tmp_path, "sectionx-goal-token-0123")
    view = post("/api/check", {"path": "masterkey.yaml", "text": text})
    settings_ = {t["id"]: t for t in view["tools"] if t.get("whole")}
    assert set(settings_) == {"goal", "to-move"} and "free 2" in settings_["goal"]["options"]
    out = post("/api/edit", {"path": "masterkey.yaml", "text": text, "tool": "goal", "spot": "", "option": "free 2"})
    assert out["ok"] and str(out["text"]).endswith("  W: yellow\ngoal:\n  kind: free\n  player: yellow\n  count: 2\n")
    out = post("/api/edit", {"path": "masterkey.yaml", "text": out["text"], "tool": "goal:turns", "spot": "",
                             "option": "3"})
    assert out["ok"] and str(out["text"]).endswith("  count: 2\n  turns: 3\n")
    out = post("/api/edit", {"path": "masterkey.yaml", "text": text, "tool": "goal", "spot": "", "option": "zone E"})
    assert out["rules"] == ["Q1"] and "belongs to red" in str(out["refused"])


def test_an_edit_keeps_a_list_wrapped_over_lines() -> None:
    """``sectionx generate`` wraps a long ``out:`` list over lines; ruamel's round trip
    would join them: an edit that does not touch it keeps it as written
    (:func:`yamledit.edited_in_place`), and placed then erased gives the text back."""
    path = PUZZLES / "deck" / "intermediate-002.yaml"
    table, text = open_file(path), path.read_text()
    wrapped = text[text.index("out: ["):text.index("prisoners:")]
    assert wrapped.count("\n") == 3
    placed = edited(table, text, "prisoner:red", "feature:3,0/0", "at")
    assert wrapped in placed and changed_lines(text, placed) == ['-    island: 1', '+    island: 0',
                                                                 '+    at: ["3,0"]']
    assert edited(table, placed, "erase", "prisoner:red:3,0") == text
    assert wrapped in setting(table, text, "goal:turns", "3")
