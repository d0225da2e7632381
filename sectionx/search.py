"""Exact search over turns: iterative deepening with an admissible bound and a
transposition table, then an exact count of the optimal plans.  No game words:
a game supplies a :class:`Problem` and this module proves what is optimal.

What is optimal.  A solution is a sequence of turns (successors) whose last one
meets the goal.  Solutions are compared first by their number of turns, then by
their *cost* (a game counts what it wants there; Section X counts tile and door
actions, so that pointless extra actions in a turn do not make another
solution).  A solution's *plan* is the sequence of its turns' plan parts; two
solutions with the same plan are the same solution.  The result gives the fewest
turns, the least cost among those, one optimal solution, and the number of
distinct optimal plans (exact up to a cap).

Why the answer is exact (each point relies only on the contract of
:class:`Problem`):

1. **Iterative deepening** tries depth limits ``d = max(1, h(root)), d + 1, …``;
   the first ``d`` at which a solution is found is the minimum, because every
   smaller limit was searched exhaustively (modulo 2 and 3, which only cut what
   provably holds no solution within the limit).
2. **Admissible bound.**  ``lower_bound(node)`` never exceeds the true number of
   turns the node still needs; a node with ``lower_bound > remaining`` holds no
   solution within the limit and is cut.
3. **Transposition table.**  Nodes with equal ``key`` have the same futures (same
   successors, plans, costs and goal), so once a key is refuted with ``r`` turns
   remaining it is refuted for every ``r' <= r``.  The table stores the largest
   refuted ``r`` per key.
4. **Counting.**  With the minimum ``D`` known, :func:`_Counter.best` computes, for
   each node and remaining ``r``, the least cost of a solution within ``r`` turns
   and the set of plan suffixes achieving it (memoised per key and ``r``, by 3).
   A set larger than the cap is cut to ``cap + 1`` elements: the count is then
   reported as "more than ``cap``", never as a number it did not see.
5. **Least cost and uniqueness before the count.**  The deepening's budgeted
   passes (``floor``, ``floor + 1``, then any cost, then every budget between)
   each prove "none within ``b``" when they fail, so the first solution found in
   the pass that succeeds costs the least (its budget, or the any-cost pass's
   cost when no budget between holds one).  :class:`_Unique` then walks every
   line that keeps that solution's plan and asks :meth:`_Search.find` below each
   turn that leaves it: a solution there within the turns and cost left is a
   second optimal plan (it cannot be shorter or cheaper); none anywhere proves
   the plan unique.  Only with a second plan does the count (4) run; a limit that
   stops it leaves a proved answer: the turns, the least cost and "more than 1".

Limits (nodes, seconds) stop the search with an honest "unknown": the result
then carries the largest depth limit that was searched to the end, so
``proved_at_least`` turns are needed — a proof, not a guess (past the count's
start, point 5, the answer is "solved": what a limit leaves unfinished there is
only how many plans past one).  The clock is read
between nodes, and, for a game whose one node can take long to expand (a whole
turn of Section X with thousands of lines of play), also inside an expansion:
such a problem offers ``watch(check)``, and calls ``check()`` now and then while
it lists successors; ``check`` raises :class:`LimitReached` past the time limit
and reports progress, as between nodes.
"""

from __future__ import annotations

import gc
import threading
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from .console import plural

N = TypeVar("N")  # a node: whatever the game keeps of a position at the start of a turn
M = TypeVar("M")  # a move: whatever the game needs to replay one turn
N_co = TypeVar("N_co", covariant=True)


@dataclass(frozen=True)
class Successor(Generic[N, M]):
    """One whole turn from a node.

    ``met`` says the goal is met during this turn (the solution ends with it; then
    ``node`` is the position where it was met).  ``plan`` is the turn's part of the
    plan (hashable; equal plans are the same solution), ``cost`` what it adds to the
    solution's cost, ``move`` what replays it.
    """

    node: N
    move: M
    plan: Hashable
    cost: int = 0
    met: bool = False


