"""Hekla puzzles of measured difficulty, unique and proved (``sectionx generate --game hekla``).

A puzzle (HQ1) is a position and a goal: *the player to move gains at least K track
fields within N of their turns, while the others pass.*

**Candidates.**  A position met in a game between greedy bots (2 to 4 players, a
seeded game stopped at a seeded turn), as :func:`candidate` plays it, with the
player to move as the puzzle's player.  For the tier's number of turns N the
solver gives the most the player can gain in N turns, K, and in N - 1 (exact: the
deep search, :mod:`.deep`, through :meth:`~.solver._Search.value`; the turns
themselves are the referee's, :meth:`~.solver._Search.children`); the candidate is a puzzle when K is at least
:data:`MIN_GAIN`, N - 1 turns gain less (so N is the proved fewest), and its
solution is unique.

**Unique** means one winning line: at each of the player's N turns, of every turn
the referee allows (:func:`~.rules.turns`, every back-step, every order of
eruptions) exactly one still reaches K within the turns left; two turns that leave
the same position (two orders of eruptions that end alike) count as one, since a
solver who plays either has played the same move.  Because K is the most N turns
can gain, a winning line gains exactly K, so a longer back-step than the least
(which loses fields and changes nothing else, :func:`~.solver.candidates`) never
wins: counting the winning turns among the least back-steps counts them among all
turns.  :func:`lines` counts the winning lines with the solver's table, and
:func:`make` keeps a candidate only when it finds one.

**Grading** measures how far ahead a player must look, with the solver:

* a player who *looks d turns ahead* plays, at each turn, the turn that gains the
  most over their next d turns (the turns left, if fewer), when one turn does so
  alone; with a tie the method fails (it cannot tell the moves apart);
* ``lookahead``: the least d with which that player plays the solution turn by
  turn (at most N: the solution is the only turn that gains K in the turns left);
* ``setups``: turns of the solution that gain less now than the best turn there
  would (the player gives up fields now for more later);
* ``tricks``: turns of the solution that use a long move (H3, a back-step too)
  or name an order of eruptions that matters (H5: another order gains less);
* ``traps``: first turns that gain the most now but lose (a greedy start that fails);
* ``nodes``: turns the solver tried for the proof, the uniqueness and the grade: the
  deep search's turns tried and the referee's turns listed (fewer than the
  referee's search alone tried where the deep search's table meets more positions,
  mostly from 3 turns on; docs/hekla.md).

The tier (:func:`tier_of`) adds ``lookahead - 1`` to one more for a solution that
needs a trick and caps at expert: *beginner*, a greedy player solves it (each
turn the one best gain now) with no trick; *intermediate*, a greedy player with a
trick, or two turns' look-ahead without one; *advanced*, two turns' look-ahead
and a trick, or three; *expert* beyond.  The tier's recipe only sets N and the
players; the label comes from the measurement, and a candidate graded otherwise
is rejected ("graded advanced").  docs/hekla.md gives the measured rates.

Every search is limited by a count of turns tried, never by time, so the same
seed gives the same verdict on any machine, in any worker: a unit
(:func:`make`) depends on its parameters and seed alone, and a set
(:func:`generate`) keeps accepted puzzles in seed order, dropping one whose
canonical form (:func:`canonical`) was seen before.

**The same puzzle.**  The board has no symmetry a puzzle keeps: the area and its
hot fields (b2, d2, c4) are symmetric left to right, but the escape track is not
(its start field sits at the bottom left and it runs clockwise, so a volcanist
meets the lines in an order the mirror image does not have), and which lines a
volcanist reaches decides the long moves (H3).  So two puzzles are the same when
what decides their answer is the same: the stones on the area with the player's
stones told from everyone else's (whose they are does not matter to the player's
gain, H6), the player's stones in hand, the lava left, the player's place on the
track, the quiet count when H9 can end the game within the N turns, and the goal
-- exactly the key of the solver's table, which has the same future for the same key.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from ...fileio import quote
from ...generating import Outcome, Tally, generate_set, split_id, tier_title
from ...puzzlesets import TIERS
from . import formats, play, rules
from .rules import Action, Position, apply, back_steps, is_long, outcomes
from .solver import _OutOfNodes, _Search

#: The least gain a puzzle asks for: fewer is no puzzle.
MIN_GAIN = 3
#: Seeds of a set: the first seed times this, plus the candidate's number.
SEEDS_PER_SET = 1_000_000
#: Turns the solver may try for one candidate (proof, uniqueness and grade together):
#: a count, so the verdict is the same on every machine.
NODES = 600_000
#: Most winning lines counted (two is enough to refuse a puzzle as not unique).
LINES_CAP = 2


@dataclass(frozen=True)
class Recipe:
    """How a tier's candidates are drawn: the turns N of the puzzle (one of them,
    by the seed) and the player counts."""

    turns: tuple[int, ...]
    players: tuple[int, ...] = (2, 3, 4)


#: Each tier's recipe: the turns that tier's puzzles usually need (measured: see
#: docs/hekla.md); the grade decides.
RECIPES: dict[str, Recipe] = {
    "beginner": Recipe((1,)),
    "intermediate": Recipe((1, 2)),
    "advanced": Recipe((2, 3)),
    "expert": Recipe((3,)),
}


@dataclass(frozen=True)
class Params:
    """What a set asks for; with a seed it names one candidate (:meth:`id`)."""

    tier: str

    def id(self, seed: int) -> str:
        """``hekla/TIER#SEED``: ``sectionx generate --game hekla --id`` makes the same puzzle."""
        return f"hekla/{self.tier}#{seed}"

    @classmethod
    def parse_id(cls, text: str) -> tuple[Params, int]:
        """The parameters and seed of an id (ValueError if it is not one)."""
        what, example = "a Hekla puzzle id", "hekla/expert#1042"
        (game, tier), seed = split_id(text, 2, what, example)
        if game != "hekla":
            raise ValueError(f"{quote(text)} is not {what}; ids look like {example}")
        params = cls(tier)
        params.check()
        return params, seed

    def check(self) -> None:
        if self.tier not in RECIPES:
            raise ValueError(f"unknown difficulty {quote(self.tier)}; choose one of {', '.join(TIERS)}")


