"""Hekla puzzles made ready for the house's printed layouts (``sheet``, ``deck``,
``book``): a :class:`~sectionx.render.puzzleprint.PrintedPuzzle` from a puzzle and
its solution.

* The picture is the puzzle as the player meets it: the board as ``render`` draws
  it (stones, volcanists on the track, hot fields, field names) with the solver's
  stones in hand under it; the goal (K and N) and the facts (who passes, the lava
  left, the quiet count when H9 can end the game) are words beside it.
* Each step is one of the solver's turns: the position after it, with the turn
  drawn (a ring on the field a stone was placed on, an arrow for a move), the
  triples that erupted outlined and numbered in the order they erupted (H5), and
  each volcanist's way along the track (a back-step, H3, dashed); its lines say in
  words what happened, eruption by eruption, with who gained what (H6) and where
  the lava went (H7).

Words for players: no notation in the headings and lines (the turn as the file
writes it closes the lines, for ``replay``).  Pure: positions in, a printed puzzle
out; the solving is the caller's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...render.puzzleprint import MIN_PT, PrintedPuzzle, Step
from ...render.theme import Theme
from . import art, figures, formats
from .rules import LAVA_STONES, Action, Player, Position, apply, is_long, line_name, skip_to, stages, triple_name
from .text import where

_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth"}
#: The numerals of the eruptions' order in a card's turn pictures, points as drawn: at a
#: card's scale (a quarter to a third) they grow to its 6 pt least type inside the badge.
CARD_BADGE_PT = 10.0


def goal_words(pos: Position, goal: formats.Goal) -> str:
    """The goal in one sentence, for players (HQ1)."""
    n = goal.within
    return (f"{pos.player.value.capitalize()}: gain at least {goal.gain} track fields within {n} turn"
            f"{'s' if n != 1 else ''}, while the others pass.")


def fact_lines(pos: Position, goal: formats.Goal) -> tuple[str, ...]:
    """What else a solver must know, beyond the picture (which shows the board, where
    every volcanist stands and the solver's stones in hand): who passes (HQ1), the
    lava left (H7, H8), and the quiet count when H9 can end the game in time."""
    me = pos.player
    others = [p.value for p in pos.players if p is not me]
    out = [f"{len(pos.players)} players; {' and '.join(others)} {'passes' if len(others) == 1 else 'pass'} every turn."]
    placed = pos.lava_placed
    out.append(f"Lava: {placed} of {sum(LAVA_STONES)} on the board; the next is a {0 if pos.lava[0] else 1}."
               if placed < sum(LAVA_STONES) else "Every lava stone is on the board.")
    # The others' turns are quiet turns (HQ1): H9 matters when the count can reach the
    # limit within the puzzle's turns.
    if pos.quiet + goal.within * len(pos.players) >= pos.quiet_limit:
        out.append(f"Turns in a row without an eruption: {pos.quiet} of {pos.quiet_limit}; the game ends when they "
                   "reach it (H9).")
    return tuple(out)


def hand_line(pos: Position) -> str:
    """The stones the player to move has in hand (HG5), in words: a card's picture has
    no room for them beside the board."""
    values = pos.supply(pos.player)
    who = pos.player.value.capitalize()
    if not values:
        return f"{who} has no stones in hand."
    listed = ", ".join(str(v) for v in values[:-1]) + (" and " if len(values) > 1 else "") + str(values[-1])
    return f"{who}'s stones in hand: {listed}."


def turn_heading(number: int, pos: Position, action: Action) -> str:
    """"Turn 2: red moves its 2 from c3 to c5", for players."""
    who = pos.player.value
    if action.kind == "pass":
        return f"Turn {number}: {who} passes"
    assert action.to is not None
    to = _name(action.to)
    if action.kind == "place":
        return f"Turn {number}: {who} places a {action.value} on {to}"
    assert action.start is not None
    back = f", going back {action.back} field{'s' if action.back != 1 else ''} first" if action.back else ""
    return f"Turn {number}: {who} moves the {action.value} from {_name(action.start)} to {to}{back}"


def _name(f: tuple[int, int]) -> str:
    from .rules import field_name

    return field_name(f)


@dataclass(frozen=True)
class Turn:
    """One of the solver's turns, worked out: the position before and after (the
    others' passes not yet played), the eruptions in order, and the fields gained."""

    action: Action
    before: Position
    after: Position
    eruptions: tuple[figures.Eruption, ...]
    skipped: tuple[str, ...]

    @property
    def gained(self) -> int:
        me = self.before.to_move
        return self.after.track[me] - self.before.track[me]


def worked(pos: Position, action: Action) -> Turn:
    """``action`` played from ``pos`` (it must be legal), eruption by eruption."""
    _, steps = stages(pos, action)
    skipped = tuple(triple_name(t) for t, after in steps if after is None)
    return Turn(action, pos, apply(pos, action), tuple(figures.eruptions_of(pos, action)), skipped)


def turn_lines(turn: Turn, total: int, goal: formats.Goal) -> tuple[str, ...]:
    """What happened in a turn, a line each, for players."""
    pos, action = turn.before, turn.action
    me = pos.player
    who = me.value.capitalize()
    out: list[str] = []
    if is_long(action):
        stand = pos.track[pos.to_move] - action.back
        line = pos.board.line(pos.board.track_field(stand))
        along = line_name(line, pos.board) if line is not None else "no line"
        if action.back:
            out.append(f"{who} goes back {action.back} field{'s' if action.back != 1 else ''}, to "
                       f"{pos.board.track_name(stand)}, whose line runs along {along}: the stone may move any distance.")
        else:
            out.append(f"{who}'s volcanist stands on a line along {along}: the stone may move any distance.")
    colours = [p.value for p in pos.players]
    for i, e in enumerate(turn.eruptions, 1):
        gains = ", ".join(f"{c} +{g}" for c, g in zip(colours, e.gained) if g)
        first = f"{_ORDINAL.get(i, str(i))}, " if len(turn.eruptions) + len(turn.skipped) > 1 else ""
        lava = "lava 0" if e.lava == "lava0" else "lava 1"
        out.append(f"{first.capitalize()}{triple_name(e.triple)} erupts ({e.total}): {gains}; {lava} on "
                   f"{_name(e.triple[1])}.")
    for t in turn.skipped:
        out.append(f"Then {t} no longer erupts: its stones changed.")
    if not turn.eruptions:
        out.append("Nothing erupts.")
    g = turn.gained
    sign = f"+{g}" if g >= 0 else str(g)
    out.append(f"{who}: {sign} this turn, {total} of {goal.gain} so far; now on {where(turn.after, turn.after.track[pos.to_move])}.")
    if turn.after.over:
        out.append(f"The game ends ({turn.after.ended_by}).")
    out.append(f"Written: {action}")
    return tuple(out)


def brief(turn: Turn) -> str:
    """The turn in one short sentence, for a card's back: "Move the 2 from e2 to d2:
    d2-d4 erupts; +6."."""
    action = turn.action
    assert action.to is not None
    move = (f"Place a {action.value} on {_name(action.to)}" if action.kind == "place" else
            f"Move the {action.value} from {_name(action.start or action.to)} to {_name(action.to)}"
            + (f", going back {action.back}" if action.back else ""))
    if not turn.eruptions:
        return f"{move}: nothing erupts."
    erupts = ", then ".join(triple_name(e.triple) for e in turn.eruptions)
    g = turn.gained
    return f"{move}: {erupts} erupt{'s' if len(turn.eruptions) == 1 else ''}; {'+' if g >= 0 else ''}{g}."


def step_marks(turn: Turn) -> formats.Marks:
    """What a step's picture points out: the turn, the triples erupted in order, the
    new lava's fields, every volcanist's way (the back-step dashed)."""
    before, after, action = turn.before, turn.after, turn.action
    runs: list[tuple[Player, int, int]] = []
    for seat, p in enumerate(before.players):
        start, end = before.track[seat], after.track[seat]
        if seat == before.to_move and action.back:
            runs.append((p, start, start - action.back))
            start -= action.back
        if end != start:
            runs.append((p, start, end))
    return formats.Marks(fields=tuple(e.triple[1] for e in turn.eruptions), turns=(action,),
                         order=tuple(e.triple for e in turn.eruptions), runs=tuple(runs))


def printed(pos: Position, goal: formats.Goal, line: Sequence[Action], theme: Theme, *, title: str, summary: str,
            number: int = 0, tier: str | None = None, grade_id: str = "", source: str = "") -> PrintedPuzzle:
    """A puzzle and a line of the solver's turns that meets its goal (each legal;
    the others pass between them, HQ1) as the house's layouts print it."""
    me = pos.player
    # The card is printed at about the size the art draws it: its field numbers, START
    # and field names drawn at the layout's least type fit their corners.
    picture = art.card(pos, theme, hand=me, least_pt=MIN_PT)
    # A deck's card prints the picture at about a quarter size, where the layout's least
    # type is 6 pt: no field names, track numbers or START (at 6 pt they would cover their
    # fields' white lines; the back's sentences name the fields), plain stones a little
    # larger, whose numerals grow to 6 pt inside them, and the hand in words, not beside
    # the board (the board drawn across the card's width: a quarter larger).
    on_card = art.card(pos, theme, coords=False, numbers=False, plain=True, stone_share=art.CARD_STONE)
    steps = []
    now = pos
    total = 0
    for i, action in enumerate(line, 1):
        turn = worked(now, action)
        total += turn.gained
        # A turn prints at about half the art's size, where an 8 pt field number would not fit
        # its corner: the track's numbers and the field names are left out (the turn's heading
        # and lines name every field and track field it concerns), the stones plain.
        shown = art.card(turn.after, theme, marks=step_marks(turn), coords=False, numbers=False, plain=True)
        small = art.card(turn.after, theme, marks=step_marks(turn), coords=False, numbers=False, plain=True,
                         stone_share=art.CARD_STONE, badge_pt=CARD_BADGE_PT)
        steps.append(Step(turn_heading(i, now, action), shown, turn_lines(turn, total, goal), brief(turn), small))
        now = skip_to(turn.after, pos.to_move)
    return PrintedPuzzle(number, title or "Hekla puzzle", goal_words(pos, goal), picture, tuple(steps), summary,
                         len(line), fact_lines(pos, goal), tier, grade_id, source, card_picture=on_card,
                         card_facts=(hand_line(pos), *fact_lines(pos, goal)))


__all__ = ["Turn", "brief", "fact_lines", "goal_words", "hand_line", "printed", "step_marks", "turn_heading", "turn_lines", "worked"]
