"""Every ruling that ``sectionx.games.sectionx.rules`` enforces: an allowed case and a refused case.

Ruling ids are those of ``docs/rules.md``: this edition's rulings (G2, G3, T1-T3,
P1, N1-N4, M1, M3, D1, D2, K1, K2, Z1, E1, E2, E4, E5) and its own additions (T4
features may not cross, D5 one door per feature, K3 the key needs a prisoner in a
hideout, S1 set-up, Q1 goals, Q3 tiles out of play only in puzzles).

Three layers:

* ``tests/invalid/rules/*.yaml`` -- one file per kind of refused position.  The first
  line reads ``# expect: RULE line N [col C] [msg "part of the message"]`` and
  :func:`test_refused_fixture` runs :func:`sectionx.games.sectionx.checking.check_file` on it and
  looks for that located diagnostic.  The file name starts with the rule id.
* ``tests/valid/rules/*.yaml`` -- positions that must check clean, and
  :data:`ALLOWED`: for every ruling a small valid position that exercises it.
* in-code tests for the subtle cases: states read with :func:`sectionx.games.sectionx.formats.loads`
  and judged by :func:`sectionx.games.sectionx.rules.check_scenario`, and the board and tile checks
  (:func:`~sectionx.games.sectionx.rules.check_board`, :func:`~sectionx.games.sectionx.rules.check_tile`) run on
  model objects built here.

Geometry used throughout (G1): pointy-top axial cells, edges 0 E, 1 SE, 2 SW, 3 W,
4 NW, 5 NE; ``T05@2`` is T05 turned two steps clockwise.  On the standard board
1,0 1,-1 0,1 ... are island cells, 5,0 (zone E), 0,5 (SE), -5,5 (SW), -5,0 (W),
0,-5 (NW), 5,-5 (NE) are green.
"""

from __future__ import annotations

import dataclasses
import re
import textwrap
from pathlib import Path
from typing import NamedTuple

import pytest

from sectionx.colours import Colour
from sectionx.games.sectionx import checking, formats, rules
from sectionx.games.sectionx.model import Board, Feature, PlaceKind, Spot, TileType, Turn, Zone
from sectionx.hexgrid import Cell, hexagon

HERE = Path(__file__).parent
INVALID_DIR = HERE / "invalid" / "rules"
VALID_DIR = HERE / "valid" / "rules"
INVALID = sorted(INVALID_DIR.glob("*.yaml"))
VALID = sorted(VALID_DIR.glob("*.yaml"))

FOUR = "players: [red, blue, yellow, purple]\n"


# --------------------------------------------------------------------------- helpers


def load(text: str) -> formats.Loaded:
    return formats.loads(textwrap.dedent(text))


def problems(text: str) -> list:
    return rules.check_scenario(load(text).scenario)


def shown(found) -> str:
    return "\n".join(f"  {p.rule}: {p.message}" for p in found) or "  (nothing)"


def assert_allowed(text: str) -> None:
    found = problems(text)
    assert found == [], "expected a clean position, got:\n" + shown(found)


def assert_refused(text: str, rule: str, fragment: str, *, line: int | None = None) -> None:
    """``rule`` is reported with ``fragment`` in its message (and, if given, on ``line``)."""
    loaded = load(text)
    found = rules.check_scenario(loaded.scenario)
    hits = [p for p in found if p.rule == rule and fragment in p.message]
    assert hits, f"expected {rule} with {fragment!r}, got:\n" + shown(found)
    if line is not None:
        lines = [d.line for d in loaded.locate(hits)]
        assert line in lines, f"{rule} reported on line(s) {lines}, expected line {line}"


def rule_ids(text: str) -> set[str]:
    return {p.rule for p in problems(text)}


def rules_py_ids() -> set[str]:
    """Every ruling id that ``sectionx/games/sectionx/rules.py`` can put into a Problem."""
    source = Path(rules.__file__).read_text("utf-8")
    return set(re.findall(r'Problem\(\s*"([A-Z]\d+)"', source))


# --------------------------------------------------------------------------- fixtures


class Expect(NamedTuple):
    rule: str
    line: int
    col: int | None
    msg: str | None


_EXPECT_RE = re.compile(
    r'^#\s*expect:\s*(?P<rule>[A-Z]\d+)\s+line\s+(?P<line>\d+)'
    r'(?:\s+col\s+(?P<col>\d+))?(?:\s+msg\s+"(?P<msg>[^"]*)")?\s*$'
)


def parse_expect(path: Path) -> Expect:
    first = path.read_text("utf-8").splitlines()[0]
    m = _EXPECT_RE.match(first)
    assert m, f"{path.name}: first line must be '# expect: RULE line N [col C] [msg \"...\"]', not {first!r}"
    return Expect(m["rule"], int(m["line"]), int(m["col"]) if m["col"] else None, m["msg"])


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.stem)
def test_refused_fixture(path: Path) -> None:
    """Each refused fixture reports its ruling id on the expected line (and column, message)."""
    want = parse_expect(path)
    assert path.stem.split("_")[0].upper() == want.rule, "fixture names start with their rule id"
    report = checking.check_file(path)
    assert not report.ok
    listing = "\n".join(f"  {d.line}:{d.column} {d.rule}: {d.message}" for d in report.diagnostics)
    same_rule = [d for d in report.diagnostics if d.rule == want.rule]
    assert same_rule, f"{want.rule} not reported; got:\n{listing}"
    hits = [
        d
        for d in same_rule
        if d.line == want.line
        and (want.col is None or d.column == want.col)
        and (want.msg is None or want.msg in d.message)
    ]
    assert hits, f"expected {want} ; got:\n{listing}"


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.stem)
def test_valid_fixture(path: Path) -> None:
    """Fixtures under tests/valid/rules check clean (E2: the last tile taken, all tiles placed)."""
    report = checking.check_file(path)
    assert report.ok, "\n".join(map(str, report.diagnostics))
    assert report.kind in ("state", "puzzle")


def test_every_rule_of_rules_py_has_a_refused_fixture() -> None:
    """Coverage: each ruling id in rules.py has a refused fixture file."""
    covered = {parse_expect(p).rule for p in INVALID}
    assert rules_py_ids() - covered == set()


def test_fixture_expect_lines_are_well_formed() -> None:
    """The fixture header parser itself: accepts the documented form, rejects others."""
    assert _EXPECT_RE.match('# expect: P1 line 6 col 3 msg "onto rock"')["col"] == "3"
    assert _EXPECT_RE.match("# expect: E5 line 2")["msg"] is None
    assert not _EXPECT_RE.match("# expect: P1 on line 6")
    assert len(INVALID) >= 40


# --------------------------------------------------------------------------- allowed, one per ruling