class Problem(Protocol[N, M]):
    """What a game supplies to be searched.

    Contract (the proof in the module docstring relies on it):

    * ``successors(node, remaining)`` yields every distinct turn from ``node`` (two
      turns that reach equal keys with equal plans and costs may be given once),
      except turns after which the goal provably cannot be met within
      ``remaining - 1`` further turns (a game may leave those out, or not);
    * ``key(node)``: equal keys mean equal futures;
    * ``lower_bound(node)``: at most the number of turns ``node`` still needs to meet
      the goal (0 is always admissible).
    * ``cost_bound(node, remaining)`` (optional; 0 if absent): at most the cost any
      solution from ``node`` within ``remaining`` turns still adds.
    * ``successors_within(node, remaining, budget)`` (optional): the turns of
      ``successors`` whose cost is at most ``budget`` (it may give more), less any
      whose cost plus the child's ``cost_bound`` for ``remaining - 1`` turns
      exceeds ``budget`` (the search skips those anyway), and whether it left out
      any turn of ``successors`` (False: these are all of them); a search that
      only looks for solutions that cheap asks for these.
    * ``successors_kept(node, remaining, budget, kept)`` (optional): the same
      (``budget`` None: every turn, and False), for the start of the deepening,
      which each pass lists again within a larger budget; and what the game may
      need to extend this listing to a larger budget rather than list it anew
      (None: nothing), which the search hands back as ``kept`` the next time it
      lists the node, and drops when it will not list it again.  The same turns
      either way.
    * ``first_met(node, budget)`` (optional): with one turn left, a turn of
      ``successors`` that meets the goal at a cost of at most ``budget`` (None:
      any cost), or None when none does; and whether turns costing more than the
      budget were left out unseen.  The deepening asks it instead of listing a
      last turn whole: it needs only one such turn.
    * ``watch(check)`` (optional): the search hands over a callable (or None when
      it ends) that the problem calls every so often while it lists a node's
      successors; ``check`` may raise :class:`LimitReached`, which the problem
      lets through (after putting back whatever it changed in place).
    """

    def successors(self, node: N, remaining: int) -> Iterable[Successor[N, M]]: ...

    def key(self, node: N) -> Hashable: ...

    def lower_bound(self, node: N) -> int: ...


@dataclass(frozen=True)
class Limit:
    """Where a search gives up: ``nodes`` expanded, ``seconds`` of wall time (None:
    no limit), and the most turns a solution may take."""

    turns: int = 50
    nodes: int | None = None
    seconds: float | None = None


@dataclass
class Stats:
    """What the search did: nodes expanded, table hits, bound cuts, the depth limit
    being searched."""

    nodes: int = 0
    table_hits: int = 0
    bound_cuts: int = 0
    depth: int = 0
    started: float = field(default_factory=time.perf_counter)

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.started


@dataclass(frozen=True)
class Result(Generic[M]):
    """The answer.

    ``status`` is ``"solved"`` (``turns``, ``cost``, ``moves``, ``plans`` set: the
    fewest turns, the least cost among them and whether the plan is unique, all
    proved), ``"impossible"`` (no solution within ``limit.turns``: proved) or
    ``"unknown"`` (a node or time limit stopped the search; ``proved_at_least``
    turns are needed, and if a solution was found its ``turns`` are known but not
    its least cost or uniqueness: ``plans`` is None).
    ``plans`` counts distinct optimal plans; ``plans_capped`` says the true number
    is more than ``plans - 1``: ``plans`` is ``cap + 1`` when the count passed the
    cap, and 2 when a limit stopped the count after it proved more than one plan
    (``reason`` then says which limit; it is empty on any other solved result).
    """

    status: str
    turns: int | None
    cost: int | None
    moves: tuple[M, ...]
    plans: int | None
    plans_capped: bool
    proved_at_least: int
    stats: Stats
    reason: str = ""
    #: The optimal plans seen (all of them unless ``plans_capped``), sorted by repr.
    plan_list: tuple[tuple[Hashable, ...], ...] = ()

    @property
    def unique(self) -> bool | None:
        """True/False once the plans are counted, None if not known."""
        return None if self.plans is None else self.plans == 1


