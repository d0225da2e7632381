"""Der Tunnel's palette editor (issue 31 "Edit", sectionx/games/tunnel/editing.py):
shipped puzzles built from a new game's file by palette edits alone (the set-up and
goal lines by text) read back to the same position; every tool placed then erased
gives the text back byte for byte; an edit changes only what it touches (comments, key
order, blank lines kept); refusals name their ruling (TG1-TG4, CB1, CB2, CB4, TU1, TU2,
TU8); a spot on every part of every cell shown, placed or empty; random tool/spot/option
sequences never raise and always give YAML."""

from __future__ import annotations

from collections import deque
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ruamel.yaml.comments import CommentedMap

from sectionx.games.api import NewOptions
from sectionx.games.tunnel import editing, formats, puzzleedit, solver
from sectionx.games.tunnel.commands import COMMANDS
from sectionx.games.tunnel.model import COLOURS, FOLLOWERS, Position
from sectionx.games.tunnel.puzzles import Goal, Puzzle, Stated, drawn_tile
from sectionx.games.tunnel.rules import cell_text
from sectionx.games.tunnel.studio import PARTS, TunnelTable
from sectionx.games.tunnel.tiles import DELTA, EDGES, tile_set
from sectionx.studio import yamledit
from sectionx.studio.table import Editable, Refusal
from sectionx.yamlsrc import LoadError, parse_yaml, read_yaml

from . import studio_tables
from .studio_tables import changed_lines, opened, studio_poster

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "scenarios" / "tunnel"
HALF_CLAIMED = SCENARIOS / "half-claimed-tunnel.yaml"  # comments on its lines, a tunnel half laid
RECORD = SCENARIOS / "game-3p-seed4.yaml"
#: Shipped puzzles built by edits: TV1, TV2 (stealable), TV3 (pairs of a common supply),
#: a listed stack (TQ2), and a plain position.
BUILT = ("puzzles/06-own-follower.yaml", "puzzles/07-steal-the-partner.yaml", "puzzles/08-pairs-at-once.yaml",
         "puzzles/15-three-turns.yaml", "half-claimed-tunnel.yaml")
#: The keys a person writes by text (the set-up, the goal); the palette writes the others.
PIECES = ("game", "format", "title", "players", "board", "followers", "tunnels")


def table_of(text: str) -> TunnelTable:
    return opened(TunnelTable, COMMANDS, Path("t.yaml"), text)


def blank(players: tuple[str, ...] = ("red", "green")) -> str:
    return COMMANDS.new(NewOptions(players=len(players), colours=",".join(players)))


class Editor(studio_tables.Editor):
    """The studio's editor on Der Tunnel's tables (:class:`.studio_tables.Editor`),
    and a top key typed by text."""

    def __init__(self, text: str) -> None:
        super().__init__(text, table_of)

    def type(self, key: str, value: Any) -> None:
        """A top key set by text, as a person types it (on one line: ``{red: 4}``, ``[U, V]``)."""
        if isinstance(value, dict):
            typed = CommentedMap(value)
            typed.fa.set_flow_style()
            value = typed
        elif isinstance(value, list):
            value = yamledit.flow(value)
        self.text = yamledit.edited(self.text, lambda d: yamledit.set_key(d, [key], value))
        try:
            self.table = table_of(self.text)
        except LoadError:
            pass


def same(a: formats.Loaded, b: formats.Loaded) -> bool:
    """The same position and puzzle: what dumps writes (the lines as a set: the order of
    the tunnels: sets is the order they were laid) and the puzzle read."""
    return sorted(formats.dumps(a.position).splitlines()) == sorted(formats.dumps(b.position).splitlines()) \
        and a.puzzle == b.puzzle


# ------------------------------------------------------------------ the palette


def test_the_palette_has_every_tile_kind_each_seats_followers_each_set_and_erase() -> None:
    table = table_of(blank(("red", "green", "blue")))
    tools = table.tools()
    ids = [t.id for t in tools]
    kinds = list(tile_set().types)
    sets = list(table.position.sets)
    assert ids == ([f"tile:{k}" for k in kinds] + ["follower:red", "follower:green", "follower:blue"]
                   + [f"token:{s}" for s in sets] + ["erase", "goal", "turn"])  # the settings: below
    assert len(kinds) == 28 and len(sets) == 6  # A-X and TU-A-TU-D (TG2, TG3); 3 players, 3/2: two sets each (TU8)
    assert all(t.options == ("@0", "@1", "@2", "@3") for t in tools if t.id.startswith("tile:"))
    assert {t.group for t in tools if t.id.startswith("tile:TU-")} == {"Tunnel tiles"}
    assert {t.group for t in tools} == {"Tiles", "Tunnel tiles", "Followers", "Tunnel tokens", "Erase", "Puzzle"}
    assert isinstance(table, Editable)
    record = COMMANDS.table(RECORD, read_yaml(RECORD))
    assert isinstance(record, TunnelTable) and record.tools() == ()
    refusal = record.edit(RECORD.read_text(), "erase", "cell:0,0")
    assert isinstance(refusal, Refusal) and "record" in refusal.message