@dataclass(frozen=True)
class Unit:
    """One candidate to try: everything :func:`make` needs, and nothing else."""

    params: Params
    seed: int
    nodes: int = NODES
    #: The most in n turns by the deep search (False: the referee's search alone, for the tests).
    deep: bool = True


@dataclass(frozen=True)
class Figures:
    """The measured figures behind a grade (written under ``grade: figures:``;
    module docstring)."""

    turns: int
    gain: int
    players: int
    lookahead: int
    setups: int
    tricks: int
    traps: int
    first_turns: int
    nodes: int

    @property
    def tier(self) -> str:
        return tier_of(self.lookahead, self.tricks)

    def items(self) -> tuple[tuple[str, int], ...]:
        return tuple((name, int(getattr(self, name))) for name in
                     ("turns", "gain", "players", "lookahead", "setups", "tricks", "traps", "first_turns", "nodes"))


def tier_of(lookahead: int, tricks: int) -> str:
    """The tier of a puzzle whose solution needs ``lookahead`` turns' look-ahead and
    ``tricks`` long moves or orders that matter (module docstring)."""
    return TIERS[min(lookahead - 1 + (1 if tricks else 0), len(TIERS) - 1)]


# ---------------------------------------------------------------------- candidates


def candidate(rng: random.Random, players: int) -> Position:
    """A position met in a game between greedy bots, not over, its player to move
    having a stone to place or move (a seeded game, stopped at a seeded turn)."""
    while True:
        game = play.play_game(players, ("greedy",), rng.randrange(10**9))
        stop = rng.randrange(8, max(9, game.turns - 3))
        pos = rules.start(players)
        for action in game.actions[:stop]:
            pos = rules.apply(pos, action)
        if not pos.over and rules.turns(pos) != [rules.PASS]:
            return pos


# ---------------------------------------------------------------------- proof