class LimitReached(Exception):
    """Raised inside the search when a node or time limit is hit."""


Progress = Callable[[Stats, str], None]


class _Search(Generic[N, M]):
    def __init__(self, problem: Problem[N, M], limit: Limit, progress: Progress | None):
        self.problem = problem
        self.limit = limit
        self.progress = progress
        self.stats = Stats()
        self.refuted: dict[Hashable, int] = {}
        self.found_cost = 0  # the cost of the solution find() returned
        # Its plan: a last turn answered by ``first_met`` may be another line of play
        # than the one a listing keeps for that ending, so moves cannot be looked up.
        self.found_plan: tuple[Hashable, ...] = ()
        # The start's successors at the final depth, kept by find for the count (the
        # start is the most expensive node to expand, and the count needs it again).
        # (With what the game keeps to extend the listing: successors_kept.)
        self.kept: dict[tuple[Hashable, int], tuple[int | None, list[Successor[N, M]], object]] = {}
        self._next_report = 1.0
        # Per (key, turns): the largest cost budget within which find proved no solution.
        self.poor: dict[tuple[Hashable, int], int] = {}
        self.budget_cut = False  # whether a budgeted pass skipped anything for its budget
        self.phase = "searching"  # what the search is doing, for the progress reports
        bound = getattr(problem, "cost_bound", None)
        self.cost_bound: Callable[[N, int], int] = bound if bound is not None else (lambda node, remaining: 0)
        self.within: Callable[[N, int, int], tuple[Iterable[Successor[N, M]], bool]] | None = getattr(
            problem, "successors_within", None)
        self.first_met: Callable[[N, int | None], tuple[Successor[N, M] | None, bool]] | None = getattr(
            problem, "first_met", None)
        self.within_kept: Callable[[N, int, int | None, object], tuple[Iterable[Successor[N, M]], bool, object]
                                   ] | None = getattr(problem, "successors_kept", None)

    def check(self) -> None:
        """The time limit and the progress report (about once a second): between
        nodes, and inside a long expansion through the problem's ``watch``."""
        if self.limit.seconds is not None or self.progress is not None:
            elapsed = self.stats.seconds
            if self.limit.seconds is not None and elapsed > self.limit.seconds:
                raise LimitReached(f"time limit {self.limit.seconds:g} s reached")
            if self.progress is not None and elapsed >= self._next_report:
                self._next_report = elapsed + 1.0
                self.progress(self.stats, self.phase)

    def visit(self) -> None:
        """A node is expanded: counted against the node limit, and the clock read."""
        s = self.stats
        s.nodes += 1
        if self.limit.nodes is not None and s.nodes > self.limit.nodes:
            raise LimitReached(f"node limit {self.limit.nodes:,} reached")
        self.check()

    def expand(self, node: N, remaining: int, budget: int | None = None) -> list[Successor[N, M]]:
        kept = self.kept.pop((self.problem.key(node), remaining), None)
        if kept is not None and _covers(kept[0], budget):
            return kept[1]
        return list(self.stream(node, remaining, budget)[0])

    def stream(self, node: N, remaining: int, budget: int | None = None
               ) -> tuple[Iterator[Successor[N, M]], int | None]:
        """The node's successors as the game yields them, with the limits checked;
        with a ``budget``, those of a cost within it at least.  Also the budget
        they were listed within (None: all of them)."""
        self.visit()
        if budget is not None and self.within is not None:
            some, left_out = self.within(node, remaining, budget)
            return iter(some), budget if left_out else None
        return iter(self.problem.successors(node, remaining)), None

    def listed_again(self, node: N, remaining: int, budget: int | None, kept: object
                     ) -> tuple[int | None, list[Successor[N, M]], object]:
        """:meth:`stream` for a node the deepening will list again within a larger
        budget (the start): the budget listed within, the successors, and what the
        game keeps to extend them (its ``successors_kept``; else nothing)."""
        if self.within_kept is None:
            listed, within = self.stream(node, remaining, budget)
            return within, list(listed), None
        self.visit()
        some, left_out, kept = self.within_kept(node, remaining, budget, kept)
        return budget if left_out else None, list(some), kept

    def first(self, node: N, budget: int | None) -> Successor[N, M] | None:
        """With one turn left: a turn that meets the goal within ``budget``, or None
        (proved none); the budget marked as having cut when it left anything out."""
        self.visit()
        assert self.first_met is not None
        found, left_out = self.first_met(node, budget)
        if left_out and budget is not None:
            self.budget_cut = True
        return found

    def find(self, node: N, remaining: int, keep: bool = False, budget: int | None = None) -> list[M] | None:
        """One solution within ``remaining`` turns (moves in order), or None: proved none.
        ``keep``: remember the node's successors for :meth:`expand`.  ``budget``:
        look only for solutions costing at most this much (children whose cost so
        far plus their cost bound exceed it are skipped), and then None proves
        only that none that cheap exists (kept in its own table) -- unless the
        budget skipped nothing below this node: then the pass was the unbudgeted
        search, and None proves that none exists at all (the refuted table)."""
        key = self.problem.key(node)
        if self.refuted.get(key, -1) >= remaining:
            self.stats.table_hits += 1
            return None
        if budget is not None and self.poor.get((key, remaining), -1) >= budget:
            self.stats.table_hits += 1
            self.budget_cut = True
            return None
        if self.problem.lower_bound(node) > remaining:
            self.stats.bound_cuts += 1
            return None
        # Whether the budget skipped anything below this node: tracked per node.
        outer, self.budget_cut = self.budget_cut, False
        found = self._find(node, key, remaining, keep, budget)
        here, self.budget_cut = self.budget_cut, outer or self.budget_cut
        if found is None:
            if budget is None or not here:
                self.refuted[key] = max(self.refuted.get(key, -1), remaining)
            else:
                self.poor[(key, remaining)] = max(self.poor.get((key, remaining), -1), budget)
        return found

    def _find(self, node: N, key: Hashable, remaining: int, keep: bool, budget: int | None) -> list[M] | None:
        cost_bound = self.cost_bound
        if remaining == 1 and not keep and self.first_met is not None:
            # The last turn: one turn that meets the goal is all that is asked (the
            # count lists the turns again, within its own budget).  Not at the start
            # (``keep``), whose listing the next pass and the count read.
            met = self.first(node, budget)
            if met is None:
                return None
            self.found_cost, self.found_plan = met.cost, (met.plan,)
            return [met.move]
        children = []
        succs: Iterable[Successor[N, M]]
        if keep:
            # The start's successors, all of them (met ones too: a pass with a smaller
            # budget skips those that cost too much), for the next pass and the count.
            had = self.kept.get((key, remaining))
            if had is None or not _covers(had[0], budget):
                had = self.listed_again(node, remaining, budget, None if had is None else had[2])
                self.kept = {(key, remaining): had}
            succs = had[1]
            within = had[0]
        else:
            succs, within = self.stream(node, remaining, budget)
        if within is not None:
            self.budget_cut = True  # the game left out turns too dear for the budget
        for succ in succs:
            if succ.met:
                if budget is not None and succ.cost > budget:
                    self.budget_cut = True
                    continue
                self.found_cost, self.found_plan = succ.cost, (succ.plan,)
                return [succ.move]
            children.append(succ)
        if remaining > 1:
            # Most promising first: fewest turns still needed; then, in a pass with a
            # budget, the dearest turns first, as what is left of the budget below them is
            # least and their search the smallest (a turn that cost nothing is searched
            # below with the whole budget: in Section X, every tile action of the next
            # turn); without a budget, the cheapest first.  Order only: no answer changes.
            if budget is None:
                children.sort(key=lambda s: (self.problem.lower_bound(s.node), s.cost))
            else:
                children.sort(key=lambda s: (self.problem.lower_bound(s.node), -s.cost))
            for succ in children:
                if self.problem.lower_bound(succ.node) > remaining - 1:
                    self.stats.bound_cuts += 1  # cut whatever the budget: no proof leans on it
                    continue
                if budget is not None and succ.cost + cost_bound(succ.node, remaining - 1) > budget:
                    self.budget_cut = True
                    continue
                rest = self.find(succ.node, remaining - 1, budget=None if budget is None else budget - succ.cost)
                if rest is not None:
                    self.found_cost += succ.cost
                    self.found_plan = (succ.plan, *self.found_plan)
                    return [succ.move, *rest]
        return None


