"""Rulebook figures whose every claim the rules engine checks (``sectionx illustrate``).

A figure is a scenario file (a position, with annotations for the drawing) with a
``claims:`` list: what the figure shows, as statements about the position that
the engine can decide.  Five kinds, each with an optional ``says:`` (the claim in
words, as a rulebook prints it):

* ``legal: ACTION`` -- the player to move may take ``ACTION`` now
  (:func:`sectionx.games.sectionx.engine.explain` finds no problem);
* ``illegal: ACTION`` with ``because: ID`` -- the player may not, and ruling
  ``ID`` is among the reasons the engine gives;
* ``moves: CELL`` with ``allowed: [...]`` and/or ``refused: [...]`` (and an
  optional ``because: ID``) -- the tile on ``CELL`` may be moved (N2) to each
  allowed cell at some rotation, and to no refused cell at any rotation (every
  refusal citing ``because``, if given).  Cells may be written as ``q,r`` or as
  a label of the figure's annotations (``A``), as the rulebook's text names them;
* ``after: ACTION`` (or a list, taken in turn) with ``then:`` -- each action is
  legal, and afterwards the position is as ``then`` says, in the file's own words
  (``doors``, ``prisoners``, ``zones``, ``keys``, ``tiles`` with ``empty``, ``round``,
  ``joined``, ``apart``; only what is written is compared, lists as sets):
  "placing T16 makes blue's door leave", "these prisoners die in the collapse".
  Written before any other claim, ``after:`` (without ``then``) makes it speak
  of the position the actions lead to: ``after: "take 1"`` with ``illegal:
  "place T01 5,0"`` -- "having taken a tile, red may not lay it on a green area";
* ``joined: [PLACE, ...]`` and/or ``apart: [PLACE, ...]`` -- the places of
  ``joined`` lie in one tunnel (D1: features joined through matching openings,
  as :func:`sectionx.games.sectionx.rules.tunnels` groups them), and the first place of
  ``apart`` lies in no tunnel with any of the others.  A place is ``island``,
  ``q,r``, ``q,r/N`` or a label (``B``, ``B/1``); the island, or a green area,
  lies in every tunnel that opens onto it (M2), so ``joined: [island, A]`` says
  A's tunnel leads to the island.  A ``moves``
  claim may give them too: moved to each allowed cell, the tile (one of its
  features) is joined to the places of ``joined`` at some legal rotation, and to
  none of ``apart`` at any -- "moved to B or C the hideout is joined to the
  tunnel; moved to D it cannot be".

Actions use the notation of docs/format.md (``place T05 2,-1@3``).  A false
claim, an action the notation does not read or a label the figure lacks is a
:class:`~sectionx.yamlsrc.Diagnostic` at the claim's line, so a manual build
stops with one line naming the file, the line and the claim.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import NotationError
from ...hexgrid import Cell, parse_cell
from ...render.scene import MM_PER_PT, Group, Item, Text
from ...render.scene import Path as Outline
from ...yamlsrc import Diagnostic, Doc, LoadError, YamlPath, read_yaml
from . import actions, checking, engine, formats, rules
from .actions import Move
from .model import ISLAND, Claim, Place, PlaceKind, Scenario, State, green_place, tile_place

if TYPE_CHECKING:
    from ...render.scene import Document
    from ...render.theme import Theme

#: The rule id of a false claim's diagnostic: the claim, not a ruling, is at fault.
CLAIM = "claim"


@dataclass(frozen=True)
class Figure:
    """A checked figure: its scenario and how many claims held."""

    scenario: Scenario
    claims: int


def check_figure(path: str | Path) -> Figure:
    """Check the figure at ``path`` as ``sectionx validate`` checks a position (its
    form and every ruling), then every claim; LoadError lists the problems, each at
    its line.  A figure must be a position the rules allow before its claims mean
    anything."""
    report = checking.check_file(path)
    if not report.ok or report.loaded is None:
        raise LoadError(report.diagnostics or [Diagnostic(str(path), 1, 1, f"a {report.kind} file, not a figure", CLAIM)])
    scenario = report.loaded.scenario
    problems = claim_problems(read_yaml(path), scenario)
    if problems:
        raise LoadError(problems)
    return Figure(scenario, len(scenario.claims))


def figure_problems(path: Path, doc: Doc) -> list[Diagnostic]:
    """Every problem of the figure ``doc`` (read as if from ``path``), located: its
    form, every ruling of its position, every false claim; none when every claim
    holds.  What the shared rulebook builder asks of a game
    (:class:`sectionx.rulebook.Rulebook`) and the studio's editor (from unsaved text:
    nothing is read from ``path``)."""
    report = checking.check(path, doc)
    if not report.ok or report.loaded is None:
        return report.diagnostics or [Diagnostic(str(path), 1, 1, f"a {report.kind} file, not a figure", CLAIM)]
    return claim_problems(doc, report.loaded.scenario)


#: The box a rulebook prints a figure's drawing in (mm, width and height; the builder's
#: :attr:`~sectionx.rulebook.Rulebook.figure_size`): nearly the A4 book's text width,
#: so a cropped board (most are about twice as wide as tall) prints as large as the page
#: allows; no taller, so a near whole board (the zones) leaves room for its caption and
#: the next rule (105 mm tall left half pages empty before a section's next figure).
BOOK_BOX = (150.0, 80.0)
#: The least size (points) a word of a book's figure prints at in :data:`BOOK_BOX`:
#: the puzzle cards' floor, so it stays 6 pt where the book draws a figure at three
#: quarters to fit a page's foot.
BOOK_PT = 8.0
#: The action notation's cells (``place T05 2,-1@3``, ``move -3,2 -3,1@0``).
_CELL_IN_ACTION = re.compile(r"(?<![\w,-])(-?\d+,-?\d+)")


def named_cells(scenario: Scenario) -> frozenset[Cell]:
    """Every cell a figure names: its annotations' cells, and each cell of its claims
    (the tile a ``moves`` claim moves and its targets, the cells of ``joined`` and
    ``apart``, every cell written in an action; labels read as the cells they mark).
    A book's crop keeps them all (:func:`draw_figure`)."""
    cells = set(scenario.annotations.cells())
    for claim in scenario.claims:
        texts = [claim.moves, *claim.allowed, *claim.refused,
                 *(p.partition("/")[0] for p in (*claim.joined, *claim.apart))]
        for text in texts:
            cell = _cell(text, scenario) if text and text != "island" else None
            if cell is not None:
                cells.add(cell)
        for action in (claim.action, *claim.after):
            cells |= {parse_cell(m) for m in _CELL_IN_ACTION.findall(action)}
    return frozenset(cells)