def test_every_cell_shown_has_its_parts_placed_or_empty_and_empty_cells_their_openings() -> None:
    table = table_of(HALF_CLAIMED.read_text())
    ids = {s.id for s in table.picture().spots}
    cells = [s.id.split(":")[1] for s in table.picture().spots if s.id.startswith("cell:")]
    pos = table.position
    assert len(cells) == len(pos.board) + len(pos.frontier)
    for where in cells:
        assert {f"part:{where}:{p}" for p in PARTS} <= ids
    for cell in pos.frontier:
        assert {f"opening:{cell_text(cell)}:{e}" for e in EDGES} <= ids
    # The ids an edit checks a spot against, known without drawing the picture.
    for path in (HALF_CLAIMED, SCENARIOS / "puzzles" / "08-pairs-at-once.yaml", SCENARIOS / "figure-tunnel-joins.yaml"):
        fresh = COMMANDS.table(path, read_yaml(path))
        assert isinstance(fresh, TunnelTable)
        assert fresh.spot_ids() == {s.id for s in fresh.picture().spots}, path.name
    # A placed tile's part says what lies there.
    titles = {s.id: s.title for s in table.picture().spots}
    assert "road:E" in titles["part:1,0:E"] and "city:N" in titles["part:1,0:N"]


# ------------------------------------------------------------------ building shipped positions


def _tile_order(loaded: formats.Loaded) -> list[tuple[int, int]]:
    """The board's cells from 0,0 outwards (each joined to one before it)."""
    board = loaded.position.board
    seen, todo, order = {(0, 0)}, deque([(0, 0)]), []
    while todo:
        x, y = todo.popleft()
        order.append((x, y))
        for dx, dy in DELTA:
            if (x + dx, y + dy) in board and (x + dx, y + dy) not in seen:
                seen.add((x + dx, y + dy))
                todo.append((x + dx, y + dy))
    return order[1:]


SET_UP = ("tokens", "variants", "sets", "turn", "scores", "stack", "out")


def built_by_clicks(path: Path, typed: tuple[str, ...] = SET_UP) -> Editor:
    """The editor on a new game's file after the shipped file's set-up keys ``typed`` by
    text and its tiles, followers and tokens placed by palette clicks."""
    shipped = formats.load(path)
    data = read_yaml(path).data
    assert isinstance(data, dict)
    editor = Editor(blank(tuple(shipped.position.players)))
    for key in typed:
        if key in data:
            editor.type(key, data[key])
    for cell in _tile_order(shipped):
        tile = shipped.position.board[cell].tile
        editor.use(f"tile:{tile.tile.name}", f"cell:{cell_text(cell)}", f"@{tile.rotation}")
    for player, items in (data.get("followers") or {}).items():
        for text in items:
            where, feature = text.split(" ")
            tile = shipped.position.board[tuple(int(v) for v in where.split(","))].tile  # type: ignore[index]
            local = tile.feature_named(feature)
            assert local is not None
            place = tile.features[local].places()[-1].rsplit(":", 1)[-1]  # not always the first place clicked
            spot = f"cell:{where}" if place == "cloister" else f"part:{where}:{place}"
            editor.use(f"follower:{player}", spot)
    for set_name, items in (data.get("tunnels") or {}).items():
        for text in items:
            editor.use(f"token:{set_name}", f"opening:{text}")
    return editor


@pytest.mark.parametrize("name", BUILT)
def test_a_shipped_position_built_by_palette_edits_reads_back_the_same(name: str) -> None:
    path = SCENARIOS / name
    shipped = formats.load(path)
    data = read_yaml(path).data
    assert isinstance(data, dict)
    editor = built_by_clicks(path)
    for key in ("stealable", "goal", "drawn", "after", "answer"):
        if key in data:
            editor.type(key, data[key])
    built = formats.read(parse_yaml(editor.text, "built.yaml"))
    assert same(built, shipped)
    # The house's forms: quoted cell keys, TILE@R, flow lists of quoted followers (each
    # feature by its first place) and openings.
    assert '  "0,0": D@0' in editor.text
    for player in data.get("followers") or {}:
        assert f'  {player}: ["' in editor.text
    for set_name, items in (data.get("tunnels") or {}).items():
        assert f"  {set_name}: [" + ", ".join(f'"{t}"' for t in items) + "]" in editor.text


def test_a_new_games_stack_count_follows_the_tiles_placed_and_erased() -> None:
    text = blank()
    assert "stack: 75" in text
    editor = Editor(text)
    one = editor.use("tile:U", "cell:1,0", "@0")
    assert "stack: 74                    # tiles left, order unknown" in one
    table_of(one)  # valid: TG2's count holds
    two = editor.use("tile:V", "cell:-1,0", "@1")
    assert "stack: 73" in two and '"-1,0": V@1' in two.split('"0,0"')[0]  # board order: row, then column
    assert editor.use("erase", "cell:-1,0") == one
    assert editor.use("erase", "cell:1,0") == text


# ------------------------------------------------------------------ placed then erased


def test_every_tool_placed_then_erased_gives_the_text_back_byte_for_byte() -> None:
    text = HALF_CLAIMED.read_text()
    table = table_of(text)
    pos = table.position
    empty = min(pos.frontier)
    done = 0
    full = {"TU-B"}  # the box's one TU-B is on the board (TG3)
    for tool in table.tools():
        if tool.id.startswith("tile:"):
            spot = f"cell:{cell_text(empty)}"
            if tool.id[5:] in full:
                refusal = table.edit(text, tool.id, spot, "@0")
                assert isinstance(refusal, Refusal) and refusal.rules == ("TG3",)
                continue
        elif tool.id.startswith("follower:"):
            spot = "part:3,0:Sw"  # K@0's field by the road S-W: free
        elif tool.id.startswith("token:"):
            spot = "opening:1,0:W"  # TU-B's west opening: free
        else:
            continue
        for option in tool.options or ("",):
            after = table.edit(text, tool.id, spot, option)
            assert isinstance(after, str), (tool, after)
            assert after != text
            back = (table_of(after) if _valid(after) else table).edit(after, "erase", spot)
            assert back == text, (tool.id, option, changed_lines(text, back if isinstance(back, str) else ""))
            done += 1
    assert done == 27 * 4 + len(pos.players) + len(pos.sets) == 116  # 2 players, 3/2: three sets each (TU8)


