"""YAML files <-> model: boards, tile catalogues, game states and puzzles.

Reading checks the structure against the published JSON Schema
(``sectionx/data/schema/sectionx.schema.json``) and then builds model values,
remembering where each part of the state came from, so that rule problems found
later by :mod:`sectionx.games.sectionx.rules` can be reported with file, line and column
(:meth:`Loaded.locate`).  Writing produces the same format; loading what was
written gives an equal state (round trip).

The format itself is documented in ``docs/format.md``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import yaml

from ... import __version__
from ...colours import COLOURS, Colour
from ...errors import NotationError, Problem, Subject
from ...fileio import REFERENCE_RULE, FileProblem, quote, resolve_reference
from ...generating import MAX_UNIT_SEED
from ...hexgrid import Cell, corners, hexagon, parse_cell
from ...yamlsrc import (
    Diagnostic,
    Doc,
    LoadError,
    YamlPath,
    check_schema,
    describe_path,
    parse_yaml,
    read_yaml,
    unquoted,
)
from .actions import Action
from .actions import parse as action_from_text
from .model import (
    DEAD,
    FREED,
    ISLAND,
    NO_ANNOTATIONS,
    PRISONERS,
    STACKS,
    Annotations,
    Answer,
    Arrow,
    Board,
    Catalogue,
    Claim,
    Feature,
    Goal,
    GoalKind,
    Grade,
    Highlight,
    Place,
    PlaceKind,
    PlayerState,
    Scenario,
    Spot,
    State,
    TileType,
    Turn,
    Zone,
    green_place,
    parse_placed,
    tile_place,
)

BUNDLED_BOARDS = ("standard", "compact")
BUNDLED_CATALOGUES = ("default",)
#: How far from 0,0 a board's cells may lie (limit; the standard board has radius 5, and a
#: board of radius 12 already prints over 4 × 5 A4 pages).
MAX_BOARD_RADIUS = 12
#: Rule id of the size limits a file must keep (docs/format.md, "Limits").
LIMIT_RULE = "limit"
#: What a file may name another YAML file by (docs/format.md, "Files that name other files").
YAML_SUFFIXES = (".yaml", ".yml")
DEFAULT_CELL_BLOCKS = ((Colour.RED, 270), (Colour.BLUE, 0), (Colour.YELLOW, 90), (Colour.PURPLE, 180))
_SPOT_RE = re.compile(r"^(?P<cell>[^/]+?)\s*(?:/\s*(?P<feature>[0-9]))?\s*$")


# ------------------------------------------------------------------ provenance


@dataclass
class Sources:
    """Where each subject of a loaded state was written: subject -> (doc, path)."""

    top: Doc
    where: dict[Subject, tuple[Doc, YamlPath]] = field(default_factory=dict)

    def note(self, subject: Subject, doc: Doc, path: YamlPath) -> None:
        self.where.setdefault(subject, (doc, path))

    def locate(self, problem: Problem) -> Diagnostic:
        """The problem as a located diagnostic (nearest known subject prefix)."""
        subject = tuple(problem.subject)
        while subject:
            if subject in self.where:
                doc, path = self.where[subject]
                return doc.diag(path, problem.message, problem.rule, key=subject[0] in _KEYED)
            subject = subject[:-1]
        return self.top.diag((), problem.message, problem.rule)


# Subjects whose best position is the mapping key (the cell of a tile, a zone name).
_KEYED = {"tile", "zone", "annotation-label"}


@dataclass
class Loaded:
    """A scenario read from a file, with everything needed to locate problems."""

    scenario: Scenario
    sources: Sources

    @property
    def state(self) -> State:
        return self.scenario.state

    def locate(self, problems: list[Problem]) -> list[Diagnostic]:
        return sorted(self.sources.locate(p) for p in problems)


# ------------------------------------------------------------------ small readers


def cell_of(value: Any) -> Cell:
    """A cell from ``"q,r"`` or ``[q, r]`` (the schema has already checked the shape)."""
    if isinstance(value, list):
        return Cell(int(value[0]), int(value[1]))
    return parse_cell(str(value))


def spot_of(text: str) -> Spot:
    m = _SPOT_RE.match(str(text))
    if not m:
        raise NotationError(f"{text!r} is not a feature of a tile; write q,r or q,r/N")
    return Spot(parse_cell(m.group("cell")), int(m.group("feature") or 0))


def cell_text(cell: Cell) -> str:
    return f"{cell.q},{cell.r}"


# ------------------------------------------------------------------ the reader


class _Reader:
    """Builds model values from checked documents, collecting every problem."""

    def __init__(self, top: Doc):
        self.sources = Sources(top)
        self.diagnostics: list[Diagnostic] = []

    def fail(self, doc: Doc, path: YamlPath, message: str, rule: str = "format", *, key: bool = False) -> None:
        self.diagnostics.append(doc.diag(path, message, rule, key=key))

    # -- boards

    def board(self, doc: Doc, path: YamlPath, data: dict[str, Any], fallback_name: str) -> Board:
        if "radius" in data and "cells" in data:
            self.fail(doc, path + ("cells",), "a board has either radius or cells, not both", "G2", key=True)
        if "radius" in data:
            radius = data["radius"]
            cells = frozenset(hexagon(radius))
        elif "cells" in data:
            radius = None
            cells = frozenset(cell_of(c) for c in data["cells"])
        else:
            self.fail(doc, path, "a board needs radius or cells", "G2")
            radius, cells = None, frozenset()
        island = self._cells(doc, path, data, "island")
        green = self._cells(doc, path, data, "green")
        for key, group in (("cells", cells), ("island", island), ("green", green)):
            far = [c for c in group if c.length() > MAX_BOARD_RADIUS]
            if far:
                self.fail(doc, path + (key,), f"cell {far[0]} is {far[0].length()} cells from 0,0; a board lies "
                          f"within {MAX_BOARD_RADIUS} of it, so that it can be printed and searched", LIMIT_RULE,
                          key=key in data)
        if "zones" in data:
            zones = []
            for name, members in data["zones"].items():
                zcells = tuple(cell_of(c) for c in members)
                zones.append(Zone(name, zcells))
                self.sources.note(("board-zone", name), doc, path + ("zones", name))
                for i, c in enumerate(zcells):
                    self.sources.note(("board-zone-cell", name, c), doc, path + ("zones", name, i))
        else:
            named = dict(zip(corners(radius), ("E", "SE", "SW", "W", "NW", "NE"))) if radius else {}
            zones = [Zone(named.get(c, cell_text(c)), (c,)) for c in sorted(green, key=lambda c: (c.r, c.q))]
        blocks = tuple((Colour(k), v) for k, v in data["cell_blocks"].items()) if "cell_blocks" in data else DEFAULT_CELL_BLOCKS
        self.sources.note(("board",), doc, path)
        return Board(
            name=data.get("name", fallback_name),
            cells=cells,
            island=island,
            green=green,
            zones=tuple(zones),
            cell_blocks=blocks,
            radius=radius,
        )

    def _cells(self, doc: Doc, path: YamlPath, data: dict[str, Any], key: str) -> frozenset[Cell]:
        if key in data:
            self.sources.note((f"board-{key}",), doc, path + (key,))
        cells = []
        for i, c in enumerate(data.get(key, [])):
            cell = cell_of(c)
            self.sources.note((f"board-{key}", cell), doc, path + (key, i))
            cells.append(cell)
        return frozenset(cells)

    # -- catalogues

    def catalogue(self, doc: Doc, path: YamlPath, data: dict[str, Any], fallback_name: str) -> Catalogue:
        tiles = []
        for i, entry in enumerate(data.get("tiles", [])):
            features = []
            for j, text in enumerate(entry["features"]):
                try:
                    features.append(Feature.parse(text))
                except NotationError as exc:
                    self.fail(doc, path + ("tiles", i, "features", j), str(exc), "T1")
            tiles.append(TileType(entry["id"], entry["kind"], tuple(features)))
            self.sources.note(("catalogue-tile", entry["id"]), doc, path + ("tiles", i))
        self.sources.note(("catalogue",), doc, path)
        return Catalogue(data.get("name", fallback_name), tuple(tiles))

    def resolve(self, doc: Doc, path: YamlPath, ref: Any, kind: str, base: Path | None) -> Any:
        """A board or catalogue given by bundled name, file path or inline mapping."""
        bundled = BUNDLED_BOARDS if kind == "board" else BUNDLED_CATALOGUES
        build = self.board if kind == "board" else self.catalogue
        if isinstance(ref, dict):
            return build(doc, path, ref, "inline")
        if ref in bundled:
            sub, value = _bundled(kind, ref)
            self.sources.where.update(sub.sources.where)
            return value
        try:
            target = resolve_reference(str(ref), base or Path("."), doc.file, what=kind, suffixes=YAML_SUFFIXES)
        except FileProblem as exc:
            self.fail(doc, path, exc.message, exc.rule)
            return None
        if not target.exists():
            names = ", ".join(bundled)
            rule = "G2" if kind == "board" else "T3"
            self.fail(doc, path, f"{kind} {ref!r} is neither a bundled {kind} ({names}) nor a file", rule)
            return None
        before = len(self.diagnostics)
        try:
            sub_doc = read_yaml(target, what=f"{kind} file")
            problems = check_schema(sub_doc, kind)
            if problems:
                raise LoadError(problems)
            value = build(sub_doc, (), sub_doc.data, target.stem)
        except LoadError as exc:
            self.diagnostics.extend(exc.diagnostics)
            value = None
        found = self.diagnostics[before:]
        # A problem of the named file as a whole is told at the line that names it; one
        # that cannot be read at all is the reference's problem (no rule is broken).
        whole = [doc.diag(path, f"{kind} {ref!r}: {d.message}", REFERENCE_RULE if d.unreadable else d.rule)
                 for d in found if d.line == 0]
        self.diagnostics[before:] = whole + unquoted([d for d in found if d.line], f"{kind} file", doc.file)
        return value

    # -- states

    def scenario(self, doc: Doc, base: Path | None) -> Scenario | None:
        data = doc.data
        colours = tuple(Colour(c) for c in data["players"])
        for i, c in enumerate(colours):
            self.sources.note(("player", c), doc, ("players", i))
        for key in data:
            self.sources.note((key,), doc, (key,))
        if "unused" in data:  # problems with the tiles set aside or dealt point here
            self.sources.note(("out",), doc, ("unused",))
            self.sources.note(("stacks",), doc, ("unused",))
        default_board = "compact" if len(colours) == 2 else "standard"
        board = self.resolve(doc, ("board",), data.get("board", default_board), "board", base)
        catalogue = self.resolve(doc, ("catalogue",), data.get("catalogue", "default"), "catalogue", base)
        if board is None or catalogue is None:
            return None

        def playing(colour_text: str, where: YamlPath, rule: str = "S1") -> Colour | None:
            colour = Colour(colour_text)
            if colour not in colours:
                self.fail(doc, where, f"{colour} is not playing; players are {', '.join(map(str, colours))}", rule, key=True)
                return None
            return colour

        tiles: dict[Cell, Any] = {}
        for key, text in data.get("tiles", {}).items():
            try:
                cell = parse_cell(key)
                placed = parse_placed(text)
            except (ValueError, NotationError) as exc:
                self.fail(doc, ("tiles", key), str(exc))
                continue
            if cell in tiles:
                self.fail(doc, ("tiles", key), f"two tiles are written for cell {cell}", "G2", key=True)
                continue
            tiles[cell] = placed
            self.sources.note(("tile", cell), doc, ("tiles", key))
            self.sources.note(("tile-id", placed.tile), doc, ("tiles", key))

        hands: dict[Colour, tuple[str, ...]] = {}
        for name, ids in data.get("hands", {}).items():
            colour = playing(name, ("hands", name))
            if colour is None:
                continue
            hands[colour] = tuple(ids)
            self.sources.note(("hand", colour), doc, ("hands", name))
            for i, tid in enumerate(ids):
                self.sources.note(("tile-id", tid), doc, ("hands", name, i))

        out = tuple(data.get("out", ()))
        for i, tid in enumerate(out):
            self.sources.note(("tile-id", tid), doc, ("out", i))
        used = {p.tile for p in tiles.values()} | {t for h in hands.values() for t in h} | set(out)
        # A puzzle names the tiles it plays with; the rest are out of play unless it
        # says otherwise (Q3): dealt in catalogue order they would make another puzzle.
        unused = data.get("unused", "out" if "goal" in data else "stacks")
        if "stacks" in data:
            stacks = tuple(tuple(s) for s in data["stacks"])
            for i, stack in enumerate(stacks):
                for j, tid in enumerate(stack):
                    self.sources.note(("tile-id", tid), doc, ("stacks", i, j))
            used |= {t for s in stacks for t in s}
            rest = tuple(t for t in catalogue.ids if t not in used)
            if unused == "out":
                out += rest
        else:
            rest = tuple(t for t in catalogue.ids if t not in used)
            if unused == "out":
                out += rest
                stacks = ((),) * STACKS
            else:
                stacks = tuple(rest[i::STACKS] for i in range(STACKS))

        players = []
        for colour in colours:
            entry = data.get("prisoners", {}).get(colour.value)
            prisoners = self.prisoners(doc, colour, entry, board)
            doors: list[Spot] = []
            for i, text in enumerate(data.get("doors", {}).get(colour.value, [])):
                try:
                    spot = spot_of(text)
                except (ValueError, NotationError) as exc:
                    self.fail(doc, ("doors", colour.value, i), str(exc))
                    continue
                # A repeated door gets its own subject, so D5 points at the repeat.
                self.sources.note(("door", colour, spot) + ((doors.count(spot),) if spot in doors else ()),
                                  doc, ("doors", colour.value, i))
                doors.append(spot)
            key = colour.value in data.get("keys", [])
            players.append(
                PlayerState(colour, prisoners, hands.get(colour, ()), tuple(sorted(doors)), key)
            )
        for name in data.get("prisoners", {}):
            playing(name, ("prisoners", name))
        for name in data.get("doors", {}):
            playing(name, ("doors", name))
        for i, name in enumerate(data.get("keys", [])):
            if playing(name, ("keys", i)):
                self.sources.note(("key", Colour(name)), doc, ("keys", i))

        zones = []
        for name, owner in data.get("zones", {}).items():
            self.sources.note(("zone", name), doc, ("zones", name))
            if name not in board.zone_by_name:
                known = ", ".join(z.name for z in board.zones)
                self.fail(doc, ("zones", name), f"the board has no free zone {quote(name)}; its zones are {known}", "Z1", key=True)
                continue
            colour = playing(owner, ("zones", name), "Z1")
            if colour is not None:
                zones.append((name, colour))

        turn = self.turn(doc, data.get("turn"), colours, board)
        ranking = tuple(Colour(c) for c in data.get("ranking", ()))
        for i, c in enumerate(ranking):
            playing(c.value, ("ranking", i))
        state = State(
            board=board,
            catalogue=catalogue,
            players=tuple(players),
            tiles=tuple(sorted(tiles.items())),
            stacks=stacks,
            out=out,
            zones=tuple(sorted(zones)),
            turn=turn,
            round=data.get("round", 1),
            advanced=data.get("variant") == "advanced",
            last_round=data.get("last_round", False),
            ranking=ranking,
            seed=data.get("seed", 0),
        )
        goal = None
        if "goal" in data:
            g = data["goal"]
            player = Colour(g["player"]) if "player" in g else colours[turn.player]
            goal = self.goal(doc, g, player)
        annotations = self.annotations(doc, data.get("annotations"))
        answer = None
        if "answer" in data:
            if goal is None:
                self.fail(doc, ("answer",), "answer: only a puzzle has an answer; add a goal or drop answer", key=True)
            a = data["answer"]
            answer = Answer(a["turns"], a["plans"], a.get("cost"))
        grade = None
        if "grade" in data:
            if answer is None:
                self.fail(doc, ("grade",), "grade: only a solved puzzle is graded; it needs an answer: block", key=True)
            g = data["grade"]
            seed = g["id"].partition("#")[2]
            if len(seed) > len(str(MAX_UNIT_SEED)) or int(seed) > MAX_UNIT_SEED:  # the schema let through digits only
                self.fail(doc, ("grade", "id"), f"grade.id: the seed after # is at most {MAX_UNIT_SEED} "
                                                "(sectionx generate --id makes the puzzle from it)")
            grade = Grade(g["id"], g["tier"], tuple((k, int(v)) for k, v in g.get("figures", {}).items()))
        claims = tuple(self.claim(doc, i, c) for i, c in enumerate(data.get("claims", ())))
        return Scenario(state, goal, data.get("title", ""), data.get("description", ""), annotations, answer, grade,
                        claims)

    def claim(self, doc: Doc, index: int, data: dict[str, Any]) -> Claim:
        """One entry of ``claims:``.  Its shape is the schema's (one kind per claim,
        ``after:`` with ``then:`` or before another kind);
        here what the schema cannot say: a ``joined`` or ``apart`` claim names two
        places or more, and a ``moves`` claim says what the tile joins only at the
        cells it is ``allowed`` to.  Whether a claim holds is sectionx.games.sectionx.figures' job."""
        kind = next(k for k in ("legal", "illegal", "moves", "joined", "apart", "after") if k in data)
        for key in ("joined", "apart"):
            places = data.get(key, ())
            if kind == "moves" and places and "allowed" not in data:
                self.fail(doc, ("claims", index, key), f"claims[{index}].{key}: a moves claim says what the tile "
                          f"joins at its allowed cells; add allowed: [CELLS]", key=True)
            elif kind != "moves" and len(places) == 1:
                self.fail(doc, ("claims", index, key), f"claims[{index}].{key} names one place; name two or more "
                          f"({'places in one tunnel' if key == 'joined' else 'a place and those no tunnel joins it to'})", key=True)
        after = data.get("after", ())
        return Claim(kind, data.get("legal", data.get("illegal", "")), data.get("because", ""), data.get("moves", ""),
                     tuple(data.get("allowed", ())), tuple(data.get("refused", ())), data.get("says", ""),
                     (after,) if isinstance(after, str) else tuple(after), tuple(data.get("then", {}).items()),
                     tuple(data.get("joined", ())), tuple(data.get("apart", ())))

    def goal(self, doc: Doc, data: dict[str, Any], player: Colour) -> Goal:
        """The ``goal:`` block: one kind, or ``all:`` with the parts that must hold at
        once; the player and the turn limit belong to the whole goal (Q4)."""
        for k in data:
            self.sources.note(("goal", k), doc, ("goal", k))
        if "all" not in data:
            return self._goal_part(doc, ("goal",), data, player, data.get("turns"))
        for k in ("kind", "count", "zone"):
            if k in data:
                self.fail(doc, ("goal", k), f"goal.{k}: a goal with all: gives kind, count and zone in each of its parts",
                          key=True)
        parts = []
        for i, entry in enumerate(data["all"]):
            for k in entry:
                self.sources.note(("goal", "all", i, k), doc, ("goal", "all", i, k))
            parts.append(self._goal_part(doc, ("goal", "all", i), entry, None, None))
        return Goal(GoalKind.ALL, player, turns=data.get("turns"), parts=tuple(parts))

    def _goal_part(self, doc: Doc, path: YamlPath, data: dict[str, Any], player: Colour | None, turns: int | None) -> Goal:
        kind = GoalKind(data.get("kind", "free"))
        where = describe_path(path)
        if "count" in data and kind is not GoalKind.FREE:
            self.fail(doc, path + ("count",), f"{where}.count: only a free goal counts prisoners; drop count", key=True)
        if "zone" in data and kind is not GoalKind.ZONE:
            self.fail(doc, path + ("zone",), f"{where}.zone: only a zone goal names a zone; add kind: zone or drop zone",
                      key=True)
        if kind is GoalKind.ZONE and "zone" not in data:
            self.fail(doc, path, f"{where}: a zone goal names the zone to claim: add zone: NAME")
        return Goal(kind, player, data.get("count", 1), turns, data.get("zone"))

    def annotations(self, doc: Doc, data: dict[str, Any] | None) -> Annotations:
        """Labels, arrows, highlights and caption, each cell noted so that a cell off
        the board (A1) is reported at its own line."""
        if not data:
            return NO_ANNOTATIONS
        base: YamlPath = ("annotations",)
        labels: dict[Cell, str] = {}
        for key, text in data.get("labels", {}).items():
            cell = parse_cell(key)
            if cell in labels:
                self.fail(doc, base + ("labels", key), f"two labels are written for cell {cell}", key=True)
                continue
            labels[cell] = str(text)
            self.sources.note(("annotation-label", cell), doc, base + ("labels", key))
        arrows = []
        for i, entry in enumerate(data.get("arrows", [])):
            where = base + ("arrows", i) + (("path",) if isinstance(entry, dict) else ())
            path = entry["path"] if isinstance(entry, dict) else entry
            colour = entry.get("colour") if isinstance(entry, dict) else None
            cells = tuple(cell_of(c) for c in path)
            for j, _cell in enumerate(cells):
                self.sources.note(("annotation-arrow", i, j), doc, where + (j,))
            arrows.append(Arrow(cells, colour))
        highlights = []
        for i, entry in enumerate(data.get("highlights", [])):
            if isinstance(entry, dict):
                highlights.append(Highlight(cell_of(entry["cell"]), entry.get("colour")))
                self.sources.note(("annotation-highlight", i), doc, base + ("highlights", i, "cell"))
            else:
                highlights.append(Highlight(cell_of(entry)))
                self.sources.note(("annotation-highlight", i), doc, base + ("highlights", i))
        if "caption" in data:
            self.sources.note(("annotation-caption",), doc, base + ("caption",))
        return Annotations(tuple(labels.items()), tuple(arrows), tuple(highlights), data.get("caption", ""))

    def place(self, doc: Doc, path: YamlPath, text: str, board: Board) -> Place | None:
        try:
            spot = spot_of(text)
        except (ValueError, NotationError) as exc:
            self.fail(doc, path, str(exc), "M1")
            return None
        if spot.cell in board.green:
            if spot.feature:
                self.fail(doc, path, f"{spot.cell} is a green area; it has no features", "M1")
            return green_place(spot.cell)
        return tile_place(spot.cell, spot.feature)

    def prisoners(self, doc: Doc, colour: Colour, entry: dict[str, Any] | None, board: Board) -> tuple[Place, ...]:
        entry = entry or {}
        base = ("prisoners", colour.value)
        places: list[Place] = []
        for i, text in enumerate(entry.get("at", [])):
            place = self.place(doc, base + ("at", i), text, board)
            if place is not None:
                places.append(place)
                self.sources.note(("prisoner", colour, place), doc, base + ("at", i))
        places += [FREED] * entry.get("freed", 0) + [DEAD] * entry.get("dead", 0)
        self.sources.note(("prisoners", colour), doc, base)
        for k in ("island", "freed", "dead"):
            if k in entry:
                self.sources.note(("prisoners", colour, k), doc, base + (k,))
        if "island" in entry:
            island = entry["island"]
            if island + len(places) != PRISONERS:
                self.fail(doc, base, f"{colour} has {island + len(places)} prisoners; every player has {PRISONERS}", "S1")
        else:
            island = PRISONERS - len(places)
            if island < 0:
                self.fail(doc, base, f"{colour} has {len(places)} prisoners; every player has {PRISONERS}", "S1")
                island = 0
        return tuple(sorted(places + [ISLAND] * island))

    def turn(self, doc: Doc, data: Any, colours: tuple[Colour, ...], board: Board) -> Turn:
        if data is None:
            return Turn()
        if isinstance(data, str):
            data = {"player": data}
        player = 0
        if "player" in data:
            colour = Colour(data["player"])
            if colour in colours:
                player = colours.index(colour)
            else:
                self.fail(doc, ("turn", "player") if ("turn", "player") in doc.values else ("turn",),
                          f"{colour} is not playing; players are {', '.join(map(str, colours))}", "S1")
        moved = []
        for key, steps in data.get("moved", {}).items():
            place = ISLAND if key.strip() == "island" else self.place(doc, ("turn", "moved", key), key, board)
            if place is None:
                continue
            for n in steps if isinstance(steps, list) else [steps]:
                moved.append((place, n))
            self.sources.note(("moved", place), doc, ("turn", "moved", key))
        return Turn(
            player=player,
            phase=data.get("phase", 1),
            moved=tuple(sorted(moved)),
            tile_action=data.get("tile_action", False),
            door_action=data.get("door_action", False),
            round_ends=data.get("round_ends", False),
        )


