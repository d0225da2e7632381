"""Breakout's print-and-play kit: the wall board, 2 x 13 knots, 2 x 3 figure
standees, rules cards, the checklist and the duplex calibration sheet.

The same conventions as every kit of the house (:mod:`sectionx.render.kitfiles`,
:mod:`sectionx.render.printing`, :mod:`sectionx.render.pieces`): cut pieces are
groups labelled ``piece-…`` with their bleed and their cut line last; rectangular
pieces get crop marks; cards share cut lines and have their backs mirrored for
long-edge duplex (shifted by the calibration offsets); every colour also carries
its shape; ink-saver and greyscale come from the theme.

Sizes (mm) and why: a wall field is :data:`FIELD` (24) across, so a knot of
:data:`KNOT` (20) slides along its row with 2 mm to spare on each side (B2: a push
moves the run along); the whole wall with its push arrows and top fits one A4 or
letter page.  A figure standee is :data:`STANDEE` wide, folded from two panels
(front and back, the back upside down so both stand upright) and two base tabs.
"""

from __future__ import annotations

from dataclasses import replace

from ...colours import Colour
from ...render.kitfiles import Kit, Section, game_kit
from ...render.pieces import SAFE, mark_reach
from ...render.printing import (
    Art,
    cut_style,
    heading,
    printing_advice,
    rules_card,
    rules_card_pages,
    standee_strip,
)
from ...render.scene import Circle, Group, Item, Page, Style, Symbol, rect, translate
from ...render.shapes import ink_on, symbol_shape
from ...render.textfit import DoesNotFit, Para, fit_text, para, placed, text_box
from ...render.theme import Theme
from . import art
from .formats import Marks
from .printing import push_lines, worked
from .rules import FIGURES, KNOTS, LONG_TURNS, PLAYERS, Action, Player, Position, Side, Wall, groups, ropes, start

Paper = tuple[float, float]

#: A wall field across, printed (mm); :data:`KNOT` slides in it with room to spare.
FIELD = 24.0
KNOT = 20.0
#: Spare knots per colour, in case one gets lost.
SPARE_KNOTS = 2
#: A figure standee: width, the height of each of its two panels, and of each base tab.
STANDEE, PANEL, TAB = 20.0, 30.0, 9.0
#: Space between neighbouring pieces' bleeds or marks: room for the scissors.
GAP = 2.5
PREFIX = "breakout"
TITLE = "Breakout – print-and-play kit"

CHECKLIST_ADVICE: list[Para] = [
    para(("You need", True), rel=1.1),
    para("scissors, and a craft knife and metal ruler or a paper trimmer (cards, standees)", lead="•", before=0.25),
    para("a glue stick, and thin card (about 300 g/m²) to glue the sheets onto", lead="•", before=0.1),
    *printing_advice("the rules cards"),
    para(("Making the pieces", True), rel=1.1, before=0.9),
    para("Glue each sheet onto card first and let it dry flat under a book.", lead="•", before=0.25),
    para("Knots: cut along each circle; the colour printed past it forgives a cut a little off.", lead="•", before=0.1),
    para("Figures: cut between the crop marks, fold on the dashed lines, glue the two panels back to back and "
         "the tabs into a foot.", lead="•", before=0.1),
]


def _colour(player: Player) -> Colour:
    return Colour(player.value)


def _name(player: Player) -> str:
    return player.value.capitalize()


