"""The challenge deck (``sectionx deck``): a puzzle on the front of each card, its
solution on the back, imposed for long-edge duplex like the kit's cards.

Contract:

* Cards are ``theme.card`` (poker size, 63 x 88 mm, by default), laid out by
  :func:`~sectionx.render.printing.card_sheet` (9 to an A4 or letter sheet,
  butted on shared cut lines, crop marks outside the block, each card clipped to
  its trim and its outer bleed).  Each sheet of fronts is followed by its
  sheet of backs, every back at the mirrored place
  (:func:`~sectionx.render.printing.back_position`) shifted by ``offset``, so a
  sheet printed long-edge duplex puts each solution behind its puzzle.  The first
  sheet of fronts is page 1, so every front falls on an odd page.
* A front is a group labelled ``piece-card-N`` at the card's trim (its last item
  the cut line, as :mod:`sectionx.render.pieces` expects); a back is a group
  labelled ``back-card-N``.  Card ``N`` is puzzle ``N`` of the set, in the order
  given (the order of difficulty: :mod:`sectionx.games.sectionx.puzzleset`).
* Front, top to bottom: a band in the tier's colour with the tier's symbols and
  name (``theme.tiers``: the symbols carry the tier where colour is lost) and the
  card's number; the title; the position as the player meets it (the card diagram
  of ``sheet``, cropped, without its words); the goal player's hand (tiles and
  doors) and any open stacks; the goal in words; "solution on the back".
* Back: the same band with "Solution"; the summary; one picture per turn (the
  solution diagrams of ``sheet``: the position after the turn, the tile action
  highlighted, each prisoner's path an arrow), each numbered; under them each turn
  in one short sentence (:func:`sectionx.games.sectionx.solution.brief`); the grade's id at
  the foot.  No word on a card is under :data:`MIN_TEXT_PT` (6 pt), the pictures'
  included (their tile ids and the board's names left out).  However many turns a
  solution has, all are drawn: pictures and text shrink to fit, down to
  :data:`MIN_TEXT_PT`; a solution that does not fit even then is refused
  (:class:`~sectionx.render.textfit.DoesNotFit`), never cut short.

Pure: solved puzzles, a theme and a paper in, a :class:`~sectionx.render.scene.Document` out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

from ....console import plural
from ....errors import SectionXError
from ....render.pieces import SAFE
from ....render.puzzledeck import card_picture, duplex_deck
from ....render.puzzleprint import (
    best_grid,
    card_band,
    lines_height,
    tier_colour,
    tier_label,
)
from ....render.scene import (
    Circle,
    Document,
    Group,
    Item,
    Style,
    Symbol,
    Text,
    Use,
    compose,
    polygon,
    pt_mm,
    rect,
    scale,
    translate,
)
from ....render.shapes import ink_on
from ....render.textfit import ASCENT, DESCENT, DoesNotFit, Para, fit_text, para, placed
from ....render.theme import Theme
from ..model import PlaceKind, Scenario, State
from .art import TileArt, door_symbol, hex_corners
from .diagram import check_glyphs, diagram, plan
from .sheet import SolvedPuzzle, TurnPicture
from .text import goal_sentence

#: Type sizes on a card, points.  Nothing on a card is set smaller than MIN_TEXT_PT, the
#: usual least type of a poker-size card game (issue 30), the words inside its pictures
#: included: those that cannot take it (the tile ids, at 0.4 to 1.2 pt) are left out.
#: The band's, with its height, are the shared card band's: sectionx.render.puzzleprint.
TITLE_PT, TITLE_MIN_PT = 9.0, 6.0
GOAL_PT, GOAL_MIN_PT = 7.5, 6.0
SMALL_PT = 6.0
TEXT_PT, MIN_TEXT_PT = 6.5, 6.0
#: Tiles in hand on the front, mm across the flats (smaller only when many do not fit).
HAND_TILE = 8.0
#: Room between the parts of a card, mm.
GAP = 1.5
#: The small print at a card's foot.
GREY = "#6b6b6b"


# ====================================================================== one card


def _band(theme: Theme, p: SolvedPuzzle, label: str, bleed: float) -> tuple[list[Item], float]:
    """The coloured band (:func:`~sectionx.render.puzzleprint.card_band`) of card ``p``."""
    return card_band(theme, p.tier, p.number, label, bleed, min_pt=MIN_TEXT_PT)


def _fitted(picture: Document, frame: tuple[float, float, float, float], box: tuple[float, float, float, float],
            symbols: dict[str, Symbol]) -> tuple[Group, tuple[float, float, float, float]]:
    """The diagram ``picture`` with its part ``frame`` (the board as
    :func:`~sectionx.games.sectionx.render.diagram.plan` puts it, without the page's
    margin) scaled to fit ``box`` and centred in it; and where it landed.  Its words print
    at :data:`MIN_TEXT_PT` or more (a zone's letters, a cell block's count of prisoners,
    grown about their middles), but a word that would have to grow more than
    :data:`~sectionx.render.puzzleprint.MAX_GROWTH` times is left out: it would overrun
    what it names (a small picture's zone letters ran over the prison), and as drawn it
    printed under 2.4 pt.  The shared card's picture
    (:func:`~sectionx.render.puzzledeck.card_picture`), with no limit to its growth:
    the crop is already the part that matters."""
    return card_picture(picture, box, symbols, frame=frame, max_scale=math.inf)


def _bare(picture: Document, state: State) -> Document:
    """``picture`` without the board's names and the tile ids: on a card they would print
    at 0.4 to 2 pt, and at 6 pt a tile id would cover its tile's tunnels (a move's arrow
    and the back's sentences say which tile went where)."""
    from .printed import NAMES, _without  # printed draws the hand with this module's strip

    page = picture.pages[0]
    words = NAMES | {t.id for t in state.catalogue.tiles}
    return replace(picture, pages=(replace(page, items=_without(page.items, words)),))


def _board_picture(scenario: Scenario, theme: Theme, box: tuple[float, float, float, float],
                   symbols: dict[str, Symbol]) -> tuple[Group, tuple[float, float, float, float]]:
    """The cropped position of ``scenario`` (its goal keeps the zones it needs in the
    crop), without words, fitted into ``box``."""
    bare = Scenario(scenario.state, scenario.goal, "", "", scenario.annotations)
    picture = _bare(diagram(bare, theme, crop=True, goal_text=False), scenario.state)
    frame = plan(scenario.state, theme, crop=True, puzzle=scenario.goal, annotations=scenario.annotations).board
    return _fitted(picture, frame, box, symbols)


def hand_strip(theme: Theme, scenario: Scenario, box: tuple[float, float, float], symbols: dict[str, Symbol], *,
               tile: float = HAND_TILE, line_pt: float = SMALL_PT, id_pt: float = MIN_TEXT_PT) -> tuple[list[Item], float]:
    """The goal player's hand in ``box`` (left, top, width): a line (``line_pt``) saying
    what it holds and how many of the player's prisoners wait on the island, the
    tiles (``tile`` mm across the flats, smaller only if they do not fit; ids under
    them at ``id_pt``) and the doors; the open stacks (Q3) in words.  Returns the
    items and the bottom.  The card's diagram leaves its side panel out, which at a
    card's scale cannot be read; the book's pages use this strip too, for the same reason."""
    left, top, width = box
    ink = theme.colours["ink"]
    state = scenario.state
    assert scenario.goal is not None and scenario.goal.player is not None, "a hand is drawn for a puzzle"
    me = state.player_by_colour[scenario.goal.player]
    doors = me.doors_in_hand
    tiles = list(me.hand)
    name = str(me.colour).capitalize()
    held = " and ".join([f"{len(tiles)} tile{'s' if len(tiles) != 1 else ''}" if tiles else "no tiles",
                         f"{doors} door{'s' if doors != 1 else ''}" if doors else "no doors"])
    # The diagram's "×N" beside the island token is too small to read when scaled down: say it.
    island = me.count(PlaceKind.ISLAND)
    where = f"; {island} prisoner{'s' if island != 1 else ''} on the island" if island else ""
    items: list[Item] = []
    _, texts = fit_text([para((f"{name}'s hand: {held}{where}", True))], width, pt_mm(line_pt) * 4, theme,
                        max_pt=line_pt, min_pt=min(line_pt, MIN_TEXT_PT))
    items += placed(texts, left, top)
    y = top + lines_height(texts, theme)
    gap = pt_mm(line_pt) * 0.5
    if tiles or doors:
        art = TileArt(theme)
        # Tiles, then doors, in one row; smaller only if they do not fit.
        want = len(tiles) * 1.2 + doors * 0.9
        size = min(tile, width / max(want, 1.0))
        k = size / theme.tile
        half = size / math.sqrt(3) if tiles else size * 0.2  # a tile's centre to corner, or half a door
        cy = y + gap + half
        x = left + size / 2
        for tid in tiles:
            kind = state.catalogue[tid]
            symbols.setdefault(art.tile_name(kind), art.tile_symbol(kind))
            body = art.tile_items(kind, (0.0, 0.0), 0, show_id=False)
            items.append(Group(tuple(body), compose(translate(x, cy), scale(k)), clip=tuple(hex_corners(theme.tile))))
            items.append(polygon(hex_corners(size, (x, cy)), Style(stroke=theme.colours["tunnel_edge"], width=0.15)))
            items.append(Text(x, cy + half + pt_mm(id_pt) * (ASCENT + 0.15), tid, id_pt, ink, "middle", True))
            x += size * 1.2
        # Doors as the diagrams draw them, large enough to show their colour's symbol.
        door = door_symbol(theme, me.colour, round(size * 0.8, 3), round(size * 0.4, 3))
        symbols.setdefault(door.name, door)
        x += -size / 2 + size * 0.4
        for _ in range(doors):
            items.append(Use(door.name, translate(x, cy)))
            x += size * 0.9
        y = cy + half + (pt_mm(id_pt) * (ASCENT + DESCENT + 0.15) if tiles else 0.0)
    stacks = [(i + 1, s) for i, s in enumerate(state.stacks) if s]
    if stacks:
        words = "; ".join(f"{i}: {', '.join(s)}" for i, s in stacks)
        _, texts = fit_text([para(("Open stacks, top first: ", True), words)], width, pt_mm(line_pt) * 8, theme,
                            max_pt=line_pt, min_pt=min(line_pt, MIN_TEXT_PT))
        items += placed(texts, left, y + gap)
        y += gap + lines_height(texts, theme)
    return items, y


def _goal_paras(scenario: Scenario) -> list[Para]:
    assert scenario.goal is not None, "a card is drawn for a puzzle"
    words = goal_sentence(scenario.goal)
    paras = [para((words[0].upper() + words[1:] + ".", True))]
    if scenario.state.advanced:
        # V2 changes what a turn may do; a solver of the card must know it (as the diagrams say).
        paras.append(para("Advanced game: steps, the tile action and a door may come in any order (V2).", before=0.2))
    return paras


def card_front(p: SolvedPuzzle, theme: Theme, symbols: dict[str, Symbol]) -> list[Item]:
    """The front of card ``p.number`` in card mm (trim from (0, 0) to ``theme.card``,
    art bleeding ``theme.bleed`` past it; no cut line): see the module docstring.
    Symbols it places are added to ``symbols``."""
    w, h = theme.card
    b = theme.bleed
    scenario = p.scenario
    check_glyphs(scenario.title, scenario.annotations, theme)
    iw = w - 2 * SAFE
    items: list[Item] = [rect(-b, -b, w + 2 * b, h + 2 * b, Style(fill=theme.colours["paper"]))]
    band, top = _band(theme, p, tier_label(p.tier).upper(), b)
    items += band
    title = scenario.title or f"Puzzle {p.number}"
    _, texts = fit_text([para((title, True))], iw, pt_mm(TITLE_PT) * 2.5, theme, max_pt=TITLE_PT, min_pt=TITLE_MIN_PT)
    y = top + GAP
    items += placed(texts, SAFE, y)
    y += lines_height(texts, theme) + GAP
    # From the bottom up: the id line, the goal, the hand; the picture takes what is left.
    # The grade's id is on the back's foot: at 6 pt it and these words overran each other.
    foot = h - SAFE - pt_mm(MIN_TEXT_PT) * DESCENT
    items.append(Text(w - SAFE, foot, "solution on the back", MIN_TEXT_PT, GREY, "end"))
    bottom = foot - pt_mm(MIN_TEXT_PT) * ASCENT - GAP
    _, texts = fit_text(_goal_paras(scenario), iw, 16.0, theme, max_pt=GOAL_PT, min_pt=GOAL_MIN_PT)
    goal_h = lines_height(texts, theme)
    items += placed(texts, SAFE, bottom - goal_h)
    bottom -= goal_h + GAP
    hand, hand_h = hand_strip(theme, scenario, (SAFE, 0.0, iw), symbols)
    bottom -= hand_h
    items.append(Group(tuple(hand), translate(0.0, bottom), label="hand"))
    if bottom - GAP - y < 10.0:
        raise DoesNotFit(f"card {p.number}: the title, hand and goal leave no room for the picture on a "
                         f"{w:g} x {h:g} mm card")
    picture, _ = _board_picture(scenario, theme, (SAFE, y, iw, bottom - GAP - y), symbols)
    items.append(picture)
    return items


def _turn_paras(turns: Sequence[TurnPicture]) -> list[Para]:
    return [para(t.brief or " ".join(t.lines), lead=str(t.number), before=0.15 if i else 0.0) for i, t in enumerate(turns)]


def _text_for(turns: Sequence[TurnPicture], theme: Theme, width: float, height: float) -> tuple[float, list[Text]]:
    """The turns' sentences at the largest size from :data:`TEXT_PT` down that leaves the
    pictures most of ``height``: at most 45% for the text, or, at :data:`MIN_TEXT_PT`,
    at most 70%.  DoesNotFit beyond that: a turn is never left out."""
    paras = _turn_paras(turns)
    size = TEXT_PT
    while size >= MIN_TEXT_PT - 1e-9:
        _, texts = fit_text(paras, width, 1000.0, theme, max_pt=size, min_pt=size)
        used = lines_height(texts, theme)
        if used <= 0.45 * height or (size <= MIN_TEXT_PT + 1e-9 and used <= 0.7 * height):
            return used, texts
        size -= 0.25
    raise DoesNotFit(f"the {plural(len(turns), 'turn')} of the solution do not fit a card's back, even at {MIN_TEXT_PT} pt")


def card_back(p: SolvedPuzzle, theme: Theme, bleed: float, symbols: dict[str, Symbol]) -> list[Item]:
    """The back of card ``p.number`` (the solution) in card mm, art bleeding ``bleed``
    past the trim: see the module docstring."""
    w, h = theme.card
    iw = w - 2 * SAFE
    items: list[Item] = [rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, Style(fill=theme.colours["paper"]))]
    band, top = _band(theme, p, "SOLUTION", bleed)
    items += band
    y = top + GAP
    _, texts = fit_text([para(p.summary)], iw, 10.0, theme, max_pt=SMALL_PT, min_pt=MIN_TEXT_PT)
    items += placed(texts, SAFE, y)
    y += lines_height(texts, theme) + GAP
    # The grade's id (what makes the puzzle again) in small print at the foot.
    foot = h - SAFE - pt_mm(MIN_TEXT_PT) * DESCENT
    grade = p.scenario.grade
    items.append(Text(SAFE, foot, grade.id if grade is not None else "", MIN_TEXT_PT, GREY, "start"))
    bottom = foot - pt_mm(MIN_TEXT_PT) * ASCENT - GAP
    room = bottom - y
    used, texts = _text_for(p.turns, theme, iw, room)
    items += placed(texts, SAFE, bottom - used)
    pictures_h = room - used - GAP
    frames = []
    drawings = []
    for turn in p.turns:
        drawings.append(_bare(diagram(Scenario(turn.state, None, "", "", turn.annotations), theme, crop=True), turn.state))
        frames.append(plan(turn.state, theme, crop=True, annotations=turn.annotations).board)
    cols, k = best_grid(frames, iw, pictures_h, GAP)
    rows = -(-len(frames) // cols)
    cw = (iw - (cols - 1) * GAP) / cols
    ch = (pictures_h - (rows - 1) * GAP) / rows
    fill = tier_colour(theme, p.tier)
    on = ink_on(theme, fill)
    for i, (turn, drawing, frame) in enumerate(zip(p.turns, drawings, frames)):
        row, col = divmod(i, cols)
        fw, fh = (frame[2] - frame[0]) * k, (frame[3] - frame[1]) * k
        box = (SAFE + col * (cw + GAP) + (cw - fw) / 2, y + row * (ch + GAP) + (ch - fh) / 2, fw, fh)
        picture, (left, top_, _, _) = _fitted(drawing, frame, box, symbols)
        items.append(picture)
        # The turn's number on the picture's corner (a cropped board leaves its corners empty),
        # smaller on a small picture so that it never hides the picture.
        r = min(1.9, max(1.5, 0.2 * min(fw, fh)))
        items.append(Circle(left + r, top_ + r, r, Style(fill=fill, stroke=theme.colours["paper"], width=0.3)))
        size = max(MIN_TEXT_PT, SMALL_PT * r / 1.9)
        items.append(Text(left + r, top_ + r + pt_mm(size) * 0.36, str(turn.number), size, on, "middle", True))
    return items


def deck(puzzles: Sequence[SolvedPuzzle], theme: Theme, paper: tuple[float, float], *,
         offset: tuple[float, float] = (0.0, 0.0)) -> Document:
    """The whole deck: sheets of card fronts, each followed by its sheet of backs
    (module docstring).  ``offset`` (mm) shifts every back, as the kit's
    ``--back-offset-x``/``-y`` do.  Raises SectionXError naming the puzzle's file
    when a card cannot be drawn (a title too long, a glyph the font lacks)."""

    def faces(p: SolvedPuzzle, bleed: float, symbols: dict[str, Symbol]) -> tuple[list[Item], list[Item]]:
        try:
            return card_front(p, theme, symbols), card_back(p, theme, bleed, symbols)
        except SectionXError as exc:
            raise SectionXError(f"{p.source}: {exc}") from None

    return duplex_deck(puzzles, theme, paper, offset=offset, faces=faces, number=lambda p: p.number,
                       title="Section X – challenge deck")


__all__ = ["card_back", "card_front", "deck", "hand_strip"]