def _valid(text: str) -> bool:
    try:
        table_of(text)
    except LoadError:
        return False
    return True


def test_an_edit_keeps_comments_key_order_and_touches_only_its_key() -> None:
    text = HALF_CLAIMED.read_text()
    table = table_of(text)
    after = table.edit(text, "follower:green", "part:3,0:Sw")
    assert isinstance(after, str)
    trapped = "      # on the road from the east opening: trapped"
    assert changed_lines(text, after) == ['-  green: ["2,0 road:W"]' + trapped,
                                          '+  green: ["2,0 road:W", "3,0 field:Sw"]' + trapped]
    tile = table.edit(text, "tile:U", "cell:4,0", "@0")
    assert isinstance(tile, str)
    assert changed_lines(text, tile) == ['+  "4,0": U@0']
    token = table.edit(text, "token:red", "opening:1,0:W")
    assert isinstance(token, str)
    hand = "             # the first token of the red set; its partner is still in hand"
    assert changed_lines(text, token) == ['-  red: ["1,0:E"]' + hand, '+  red: ["1,0:E", "1,0:W"]' + hand]
    fresh = table.edit(text, "token:green", "opening:1,0:W")
    assert isinstance(fresh, str)
    assert changed_lines(text, fresh) == ['+  green: ["1,0:W"]']
    assert list(read_yaml_text(fresh)) == list(read_yaml_text(text))  # the top keys in their order


def read_yaml_text(text: str) -> dict[str, Any]:
    data = parse_yaml(text, "t.yaml").data
    assert isinstance(data, dict)
    return data


def test_a_placed_tiles_kind_at_another_turn_turns_it_where_it_lies() -> None:
    text = HALF_CLAIMED.read_text()
    table = table_of(text)
    turned = table.edit(text, "tile:U", "cell:2,0", "@2")
    assert isinstance(turned, str)
    assert changed_lines(text, turned) == ['-  "2,0": U@0', '+  "2,0": U@2']
    back = table_of(turned).edit(turned, "tile:U", "cell:2,0", "@0")
    assert back == text
    for option in ("@0", ""):
        same_turn = table.edit(text, "tile:U", "cell:2,0", option)
        assert isinstance(same_turn, Refusal) and same_turn.rules == ("TG1",)


def test_new_keys_go_where_the_format_writes_them() -> None:
    editor = Editor(blank())
    editor.use("tile:TU-B", "cell:1,0", "@0")
    editor.use("token:red", "opening:1,0:E")
    editor.use("follower:green", "part:1,0:W")
    assert list(read_yaml_text(editor.text)) == ["game", "format", "title", "players", "tokens", "turn", "board",
                                                 "followers", "tunnels", "scores", "stack"]
    assert 'followers:\n  green: ["1,0 road:W"]\ntunnels:\n  red: ["1,0:E"]\n' in editor.text
    editor.use("follower:red", "part:0,0:W")  # red before green: seat order
    assert 'followers:\n  red: ["0,0 road:E"]\n  green: ["1,0 road:W"]\n' in editor.text


# ------------------------------------------------------------------ refusals


def test_a_refused_edit_names_why() -> None:
    text = HALF_CLAIMED.read_text()
    table = table_of(text)
    cases = {
        ("tile:U", "cell:1,0", "@0"): "TG1",           # a tile there
        ("tile:U", "cell:4,0", "@7"): "TG4",           # no such turn
        ("tile:U", "nowhere", ""): "TG4",              # no such spot
        ("tile:U", "cell:9,9", ""): "TG4",             # a cell not shown
        ("follower:red", "cell:4,0", ""): "CB4",       # no tile
        ("follower:red", "cell:1,0", ""): "CB4",       # TU-B has no cloister
        ("follower:red", "part:2,0:W", ""): "CB4",     # green's road
        ("follower:red", "part:2,0:Nw", ""): "CB2",    # another feature of a tile with a follower
        ("token:red", "opening:1,0:E", ""): "TU2",     # red's token there
        ("token:green", "part:3,0:E", ""): "TU1",      # no opening
        ("token:green", "cell:4,0", ""): "TU1",        # no tile
    }
    for (tool, spot, option), rule in cases.items():
        refusal = table.edit(text, tool, spot, option)
        assert isinstance(refusal, Refusal), (tool, spot, refusal)
        # The page shows the ruling beside the words: they do not end in it.
        assert refusal.rules == (rule,) and not refusal.message.endswith(")"), (tool, spot, refusal)
    # One C in the box (TG2), one TU-A (TG3).
    for name, rule in (("C", "TG2"), ("TU-A", "TG3")):
        once = table.edit(text, f"tile:{name}", "cell:4,0", "@0")
        assert isinstance(once, str)
        twice = table.edit(once, f"tile:{name}", "cell:-2,0", "@0")
        assert isinstance(twice, Refusal) and twice.rules == (rule,)
    # A third token of a set (TU8).
    two = table.edit(text, "token:red", "opening:1,0:W")
    assert isinstance(two, str)
    editor = Editor(two)
    editor.use("tile:TU-A", "cell:4,0", "@0")  # its edges do not match K's (CB3): written all the same
    third = editor.table.edit(editor.text, "token:red", "opening:4,0:W")
    assert isinstance(third, Refusal) and third.rules == ("TU8",)
    # An eighth follower of a colour (CB1).
    editor = Editor(blank())
    for x in range(1, FOLLOWERS + 2):
        editor.use("tile:U", f"cell:{x},0", "@0")
    for x in range(1, FOLLOWERS + 1):
        editor.use("follower:red", f"part:{x},0:Nw")
    eighth = editor.table.edit(editor.text, "follower:red", "part:0,0:E")
    assert isinstance(eighth, Refusal) and eighth.rules == ("CB1",)
    for tool, spot in (("erase", "cell:4,0"), ("stone:red3", "cell:4,0"), ("follower:purple", "part:1,0:E"),
                       (f"token:{COLOURS[-1]}x", "opening:1,0:W")):
        refusal = table.edit(text, tool, spot)
        assert isinstance(refusal, Refusal) and refusal.message, (tool, spot)
    broken = table.edit("game: tunnel\nboard: [1, 2]\n", "tile:U", "cell:4,0")
    assert isinstance(broken, Refusal) and "board:" in broken.message