#: For every ruling id rules.py reports, a valid position that exercises it.
ALLOWED: dict[str, str] = {
    # P1: openings meet openings, rock meets rock, and tiles may open onto the island,
    # a green area, the rim or an empty cell.  T02@3 is still a straight E-W tunnel.
    "P1": FOUR + """\
tiles:
  2,-1: T01
  3,-1: T02@3
  2,-2: T46@3
  4,0: T05
  5,-3: T06
""",
    # G2, G3: a board written inline, island of 7 connected cells, zones cover the greens.
    "G2": """\
players: [red, blue]
board:
  name: tiny
  radius: 3
  island: ["0,0", "1,0", "0,1", "-1,1", "-1,0", "0,-1", "1,-1"]
  green: ["3,0", "-3,0", "0,3"]
  zones: {E: ["3,0"], W: ["-3,0", "0,3"]}
tiles:
  2,-1: T01
""",
    # T3: every tile in exactly one place (board, hands, default stacks).
    "T3": FOUR + """\
tiles:
  2,-1: T01
hands:
  red: [T02]
  blue: [T54]
""",
    # N1: a hand of three is the limit.
    "N1": FOUR + """\
hands:
  red: [T01, T02, T03]
""",
    # M1: island, both features of a two-tunnel tile, own green area, freed, dead.
    "M1": FOUR + """\
tiles:
  4,-1: T30
zones: {E: red}
prisoners:
  red: {at: ["4,-1", "4,-1/1", "5,0"], freed: 1, dead: 1}
""",
    # T2: a hideout holds two of any colours; three tunnels on one tile take one each;
    # the own green area takes more than one.
    "T2": FOUR + """\
tiles:
  2,-2: T46@3
  2,1: T38
zones: {E: blue}
prisoners:
  red: {at: ["2,-2", "2,1", "2,1/2"]}
  blue: {at: ["2,-2", "2,1/1", "5,0", "5,0"]}
""",
    # D2: one player's two doors in one tunnel; doors on dead ends (also T44's d0).
    "D2": FOUR + """\
tiles:
  2,-1: T01
  3,-1: T02
  -3,0: T41
  4,-3: T44
doors:
  red: ["2,-1", "3,-1"]
  blue: ["-3,0"]
  yellow: ["4,-3/1"]
""",
    # D5: two doors on one tile, but on its two separate tunnels.
    "D5": FOUR + """\
tiles:
  4,-1: T30
doors:
  red: ["4,-1"]
  blue: ["4,-1/1"]
""",
    # Z1: three players without a zone, three zones unowned: exactly enough.
    "Z1": FOUR + """\
zones: {E: red, SE: red, SW: red}
prisoners:
  red: {at: ["5,0", "0,5"]}
""",
    # Z2: red prisoners on green areas of red's own zones, beside blue's zone.
    "Z2": FOUR + """\
zones: {E: red, W: blue}
prisoners:
  red: {at: ["5,0"]}
  blue: {at: ["-5,0"]}
""",
    # K1: key held, prisoners in play in two hideouts, one door left on the board.
    "K1": FOUR + """\
tiles:
  2,-1: T01
  2,-2: T46@3
  -2,2: T47
prisoners:
  red: {at: ["2,-2", "2,-2", "-2,2", "-2,2"], freed: 4}
doors:
  red: ["2,-1"]
keys: [red]
""",
    # K2: a key holder's prisoner walked out of the hideout into a tunnel: key kept.
    "K2": FOUR + """\
tiles:
  2,-1: T01
  2,-2: T46@3
prisoners:
  red: {at: ["2,-2", "2,-1"], freed: 4, dead: 2}
keys: [red]
""",
    # E1: two prisoners on green do not end a four-player round.
    "E1": FOUR + """\
zones: {SW: yellow}
prisoners:
  yellow: {at: ["-5,5", "-5,5"]}
""",
    # E4: the game is over and the winner is ranked first.
    "E4": FOUR + """\
prisoners:
  red: {freed: 5}
ranking: [red, blue, yellow, purple]
""",
    # E5: purple can no longer reach 5, the others can: the last round is on.
    "E5": FOUR + """\
last_round: true
prisoners:
  purple: {dead: 4}
""",
    # E2: stacks empty and round_ends set (every tile placed or held).
    "E2": (VALID_DIR / "e2_last_tile_taken.yaml").read_text("utf-8"),
    # S1: the player to move plays.
    "S1": FOUR + "turn: {player: purple, phase: 2}\n",
    # N2: the tile action is done in phase 2.
    "N2": FOUR + "turn: {player: red, phase: 2, tile_action: true}\n",
    # N4: advanced game, prisoners moved in phase 2 (V2 interleaving).
    "N4": FOUR + """\
variant: advanced
tiles:
  2,-1: T01
prisoners:
  red: {at: ["2,-1"]}
turn: {player: red, phase: 2, moved: {"2,-1": 1}}
""",
    # M3: five steps, at most two per prisoner.
    "M3": FOUR + """\
tiles:
  2,-1: T01
  3,-1: T02
  4,-1: T03
prisoners:
  red: {at: ["2,-1", "3,-1", "4,-1"]}
turn: {player: red, phase: 3, moved: {"2,-1": 2, "3,-1": 2, "4,-1": 1}}
""",
    # Q1: a puzzle asking for two prisoners on green, with eight available.
    "Q1": FOUR + """\
tiles:
  2,-1: T01
goal: {kind: free, player: red, count: 2, turns: 3}
""",
    # Q2: the goal's player is the player to move (blue), written or by default.
    "Q2": FOUR + """\
turn: blue
goal: {kind: zone, zone: NE, turns: 2}
""",
    # Q3: a puzzle may set tiles out of play, explicitly or with unused: out.
    "Q3": FOUR + """\
turn: blue
tiles:
  2,-1: T01
out: [T54]
unused: out
goal: {kind: hide, player: blue}
prisoners:
  blue: {at: ["2,-1"]}
""",
}
ALLOWED["G3"] = ALLOWED["G2"]

#: Rulings whose allowed cases are checked on model objects below.
ALLOWED_ON_MODEL = {"T1", "T4"}


@pytest.mark.parametrize("rule", sorted(ALLOWED))
def test_allowed_position(rule: str) -> None:
    """A valid position exercising each ruling checks clean (no problem of any rule)."""
    assert_allowed(ALLOWED[rule])


def test_every_rule_of_rules_py_has_an_allowed_case() -> None:
    """Coverage: each ruling id in rules.py has an allowed case."""
    assert rules_py_ids() - set(ALLOWED) - ALLOWED_ON_MODEL == set()


# --------------------------------------------------------------------------- D1 tunnels

TUNNEL_STATE = FOUR + """\
tiles:
  2,-1: T01
  3,-1: T02
  4,-1: T30
  4,0: T03@1
  2,0: T46
"""
# 2,-1 (t03) -- 3,-1 (t03) -- 4,-1 feature 0 (t03): one tunnel of three tiles.
# 4,-1 feature 1 (t12) opens SE into 4,0 (t14): a second tunnel, on the same tile.
# 2,0 (h0) touches 2,-1 and 3,-1 only with rock: a tunnel of its own.