def book_focus(scenario: Scenario) -> frozenset[Cell]:
    """The cells a book's figure is cropped round: what a cropped diagram keeps (the
    tiles, prisoners, doors, claimed zones and annotated cells) and every cell the
    figure names (:func:`named_cells`)."""
    from .render.diagram import interest

    return frozenset(interest(scenario.state, scenario.annotations)) | named_cells(scenario)


def draw_figure(path: Path, doc: Doc, theme: Theme, words: Mapping[str, str] | None = None) -> Document:
    """The figure at ``path`` (read as ``doc``, already checked) drawn for a rulebook:
    one page, cropped (the board's tiles, prisoners and doors and every cell the figure
    names, :func:`named_cells`, with their neighbours; the island and a free zone
    whole), without coordinates or side panel, in ``words`` (the drawn words of
    :class:`~.render.words.Words` by name; English where not given).

    Drawn whole, a board printed at a fifth to two fifths in the book's box, its tile
    ids at 1 to 2.5 pt (issue 30); so its words are set for the scale :data:`BOOK_BOX`
    prints the crop at: none under :data:`BOOK_PT` (the printed puzzles' floor,
    :func:`sectionx.render.puzzleprint.floor_text`), and the board's names (ISLAND,
    CELL BLOCK, FREE ZONE) left out, as the printed puzzles leave them out: they
    cannot fit their places at that size, and the colours, the cell blocks' symbols
    and the zones' letters name every place.  The tiles' ids are left out as well:
    at that size they cover the tunnels they name, and the players' text names no
    tile by its id (the picture shows each tile).  The cell blocks' counts stand
    under their tokens.  ``illustrate`` draws the figure as before."""
    from ...render.puzzleprint import floor_text
    from .render import diagram
    from .render.art import PRISONER
    from .render.board import BLOCK_SYMBOL
    from .render.printed import unnamed
    from .render.words import ENGLISH

    scenario = formats.load_doc(doc, path.parent).scenario
    drawn: dict[str, Any] = dict(words or {})  # str fields of Words, checked by the language reader
    language = replace(ENGLISH, **drawn)
    board = diagram.diagram(scenario, theme, crop=True, coords=False, panel=False, goal_text=False,
                            words=language, focus=book_focus(scenario))
    # The tiles' ids too: set at the floor's size they cover the tunnels, the arrows and
    # the labels on the tiles, and no caption or rule names a tile by its id.
    ids = {placed.tile for _, placed in scenario.state.tiles}
    board = unnamed(board, frozenset({language.island, language.cell_block, language.free_zone, *ids}))
    page = board.pages[0]
    k = min(BOOK_BOX[0] / page.width, BOOK_BOX[1] / page.height, 1.0)
    items = _counts_under(page.items, BOOK_PT / k, BLOCK_SYMBOL * 0.62 * theme.tile, PRISONER * theme.tile)
    items = _pills_grown(items, BOOK_PT / k)
    return replace(board, pages=(replace(page, items=floor_text(items, BOOK_PT, k)),))