def _covers(had: int | None, budget: int | None) -> bool:
    """Whether successors listed within budget ``had`` (None: all) hold every one
    within ``budget``."""
    return had is None or (budget is not None and budget <= had)


@dataclass
class _Best(Generic[M]):
    cost: int
    plans: set[tuple[Hashable, ...]]
    moves: tuple[M, ...]


def _size(moves: Sequence[object]) -> int:
    """How long a solution is to read: the items of its turns when they are sequences."""
    return sum(len(m) if isinstance(m, Sequence) else 1 for m in moves)


class _Counter(Generic[N, M]):
    """The least cost within ``r`` turns and every plan achieving it (capped), by
    branch and bound on the cost: ``best(node, r, budget)`` looks only for solutions
    costing at most ``budget``.  A child whose cost so far plus its ``cost_bound``
    exceeds the budget holds no such solution, and once a solution of cost ``c`` is
    found the budget drops to ``c`` (solutions of equal cost are all kept).  The memo
    stores, per key and ``r``, either the exact answer (found within the budget it
    was asked with: every plan of that least cost was within the budget, so all
    were seen) or "none within budget ``b``", which answers any budget ``<= b``.
    A node stops early once its best cost is at most its floor and more than ``cap``
    plans of that cost are known: the floor is the cost bound, or one more than a
    budget within which the deepening proved no solution (``_Search.poor``),
    whichever is larger (costs are whole numbers, so none below ``b + 1`` means
    none below the floor), so nothing cheaper exists and the count is "more than
    ``cap``" whatever the rest holds; the line of play shown is then the shortest
    among the solutions seen."""

    def __init__(self, search: _Search[N, M], cap: int):
        self.search = search
        self.cap = cap
        self.memo: dict[tuple[Hashable, int], _Best[M] | int] = {}
        self.cost_bound = search.cost_bound

    def best(self, node: N, remaining: int, budget: int) -> _Best[M] | None:
        problem = self.search.problem
        key = (problem.key(node), remaining)
        known = self.memo.get(key)
        if known is not None:
            if isinstance(known, _Best):
                self.search.stats.table_hits += 1
                return known if known.cost <= budget else None
            if known >= budget:
                self.search.stats.table_hits += 1
                return None
        if self.search.poor.get(key, -1) >= budget:
            # The deepening proved, with a budget at least this large, that none is this cheap.
            self.search.stats.table_hits += 1
            self.memo[key] = self.search.poor[key]
            return None
        out: _Best[M] | None = None
        if self.search.refuted.get(key[0], -1) < remaining and problem.lower_bound(node) <= remaining:
            # Nothing cheaper than the cost bound exists, nor anything as cheap as a
            # budget the deepening already proved empty here (its ``poor`` table:
            # none within ``remaining`` turns costing at most that much).
            floor = max(self.cost_bound(node, remaining), self.search.poor.get(key, -1) + 1)
            # The cheapest turns first (order only): they leave the most budget below, where
            # plans of the least cost are most often found, so ``cap + 1`` of them come sooner.
            for succ in sorted(self.search.expand(node, remaining, budget), key=lambda s: s.cost):
                if out is not None:
                    budget = out.cost  # only solutions as cheap as the best so far matter
                    if out.cost <= floor and len(out.plans) > self.cap:
                        break  # nothing cheaper exists, and "more than cap" is already known
                if succ.met:
                    if succ.cost > budget:
                        continue
                    found = _Best(succ.cost, {(succ.plan,)}, (succ.move,))
                elif remaining > 1:
                    if succ.cost + self.cost_bound(succ.node, remaining - 1) > budget:
                        continue
                    sub = self.best(succ.node, remaining - 1, budget - succ.cost)
                    if sub is None:
                        continue
                    found = _Best(succ.cost + sub.cost, {(succ.plan, *p) for p in sub.plans}, (succ.move, *sub.moves))
                else:
                    continue
                if out is None or found.cost < out.cost:
                    out = found
                elif found.cost == out.cost:
                    out.plans |= found.plans
                    if _size(found.moves) < _size(out.moves):
                        out.moves = found.moves  # the shorter line of play is the one shown
                if len(out.plans) > self.cap:
                    out.plans = set(sorted(out.plans, key=repr)[: self.cap + 1])
        self.memo[key] = out if out is not None else budget
        return out