class Prover:
    """The solver's search for one puzzle (the player to move, the others passing),
    with the questions a puzzle maker asks of it: the most in n turns, the winning
    turns, the winning lines, the figures of a grade.  Every question shares the
    search's table and its node limit."""

    def __init__(self, pos: Position, node_limit: int, seconds: float | None = None, *, deep: bool = True):
        self.pos = pos
        # The most in n turns comes from the deep search (docs/hekla.md, "The deep search"),
        # the turns themselves from the referee's (_Search.children); one count of turns tried.
        self.search = _Search(pos, node_limit, seconds, deep=deep)
        self.me = pos.to_move

    @property
    def nodes(self) -> int:
        return self.search.nodes

    def most(self, pos: Position, k: int) -> int:
        return self.search.value(pos, k)

    def children(self, pos: Position) -> list[tuple[Action, int, Position]]:
        return self.search.children(pos)

    def winning(self, pos: Position, need: int, k: int) -> list[tuple[Action, int, Position]]:
        """Every turn of the referee's complete list that still gains ``need`` within
        ``k`` turns, one for each position it leaves (module docstring: turns that
        leave the same position are the same move).  The search tries the least
        back-step of a long move; a longer one, the same board lower on the track,
        is tried after a winning least one until one loses (dominance,
        :func:`~.solver.candidates`): it wins only where the goal leaves room."""
        out: dict[Position, tuple[Action, int, Position]] = {}
        for action, g, after in self.children(pos):
            if g + self.most(after, k - 1) < need:
                continue
            out.setdefault(after, (action, g, after))
            if not is_long(action):
                continue
            assert action.start is not None
            for back in back_steps(pos, action.start)[1:]:
                longer = replace(action, back=back)
                later = self.search.next_turn(apply(pos, longer))
                lost = g - (back - action.back)
                if lost + self.most(later, k - 1) < need:
                    break
                out.setdefault(later, (longer, lost, later))
        return list(out.values())

    def lines(self, pos: Position, need: int, k: int, cap: int = LINES_CAP) -> int:
        """How many distinct lines gain ``need`` within ``k`` turns (at most ``cap``)."""
        if need <= 0:
            return 1
        if k == 0:
            return 0
        count = 0
        for _, g, after in self.winning(pos, need, k):
            count += self.lines(after, need - g, k - 1, cap - count)
            if count >= cap:
                return cap
        return count

    def line(self, need: int, k: int) -> list[tuple[Action, int, Position, Position]]:
        """The winning line: each turn with its gain, the position before and after."""
        out = []
        pos = self.pos
        for left in range(k, 0, -1):
            action, g, after = self.winning(pos, need, left)[0]
            out.append((action, g, pos, after))
            need -= g
            pos = after
        return out

    def figures(self, gain: int, n: int) -> Figures:
        """The grade's figures (module docstring) of the unique line of ``n`` turns."""
        lookahead = setups = tricks = 0
        need = gain
        for i, (action, g, before, _after) in enumerate(self.line(gain, n)):
            left = n - i
            kids = self.children(before)
            best_now = max(k[1] for k in kids)
            setups += g < best_now
            tricks += is_long(action) or self._order_matters(before, action)
            for d in range(1, left + 1):
                values: dict[Position, int] = {}
                for _, cg, after in kids:
                    values.setdefault(after, cg + self.most(after, d - 1))
                top = max(values.values())
                if [p for p, v in values.items() if v == top] == [_after]:
                    lookahead = max(lookahead, d)
                    break
            need -= g
        first = self.children(self.pos)
        best_first = max(k[1] for k in first)
        traps = sum(1 for _, g, after in first if g == best_first and g + self.most(after, n - 1) < gain)
        return Figures(turns=n, gain=gain, players=len(self.pos.players), lookahead=lookahead, setups=setups,
                       tricks=tricks, traps=traps, first_turns=len({after for _, _, after in first}),
                       nodes=self.nodes)

    def _order_matters(self, pos: Position, action: Action) -> bool:
        """Whether ``action`` names an order of eruptions and another order of the
        same turn ends otherwise (H5)."""
        if not action.order:
            return False
        ends = {after for _, after in outcomes(pos, action)}
        return len(ends) > 1


# ---------------------------------------------------------------------- the same puzzle