def test_erase_takes_the_top_first_then_the_tile() -> None:
    text = HALF_CLAIMED.read_text()
    editor = Editor(text)
    editor.use("erase", "cell:1,0")  # TU-B: its red token first
    assert "tunnels:" not in editor.text and '"1,0": TU-B@0' in editor.text
    editor.use("erase", "cell:2,0")  # U: green's follower first
    assert read_yaml_text(editor.text)["followers"] == {"red": ["-1,0 road:E"]}
    assert '"2,0": U@0' in editor.text
    editor.use("erase", "cell:2,0")  # then the tile, the stack's count left alone (it was not every tile left)
    assert '"2,0"' not in editor.text and "stack: 60 " in editor.text


# ------------------------------------------------------------------ never raises


TOOLS = [t.id for t in table_of(HALF_CLAIMED.read_text()).tools()] + ["nonsense", "tile:Z"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.sampled_from(TOOLS), st.integers(0, 10_000), st.sampled_from(("", "@0", "@3", "x"))),
                max_size=8))
def test_random_edits_never_raise_and_always_give_yaml(steps: list[tuple[str, int, str]]) -> None:
    text = HALF_CLAIMED.read_text()
    table = table_of(text)
    for tool, pick, option in steps:
        spots = sorted(table.spot_ids()) + ["cell:x", "part:1,0:Q", "opening:1,0:Nw"]
        after = table.edit(text, tool, spots[pick % len(spots)], option)
        if isinstance(after, Refusal):
            assert after.message
            continue
        parse_yaml(after, "t.yaml")
        text = after
        try:
            table = table_of(text)
        except LoadError:
            pass
    assert editing.read_spot("cell:1,0") == ("cell", (1, 0), "")


#: Text a person may have typed: odd keys and values the editor meets, none of them
#: the format's; every tool on every spot gives text or a refusal, never an error.
ODD_TEXTS = (
    "",
    "- a list\n",
    "game: tunnel\nboard: [1, 2]\n",
    "game: tunnel\nboard:\n  \"0,0\": D@0\n  \"1,0\": nonsense\n  x: U@0\n  \"0,1\": Z@9\nstack: true\n",
    "game: tunnel\nboard: {\"0,0\": D@0, \"1,0\": TU-B@0}\nfollowers: {1: [\"1,0 road:E\", 7], red: x}\n",
    ("game: tunnel\nboard: {\"0,0\": D@0, \"1,0\": TU-B@0}\nfollowers: {1: [\"1,0 road:E\", 7]}\n"
     "tunnels: {2: [\"1,0:E\"], red: [null]}\nout: U\nstack: [U, 3]\n"),
    "game: tunnel\nboard: {\"0,0\": D@0, \"1,0\": TU-B@0}\nfollowers:\ntunnels: 5\n",
)


@pytest.mark.parametrize("odd", ODD_TEXTS)
def test_odd_text_gives_text_or_a_refusal_never_an_error(odd: str) -> None:
    table = table_of(HALF_CLAIMED.read_text())
    spots = ["cell:0,0", "cell:1,0", "part:1,0:E", "part:1,0:Nw", "opening:1,0:E", "opening:1,0:W", "cell:0,1",
             "part:0,1:S", "opening:0,1:N"]
    for tool in [t for t in table.tools() if t.id in ("tile:U", "tile:TU-B", "follower:red", "follower:green",
                                                       "token:red", "token:blue", "erase")]:
        for spot in spots:
            out = table.edit(odd, tool.id, spot, (tool.options or ("",))[-1])
            assert isinstance(out, (str, Refusal))
            if isinstance(out, str):
                parse_yaml(out, "t.yaml")
            else:
                assert out.message


# ------------------------------------------------------------------ through the studio's server


def test_the_studio_edits_a_tunnel_file_through_its_palette(tmp_path: Path) -> None:
    """POST /api/check and /api/edit: the palette and a placed tile's part spots in the
    editor's view, an edit's new text checked live, a refusal's words and ruling."""
    text = blank()
    (tmp_path / "new.yaml").write_text(text, encoding="utf-8")
    token = "tunnel-edit-token-0123456"
    post = studio_poster(tmp_path, token)

    view = post("/api/check", {"path": "new.yaml", "text": text})
    assert view["ok"] and [t["id"] for t in view["tools"]][:2] == ["tile:A", "tile:B"]
    assert {"cell:1,0", "part:0,0:E", "part:1,0:Nw", "opening:1,0:W"} <= {s["id"] for s in view["spots"]}
    out = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "tile:U", "spot": "cell:1,0", "option": "@0"})
    assert out["ok"] and '  "1,0": U@0\n' in out["text"] and "stack: 74 " in out["text"]
    bad = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "tile:U", "spot": "cell:1,0", "option": "@1"})
    assert not bad["ok"] and any("CB3" in str(p) for p in bad["problems"])  # written; validate says why not
    follower = post("/api/edit", {"path": "new.yaml", "text": out["text"], "tool": "follower:green",
                                  "spot": "part:1,0:W"})
    assert follower["ok"] and 'followers:\n  green: ["1,0 road:E"]\n' in follower["text"]
    refused = post("/api/edit", {"path": "new.yaml", "text": text, "tool": "token:red", "spot": "part:0,0:E"})
    assert refused["rules"] == ["TU1"] and "no tunnel opening" in str(refused["refused"])