#: A cell block's count of island prisoners as the diagram sets it (``×8``).
_COUNT = re.compile(r"^×\d+$")


def _pills_grown(items: tuple[Item, ...], size: float) -> tuple[Item, ...]:
    """``items`` with each label's pill (a path centred on the label's text, drawn just
    before it) grown about its centre to hold its text grown to ``size`` (pt): a
    letter set at the book's floor on a far smaller board overran its disc."""
    out: list[Item] = list(items)
    for i, it in enumerate(items):
        if isinstance(it, Group):
            out[i] = replace(it, items=_pills_grown(it.items, size))
            continue
        text = items[i + 1] if i + 1 < len(items) else None
        if not (isinstance(it, Outline) and isinstance(text, Text) and text.anchor == "middle" and text.bold
                and text.angle == 0 and text.size < size):
            continue
        xs = [c[j] for c in it.commands for j in range(1, len(c), 2)]
        ys = [c[j] for c in it.commands for j in range(2, len(c), 2)]
        cx, cy = text.x, text.y - text.size * MM_PER_PT * 0.36  # the label's middle
        if not xs or abs((min(xs) + max(xs)) / 2 - cx) > 1e-6 or abs((min(ys) + max(ys)) / 2 - cy) > 1e-6:
            continue  # not a pill round this text
        # As tall as the grown letter and a margin (a cap is 0.72 of the size): no taller,
        # a pill in proportion to a 8 pt letter covered most of a small board's cell.
        g = max(1.0, 1.45 * size * MM_PER_PT / (max(ys) - min(ys)))
        out[i] = replace(it, commands=tuple(
            (c[0], *(cx + g * (v - cx) if j % 2 == 0 else cy + g * (v - cy) for j, v in enumerate(c[1:])))
            for c in it.commands))
    return tuple(out)


def _counts_under(items: tuple[Item, ...], size: float, disc: float, d: float) -> tuple[Item, ...]:
    """``items`` with each cell block's count (``×8``, set after its token, ``d``
    across, on a disc of radius ``disc``) set at ``size`` (pt, at least its own)
    centred under the token: grown to the book's floor after the token, it would
    run over the cell block's wall."""
    out: list[Item] = []
    for it in items:
        if isinstance(it, Text) and it.anchor == "start" and it.angle == 0 and _COUNT.match(it.text):
            x, y = it.x - d * 0.62, it.y - it.size * MM_PER_PT * 0.36  # the token's centre
            pt = max(size, it.size)
            out.append(replace(it, x=x, y=y + disc + 0.15 * d + pt * MM_PER_PT * 0.74, size=pt, anchor="middle"))
        elif isinstance(it, Group):
            out.append(replace(it, items=_counts_under(it.items, size, disc, d)))
        else:
            out.append(it)
    return tuple(out)


def claim_problems(doc: Doc, scenario: Scenario) -> list[Diagnostic]:
    """Every claim of ``scenario`` (read from ``doc``, which places them) that the
    position does not bear out."""
    out: list[Diagnostic] = []
    for i, claim in enumerate(scenario.claims):
        out += [doc.diag(("claims", i, *((key,) if isinstance(key, str) else key)), message, CLAIM)
                for key, message in _check(claim, scenario)]
    return out