def test_d1_features_join_only_through_matching_openings() -> None:
    """D1: features join through matching openings of adjacent tiles, never inside a tile (T1)."""
    loaded = load(TUNNEL_STATE)
    assert rules.check_scenario(loaded.scenario) == []
    t = rules.tunnels(loaded.state)
    main = t.of(Spot(Cell(2, -1), 0))
    assert main == (Spot(Cell(2, -1), 0), Spot(Cell(3, -1), 0), Spot(Cell(4, -1), 0))
    assert t.length(Spot(Cell(3, -1), 0)) == 3
    assert t.of(Spot(Cell(4, -1), 1)) == (Spot(Cell(4, -1), 1), Spot(Cell(4, 0), 0))
    assert t.component[Spot(Cell(4, -1), 0)] != t.component[Spot(Cell(4, -1), 1)]
    assert t.length(Spot(Cell(4, 0), 0)) == 2
    assert t.of(Spot(Cell(2, 0), 0)) == (Spot(Cell(2, 0), 0),)
    assert len(t.members) == 3


def test_d1_rotation_breaks_a_tunnel() -> None:
    """D1, P1: turning T02 one step leaves rock against T01's opening: no join."""
    loaded = load(FOUR + "tiles:\n  2,-1: T01\n  3,-1: T02@1\n")
    t = rules.tunnels(loaded.state)
    assert t.component[Spot(Cell(2, -1), 0)] != t.component[Spot(Cell(3, -1), 0)]


def test_d1_island_and_green_do_not_join_tunnels() -> None:
    """D1: two tunnels opening onto the same island cell (1,0), or the same green cell
    (5,0), stay separate tunnels; so two players' doors on them are allowed (D2)."""
    text = FOUR + """\
tiles:
  2,-1: T01@2
  1,1: T02@1
  5,-1: T03@1
  4,1: T04@2
zones: {E: red}
doors:
  red: ["2,-1", "5,-1"]
  blue: ["1,1", "4,1"]
"""
    # 2,-1 (t25) opens SW onto island 1,0; 1,1 (t14) opens NW onto island 1,0.
    # 5,-1 (t14) opens SE onto green 5,0; 4,1 (t25) opens NE onto green 5,0.
    loaded = load(text)
    assert rules.check_scenario(loaded.scenario) == []
    t = rules.tunnels(loaded.state)
    assert t.component[Spot(Cell(2, -1), 0)] != t.component[Spot(Cell(1, 1), 0)]
    assert t.component[Spot(Cell(5, -1), 0)] != t.component[Spot(Cell(4, 1), 0)]
    assert len(t.members) == 4


# --------------------------------------------------------------------------- D2, D5 doors


def test_d2_two_players_doors_in_one_tunnel_through_a_junction_refused() -> None:
    """D2: red's door on 2,-1 and blue's on 3,0 are joined through the Y junction on 3,-1."""
    text = FOUR + """\
tiles:
  2,-1: T01
  3,-1: T20@1
  3,0: T03@1
doors:
  red: ["2,-1"]
  blue: ["3,0"]
"""
    assert_refused(text, "D2", "blue door on 3,0 is in the same tunnel as red's door on 2,-1", line=8)


def test_d2_same_players_two_doors_in_one_tunnel_allowed() -> None:
    """D2: a tunnel may hold two doors of the same player."""
    assert_allowed(FOUR + """\
tiles:
  2,-1: T01
  3,-1: T20@1
  3,0: T03@1
doors:
  blue: ["2,-1", "3,0"]
""")


def test_d2_doors_on_separate_tunnels_of_one_tile_allowed() -> None:
    """D2, D5, T1: T30's two tunnels are not connected, so red and blue may each hold one."""
    assert_allowed(ALLOWED["D5"])


@pytest.mark.parametrize(
    "tile, spot, fragment",
    [
        ("T20", "2,-1", "door on the junction at 2,-1"),
        ("T28", "2,-1", "door on the junction at 2,-1"),
        ("T50", "2,-1", "door on the hideout at 2,-1"),
        ("T01", "2,-1/1", "tile T01 has 1 feature"),
        ("T01", "2,0", "there is no tile on that cell"),
        ("T01", "1,0", "is an island cell, not a tile"),
    ],
)
def test_d2_door_must_stand_on_a_tunnel_or_dead_end(tile: str, spot: str, fragment: str) -> None:
    """D2: never on a junction or hideout, and only on a feature that exists."""
    assert_refused(FOUR + f'tiles:\n  2,-1: {tile}\ndoors:\n  red: ["{spot}"]\n', "D2", fragment, line=5)


def test_d5_two_doors_on_one_feature_refused() -> None:
    """D5: one door per feature, whoever owns them."""
    assert_refused(FOUR + 'tiles:\n  2,-1: T41@3\ndoors:\n  red: ["2,-1"]\n  blue: ["2,-1"]\n',
                   "D5", "blue door on 2,-1, where red already has a door", line=6)


# --------------------------------------------------------------------------- K1, K2, K3 master key

KEY_TILES = """\
tiles:
  2,-2: T46@3
  -2,2: T47
  0,3: T48
  2,-1: T01
"""


def test_k1_condition_met_without_key_refused() -> None:
    """K1: no prisoner on the island or in a tunnel, all in play in at most two hideouts:
    the player holds the key, so a state without it is refused."""
    text = FOUR + KEY_TILES + 'prisoners:\n  red: {at: ["2,-2", "2,-2", "-2,2"], freed: 4, dead: 1}\n'
    assert_refused(text, "K1", "add it to keys", line=8)
    assert rules.key_condition(load(text).state, load(text).state.players[0])


def test_k1_three_hideouts_do_not_qualify() -> None:
    """K1: prisoners spread over three hideouts: no key, and none required."""
    text = FOUR + KEY_TILES + 'prisoners:\n  red: {at: ["2,-2", "2,-2", "-2,2", "0,3"], freed: 4}\n'
    assert_allowed(text)
    assert not rules.key_condition(load(text).state, load(text).state.players[0])


def test_k1_prisoner_in_a_tunnel_or_on_the_island_does_not_qualify() -> None:
    """K1: one prisoner in a tunnel (or any on the island) and the key is not due."""
    in_tunnel = FOUR + KEY_TILES + 'prisoners:\n  red: {at: ["2,-2", "2,-2", "2,-1"], freed: 4, dead: 1}\n'
    on_island = FOUR + KEY_TILES + 'prisoners:\n  red: {at: ["2,-2", "2,-2"], freed: 4, island: 2}\n'
    assert_allowed(in_tunnel)
    assert_allowed(on_island)


