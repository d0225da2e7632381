"""Hekla's solvers (issue 14).

* :func:`best_move`: the most track fields the player to move can gain this turn,
  proved by trying every placement and move and every order of the eruptions it
  sets off (H1-H7);
* :func:`solve`: a puzzle (HQ1), "gain at least K within N of your turns while the
  others pass": the fewest turns, proved by an exhaustive search with a table
  (:class:`_Search`, whose docstring and docs/hekla.md give the argument);
* :func:`reference`: the same question by plain recursion over the referee, for the
  tests.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from .deep import Deep
from .rules import (
    BONUS_FROM,
    ERUPTS_AT,
    LAVA,
    PASS,
    Action,
    Board,
    Field,
    Position,
    Stone,
    apply,
    back_steps,
    erupts,
    is_long,
    outcomes,
    result,
    skip,
    skip_to,
    turns,
)


@dataclass(frozen=True)
class Best:
    """The most the player gains this turn (their volcanist's fields after the turn,
    less before: a back-step, H3, counts against it), every turn that gains it, and
    how many turns (with their orders) were tried."""

    gain: int
    moves: tuple[Action, ...]
    tried: int


def candidates(pos: Position) -> list[Action]:
    """The turns a search tries: every legal place and move (:func:`~.rules.turns`),
    of the long moves that differ only in how far the volcanist goes back (H3) only
    the least back-step.  The others are *dominated*, never better:

    * the board after a long move, and every eruption it sets off, does not depend
      on the back-step (H5-H7 look at stones only), and what an eruption gives a
      volcanist does not depend on where it stands (H6); so a longer back-step
      ends the turn with the same board and the volcanist lower by the difference;
    * a volcanist further along is never worse off later: any later back-step from
      a lower place can be made from the higher one by going back further, to the
      same field, with the same board, so every line from the lower place has a
      line from the higher one that ends at least as far along.

    So the least back-step gains at least as much as any longer one, now and over
    any number of turns; a tie is impossible in the turn itself (the gain is lower
    by the difference).  ``tests/test_hekla_rules.py`` checks the dominance turn by
    turn and ``tests/test_hekla_puzzles.py`` the whole search against
    :func:`reference`, which tries every back-step."""
    return turns(pos, least_back=True)


def best_move(pos: Position) -> Best:
    """Exact by enumeration: :func:`candidates` (every legal place and move, a long
    move with its least back-step, which gains more than any longer one: so no turn
    left out gains the most), :func:`~.rules.outcomes` every order of its eruptions
    with the position after it (the same as :func:`~.rules.apply`, tested)."""
    me = pos.to_move
    best, moves, tried = None, [], 0
    for action in candidates(pos):
        # A turn that sets off no eruption gains nothing but loses its back-step (H3, H6).
        options = outcomes(pos, action) if erupts(pos, action) else [(replace(action, order=()), None)]
        for option, after in options:
            tried += 1
            gain = after.track[me] - pos.track[me] if after is not None else -option.back
            if best is None or gain > best:
                best, moves = gain, [option]
            elif gain == best:
                moves.append(option)
    return Best(best or 0, tuple(moves), tried)


# ------------------------------------------------------------------ the last turn, fast


@functools.lru_cache(maxsize=1 << 16)
def _least_back(board: Board, progress: int, f: Field) -> int | None:
    """The least back-step (H3) that puts a volcanist ``progress`` fields along on a
    white line through field ``f`` (HG4), or None: :func:`~.rules.back_steps`' first."""
    for b in range(progress + 1):
        line = board.line(board.track_field(progress - b))
        if line is not None and line.holds(f, board):
            return b
    return None


