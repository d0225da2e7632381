"""Hekla's ``search`` bot (issue 29): two plies, its own turn and the next player's answer.

The ``greedy`` bot plays the turn that gains its volcanist most now
(:func:`.solver.best_move`).  It does not look at what the turn leaves behind: a stone
that brings a triple to 7 hands the next player an eruption (H4: 8 or more), and
every volcano stone on an erupting triple runs its owner on too (H6), so a turn can
gain the mover 2 fields and give the next player 5.

The ``search`` bot measures a position by its *lead*: its volcanist's fields less the
mean of the other volcanists' (:func:`lead`, kept in whole numbers by counting it
``players - 1`` times).  Every turn it could play (:func:`.solver.candidates`: every
place and move, a long move with the least back-step it needs, H3, which is never
worse; every order of several eruptions, H5) is answered by the next player, taken
to play as most players do, the turn that gains them most now (H6; their back-step,
H3, counts against it), and among the turns that gain them that much the one worst
for the bot (:func:`answer`).  The bot plays the turn that leaves it the best lead
after that answer; ties go to the larger gain now, then to the bot's random
generator (seeded: the same seed plays the same turns).  A turn or an answer that
ends the game (H8 the last lava stone, H9 the quiet rounds) is scored by its result on
top of the lead: a win is worth :data:`WON`, a shared win half of it, a loss
-:data:`WON` (the one furthest along wins, H8, so here the bot's fields are set
against the best other's).

Two views were measured (``benchmarks/bench_hekla_bots.py``: one ``search`` seat
against ``greedy`` in the others, every seat in turn; seeds from 3000, 60 games a
player count; docs/hekla.md).  The lead over the *best* other volcanist with the next
player's *worst* answer for the bot won 93 % of two-player games but only 44 % of
three-player and 17 % of four-player ones (fair: 50, 33 and 25 %): it shied away
from every eruption that fed any one other player, and the next player seldom plays
against it.  The mean lead with the answer that gains the next player most, this
bot, won 100 %, 78 % and 59 %.

Only the next player's turns that erupt (:func:`~.rules.erupts`) are played out:
one that erupts nothing moves no volcanist but their own, back by its back-step (H3,
H6), so its effect is known without playing it; that keeps a turn of the bot's to a
few hundredths of a second.  Of the long moves only the least back-step is looked at
(:func:`.solver.candidates`): a longer one gains strictly less, so it is never the
answer that gains most.  ``tests/test_hekla_play.py`` checks :func:`answer` against
every turn of the next player's played by the referee.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .rules import Action, Position, erupts, outcomes
from .solver import candidates

#: What the end of the game is worth beyond any lead (a won game), for the player it
#: is counted for; a shared win counts half (H8), a loss the negative.
WON = 1_000


def lead(track: tuple[int, ...], seat: int) -> int:
    """The seat's fields less the mean of the others', times ``players - 1``."""
    return track[seat] * (len(track) - 1) - (sum(track) - track[seat])


def value(track: tuple[int, ...], seat: int, over: bool) -> int:
    """:func:`lead`, with the result on top when the game is over (H8, H9): the one
    furthest along wins, players level share the win."""
    if not over:
        return lead(track, seat)
    best_other = max(v for i, v in enumerate(track) if i != seat)
    won = WON if track[seat] > best_other else WON // 2 if track[seat] == best_other else -WON
    return lead(track, seat) + won


def answer(after: Position, seat: int) -> int:
    """The seat's :func:`value` after the next player's answer to the position
    ``after``: of their turns the ones that gain them most now (H6; a back-step, H3,
    counts against it), and of those the one worst for the seat."""
    if after.over:
        return value(after.track, seat, True)
    me = after.to_move
    best_gain: int | None = None
    worst = 0
    for action in candidates(after):
        if action.kind == "pass" or not erupts(after, action):
            # Nothing erupts: only the answering volcanist moves, back by the back-step;
            # the game ends if this was the last of H9's quiet turns.
            track = after.track if not action.back else tuple(
                v - action.back if i == me else v for i, v in enumerate(after.track))
            found = [(-action.back, value(track, seat, after.quiet + 1 >= after.quiet_limit))]
        else:
            found = [(reply.track[me] - after.track[me], value(reply.track, seat, reply.over))
                     for _, reply in outcomes(after, action)]
        for gain, v in found:
            if best_gain is None or gain > best_gain:
                best_gain, worst = gain, v
            elif gain == best_gain:
                worst = min(worst, v)
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
                key = (answer(after, seat), after.track[seat] - pos.track[seat])
                if top is None or key > top:
                    top, best = key, [option]
                elif key == top:
                    best.append(option)
        return self.rng.choice(best)


def search_bot(seed: int) -> Callable[[Position], Action]:
    """The ``search`` bot for ``seed`` (module docstring)."""
    return SearchBot(seed)


__all__ = ["WON", "SearchBot", "answer", "lead", "search_bot", "value"]
