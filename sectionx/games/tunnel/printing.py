"""Der Tunnel puzzles made ready for the house's printed layouts (``sheet``, ``deck``,
``book``): a :class:`~sectionx.render.puzzleprint.PrintedPuzzle` from a puzzle
(TQ1-TQ3, :mod:`.puzzles`) and a line of turns that answers it.

* The picture is the puzzle as the player meets it: the board in the game's tile art
  (:mod:`.picture`) with every empty cell where a tile may go dashed, the tunnels
  already joined drawn as arrows underground, the columns and rows numbered along its
  edges (the words name cells ``column,row``), and beside or below it (whichever
  prints it larger on a portrait page) each player's colour, points and tokens in
  hand, and the tile in hand (TQ1) or the player's next tiles in order (TQ2).  The
  goal in players' words and the facts the picture does not show (who passes, the
  variants, the token count) are the card's words.
* Each step is one turn of the answer: the board after it, cropped to the part the
  turn changed when that is clearly smaller than the whole (the tile placed and its
  neighbours, what it completed, the tunnel it joined), the tile placed outlined,
  every feature it completed highlighted, the tunnel it joined drawn; its lines say
  the turn in words, what it completed and who scored what (CB6-CB8, TU7), the
  running total (TQ2), and the turn as a file writes it, last.  TQ3's step is the
  end's score sheet (CB9, TU9): the whole board with each feature that scores
  highlighted and numbered as the lines number it.

Pure: positions in, a printed puzzle out; the solving is the caller's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from ...console import plural
from ...render.puzzleprint import PrintedPuzzle, Step
from ...render.scene import Circle, Document, Group, Item, Page, Style, Text, rect
from ...render.theme import Theme
from . import art, figures
from . import picture as board
from .marks import Marks, partner
from .model import SET_LETTERS, Cell, Opening, Position, Score
from .puzzles import Goal, Puzzle, points_for, road_done
from .rules import VARIANTS, Follower, Move, Token, cell_text, play
from .tiles import EDGES, tile_set

#: A tile's side (mm) in the pictures; the layouts scale them.
TILE = 22.0
#: The room (mm) the card's picture is laid out for: a portrait page's, below its words.
CARD_BOX = (180.0, 190.0)
#: A step's picture keeps the whole board unless the part the turn changed is at most
#: this share of its cells.
CROP_SHARE = 0.6
#: Room (mm) for the column and row numbers along the board's edges.
AXES = 5.5
#: The legend (players, tokens in hand, tiles in hand) is drawn this many times the
#: size a rule figure draws it.
LEGEND_SCALE = 1.3
AXIS_PT = 7.0
_EDGE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_CORNERS = {"Nw": "north-west", "Wn": "north-west", "Ne": "north-east", "En": "north-east", "Es": "south-east",
            "Se": "south-east", "Sw": "south-west", "Ws": "south-west"}
#: Short names of the variants, for players (figures.WORDS has the same).
VARIANT_WORDS: Mapping[str, str] = {
    "TV1": "a token only on a road with a follower of yours",
    "TV2": "a half-claimed tunnel may be finished by another player with a follower on its road",
    "TV3": "tokens are common pairs, laid two at once",
    "TV4": "a set's first token never on a road with another player's follower",
}


# ---------------------------------------------------------------------- words


def goal_words(pos: Position, puzzle: Puzzle) -> str:
    """The question in one sentence, for players (TQ1-TQ3)."""
    who = pos.player.capitalize()
    goal = puzzle.goal
    if goal.kind == "best":
        return f"{who} has drawn the tile shown. Where does it score the most this turn, with a follower and a token?"
    if goal.kind == "end":
        after = " after the turn shown" if puzzle.after is not None else ""
        return f"The game ends now{after}: who scores what at the end's scoring, and who wins?"
    turns = plural(goal.within, "turn")
    if goal.kind == "road":
        return (f"{who}: complete a road of at least {goal.target} tiles with a follower of yours on it, within "
                f"{turns}, laying the tiles shown in order.")
    return f"{who}: score at least {goal.target} points within {turns}, laying the tiles shown in order."


def fact_lines(pos: Position, puzzle: Puzzle) -> tuple[str, ...]:
    """What else a solver must know beyond the picture (which shows the board, every
    player's points and tokens in hand, and the tiles in hand)."""
    n = len(pos.players)
    others = [p for p in pos.players if p != pos.player]
    out = []
    if puzzle.goal.others_pass:
        out.append(f"{n} players; {' and '.join(others)} {'passes' if len(others) == 1 else 'pass'} every turn.")
    elif puzzle.goal.kind == "best":
        out.append(f"{n} players; {pos.player} to move, with {plural(pos.supply[pos.turn], 'follower')} in supply.")
    else:
        out.append(f"{n} players. Roads, cities and cloisters not complete score now; fields score for their "
                   "completed cities (CB9).")
    if puzzle.after is not None:
        out.append(f"First {pos.player} plays: {move_words(pos, puzzle.after)}.")
    variants = [v for v in VARIANTS if v in pos.variants]
    for v in variants:
        out.append(f"Variant {v}: {VARIANT_WORDS[v]}.")
    if pos.token_count != "3/2":
        out.append(f"Tokens as the magazine printed them ({pos.token_count}, TU8).")
    return tuple(out)


def _direction(name: str) -> str:
    """Where a feature of a tile lies, in words (``road:E`` -> east)."""
    _, _, place = name.partition(":")
    return _CORNERS.get(place) or _EDGE_WORDS.get(place, "")


def feature_words(tile_name: str, rotation: int, feature: str) -> str:
    """A feature of a placed tile in words: "its road", or "its road to the east" when
    the tile has more than one of that kind."""
    tile = tile_set().oriented(tile_name, rotation)
    local = tile.feature_named(feature)
    if local is None:
        return feature
    kind = tile.features[local].kind
    if sum(1 for f in tile.features if f.kind == kind) == 1 or kind == "cloister":
        return f"its {kind}"
    direction = _direction(tile.features[local].name)
    return f"its {kind} ({direction})" if direction else f"its {kind}"


def opening_words(opening: Opening) -> str:
    cell, edge = opening
    return f"the {_EDGE_WORDS[EDGES[edge]]} mouth of {cell_text(cell)}"


def token_words(pos: Position, token: Token) -> str:
    """A token action in words: which set, where, and what it joins (TU4)."""
    letter = SET_LETTERS[token.set]
    if len(token.openings) == 2:
        a, b = token.openings
        return f"lays the pair {letter} ({token.set}) on {opening_words(a)} and {opening_words(b)}, joining them"
    (opening,) = token.openings
    laid = pos.placed.get(token.set, ())
    if laid:
        return (f"lays the second {token.set} token ({letter}) on {opening_words(opening)}, joining it to "
                f"{opening_words(laid[0])} underground")
    return f"lays a {token.set} token ({letter}) on {opening_words(opening)}, its partner still in hand"


def move_words(pos: Position, move: Move) -> str:
    """One turn in words, for players: the tile and its cell, the follower and the
    token in the order played (TU5)."""
    who = pos.player.capitalize()
    if move.cell is None:
        return f"{who} draws {move.tile}, which fits nowhere: it is put out and {pos.player} draws again (CB3)"
    parts = [f"{who} places {move.tile} on {cell_text(move.cell)} as shown"]
    now = pos.copy()
    now.put_tile(move.cell, tile_set().oriented(move.tile, move.rotation))
    for step in move.steps:
        if isinstance(step, Follower):
            parts.append(f"puts a follower on {feature_words(move.tile, move.rotation, step.feature)}")
        else:
            parts.append(token_words(now, step))
            for opening in step.openings:
                now.put_token(step.set, opening)
    if len(parts) == 1:
        return parts[0]
    return ", ".join(parts[:-1]) + " and " + parts[-1]


def _players(pos: Position, seats: Sequence[int]) -> str:
    return " and ".join(pos.players[s] for s in seats)


def score_words(pos: Position, s: Score, *, end: bool = False) -> str:
    """A line of a score sheet in words (CB6-CB9, TU7)."""
    size = plural(len(s.cells), "tile")
    what = {"road": f"The road of {size}", "city": f"The city of {size}", "cloister": "The cloister",
            "field": f"The field of {size}"}[s.kind]
    if s.kind == "field":
        state = ""
    elif end:
        state = " (not complete)" if s.rule == "CB9" else ""
    else:
        state = " is complete"
    who = f"{plural(s.points, 'point')} for {_players(pos, s.seats)}" if s.seats else "nobody scores it"
    # The model's detail ends with the turn it scored on, which the heading says already;
    # a road's tiles are in its name.
    detail = s.detail.split(", turn ")[0]
    why = []
    if s.kind == "city":  # "3 tiles, 1 pennant": the tiles are in its name
        why += [part for part in detail.split(", ")[1:] if not part.startswith("0 ")]
    elif s.kind != "road" and detail:
        why.append(detail)
    if s.rule == "TU7":
        why.append("through a tunnel, each tile it is seen on counts once, TU7")
    if len(s.seats) > 1:
        why.append("tied for the most followers, each scores in full, CB8")
    return f"{what}{state}: {who}" + (f" ({'; '.join(why)})" if why else "") + "."


# ---------------------------------------------------------------------- pictures


def _axes(theme: Theme, frame: board.Frame) -> list[Item]:
    """The column numbers above the board and the row numbers at its left."""
    ink = theme.colours["ink"]
    items: list[Item] = []
    for i in range(frame.cols):
        x = frame.x0 + (i + 0.5) * frame.size
        items.append(Text(x, frame.y0 - 2.6, str(frame.left + i), AXIS_PT, ink, "middle", bold=True))
    for j in range(frame.rows):
        y = frame.y0 + (j + 0.5) * frame.size + 0.9
        items.append(Text(frame.x0 - 2.6, y, str(frame.top + j), AXIS_PT, ink, "end", bold=True))
    return items


def _frame(cells: set[Cell]) -> board.Frame:
    f = board.frame_for(cells, TILE, coords=False)
    return replace(f, x0=f.x0 + AXES, y0=f.y0 + AXES)


def _hand_block(theme: Theme, tiles: Sequence[str], words: str) -> figures.Block:
    """The tile(s) in hand, in order (numbered when more than one), two to a row, each
    as large as the block allows up to the board's tile size."""
    ink = theme.colours["ink"]
    n = len(tiles)
    per_row = min(n, 2)
    size = min(TILE, (figures.BLOCK - 2.0 - 3.0 * (per_row - 1)) / per_row)
    items: list[Item] = [Text(0.0, 3.0, words, figures.SMALL_PT, ink, bold=True)]
    y = 4.6
    for i, name in enumerate(tiles):
        row, col = divmod(i, per_row)
        x = col * (size + 3.0) + 0.5
        top = y + row * (size + 6.0)
        items += art.tile_items(theme, tile_set().oriented(name, 0), x, top, size)
        items.append(rect(x, top, size, size, Style(stroke=ink, width=0.25)))
        label = f"{i + 1}. {name}" if n > 1 else name
        items.append(Text(x + size / 2, top + size + 3.6, label, figures.SMALL_PT, ink, "middle", bold=n > 1))
    rows = -(-n // per_row)
    return items, y + rows * (size + 6.0) - 1.0


def _page(theme: Theme, pos: Position, items: list[Item], frame: board.Frame, width: float, height: float,
          name: str) -> Document:
    page = Page(width, height, (Group(tuple(items), label="board"),), name, name)
    return Document((page,), figures.symbols(theme, pos, frame), name)


def card_picture(pos: Position, puzzle: Puzzle, theme: Theme) -> Document:
    """The puzzle as the player meets it (module docstring): one page.  The legend is
    drawn :data:`LEGEND_SCALE` times its figure size, beside the board or below it,
    whichever a portrait page (:data:`CARD_BOX`) prints larger: a card prints the
    whole picture about a third of its size."""
    marks = Marks(tunnels=_joined(pos))
    cells = board.shown_cells(pos, marks, crop=True)
    frame = _frame(cells)
    items = board.board_items(theme, pos, frame, cells, coords=False, marks=marks) + _axes(theme, frame)
    legend_pos = pos.copy()
    legend_pos.stack = None  # the tiles in hand are drawn below, by the puzzle's words
    blocks = figures.legend_blocks(theme, legend_pos, figures.WORDS, turn=puzzle.goal.kind != "end")
    hand = puzzle.drawn or pos.next_tile() if puzzle.goal.kind == "best" else None
    if hand is not None:
        blocks.append(_hand_block(theme, (hand,), "Tile in hand"))
    elif puzzle.goal.others_pass and pos.stack:
        blocks.append(_hand_block(theme, pos.stack[:puzzle.goal.within], "Your tiles, in order"))
    k = LEGEND_SCALE
    right = frame.right + 1.5
    wide = max(right - frame.x0, 2 * figures.BLOCK * k)
    beside_items, beside_h = figures.place_blocks(blocks, 0.0, 0.0, figures.BLOCK)
    below_items, below_h = figures.place_blocks(blocks, 0.0, 0.0, wide / k)
    side = (right + figures.GAP + figures.BLOCK * k + board.MARGIN,
            max(frame.bottom + 1.5, frame.y0 + beside_h * k) + board.MARGIN)
    under = (frame.x0 + wide + board.MARGIN, frame.bottom + 1.5 + figures.GAP + below_h * k + board.MARGIN)
    w, h = CARD_BOX

    def fits(size: tuple[float, float]) -> float:
        return min(w / size[0], h / size[1])

    if fits(side) > fits(under):
        legend = Group(tuple(beside_items), (k, 0.0, 0.0, k, right + figures.GAP, frame.y0), label="legend")
        width, height = side
    else:
        legend = Group(tuple(below_items), (k, 0.0, 0.0, k, frame.x0, frame.bottom + 1.5 + figures.GAP), label="legend")
        width, height = under
    return _page(theme, pos, [*items, legend], frame, width, height, "puzzle")


def wordless(picture: Document) -> Document:
    """``picture`` without its words (the axes' numbers, the legend's names, points and
    labels): a deck's card prints the picture at about a quarter of its size, where
    they would print at 1 to 2.5 pt and, grown to the card's 6 pt, run over each other
    and off the card.  The followers, the tokens in hand, the player to move's band
    and the tiles in hand stay; the card says the rest in words (:func:`card_facts`)."""

    def keep(items: Sequence[Item]) -> tuple[Item, ...]:
        return tuple(replace(it, items=keep(it.items)) if isinstance(it, Group) else it
                     for it in items if not isinstance(it, Text))

    page = picture.pages[0]
    return replace(picture, pages=(replace(page, items=keep(page.items)),))


def card_facts(pos: Position, puzzle: Puzzle) -> tuple[str, ...]:
    """The facts a deck's card prints: the points, which its wordless picture
    (:func:`wordless`) does not say, then :func:`fact_lines` (the player to move is
    banded in the picture and named by the goal)."""
    points = ", ".join(f"{p} {s}" for p, s in zip(pos.players, pos.scores, strict=True))
    return (f"Points: {points}.", *fact_lines(pos, puzzle))


def _joined(pos: Position) -> tuple[tuple[Opening, Opening], ...]:
    """Every tunnel joined on the board (TU4), each once."""
    from .marks import joined

    return joined(pos)


def _feature_marks(pos: Position, scored: Sequence[Score]) -> list[tuple[Cell, int]]:
    """A (cell, feature) on each scored feature of ``pos`` (the position after the
    turn or at the end), to highlight it."""
    out = []
    for s in scored:
        want = frozenset(s.cells)
        for root, info in sorted(pos.info.items()):
            if info.kind == s.kind and info.tiles == want:
                out.append(pos.where[root])
                break
    return out


def _window(pos: Position, cells: set[Cell], keep: set[Cell]) -> set[Cell]:
    """The cells a step's picture shows: the box round ``keep`` (and their
    neighbours) when it is at most :data:`CROP_SHARE` of the whole, else ``cells``."""
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    near = {(x + dx, y + dy) for x, y in keep for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    kx = [c[0] for c in near]
    ky = [c[1] for c in near]
    left, right = max(min(kx), min(xs)), min(max(kx), max(xs))
    top, bottom = max(min(ky), min(ys)), min(max(ky), max(ys))
    box = {c for c in cells if left <= c[0] <= right and top <= c[1] <= bottom}
    whole = (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1)
    if (right - left + 1) * (bottom - top + 1) > CROP_SHARE * whole:
        return cells
    return box | {(x, y) for x in range(left, right + 1) for y in range(top, bottom + 1) if (x, y) in pos.board}


def step_picture(after: Position, move: Move, scored: Sequence[Score], theme: Theme, name: str) -> Document:
    """The board after ``move``: the tile outlined, what it completed highlighted, the
    tunnel it joined drawn; cropped to what changed when that reads better."""
    assert move.cell is not None
    tunnels: list[tuple[Opening, Opening]] = []
    token = move.token
    if token is not None:
        for opening in token.openings:
            other = partner(after, opening)
            if other is not None and (other, opening) not in tunnels:
                tunnels.append((opening, other))
    features = _feature_marks(after, scored)
    marks = Marks(features=tuple(features), tiles=(move.cell,), tunnels=tuple(tunnels))
    everything = board.shown_cells(after, marks, crop=True)
    keep = {move.cell} | {c for s in scored for c in s.cells} | {o[0] for pair in tunnels for o in pair}
    keep |= {o[0] for o in (token.openings if token is not None else ())}
    shown = _window(after, everything, keep)
    frame = _frame(shown)
    items = board.board_items(theme, after, frame, shown, coords=False, marks=marks)
    drawn: list[Item] = [Group(tuple(items), clip=_clip(frame, 1.5 if shown == everything else 0.0)),
                         *_axes(theme, frame)]
    if shown != everything:  # the board goes on past the window: its edge drawn as a cut
        drawn.append(rect(frame.x0, frame.y0, frame.right - frame.x0, frame.bottom - frame.y0,
                          Style(stroke=theme.colours["cell_line"], width=0.4, dash=(2.0, 1.2))))
    return _page(theme, after, drawn, frame, frame.right + 1.5 + board.MARGIN, frame.bottom + 1.5 + board.MARGIN, name)


def _clip(frame: board.Frame, pad: float) -> tuple[tuple[float, float], ...]:
    """The rectangle of the frame's cells, ``pad`` mm larger each way."""
    left, top, right, bottom = frame.x0 - pad, frame.y0 - pad, frame.right + pad, frame.bottom + pad
    return ((left, top), (right, top), (right, bottom), (left, bottom))


def end_picture(pos: Position, sheet: Sequence[Score], theme: Theme) -> Document:
    """The board at the end's scoring: each feature that scores highlighted and
    numbered as the lines number them (the number beside its follower's place on one
    of its tiles)."""
    places = _feature_marks(pos, sheet)
    marks = Marks(features=tuple(places))
    cells = board.shown_cells(pos, marks, crop=True)
    frame = _frame(cells)
    items = board.board_items(theme, pos, frame, cells, coords=False, marks=marks) + _axes(theme, frame)
    for i, (cell, local) in enumerate(places, 1):
        x, y = frame.box(cell)
        cx, cy = art.anchor(pos.board[cell].tile, local, x, y, frame.size)
        items += _number(theme, str(i), cx + frame.size * 0.17, cy - frame.size * 0.17)
    return _page(theme, pos, items, frame, frame.right + 1.5 + board.MARGIN, frame.bottom + 1.5 + board.MARGIN, "end")


def _number(theme: Theme, word: str, cx: float, cy: float) -> list[Item]:
    """A number in a white disc with an ink rim, centred on (cx, cy)."""
    ink = theme.colours["ink"]
    size = 8.0
    r = 2.6
    return [Circle(cx, cy, r, Style(fill=theme.colours["paper"], stroke=ink, width=0.35)),
            Text(cx, cy + size * 0.3528 * 0.36, word, size, ink, "middle", bold=True)]


# ---------------------------------------------------------------------- the solution


@dataclass(frozen=True)
class Turn:
    """One of the answer's turns worked out: the move, the position before and after
    (the others' passes played), what it scored, the tiles put out before it."""

    move: Move
    before: Position
    after: Position
    scored: tuple[Score, ...]
    outs: tuple[Move, ...] = ()


def worked(pos: Position, line: Sequence[Move], goal: Goal) -> list[Turn]:
    """The line played from ``pos`` (each move legal), the others passing between the
    player's turns for a TQ2 goal; a tile put out folded into the next turn (CB3)."""
    out: list[Turn] = []
    outs: list[Move] = []
    now = pos
    me = pos.turn
    for move in line:
        turn = play(now, move)
        after = turn.position
        if move.cell is None:
            outs.append(move)
            now = after
            continue
        if goal.others_pass:
            after = after.copy()
            after.turn = me
        out.append(Turn(move, now, after, turn.scored, tuple(outs)))
        outs = []
        now = after
    return out


def turn_heading(number: int, t: Turn) -> str:
    """"Turn 1: red places V on 2,1", for players."""
    assert t.move.cell is not None
    return f"Turn {number}: {t.before.player} places {t.move.tile} on {cell_text(t.move.cell)}"


def turn_lines(t: Turn, total: int | None, goal: Goal) -> tuple[str, ...]:
    """What happened in a turn, a line each, for players; the turn as a file writes
    it last (``Written:``, for replay)."""
    me = t.before.turn
    lines = [move_words(t.before, o) + "." for o in t.outs]
    lines.append(move_words(t.before, t.move) + ".")
    for s in t.scored:
        lines.append(score_words(t.after, s))
    if not t.scored:
        lines.append("Nothing is completed this turn.")
    got = points_for(me, t.scored)
    if total is not None and goal.kind == "points":
        lines.append(f"{t.before.player.capitalize()}: +{got} this turn, {total} of {goal.target} so far.")
    elif goal.kind == "road" and road_done(goal, me, t.scored):
        lines.append(f"The goal is met: a road of at least {goal.target} tiles holding a {t.before.player} "
                     "follower is complete.")
    lines.append("Written: " + "; ".join(str(m) for m in (*t.outs, t.move)))
    return tuple(lines)


def brief(t: Turn) -> str:
    """The turn in one short sentence, for a card's back."""
    move = t.move
    assert move.cell is not None
    parts = [f"{move.tile} on {cell_text(move.cell)}"]
    for step in move.steps:
        if isinstance(step, Follower):
            parts.append("a follower on " + feature_words(move.tile, move.rotation, step.feature).removeprefix("its "))
        else:
            where = " and ".join(f"{cell_text(cell)}:{EDGES[edge]}" for cell, edge in step.openings)
            parts.append(f"{'pair' if len(step.openings) > 1 else 'token'} {SET_LETTERS[step.set]} on {where}")
    got = points_for(t.before.turn, t.scored)
    return ", ".join(parts) + f": +{got}."


def end_lines(pos: Position, sheet: Sequence[Score], scores: Sequence[int]) -> tuple[str, ...]:
    """The end's score sheet in words, the features that score numbered as the picture
    numbers them, those that score nothing in one line, and the totals with the
    winners (CB9, CB10)."""
    lines = [f"{i}. {score_words(pos, s, end=True)}" for i, s in enumerate(sheet, 1)]
    if not sheet:
        lines.append("Nothing scores: no follower on a feature that would.")
    top = max(scores)
    best = [p for p, s in zip(pos.players, scores, strict=True) if s == top]
    lines.append("Totals: " + ", ".join(f"{p} {s}" for p, s in zip(pos.players, scores, strict=True)) + "; "
                 + " and ".join(best) + (" win" if len(best) > 1 else " wins") + ".")
    return tuple(lines)


def nothing_line(pos: Position, idle: Sequence[Score]) -> tuple[str, ...]:
    """The end's score lines that give nothing (a field with no completed city), in one
    line."""
    if not idle:
        return ()
    parts = [f"the {s.kind} of {plural(len(s.cells), 'tile')} ({_players(pos, s.seats) or 'nobody'}"
             + (f", {s.detail.split(', turn ')[0]}" if s.detail else "") + ")" for s in idle]
    return ("Nothing for " + "; ".join(parts) + ".",)


def printed(pos: Position, puzzle: Puzzle, line: Sequence[Move], theme: Theme, *, title: str, summary: str,
            number: int = 0, tier: str | None = None, grade_id: str = "", source: str = "") -> PrintedPuzzle:
    """A puzzle and a line of turns that answers it (each legal; for TQ2 the others
    pass between them; for TQ3 the move asked about, if any) as the house's layouts
    print it."""
    goal = puzzle.goal
    steps: list[Step] = []
    total = 0
    turns = worked(pos, line, goal)
    for i, t in enumerate(turns, 1):
        total += points_for(t.before.turn, t.scored)
        picture = step_picture(t.after, t.move, t.scored, theme, f"turn-{i}")
        steps.append(Step(turn_heading(i, t), picture, turn_lines(t, total if goal.others_pass else None, goal),
                          brief(t)))
    if goal.kind == "end":
        end = turns[-1].after if turns else pos
        final = end.copy()
        sheet = sorted(final.final_scoring(), key=lambda s: (s.cells[0][1], s.cells[0][0], s.kind, s.cells))
        scoring = [s for s in sheet if s.points > 0]
        lines = end_lines(end, scoring, final.scores)
        lines = lines[:-1] + nothing_line(end, [s for s in sheet if s.points == 0]) + lines[-1:]
        sheet = scoring
        short = "; ".join(f"{p} {s}" for p, s in zip(end.players, final.scores, strict=True))
        steps.append(Step("The end's scoring", end_picture(end, sheet, theme), lines, f"Totals: {short}."))
    shown = tuple(line) if goal.kind != "end" else ()
    picture = card_picture(pos, puzzle, theme)
    return PrintedPuzzle(number, title or "Der Tunnel puzzle", goal_words(pos, puzzle), picture,
                         tuple(steps), summary, max(1, len([m for m in shown if m.cell is not None])),
                         fact_lines(pos, puzzle), tier, grade_id, source, card_picture=wordless(picture),
                         card_facts=card_facts(pos, puzzle))


__all__ = ["Turn", "brief", "card_facts", "card_picture", "end_lines", "fact_lines", "feature_words", "goal_words", "move_words",
           "nothing_line", "printed", "score_words", "step_picture", "turn_heading", "turn_lines", "wordless", "worked"]