#: Where in a claim a problem points: a key of the claim, or a path under it.
Where = str | YamlPath


def _check(claim: Claim, scenario: Scenario) -> list[tuple[Where, str]]:
    """(key of the claim the problem points at, message) for each way it fails."""
    said = f" ({claim.says!r})" if claim.says else ""
    if claim.after and claim.kind != "after":
        # after: before another claim: it speaks of the position the actions lead to.
        played = _played(claim, scenario.state, said)
        if isinstance(played, list):
            return played
        scenario = replace(scenario, state=played)
        said += f", after {'; '.join(claim.after)}"
    state = scenario.state
    if claim.kind == "moves":
        return _check_moves(claim, scenario, said)
    if claim.kind == "after":
        return _check_after(claim, scenario, said)
    if claim.kind in ("joined", "apart"):
        return [(key, f"{'' if form else 'false '}claim{said}: {message}")
                for key, form, message in _connection(claim.joined, claim.apart, scenario, state)]
    key = claim.kind
    try:
        action = actions.parse(claim.action)
    except NotationError as exc:
        return [(key, f"claim{said}: {claim.action!r} is not an action: {exc}")]
    problems = engine.explain(state, action)
    if key == "legal" and problems:
        return [(key, f"false claim{said}: {claim.action} is illegal: {'; '.join(map(str, problems))}")]
    if key == "illegal":
        if not problems:
            return [(key, f"false claim{said}: {claim.action} is legal")]
        ids = [p.rule for p in problems]
        if claim.because not in ids:
            return [("because", (f"false claim{said}: {claim.action} is illegal, but because of "
                                f"{', '.join(ids)}, not {claim.because}"))]
    return []


def _cell(text: str, scenario: Scenario) -> Cell | None:
    """A cell written as ``q,r`` or as a label of the figure's annotations."""
    for cell, label in scenario.annotations.labels:
        if label == text:
            return cell
    try:
        return parse_cell(text)
    except ValueError:
        return None


_NOT_A_PLACE = "is neither a place nor a label of the figure (write island, q,r, q,r/N or a label)"


def _place(text: str, scenario: Scenario) -> Place | None:
    """A place written ``island``, ``q,r``, ``q,r/N``, ``LABEL`` or ``LABEL/N``; a
    cell of the island is the island (G3), a green cell its green area."""
    if text == "island":
        return ISLAND
    head, slash, feature = text.partition("/")
    cell = _cell(head, scenario)
    if cell is None or (slash and not feature.isdigit()):
        return None
    board = scenario.state.board
    if cell in board.island or cell in board.green:
        if slash:
            return None
        return ISLAND if cell in board.island else green_place(cell)
    return tile_place(cell, int(feature or 0))


def _named(text: str, place: Place) -> str:
    """The place as the claim writes it, with what a label stands for."""
    return text if text == str(place) else f"{text} ({place})"


def _tunnels_at(state: State, place: Place) -> frozenset[int] | str:
    """The tunnels (D1, by :func:`sectionx.games.sectionx.rules.tunnels`) that hold ``place``: a
    feature's own, or every tunnel one of whose features opens onto the island or
    green area (M2, :func:`sectionx.games.sectionx.engine.neighbours`); or why there is none."""
    t = rules.tunnels(state)
    if place.kind is PlaceKind.TILE:
        if place.spot in t.component:
            return frozenset({t.component[place.spot]})
        if place.at not in state.tile_at:
            return f"no tile lies on {place.at}"
        return f"the tile on {place.at} has no feature {place.feature}"
    return frozenset(cid for spot, cid in t.component.items()
                     if place in engine.neighbours(state, tile_place(spot.cell, spot.feature)))


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _tunnel_words(state: State, tunnels: frozenset[int]) -> str:
    """Where tunnels run, by the cells they touch."""
    if not tunnels:
        return "no tunnel opens onto it"
    members = rules.tunnels(state).members
    runs = [" ".join(str(c) for c in sorted({s.cell for s in members[cid]})) for cid in sorted(tunnels)]
    return ("the tunnel through " if len(runs) == 1 else "the tunnels through ") + "; ".join(runs)