_pausing = threading.Lock()
_paused = [0, False]  # searches running with the collector paused; whether it was on before the first


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector held off while the block runs, then as it was.

    A search keeps millions of small tuples alive to its end (its tables, the
    successors of the nodes on its path), and every full collection walks them
    all again: a quarter of a Section X solve's time on puzzles of issue 29's
    unseen set (docs/benchmarks.md).  Only for a search that makes no reference
    cycles (:func:`solve`'s ``pause_collector``; tests/test_exact.py checks that
    a Section X solve leaves none behind), so that nothing it frees waits for
    the collector and memory is what it was.  Nested and threaded uses count:
    the collector comes back when the last one ends, and only if it was on
    before the first."""
    with _pausing:
        if _paused[0] == 0:
            _paused[1] = gc.isenabled()
            gc.disable()
        _paused[0] += 1
    try:
        yield
    finally:
        with _pausing:
            _paused[0] -= 1
            if _paused[0] == 0 and _paused[1]:
                gc.enable()


def solve(problem: Problem[N, M], root: N, limit: Limit = Limit(), *, cap: int = 50,
          count: bool = True, progress: Progress | None = None, pause_collector: bool = False) -> Result[M]:
    """The fewest turns from ``root`` to the goal, proved (see the module docstring).

    With ``count`` the optimal plans are counted up to ``cap`` (the count is exact
    when it is at most ``cap``).  ``progress`` is called about once a second with
    the statistics.  ``pause_collector``: the caller vouches that the problem makes
    no reference cycles, and the cyclic garbage collector is paused while the
    search runs (:func:`collector_paused`).
    """
    search: _Search[N, M] = _Search(problem, limit, progress)
    with collector_paused() if pause_collector else nullcontext():
        return _watched(search, root, limit, cap, count)


def _watched(search: _Search[N, M], root: N, limit: Limit, cap: int, count: bool) -> Result[M]:
    """:func:`_solve` with the problem given the search's clock while it runs, if it takes one."""
    watch: Callable[[Callable[[], None] | None], None] | None = getattr(search.problem, "watch", None)
    if watch is None or (limit.seconds is None and search.progress is None):
        return _solve(search, root, limit, cap, count)
    watch(search.check)
    try:
        return _solve(search, root, limit, cap, count)
    finally:
        watch(None)