# ------------------------------------------------------------------ the puzzle's settings (whole-file tools)


PUZZLES = SCENARIOS / "puzzles"
TQ1 = PUZZLES / "01-token-closes-the-road.yaml"  # drawn: T, stack of unknown order
TQ2 = PUZZLES / "12-a-road-in-two.yaml"  # {road: 4, within: 2}, stack: [S, H], blue to move
TQ2_POINTS = PUZZLES / "13-points-in-two.yaml"
TQ3 = PUZZLES / "09-the-last-word.yaml"
TQ3_AFTER = PUZZLES / "11-one-more-turn.yaml"
FIGURE = ROOT / "sectionx" / "games" / "tunnel" / "rulebook" / "figures" / "tu4-joins.yaml"


def settings_of(table: TunnelTable) -> dict[str, tuple[str, ...]]:
    whole = [t for t in table.tools() if t.whole]
    assert {t.group for t in whole} <= {"Puzzle"}
    return {t.id: t.options for t in whole}


def set_to(text: str, tool: str, option: str, table: TunnelTable | None = None) -> str:
    """The text after the setting ``tool`` is set to ``option`` (on the text's own table,
    or ``table``: the last valid one, as the page keeps it)."""
    after = (table or table_of(text)).edit(text, tool, "", option)
    assert isinstance(after, str), (tool, option, after)
    return after


def loaded(text: str) -> formats.Loaded:
    return formats.read(parse_yaml(text, "t.yaml"))


def without(text: str, *keys: str) -> str:
    """The text with top keys taken off by text (a file without them, as a person has it)."""
    def cut(data: CommentedMap) -> None:
        for key in keys:
            yamledit.remove_key(data, key)
    return yamledit.edited(text, cut)


def test_the_settings_each_file_offers() -> None:
    # A new game (a stack of unknown order): TQ1 or TQ3, nothing to take off, whose turn.
    fresh = settings_of(table_of(blank(("red", "green", "blue"))))
    assert fresh == {"goal": ("best turn (TQ1)", "score at the end (TQ3)"), "turn": ("red", "green", "blue")}
    # A TQ2 puzzle: every kind (its stack is listed), its number, a limit up to the tiles listed.
    road = settings_of(table_of(TQ2.read_text()))
    # Each setting's options start with the file's value (the page's select shows the first), the rest in order.
    assert road["goal"] == ("road (TQ2)", "best turn (TQ1)", "points (TQ2)", "score at the end (TQ3)", "no goal")
    assert road["within"] == ("2", "1") and road["turn"] == ("blue", "red", "green")
    assert road["target"] == ("4", "2", "3", *(str(n) for n in range(5, 13)))
    assert list(road) == ["goal", "target", "within", "turn"]
    assert sorted(settings_of(table_of(TQ2_POINTS.read_text()))["target"], key=int) == [str(n) for n in range(1, 31)]
    # A TQ1 puzzle of unknown order: the tile in hand, any kind still to draw (TU-B is on the board: TG3).
    best = settings_of(table_of(TQ1.read_text()))
    assert list(best) == ["goal", "drawn", "turn"] and best["drawn"][0] == "T" and "TU-A" in best["drawn"]
    assert "TU-B" not in best["drawn"] and puzzleedit.TOP not in best["drawn"]
    labels = {t.id: t.label for t in table_of(TQ1.read_text()).tools() if t.whole}
    assert labels == {"goal": "Goal (now best turn, TQ1)", "drawn": "Tile in hand (now T)", "turn": "To move (now red)"}
    assert list(settings_of(table_of(TQ3.read_text()))) == ["goal", "turn"]
    # A figure asks nothing: whose turn only.  A record has no palette.
    figure = COMMANDS.table(FIGURE, read_yaml(FIGURE))
    assert isinstance(figure, TunnelTable) and list(settings_of(figure)) == ["turn"]
    assert all(t.whole for t in table_of(TQ2.read_text()).tools() if t.id in puzzleedit.TOOL_IDS)


#: (file, setting, option) and what the loader reads back: the goal, the tile in hand
#: (drawn_tile), the player to move, whether the recorded answer stays.
SETTINGS = [
    (TQ2, "goal", "points (TQ2)", Goal("points", 4, 2), "S", "blue", True),
    (TQ2, "goal", "best turn (TQ1)", Goal("best"), "S", "blue", False),  # a listed stack: its top in hand
    (TQ2, "goal", "score at the end (TQ3)", Goal("end"), "S", "blue", False),
    (TQ2, "goal", "no goal", None, "S", "blue", False),
    (TQ2, "target", "6", Goal("road", 6, 2), "S", "blue", True),
    (TQ2, "within", "1", Goal("road", 4, 1), "S", "blue", False),  # answer turns 2 > 1: it goes
    (TQ2, "turn", "red", Goal("road", 4, 2), "S", "red", True),
    (TQ2_POINTS, "target", "12", Goal("points", 12, 2), "A", "red", True),
    (TQ2_POINTS, "goal", "road (TQ2)", Goal("road", 8, 2), "A", "red", True),
    (TQ1, "drawn", "X", Goal("best"), "X", "red", True),
    (TQ1, "goal", "score at the end (TQ3)", Goal("end"), None, "red", False),
    (TQ1, "turn", "blue", Goal("best"), "T", "blue", True),
    (TQ3, "goal", "best turn (TQ1)", Goal("best"), "drawn", "red", False),  # unknown order: drawn: written
    (TQ3, "turn", "green", Goal("end"), None, "green", True),
    (TQ3_AFTER, "goal", "no goal", None, None, "green", False),
    (HALF_CLAIMED, "goal", "best turn (TQ1)", Goal("best"), "drawn", "green", False),
    (HALF_CLAIMED, "goal", "score at the end (TQ3)", Goal("end"), None, "green", False),
    (HALF_CLAIMED, "turn", "red", None, None, "red", False),
]


