"""Hekla's print-and-play kit: the board, the volcano and lava stones, the lap
tokens, the quiet-rounds counter, the volcanist standees, rules cards, the
checklist and the duplex calibration sheet.

The same conventions as every kit of the house (:mod:`sectionx.render.kitfiles`,
:mod:`sectionx.render.printing`, :mod:`sectionx.render.pieces`): cut pieces are
groups labelled ``piece-…`` with their bleed and their cut line last; tokens and
cards sit on shared cut lines with crop marks outside; standees fold as every
kit's do; cards have their backs mirrored for long-edge duplex; every colour also
carries its shape; ink-saver and greyscale come from the theme.

Sizes (mm) and why: a board cell is :data:`FIELD` (20) across, so the whole board,
the 5 x 5 area and its two rings (HG1, HG3), is 180 mm and fits an A4 or letter
page; each field's two stone places (HG1) take a stone of :data:`STONE` (9.5) side
by side.  Stones are square tokens on shared cut lines: at this size one straight
cut between neighbours is far easier than cutting circles.  A volcanist standee
is :data:`STANDEE` (9) wide with a 5 mm foot each way, so four share a track field.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ...render.kitfiles import Kit, Section, game_kit
from ...render.pieces import SAFE, TRIM, mark_reach
from ...render.printing import (
    Art,
    CardSheet,
    heading,
    printing_advice,
    rules_card,
    rules_card_pages,
    standee_strip,
    strip,
)
from ...render.scene import Group, Item, Page, Style, Symbol, Text, rect, translate
from ...render.shapes import ink_on, shape
from ...render.textfit import DoesNotFit, Para, fit_text, para, placed, text_box
from ...render.theme import Theme
from . import art
from .formats import Goal
from .printing import Turn, brief, step_marks, turn_lines, worked
from .rules import (
    LAVA,
    LAVA_STONES,
    QUIET_ROUNDS,
    SEATS,
    STONES,
    Board,
    Player,
    Position,
    Stone,
    apply,
    erupts,
    start,
    turns,
)

Paper = tuple[float, float]

#: A board cell across, printed (mm).
FIELD = 20.0
#: A stone token's side; two fit a field's two places.
STONE = 9.5
#: The values of the spare stones at the pieces page's foot, one each a colour (the 2s'
#: spares stand in each colour's strip).
SPARE_VALUES = (0, 1, 3)
#: A volcanist standee: width, the height of each of its two panels, and of each base tab.
STANDEE, PANEL, TAB = 9.0, 16.0, 5.0
#: A box of the quiet-rounds counter (H9); the counter is one strip of 20.
QUIET_BOX = (16.8, 13.0)
#: The counter's boxes a row: two rows of ten, the second running back (a track the
#: marker follows without a jump).
QUIET_PER_ROW = 10
#: Paper at each end of the counter, so that box 20's number keeps the safe area
#: at the size the other numbers are set in.
QUIET_END = 2.0
#: Spare lava stones of each value: two, so that each value's tokens fill a block of
#: two rows (and one can mark the quiet-rounds counter, H9).
LAVA_SPARES = 2
GAP = 2.5
PREFIX = "hekla"
TITLE = "Hekla – print-and-play kit"

def _most(player: Player) -> dict[int, int]:
    """Stones of each value for a colour: the most any player count gives it (HG5)."""
    counts = [STONES[n] for n in STONES if SEATS.index(player) < n]
    return {v: max(c[v] for c in counts) for v in range(4)}


CHECKLIST_ADVICE: list[Para] = [
    para(("You need", True), rel=1.1),
    para("scissors, and a craft knife and metal ruler or a paper trimmer (tokens, cards, standees)", lead="•",
         before=0.25),
    para("a glue stick, and thin card (about 300 g/m²) to glue the sheets onto", lead="•", before=0.1),
    *printing_advice("the rules cards"),
    para(("Making the pieces", True), rel=1.1, before=0.9),
    para("Glue each sheet onto card first and let it dry flat under a book.", lead="•", before=0.25),
    para("Stones and tokens: cut each strip out along its crop marks, then straight across between the tokens.",
         lead="•", before=0.1),
    para("Volcanists: cut between the crop marks, fold on the dashed lines, glue the two panels back to back and "
         "the tabs into a foot.", lead="•", before=0.1),
]


def _name(player: Player) -> str:
    return player.value.capitalize()


def board_page(theme: Theme, paper: Paper, board: Board, *, coords: bool = True) -> Page:
    """The board: the title with the volcano, how to read the board, then the board at
    print size (:data:`FIELD`): the area with field names, places and hot fields, both
    rings with their numbers and white lines, start and arrow; under it each
    colour's shape with a stone and a volcanist, where the paper leaves room."""
    W, H = paper
    m = theme.margin
    items, g = art.board_items(theme, board, coords=coords)
    k = FIELD / art.FIELD
    width, height = (w * k for w in g.size)
    out, th = art.title(theme, m, m, W - 2 * m, f"a race round the volcano for 2 to {len(SEATS)} players")
    head, y = heading(theme, m, m + th + 4.0, W - 2 * m, "",
                      [(f"The area: {board.width} x {board.height} fields, two stone places each; the red circles are "
                        "the hot fields (HG2). Round it the escape track: the inner ring from the black start field, "
                        "clockwise, then at the arrow onto the outer ring (HG3). Each track field shows the score of a "
                        f"volcanist standing there; each further time round the outer ring adds {len(board.outer)} (the lap "
                        "tokens). A white line lets a stone on its row, column or diagonal fly (H3).")],
                      title_pt=1.0, body_pt=8.5)
    out += head
    y += 4.0
    if width > W - 2 * m + 1e-9 or y + height > H - m + 1e-9:
        raise DoesNotFit(f"the board ({width:.0f} x {height:.0f} mm at {FIELD:g} mm a field) does not fit {W:g} x {H:g} mm "
                         "paper within its margins")
    x = m + (W - 2 * m - width) / 2
    out.append(Group(tuple(items), (k, 0.0, 0.0, k, x - art.MARGIN * k, y - art.MARGIN * k), label="board"))
    y += height
    if H - m - y >= 14.0:
        out += art.legend(theme, x + 2.0, (y + H - m) / 2, width)
    return Page(W, H, tuple(out), name="10-board", label="The board")