@functools.lru_cache(maxsize=16)
def _geometry(board: Board) -> tuple[dict[Field, int], tuple[tuple[tuple[int, int, int], ...], ...],
                                     tuple[tuple[tuple[int, bool], ...], ...], tuple[int, ...]]:
    """The board's fields numbered in :attr:`~.rules.Board.fields` order; for each
    field the triples through it (H4) as numbers, the middle second; the fields in
    its row and column (H3: where a stone on it may move), in field order, each with
    whether it is next to it; and each field's weight for a volcano stone on it (H6:
    2 on a hot field, HG2, else 1)."""
    fields = board.fields
    index = {f: i for i, f in enumerate(fields)}
    through = tuple(tuple((index[t[0]], index[t[1]], index[t[2]]) for t in board.through[f]) for f in fields)
    lines = tuple(tuple((j, abs(g[0] - f[0]) + abs(g[1] - f[1]) == 1) for j, g in enumerate(fields)
                        if g != f and (g[0] == f[0] or g[1] == f[1])) for f in fields)
    weight = tuple(2 if f in board.hot else 1 for f in fields)
    return index, through, lines, weight


@functools.lru_cache(maxsize=1 << 12)
def _field_sums(here: tuple[Stone, ...], player: str) -> tuple[int, int, int, int, tuple[int, ...]]:
    """A field's stones as H4 and H6 read them: the sum of their values, how many,
    how many are lava, how many are ``player``'s, and the values of ``player``'s (each
    once, least first: the stones a move may take, H3).  A field holds one of a few
    dozen contents, so each is summed once."""
    return (sum(x.value for x in here), len(here), sum(x.owner == LAVA for x in here),
            sum(x.owner == player for x in here), tuple(sorted({x.value for x in here if x.owner == player})))


def _last_turns(pos: Position) -> list[tuple[Action, bool]]:
    """:func:`candidates` (the same turns, in the same order), each with whether it
    sets off an eruption (:func:`~.rules.erupts`), worked out from each field's sum of
    values, count of stones and count of lava stones (H4 reads no more): a placement
    adds its stone to one field, a move takes it from one and adds it to another
    (made on the lists of sums and counts, looked at, and unmade), and only the
    triples through a changed field can erupt (H5)."""
    out: list[tuple[Action, bool]] = []
    _scan(pos, out, None)
    return out or [(PASS, False)]