@pytest.mark.parametrize(("path", "tool", "option", "goal", "hand", "player", "answer"), SETTINGS,
                         ids=[f"{p.stem[:12]}-{t}-{o}" for p, t, o, *_ in SETTINGS])
def test_a_setting_reads_back_as_set(path: Path, tool: str, option: str, goal: Goal | None, hand: str | None,
                                     player: str, answer: bool) -> None:
    text = path.read_text()
    after = set_to(text, tool, option)
    back = loaded(after)
    assert (back.puzzle.goal if back.puzzle is not None else None) == goal
    assert back.position.player == player
    if goal is not None and goal.kind == "best":
        drawn = drawn_tile(back.puzzle, back.position)
        assert drawn == hand or (hand == "drawn" and drawn is not None and "drawn: " + drawn in after)
    assert ("answer:" in after) == answer and ("after:" in after) == (goal is not None and "after:" in text)
    # The position is the file's: only the puzzle's keys (and turn:) changed.
    assert sorted(formats.dumps(back.position).splitlines()) == sorted(
        formats.dumps(_with_turn(formats.load(path).position, player)).splitlines())
    touched = {line[1:].split(":")[0] for line in changed_lines(text, after)}
    assert touched <= {"goal", "drawn", "after", "answer", "grade", "turn"}, touched


def _with_turn(pos: Position, player: str) -> Position:
    pos.turn = pos.players.index(player)
    return pos


def test_a_goal_line_reads_as_a_person_writes_it() -> None:
    text = TQ2.read_text()
    assert changed_lines(text, set_to(text, "target", "10")) == [
        "-goal: {road: 4, within: 2}   # the others pass (TQ2)", "+goal: {road: 10, within: 2}   # the others pass (TQ2)"]
    best = set_to(text, "goal", "best turn (TQ1)")  # the house's TQ2 comment goes with TQ2
    assert changed_lines(text, best) == ["-goal: {road: 4, within: 2}   # the others pass (TQ2)",
                                         "-answer: {turns: 2, first: 2}", "+goal: {best: turn}"]
    # A position made a puzzle: the goal (and TQ1's tile in hand) after the stack, where dumps writes it.
    position = HALF_CLAIMED.read_text()
    made = set_to(position, "goal", "best turn (TQ1)")
    lines = changed_lines(position, made)
    assert lines[0] == "+goal: {best: turn}" and lines[1].startswith("+drawn: ") and len(lines) == 2
    assert made.startswith(position.rstrip("\n"))
    assert list(read_yaml_text(made))[-3:] == ["stack", "goal", "drawn"]
    listed = set_to(set_to(TQ2.read_text(), "goal", "no goal"), "goal", "road (TQ2)")
    assert listed.endswith("stack: [S, H]\ngoal: {road: 4, within: 2}   # the others pass (TQ2)\n")
    assert "\ngoal: {score: end}\n" in set_to(TQ2.read_text(), "goal", "score at the end (TQ3)")
    top = table_of(best).tools()
    assert [(t.label, t.options) for t in top if t.id == "drawn"] == [("Tile in hand (now S, the top)", ("top of stack",))]


def test_a_follower_list_wrapped_over_two_lines_stays_so() -> None:
    """09's green followers are written over two lines; ruamel's round trip would join
    them: a tile placed, a setting set and a token laid elsewhere leave them as written."""
    text = TQ3.read_text()
    assert '"0,1 road:S", "3,1 city:N",\n    "0,2 field:Nw"]' in text
    table = table_of(text)
    tile = table.edit(text, "tile:U", "cell:4,1", "@1")
    left = "                    # tiles left, order unknown"
    assert isinstance(tile, str)
    assert changed_lines(text, tile) == ['+  "4,1": U@1', f"-stack: 61{left}", f"+stack: 60{left}"]
    assert changed_lines(text, set_to(text, "turn", "green")) == ["-turn: red", "+turn: green"]


#: A setting set and set back: (file, setting, away, back).
ROUND_TRIPS = [
    (TQ2, "turn", "red", "blue"),
    (TQ2, "target", "7", "4"),
    (TQ2, "goal", "points (TQ2)", "road (TQ2)"),
    (TQ1, "drawn", "TU-A", "T"),
    (TQ1, "turn", "green", "red"),
    (TQ3_AFTER, "turn", "red", "green"),  # not valid while red is to move: green's token in after: (TU8)
    (TQ3, "turn", "green", "red"),  # a follower list wrapped over two lines stays so
    (HALF_CLAIMED, "goal", "best turn (TQ1)", "no goal"),
    (HALF_CLAIMED, "goal", "score at the end (TQ3)", "no goal"),
    (HALF_CLAIMED, "turn", "red", "green"),
]


@pytest.mark.parametrize(("path", "tool", "away", "back"), ROUND_TRIPS,
                         ids=[f"{p.stem[:12]}-{t}-{a}" for p, t, a, _ in ROUND_TRIPS])
def test_a_setting_set_and_set_back_gives_the_text_byte_for_byte(path: Path, tool: str, away: str, back: str) -> None:
    text = path.read_text()
    changed = set_to(text, tool, away)
    assert changed != text
    assert set_to(changed, tool, back, _table_or(changed, text)) == text
    # The value the file has already: the text as it was.
    assert set_to(text, tool, back) == text


