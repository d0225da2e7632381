"""Der Tunnel's rule figures, every claim checked by the referee (``sectionx illustrate``).

A figure is a position file (:mod:`.formats`, with ``annotations:`` for the drawing,
:mod:`.marks`) and a ``claims:`` list: what the figure shows, as statements about the
position that the referee (:mod:`.rules`, :mod:`.model`) decides.  Each claim may say
it in words (``says:``, as the rulebook prints it) and is one of:

* ``legal: MOVE`` -- the player to move may play ``MOVE`` now (``TU-A 1,0@0 t red
  1,0:E f road:S``): :func:`~.rules.problems` finds no reason against it;
* ``illegal: MOVE`` with ``because: ID`` -- the player may not, and ruling ``ID`` is
  among the referee's reasons (CB4, TU1, TU5, TV1 ...);
* ``complete:`` and/or ``incomplete:`` a feature ``"x,y FEATURE"`` (or a list) -- the
  whole board feature it belongs to is complete, or not (CB5, CB7, TU3);
* ``scores:`` ``{"x,y FEATURE": {points: N, for: [players]}}`` and/or ``final:``
  ``{player: N}`` -- were the game to end now, the end's scoring (CB9, TU9) gives the
  feature N points for exactly those players (``points: 0`` and no ``for`` when it
  scores nothing: no follower, or already scored), and each player that total;
* ``after: MOVE`` (or a list, played in turn, each by the player then to move) with
  ``then:`` -- each move is legal when it is played, and afterwards the position is as
  ``then`` says; only what is written is compared:

  - ``scores``: each player's points in play; ``scored``: what each scored over the
    moves;
  - ``completed``: exactly the features the moves completed and scored (``[]`` for
    none; CB6-CB8, CB12, TU7), each named ``"x,y FEATURE"``;
  - ``tiles``: ``{"x,y FEATURE": N}``, the distinct tiles the whole feature lies on
    (its visible tiles: TU7);
  - ``joined``: places (features ``"x,y FEATURE"`` or openings ``"x,y:EDGE"``) that
    lie on one feature (TU4); ``apart``: the first lies on one with none of the others;
  - ``half_claimed``: exactly the openings holding a token whose partner is not laid
    (TU3, TU9); ``stealable``: exactly the sets open to theft (TV2);
  - ``sets``: the sets each player owns; ``tokens``: the tokens each has in hand
    (TU8); ``supply``: followers in supply (CB1); ``to_move``; ``over``.

  ``then:`` without ``after:`` speaks of the position as drawn.

``after:`` without ``then:`` may stand before any other claim, which then speaks of
the position the moves lead to.  A false claim, a move the notation does not read, or
a feature the board lacks is a :class:`~sectionx.yamlsrc.Diagnostic` at the claim's
line (rule ``claim``), so ``illustrate`` and the rulebook's build stop with one line
naming the file, the line and the claim, and draw nothing.

A figure may show a move made: ``picture_after: MOVE`` draws the position after it
(the move must be legal, and is checked like a claim); its annotations then name the
board as it is after the move (a token on the tile just placed, a tunnel joined),
while its claims speak of the position as written, before the move.

The drawing (:func:`drawing`) is the board as ``render`` draws it, cropped to the tiles
and the cells the annotations name, with a legend beside it in the rulebook's words
(:data:`WORDS`): each player's colour, score and tokens in hand, the player to move
and the tile in hand (the top of a known stack; neither for a move pictured made),
the variants played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

from ... import figureclaims
from ...errors import NotationError
from ...figureclaims import CLAIM, Problems
from ...render import figures as pictures
from ...render.fonts import wrap
from ...render.scene import Circle, Document, Group, Item, Style, Symbol, Text, rect
from ...render.textfit import text_width
from ...render.theme import Theme
from ...yamlsrc import Diagnostic, Doc, LoadError, YamlPath, check_schema, read_yaml
from . import art, formats
from . import layout as lay
from . import picture as board
from .marks import read_marks
from .model import COLOURS, SET_LETTERS, Opening, Position, Score
from .rules import VARIANTS, cell_text, opening_text, parse_cell, parse_move, parse_opening, play, problems
from .tiles import tile_set

GAME = "Der Tunnel"


@dataclass(frozen=True)
class Pictured:
    """A figure file read: the position its claims speak of, and the position its
    drawing shows with the annotations read against it (the same position, or the
    one after ``picture_after:``)."""

    loaded: formats.Loaded
    picture: formats.Loaded
    after: str | None = None


@dataclass(frozen=True)
class Figure:
    """A checked figure: the file read, and how many claims held."""

    pictured: Pictured
    claims: int

    @property
    def loaded(self) -> formats.Loaded:
        return self.pictured.loaded


def read_figure(doc: Doc) -> Pictured:
    """The figure ``doc`` read as ``validate`` reads a position, and its picture: with
    ``picture_after: MOVE`` the move played (it must be legal) and the annotations
    read against the position it leads to.  LoadError lists every problem, each at
    its line."""
    data = doc.data if isinstance(doc.data, dict) else {}
    if "picture_after" not in data:
        loaded = formats.read(doc)
        return Pictured(loaded, loaded)
    form = check_schema(doc, "tunnel_position")
    if form:
        raise LoadError(form)
    plain = replace(doc, data={k: v for k, v in data.items() if k != "annotations"})
    loaded = formats.read_at(plain, ())
    text = str(data["picture_after"])
    try:
        move = parse_move(text)
    except NotationError as exc:
        raise LoadError([doc.diag(("picture_after",), str(exc), CLAIM)]) from None
    reasons = problems(loaded.position, move)
    if reasons:
        raise LoadError([doc.diag(("picture_after",), f"the move pictured, {move}, is illegal: "
                                  f"{'; '.join(map(str, reasons))}", CLAIM)])
    after = play(loaded.position, move).position
    found: list[Diagnostic] = []

    def bad(path: YamlPath, message: str, rule: str, *, key: bool = False) -> None:
        found.append(doc.diag(path, f"{message} (after {move})", rule, key=key))

    marks = read_marks(data.get("annotations"), after, bad)
    if found:
        raise LoadError(found)
    return Pictured(replace(loaded, doc=doc), formats.Loaded(after, loaded.title, doc, marks), str(move))


def figure_problems(path: Path, doc: Doc) -> list[Diagnostic]:
    """Every problem of the figure ``doc`` (read from ``path``), located: the file's,
    as ``sectionx validate`` finds them (a figure must be a position the rules allow
    before its claims mean anything), the move it pictures, then each claim that does
    not hold."""
    return figureclaims.figure_problems(doc, GAME, read_figure, lambda claim, read: _check(claim, read.loaded))


def check_figure(path: str | Path) -> Figure:
    """The figure at ``path``, every claim checked; LoadError lists its problems."""
    doc = read_yaml(path)
    found = figure_problems(Path(path), doc)
    if found:
        raise LoadError(found)
    return Figure(read_figure(doc), claim_count(doc))


def claim_count(doc: Doc) -> int:
    """How many claims the figure makes."""
    return len(figureclaims.claims(doc))


# ---------------------------------------------------------------------- places


def feature_root(pos: Position, text: Any) -> int | str:
    """The board feature ``"x,y FEATURE"`` names (its union-find root), or why not."""
    cell_word, _, name = str(text).partition(" ")
    try:
        cell = parse_cell(cell_word)
    except NotationError:
        cell = None
    if cell is None or not name:
        return f"{text!r} is not a feature 'x,y FEATURE' (road:E, city:N, field:Nw, cloister)"
    placed = pos.board.get(cell)
    if placed is None:
        return f"{cell_text(cell)} holds no tile"
    local = placed.tile.feature_named(name)
    if local is None:
        names = ", ".join(f.name for f in placed.tile.features)
        return f"{placed.tile.tile.name}@{placed.tile.rotation} on {cell_text(cell)} has no {name} (its features: {names})"
    return pos.root_at(cell, local)


def place_root(pos: Position, text: Any) -> int | str:
    """A place of ``joined``/``apart``: a feature ``"x,y FEATURE"`` or an opening
    ``"x,y:EDGE"`` (the road it lies on); its root, or why not."""
    if " " not in str(text):
        try:
            opening = parse_opening(str(text))
        except NotationError:
            return f"{text!r} is neither a feature 'x,y FEATURE' nor an opening x,y:EDGE"
        root = pos.opening_root(opening)
        return root if root is not None else f"{opening_text(opening)} is no tunnel opening on the board"
    return feature_root(pos, text)


def describe(pos: Position, root: int) -> str:
    """A board feature in words: its kind and the tiles it lies on."""
    info = pos.info[root]
    cells = sorted(info.tiles, key=lambda c: (c[1], c[0]))
    return f"the {info.kind} on {' '.join(cell_text(c) for c in cells)}"


def _why_open(pos: Position, root: int) -> str:
    """Why a feature is not complete, in words (CB5, CB7, TU3)."""
    info = pos.info[root]
    if info.kind == "field":
        return "a field is never complete (CB9)"
    if info.kind == "cloister":
        (cell,) = info.tiles
        return f"{pos.around(cell)} of the 8 tiles around it are placed (CB7)"
    parts = []
    if info.open:
        parts.append(f"{info.open} open edge{'s' if info.open != 1 else ''}")
    if info.unpaired:
        parts.append(f"{info.unpaired} opening{'s' if info.unpaired != 1 else ''} not joined (TU3)")
    return " and ".join(parts) or "nothing open"


# ---------------------------------------------------------------------- playing


@dataclass(frozen=True)
class Played:
    """What ``after:`` led to: the position before and after, and every feature the
    moves scored (in order)."""

    start: Position
    position: Position
    scored: tuple[Score, ...]
    moves: tuple[str, ...]


def play_moves(pos: Position, moves: list[str], said: str) -> Played | Problems:
    """``moves`` played in turn through the referee, each legal when played; or the
    problem with the first that is not (a claim's ``after:``)."""
    begin = pos
    scored: list[Score] = []
    for i, text in enumerate(moves):
        where: YamlPath = ("after", i) if len(moves) > 1 else ("after",)
        try:
            move = parse_move(text)
        except NotationError as exc:
            return [(where, f"claim{said}: {exc}")]
        reasons = problems(pos, move)
        if reasons:
            done = f" after {'; '.join(moves[:i])}" if i else ""
            return [(where, f"false claim{said}: {move} is illegal{done}: {'; '.join(map(str, reasons))}")]
        turn = play(pos, move)
        scored += turn.scored
        pos = turn.position
    return Played(begin, pos, tuple(scored), tuple(moves))


def _key(score: Score) -> tuple[str, frozenset[tuple[int, int]]]:
    return score.kind, frozenset(score.cells)


def _feature_key(pos: Position, root: int) -> tuple[str, frozenset[tuple[int, int]]]:
    info = pos.info[root]
    return info.kind, frozenset(info.tiles)


def _score_words(score: Score, pos: Position) -> str:
    cells = " ".join(cell_text(c) for c in score.cells)
    who = " and ".join(pos.players[s] for s in score.seats) or "nobody"
    return f"the {score.kind} on {cells} ({score.points} for {who})"


# ---------------------------------------------------------------------- checking


def _check(claim: dict[str, Any], loaded: formats.Loaded) -> Problems:
    """(where under the claim, message) for each way ``claim`` fails."""
    said = figureclaims.said(claim)
    pos = loaded.position
    played: Played | None = None
    if "after" in claim:
        done = play_moves(pos, figureclaims.as_list(claim["after"]), said)
        if isinstance(done, list):
            return done
        played, pos = done, done.position
        if "then" not in claim:
            said += f", after {'; '.join(done.moves)}"
    if "then" in claim:
        return _check_then(claim, pos, played, said)
    if "legal" in claim or "illegal" in claim:
        return _check_move(claim, pos, said)
    if "complete" in claim or "incomplete" in claim:
        return _check_complete(claim, pos, said)
    return _check_end(claim, pos, said)


def _check_move(claim: dict[str, Any], pos: Position, said: str) -> Problems:
    key = "legal" if "legal" in claim else "illegal"
    try:
        move = parse_move(str(claim[key]))
    except NotationError as exc:
        return [((key,), f"claim{said}: {exc}")]
    reasons = problems(pos, move)
    if key == "legal":
        return [((key,), f"false claim{said}: {move} is illegal: {'; '.join(map(str, reasons))}")] if reasons else []
    if not reasons:
        return [((key,), f"false claim{said}: {move} is legal")]
    ids = [p.rule for p in reasons]
    if claim.get("because") not in ids:
        return [(("because",), (f"false claim{said}: {move} is illegal, but because of {', '.join(dict.fromkeys(ids))} "
                               f"({'; '.join(p.message for p in reasons)}), not {claim.get('because')}"))]
    return []


def _check_complete(claim: dict[str, Any], pos: Position, said: str) -> Problems:
    out: Problems = []
    for key, want in (("complete", True), ("incomplete", False)):
        if key not in claim:
            continue
        for text in figureclaims.as_list(claim[key]):
            root = feature_root(pos, text)
            if isinstance(root, str):
                out.append(((key,), f"claim{said}: {root}"))
            elif pos.complete(root) != want:
                why = f"is not complete ({_why_open(pos, root)})" if want else "is complete"
                out.append(((key,), f"false claim{said}: {describe(pos, root)} {why}"))
    return out


def _check_end(claim: dict[str, Any], pos: Position, said: str) -> Problems:
    """The end's scoring were the game to end now (CB9, TU9)."""
    end = pos.copy()
    sheet = end.final_scoring()
    by_key = {_key(s): s for s in sheet}
    out: Problems = []
    for text, want in (claim.get("scores") or {}).items():
        root = feature_root(pos, text)
        if isinstance(root, str):
            out.append((("scores", text), f"claim{said}: {root}"))
            continue
        got = by_key.get(_feature_key(pos, root))
        points = got.points if got is not None and got.seats else 0
        seats = sorted(pos.players[s] for s in got.seats) if got is not None and points else []
        want_points = int((want or {}).get("points", 0))
        want_for = sorted(str(p) for p in (want or {}).get("for") or [])
        if (points, seats) != (want_points, want_for):
            who = f" for {' and '.join(seats)}" if seats else ""
            wanted = f" for {' and '.join(want_for)}" if want_for else ""
            out.append((("scores", text), (f"false claim{said}: at the end {describe(pos, root)} scores {points}{who}, "
                                          f"not {want_points}{wanted} (CB9)")))
    final = claim.get("final") or {}
    wrong = [f"{p} {end.scores[pos.players.index(p)] if p in pos.players else 'does not play'}, not {n}"
             for p, n in final.items() if p not in pos.players or end.scores[pos.players.index(p)] != n]
    if wrong:
        out.append((("final",), f"false claim{said}: after the end's scoring {'; '.join(wrong)} (CB9)"))
    return out


def _check_then(claim: dict[str, Any], pos: Position, played: Played | None, said: str) -> Problems:
    then = claim["then"] if isinstance(claim["then"], dict) else {}
    wrong: list[str] = []
    for key, want in then.items():
        found = _fact(key, want, pos, played)
        if isinstance(found, tuple):  # a place the board lacks: the claim cannot be read
            return [(("then", key), f"claim{said}: {found[0]}")]
        wrong += found
    if not wrong:
        return []
    done = f"after {'; '.join(played.moves)}, " if played is not None else ""
    return [(("then",), f"false claim{said}: {done}" + "; ".join(wrong))]


def _players(want: Any) -> list[str]:
    return sorted(str(p) for p in (want or []))


def _fact(key: str, want: Any, pos: Position, played: Played | None) -> list[str] | tuple[str]:
    """How ``then``'s ``key`` differs from ``pos`` (empty when it agrees), or a
    one-tuple saying why the claim cannot be read."""
    seat_of = {p: i for i, p in enumerate(pos.players)}
    if key in ("scores", "scored", "supply", "tokens"):
        have = {p: _per_player(key, pos, played, s) for p, s in seat_of.items()}
        return [f"{key}.{p} is {have.get(p, 'nothing: ' + str(p) + ' does not play')}, not {n}"
                for p, n in (want or {}).items() if have.get(p) != n]
    if key == "completed":
        if played is None:
            return ("completed: speaks of the moves of after:, which the claim lacks",)
        named: set[tuple[str, frozenset[tuple[int, int]]]] = set()
        out = []
        for text in want or []:
            root = feature_root(pos, text)
            if isinstance(root, str):
                return (root,)
            named.add(_feature_key(pos, root))
            if _feature_key(pos, root) not in {_key(s) for s in played.scored}:
                out.append(f"{describe(pos, root)} was not completed ({_why_open(pos, root)})"
                           if not pos.complete(root) else f"{describe(pos, root)} was complete before")
        out += [f"{_score_words(s, pos)} was completed too" for s in played.scored if _key(s) not in named]
        return out
    if key == "tiles":
        out = []
        for text, n in (want or {}).items():
            root = feature_root(pos, text)
            if isinstance(root, str):
                return (root,)
            got = len(pos.info[root].tiles)
            if got != n:
                out.append(f"{describe(pos, root)} lies on {got} tile{'s' if got != 1 else ''}, not {n} (TU7)")
        return out
    if key in ("joined", "apart"):
        roots = []
        for text in want or []:
            root = place_root(pos, text)
            if isinstance(root, str):
                return (root,)
            roots.append(root)
        if key == "joined" and len(set(roots)) > 1:
            return [f"{', '.join(map(str, want))} are not one feature: " + "; ".join(
                f"{w} lies on {describe(pos, r)}" for w, r in zip(want, roots, strict=True))]
        if key == "apart" and roots[0] in roots[1:]:
            return [f"{want[0]} and {want[roots[1:].index(roots[0]) + 1]} lie on one feature, {describe(pos, roots[0])}"]
        return []
    if key == "half_claimed":
        have_open = sorted(opening_text(o) for o in _half_claimed(pos))
        if sorted(map(str, want or [])) != have_open:
            return [f"half_claimed is [{', '.join(have_open)}], not [{', '.join(map(str, want or []))}]"]
        return []
    if key == "stealable":
        have_sets = sorted(pos.stealable)
        return [] if sorted(map(str, want or [])) == have_sets else \
            [f"stealable is [{', '.join(have_sets)}], not [{', '.join(map(str, want or []))}]"]
    if key == "sets":
        out = []
        for p, sets in (want or {}).items():
            own = sorted(s for s, o in pos.sets.items() if o is not None and pos.players[o] == p)
            if own != sorted(map(str, sets or [])):
                out.append(f"sets.{p} is [{', '.join(own)}], not [{', '.join(map(str, sets or []))}]")
        return out
    if key == "to_move":
        return [] if pos.player == want else [f"to_move is {pos.player}, not {want}"]
    if key == "over":
        return [] if pos.over == want else [f"over is {'true' if pos.over else 'false'}, not {want}"]
    return [f"{key} is not a fact a claim can state"]  # the schema has refused it already


def _per_player(key: str, pos: Position, played: Played | None, seat: int) -> int:
    if key == "scores":
        return pos.scores[seat]
    if key == "scored":
        return pos.scores[seat] - (played.start.scores[seat] if played is not None else pos.scores[seat])
    if key == "supply":
        return pos.supply[seat]
    return sum(2 - len(pos.placed.get(s, ())) for s, o in pos.sets.items() if o == seat)


def _half_claimed(pos: Position) -> list[Opening]:
    """Openings holding a token whose set's partner is not laid (TU3)."""
    return [laid[0] for laid in pos.placed.values() if len(laid) == 1]


# ---------------------------------------------------------------------- drawing

#: The words a figure draws beside its board, in English, by key; a rulebook's
#: language file gives each in its language with the same ``{fields}``.
WORDS: Mapping[str, str] = {
    **{c: c for c in COLOURS},
    "score": "{player}: {points}",
    "to_move": "{player} to move",
    "common": "Common pairs",
    "drawn": "Tile in hand",
    "over": "No tile is left: the game is over.",
    "variant": "Variant: {names}",
    "TV1": "own follower",
    "TV2": "steal the partner",
    "TV3": "pairs at once",
    "TV4": "no blocking",
}

#: The tile side (mm) of a figure's board, the width of a block of its legend, and the
#: legend's type sizes (pt).
TILE = 22.0
BLOCK = 42.0
NAME_PT, SMALL_PT = 9.5, 8.0
GAP = 5.0
#: The room a rulebook gives a figure (mm; :data:`sectionx.rulebook.pdf.FIGURE_MAX_W`,
#: ``FIGURE_MAX_H``): a drawing larger is printed smaller.  The legend goes beside the
#: board or below it, whichever the book prints less tall (a page holds more text
#: beside its figures), unless that would print the legend's words smaller than
#: :data:`SMALLEST_SCALE` of their size and the other would not.
BOOK_W, BOOK_H = 150.0, 90.0
SMALLEST_SCALE = 0.72
#: No word of a book figure prints under this (pt): the floor of every game's book figures
#: (the tokens' letters printed at 3.4 to 5 pt in a 120 x 78 mm box, issue 30).
BOOK_PT = 6.0
#: :func:`art.token_items` sets a token's letter at this many points per mm of the token.
LETTER_PER_MM = 1.2


def _scale(width: float, height: float) -> float:
    return min(BOOK_W / width, BOOK_H / height, 1.0)


def _printed(width: float, height: float) -> float:
    """How tall a rulebook prints a drawing ``width`` x ``height`` mm."""
    return height * _scale(width, height)


def _words(words: Mapping[str, str]) -> dict[str, str]:
    return {**WORDS, **words}


def _title(text: str) -> str:
    return text[:1].upper() + text[1:]


#: One block of the legend: its items drawn with its top-left corner at 0,0, and its height.
Block = tuple[list[Item], float]


def legend_blocks(theme: Theme, pos: Position, words: Mapping[str, str], *, turn: bool = True,
                  token: float = 4.2) -> list[Block]:
    """The legend, block by block, each :data:`BLOCK` wide: each player (a follower of
    their colour, their name and points, their tokens in hand, ``token`` mm across),
    TV3's common pairs, and the variants played; with ``turn``, the player to move
    marked and the tile in hand."""
    w = _words(words)
    turn = turn and not pos.over
    ink = theme.colours["ink"]
    blocks: list[Block] = []
    for seat, player in enumerate(pos.players):
        items: list[Item] = []
        moving = turn and seat == pos.turn
        if moving:
            items.append(rect(-1.2, -1.2, BLOCK - 1.0, 16.4, Style(fill=theme.colours["highlight"], opacity=0.28)))
        items += art.follower_items(theme, player, 3.0, 3.6, 6.4)
        name = _title(w[player])
        items.append(Text(8.2, 3.4, _title(w["score"].format(player=name, points=pos.scores[seat])), NAME_PT, ink,
                          bold=True))
        if moving:
            items.append(Text(8.2, 7.5, _title(w["to_move"].format(player=name)), SMALL_PT, ink))
        foot = _tokens_rows(theme, pos, seat, 2.4, 11.6, items, token)
        blocks.append((items, max(foot, 14.0)))
    if any(o is None for o in pos.sets.values()):
        items = [Text(0.0, 2.6, w["common"], SMALL_PT, ink, bold=True)]
        blocks.append((items, _tokens_rows(theme, pos, None, 2.4, 6.2 + (token - 4.2) / 2, items, token)))
    lines: list[str] = []
    variants = [w[v] for v in VARIANTS if v in pos.variants]
    if variants:
        lines.append(w["variant"].format(names=", ".join(variants)))
    if pos.over:
        lines.append(w["over"])
    top = pos.next_tile() if turn else None
    if lines or top is not None:
        items = []
        y = 0.0
        for line in lines:
            for part in wrap(line, BLOCK - 2.0, SMALL_PT, False, theme):
                y += 3.3
                items.append(Text(0.0, y, part, SMALL_PT, ink))
            y += 1.2
        if top is not None:
            y += 3.0
            items.append(Text(0.0, y, w["drawn"], SMALL_PT, ink, bold=True))
            y += 1.6
            items += art.tile_items(theme, tile_set().oriented(top, 0), 0.5, y, 14.0)
            y += 14.0
        blocks.append((items, y))
    return blocks


def place_blocks(blocks: list[Block], x0: float, y0: float, width: float) -> tuple[list[Item], float]:
    """``blocks`` laid out from (x0, y0), left to right in rows ``width`` wide (at least
    one a row), top-aligned; the items, moved, and the height they take."""
    items: list[Item] = []
    x, y, row = x0, y0, 0.0
    for block, tall in blocks:
        if x > x0 and x + BLOCK > x0 + width + 0.01:
            x, y, row = x0, y + row + 3.0, 0.0
        items.append(Group(tuple(block), (1.0, 0.0, 0.0, 1.0, x, y)))
        row = max(row, tall)
        x += BLOCK
    return items, y + row - y0


def _tokens_rows(theme: Theme, pos: Position, seat: int | None, x0: float, y: float, items: list[Item],
                 d: float = 4.2) -> float:
    """The tokens of the sets ``seat`` holds (None: TV3's common pairs) added to
    ``items``: each in hand drawn, each laid a dashed ring (it lies on the board); rows
    wrap; the foot of the last row.  ``d``: a token's size (mm)."""
    y += (d - 4.2) / 2
    x = x0
    for name, owner in pos.sets.items():
        if owner != seat:
            continue
        if x + 2 * d > BLOCK - 1.0:
            x, y = x0, y + d + 1.2
        laid = len(pos.placed.get(name, ()))
        for k in range(2):
            if k >= laid:
                items += art.token_items(theme, name, x, y, d)
            else:
                items.append(Circle(x, y, d / 2, Style(stroke=theme.colours["cell_line"], width=0.35,
                                                       dash=(0.6, 0.45))))
            x += d + 0.5
        x += 1.8
    return y + d / 2 + 0.8


def drawing(pictured: Pictured, theme: Theme, *, words: Mapping[str, str] = WORDS, text: bool = False,
            token: float = 4.2) -> Document:
    """The figure's board (after the move it pictures, if any), cropped to its tiles
    and the cells its annotations name, with its annotations and its legend (beside
    the board or below it, :data:`BOOK_W`) in ``words``; with ``text``, its title above and
    its caption below (as ``illustrate -o`` draws it), else neither (a rulebook sets
    them as text).  ``token``: the legend's tokens' size (mm)."""
    loaded = pictured.picture
    pos = loaded.position
    marks = loaded.marks
    cells = board.shown_cells(pos, marks, crop=True)
    frame = board.frame_for(cells, TILE, coords=False)
    items = board.board_items(theme, pos, frame, cells, coords=False, marks=marks)
    blocks = legend_blocks(theme, pos, words, turn=pictured.after is None, token=token)
    right = frame.right + 1.5
    beside = place_blocks(blocks, right + GAP, frame.y0, BLOCK)
    below = place_blocks(blocks, frame.x0, frame.bottom + 1.5 + GAP, right - frame.x0)
    side = (right + GAP + BLOCK + board.MARGIN, max(frame.bottom + 1.5, frame.y0 + beside[1]))
    under = (right + board.MARGIN, frame.bottom + 1.5 + GAP + below[1])
    # Beside where the book prints it no smaller than below, or shorter at the same scale.
    if (_scale(*side), -_printed(*side)) >= (_scale(*under), -_printed(*under)) or \
            _scale(*under) < SMALLEST_SCALE <= _scale(*side):
        more, (width, bottom) = beside[0], side
    else:
        more, (width, bottom) = below[0], under
    items += more
    notes = []
    if text and marks.caption:
        notes = wrap(marks.caption, width - 2 * board.MARGIN, pictures.NOTE_PT, False, theme)
    document = pictures.picture(theme, items, width=width, bottom=bottom, title=loaded.title if text else "",
                                notes=notes, body="board", name="tunnel-figure", untitled="Der Tunnel figure")
    pages = document.pages
    if not notes:  # no gap kept for notes under the drawing: a book prints its caption as text
        pages = tuple(replace(page, height=bottom + (7.0 if text and loaded.title else 0.0) + board.MARGIN)
                      for page in pages)
    return Document(pages, symbols(theme, pos, frame), document.title)


def symbols(theme: Theme, pos: Position, frame: board.Frame) -> tuple[Symbol, ...]:
    """Each tile type on the board drawn once, with the hair of bleed that closes the
    seams between neighbours (as ``render`` places them)."""
    bleed = round(board.SEAM / frame.size * lay.U, 3)
    names = sorted({p.tile.tile.name for p in pos.board.values()}, key=list(tile_set().types).index)
    return tuple(art.tile_symbol(theme, n, bleed) for n in names)


def draw_figure(path: Path, doc: Doc, theme: Theme, words: Mapping[str, str] = WORDS) -> Document:
    """The figure ``doc`` (read from ``path``) drawn for a rulebook: one page, cropped
    to the board and its legend (in ``words``, :data:`WORDS` by default), without the
    title and caption the book sets as text, every word of it (the tokens' letters, the
    legend) set for the scale the book's box (:data:`BOOK_W` x :data:`BOOK_H`) prints it
    at: none under :data:`BOOK_PT` on the page.  The caller checks it first
    (:func:`figure_problems`); LoadError if it cannot be read."""
    from ...render.puzzleprint import floor_text

    token = BOOK_PT / LETTER_PER_MM
    document = drawing(read_figure(doc), theme, words=words, token=token)
    page = document.pages[0]
    k = _scale(page.width, page.height)
    items = _tokens_grown(theme, page.items, token / k)
    return replace(document, pages=(replace(page, items=floor_text(items, BOOK_PT, k)),))


def _tokens_grown(theme: Theme, items: tuple[Item, ...], d: float) -> tuple[Item, ...]:
    """``items`` with every token smaller than ``d`` mm (:func:`art.token_items`, found
    by its four items exactly) drawn ``d`` across about its middle: its letter grows
    with the token, where grown alone it ran over the colour's shape above it."""
    letters = {letter: colour for colour, letter in SET_LETTERS.items()}
    out: list[Item] = []
    i = 0
    while i < len(items):
        it = items[i]
        if isinstance(it, Group):
            out.append(replace(it, items=_tokens_grown(theme, it.items, d)))
        elif isinstance(it, Circle) and i + 3 < len(items) and isinstance(items[i + 3], Text) and 2 * it.r < d:
            colour = letters.get(cast("Text", items[i + 3]).text)
            if colour is not None and list(items[i:i + 4]) == art.token_items(theme, colour, it.cx, it.cy, 2 * it.r):
                out += art.token_items(theme, colour, it.cx, it.cy, d)
                i += 4
                continue
            out.append(it)
        else:
            out.append(it)
        i += 1
    return tuple(out)


def widest_word(theme: Theme, words: Mapping[str, str]) -> float:
    """How wide (mm) the legend's longest fixed line is set, for a test that the
    legend holds every language's words."""
    w = _words(words)
    return max(text_width(_title(w["score"].format(player=_title(w[c]), points=99)), NAME_PT, True, theme) + 8.2
               for c in COLOURS)


__all__ = ["CLAIM", "WORDS", "Figure", "Pictured", "Played", "check_figure", "claim_count", "describe", "draw_figure",
           "drawing", "feature_root", "figure_problems", "legend_blocks", "place_blocks", "place_root", "play_moves", "read_figure",
           "symbols", "widest_word"]