def test_k1_key_costs_one_door() -> None:
    """K1: a key holder has at most one door on the board."""
    base = FOUR + KEY_TILES + 'prisoners:\n  red: {at: ["2,-2", "2,-2"], freed: 4, dead: 2}\nkeys: [red]\n'
    assert_allowed(base + 'doors:\n  red: ["2,-1"]\n')
    assert_refused(base + 'doors:\n  red: ["2,-1", "2,-1"]\n', "K1", "the key costs one of the two doors")


def test_k2_key_with_prisoner_on_island_refused() -> None:
    """K2: the key is lost as soon as a prisoner is back on the island."""
    text = FOUR + KEY_TILES + 'prisoners:\n  red: {at: ["2,-2", "2,-2"], freed: 4, island: 2}\nkeys: [red]\n'
    assert_refused(text, "K2", "red holds the master key with 2 prisoners on the island", line=9)


def test_k2_key_with_prisoner_in_tunnel_allowed() -> None:
    """K2: walking out into a tunnel does not lose the key."""
    assert_allowed(ALLOWED["K2"])


def test_k3_no_prisoner_in_a_hideout_needs_no_key() -> None:
    """K3: all red prisoners freed or dead, none in a hideout: the condition is false
    (it needs at least one prisoner in a hideout), so no key is required."""
    text = FOUR + "last_round: true\nprisoners:\n  red: {freed: 4, dead: 4}\n"
    assert_allowed(text)
    state = load(text).state
    assert not rules.key_condition(state, state.players[0])


# --------------------------------------------------------------------------- Z1 zones


@pytest.mark.parametrize(
    "players, zones, ok",
    [
        ("[red, blue, yellow, purple]", "{E: red, SE: red, SW: red}", True),  # 3 left for 3
        ("[red, blue, yellow, purple]", "{E: red, SE: red, SW: red, W: red}", False),  # 2 left for 3
        ("[red, blue, yellow, purple]", "{E: red, SE: blue, SW: red, W: red, NW: yellow}", True),  # 1 for 1
        ("[red, blue, yellow, purple]", "{E: red, SE: red, SW: red, W: blue, NW: red}", False),  # 1 for 2
        ("[red, blue]", "{E: red, SE: red, SW: red, W: red, NW: red}", True),  # 1 left for blue
        ("[red, blue]", "{E: red, SE: red, SW: red, W: red, NW: red, NE: red}", False),  # none left
    ],
)
def test_z1_unowned_zones_at_least_players_without_one(players: str, zones: str, ok: bool) -> None:
    """Z1: a claim must leave every other player a zone to own or claim."""
    text = f"players: {players}\nzones: {zones}\n"
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "Z1", "every player must keep a zone to claim", line=2)


@pytest.mark.parametrize(
    "zones, ok, fragment",
    [
        ("{E: red}", True, ""),
        ("{E: blue}", "Z2", "red prisoner on green cell 5,0 of zone E, which blue owns"),
        ("{SE: red}", "Z1", "of zone E, but nobody owns it"),
    ],
)
def test_z1_green_prisoner_needs_its_players_zone(zones: str, ok, fragment: str) -> None:
    """Z1 (unclaimed zone) and Z2 (another player's zone): a green prisoner stands in its player's zone."""
    text = FOUR + f'zones: {zones}\nprisoners:\n  red: {{at: ["5,0"]}}\n'
    if ok is True:
        assert_allowed(text)
    else:
        assert_refused(text, ok, fragment, line=4)


# --------------------------------------------------------------------------- T2 capacity


@pytest.mark.parametrize(
    "tile, places, ok",
    [
        ("T46@3", {"red": ["2,-2", "2,-2"]}, True),  # hideout: 2 of one colour
        ("T46@3", {"red": ["2,-2"], "purple": ["2,-2"]}, True),  # hideout: 2 of any colours
        ("T50", {"red": ["2,-2", "2,-2"], "blue": ["2,-2"]}, False),  # hideout: 3
        ("T46@3", {"yellow": ["2,-2", "2,-2", "2,-2"]}, False),  # hideout: 3 of one colour
        ("T05", {"red": ["2,-2"], "blue": ["2,-2"]}, False),  # tunnel: 2
        ("T41@3", {"blue": ["2,-2", "2,-2"]}, False),  # dead end: 2
        ("T20", {"red": ["2,-2"], "blue": ["2,-2"]}, False),  # junction: 2
        ("T38", {"red": ["2,-2", "2,-2/1"], "blue": ["2,-2/2"]}, True),  # three tunnels, one each
    ],
)
def test_t2_capacity(tile: str, places: dict, ok: bool) -> None:
    """T2: a hideout holds at most 2 prisoners (any colours), every other feature 1."""
    lines = "".join(f"  {c}: {{at: {places[c]}}}\n".replace("'", '"') for c in places)
    text = FOUR + f"tiles:\n  2,-2: {tile}\nprisoners:\n{lines}"
    if ok:
        assert_allowed(text)
    else:
        holds = 2 if tile.startswith(("T46", "T50")) else 1
        n = sum(len(v) for v in places.values())
        assert_refused(text, "T2", f"{n} prisoners", line=5 if len(places) == 1 else 6)
        assert_refused(text, "T2", f"; it holds {holds}")


def test_t2_island_and_own_green_have_no_limit() -> None:
    """T2: the island and a player's own green area have no limit."""
    assert_allowed(FOUR + 'zones: {NE: blue}\nprisoners:\n  blue: {at: ["5,-5", "5,-5"]}\n')


# --------------------------------------------------------------------------- P1 placement


@pytest.mark.parametrize("rotation, ok", [(0, True), (1, False), (2, False), (3, True), (4, False), (5, False)])
def test_p1_rotation_decides_matching(rotation: int, ok: bool) -> None:
    """P1: T02 on 3,-1 meets T01's east opening only when turned 0 or 3 steps."""
    text = FOUR + f"tiles:\n  2,-1: T01\n  3,-1: T02@{rotation}\n"
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "P1", "where tiles touch, openings must face openings", line=4)


def test_p1_rock_opening_onto_a_neighbours_opening_is_refused_both_ways() -> None:
    """P1: the check is symmetric: a west tile of rock against an east tile's opening."""
    assert_refused(FOUR + "tiles:\n  2,-1: T01@1\n  3,-1: T02\n", "P1", "tile T02 on 3,-1 opens W onto rock of tile T01")


def test_p1_rock_against_rock_allowed() -> None:
    """P1: two tiles touching with rock on both sides of the shared edge."""
    assert_allowed(FOUR + "tiles:\n  2,-1: T01\n  2,0: T02\n")


@pytest.mark.parametrize(
    "cell, rule, fragment",
    [
        ("0,0", "P1", "lies on island cell 0,0"),
        ("-1,1", "P1", "lies on island cell -1,1"),
        ("0,5", "P1", "lies on green cell 0,5"),
        ("-5,5", "P1", "lies on green cell -5,5"),
        ("6,0", "G2", "not on the standard board"),
        ("3,3", "G2", "not on the standard board"),
    ],
)
def test_p1_g2_tile_on_island_green_or_off_board(cell: str, rule: str, fragment: str) -> None:
    """P1: no tile on island or green cells; G2: tiles lie on the board."""
    assert_refused(FOUR + f"tiles:\n  {cell}: T01\n", rule, fragment, line=3)