def _solve(search: _Search[N, M], root: N, limit: Limit, cap: int, count: bool) -> Result[M]:
    problem = search.problem
    depth = max(1, problem.lower_bound(root))
    proved = depth
    try:
        while depth <= limit.turns:
            search.stats.depth = depth
            _report(search, f"searching {plural(depth, 'turn')}")
            # The cheapest solutions first: within the cost bound, then one more (the
            # cost bound prunes wasted tile actions, which are most of a turn's lines),
            # then any cost, which alone proves that this depth has no solution.
            floor = search.cost_bound(root, depth)
            moves = None
            for budget in (floor, floor + 1, None):
                search.budget_cut = False
                moves = search.find(root, depth, keep=True, budget=budget)
                if moves is not None or not search.budget_cut:
                    break  # found, or the budget cut nothing: the pass proved the depth empty
            if moves is not None:
                break
            proved = depth + 1
            depth += 1
        else:
            # The bound may prove more (even "never"); what is reported is what was asked.
            return Result("impossible", None, None, (), None, False, limit.turns + 1, search.stats,
                          f"no solution within {plural(limit.turns, 'turn')}")
    except LimitReached as exc:
        return Result("unknown", None, None, (), None, False, proved, search.stats, str(exc))
    if not count:
        return Result("solved", depth, None, tuple(moves), None, False, depth, search.stats)
    try:
        if budget is None:
            # The unbudgeted pass found a solution of some cost, and the passes before it
            # proved none within ``floor + 1``: the budgets between are searched in turn,
            # the first that holds a solution being the least cost.  Each pass that holds
            # none leaves its "none within" marks (``poor``), so that the count below
            # knows the least cost everywhere it looks and stops at ``cap + 1`` plans of
            # it instead of searching every cheaper line to prove there is none.
            for cheaper in range(floor + 2, search.found_cost):
                found = search.find(root, depth, keep=True, budget=cheaper)
                if found is not None:
                    moves = found
                    break
        # ``moves`` is now a solution of the least cost (point 5 of the module's doc).
        # The deepening lists the start no more: what the game kept to extend that
        # listing goes (the count reads the listing itself).
        search.kept = {k: (within, listed, None) for k, (within, listed, _) in search.kept.items()}
        _report(search, f"solved in {plural(depth, 'turn')} (proved); seeking a second plan")
        least = search.found_cost
        kept = dict(search.kept)  # the start's listing, for the count too
        unique = _Unique(search, depth).settle(root, moves, search.found_plan, least)
    except LimitReached as exc:
        return Result("unknown", depth, None, tuple(moves), None, False, depth, search.stats,
                      f"{exc} while seeking the least cost and a second plan")
    if len(unique.plans) == 1 or cap == 1:
        return Result("solved", depth, least, unique.moves, len(unique.plans), len(unique.plans) > cap, depth,
                      search.stats, plan_list=tuple(sorted(unique.plans, key=repr)))
    # More than one plan: the least cost and "not unique" are proved.  The count up to
    # ``cap`` must see every plan of that cost, which can take far longer than finding
    # two, so a limit that stops it keeps what is proved.
    search.kept.update(kept)
    _report(search, f"not unique (proved); counting the optimal plans up to {cap}")
    try:
        best = _Counter(search, cap).best(root, depth, least)
    except LimitReached as exc:
        return Result("solved", depth, least, unique.moves, 2, True, depth, search.stats,
                      f"{exc} while counting the optimal plans past 1",
                      plan_list=tuple(sorted(unique.plans, key=repr)))
    assert best is not None and best.cost == least, "the count finds the plans the deepening proved"
    return Result("solved", depth, best.cost, best.moves, min(len(best.plans), cap + 1), len(best.plans) > cap,
                  depth, search.stats, plan_list=tuple(sorted(best.plans, key=repr)))