def _scan(pos: Position, out: list[tuple[Action, bool]] | None,
          loud: list[Action] | None) -> tuple[int, int | None]:
    """:func:`_last_turns`' work: every turn with whether it erupts appended to
    ``out`` (when given).  Else (``loud`` given) the turns are only scored: a turn
    that sets off no eruption gains minus its back-step (H3, H6); one that sets off
    exactly one triple gains, by H6, one field for each of the player's volcano
    stones on it (two on a hot field) and its sum less 7, less the back-step (the
    eruption happens: it is scorable after the turn and nothing comes first; if its
    lava stone is the last, H8 ends the game after it); the others (several
    triples: their order matters, H5) are appended to ``loud`` for the referee.
    Returns how many turns were scored here and the best of their gains (None
    when there is none)."""
    if pos.over:
        return 0, None
    me = pos.player
    mine = me.value
    board = pos.board
    fields = board.fields
    index, through, lines, weight = _geometry(board)
    stones = pos.stones
    n = len(fields)
    total, count, lava, own = [0] * n, [0] * n, [0] * n, [0] * n
    values_at: list[tuple[int, ...]] = [()] * n
    for f, here in stones.items():
        i = index[f]
        total[i], count[i], lava[i], ours, values_at[i] = _field_sums(here, mine)
        own[i] = ours * weight[i]

    def scorable(t: tuple[int, int, int]) -> bool:
        a, b, c = t
        return bool(count[a] and count[b] and count[c] and lava[b] <= 1 and total[a] + total[b] + total[c] >= ERUPTS_AT)

    def erupting(i: int) -> bool:
        # A loop, not any() over a generator: this runs for every turn of every last turn.
        for a, b, c in through[i]:
            if count[a] and count[b] and count[c] and lava[b] <= 1 and total[a] + total[b] + total[c] >= ERUPTS_AT:
                return True
        return False

    def gain(changed: tuple[int, ...], back: int) -> int | None:
        """The gain of a turn that sets off one triple; None for several."""
        found = {t for i in changed for t in through[i] if scorable(t)}
        if len(found) != 1:
            return None
        a, b, c = found.pop()
        return own[a] + own[b] + own[c] + total[a] + total[b] + total[c] - BONUS_FROM - back

    scored, best = 0, None
    empty = [i for i in range(n) if not count[i]]
    # A stone placed on an empty field i (no lava there) sets off a triple through i
    # when the other two fields hold stones, the middle at most one lava stone, and
    # their sum and its value reach 8 (H4): so it erupts when its value reaches
    # reach[i], 8 less the most such a pair of fields holds (or never).
    reach = {}
    for i in empty:
        most_others = -1
        for a, b, c in through[i]:
            if (a == i or count[a]) and (b == i or count[b]) and (c == i or count[c]) and (b == i or lava[b] <= 1):
                others = total[a] + total[b] + total[c]  # total[i] is 0
                most_others = max(most_others, others)
        reach[i] = ERUPTS_AT - most_others if most_others >= 0 else ERUPTS_AT + 100
    for v in sorted(set(pos.supply(me))):
        for i in empty:
            hot = v >= reach[i]
            if not hot:
                if out is not None:
                    out.append((Action("place", me, v, to=fields[i]), False))
                else:
                    scored += 1
                    if best is None or best < 0:
                        best = 0
                continue
            total[i], count[i], own[i] = v, 1, weight[i]
            g = 0 if not hot or out is not None else gain((i,), 0)
            total[i], count[i], own[i] = 0, 0, 0
            if out is not None:
                out.append((Action("place", me, v, to=fields[i]), hot))
                continue
            if g is None:
                assert loud is not None
                loud.append(Action("place", me, v, to=fields[i]))
                continue
            scored += 1
            if best is None or g > best:
                best = g
    progress = pos.track[pos.to_move]
    for i, f in enumerate(fields):
        if not count[i]:
            continue
        values = values_at[i]
        if not values:
            continue
        back = _least_back(board, progress, f)
        wi = weight[i]
        for v in values:
            for j, near in lines[i]:
                if count[j] >= 2:
                    continue
                if near:
                    step = 0
                elif back is None:
                    continue
                else:
                    step = back
                wj = weight[j]
                total[i] -= v
                count[i] -= 1
                own[i] -= wi
                total[j] += v
                count[j] += 1
                own[j] += wj
                hot = erupting(j) or erupting(i)
                g = -step if not hot or out is not None else gain((i, j), step)
                total[i] += v
                count[i] += 1
                own[i] += wi
                total[j] -= v
                count[j] -= 1
                own[j] -= wj
                if out is not None:
                    out.append((Action("move", me, v, f, fields[j], step), hot))
                    continue
                if g is None:
                    assert loud is not None
                    loud.append(Action("move", me, v, f, fields[j], step))
                    continue
                scored += 1
                if best is None or g > best:
                    best = g
    return scored, best


