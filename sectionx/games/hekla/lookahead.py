"""Hekla's ``search`` bot (issue 29): two plies, its own turn and the next player's answer.

The ``greedy`` bot plays the turn that gains its volcanist most now
(:func:`.solver.best_move`).  It does not look at what the turn leaves behind: a stone
that brings a triple to 7 hands the next player an eruption (H4: 8 or more), and
every volcano stone on an erupting triple runs its owner on too (H6), so a turn can
gain the mover 2 fields and give the next player 5.

The ``search`` bot measures a position by its *margin*: its volcanist's fields less
those of the best-placed other volcanist (HG3: the one furthest along wins, H8).
Every turn it could play (:func:`.solver.candidates`: every place and move, a long
move with the least back-step it needs, H3, which is never worse; every order of
several eruptions, H5) is answered by every turn of the next player, and the bot
plays the turn whose worst answer leaves it the best margin (the next player is
assumed to play against it, which with three and four players is the cautious
view).  A turn that ends the game (H8 the last lava stone, H9 the quiet rounds) is
scored by its result: a win is worth :data:`WON` more than any margin, a shared win
half of it, a loss :data:`WON` less.  Ties go to the larger gain now, then to the
bot's random generator (seeded: the same seed plays the same turns).

The next player's answers that set off no eruption change no volcanist's place but
their own back-step (H3, H6), which can only lower the others' best, so only the
answers that erupt (:func:`~.rules.erupts`) are played out (a quiet answer is still
scored as the end when it would be the last of H9's quiet turns); that is what keeps
a turn to a few hundredths of a second.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .rules import Action, Position, erupts, outcomes
from .solver import candidates

#: What the end of the game is worth beyond any margin of fields (a won game), for
#: the player it is counted for; a shared win counts half (H8).
WON = 1_000


def margin(pos: Position, seat: int) -> int:
    """The seat's fields less the most any other volcanist has (HG3, H8)."""
    others = max(v for i, v in enumerate(pos.track) if i != seat)
    return pos.track[seat] - others


def _ended(pos: Position, seat: int) -> int:
    """The margin of a finished game with the result on top (H8, H9)."""
    return _result(margin(pos, seat))


def _result(m: int) -> int:
    return m + (WON if m > 0 else WON // 2 if m == 0 else -WON)


def worst_answer(after: Position, seat: int) -> int:
    """The least margin for ``seat`` that the next player's answer can leave.  Only
    their turns that erupt are played out: any other turn changes no volcanist's
    place but their own back-step (H3), which can only lower the others' best.  A
    quiet answer that ends the game by H9 is scored as the end."""
    if after.over:
        return _ended(after, seat)
    here = margin(after, seat)
    worst = _result(here) if after.quiet + 1 >= after.quiet_limit else here
    for action in candidates(after):
        if action.kind == "pass" or not erupts(after, action):
            continue
        for _, reply in outcomes(after, action):
            worst = min(worst, _ended(reply, seat) if reply.over else margin(reply, seat))
    return worst


class SearchBot:
    """The ``search`` bot (module docstring); a callable from a position to a legal action."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def __call__(self, pos: Position) -> Action:
        seat = pos.to_move
        best: list[Action] = []
        top: tuple[int, int] | None = None
        for action in candidates(pos):
            for option, after in outcomes(pos, action):
                gain = after.track[seat] - pos.track[seat]
                key = (worst_answer(after, seat), gain)
                if top is None or key > top:
                    top, best = key, [option]
                elif key == top:
                    best.append(option)
        return self.rng.choice(best)


def search_bot(seed: int) -> Callable[[Position], Action]:
    """The ``search`` bot for ``seed`` (module docstring)."""
    return SearchBot(seed)


__all__ = ["WON", "SearchBot", "margin", "search_bot", "worst_answer"]