def _table_or(text: str, last: str) -> TunnelTable:
    """The table of ``text``, else of ``last`` (the page edits on the last valid table)."""
    return table_of(text) if _valid(text) else table_of(last)


def test_the_turn_limit_and_goals_set_back_where_the_file_had_them() -> None:
    # Within: on the puzzle without its recorded answer (an answer of 2 turns does not read with a limit of 1).
    text = without(TQ2.read_text(), "answer")
    assert set_to(set_to(text, "within", "1"), "within", "2") == text
    # A position with a listed stack made TQ2, TQ1, TQ3 and back: the position's text.
    position = without(TQ2.read_text(), "goal", "answer")
    for kind in ("road (TQ2)", "points (TQ2)", "best turn (TQ1)", "score at the end (TQ3)"):
        assert set_to(set_to(position, "goal", kind), "goal", "no goal") == position, kind
    # TQ2 to TQ1 and back: the goal line again with its comment (the answer of TQ2's form went).
    assert set_to(set_to(TQ2.read_text(), "goal", "best turn (TQ1)"), "goal", "road (TQ2)") == without(
        TQ2.read_text(), "answer")
    # Blank lines and a comment closing the file stay after the goal, whatever it becomes.
    closed = position + "\n\n# the end\n"
    road = set_to(closed, "goal", "road (TQ2)")
    assert road.endswith("goal: {road: 4, within: 2}   # the others pass (TQ2)\n\n\n# the end\n")
    assert set_to(set_to(road, "goal", "score at the end (TQ3)"), "goal", "road (TQ2)") == road
    assert set_to(road, "goal", "no goal") == closed


def _solved(text: str) -> Stated:
    return solver.stated_answer(solver.solve_puzzle(loaded(text)))


@pytest.mark.parametrize(("path", "steps"), [
    (TQ1, [("turn", "green"), ("goal", "score at the end (TQ3)"), ("goal", "best turn (TQ1)"), ("drawn", "T"),
           ("turn", "red")]),
    (TQ2, [("turn", "blue"), ("goal", "points (TQ2)"), ("target", "3"), ("within", "1"), ("goal", "road (TQ2)"),
           ("target", "4"), ("within", "2")]),
    (TQ3, [("goal", "best turn (TQ1)"), ("goal", "score at the end (TQ3)")]),
], ids=["TQ1", "TQ2", "TQ3"])
def test_a_position_made_a_puzzle_by_clicks_and_settings_solves_to_the_shipped_answer(
        path: Path, steps: list[tuple[str, str]]) -> None:
    """The shipped puzzle's position built from a new game by palette clicks (its set-up
    typed: the stack, the scores, the token count), then its question asked by settings
    alone: the solver proves the answer the shipped file records."""
    editor = built_by_clicks(path, typed=tuple(k for k in SET_UP if k != "turn"))
    assert "goal:" not in editor.text
    for tool, option in steps:
        after = editor.table.edit(editor.text, tool, "", option)
        assert isinstance(after, str), (tool, option, after)
        editor.text = after
        editor.table = table_of(after)  # valid after every setting
    shipped = formats.load(path)
    made = loaded(editor.text)
    assert made.puzzle is not None and shipped.puzzle is not None
    assert made.puzzle.goal == shipped.puzzle.goal and made.position.player == shipped.position.player
    assert drawn_tile(made.puzzle, made.position) == drawn_tile(shipped.puzzle, shipped.position)
    assert _solved(editor.text) == shipped.puzzle.answer


def test_a_refused_setting_names_its_ruling() -> None:
    over = yamledit.edited(TQ3.read_text(), lambda d: yamledit.set_key(d, ["stack"], 0))
    table_of(over)  # valid: a game at its end
    cases: list[tuple[Path, str, str, *tuple[str, ...]]] = [
        (HALF_CLAIMED, "goal", "road (TQ2)", "TQ2"),       # a stack of unknown order
        (HALF_CLAIMED, "goal", "anything", "TQ1"),
        (TQ1, "within", "1", "TQ2"),                       # no TQ2 goal
        (TQ1, "target", "5", "TQ2"),
        (TQ2, "within", "3", "TQ2"),                       # the stack lists 2
        (TQ2, "within", "0", "TQ2"),
        (TQ2, "target", "x", "TQ2"),
        (TQ2, "target", "101", "TQ2"),                     # the format's most for a road
        (TQ2, "drawn", "S", "TQ1"),                        # no TQ1 goal
        (TQ1, "drawn", "Z", "TG2", "TG3"),
        (TQ1, "drawn", "TU-B", "TG3"),                     # the box's one TU-B is on the board
        (TQ1, "drawn", puzzleedit.TOP, "TQ1"),             # the order is unknown
        (TQ1, "turn", "purple", "CB2"),
        (TQ1, "turn", "yellow", "CB2"),                    # a colour, not seated
    ]
    for path, tool, option, *rules in cases:
        text = path.read_text()
        refusal = table_of(text).edit(text, tool, "", option)
        assert isinstance(refusal, Refusal), (path.name, tool, option, refusal)
        assert refusal.rules == tuple(rules) and not refusal.message.endswith(")"), (path.name, tool, option, refusal)
    # A listed stack: the player draws its top (CB2).
    best = set_to(TQ2.read_text(), "goal", "best turn (TQ1)")
    refusal = table_of(best).edit(best, "drawn", "", "H")
    assert isinstance(refusal, Refusal) and refusal.rules == ("CB2",) and "top of the stack is S" in refusal.message
    assert set_to(best, "drawn", "S").endswith("drawn: S\n")
    assert set_to(set_to(best, "drawn", "S"), "drawn", puzzleedit.TOP) == best
    # The game over: nothing to play (TQ1, TQ2); the end's scoring still asks.
    for option, rule in (("best turn (TQ1)", "TQ1"), ("road (TQ2)", "TQ2")):
        refusal = table_of(over).edit(over, "goal", "", option)
        assert isinstance(refusal, Refusal) and refusal.rules == (rule,) and "over" in refusal.message
    assert settings_of(table_of(over))["goal"] == ("score at the end (TQ3)", "no goal")
    # A figure asks nothing; a record's position is its turns'; a setting the palette lacks.
    figure = COMMANDS.table(FIGURE, read_yaml(FIGURE))
    assert isinstance(figure, TunnelTable)
    refusal = figure.edit(FIGURE.read_text(), "goal", "", "best turn (TQ1)")
    assert isinstance(refusal, Refusal) and "figure" in refusal.message
    assert "turn: green" in str(figure.edit(FIGURE.read_text(), "turn", "", "green"))
    record = COMMANDS.table(RECORD, read_yaml(RECORD))
    assert isinstance(record, TunnelTable)
    refusal = record.edit(RECORD.read_text(), "turn", "", "red")
    assert isinstance(refusal, Refusal) and "record" in refusal.message
    refusal = table_of(TQ1.read_text()).edit(TQ1.read_text(), "stack", "", "5")
    assert isinstance(refusal, Refusal) and "no setting" in refusal.message
    broken = table_of(TQ1.read_text()).edit("game: tunnel\ngoal: [best]\n", "goal", "", "road (TQ2)")
    assert isinstance(broken, Refusal) and "goal:" in broken.message