def _quiet_child(pos: Position, action: Action) -> Position:
    """``skip_to(apply(pos, action), pos.to_move)`` for a place or move that sets off
    no eruption, in one step and without the events' words: the stone placed (H2,
    from the supply) or moved (H3, the volcanist back by the back-step), then one
    quiet turn for it and one for each other player sitting out (HQ1), the game
    ending when the quiet count reaches H9's limit (then the player after the last
    quiet turn is to move, as the referee leaves it).  Tested equal to the referee's."""
    seat = pos.to_move
    stone = Stone(pos.player.value, action.value)
    stones = dict(pos.stones)
    supplies, track = pos.supplies, pos.track
    assert action.to is not None
    if action.kind == "place":
        left = list(supplies[seat])
        left.remove(action.value)
        supplies = (*supplies[:seat], tuple(left), *supplies[seat + 1:])
        stones[action.to] = (stone,)
    else:
        assert action.start is not None
        here = list(stones[action.start])
        here.remove(stone)
        if here:
            stones[action.start] = tuple(here)
        else:
            del stones[action.start]
        stones[action.to] = stones.get(action.to, ()) + (stone,)
        if action.back:
            track = (*track[:seat], track[seat] - action.back, *track[seat + 1:])
    players, limit = len(pos.players), pos.quiet_limit
    quiet, to_move = pos.quiet + 1, (seat + 1) % players
    if quiet < limit:
        sit = min(players - 1, limit - quiet)  # the others, up to the player's turn or H9's end
        quiet, to_move = quiet + sit, (to_move + sit) % players
    after = replace(pos, fields=tuple(sorted(stones.items())), supplies=supplies, track=track, to_move=to_move,
                    quiet=quiet, events=(), erupted=())
    return replace(after, winners=result(after)) if quiet >= limit else after


# ------------------------------------------------------------------ puzzles (HQ1)

#: Most of the player's turns a puzzle may ask for (a limit, not a guess: the schema's maximum).
MAX_TURNS = 10


@dataclass(frozen=True)
class Answer:
    """A puzzle's proved answer (HQ1): the fewest turns to gain the goal's fields, or
    None when no line within ``limit`` does (proved when ``complete``); every first
    turn that reaches it in that many turns, one line (the player's turns only: the
    others sit out between them), and the search's size (turns tried).  ``complete``
    is False when the node or time limit stopped the search: then only "not within
    ``proved_none_below`` turns" is known."""

    turns: int | None
    first: tuple[Action, ...]
    line: tuple[Action, ...]
    limit: int
    complete: bool
    proved_none_below: int
    nodes: int


class _OutOfNodes(Exception):
    """The node or time limit stopped the search: the answer is unknown."""