@cache
def _bundled(kind: str, name: str) -> tuple[_Reader, Any]:
    text = resources.files("sectionx").joinpath(f"data/{'boards' if kind == 'board' else 'tiles'}/{name}.yaml").read_text("utf-8")
    doc = parse_yaml(text, f"<bundled {kind} {name}>")
    problems = check_schema(doc, kind)
    if problems:  # pragma: no cover - the bundled files are tested
        raise LoadError(problems)
    reader = _Reader(doc)
    build = reader.board if kind == "board" else reader.catalogue
    value = build(doc, (), doc.data, name)
    if reader.diagnostics:  # pragma: no cover
        raise LoadError(reader.diagnostics)
    return reader, value


def bundled_board(name: str) -> Board:
    """A bundled board by name (``standard`` or ``compact``)."""
    board = _bundled("board", name)[1]
    assert isinstance(board, Board)  # _bundled builds the kind it is asked for
    return board


def bundled_catalogue(name: str = "default") -> Catalogue:
    """A bundled tile catalogue by name (``default``)."""
    catalogue = _bundled("catalogue", name)[1]
    assert isinstance(catalogue, Catalogue)  # _bundled builds the kind it is asked for
    return catalogue


# ------------------------------------------------------------------ public loading


def load_doc(doc: Doc, base: Path | None = None) -> Loaded:
    """A scenario from an already parsed document; LoadError lists every problem of form."""
    problems = check_schema(doc, "scenario")
    if problems:
        raise LoadError(problems)
    reader = _Reader(doc)
    scenario = reader.scenario(doc, base)
    if reader.diagnostics or scenario is None:
        raise LoadError(reader.diagnostics)
    return Loaded(scenario, reader.sources)