def _report(search: _Search[N, M], phase: str) -> None:
    """A new phase of the search: told to ``progress`` now and in its reports after."""
    search.phase = phase
    if search.progress is not None:
        search.progress(search.stats, phase)


class _Unique(Generic[N, M]):
    """Whether the least cost ``c`` within ``d`` turns (both proved) has a second plan,
    given one solution ``P`` of it (point 5 of the module's doc).

    A walk from the start follows every turn whose plan part is ``P``'s at that turn
    (in Section X, every way of stepping with the same tile and door actions).  Below
    a turn whose plan part differs, any solution within the turns and the cost left
    is a second plan: it has at most ``d`` turns and costs at most ``c``, so, as
    neither can be less, exactly ``d`` and ``c``, and its plan differs at that turn.
    The deepening's own :meth:`_Search.find` answers that question, with its tables
    and its cheap last turn (``first_met``), instead of listing every last turn whole
    as a count does.  The walk also keeps the shortest line of play of ``P`` (what a
    count shows).  No second plan anywhere: ``P`` is the only optimal plan."""

    def __init__(self, search: _Search[N, M], depth: int):
        self.search = search
        self.depth = depth
        self.plan: tuple[Hashable, ...] = ()
        self.lines: dict[tuple[Hashable, int, int], list[M] | None] = {}

    def settle(self, root: N, moves: Sequence[M], plan: tuple[Hashable, ...], cost: int) -> _Best[M]:
        """Given ``P`` (its ``moves`` and ``plan``): ``_Best`` of ``P``'s shortest
        line and its plans, one, or two when a second was found (then ``moves``)."""
        self.plan = plan
        try:
            line = self._walk(root, 0, cost)
        except _SecondFound as second:
            return _Best(cost, {self.plan, second.plan}, tuple(moves))
        assert line is not None, "the solution given follows its own plan"
        return _Best(cost, {self.plan}, tuple(line))

    def _walk(self, node: N, i: int, budget: int) -> list[M] | None:
        """The shortest line of play of ``P[i:]`` from ``node`` within ``budget``, or
        None; raises ``_SecondFound`` at a second plan."""
        search, problem = self.search, self.search.problem
        remaining = self.depth - i
        key = problem.key(node)
        memo = (key, i, budget)
        if memo in self.lines:
            search.stats.table_hits += 1
            return self.lines[memo]
        if (search.refuted.get(key, -1) >= remaining or search.poor.get((key, remaining), -1) >= budget
                or problem.lower_bound(node) > remaining):
            return None  # no solution at all within these turns and this cost
        best: list[M] | None = None
        # The cheapest turns first (order only), as the count tries them: they leave the
        # most budget below, where a second plan is most often found.
        for succ in sorted(search.expand(node, remaining, budget), key=lambda s: s.cost):
            if succ.cost > budget:
                continue
            left = budget - succ.cost
            same = succ.plan == self.plan[i]
            if succ.met:
                # A solution of i + 1 turns: by the deepening, i + 1 is d.
                line: list[M] | None = [succ.move]
            elif remaining == 1 or search.cost_bound(succ.node, remaining - 1) > left:
                continue
            elif same:
                sub = self._walk(succ.node, i + 1, left)
                line = None if sub is None else [succ.move, *sub]
            else:
                if search.find(succ.node, remaining - 1, budget=left) is not None:
                    raise _SecondFound((*self.plan[:i], succ.plan, *search.found_plan))
                continue
            if line is None:
                continue
            if not same:
                raise _SecondFound((*self.plan[:i], succ.plan))
            if best is None or _size(line) < _size(best):
                best = line
        self.lines[memo] = best
        return best