#: Every option any setting offers on the shipped files, and odd ones.
SETTING_TEXTS = [p.read_text() for p in (TQ1, TQ2, TQ2_POINTS, TQ3, TQ3_AFTER, HALF_CLAIMED)]
OPTIONS = sorted({o for text in SETTING_TEXTS for t in table_of(text).tools() if t.whole for o in t.options}
                 | {"", "0", "11", "-1", "1000", "1001", "top", "Z", "grey", "no goal ", "１"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(range(len(SETTING_TEXTS))),
       st.lists(st.tuples(st.sampled_from([*puzzleedit.TOOL_IDS, "tile:U", "nonsense"]), st.sampled_from(OPTIONS)),
                max_size=8))
def test_random_settings_never_raise_and_always_give_yaml(start: int, steps: list[tuple[str, str]]) -> None:
    text = SETTING_TEXTS[start]
    table = table_of(text)
    for tool, option in steps:
        after = table.edit(text, tool, "", option)
        if isinstance(after, Refusal):
            assert after.message
            continue
        parse_yaml(after, "t.yaml")
        text = after
        try:
            table = table_of(text)
        except LoadError:
            pass


@pytest.mark.parametrize("odd", ODD_TEXTS + ("game: tunnel\ngoal: 5\nstack: [U]\n", "game: tunnel\ngoal:\n",
                                             "game: tunnel\nplayers: 9\ngoal: {road: x, points: 3}\nanswer: 7\n"))
def test_settings_on_odd_text_give_text_or_a_refusal(odd: str) -> None:
    table = table_of(TQ2.read_text())
    for tool in [t for t in table.tools() if t.whole]:
        for option in (*tool.options, "x"):
            out = table.edit(odd, tool.id, "", option)
            assert isinstance(out, (str, Refusal))
            if isinstance(out, str) and out != odd:  # a value the text has already: the text as it was
                parse_yaml(out, "t.yaml")


def test_the_studio_sets_a_goal_through_its_palette(tmp_path: Path) -> None:
    """POST /api/check lists the settings as whole-file tools; /api/edit with the spot
    "" sets one, and the new text is checked live."""
    text = HALF_CLAIMED.read_text()
    (tmp_path / "pos.yaml").write_text(text, encoding="utf-8")
    token = "tunnel-goal-token-0123456"
    post = studio_poster(tmp_path, token)
    view = post("/api/check", {"path": "pos.yaml", "text": text})
    whole = [t for t in view["tools"] if t["whole"]]
    assert [t["id"] for t in whole] == ["goal", "turn"] and {t["group"] for t in whole} == {"Puzzle"}
    out = post("/api/edit", {"path": "pos.yaml", "text": text, "tool": "goal", "spot": "", "option": "score at the end (TQ3)"})
    assert out["ok"] and out["text"].endswith("goal: {score: end}\n")
    refused = post("/api/edit", {"path": "pos.yaml", "text": text, "tool": "goal", "spot": "", "option": "road (TQ2)"})
    assert refused["rules"] == ["TQ2"]


def test_a_goal_written_as_a_block_keeps_its_lines() -> None:
    """A goal a person wrote as a block mapping: its number, limit and kind between road
    and points change on their own lines, the comments beside them kept."""
    text = TQ2.read_text().replace("goal: {road: 4, within: 2}   # the others pass (TQ2)\n",
                                   "goal:   # the question\n  road: 4   # tiles\n  within: 2\n")
    assert loaded(text).puzzle == formats.load(TQ2).puzzle
    assert changed_lines(text, set_to(text, "within", "1")) == ["-  within: 2", "-answer: {turns: 2, first: 2}",
                                                               "+  within: 1"]
    points = set_to(text, "goal", "points (TQ2)")
    assert changed_lines(text, points) == ["-  road: 4   # tiles", "+  points: 4 # tiles"]
    assert set_to(points, "goal", "road (TQ2)") == text
    assert loaded(set_to(text, "goal", "best turn (TQ1)")).puzzle == Puzzle(Goal("best"))
