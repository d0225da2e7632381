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

from ...colours import Colour
from ...render.kitfiles import Kit, Section, game_kit
from ...render.pieces import SAFE, mark_reach
from ...render.printing import (
    cut_style,
    fold_standee,
    heading,
    printing_advice,
    rules_card,
    rules_card_pages,
)
from ...render.scene import Circle, Group, Item, Page, Style, Symbol, Text, translate
from ...render.shapes import ink_on, symbol_shape
from ...render.textfit import DoesNotFit, Para, para
from ...render.theme import Theme
from . import art
from .rules import FIGURES, KNOTS, LONG_TURNS, PLAYERS, Player, Wall, start

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
    """The empty wall at print size (:data:`FIELD`): rows with push arrows at both
    ends labelled as pushes are written (BW1), the wall top with its sections (BW2)."""
    W, H = paper
    m = theme.margin
    items, g = art.wall_items(theme, start(wall), coords=coords)
    k = FIELD / art.FIELD
    left, top = art.MARGIN, 0.0
    width = (g.x0 + g.width + art.END) * k - left * k
    height = (g.y0 + g.height + 2.0) * k
    head, y = heading(theme, m, m, W - 2 * m, "Breakout – the wall",
                      [(f"{wall.rows} rows, numbered from the bottom, {wall.fields} fields each; push a knot into a row "
                       "from either end (L3: row 3 from the left). Escaped figures stand on the wall top. Glue onto "
                       "card; the knots slide along the rows.")], title_pt=14.0, body_pt=8.5)
    y += 6.0
    if width > W - 2 * m + 1e-9 or y + height > H - m + 1e-9:
        raise DoesNotFit(f"the wall ({width:.0f} x {height:.0f} mm at {FIELD:g} mm a field) does not fit {W:g} x {H:g} mm "
                         "paper within its margins")
    x = m + (W - 2 * m - width) / 2 - left * k
    wall_group = Group(tuple(items), (k, 0.0, 0.0, k, x, y - top), label="wall")
    return Page(W, H, (*head, wall_group), name="10-wall", label="The wall")


def _knot_piece(theme: Theme, player: Player, cx: float, cy: float, label: str) -> Group:
    r = KNOT / 2
    fill = theme.player(_colour(player))
    items: list[Item] = [Circle(0, 0, r + theme.bleed, Style(fill=fill)),
                         *art.knot(theme, player, 0, 0, KNOT * 0.92),
                         Circle(0, 0, r, cut_style(theme))]
    return Group(tuple(items), translate(cx, cy), label=label)