def load(path: str | Path) -> Loaded:
    """Read a scenario file (state or puzzle).  Rule checks are :mod:`sectionx.games.sectionx.rules`'s job."""
    return load_doc(read_yaml(path), Path(path).parent)


def loads(text: str, name: str = "<text>", base: Path | None = None) -> Loaded:
    """Read a scenario from text."""
    return load_doc(parse_yaml(text, name), base)


def load_definition(path: str | Path, kind: str) -> tuple[Any, Sources]:
    """Read a board (``kind="board"``) or tile catalogue (``"catalogue"``) file."""
    doc = read_yaml(path)
    problems = check_schema(doc, kind)
    if problems:
        raise LoadError(problems)
    reader = _Reader(doc)
    build = reader.board if kind == "board" else reader.catalogue
    value = build(doc, (), doc.data, Path(path).stem)
    if reader.diagnostics:
        raise LoadError(reader.diagnostics)
    return value, reader.sources


def resolve_definition(ref: str, kind: str) -> tuple[Any, Sources]:
    """A bundled board/catalogue by name, or one read from a file."""
    bundled = BUNDLED_BOARDS if kind == "board" else BUNDLED_CATALOGUES
    if ref in bundled:
        reader, value = _bundled(kind, ref)
        return value, reader.sources
    return load_definition(ref, kind)