def _connection(joined: tuple[str, ...], apart: tuple[str, ...], scenario: Scenario, state: State,
                where: YamlPath = ()) -> list[tuple[Where, bool, str]]:
    """(where, whether the claim is unreadable rather than false, message) for
    ``joined`` places that no one tunnel holds, and for the first of the ``apart``
    places when a tunnel holds it and another of them, in ``state``."""
    out: list[tuple[Where, bool, str]] = []
    for key, texts in (("joined", joined), ("apart", apart)):
        if not texts:
            continue
        at = (*where, key)
        named: list[tuple[str, frozenset[int]]] = []
        for text in texts:
            place = _place(text, scenario)
            if place is None:
                out.append((at, True, f"{text!r} {_NOT_A_PLACE}"))
                continue
            tunnels = _tunnels_at(state, place)
            if isinstance(tunnels, str):
                out.append((at, False, f"{_named(text, place)} is no place in a tunnel: {tunnels}"))
                continue
            named.append((_named(text, place), tunnels))
        if len(named) < len(texts):
            continue
        if key == "joined" and not frozenset.intersection(*(t for _, t in named)):
            parts = "; ".join(f"{name}: {_tunnel_words(state, t)}" for name, t in named)
            out.append((at, False, f"{_and([n for n, _ in named])} are not in one tunnel ({parts})"))
        if key == "apart":
            (a, ta), *others = named
            for b, tb in others:
                if ta & tb:
                    out.append((at, False, f"{a} and {b} are joined: {_tunnel_words(state, ta & tb)}"))
                    break
    return out


def _check_moves(claim: Claim, scenario: Scenario, said: str) -> list[tuple[Where, str]]:
    state = scenario.state
    source = _cell(claim.moves, scenario)
    if source is None:
        return [("moves", f"claim{said}: {claim.moves!r} is neither a cell nor a label of the figure")]
    placed = state.tile_at.get(source)
    if placed is None:
        return [("moves", f"false claim{said}: no tile lies on {source}")]
    tile = state.catalogue[placed.tile]
    out: list[tuple[Where, str]] = []
    for key, want, texts in (("allowed", True, claim.allowed), ("refused", False, claim.refused)):
        for text in texts:
            target = _cell(text, scenario)
            if target is None:
                out.append((key, f"claim{said}: {text!r} is neither a cell nor a label of the figure"))
                continue
            reasons = [engine.explain(state, Move(source, target, r)) for r in tile.distinct_rotations]
            legal = [r for r, problems in zip(tile.distinct_rotations, reasons, strict=True) if not problems]
            name = text if text == str(target) else f"{text} ({target})"
            if want and not legal:
                why = sorted({str(p) for problems in reasons for p in problems})
                out.append((key, f"false claim{said}: the tile on {source} may not move to {name}: {'; '.join(why)}"))
            elif not want and legal:
                out.append((key, (f"false claim{said}: the tile on {source} may move to {name} "
                                 f"(move {source} {target}@{legal[0]} is legal)")))
            elif not want and claim.because:
                ids = sorted({p.rule for problems in reasons for p in problems})
                if claim.because not in ids:
                    out.append(("because", (f"false claim{said}: moving to {name} is refused because of "
                                           f"{', '.join(ids)}, not {claim.because}")))
            elif want and (claim.joined or claim.apart):
                out += _moved_connection(claim, scenario, source, target, name, legal, said)
    return out


def _moved_connection(claim: Claim, scenario: Scenario, source: Cell, target: Cell, name: str,
                      rotations: list[int], said: str) -> list[tuple[Where, str]]:
    """A ``moves`` claim's ``joined`` and ``apart`` for one allowed cell: moved there
    at some legal rotation, one feature of the tile lies in one tunnel with every
    place of ``joined``; at every legal rotation, none lies in one with a place of
    ``apart``."""
    state = scenario.state
    for key, texts in (("joined", claim.joined), ("apart", claim.apart)):
        for text in texts:
            if _place(text, scenario) is None:
                return [(key, f"claim{said}: {text!r} {_NOT_A_PLACE}")]
    count = len(state.catalogue[state.tile_at[source].tile].features)
    spots = [f"{target}/{i}" if i else str(target) for i in range(count)]
    out: list[tuple[Where, str]] = []
    joins_at: list[int] = []
    for rotation in rotations:
        moved = engine.apply(state, Move(source, target, rotation))
        if any(not _connection((spot, *claim.joined), (), scenario, moved) for spot in spots):
            joins_at.append(rotation)
        wrong = [problem for spot in spots for place in claim.apart
                 for _, _, problem in _connection((), (spot, place), scenario, moved)]
        if wrong and not out:
            out.append(("apart", f"false claim{said}: moved to {name} (move {source} {target}@{rotation}), {wrong[0]}"))
    if claim.joined and not joins_at:
        out.append(("joined", (f"false claim{said}: moved to {name}, the tile is joined to "
                               f"{_and(list(claim.joined))} at no legal rotation")))
    return out