class _Search:
    """The most fields the player can gain in ``k`` of their turns, the others sitting
    out (HQ1), by exhaustive search with a transposition table.

    Exact because (docs/hekla.md, "How the puzzle solver proves its answers"):

    * every place and move is tried, with every order of its eruptions
      (:func:`~.rules.turns`, :func:`~.rules.outcomes`), and between the player's
      turns every other player sits out (:func:`~.rules.skip`), which is the puzzle;
    * of the back-steps that make a long move possible (H3) only the least is tried
      (:func:`candidates` gives the argument): a longer one ends lower with the
      same board and can only do worse;
    * the table's key is everything the future gain depends on: the stones, the
      player's supply, the lava left, the player's place on the track (which lines a
      back-step reaches), the quiet count while H9 could end the game within the
      turns left (no sooner can it matter), and the turns left.
      Other players' supplies and places never change while they sit out, and do
      not change what the player gains.
    """

    def __init__(self, pos: Position, node_limit: int, seconds: float | None = None, *, deep: bool = False):
        self.me = pos.to_move
        self.node_limit = node_limit
        self.deadline = None if seconds is None else time.monotonic() + seconds
        self.nodes = 0
        self.table: dict[tuple[object, ...], int] = {}
        #: With ``deep``, :meth:`value` asks the deep search, whose turns tried are counted
        #: here (:meth:`count`), so one node limit and one deadline hold for the whole proof.
        self.deep = Deep(pos, tally=self.count) if deep and not pos.over else None

    def value(self, pos: Position, k: int) -> int:
        """The most the player gains in ``k`` turns from ``pos`` (a position of this
        search's game with its player to move, or over): :meth:`most`, or with
        ``deep`` the deep search's answer to the same question (:mod:`.deep`, one
        table for every position asked; the tests hold the two equal)."""
        if self.deep is not None:
            return self.deep.most_at(pos, k)
        return self.most(pos, k)

    def key(self, pos: Position, k: int) -> tuple[object, ...]:
        # The quiet count matters only while H9 could end the game within the k turns
        # left (each with the others' sit-outs: k rounds); otherwise two positions that
        # differ only in it have the same future, and one entry serves both.
        quiet = pos.quiet if pos.quiet + k * len(pos.players) >= pos.quiet_limit else None
        return (pos.fields, pos.supplies[self.me], pos.lava, pos.track[self.me], quiet, k)

    def next_turn(self, after: Position) -> Position:
        """Every other player sits out until it is the player's turn again (HQ1)."""
        return skip_to(after, self.me)

    def children(self, pos: Position) -> list[tuple[Action, int, Position]]:
        """Every turn of :func:`candidates` with every order of its eruptions, its
        gain, and the position when the player is to move again (the others sat
        out).  A turn that sets off nothing is played by :func:`_quiet_child`, the
        others by the referee (:func:`~.rules.outcomes`); the tests hold the list
        equal to the referee's for every turn."""
        out = []
        for action, loud in _last_turns(pos):
            if not loud and action.kind != "pass":
                self.count()
                out.append((action, -action.back, _quiet_child(pos, action)))
                continue
            for option, after in outcomes(pos, action):
                self.count()
                out.append((option, after.track[self.me] - pos.track[self.me], self.next_turn(after)))
        return out

    def last(self, pos: Position) -> int:
        """The most the player gains in one turn (as :meth:`most` with one turn left):
        a turn that sets off no eruption gains minus its back-step, so only the
        others are played out (:func:`~.rules.erupts`).

        The turns are :func:`candidates`' (every place and move, a long move with its
        least back-step), listed here from the stones' sums and counts per field
        (:func:`_last_turns`: the same list, each with whether it erupts, tested
        against :func:`candidates` and :func:`~.rules.erupts`), so that the many
        turns that set off nothing cost a few sums and no position.  They are counted
        as before: one for a quiet turn, one for each order of a turn's eruptions."""
        loud: list[Action] = []
        scored, best = _scan(pos, None, loud)
        if not scored and not loud:
            scored, best = 1, 0  # no turn: a pass, which gains nothing (H1)
        self.count(scored)
        for action in loud:
            for _, after in outcomes(pos, action):
                self.count()
                gain = after.track[pos.to_move] - pos.track[pos.to_move]
                if best is None or gain > best:
                    best = gain
        return 0 if best is None else best

    def count(self, n: int = 1) -> None:
        """``n`` more turns tried; _OutOfNodes past the node limit, or past the
        deadline (looked at each time the count passes a multiple of 1024)."""
        before = self.nodes
        self.nodes += n
        if self.nodes > self.node_limit or (
                self.deadline is not None and self.nodes >> 10 != before >> 10 and time.monotonic() > self.deadline):
            raise _OutOfNodes

    def most(self, pos: Position, k: int) -> int:
        """The most the player gains in their next ``k`` turns (0 if the game is over)."""
        if k == 0 or pos.over:
            return 0
        key = self.key(pos, k)
        if key in self.table:
            return self.table[key]
        best = self.last(pos) if k == 1 else max(gain + self.most(after, k - 1) for _, gain, after in self.children(pos))
        self.table[key] = best
        return best