def test_p1_compact_board_has_other_green_cells() -> None:
    """P1, G2: 4,0 is green on the compact board, 5,0 is off it."""
    assert_refused("players: [red, blue]\ntiles:\n  4,0: T01\n", "P1", "lies on green cell 4,0")
    assert_refused("players: [red, blue]\ntiles:\n  5,0: T01\n", "G2", "not on the compact board")


# --------------------------------------------------------------------------- T3, N1, Q3 tiles


@pytest.mark.parametrize("n, ok", [(3, True), (4, False)])
def test_n1_hand_limit(n: int, ok: bool) -> None:
    """N1: a player holds at most three tiles."""
    hand = ", ".join(f"T{i:02d}" for i in range(1, n + 1))
    text = FOUR + f"hands:\n  yellow: [{hand}]\n"
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "N1", "yellow holds 4 tiles; a player holds at most 3", line=3)


@pytest.mark.parametrize(
    "extra, fragment",
    [
        ("tiles:\n  2,-1: T01\nhands:\n  red: [T01]\n", "tile T01 is in 2 places (on 2,-1, in red's hand)"),
        ("hands:\n  red: [T07]\n  blue: [T07]\n", "tile T07 is in 2 places"),
        ("tiles:\n  2,-1: T01\n  3,-1: T01\n", "tile T01 is in 2 places (on 2,-1, on 3,-1)"),
        ("tiles:\n  2,-1: T01\nstacks: [[T01, T02], [], []]\n", "tile T01 is in 2 places"),
    ],
)
def test_t3_tile_in_two_places_refused(extra: str, fragment: str) -> None:
    """T3: each tile is in one place: board, a hand, a stack or out of play."""
    assert_refused(FOUR + extra, "T3", fragment)


def test_t3_missing_tile_refused() -> None:
    """T3: with explicit stacks, a tile mentioned nowhere is missing."""
    from sectionx.games.sectionx.formats import bundled_catalogue

    ids = [t for t in bundled_catalogue().ids if t != "T17"]
    stacks = f"stacks: [[{', '.join(ids[:20])}], [{', '.join(ids[20:40])}], [{', '.join(ids[40:])}]]\n"
    assert_allowed(FOUR + stacks.replace("[[", "[[T17, "))
    assert_refused(FOUR + stacks, "T3", "1 tile is nowhere (T17)", line=2)


def test_t3_unknown_tile_refused() -> None:
    """T3: a tile id that the tile set does not have."""
    assert_refused(FOUR + "hands:\n  red: [T55]\n", "T3", "there is no tile T55 in the default tile set", line=3)


def test_q3_out_of_play_only_in_puzzles() -> None:
    """Q3: a state (no goal) may not set tiles out of play; the same with a goal may."""
    state = FOUR + "out: [T54]\n"
    assert_refused(state, "Q3", "only a puzzle may set tiles out of play", line=2)
    assert_allowed(state + "goal: {kind: free, count: 1}\n")
    assert_allowed(FOUR + "unused: out\ngoal: {kind: free, count: 1}\n")


# --------------------------------------------------------------------------- M1 places


@pytest.mark.parametrize(
    "place, fragment",
    [
        ("3,-1", "red prisoner on 3,-1: there is no tile on that cell"),
        ("2,-1/1", "tile T01 has 1 feature (numbered from 0)"),
        ("1,-1", "red prisoner on 1,-1 is an island cell, not a tile"),
        ("9,9", "that cell is not on the standard board"),
    ],
)
def test_m1_prisoner_stands_on_a_feature(place: str, fragment: str) -> None:
    """M1: a prisoner on a tile stands on one existing feature of a board tile."""
    assert_refused(FOUR + f'tiles:\n  2,-1: T01\nprisoners:\n  red: {{at: ["{place}"]}}\n', "M1", fragment, line=5)


# --------------------------------------------------------------------------- turn: S1, N2, N4, M3


@pytest.mark.parametrize(
    "variant, phase, ok",
    [
        ("standard", 1, False),
        ("standard", 2, False),
        ("standard", 3, True),
        ("advanced", 1, False),
        ("advanced", 2, True),
        ("advanced", 3, True),
    ],
)
def test_n4_prisoners_move_in_phase_3_or_advanced_phase_2(variant: str, phase: int, ok: bool) -> None:
    """N4, V2: moved prisoners only in phase 3, or in phase 2 of the advanced game."""
    text = FOUR + f"""\
variant: {variant}
tiles:
  2,-1: T01
prisoners:
  red: {{at: ["2,-1"]}}
turn: {{player: red, phase: {phase}, moved: {{"2,-1": 1}}}}
"""
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "N4", f"prisoners moved in phase {phase}", line=7)


@pytest.mark.parametrize("phase, ok", [(1, False), (2, True), (3, True)])
def test_n2_tile_action_not_in_phase_1(phase: int, ok: bool) -> None:
    """N2: the tile action belongs to phase 2."""
    text = FOUR + f"turn: {{player: blue, phase: {phase}, tile_action: true}}\n"
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "N2", "tile_action is set in phase 1", line=2)


@pytest.mark.parametrize(
    "moved, ok",
    [
        ('{"2,-1": 2, "3,-1": 2, "4,-1": 1}', True),
        ('{"2,-1": 2, "3,-1": 2, "4,-1": 2}', False),
        ('{"island": [2, 2], "2,-1": 2}', False),
        ('{"island": [1, 1, 1], "2,-1": 2}', True),
    ],
)
def test_m3_step_budget(moved: str, ok: bool) -> None:
    """M3: at most 5 steps per turn in total."""
    text = FOUR + f"""\
tiles:
  2,-1: T01
  3,-1: T02
  4,-1: T03
prisoners:
  red: {{at: ["2,-1", "3,-1", "4,-1"]}}
turn: {{player: red, phase: 3, moved: {moved}}}
"""
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "M3", "prisoners used 6 steps this turn; the budget is 5", line=8)


def test_m3_moved_prisoners_must_be_there() -> None:
    """M3: the prisoners listed as moved stand where the list says."""
    text = FOUR + """\
tiles:
  2,-1: T01
prisoners:
  red: {at: ["2,-1"]}
turn:
  player: red
  phase: 3
  moved: {"2,-1": [1, 1]}
"""
    assert_refused(text, "M3", "2 moved prisoners stand on 2,-1, but red has 1 there", line=9)


def test_s1_player_to_move_must_play() -> None:
    """S1: rules.check_state refuses a turn for a seat nobody occupies (model-level)."""
    state = load(FOUR).state
    assert rules.check_state(state) == []
    assert rules.check_state(state.replace(turn=Turn(player=3))) == []
    found = rules.check_state(state.replace(turn=Turn(player=4)))
    assert [p.rule for p in found] == ["S1"]
    assert "not playing" in found[0].message