def facts(state: State) -> dict[str, Any]:
    """The position in the words ``then:`` uses, every colour and cell written out:
    doors and prisoners per colour, zones, the master keys (the colours holding
    one, as ``keys:`` writes them), tiles (``empty`` where none lies) and the
    round."""
    return {
        "doors": {p.colour.value: sorted(str(d) for d in p.doors) for p in state.players},
        "prisoners": {p.colour.value: {"island": p.count(PlaceKind.ISLAND), "freed": p.count(PlaceKind.FREED),
                                       "dead": p.count(PlaceKind.DEAD),
                                       "at": sorted(str(pl) for pl in p.prisoners
                                                    if pl.kind in (PlaceKind.TILE, PlaceKind.GREEN))}
                      for p in state.players},
        "zones": {z.name: state.zone_owner[z.name].value if z.name in state.zone_owner else None
                  for z in state.board.zones},
        "keys": sorted(p.colour.value for p in state.players if p.key),
        "tiles": {str(c): str(state.tile_at[c]) if c in state.tile_at else "empty" for c in state.board.tile_cells},
        "round": state.round,
    }


def _differences(want: Any, have: Any, where: str) -> list[str]:
    """Where ``have`` differs from ``want``, comparing only what ``want`` writes
    (lists as sets of texts: the order of doors or prisoners means nothing)."""
    if isinstance(want, dict):
        if not isinstance(have, dict):
            return [f"{where} is {have!r}"]
        out: list[str] = []
        for key, value in want.items():
            name = f"{where}.{key}" if where else str(key)
            if key not in have:
                out.append(f"{name}: there is no {key!r} here")
            else:
                out += _differences(value, have[key], name)
        return out
    if isinstance(want, list):
        if sorted(map(str, want)) != sorted(map(str, have)):
            return [f"{where} is [{', '.join(map(str, have))}], not [{', '.join(map(str, want))}]"]
        return []
    return [] if want == have else [f"{where} is {have!r}, not {want!r}"]


def _played(claim: Claim, state: State, said: str) -> State | list[tuple[Where, str]]:
    """The position after the claim's ``after`` actions, each legal in turn; or the
    problem with the first that is not."""
    for text in claim.after:
        try:
            action = actions.parse(text)
        except NotationError as exc:
            return [("after", f"claim{said}: {text!r} is not an action: {exc}")]
        problems = engine.explain(state, action)
        if problems:
            return [("after", f"false claim{said}: {text} is illegal: {'; '.join(map(str, problems))}")]
        state = engine.apply(state, action)
    return state


def _check_after(claim: Claim, scenario: Scenario, said: str) -> list[tuple[Where, str]]:
    state = _played(claim, scenario.state, said)
    if isinstance(state, list):
        return state
    then = dict(claim.then)
    joined, apart = tuple(then.pop("joined", ())), tuple(then.pop("apart", ()))
    wrong = _differences(then, facts(state), "")
    done = f"after {'; '.join(claim.after)}, "
    out: list[tuple[Where, str]] = [("then", f"false claim{said}: {done}" + "; ".join(wrong))] if wrong else []
    return out + [(key, f"{'' if form else 'false '}claim{said}: {done}{message}")
                  for key, form, message in _connection(joined, apart, scenario, state, ("then",))]


__all__ = ["BOOK_BOX", "BOOK_PT", "CLAIM", "Figure", "book_focus", "check_figure", "claim_problems", "draw_figure",
           "facts", "figure_problems", "named_cells"]
