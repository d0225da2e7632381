"""The whole answer to a Breakout puzzle (BQ1): the solver's push at each of its turns,
every reply of the other player with the winning answer to it, and whether the
answer is unique.

Words (``docs/breakout.md``, "Unique"):

* *S* is the puzzle's player, the player to move; *k* the turns S has left.
* A **winning push** at a turn with k turns left is a push after which S escapes
  within k turns whatever the other player does (or with the other player
  passing, BQ1's second goal); the solver (:mod:`.solver`) proves it.
* A **longest defence** is a reply after which S still needs every one of its
  remaining turns.  Other replies are mistakes: S wins sooner after them.
* The **solution tree**: from the start (S needs N turns, the proved minimum), S's
  winning push, then every longest defence, then S's winning push again, and so
  on to the escape.  The **main line** follows the first longest defence (pushes
  in the order L1, R1, L2, ...), as ``sectionx solve`` prints it.
* The answer is **unique** when at every turn of S in the solution tree except
  the last, exactly one push wins within the turns left.  The last turn is the
  escape itself, which may sometimes be made in two ways (the gap of a rope
  filled from either end); every push before it, the first above all, is forced.

Every question goes to the solver's search, which keeps its table of proved
positions across them and stops at its node limit (:class:`~.solver.Stopped`),
a count, so that the answer is the same on every machine.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from ...console import plural
from .rules import PASS, Action, Position, apply, forced_pass, legal_actions
from .solver import Search, Stopped, outcome


@dataclass(frozen=True)
class Reply:
    """The other player's ``push`` (``pass`` for a passing opponent): whether it gave
    S the escape at once (B6), else S's winning ``answer`` and the ``turns`` S then
    needs, the answer's included."""

    push: Action
    escape: bool
    answer: Action | None
    turns: int


@dataclass(frozen=True)
class Turn:
    """One turn of S on the main line: the position ``before``, S's ``push`` and the
    other pushes that win as well (``duals``), the position ``after`` it, whether S
    escaped with it, every reply of the other player, and the main line's defence
    (the first longest one; None after an escape)."""

    number: int
    before: Position
    push: Action
    duals: tuple[Action, ...]
    after: Position
    escaped: bool
    replies: tuple[Reply, ...]
    defence: Reply | None


@dataclass(frozen=True)
class Solution:
    """A puzzle's whole answer: ``turns`` (the proved minimum), the main line turn by
    turn, whether it is unique (and if not, where: ``dual``), the solver's turns in
    the solution tree (``lines``: what a player reads to be sure), the nodes spent."""

    turns: int
    line: tuple[Turn, ...]
    unique: bool
    dual: str
    lines: int
    nodes: int

    @property
    def first(self) -> Action:
        return self.line[0].push

    def pushes(self) -> tuple[Action, ...]:
        """The main line as ``sectionx solve`` prints it: S's push, the defence, ..."""
        out: list[Action] = []
        for t in self.line:
            out.append(t.push)
            if t.defence is not None:
                out.append(t.defence.push)
        return tuple(out)