def board_page(theme: Theme, paper: Paper, wall: Wall, *, coords: bool) -> Page:
    """The board as a picture of the wall: the title, a rope and a knot of each colour
    in the sky above; the wall at print size (:data:`FIELD`) set in a stretch of
    bricks that runs to the foot of the page, rows with push arrows at both ends
    labelled as pushes are written (BW1) on paper plates, the wall top with its
    sections (BW2) where escaped figures stand against the sky; under the wall a
    plate with how to read it and the pieces' colours and shapes."""
    W, H = paper
    m = theme.margin
    ink = theme.colours["ink"]
    items, g = art.wall_items(theme, start(wall), coords=coords)
    k = FIELD / art.FIELD
    width = (g.x0 + g.width + art.END - art.MARGIN) * k
    height = (g.y0 + g.height + 1.5) * k
    out, y = art.title(theme, m, m, W - 2 * m, "a game of knots, ropes and escapes for two")
    y += m
    lines = [(f"{wall.rows} rows, numbered from the bottom, {wall.fields} fields each; push a knot into a row from "
              "either end (L3: row 3 from the left). Escaped figures stand on the wall top. Glue onto card; the knots "
              "slide along the rows.")]
    _, below = heading(theme, m + 7.0, 0.0, W - 2 * m - 14.0, "", lines, title_pt=1.0, body_pt=8.5)
    plate_h = below + 15.0
    if width > W - 2 * m + 1e-9 or y + height + plate_h + 8.0 > H - m + 1e-9:
        raise DoesNotFit(f"the wall ({width:.0f} x {height:.0f} mm at {FIELD:g} mm a field) does not fit {W:g} x {H:g} mm "
                         "paper within its margins")
    x = m + (W - 2 * m - width) / 2 - art.MARGIN * k
    # The bricks: from just under the wall top's bars to the foot of the page.
    brick_top = y + (g.y0 - 1.6) * k
    out += art.bricks(theme, m, brick_top, W - 2 * m, H - m - brick_top)
    frame_top, frame_bottom = y + (g.y0 - 1.5) * k, y + (g.y0 + g.height + 1.5) * k
    plate = Style(fill=theme.colours["paper"], stroke=ink, width=0.3)
    for left, right in ((m + 3.0, x + (g.x0 - 1.5) * k - 3.0), (x + (g.x0 + g.width + 1.5) * k + 3.0, W - m - 3.0)):
        out.append(rect(left, frame_top + 2.0, right - left, frame_bottom - frame_top - 4.0, plate))
    out.append(Group(tuple(items), (k, 0.0, 0.0, k, x, y), label="wall"))
    top = frame_bottom + 4.0
    out.append(rect(m + 3.0, top, W - 2 * m - 6.0, plate_h, plate))
    out += heading(theme, m + 7.0, top + 2.0, W - 2 * m - 14.0, "", lines, title_pt=1.0, body_pt=8.5)[0]
    out += art.legend(theme, m + 7.0, top + below + 8.5)
    return Page(W, H, tuple(out), name="10-wall", label="The wall")


def _knot_piece(theme: Theme, player: Player, cx: float, cy: float, label: str) -> Group:
    r = KNOT / 2
    fill = theme.player(_colour(player))
    items: list[Item] = [Circle(0, 0, r + theme.bleed, Style(fill=fill)),
                         *art.knot(theme, player, 0, 0, KNOT * 0.92),
                         Circle(0, 0, r, cut_style(theme))]
    return Group(tuple(items), translate(cx, cy), label=label)


def _figure_art(theme: Theme, player: Player) -> tuple[str, list[Item], str, Item]:
    """A figure standee's fill, panel art, name and tab mark (B1)."""
    fill = theme.player(_colour(player))
    mark = symbol_shape(_colour(player), STANDEE / 2, TAB / 2, TAB * 0.5, Style(fill=ink_on(theme, fill)))
    return fill, art.figure(theme, player, STANDEE / 2, PANEL - 4.0, PANEL - 9.0), _name(player), mark