def test_s1_turn_for_a_colour_not_playing_is_refused_when_read() -> None:
    """S1: in a file, the reader refuses the same thing with a located diagnostic."""
    with pytest.raises(formats.LoadError) as info:
        load("players: [red, blue]\nturn: {player: yellow, phase: 2}\n")
    diags = info.value.diagnostics
    assert [(d.rule, d.line) for d in diags] == [("S1", 2)]


def test_s1_state_built_in_code_needs_eight_prisoners_each() -> None:
    """S1: every player has 8 prisoners.  A state built in code (not read from a file)
    with a player missing a prisoner must be refused by rules.check_state too."""
    state = load(FOUR).state
    red = state.players[0]
    short = dataclasses.replace(red, prisoners=red.prisoners[:7])
    found = rules.check_state(state.replace(players=(short,) + state.players[1:]))
    assert "S1" in {p.rule for p in found}, shown(found)


# --------------------------------------------------------------------------- E1, E4, E5, E2 rounds


@pytest.mark.parametrize(
    "players, zone, cell, n, ok",
    [
        ("[red, blue, yellow, purple]", "E", "5,0", 2, True),
        ("[red, blue, yellow, purple]", "E", "5,0", 3, False),
        ("[red, blue, yellow]", "NW", "0,-5", 3, False),
        ("[red, blue]", "E", "4,0", 1, True),
        ("[red, blue]", "E", "4,0", 2, False),
    ],
)
def test_e1_discovery_ends_the_round(players: str, zone: str, cell: str, n: int, ok: bool) -> None:
    """E1, V1: 3 prisoners on green areas end the round (2 with two players)."""
    at = ", ".join([f'"{cell}"'] * n)
    text = f"players: {players}\nzones: {{{zone}: red}}\nprisoners:\n  red: {{at: [{at}]}}\n"
    if ok:
        assert_allowed(text)
    else:
        want = 2 if players == "[red, blue]" else 3
        assert_refused(text, "E1", f"red has {n} prisoners on green areas; the round ended at {want}", line=4)


@pytest.mark.parametrize(
    "variant, freed, ok",
    [("standard", 4, True), ("standard", 5, False), ("advanced", 6, True), ("advanced", 7, False)],
)
def test_e4_target_ends_the_game(variant: str, freed: int, ok: bool) -> None:
    """E4, V2: a player with 5 freed (7 advanced) has won; the game cannot go on."""
    text = FOUR + f"variant: {variant}\nprisoners:\n  blue: {{freed: {freed}}}\n"
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "E4", f"blue has {freed} freed prisoners; the game ended at {freed}", line=4)


def test_e4_green_prisoners_count_as_freed() -> None:
    """E4: a prisoner counts as freed as soon as it reaches a green area."""
    text = FOUR + 'zones: {SE: red}\nprisoners:\n  red: {freed: 3, at: ["0,5", "0,5"]}\n'
    assert_refused(text, "E4", "red has 5 freed prisoners")


def test_e4_ranking_starts_with_the_winner() -> None:
    """E4: once over, the player who reached the target is ranked first."""
    assert_allowed(ALLOWED["E4"])
    bad = ALLOWED["E4"].replace("ranking: [red, blue,", "ranking: [blue, red,")
    assert_refused(bad, "E4", "red freed 5 prisoners and wins; the ranking must start with them", line=4)


@pytest.mark.parametrize(
    "extra, fragment",
    [
        # nobody can reach 5 any more: the game is over, not running
        ("prisoners:\n  red: {dead: 4}\n  blue: {dead: 4}\n  yellow: {dead: 4}\n  purple: {dead: 4}\n",
         "no player can still free 5 prisoners"),
        # one player cannot: last round
        ("prisoners:\n  yellow: {dead: 4}\n", "add last_round: true"),
        # advanced target 7: two dead is already too many
        ("variant: advanced\nprisoners:\n  yellow: {dead: 2}\n", "add last_round: true"),
        # last round set for nothing
        ("last_round: true\n", "last_round is set, but every player can still free enough prisoners"),
        # a ranking while the game can still go on
        ("ranking: [purple, yellow, blue, red]\n", "the game cannot be over"),
        # a ranking that leaves a player out
        ("last_round: true\nprisoners:\n  red: {dead: 4}\nranking: [blue, yellow, purple]\n", "the ranking must list every player once"),
    ],
)
def test_e5_too_few_prisoners_refused(extra: str, fragment: str) -> None:
    """E5: the game ends when nobody can reach the target; one last round when some cannot."""
    assert_refused(FOUR + extra, "E5", fragment)


@pytest.mark.parametrize(
    "extra",
    [
        "last_round: true\nprisoners:\n  yellow: {dead: 4}\n",
        "variant: advanced\nprisoners:\n  yellow: {dead: 1}\n",
        # over because nobody can reach 5: a ranking without a winner is fine
        ("prisoners:\n  red: {dead: 4}\n  blue: {dead: 4, freed: 1}\n  yellow: {dead: 4}\n  purple: {dead: 4}\n"
        "ranking: [blue, red, yellow, purple]\n"),
        # over after the last round
        "last_round: true\nprisoners:\n  red: {dead: 4}\nranking: [blue, yellow, purple, red]\n",
    ],
)
def test_e5_allowed(extra: str) -> None:
    """E5: the last round, and the game over by too few prisoners."""
    assert_allowed(FOUR + extra)


def test_e5_puzzle_needs_no_last_round() -> None:
    """E5: a puzzle where another player cannot reach the target need not set last_round."""
    assert_allowed(FOUR + "prisoners:\n  yellow: {dead: 4}\ngoal: {kind: free, player: red, count: 1}\n")


def test_e2_round_ends_needs_empty_stacks() -> None:
    """E2: round_ends (last tile taken) with tiles left in the stacks is refused."""
    assert_refused(FOUR + "turn: {player: red, phase: 1, round_ends: true}\n", "E2",
                   "round_ends is set, but tiles are left in the stacks", line=2)


def test_e2_empty_stacks_need_round_ends() -> None:
    """E2: empty stacks mean the last tile was taken this turn (round_ends); puzzles are exempt."""
    full = ALLOWED["E2"]
    assert_allowed(full)
    not_ended = full.replace("turn: {player: red, phase: 3, round_ends: true}", "turn: {player: red, phase: 3}")
    assert not_ended != full
    assert_refused(not_ended, "E2", "the stacks are empty, so the round ended when the last tile was taken", line=5)
    assert_allowed(not_ended + "goal: {kind: free, count: 1}\n")


# --------------------------------------------------------------------------- Q1 goals