def _token(theme: Theme, sheet: CardSheet, index: int, x: float, y: float, fill: str,
           draw: Callable[[float, float], list[Item]], label: str) -> Group:
    """One token of a strip: its colour to the cut line (and the bleed on the strip's
    outer sides), its art, the cut line last (not drawn: the crop marks give it)."""
    w, h = sheet.card
    clip = sheet.clip(index)
    box = rect(clip[0][0], clip[0][1], clip[1][0] - clip[0][0], clip[2][1] - clip[0][1], Style(fill=fill))
    return Group((box, *draw(w / 2, h / 2), rect(0, 0, w, h, TRIM)), translate(x, y), clip, label=label)


def _stone_art(theme: Theme, s: Stone) -> Callable[[float, float], list[Item]]:
    return lambda cx, cy: art.stone(theme, s, cx, cy, STONE * 0.86)


def token_page(theme: Theme, paper: Paper, *, spares: str = "beside") -> Page:
    """Volcano stones for every player count (HG5) and a spare 2 of each colour, with
    ``spares`` a spare of each other value too (:data:`SPARE_VALUES`): "beside" the
    last colour's strip in two rows, or "inline", on at the end of that strip (one row:
    on letter the two rows do not leave the page room), or "" none; the 20 lava stones
    and 2 spares, and each colour's lap tokens; strips on shared cuts."""
    W, H = paper
    m = theme.margin
    more = {"beside": ", and beside blue's stones a spare of each other value",
            "inline": ", and after blue's stones a spare of each other value"}.get(spares, "")
    items, y = heading(theme, m, m, W - 2 * m, "Stones, tokens and volcanists",
                       [("Volcano stones show their ridges as a number and as marks; each colour has as many of each "
                         "value as the largest game it plays in needs (HG5: red and green with 2 players; yellow with 3; "
                         f"blue with 4), one spare 2{more}. Lava: 10 of value 0 and 10 of value 1 (HG5), and two spares of "
                         "each. Lap tokens: on lap 3 (the second time round the outer ring; the text stands the "
                         "figure on its head) put +32 under your volcanist, on lap 4 +64 (HG3). Volcanists: cut the row out along the crop marks, then "
                         "between the figures; fold on the dashed lines, glue the two panels back to back and fold the "
                         "tabs out into a foot.")], title_pt=12.0, body_pt=8.0)
    out: list[Item] = list(items)
    marks: list[Item] = []
    ink = theme.colours["ink"]
    y += 4.0
    reach = sheet_reach(theme)
    Kind = tuple[str, str, Callable[[float, float], list[Item]]]

    def block(title: str, kinds: list[Kind], x: float, top: float, cols: int) -> tuple[float, float]:
        """Tokens ``cols`` to a row on shared cuts, a label above, from (x, top): the
        right end and the bottom of its marks."""
        out.append(Text(x, top + 3.2, title, 8.0, ink, "start", True))
        rows_n = -(-len(kinds) // cols)
        sheet = replace(strip(theme, paper, (STONE, STONE), cols, (x + reach, top + 5.0 + reach)), rows=rows_n)
        right = x + cols * STONE + 2 * reach
        if right > W - m + 1e-9:
            raise DoesNotFit("a strip of stone tokens does not fit between the margins")
        for i, ((label, fill, draw), (tx, ty)) in enumerate(zip(kinds, sheet.slots)):
            out.append(_token(theme, sheet, i, tx, ty, fill, draw, f"piece-{label}"))
        marks.extend(sheet.marks(theme))
        return right, top + 5.0 + rows_n * STONE + 2 * reach + 1.0

    laps: list[Kind] = []
    rights: list[float] = []
    for k, player in enumerate(SEATS):
        if k == 2:  # the volcanists beside red's and green's strips, the lap tokens beside yellow's and blue's
            pieces, standee_marks, volcanists_left = _volcanists(theme, paper, y - 2 * (STONE + 2 * reach + 6.0))
            out += pieces
            marks += standee_marks
            laps_top = y
        fill = art.fill_of(theme, player)
        stones = [Stone(player.value, v) for v, n in _most(player).items() for _ in range(n)] + [Stone(player.value, 2)]
        kinds = [(f"stone-{player.value}-{i + 1}" if i < len(stones) - 1 else f"spare-stone-{player.value}", fill,
                  _stone_art(theme, s)) for i, s in enumerate(stones)]
        for lap in (3, 4):  # HG3 counts the inner ring as lap 1, the outer ring's first time round as lap 2
            laps.append((f"lap-{player.value}-{lap}", fill, _lap_art(theme, player, lap)))
        top = y
        title = f"{_name(player)}: " + " ".join(str(s.value) for s in stones[:-1]) + ", a spare 2"
        if spares == "inline" and k == len(SEATS) - 1:
            kinds += _spare_kinds(theme)
            title += "; spares: a " + ", a ".join(str(v) for v in SPARE_VALUES) + " of each colour"
        right, y = block(title, kinds, m, y, len(kinds))
        rights.append(right)
    if spares == "beside":
        # Spare stones beside the last colour's strip, so that every value of every colour
        # has one (the 2s' stand in the colours' strips): a lost stone is the piece players
        # miss most, and the room there was a tenth of the page left empty.
        extra = _spare_kinds(theme)
        _, spares_bottom = block("Spare stones: a " + ", a ".join(str(v) for v in SPARE_VALUES) + " of each colour",
                                 extra, rights[-1] + GAP, top, len(extra) // 2)
        y = max(y, spares_bottom)
    lap_x = W - m - len(laps) * STONE - 2 * reach
    # The lap tokens are one row, beside yellow's strip alone (blue's may run on under them).
    if volcanists_left < max(rights[:2]) + GAP or lap_x < rights[2] + GAP:
        raise DoesNotFit("the volcanists and lap tokens do not fit beside the stones")
    block("Lap tokens: +32 on lap 3, +64 on lap 4", laps, lap_x, laps_top, len(laps))
    x = m
    bottom = y
    for value in (0, 1):
        lava = [(f"lava-{value}-{i + 1}" if i < LAVA_STONES[value] else f"spare-lava-{value}-{i - LAVA_STONES[value] + 1}",
                 theme.colours["lava"], _stone_art(theme, Stone(LAVA, value)))
                for i in range(LAVA_STONES[value] + LAVA_SPARES)]
        right, bottom = block(f"Lava of value {value}: {LAVA_STONES[value]} and {LAVA_SPARES} spares", lava, x, y,
                              -(-len(lava) // 2))
        x = right + GAP
    y = bottom
    # The quiet-rounds counter (H9): a strip of boxes 1 to 20 and a marker (a spare lava stone).
    quiet, y = heading(theme, m, y, W - 2 * m, "Quiet rounds (H9)",
                       [("Put a marker (a spare stone) beside box 1 at the start, and again after each eruption; note "
                         "who plays next then. Each time play comes back round to that player with no eruption in "
                         f"between, move the marker one box on. When it reaches {QUIET_ROUNDS}, the game ends.")],
                       title_pt=8.0, body_pt=8.0)
    out += quiet
    y += 1.0
    # One piece: the boxes stay together as a track for the marker.
    quiet_rows = -(-QUIET_ROUNDS // QUIET_PER_ROW)
    size = (QUIET_PER_ROW * QUIET_BOX[0] + 2 * QUIET_END, quiet_rows * QUIET_BOX[1] + 2 * QUIET_END)
    sheet = strip(theme, paper, size, 1, (m + sheet_reach(theme), y + sheet_reach(theme)))
    if sheet.origin[0] + size[0] + sheet_reach(theme) > W - m + 1e-9:
        raise DoesNotFit("the quiet-rounds counter does not fit between the margins")
    x, ty = sheet.slots[0]
    out.append(_token(theme, sheet, 0, x, ty, theme.colours["paper"], _quiet_art(theme), "piece-quiet-counter"))
    marks += sheet.marks(theme)
    y += size[1] + 2 * sheet_reach(theme)
    if y > H - m + 1e-9:
        raise DoesNotFit("the stones and tokens do not fit one page")
    return Page(W, H, (*out, Group(tuple(marks), label="crop-marks")), name="20-stones", label="Stones and tokens")


def _spare_kinds(theme: Theme) -> list[tuple[str, str, Callable[[float, float], list[Item]]]]:
    """The spare stones (:data:`SPARE_VALUES` of each colour) as :func:`token_page`'s
    strips take them: label, fill, art."""
    return [(f"spare-stone-{p.value}-{v}", art.fill_of(theme, p), _stone_art(theme, Stone(p.value, v)))
            for p in SEATS for v in SPARE_VALUES]


def sheet_reach(theme: Theme) -> float:
    """How far a strip's crop marks reach beyond its trim (as every piece's do,
    :func:`~sectionx.render.pieces.mark_reach`), and half a millimetre to spare."""
    return mark_reach(theme) + 0.5


def _lap_art(theme: Theme, player: Player, lap: int) -> Callable[[float, float], list[Item]]:
    def draw(cx: float, cy: float) -> list[Item]:
        on = ink_on(theme, art.fill_of(theme, player))
        return [Text(cx, cy - 1.0, f"lap {lap}", 3.6, on, "middle", True),
                Text(cx, cy + 1.9, f"+{32 * (lap - 2)}", 6.5, on, "middle", True),
                shape(art.LOOKS[player][1], cx, cy + 3.3, 1.4, Style(fill=on))]
    return draw


def _quiet_art(theme: Theme) -> Callable[[float, float], list[Item]]:
    """The quiet-rounds counter's boxes 1 to 20 (H9) in rows of :data:`QUIET_PER_ROW`,
    drawn about its centre: the first row left to right, the next back, so that the
    marker steps from box to neighbouring box all the way."""
    def draw(cx: float, cy: float) -> list[Item]:
        ink = theme.colours["ink"]
        w, h = QUIET_BOX
        rows = -(-QUIET_ROUNDS // QUIET_PER_ROW)
        left, top = cx - QUIET_PER_ROW * w / 2, cy - rows * h / 2
        out: list[Item] = []
        for n in range(1, QUIET_ROUNDS + 1):
            row, k = divmod(n - 1, QUIET_PER_ROW)
            col = k if row % 2 == 0 else QUIET_PER_ROW - 1 - k
            bx, by = left + col * w, top + row * h
            out += [rect(bx + 0.5, by + 0.5, w - 1.0, h - 1.0, Style(stroke=ink, width=0.3)),
                    Text(bx + w / 2, by + h / 2 + 1.9, str(n), 11.0, ink, "middle", True)]
        return out
    return draw


def _volcanists(theme: Theme, paper: Paper, top: float) -> tuple[list[Item], list[Item], float]:
    """A volcanist standee per colour (HG3) and a spare each, butted in one row on
    shared cut lines against the right margin, a label above, from ``top`` down;
    the pieces, their marks and the left end of the row's marks."""
    W, _ = paper
    m = theme.margin
    reach = sheet_reach(theme)
    standees = []
    for kind in ("volcanist", "spare-volcanist"):
        for player in SEATS:
            fill = art.fill_of(theme, player)
            figure = art.volcanist(theme, player, STANDEE / 2, PANEL - 3.4, PANEL - 6.0)
            mark = shape(art.LOOKS[player][1], STANDEE / 2, TAB / 2, TAB * 0.6, Style(fill=ink_on(theme, fill)))
            standees.append((fill, figure, _name(player), mark, f"piece-{kind}-{player.value}"))
    width = len(standees) * STANDEE
    left = W - m - reach - width
    label = Text(left - reach, top + 3.2, "Volcanists, and a spare each", 8.0, theme.colours["ink"], "start", True)
    pieces, marks = standee_strip(theme, paper, (left, top + 5.0 + reach), width=STANDEE, panel=PANEL, tab=TAB,
                                  standees=standees, name_pt=3.6)
    return [label, *pieces], marks, left - reach


def _run(values: str) -> str:
    """Stone values as a list that reads well wherever a line breaks it."""
    return ", ".join(values.split())


RULES: list[Para] = [
    para(("Set-up (HG5). ", True), f"2 players: red and green, each {_run('0 0 1 2 2 2 3')}. 3 players: also yellow, "
         f"each {_run('0 1 2 2 3')}. 4 players: also blue, each {_run('0 1 2 3')}. Volcanists on the start field; the "
         "lava aside, 0s before 1s."),
    para(("Your turn (H1-H3). ", True), "Place a stone from your supply on an empty field, or move one of yours to a "
         "field with at most one stone: one field across or up/down; any distance along a row, column or diagonal "
         "if your volcanist stands on a white line along it (you may first step it back to reach one).", before=0.35),
    para(("Eruption (H4-H7). ", True), "Three fields in a row or column, each with a stone, adding up to 8 or more, "
         "the middle with at most one lava, erupt if your turn changed one of them (you choose the order of several). "
         "Each stone there moves its owner's volcanist 1 field (2 on a hot field); you also move the sum - 7. The "
         "middle's stones go home and a lava stone goes there.", before=0.35),
    para(("End (H8, H9). ", True), "At the 20th lava stone, or after 20 rounds without an eruption. The volcanist "
         "furthest along wins; ties share.", before=0.35),
]


#: The player aid: a turn in the order it is played.
TURN: list[Para] = [
    para(("Place or move (H1-H3). ", True), "Place a stone from your supply on an empty field, or move one of yours "
         "to a field with at most one stone: one field across or up/down; further along a white line your volcanist "
         "stands on (step it back first if you like). Neither? Pass.", lead="1"),
    para(("Erupts? (H4, H5) ", True), "Three in a row or column, a stone on each, 8 or more, at most one lava in the "
         "middle, and your turn changed one of them. Several: you choose the order.", lead="2", before=0.35),
    para(("Score (H6, H7). ", True), "Each stone there: its owner's volcanist +1 (+2 on a hot field); you also +(sum - "
         "7). The middle's stones go home; lava on the middle, 0s first.", lead="3", before=0.35),
    para(("End (H8, H9). ", True), f"The 20th lava stone, or {QUIET_ROUNDS} rounds without an eruption: furthest "
         "along wins.", lead="4", before=0.35),
]


def _card(theme: Theme, player: Player, title: str, paras: list[Para]) -> list[Item]:
    fill = art.fill_of(theme, player)
    mark = shape(art.LOOKS[player][1], SAFE + 2.5, 10.0 / 2 + 0.4, 5.0, Style(fill=ink_on(theme, fill)))
    return rules_card(theme, fill, mark, title, paras)


def _first_eruption() -> tuple[Position, Turn]:
    """A three-player game played by the referee from the start (quiet turns chosen by a
    fixed rule) up to its first turn that erupts, after the ninth; and that turn."""
    pos = start(3)
    for i in range(200):
        acts = turns(pos)
        loud = [a for a in acts if a.kind != "pass" and erupts(pos, a)]
        if loud and i >= 9:
            return pos, worked(pos, loud[0])
        quiet = [a for a in acts if a not in loud]
        pos = apply(pos, quiet[(i * 7) % len(quiet)])
    raise AssertionError("the checklist's game reaches an eruption")


def eruption_card(theme: Theme) -> list[Item]:
    """The ninth card, shared by the players: an eruption worked by the referee (the
    checklist's game, :func:`_first_eruption`), the three by three fields round it as
    the board draws them (the triple outlined and numbered), and what moved, in the
    referee's words (H4-H7)."""
    pos, turn = _first_eruption()
    drawn, g = art.position_items(theme, turn.after, coords=True, numbers=False, marks=step_marks(turn))
    (e,) = turn.eruptions
    cols = sorted({f[0] for f in e.triple})
    rows = sorted({f[1] for f in e.triple})
    board = pos.board
    c0 = max(0, min(cols[0] - (3 - len(cols)) // 2 - (1 if len(cols) == 1 else 0), board.width - 3))
    r0 = max(0, min(rows[0] - (1 if len(rows) == 1 else 0), board.height - 3))
    # The three by three fields and 2 mm round them (the outline's stroke, the order's badge).
    pad = 2.0
    left, top = g.box((c0, r0 + 2))
    left, top = left - pad, top - pad
    size = 3 * art.FIELD + 2 * pad
    clip = ((left, top), (left + size, top), (left + size, top + size), (left, top + size))
    # The field names outside the crop are left out: clipped away, they would still count
    # as words off the card.
    items = [it for it in drawn if not isinstance(it, Text)
             or (left <= it.x <= left + size and top <= it.y <= top + size)]
    picture = Group(tuple(items), translate(-left, -top), clip)
    words = [para(("The turn: ", True), brief(turn)),
             para(("What moved: ", True), turn_lines(turn, turn.gained, Goal(turn.gained, 1))[0], before=0.35),
             para(("Why: ", True), "8 or more on three fields in a row or column, the middle's stones home, lava "
                  "on it (0s first); each stone +1 to its owner (+2 on a red circle), the player +(sum - 7).",
                  before=0.35)]
    return rules_card(theme, theme.colours["lava"], Group(()), "AN ERUPTION (H4-H7)", words, max_pt=9.0,
                      picture=([picture], size, size))


def at_a_glance(theme: Theme) -> Art:
    """The checklist's picture: a three-player game at its first eruption, played by
    the referee from the start (quiet turns chosen by a fixed rule, then the first
    turn that erupts), drawn as the board draws it with the eruption outlined and the
    volcanists' moves, and the turn in the referee's words (H4-H7)."""
    pos, turn = _first_eruption()
    items, g = art.position_items(theme, turn.after, coords=False, marks=step_marks(turn))
    who = pos.player.value
    words = [para(("A game under way", True), rel=1.25),
             para(f"Three players, {who} to play. {brief(turn)}", before=0.5),
             para("The stones of the erupting fields move their owners' volcanists along the track; lava goes on "
                  "the middle field. The game ends with the 20th lava stone; the volcanist furthest along wins.",
                  before=0.5),
             # The turn summary a player's card gives, beside the picture: the room under the
             # caption was a third of the page left empty, and a first reader wants it here.
             para(("Your turn", True), rel=1.25, before=1.2), *TURN]

    def draw(x: float, y: float, width: float, height: float) -> list[Item]:
        pw, ph = (v + 2 * art.MARGIN for v in g.size)
        k = min(height / ph, width * 0.64 / pw)
        if height - ph * k > height / 5:
            # A tall page (A3): beside the words the picture kept 64% of the width and
            # left the page's foot empty (A3's checklist 42% empty).  There the game
            # under way goes across the foot, the picture grows to 75% of the width
            # with the turn summary beside it up to 12 pt (A4 and letter: as below).
            _, foot = fit_text(words[:3], width, height / 4, theme, max_pt=10.0, min_pt=7.0)
            under = max(text_box(t, theme)[3] for t in foot)
            k = min((height - under - 6.0) / ph, width * 0.75 / pw)
            _, turn = fit_text(words[3:], width - pw * k - 6.0, ph * k - art.MARGIN * k - 4.0, theme, max_pt=12.0,
                               min_pt=7.0)
            big: list[Item] = [Group(tuple(items), (k, 0.0, 0.0, k, x, y), label="at-a-glance")]
            return (big + placed(turn, x + pw * k + 6.0, y + art.MARGIN * k + 4.0) + placed(foot, x, y + ph * k + 6.0))
        out: list[Item] = [Group(tuple(items), (k, 0.0, 0.0, k, x, y), label="at-a-glance")]
        _, texts = fit_text(words, width - pw * k - 6.0, height - art.MARGIN * k - 4.0, theme, max_pt=10.0,
                            min_pt=7.0)
        return out + placed(texts, x + pw * k + 6.0, y + art.MARGIN * k + 4.0)

    return draw


def card_pages(theme: Theme, paper: Paper, *, offset: tuple[float, float]) -> tuple[list[Page], list[Symbol]]:
    """For each player a rules card and a turn summary on a card sheet, and the sheet
    of their backs mirrored for long-edge duplex."""
    cards = [(name, _card(theme, p, title, paras)) for p in SEATS for name, title, paras in
             ((f"rules-{p.value}", "HEKLA – THE RULES", RULES), (f"aid-{p.value}", "YOUR TURN", TURN))]
    cards.append(("ref-eruption", eruption_card(theme)))  # the sheet's ninth slot, shared
    return rules_card_pages(theme, paper, cards, "HEKLA", offset=offset)


def build_kit(theme: Theme, paper_name: str = "a4", *, offset: tuple[float, float] = (0.0, 0.0), coords: bool = True,
              board: Board | None = None) -> Kit:
    """Everything needed to play Hekla with 2 to 4 players (the module docstring);
    a component that does not fit the paper is one line naming it."""
    def components(paper: Paper) -> list[Section]:
        # The spares in two rows beside blue's stones; on a shorter paper (letter) on at the
        # end of blue's strip; where neither fits, the spare 2s alone.
        for mode in ("beside", "inline", ""):
            try:
                tokens = token_page(theme, paper, spares=mode)
                break
            except DoesNotFit:
                if not mode:
                    raise
        spares = len(SPARE_VALUES) if mode else 0
        stones = sum(sum(_most(p).values()) + 1 + spares for p in SEATS)
        return [
            Section("The board", 1, (board_page(theme, paper, board or Board(), coords=coords),),
                    advice="single-sided; glue onto card"),
            Section(f"Stones ({stones}), lava ({sum(LAVA_STONES) + 2 * LAVA_SPARES}), lap tokens (8), quiet-rounds counter (1), "
                    "volcanist standees (1 per colour and 1 spare)", stones + sum(LAVA_STONES) + 2 * LAVA_SPARES + 8 + 1 + 8, (tokens,),
                    advice="single-sided; glue to card, cut the strips, then between the tokens"),
        ]

    return game_kit(theme, paper_name, components, lambda paper, off: card_pages(theme, paper, offset=off),
                    card_count=2 * len(SEATS) + 1, offset=offset, title=TITLE, advice=CHECKLIST_ADVICE,
                    trailing=1, cards_what="Rules cards and turn summaries (1 each per player), an eruption card",
                    checklist_art=at_a_glance(theme))


__all__ = ["FIELD", "PREFIX", "STONE", "build_kit"]