def pieces_page(theme: Theme, paper: Paper) -> Page:
    """One sheet of pieces: 13 knots per colour (B1) and :data:`SPARE_KNOTS` spares,
    round with bleed, packed in offset rows; below them 3 figure standees per
    colour (B1) and a spare each, butted on shared cut lines."""
    W, H = paper
    m = theme.margin
    out, y = heading(theme, m, m, W - 2 * m, "Knots and figures",
                     [(f"Knots: {KNOTS} per colour and {SPARE_KNOTS} spares, {KNOT:g} mm across for rows {FIELD:g} mm "
                       "high; cut each out along its circle. Figures: cut the row out along the crop marks, then "
                       "straight down between the figures; fold on the dashed lines so the two panels meet back to "
                       "back, glue them, and fold the tabs outwards into a foot. The fourth of each colour is a "
                       "spare.")], title_pt=12.0, body_pt=8.0)
    out = list(out)
    # Knots in offset rows: each knot touches six neighbours' gaps, none closer than GAP.
    pitch = KNOT + 2 * theme.bleed + GAP
    per_row = int((W - 2 * m + GAP - pitch / 2) // pitch)
    if per_row < 1:
        raise DoesNotFit(f"a {KNOT:g} mm knot does not fit between the margins")
    knots = [(p, i) for p in PLAYERS for i in range(KNOTS + SPARE_KNOTS)]
    rows = -(-len(knots) // per_row)
    row_pitch = pitch * 3 ** 0.5 / 2
    left = (W - (per_row + 0.5) * pitch + GAP) / 2 - GAP / 2
    y += 4.0
    for k, (player, i) in enumerate(knots):
        row, col = divmod(k, per_row)
        cx = left + (col + 0.5 + 0.5 * (row % 2)) * pitch
        cy = y + pitch / 2 - GAP / 2 + row * row_pitch
        kind = "knot" if i < KNOTS else "spare-knot"
        n = i + 1 if i < KNOTS else i - KNOTS + 1
        out.append(_knot_piece(theme, player, cx, cy, f"piece-{kind}-{player.value}-{n}"))
    y += (rows - 1) * row_pitch + pitch - GAP + 6.0
    reach = sheet_reach(theme)
    standees = [(*_figure_art(theme, p)[:3], _figure_art(theme, p)[3],
                 f"piece-{'figure' if i < FIGURES else 'spare-figure'}-{p.value}-{i + 1 if i < FIGURES else 1}")
                for p in PLAYERS for i in range(FIGURES + 1)]
    width = len(standees) * STANDEE
    if width + 2 * reach > W - 2 * m + 1e-9:
        raise DoesNotFit("the figure standees do not fit between the margins")
    pieces, marks = standee_strip(theme, paper, ((W - width) / 2, y + reach), width=STANDEE, panel=PANEL, tab=TAB,
                                  standees=standees)
    out += pieces
    y += 2 * PANEL + 2 * TAB + 2 * reach
    if y > H - m + 1e-9:
        raise DoesNotFit("the knots and figures do not fit one page")
    return Page(W, H, (*out, Group(tuple(marks), label="crop-marks")), name="20-knots-and-figures",
                label="Knots and figure standees")


def sheet_reach(theme: Theme) -> float:
    """How far a strip's crop marks reach beyond its trim, and half a millimetre to spare."""
    return mark_reach(theme) + 0.5


#: The rules on two cards, so that they read at a comfortable size: how a turn
#: goes (B1-B4), then ropes and the end (B5-B9).
RULES: list[Para] = [
    para(("Set-up (B1). ", True), "Two players, yellow and blue, 13 knots and 3 figures each. Yellow opens the first "
         "break-out, blue the second, and so on; within a break-out you take turns."),
    para(("Push (B2). ", True), "Put a knot from your hand into a row at its left or right end (L3: row 3 from the "
         "left). The unbroken run of knots from that end moves one field along; if it reaches the far end, the last "
         "knot falls out and goes back to its owner.", before=0.35),
    para(("Pass (B3). ", True), "Only with no knot in hand.", before=0.35),
    para(("No undo (B4). ", True), "After a knot falls out, the next push may not come back into that row from the "
         "other end.", before=0.35),
]
RULES_END: list[Para] = [
    para(("Rope (B5). ", True), "Your knots joined left, right, up or down (not diagonally) from row 1 to row 5."),
    para(("Escape (B6). ", True), "After a push, if you pushed and have a rope, one of your figures escapes to the "
         "wall top above the rope's leftmost top knot; if not, and the other player has one now, theirs escapes. "
         "Then all knots go back and the next break-out begins.", before=0.35),
    para(("Draw (B7, B9). ", True), f"Once the wall is full, or after {LONG_TURNS} turns of a break-out, 5 more "
         "rounds without an escape end the game in a draw.", before=0.35),
    para(("Win (B8). ", True), "The first player with 3 figures over the wall wins at once.", before=0.35),
]
#: The player aid: a turn in the order it is played.
TURN: list[Para] = [
    para(("Knot in hand? ", True), "Push it into a row from the left or right end. Not back into the row a knot "
         "has just fallen out of, from the other end (B4).", lead="1"),
    para(("No knot? ", True), "Pass (B3).", lead="2", before=0.35),
    para(("Rope? ", True), "Row 1 to row 5, joined left, right, up or down: the pusher's rope first, then the "
         "other's. A figure escapes; every knot goes back; a new break-out (B5, B6).", lead="3", before=0.35),
    para(("Three escaped? ", True), "You win (B8).", lead="4", before=0.35),
    para(("Wall full, or a long break-out? ", True), f"After the wall fills, or {LONG_TURNS} turns, 5 rounds without "
         "an escape: a draw (B7, B9).", lead="5", before=0.35),
]


def _card(theme: Theme, player: Player, title: str, paras: list[Para]) -> list[Item]:
    fill = theme.player(_colour(player))
    mark = symbol_shape(_colour(player), SAFE + 2.5, 10.0 / 2 + 0.4, 5.0, Style(fill=ink_on(theme, fill)))
    return rules_card(theme, fill, mark, title, paras)


def _wall(*rows: str) -> Position:
    """A position from its rows as a file writes them, the top row first (y yellow,
    b blue, . empty), yellow to push."""
    fields = {"y": Player.YELLOW, "b": Player.BLUE, ".": None}
    return Position(Wall(), tuple(tuple(fields[c] for c in row) for row in reversed(rows)))


def _picture_card(theme: Theme, title: str, pos: Position, marks: Marks, words: list[Para]) -> list[Item]:
    """A reference card: the wall as the board draws it, ``marks`` lit, and ``words``."""
    items, g = art.wall_items(theme, pos, coords=False, marks=marks)
    # The wall without the room its drawing keeps above the top for figures: cropped
    # to the row ends and the top's bars.
    top = g.y0 - 4.5
    shifted = Group(tuple(items), translate(0.0, -top))
    width = g.x0 + g.width + art.END + art.MARGIN
    band = theme.colours["tunnel"]
    return rules_card(theme, band, Group(()), title, words, max_pt=9.5,
                      picture=([shifted], width, g.y0 + g.height + 2.0 - top))


def reference_cards(theme: Theme) -> list[tuple[str, list[Item]]]:
    """Three cards the players share, the rules in pictures, each claim checked by the
    referee as the kit is built: a push (B2), a rope (B5), and corners that do not join."""
    before = _wall("b....", "ybyb.", ".....", "yb.by", "....b")
    push = Action(2, Side.LEFT)
    w = worked(before, push)
    if not w.changed or w.fell is not None:
        raise AssertionError("the push card's push moves a run up to a gap (B2)")
    rope = _wall("..y..", ".yy..", ".y.b.", "by.b.", ".yb..")
    joined = sorted(f for r in ropes(rope, Player.YELLOW) for f in r)
    if not joined:
        raise AssertionError("the rope card's yellow knots make a rope (B5)")
    corner = _wall("..y..", ".y...", "..y..", ".y...", ".y...")
    low = next(gr for gr in groups(corner, Player.YELLOW) if (1, 2) in gr)
    if ropes(corner, Player.YELLOW) or max(r for r, _ in low) != 2 or (3, 3) in low:
        raise AssertionError("the corner card's knots join rows 1 and 2 only, and make no rope (B5)")
    return [
        ("ref-push", _picture_card(theme, "A PUSH (B2)", w.shown, Marks(w.changed, (push,)),
                                   [para(("L2: ", True), push_lines(w)[0]),
                                    para(("A full row: ", True), "the knot at the far end falls out, back to its "
                                         "owner; the next push may not come back from the other end (B4).",
                                         before=0.35)])),
        ("ref-rope", _picture_card(theme, "A ROPE (B5)", rope, Marks(tuple(joined)),
                                   [para(("A rope: ", True), "yellow's knots join row 1 to row 5, left, right, up "
                                         "and down."),
                                    para(("Escape: ", True), "a yellow figure goes to the wall top above the rope's "
                                         "leftmost knot in row 5; the pusher's rope counts first (B6).",
                                         before=0.35)])),
        ("ref-corner", _picture_card(theme, "NO ROPE (B5)", corner, Marks(((2, 2), (3, 3))),
                                     [para(("No rope: ", True), "yellow's knots in rows 1 and 2 are joined; the one "
                                           "in row 3 touches them only at a corner."),
                                      para(("Corners never join: ", True), "only left, right, up and down.",
                                           before=0.35)])),
    ]


def at_a_glance(theme: Theme) -> Art:
    """The checklist's picture: a break-out at the moment of an escape, the wall as the
    board draws it with yellow's push and rope lit and figures of earlier break-outs
    on the wall top, and what happened in the referee's words (B2, B5, B6)."""
    before = replace(_wall("yy.b.", "..y..", "b.y..", ".yyb.", ".y..b"), escaped=(1, 1),
                     tops=((Player.BLUE, 4), (Player.YELLOW, 2)), breakout=3)
    push = Action(5, Side.LEFT)
    w = worked(before, push)
    if w.escaped is not Player.YELLOW:
        raise AssertionError("the checklist's picture shows yellow's push making a rope (B5, B6)")
    rope = tuple(sorted(f for r in ropes(w.shown, Player.YELLOW) for f in r))
    items, g = art.wall_items(theme, w.shown, coords=False, marks=Marks(rope, (push,)))
    words = [para(("A break-out under way", True), rel=1.25),
             *[para(line, before=0.5) for line in push_lines(w)],
             para("Then every knot goes back to its owner and the next break-out begins. The first player with "
                  "three figures over the wall wins (B8).", before=0.5)]
    # The turn summary a player's card gives, beside the picture, the game's words under
    # it: the room under the wall and its words was a third of the page left empty, and
    # a first reader wants the summary here.
    turn = [para(("Your turn", True), rel=1.25), *TURN]

    def draw(x: float, y: float, width: float, height: float) -> list[Item]:
        pw, ph = g.x0 + g.width + art.END + art.MARGIN, g.y0 + g.height + art.MARGIN
        # The game's words across the foot, the wall above them as large as the rest
        # allows (at most 62% of the width), the turn summary beside the wall.
        _, below = fit_text(words, width, height / 3, theme, max_pt=10.0, min_pt=8.0)
        foot = max(text_box(t, theme)[3] for t in below)
        k = min((height - foot - 4.0) / ph, width * 0.62 / pw)
        if height - foot - 4.0 - ph * k > height / 5:
            # A tall page (A3): at 62% of the width the wall left the page's foot empty
            # (A3's checklist 54% empty).  There it goes across the box, as large as
            # the height allows, the turn summary and the game's words in two columns
            # under it (A4 and letter: as below).
            col = (width - 6.0) / 2
            _, left = fit_text(turn, col, height / 3, theme, max_pt=12.0, min_pt=7.0)
            _, right = fit_text(words, col, height / 3, theme, max_pt=12.0, min_pt=7.0)
            under = max(text_box(t, theme)[3] for t in left + right)
            k = min((height - under - 6.0) / ph, width / pw)
            at = x + (width - pw * k) / 2
            across: list[Item] = [Group(tuple(items), (k, 0.0, 0.0, k, at, y), label="at-a-glance")]
            return (across + placed(left, x, y + ph * k + 6.0) + placed(right, x + col + 6.0, y + ph * k + 6.0))
        out: list[Item] = [Group(tuple(items), (k, 0.0, 0.0, k, x, y), label="at-a-glance")]
        _, texts = fit_text(turn, width - pw * k - 6.0, ph * k, theme, max_pt=12.0, min_pt=7.0)
        return out + placed(texts, x + pw * k + 6.0, y) + placed(below, x, y + ph * k + 4.0)

    return draw


def card_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float]) -> tuple[list[Page], list[Symbol]]:
    """For each player the two rules cards and the turn summary on a card sheet, then
    three reference cards they share (:func:`reference_cards`), and the sheet of
    their backs mirrored for long-edge duplex."""
    cards = [(name, _card(theme, p, title, paras)) for p in PLAYERS for name, title, paras in
             ((f"rules-{p.value}", "BREAKOUT – THE TURN", RULES), (f"rules-end-{p.value}", "BREAKOUT – ROPE AND END",
               RULES_END), (f"aid-{p.value}", "YOUR TURN", TURN))]
    return rules_card_pages(theme, paper, cards + reference_cards(theme), "BREAKOUT", offset=offset)