def canonical(pos: Position, goal: formats.Goal) -> tuple[object, ...]:
    """The puzzle's form (module docstring): two puzzles with the same form have the
    same answer and the same solution."""
    me = pos.player.value
    fields = tuple((f, tuple(sorted(("me" if s.owner == me else "lava" if s.lava else "other", s.value)
                                    for s in stones))) for f, stones in pos.fields)
    k = goal.within
    quiet = pos.quiet if pos.quiet + k * len(pos.players) >= pos.quiet_limit else None
    return (fields, tuple(sorted(pos.supplies[pos.to_move])), pos.lava, pos.track[pos.to_move], quiet,
            len(pos.players) if quiet is not None else None, goal.gain, goal.within)


# ---------------------------------------------------------------------- a unit


#: The things of generated titles ("The Quiet Crater"; :func:`sectionx.generating.tier_title`):
#: the same seed, the same title; a set's titles differ for 1,200 candidates.
TITLE_THINGS = ("Eruption", "Ash Cloud", "Lava Flow", "Ridge", "Crater", "Vent", "Summit", "Slope", "Rumble", "Ember",
                "Cinder", "Tremor", "Fissure", "Glow", "Plume", "Basalt", "Caldera", "Smoke", "Steam", "Ascent",
                "Descent", "Spark", "Flank", "Cone")


def make(unit: Unit) -> Outcome:
    """Try one candidate (module docstring): a puzzle of the unit's tier, or why not."""
    params, seed = unit.params, unit.seed
    recipe = RECIPES[params.tier]
    rng = random.Random(f"hekla-puzzle:{params.id(seed)}")
    players = rng.choice(recipe.players)
    n = rng.choice(recipe.turns)
    pos = candidate(rng, players)
    prover = Prover(pos, unit.nodes, deep=unit.deep)
    try:
        gain = prover.most(pos, n)
        if gain < MIN_GAIN:
            return Outcome(seed, "gains too little")
        if n > 1 and prover.most(pos, n - 1) >= gain:
            return Outcome(seed, "fewer turns do it")
        if prover.lines(pos, gain, n) != 1:
            return Outcome(seed, "not unique")
        figures = prover.figures(gain, n)
    except _OutOfNodes:
        return Outcome(seed, "too hard to prove")
    if figures.tier != params.tier:
        return Outcome(seed, f"graded {figures.tier}", tier=figures.tier, figures=figures.items())
    goal = formats.Goal(gain, n)
    puzzle_id = params.id(seed)
    title = tier_title(seed, params.tier, TITLE_THINGS)
    header = (f"Generated by: sectionx generate --game hekla --id {puzzle_id}\n"
              f"Grade: {figures.tier} (docs/hekla.md); solve it with: sectionx solve FILE")
    text = formats.dumps(pos, title=title, header=header, goal=goal, answer=n, has_answer=True, lines=1,
                         grade=formats.Grade(puzzle_id, figures.tier, figures.items()))
    return Outcome(seed, "accepted", text, canonical(pos, goal), figures.tier, 0, figures.items())


# ---------------------------------------------------------------------- sets


Runner = Callable[[Callable[[Unit], Outcome], Iterable[Unit]], Iterator[Outcome]]


def units(params: Params, seed: int, **limits: Any) -> Iterator[Unit]:
    """The set's candidates, in order: seeds ``seed * SEEDS_PER_SET + i``."""
    for i in range(SEEDS_PER_SET):
        yield Unit(params, seed * SEEDS_PER_SET + i, **limits)


def generate(params: Params, count: int, seed: int = 0, *, runner: Runner | None = None,
             max_tries: int | None = None, on_outcome: Callable[[Outcome, Tally], None] | None = None,
             **limits: Any) -> tuple[list[Outcome], Tally]:
    """``count`` puzzles of ``params`` (module docstring), in seed order, none the
    same as another; with the tally.  ``runner`` maps :func:`make` over the units in
    order (default: here, one by one).  Stops after ``max_tries`` candidates (default
    ``400 * count``) with what it has."""
    params.check()
    seen = None if on_outcome is None else (lambda outcome, tally, _kept: on_outcome(outcome, tally))
    return generate_set(make, units(params, seed, **limits), count, runner=runner, max_tries=max_tries, on_outcome=seen)


__all__ = ["MIN_GAIN", "NODES", "RECIPES", "Figures", "Outcome", "Params", "Prover", "Recipe", "Tally", "Unit", "candidate",
           "canonical", "generate", "make", "tier_of", "units"]
