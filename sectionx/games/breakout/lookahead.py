"""Breakout's ``search`` bot (issue 29): proofs where they are cheap, rollouts elsewhere.

Two ``winner`` bots drew 17 of 20 games (docs/breakout.md): each refuses the other an
escape in one (B6) and otherwise plays the push that best improves a short-sighted
measure of its rope, and from some walls that push is the same for both, turn after
turn (one full row pushed from the same end, a knot falling out each time: the wall
never fills, B7's count never starts, and B9 draws the game after 100 turns).  A
deeper alpha-beta search on a rope-distance measure did not cure it (half its
self-play games drawn: the measure does not see hands, B3, nor the count, B7/B9).

This bot decides each turn in four steps, the first that decides wins:

1. **the only push** (or the pass B3 forces) is played;
2. **a proved escape**: :func:`.solver.solve` within :data:`PROOF_TURNS` of its turns
   against every defence (BQ1's question, B6: an escape on the other's push counts),
   under a node limit so that it stays cheap (a few ms); if it proves one, the bot
   plays one of the proved first pushes, so it never lets a forced escape go;
3. **safety**: of the other pushes, those after which the other player escapes at
   once, or can force an escape within :data:`DEFENCE_TURNS` of their turns (proved
   by the same solver under a smaller limit), are left out while any push is left;
4. **rollouts**: every push still in play is tried :data:`ROLLOUTS` times, the
   break-out played on from it at random (uniformly among legal pushes, B2-B4) to its
   end: +1 when the bot's figure escapes (B6), -1 when the other's does, and
   -:data:`CONTEMPT` when the game is drawn (B7, B9).  A draw ends the whole game,
   so the bot counts it worse than a break-out still open: that is what keeps it from
   the full wall it cannot win and the long shuffle.  The push with the best mean is
   played; ties go to the bot's random generator.

Everything is played on the solver's core (:mod:`.core`, two bit masks a wall, the
referee's rules push by push, tested against it), not on the referee's frozen
positions.  The random generator is the bot's own, seeded: the same seed plays the
same moves (tests/test_breakout_play.py keeps a golden game).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .core import DRAW, GOES_ON, Core, State
from .rules import PLAYERS, Action, Position
from .solver import solve

#: Turns of the bot's own within which a forced escape is looked for (step 2).
PROOF_TURNS = 3
#: Nodes the step-2 proof may visit (a few ms; beyond it the step is skipped).
PROOF_NODES = 20_000
#: Turns of the other player's within which a forced escape rules a push out (step 3).
DEFENCE_TURNS = 2
#: Nodes each step-3 proof may visit.
DEFENCE_NODES = 3_000
#: Random play-outs per push still in play (step 4).
ROLLOUTS = 24
#: What a draw is worth to the bot in a play-out, against +1 for its escape and -1
#: for the other's (step 4).
CONTEMPT = 0.5


class SearchBot:
    """The ``search`` bot (module docstring); a callable from a position to a legal
    action.  ``rollouts`` and ``contempt`` are the step-4 figures, for experiments."""

    def __init__(self, seed: int, rollouts: int = ROLLOUTS, contempt: float = CONTEMPT):
        self.rng = random.Random(seed)
        self.rollouts, self.contempt = rollouts, contempt
        self.core: Core | None = None

    def _rollout(self, core: Core, s: State, me: int) -> float:
        """The break-out played on at random from ``s`` to its end, as the bot scores it."""
        rnd = self.rng.random
        while True:
            pushes = core.pushes(s)
            s, result = core.play(s, pushes[int(rnd() * len(pushes))])
            if result != GOES_ON:
                return -self.contempt if result == DRAW else (1.0 if result == me else -1.0)

    def __call__(self, pos: Position) -> Action:
        if self.core is None or self.core.wall != pos.wall:
            self.core = Core(pos.wall)
        core = self.core
        s = core.state(pos)
        me = s[2]
        pushes = core.pushes(s)
        if len(pushes) == 1:
            return core.action(pushes[0])  # step 1
        proof = solve(pos, PROOF_TURNS, node_limit=PROOF_NODES)
        if proof.turns is not None:  # step 2: a proof never depends on the limit that found it
            return self.rng.choice(proof.first)
        open_: list[tuple[int, State]] = []
        unsafe: list[tuple[int, State]] = []
        lost: list[int] = []
        drawn: list[int] = []
        for c in pushes:
            nxt, result = core.play(s, c)
            if result == me:  # an escape in one that the proof's node limit hid (never with these limits)
                return core.action(c)
            if result == DRAW:
                drawn.append(c)  # B7, B9: the game ends, drawn
            elif result != GOES_ON:
                lost.append(c)  # the other's escape on my push (B6)
            elif self._threatened(core, nxt):
                unsafe.append((c, nxt))
            else:
                open_.append((c, nxt))
        pool = open_ or unsafe
        if not pool:  # every push ends the break-out against the bot: a draw before the other's escape
            return core.action(self.rng.choice(drawn or lost))
        best: list[int] = []
        top = -2.0
        for c, nxt in pool:
            mean = sum(self._rollout(core, nxt, me) for _ in range(self.rollouts)) / self.rollouts
            if mean > top:
                top, best = mean, [c]
            elif mean == top:
                best.append(c)
        return core.action(self.rng.choice(best))

    def _threatened(self, core: Core, s: State) -> bool:
        """Whether the other player, to move in ``s``, escapes at once or can force an
        escape within :data:`DEFENCE_TURNS` (step 3; an unproved one does not count)."""
        other = s[2]
        for c in core.pushes(s):
            if core.play(s, c)[1] == other:
                return True
        answer = solve(_position(core, s), DEFENCE_TURNS, node_limit=DEFENCE_NODES)
        return answer.turns is not None


def _position(core: Core, s: State) -> Position:
    """The referee's position for a core state (the solver's questions take one): the
    wall from the masks, hands from the wall (B1), the bar, counts and whose turn."""
    w = core.wall.fields
    rows = tuple(tuple(PLAYERS[0] if s[0] >> (r * w + c) & 1 else PLAYERS[1] if s[1] >> (r * w + c) & 1 else None
                       for c in range(w)) for r in range(core.wall.rows))
    return Position(core.wall, rows, to_move=PLAYERS[s[2]], hands=(core.hand(s, 0), core.hand(s, 1)),
             barred=None if s[3] < 0 else core.action(s[3]), stalemate=None if s[4] < 0 else s[4], turns=s[5])


def search_bot(seed: int) -> Callable[[Position], Action]:
    """The ``search`` bot for ``seed`` (module docstring)."""
    return SearchBot(seed)


__all__ = ["CONTEMPT", "DEFENCE_TURNS", "PROOF_TURNS", "ROLLOUTS", "SearchBot", "search_bot"]