def build_kit(theme: Theme, paper_name: str = "a4", *, offset: tuple[float, float] = (0.0, 0.0), coords: bool = True,
              wall: Wall | None = None) -> Kit:
    """Everything needed to play Breakout (the module docstring); a component that
    does not fit the paper is one line naming it."""

    def components(paper: Paper) -> list[Section]:
        return [
            Section("The wall (board)", 1, (board_page(theme, paper, wall or Wall(), coords=coords),),
                    advice="single-sided; glue onto card"),
            Section(f"Knots ({KNOTS} per colour and {SPARE_KNOTS} spares) and figure standees ({FIGURES} per colour "
                    "and 1 spare)", 2 * (KNOTS + SPARE_KNOTS + FIGURES + 1), (pieces_page(theme, paper),),
                    advice="single-sided; glue to card; cut the knots along their circles, the figures along the crop "
                    "marks, fold on the dashed lines"),
        ]

    return game_kit(theme, paper_name, components, lambda paper, off: card_pages(theme, paper, offset=off),
                    card_count=3 * len(PLAYERS) + 3, offset=offset, title=TITLE, advice=CHECKLIST_ADVICE,
                    trailing=1, cards_what="Rules cards (2 per player), turn summaries (1 per player), rules in pictures (3)",
                    checklist_art=at_a_glance(theme))


__all__ = ["FIELD", "KNOT", "PREFIX", "build_kit"]