class _SecondFound(Exception):
    """A second optimal plan was found: ``plan``."""

    def __init__(self, plan: tuple[Hashable, ...]):
        super().__init__()
        self.plan = plan


def plans_text(result: Result[M]) -> str:
    """"1 (unique)", "3", "more than 50", or "unknown"."""
    if result.plans is None:
        return "unknown"
    if result.plans_capped:
        return f"more than {result.plans - 1}"
    return f"{result.plans} (unique)" if result.plans == 1 else str(result.plans)


def brute_force(problem: Problem[N, M], root: N, turns: int) -> tuple[int | None, int | None, set[tuple[Hashable, ...]]]:
    """Every solution within ``turns`` by plain enumeration (no bound, no table): the
    fewest turns, the least cost among those, and every optimal plan.  For tests."""
    solutions: list[tuple[int, int, tuple[Hashable, ...]]] = []

    def walk(node: N, depth: int, cost: int, plan: Sequence[Hashable]) -> None:
        for succ in problem.successors(node, turns - depth):
            here = (*plan, succ.plan)
            if succ.met:
                solutions.append((depth + 1, cost + succ.cost, here))
            elif depth + 1 < turns:
                walk(succ.node, depth + 1, cost + succ.cost, here)

    walk(root, 0, 0, ())
    if not solutions:
        return None, None, set()
    fewest = min(t for t, _, _ in solutions)
    cheapest = min(c for t, c, _ in solutions if t == fewest)
    return fewest, cheapest, {p for t, c, p in solutions if t == fewest and c == cheapest}