@pytest.mark.parametrize(
    "extra, goal, fragment",
    [
        ("", "{kind: free, player: red, count: 3}", None),
        # Q4 counts prisoners reaching green areas from the start on, across a round end (E1, E3).
        ("", "{kind: free, player: red, count: 4}", None),
        ("prisoners:\n  red: {freed: 3}\n", "{kind: free, player: red, count: 3}",
         "the goal asks for 3 prisoners on green areas, but red wins after 2 more (E4)"),
        ("", "{kind: hide, player: red}\ntiles:\n  2,-1: T01\nprisoners:\n  red: {at: [\"2,-1\"]}", None),
        ("", "{kind: key, player: red}", None),
        # Two on green already: two more are asked for, the third ending the round (E1).
        ("zones: {E: red}\nprisoners:\n  red: {at: [\"5,0\", \"5,0\"]}\n", "{kind: free, player: red, count: 2}", None),
        ("", "{kind: zone, zone: NE}", None),
        ("zones: {NE: red}\nprisoners:\n  red: {at: [\"5,-5\"]}\n", "{kind: zone, zone: NE}",
         "red already owns zone NE; the goal is met"),
        ("zones: {NE: blue}\n", "{kind: zone, zone: NE}", "zone NE belongs to blue; red can never enter it (Z2)"),
        ("", "{kind: zone, zone: X}", "the board has no free zone 'X'"),
        ("zones: {E: blue, SE: blue, SW: blue, NE: blue}\n", "{kind: zone, zone: W}",
         "red may not claim zone W: it would leave a player without a zone to claim (Z1)"),
        ("zones: {E: blue, SE: blue}\n", "{kind: zone, zone: W}", None),
        ("prisoners:\n  red: {freed: 4, dead: 4}\n", "{kind: zone, zone: W}", "red has no prisoner in play to claim zone W"),
        # all: each part as above, but a part may hold already as long as not every part does.
        ("zones: {NE: red}\nprisoners:\n  red: {at: [\"5,-5\"]}\n", "{all: [{kind: zone, zone: NE}, {kind: free}]}", None),
        ("zones: {NE: red}\nprisoners:\n  red: {at: [\"5,-5\"]}\n", "{all: [{kind: zone, zone: NE}, {kind: hide}]}",
         "every part of the goal holds already; the goal is met"),
        ("", "{all: [{kind: free, count: 2}, {kind: zone, zone: NE}, {kind: zone, zone: Q}]}",
         "the board has no free zone 'Q'"),
        ("prisoners:\n  red: {dead: 6}\n", "{kind: free, player: red, count: 3}",
         "the goal asks for 3 prisoners on green areas, but red has only 2"),
        ("prisoners:\n  red: {freed: 4, dead: 4}\n", "{kind: hide, player: red}", "red has no prisoner in play to hide"),
        (KEY_TILES + "prisoners:\n  red: {at: [\"2,-2\", \"2,-2\"], freed: 4, dead: 2}\nkeys: [red]\n",
         "{kind: key, player: red}", "red already holds the master key"),
    ],
)
def test_q1_goal_must_make_sense(extra: str, goal: str, fragment: str | None) -> None:
    """Q1: a goal that is met already, or cannot be met, is refused."""
    text = FOUR + extra + f"goal: {goal}\n"
    if fragment is None:
        assert_allowed(text)
    else:
        assert_refused(text, "Q1", fragment)


def test_q1_goal_player_must_play() -> None:
    """Q1: the goal's player is one of the players."""
    assert_refused("players: [red, blue]\ngoal: {kind: key, player: yellow}\n", "Q1",
                   "the goal is for yellow, who is not playing", line=2)


def test_q1_goal_defaults_to_the_player_to_move() -> None:
    """Q1: without a player the goal is the mover's: blue's, who already owns zone E."""
    text = FOUR + 'turn: blue\nzones: {E: blue}\nprisoners:\n  blue: {at: ["5,0"]}\ngoal: {kind: zone, zone: E}\n'
    assert_refused(text, "Q1", "blue already owns zone E; the goal is met")


@pytest.mark.parametrize("turn, goal, ok", [
    ("red", "{kind: key}", True),                   # the default player is the player to move
    ("blue", "{kind: key, player: blue}", True),
    ("blue", "{kind: key, player: red}", False),
    ("{player: blue, phase: 3}", "{kind: key, player: red}", False),
])
def test_q2_puzzle_starts_on_the_goal_players_turn(turn: str, goal: str, ok: bool) -> None:
    """Q2: only the goal's player takes turns, so a puzzle starts on their turn."""
    text = FOUR + f"turn: {turn}\ngoal: {goal}\n"
    if ok:
        assert_allowed(text)
    else:
        assert_refused(text, "Q2", "the goal is red's, but it is blue's turn", line=3)


# --------------------------------------------------------------------------- T1, T4, T3 on model objects


def tile(*features: str, tid: str = "X1") -> TileType:
    return TileType(tid, "test", tuple(Feature.parse(f) for f in features))


@pytest.mark.parametrize(
    "features, fragment",
    [
        (("t0",), "tunnel t0 has 1 openings; a tunnel has 2"),
        (("t012",), "tunnel t012 has 3 openings; a tunnel has 2"),
        (("j01",), "junction j01 has 2 openings; a junction has 3 to 6"),
        (("d01",), "dead-end d01 has 2 openings; a dead-end has 1"),
        (("h024",), "hideout h024 has 3 openings; a hideout has 1 to 2"),
        (("t03", "t01"), "edge 0 opens into 2 features"),
        (("j024", "h4"), "edge 4 opens into 2 features"),
        ((), "has 0 features; a tile carries 1 to 3"),
        (("t01", "t23", "d4", "d5"), "has 4 features; a tile carries 1 to 3"),
    ],
)
def test_t1_malformed_tiles_refused(features: tuple, fragment: str) -> None:
    """T1: 1-3 features; tunnel 2 openings, junction 3+, dead end 1, hideout 1-2;
    features of one tile do not share an edge."""
    found = rules.check_tile(tile(*features))
    assert any(p.rule == "T1" and fragment in p.message for p in found), shown(found)
    assert all(p.subject == ("catalogue-tile", "X1") for p in found)


@pytest.mark.parametrize(
    "features",
    [("t03",), ("t02",), ("t01",), ("j024",), ("j013",), ("j0134",), ("j012345",), ("d0",), ("h0",), ("h03",), ("h02",),
     ("t03", "t12"), ("t01", "t34"), ("t02", "t35"), ("t01", "t23", "t45"), ("t25", "t01", "t34"), ("t24", "d0"),
     ("j013", "t45"), ("t03", "d1", "d4"), ("h0", "t13")],
)
def test_t1_t4_well_formed_tiles_allowed(features: tuple) -> None:
    """T1, T4: the default mix of feature shapes, and more, are well formed and flat."""
    assert rules.check_tile(tile(*features)) == []