def knot_page(theme: Theme, paper: Paper) -> Page:
    """13 knots per colour (B1) and :data:`SPARE_KNOTS` spares, round with bleed."""
    W, H = paper
    m = theme.margin
    items, y = heading(theme, m, m, W - 2 * m, f"Knots: {KNOTS} per colour",
                       [(f"Cut each knot out along its circle. The last {SPARE_KNOTS} of each colour are spares. "
                        f"A knot is {KNOT:g} mm across, for rows {FIELD:g} mm high.")], title_pt=12.0, body_pt=8.0)
    pitch = KNOT + 2 * theme.bleed + GAP
    per_row = int((W - 2 * m + GAP) // pitch)
    if per_row < 1:
        raise DoesNotFit(f"a {KNOT:g} mm knot does not fit between the margins")
    out: list[Item] = list(items)
    y += 5.0
    for player in PLAYERS:
        out.append(Text(m, y + 3.5, f"{_name(player)} ({player.value[0]})", 9.0, theme.colours["ink"], "start", True))
        y += 6.0
        total = KNOTS + SPARE_KNOTS
        rows = -(-total // per_row)
        if y + rows * pitch > H - m + 1e-9:
            raise DoesNotFit("the knots of both colours do not fit one page")
        for i in range(total):
            cx = m + (i % per_row) * pitch + pitch / 2 - GAP / 2
            cy = y + (i // per_row) * pitch + pitch / 2 - GAP / 2
            kind = "knot" if i < KNOTS else "spare-knot"
            n = i + 1 if i < KNOTS else i - KNOTS + 1
            out.append(_knot_piece(theme, player, cx, cy, f"piece-{kind}-{player.value}-{n}"))
        y += rows * pitch + 4.0
    return Page(W, H, tuple(out), name="20-knots", label="Knots")


def _standee(theme: Theme, player: Player, x: float, y: float, label: str) -> list[Item]:
    """A fold-over figure at (x, y) (its trim's top-left), as every kit folds them
    (:func:`~sectionx.render.printing.fold_standee`)."""
    fill = theme.player(_colour(player))
    mark = symbol_shape(_colour(player), STANDEE / 2, TAB / 2, TAB * 0.5, Style(fill=ink_on(theme, fill)))
    return fold_standee(theme, x, y, width=STANDEE, panel=PANEL, tab=TAB, fill=fill,
                        figure=art.figure(theme, player, STANDEE / 2, PANEL - 4.0, PANEL - 9.0), name=_name(player),
                        mark=mark, label=label)


def figure_page(theme: Theme, paper: Paper) -> Page:
    """3 figure standees per colour (B1) and one spare each."""
    W, H = paper
    m = theme.margin
    items, y = heading(theme, m, m, W - 2 * m, f"Figures: {FIGURES} per colour",
                       [("Cut between the crop marks, fold on the dashed lines so the two panels meet back to back, "
                        "glue them, and fold the tabs outwards into a foot. The fourth of each colour is a spare.")],
                       title_pt=12.0, body_pt=8.0)
    reach = mark_reach(theme)
    pitch_x = STANDEE + 2 * reach + GAP
    height = 2 * PANEL + 2 * TAB + 2 * reach
    out: list[Item] = list(items)
    marks: list[Item] = []
    y += 6.0
    count = FIGURES + 1
    if count * pitch_x > W - 2 * m + GAP + 1e-9 or y + 2 * (height + 8.0) > H - m + 1e-9:
        raise DoesNotFit("the figure standees do not fit one page")
    for player in PLAYERS:
        out.append(Text(m, y + 3.5, _name(player), 9.0, theme.colours["ink"], "start", True))
        y += 6.0
        for i in range(count):
            kind = "figure" if i < FIGURES else "spare-figure"
            n = i + 1 if i < FIGURES else 1
            pieces = _standee(theme, player, m + reach + i * pitch_x, y + reach, f"piece-{kind}-{player.value}-{n}")
            out.append(pieces[0])
            marks.extend(pieces[1:])
        y += height + 4.0
    return Page(W, H, (*out, Group(tuple(marks), label="crop-marks")), name="30-figures", label="Figure standees")


RULES: list[Para] = [
    para(("Set-up (B1). ", True), "Two players, yellow and blue, 13 knots and 3 figures each. Yellow opens the first "
         "break-out, blue the second, and so on; within a break-out you take turns."),
    para(("Push (B2). ", True), "Put a knot from your hand into a row at its left or right end (L3: row 3 from the "
         "left). The unbroken run of knots from that end moves one field along; if it reaches the far end, the last "
         "knot falls out and goes back to its owner.", before=0.35),
    para(("Pass (B3). ", True), "Only with no knot in hand.", before=0.35),
    para(("No undo (B4). ", True), "After a knot falls out, the next push may not come back into that row from the "
         "other end.", before=0.35),
    para(("Rope and escape (B5, B6). ", True), "Your knots joined left, right, up or down from row 1 to row 5 are a "
         "rope: one of your figures escapes to the wall top above the rope's leftmost top knot. The pusher's rope "
         "counts first. Then all knots go back and the next break-out begins.", before=0.35),
    para(("Draw (B7, B9). ", True), f"Once the wall is full, or after {LONG_TURNS} turns of a break-out, 5 more "
         "rounds without an escape end the game in a draw.", before=0.35),
    para(("Win (B8). ", True), "The first player with 3 figures over the wall wins at once.", before=0.35),
]


def _rules_card(theme: Theme, player: Player) -> list[Item]:
    fill = theme.player(_colour(player))
    mark = symbol_shape(_colour(player), SAFE + 2.5, 10.0 / 2 + 0.4, 5.0, Style(fill=ink_on(theme, fill)))
    return rules_card(theme, fill, mark, "BREAKOUT – THE RULES", RULES)


def card_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float]) -> tuple[list[Page], list[Symbol]]:
    """A rules card for each player on a card sheet, and the sheet of their backs
    mirrored for long-edge duplex."""
    return rules_card_pages(theme, paper, [(p.value, _rules_card(theme, p)) for p in PLAYERS], "BREAKOUT", offset=offset)


def build_kit(theme: Theme, paper_name: str = "a4", *, offset: tuple[float, float] = (0.0, 0.0), coords: bool = True,
              wall: Wall | None = None) -> Kit:
    """Everything needed to play Breakout (the module docstring); a component that
    does not fit the paper is one line naming it."""

    def components(paper: Paper) -> list[Section]:
        return [
            Section("The wall (board)", 1, (board_page(theme, paper, wall or Wall(), coords=coords),),
                    advice="single-sided; glue onto card"),
            Section(f"Knots ({KNOTS} per colour and {SPARE_KNOTS} spares)", 2 * (KNOTS + SPARE_KNOTS),
                    (knot_page(theme, paper),), advice="single-sided; glue to card, then cut along the circles"),
            Section(f"Figure standees ({FIGURES} per colour and 1 spare)", 2 * (FIGURES + 1), (figure_page(theme, paper),),
                    advice="single-sided; cut, fold on the dashed lines, glue back to back"),
        ]

    return game_kit(theme, paper_name, components, lambda paper: card_pages(theme, paper, offset=offset),
                    card_count=len(PLAYERS), offset=offset, title=TITLE, advice=CHECKLIST_ADVICE)


__all__ = ["FIELD", "KNOT", "PREFIX", "build_kit"]