class Answers:
    """The questions of the module docstring for one puzzle (``pos``, S to move)."""

    def __init__(self, pos: Position, *, solo: bool, node_limit: int, seconds: float | None = None):
        self.start = pos
        self.me = pos.to_move
        self.solo = solo
        # --time, as for solve: checked every 256 positions; by default only counts limit the search.
        self.search = Search(self.me, solo, node_limit, None if seconds is None else time.monotonic() + seconds)

    def least(self, pos: Position, limit: int) -> int | None:
        """The fewest turns, at most ``limit``, in which S (to move) forces an escape."""
        return next((k for k in range(1, limit + 1) if self.search.win(pos, k)), None)

    def winners(self, pos: Position, k: int) -> list[Action]:
        """S's pushes that win within ``k`` turns, in the order of :func:`legal_actions`."""
        return [a for a in legal_actions(pos) if self.search.after_mine(pos, a, k)]

    def replies(self, after: Position, k: int) -> list[Reply]:
        """Every reply of the other player to S's winning push (``k`` turns were left
        before it), with S's fastest winning answer to each."""
        out = []
        for b in [PASS] if self.solo else legal_actions(after):
            nxt = forced_pass(after) if self.solo else apply(after, b)
            done = outcome(after, nxt, self.me)
            if done is True:
                out.append(Reply(b, True, None, 0))
                continue
            assert done is None, "a winning push leaves the other player no escape and no draw"
            need = self.least(nxt, k - 1)
            assert need is not None, "a winning push wins against every reply"
            out.append(Reply(b, False, self.winners(nxt, need)[0], need))
        return out

    def solution(self, turns: int) -> Solution:
        """The whole answer for a puzzle S solves in ``turns`` (proved minimal)."""
        line: list[Turn] = []
        pos, k = self.start, turns
        while True:
            winners = self.winners(pos, k)
            push = winners[0]
            after = apply(pos, push)
            escaped = outcome(pos, after, self.me) is True
            replies = () if escaped else tuple(self.replies(after, k))
            longest = [r for r in replies if not r.escape and r.turns == k - 1]
            defence = None if escaped else (longest[0] if longest else max(replies, key=lambda r: r.turns))
            line.append(Turn(len(line) + 1, pos, push, tuple(winners[1:]), after, escaped, replies, defence))
            if escaped or defence is None or defence.escape:
                break
            pos = forced_pass(after) if self.solo else apply(after, defence.push)
            k = defence.turns
        dual, lines = self._tree(self.start, turns, ())
        return Solution(turns, tuple(line), not dual, dual, lines, self.search.nodes)

    def _tree(self, pos: Position, k: int, played: tuple[Action, ...]) -> tuple[str, int]:
        """Walk the solution tree from ``pos`` (S to move, needing exactly ``k``): the
        first place where more than one push wins before the last turn (``""`` for
        none), and S's turns in the tree."""
        winners = self.winners(pos, k)
        if k >= 2 and len(winners) != 1:
            where = f"after {' '.join(map(str, played))}" if played else "at the start"
            verb = "wins" if len(winners) == 1 else "win"
            said = (f"{where}, {plural(len(winners), 'push', 'pushes')} {verb} within {plural(k, 'turn')}: "
                    f"{', '.join(map(str, winners))}")
            return said, 1
        after = apply(pos, winners[0])
        if outcome(pos, after, self.me) is not None:
            return "", 1
        count = 1
        for r in self.replies(after, k):
            if r.escape or r.turns != k - 1:
                continue  # a mistake of the other player's: S wins sooner, by any of its ways
            nxt = forced_pass(after) if self.solo else apply(after, r.push)
            dual, n = self._tree(nxt, k - 1, (*played, winners[0], r.push))
            count += n
            if dual:
                return dual, count
        return "", count


@dataclass(frozen=True)
class Proof:
    """:func:`prove`'s result: the whole answer (None when there is none within the
    limit, or when the search stopped first: then ``complete`` is False), and up to
    which number of turns no escape was proved (``proved_none_below``)."""

    solution: Solution | None
    complete: bool
    proved_none_below: int
    nodes: int


def prove(pos: Position, limit: int, *, solo: bool, node_limit: int, seconds: float | None = None) -> Proof:
    """The fewest turns (at most ``limit``) in which S forces an escape, proved as
    :func:`.solver.solve` proves it (every smaller number refuted first), and the
    whole answer worked out by the same search, its table shared."""
    answers = Answers(pos, solo=solo, node_limit=node_limit, seconds=seconds)
    proved_none = 0
    try:
        for k in range(1, limit + 1):
            if answers.search.win(pos, k):
                return Proof(answers.solution(k), True, k - 1, answers.search.nodes)
            proved_none = k
    except Stopped:
        return Proof(None, False, proved_none, answers.search.nodes)
    return Proof(None, True, limit, answers.search.nodes)


def solve_whole(pos: Position, turns: int, *, solo: bool, node_limit: int, seconds: float | None = None) -> Solution:
    """The whole answer of a puzzle whose minimum ``turns`` is proved (module
    docstring); :class:`~.solver.Stopped` when ``node_limit`` (or ``seconds``) is reached."""
    return Answers(pos, solo=solo, node_limit=node_limit, seconds=seconds).solution(turns)


__all__ = ["Answers", "Proof", "Reply", "Solution", "Turn", "prove", "solve_whole"]