# ------------------------------------------------------------------ writing


def board_to_data(board: Board) -> dict[str, Any] | str:
    if board.name in BUNDLED_BOARDS and bundled_board(board.name) == board:
        return board.name
    data: dict[str, Any] = {"name": board.name}
    if board.radius is not None and board.cells == frozenset(hexagon(board.radius)):
        data["radius"] = board.radius
    else:
        data["cells"] = [cell_text(c) for c in sorted(board.cells, key=lambda c: (c.r, c.q))]
    data["island"] = [cell_text(c) for c in sorted(board.island, key=lambda c: (c.r, c.q))]
    data["green"] = [cell_text(c) for c in sorted(board.green, key=lambda c: (c.r, c.q))]
    data["zones"] = {z.name: [cell_text(c) for c in z.cells] for z in board.zones}
    data["cell_blocks"] = {c.value: a for c, a in board.cell_blocks}
    return data


def catalogue_to_data(catalogue: Catalogue) -> dict[str, Any] | str:
    if catalogue.name in BUNDLED_CATALOGUES and bundled_catalogue(catalogue.name) == catalogue:
        return catalogue.name
    return {
        "name": catalogue.name,
        "tiles": [{"id": t.id, "kind": t.kind, "features": [str(f) for f in t.features]} for t in catalogue.tiles],
    }