def solve(pos: Position, gain: int, limit: int, *, node_limit: int = 2_000_000, seconds: float | None = None,
          deep: bool = True, progress: Callable[[int, int], None] | None = None) -> Answer:
    """The fewest of the player's turns (at most ``limit``) in which they can gain at
    least ``gain`` track fields while the others sit out (HQ1), by iterative deepening
    (so every smaller number is proved too short) on the deep search (:mod:`.deep`;
    with ``deep`` False on :class:`_Search` alone, as before issue 29: the tests
    compare the two).  The winning first turns and the line are the referee's turns
    (``_Search.children``: :func:`candidates` with every order, and the longer
    back-steps after a winning long move), each kept when the most the turns left
    gain after it, asked of the same search, still reaches the goal; ``nodes``
    counts the turns tried by both.  ``progress`` (the studio's) is told each number of
    turns proved too few, with the turns tried so far."""
    if not 1 <= limit <= MAX_TURNS:
        raise ValueError(f"a puzzle asks for 1 to {MAX_TURNS} turns, not {limit}")
    search = _Search(pos, node_limit, seconds, deep=deep)
    proved_none_below = 0
    try:
        for n in range(1, limit + 1):
            if search.value(pos, n) >= gain:
                # Proved.  Listing the winning first turns and a line is bookkeeping on top
                # of the proof, so the limits no longer apply: a proved answer is never
                # reported as unknown.
                search.node_limit, search.deadline = sys.maxsize, None
                first = _first_turns(search, pos, gain, n)
                line = _line(search, pos, gain, n)
                return Answer(n, first, line, limit, True, proved_none_below, search.nodes)
            proved_none_below = n
            if progress is not None:
                progress(n, search.nodes)
    except _OutOfNodes:
        return Answer(None, (), (), limit, False, proved_none_below, search.nodes)
    return Answer(None, (), (), limit, True, limit, search.nodes)


def _first_turns(search: _Search, pos: Position, gain: int, n: int) -> tuple[Action, ...]:
    """Every first turn, from the referee's complete list, that still gains ``gain``
    within ``n`` turns: the winning :func:`candidates`, and after each winning long
    move the same move with each longer back-step (H3) that still wins.  A longer
    back-step is dominated (:func:`candidates`), so one that loses ends the run:
    it can win only where the goal leaves room to lose fields."""
    first: list[Action] = []
    for action, g, after in search.children(pos):
        if g + search.value(after, n - 1) < gain:
            continue
        first.append(action)
        if not is_long(action):
            continue
        assert action.start is not None
        for back in back_steps(pos, action.start)[1:]:
            longer = replace(action, back=back)
            later = search.next_turn(apply(pos, longer))
            if g - (back - action.back) + search.value(later, n - 1) < gain:
                break
            first.append(longer)
    return tuple(first)


def _line(search: _Search, pos: Position, gain: int, n: int) -> tuple[Action, ...]:
    """One line of ``n`` turns that gains ``gain``: at each turn the first (in
    :func:`~.rules.turns` order) that still can."""
    line: list[Action] = []
    need = gain
    for k in range(n, 0, -1):
        for action, g, after in search.children(pos):
            if g + search.value(after, k - 1) >= need:
                line.append(action)
                need -= g
                pos = after
                break
        if need <= 0:
            break
    return tuple(line)


def reference(pos: Position, gain: int, limit: int) -> int | None:
    """The same question by plain recursion over the referee (:func:`~.rules.apply`
    on every legal turn, no table, every back-step): the fewest turns, or None.  For
    the tests, on small positions."""
    from .rules import apply, explain, move_problems, orders

    me = pos.to_move

    def every_turn(p: Position) -> list[Action]:
        """Every value on every field, every stone to every field with every back-step,
        every order of eruptions: kept when the referee allows it."""
        player = p.player
        found: list[Action] = []
        candidates = [Action("place", player, v, to=f) for v in range(4) for f in p.board.fields]
        candidates += [Action("move", player, v, f, to, b) for v in range(4) for f in p.board.fields
                       for to in p.board.fields for b in range(p.track[me] + 1)]
        for c in candidates:
            if not move_problems(p, c):
                found += [o for o in orders(p, c) if not explain(p, o)]
        return found or [Action("pass")]

    def reach(p: Position, k: int) -> int:
        if k == 0 or p.over:
            return 0
        best = None
        for option in every_turn(p):
            after = apply(p, option)
            g = after.track[me] - p.track[me]
            while not after.over and after.to_move != me:
                after = skip(after)
            v = g + reach(after, k - 1)
            best = v if best is None else max(best, v)
        return best or 0

    for n in range(1, limit + 1):
        if reach(pos, n) >= gain:
            return n
    return None