@pytest.mark.parametrize(
    "a, b",
    [("t03", "t14"), ("t14", "t03"), ("t02", "t13"), ("t25", "t14"), ("j024", "t13"), ("t13", "j024"), ("j024", "j135"),
     ("t03", "t25")],
)
def test_t4_crossing_features_refused(a: str, b: str) -> None:
    """T4: features of one tile may not cross (drawn on a flat tile)."""
    found = rules.check_tile(tile(a, b))
    assert [p.rule for p in found] == ["T4"], shown(found)
    assert f"features {a} and {b} would cross" in found[0].message


def test_t4_third_feature_crossing_one_of_two() -> None:
    """T4: t01 and t34 are fine together; a third t25 between them is fine; t14 crosses both."""
    assert rules.check_tile(tile("t01", "t34", "t25")) == []
    found = rules.check_tile(tile("t02", "t35", "t14"))
    assert [p.rule for p in found] == ["T4", "T4"], shown(found)


def test_t1_t3_t4_bundled_tile_set_is_clean() -> None:
    """T1, T3, T4: the bundled 54-tile set passes check_catalogue."""
    from sectionx.games.sectionx.formats import bundled_catalogue

    cat = bundled_catalogue()
    assert len(cat.tiles) == 54
    assert rules.check_catalogue(cat) == []


def test_t3_catalogue_count_and_ids() -> None:
    """T3: 54 tiles with distinct ids."""
    from sectionx.games.sectionx.formats import bundled_catalogue
    from sectionx.games.sectionx.model import Catalogue

    cat = bundled_catalogue()
    short = Catalogue("short", cat.tiles[:-1])
    assert [p.message for p in rules.check_catalogue(short)] == ["the tile set has 53 tiles; the game has 54"]
    twice = Catalogue("twice", cat.tiles[:-1] + (dataclasses.replace(cat.tiles[-1], id="T01"),))
    found = rules.check_catalogue(twice)
    assert [(p.rule, p.message) for p in found] == [("T3", "tile id T01 is used 2 times; ids must be distinct")]


# --------------------------------------------------------------------------- G2, G3 on model objects

CORNERS3 = (Cell(3, 0), Cell(0, 3), Cell(-3, 3), Cell(-3, 0), Cell(0, -3), Cell(3, -3))
ISLAND7 = (Cell(0, 0),) + tuple(Cell(0, 0).neighbours())


def board(cells=None, island=ISLAND7, green=CORNERS3, zones=None) -> Board:
    cells = frozenset(hexagon(3) if cells is None else cells)
    if zones is None:
        zones = tuple(Zone(str(c), (c,)) for c in green)
    return Board("test", cells, frozenset(island), frozenset(green), tuple(zones), (), 3)


def test_g2_g3_good_boards_allowed() -> None:
    """G2, G3: the bundled boards and a radius-3 board with zones of several cells."""
    assert rules.check_board(formats.bundled_board("standard")) == []
    assert rules.check_board(formats.bundled_board("compact")) == []
    assert rules.check_board(board()) == []
    two_zones = (Zone("east", CORNERS3[:3]), Zone("west", CORNERS3[3:]))
    assert rules.check_board(board(zones=two_zones)) == []
    standard = formats.bundled_board("standard")
    assert len(standard.cells) == 91 and len(standard.tile_cells) == 78
    assert len(formats.bundled_board("compact").tile_cells) == 48


@pytest.mark.parametrize(
    "kwargs, fragment",
    [
        ({"island": ISLAND7 + (Cell(4, 0),)}, "island cell 4,0 is not on the board"),
        ({"green": CORNERS3 + (Cell(0, 4),)}, "green cell 0,4 is not on the board"),
        ({"island": ISLAND7 + (Cell(2, 0), Cell(3, 0))}, "cell 3,0 cannot be both island and green"),
        ({"zones": (Zone("E", (Cell(3, 0), Cell(2, 0))),) + tuple(Zone(str(c), (c,)) for c in CORNERS3[1:])},
         "zone E lists 2,0, which is not a green cell"),
        ({"zones": (Zone("a", CORNERS3), Zone("b", CORNERS3[:1]))}, "green cell 3,0 is in zones a and b; each belongs to one"),
        ({"zones": (Zone("a", CORNERS3[1:]),)}, "green cell 3,0 belongs to no free zone"),
        ({"cells": ISLAND7 + CORNERS3, "island": ISLAND7}, "the board has no cells left for tiles"),
    ],
)
def test_g2_broken_boards_refused(kwargs: dict, fragment: str) -> None:
    """G2: island and green cells lie on the board and apart; each green cell in one zone; tile cells left."""
    found = rules.check_board(board(**kwargs))
    assert any(p.rule == "G2" and fragment in p.message for p in found), shown(found)


@pytest.mark.parametrize(
    "island, ok",
    [
        ((Cell(0, 0),), True),
        ((Cell(1, 0), Cell(0, 0), Cell(-1, 0)), True),
        ((Cell(1, 0), Cell(-1, 0)), False),
        (ISLAND7[1:], True),  # a ring around an empty centre is still connected
        ((Cell(1, -1), Cell(0, 1)), False),
    ],
)
def test_g3_island_is_one_connected_place(island: tuple, ok: bool) -> None:
    """G3: for movement the island is one place, so its cells must be connected."""
    found = rules.check_board(board(island=island))
    if ok:
        assert found == [], shown(found)
    else:
        assert [p.rule for p in found] == ["G3"], shown(found)
        assert "one connected area" in found[0].message


# --------------------------------------------------------------------------- locations


def test_located_problem_points_at_the_tile_cell_key() -> None:
    """P1 (location): a tile problem points at the cell key of the tiles mapping."""
    loaded = load(FOUR + "tiles:\n  2,-1: T01\n  1,-1: T02\n")
    diags = loaded.locate(rules.check_scenario(loaded.scenario))
    assert [(d.rule, d.line, d.column) for d in diags] == [("P1", 4, 3)]


def test_every_problem_of_a_rich_bad_state_is_reported() -> None:
    """All problems are reported together, never only the first (rules.py docstring)."""
    text = FOUR + """\
tiles:
  2,-1: T01
  3,-1: T02@1
  0,0: T03
hands:
  red: [T04, T05, T06, T07]
doors:
  red: ["2,-1"]
  blue: ["2,-1"]
out: [T54]
"""
    assert {"P1", "N1", "D5", "Q3"} <= rule_ids(text)


def test_colours_in_messages_are_the_players() -> None:
    """Sanity: T2 names the colours on the feature in seat order (T2)."""
    text = FOUR + 'tiles:\n  2,-1: T01\nprisoners:\n  purple: {at: ["2,-1"]}\n  blue: {at: ["2,-1"]}\n'
    found = [p for p in problems(text) if p.rule == "T2"]
    assert len(found) == 1 and "(blue, purple)" in found[0].message
    assert found[0].subject[1] is Colour.PURPLE and found[0].subject[2].kind is PlaceKind.TILE