def scenario_to_data(scenario: Scenario) -> dict[str, Any]:
    """Plain data in the scenario format; :func:`load_doc` reads it back to an equal state."""
    s = scenario.state
    data: dict[str, Any] = {"format": 1}
    if scenario.title:
        data["title"] = scenario.title
    if scenario.description:
        data["description"] = scenario.description
    data["players"] = [c.value for c in s.colours]
    data["board"] = board_to_data(s.board)
    data["catalogue"] = catalogue_to_data(s.catalogue)
    data["variant"] = "advanced" if s.advanced else "standard"
    data["round"] = s.round
    t = s.turn
    colour = s.colours[t.player].value if t.player < len(s.players) else s.colours[0].value
    if t == Turn(player=t.player):
        data["turn"] = colour
    else:
        turn: dict[str, Any] = {"player": colour, "phase": t.phase}
        if t.moved:
            moved: dict[str, list[int]] = {}
            for place, n in t.moved:
                moved.setdefault(str(place), []).append(n)
            turn["moved"] = {k: v[0] if len(v) == 1 else v for k, v in moved.items()}
        if t.tile_action:
            turn["tile_action"] = True
        if t.door_action:
            turn["door_action"] = True
        if t.round_ends:
            turn["round_ends"] = True
        data["turn"] = turn
    if s.last_round:
        data["last_round"] = True
    if s.ranking:
        data["ranking"] = [c.value for c in s.ranking]
    if s.seed:
        data["seed"] = s.seed
    if s.tiles:
        data["tiles"] = {cell_text(c): str(p) for c, p in s.tiles}
    hands = {p.colour.value: list(p.hand) for p in s.players if p.hand}
    if hands:
        data["hands"] = hands
    data["stacks"] = [list(st) for st in s.stacks]
    if s.out:
        data["out"] = list(s.out)
    prisoners = {}
    for p in s.players:
        if all(pl.kind is PlaceKind.ISLAND for pl in p.prisoners):
            continue
        entry: dict[str, Any] = {}
        for kind in ("island", "freed", "dead"):
            n = p.count(PlaceKind(kind))
            if n:
                entry[kind] = n
        at = [str(pl) for pl in p.prisoners if pl.kind in (PlaceKind.TILE, PlaceKind.GREEN)]
        if at:
            entry["at"] = at
        if "island" not in entry:
            entry["island"] = 0
        prisoners[p.colour.value] = entry
    if prisoners:
        data["prisoners"] = prisoners
    doors = {p.colour.value: [str(d) for d in p.doors] for p in s.players if p.doors}
    if doors:
        data["doors"] = doors
    if s.zones:
        data["zones"] = {name: c.value for name, c in s.zones}
    keys = [p.colour.value for p in s.players if p.key]
    if keys:
        data["keys"] = keys
    if scenario.goal is not None:
        data["goal"] = goal_to_data(scenario.goal)
    if scenario.answer is not None:
        ans = scenario.answer
        data["answer"] = {"turns": ans.turns, **({} if ans.cost is None else {"cost": ans.cost}), "plans": ans.plans}
    if scenario.grade is not None:
        g = scenario.grade
        data["grade"] = {"id": g.id, "tier": g.tier, **({"figures": dict(g.figures)} if g.figures else {})}
    if scenario.claims:
        data["claims"] = [claim_to_data(c) for c in scenario.claims]
    if scenario.annotations:
        data["annotations"] = annotations_to_data(scenario.annotations)
    return data


def claim_to_data(claim: Claim) -> dict[str, Any]:
    """One entry of ``claims:``; the reader reads it back equal."""
    data: dict[str, Any] = {"says": claim.says} if claim.says else {}
    if claim.kind == "moves":
        data["moves"] = claim.moves
        data.update({k: list(v) for k, v in (("allowed", claim.allowed), ("refused", claim.refused)) if v})
    elif claim.kind == "after":
        data["after"] = claim.after[0] if len(claim.after) == 1 else list(claim.after)
        data["then"] = dict(claim.then)
    elif claim.kind in ("legal", "illegal"):
        data[claim.kind] = claim.action
    if claim.after and claim.kind != "after":
        data["after"] = claim.after[0] if len(claim.after) == 1 else list(claim.after)
    data.update({k: list(v) for k, v in (("joined", claim.joined), ("apart", claim.apart)) if v})
    if claim.because:
        data["because"] = claim.because
    return data


def goal_to_data(goal: Goal) -> dict[str, Any]:
    """The ``goal:`` block; :meth:`_Reader.goal` reads it back equal."""
    data: dict[str, Any] = {}
    if goal.kind is not GoalKind.ALL:
        data["kind"] = goal.kind.value
    if goal.player is not None:
        data["player"] = goal.player.value
    if goal.kind is GoalKind.ALL:
        data["all"] = [goal_to_data(part) for part in goal.parts]
    elif goal.kind is GoalKind.FREE:
        data["count"] = goal.count
    elif goal.kind is GoalKind.ZONE and goal.zone is not None:
        data["zone"] = goal.zone
    if goal.turns is not None:
        data["turns"] = goal.turns
    return data


def annotations_to_data(annotations: Annotations) -> dict[str, Any]:
    """The ``annotations:`` block; :meth:`_Reader.annotations` reads it back equal."""
    a = annotations
    data: dict[str, Any] = {}
    if a.labels:
        data["labels"] = {cell_text(c): text for c, text in a.labels}
    if a.arrows:
        data["arrows"] = [[cell_text(c) for c in arrow.cells] if arrow.colour is None
                          else {"path": [cell_text(c) for c in arrow.cells], "colour": arrow.colour} for arrow in a.arrows]
    if a.highlights:
        data["highlights"] = [cell_text(h.cell) if h.colour is None else {"cell": cell_text(h.cell), "colour": h.colour}
                              for h in a.highlights]
    if a.caption:
        data["caption"] = a.caption
    return data


class _Dumper(yaml.SafeDumper):
    """Block mappings, flow lists of scalars, no aliases."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=False)


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    flat = all(not isinstance(x, (dict, list)) for x in data)
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flat)


_Dumper.add_representer(dict, _represent_dict)
_Dumper.add_representer(list, _represent_list)


def dumps(scenario: Scenario, header: str = "") -> str:
    """The scenario as YAML text (deterministic: same scenario, same bytes)."""
    comment = f"# Section X {'puzzle' if scenario.is_puzzle else 'game state'}, written by sectionx {__version__}.\n"
    comment += "# Check it with: sectionx validate FILE    Format: docs/format.md\n"
    for line in header.splitlines():
        comment += f"# {line}\n" if line else "#\n"
    body = yaml.dump(
        scenario_to_data(scenario),
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
    )
    return comment + body


__all__ = [
    "COLOURS",
    "Loaded",
    "Record",
    "Sources",
    "bundled_board",
    "bundled_catalogue",
    "dumps",
    "dumps_record",
    "load",
    "load_definition",
    "load_doc",
    "load_record",
    "loads",
    "resolve_definition",
    "scenario_to_data",
]


# ------------------------------------------------------------------ game records


@dataclass
class Record:
    """A game record: the start, the actions with their positions, and the claimed result."""

    start: Loaded
    actions: tuple[Action, ...]
    positions: tuple[tuple[int, int], ...]
    doc: Doc
    result: dict[str, Any] = field(default_factory=dict)
    bots: dict[str, Any] = field(default_factory=dict)
    title: str = ""

    def diag(self, index: int, message: str, rule: str) -> Diagnostic:
        line, col = self.positions[index]
        return Diagnostic(self.doc.file, line, col, message, rule)


def _sub_doc(doc: Doc, key: str) -> Doc:
    """The part of ``doc`` under ``key`` as a document of its own, keeping positions."""
    n = 1

    def strip(table: dict[YamlPath, tuple[int, int]]) -> dict[YamlPath, tuple[int, int]]:
        return {path[n:]: pos for path, pos in table.items() if path[:n] == (key,)}

    return Doc(doc.file, doc.data[key], strip(doc.values), strip(doc.keys))


def load_record(path: str | Path) -> Record:
    """Read a game record; LoadError lists every problem of form (not of legality)."""
    doc = read_yaml(path)
    problems = check_schema(doc, "record")
    if problems:
        raise LoadError(problems)
    base = Path(path).parent
    start_ref = doc.data["start"]
    if isinstance(start_ref, str):
        try:
            target = resolve_reference(start_ref, base, doc.file, what="start", suffixes=YAML_SUFFIXES)
            start = load(target)
        except FileProblem as exc:
            raise LoadError([doc.diag(("start",), exc.message, exc.rule)]) from None
        except LoadError as exc:
            whole = [doc.diag(("start",), f"start {start_ref!r}: {d.message}", REFERENCE_RULE if d.unreadable else d.rule)
                     for d in exc.diagnostics if d.line == 0 and str(d.file) == str(target)]
            rest = [d for d in exc.diagnostics if not (d.line == 0 and str(d.file) == str(target))]
            raise LoadError(whole + unquoted(rest, "start file", doc.file)) from None
    else:
        start = load_doc(_sub_doc(doc, "start"), base)
    parsed, positions, bad = [], [], []
    for i, text in enumerate(doc.data["actions"]):
        position = doc.position(("actions", i))
        try:
            parsed.append(action_from_text(text))
            positions.append(position)
        except NotationError as exc:
            bad.append(Diagnostic(doc.file, position[0], position[1], str(exc)))
    if bad:
        raise LoadError(bad)
    return Record(start, tuple(parsed), tuple(positions), doc, doc.data.get("result", {}), doc.data.get("bots", {}),
                  doc.data.get("title", ""))


def dumps_record(start: Scenario, played: list[Action] | tuple[Action, ...], *, turns: Sequence[tuple[int, str]] = (),
                 result: dict[str, Any] | None = None, bots: dict[str, Any] | None = None, header: str = "") -> str:
    """A record as YAML text.  ``turns`` lists (index of first action, label) pairs,
    written as comments so a reader can find their way; the file reads back to the
    same actions."""
    lines = ["# Section X game record, written by sectionx " + __version__ + ".",
             "# Check it with: sectionx replay FILE [--show]"]
    lines += [f"# {h}" if h else "#" for h in header.splitlines()]
    lines.append("format: 1")
    if start.title:
        lines.append(yaml.dump({"title": start.title}, Dumper=_Dumper, allow_unicode=True).rstrip())
    if bots:
        lines.append(yaml.dump({"bots": bots}, Dumper=_Dumper, sort_keys=False).rstrip())
    if result:
        lines.append(yaml.dump({"result": result}, Dumper=_Dumper, sort_keys=False).rstrip())
    start_data = scenario_to_data(Scenario(start.state, start.goal, "", start.description))
    body = yaml.dump({"start": start_data}, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    lines.append(body.rstrip())
    lines.append("actions:")
    labels = dict(turns)
    for i, action in enumerate(played):
        if i in labels:
            lines.append(f"  # {labels[i]}")
        lines.append(f"  - {yaml.dump(str(action), Dumper=_Dumper, default_style=None).splitlines()[0]}")
    if not played:
        lines[-1] = "actions: []"
    return "\n".join(lines) + "\n"
