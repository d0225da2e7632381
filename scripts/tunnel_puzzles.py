"""Make the Der Tunnel puzzles in scenarios/tunnel/puzzles/ (issue 28, TQ1-TQ3), from a seed.

Each puzzle has a theme (:data:`THEMES`): what its answer must show, checked on the
proved answer, not assumed.  Positions are met in games between bots in which the four
tunnel tiles come early (the greedy bot and the random one taking turns, the random one
laying tokens often), 2 to 5 players, with the variant the theme asks for.  A position
becomes a puzzle when:

* the solver (:mod:`sectionx.games.tunnel.solver`) proves the answer, and the theme's
  test holds on it: a token that completes the road (the best turn without a token
  scores less), both openings of a tunnel on one tile, a follower that must come before
  the token (the other order refused with TU5), a majority tie, fields scoring at the
  end, a road joined through two tunnels, each variant TV1-TV4 changing the answer
  (solved again without it), ...;
* it is worth asking: TQ1 at least 3 points and one best placement; TQ2 the fewest
  turns equal to ``within``, and for 2 or more turns no line that starts with the
  turn that scores most now;
* the reference (:mod:`sectionx.games.tunnel.reference`, plain enumeration) gives the
  same answer within a budget of turns judged or played (a count, so that the same
  seed gives the same files anywhere), so that the tests can prove every puzzle twice.

The same seed gives the same files.

    .venv/bin/python scripts/tunnel_puzzles.py --seed 1 --out scenarios/tunnel/puzzles
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.fileio import make_folder
from sectionx.games.tunnel import formats, play, reference, rules, solver
from sectionx.games.tunnel.model import Position, Score
from sectionx.games.tunnel.puzzles import Goal, Puzzle, dumps, need, points_for
from sectionx.games.tunnel.rules import Move, apply_unchecked, moves
from sectionx.games.tunnel.tiles import tile_set
from sectionx.yamlsrc import parse_yaml

TUNNEL_TILES = ("TU-A", "TU-B", "TU-C", "TU-D")
#: Most turns the reference may judge (TQ1) or play (TQ2) on a candidate: the tests
#: prove every puzzle with it, so it must stay quick (a count, not seconds: the same
#: seed must give the same files on any machine).
REFERENCE_BUDGET = {"best": 30_000, "road": 20_000, "points": 20_000}
NODES = 300_000


@dataclass
class Candidate:
    """A puzzle found: its position, question, answer and what the file says of it."""

    pos: Position
    puzzle: Puzzle
    answer: solver.Answer
    note: str
    reference_seconds: float = 0.0


@dataclass
class Theme:
    """What one puzzle shows: its title, the goal's kind, players, variants, turns played
    before it, and the test its proved answer must pass (returning a note, or None)."""

    slug: str
    title: str
    kind: str
    players: tuple[int, ...]
    variants: tuple[str, ...] = ()
    turns: tuple[int, int] = (6, 14)
    within: int = 1
    test: Callable[[Position, solver.Answer], str | None] = field(default=lambda p, a: "")
    token_count: str = "3/2"
    #: A position set by hand (a puzzle file's keys, without ``answer:``), for a theme
    #: that games between bots meet too rarely; proved and tested all the same.
    hand: str = ""
    #: The reference's budget when the kind's (:data:`REFERENCE_BUDGET`) is too small
    #: for this theme's proof (its tests then belong to the slow step).
    reference_budget: int | None = None


# ------------------------------------------------------------------ positions


def game_position(rng: random.Random, players: int, variants: tuple[str, ...], turns: int, token_count: str) -> Position:
    """A position after ``turns`` turns of a game whose tunnel tiles come early."""
    pos = rules.new_game(players, tokens=token_count, variants=variants, seed=rng.randrange(1 << 30))
    assert pos.stack is not None
    stack = [t for t in pos.stack if t not in TUNNEL_TILES]
    for t in TUNNEL_TILES:
        stack.insert(rng.randrange(0, turns + 2), t)
    pos.stack = tuple(stack)
    bots = [random.Random(rng.randrange(1 << 30)) for _ in range(players)]
    for _ in range(turns):
        if pos.over:
            break
        own = bots[pos.turn]
        move = play.choose("greedy", pos, own) if own.random() < 0.5 else _tokens_often(pos, own)
        apply_unchecked(pos, move)
    return pos


def _tokens_often(pos: Position, rng: random.Random) -> Move:
    """A random turn that lays a token more often than the random bot: a placement
    drawn uniformly, a follower half the time, a token two times in three (a partner
    before a first one)."""
    found = moves(pos)
    if found[0].cell is None:
        return found[0]
    places = sorted({(m.cell, m.rotation) for m in found if m.cell is not None})
    cell, r = rng.choice(places)
    here = [m for m in found if (m.cell, m.rotation) == (cell, r)]
    with_f = [m for m in here if m.follower is not None] if rng.random() < 0.5 else []
    pool = with_f or [m for m in here if m.follower is None]
    tokens = [m for m in pool if m.token is not None]
    partners = [m for m in tokens if m.token is not None and len(pos.placed.get(m.token.set, ())) == 1]
    if tokens and rng.random() < 2 / 3:
        return rng.choice(partners or tokens)
    return rng.choice([m for m in pool if m.token is None] or pool)


def order_unknown(pos: Position) -> Position:
    """``pos`` with the order of its stack forgotten: the tiles left drawn at random."""
    pos = pos.copy()
    box = Counter(tile_set().box()) - Counter(p.tile.tile.name for p in pos.board.values()) - Counter(pos.out)
    pos.stack, pos.pool, pos.left = None, box, sum(box.values())
    return pos


def with_stack(pos: Position, tiles: tuple[str, ...]) -> Position:
    pos = pos.copy()
    pos.stack, pos.pool, pos.left = tiles, Counter(tiles), len(tiles)
    return pos


# ------------------------------------------------------------------ what the answers must show


def _best_scored(pos: Position, answer: solver.Answer) -> tuple[Score, ...]:
    return rules.play(pos, answer.choices[0].move).scored


def _one_placement(answer: solver.Answer) -> bool:
    return len({(c.move.cell, c.move.rotation) for c in answer.choices}) == 1


def _tq1(pos: Position, answer: solver.Answer, least: int = 3) -> bool:
    return answer.status == "solved" and (answer.best or 0) >= least and _one_placement(answer)


def token_closes(pos: Position, answer: solver.Answer) -> str | None:
    """Every best turn lays the partner of a set, and no turn without a token scores as much."""
    if not _tq1(pos, answer) or not all(c.move.token is not None for c in answer.choices):
        return None
    tile = answer.choices[0].move.tile
    without = max(points_for(pos.turn, rules.play(pos, m).scored) for m in moves(pos, tile) if m.token is None)
    if without >= (answer.best or 0):
        return None
    if not any(s.rule == "TU7" for s in _best_scored(pos, answer)):
        return None
    return f"without a token the most is {without}"


def one_tile(pos: Position, answer: solver.Answer) -> str | None:
    """A best turn closes a road whose tunnel has both openings on one tile (TU7, TU12)."""
    if not _tq1(pos, answer):
        return None
    move = answer.choices[0].move
    token = move.token
    if token is None:
        return None
    after = rules.play(pos, move).position
    ends = after.placed.get(token.set, ())
    if len(ends) == 2 and ends[0][0] == ends[1][0] and any(s.rule == "TU7" for s in _best_scored(pos, answer)):
        return "both openings of the tunnel on one tile"
    return None


def follower_first(pos: Position, answer: solver.Answer) -> str | None:
    """Every best turn puts a follower before a token that the other order refuses (TU5)."""
    if not _tq1(pos, answer, 2):
        return None
    for c in answer.choices:
        f, t = c.move.follower, c.move.token
        if f is None or t is None:
            return None
        swapped = Move(c.move.tile, c.move.cell, c.move.rotation, (t, f))
        if not any(p.rule == "TU5" for p in rules.problems(pos, swapped)):
            return None
    return "the follower must come before the token (TU5)"


def shared(pos: Position, answer: solver.Answer) -> str | None:
    """A best turn scores a feature for two or more players tied for the majority (CB8)."""
    if not _tq1(pos, answer):
        return None
    if any(len(s.seats) >= 2 and pos.turn in s.seats for s in _best_scored(pos, answer)):
        return "a majority shared (CB8)"
    return None


def variant_matters(name: str, also: Callable[[Position, solver.Answer], str | None] | None = None
                    ) -> Callable[[Position, solver.Answer], str | None]:
    """The answer with the variant differs from the answer without it."""

    def test(pos: Position, answer: solver.Answer) -> str | None:
        if answer.status != "solved":
            return None
        if also is not None and also(pos, answer) is None:
            return None
        plain = pos.copy()
        plain.variants = plain.variants - {name}
        if name == "TV2":
            plain.stealable = frozenset()
        if answer.goal.kind == "best":
            if not _tq1(pos, answer):
                return None
            other = solver.best_turn(plain, answer.choices[0].move.tile, nodes=NODES)
            if other.best != answer.best:
                return f"without {name} the most would be {other.best}"
            return None
        other = solver.plan(plain, answer.goal, nodes=NODES)
        if other.status == "solved" and other.turns != answer.turns:
            return f"without {name} it would take {other.turns}"
        return None

    return test


def stolen(pos: Position, answer: solver.Answer) -> str | None:
    """Every best turn lays the partner of another player's set (TV2)."""
    if not _tq1(pos, answer, 2):
        return None
    for c in answer.choices:
        t = c.move.token
        if t is None or pos.sets.get(t.set) == pos.turn:
            return None
    return "the partner of another player's set"


def plan_setup(pos: Position, answer: solver.Answer) -> str | None:
    """TQ2 worth asking: solved in exactly ``within`` turns, the goal as hard as can be
    (one more is not reachable), and for two turns or more no line starting with the
    turn that scores most now."""
    if answer.status != "solved" or answer.turns != answer.goal.within or len(answer.choices) > 3:
        return None
    if answer.goal.within >= 2:
        tile = next(m.tile for m in answer.line if m.cell is not None)
        best_now = solver.best_turn(pos, tile)
        if any(c.points >= (best_now.best or 0) for c in answer.choices) and (best_now.best or 0) > 0:
            return None
    return f"{len(answer.choices)} winning first turn{'s' if len(answer.choices) > 1 else ''}"


def two_tunnels_now(pos: Position, answer: solver.Answer) -> str | None:
    """TQ1 whose best turn completes a road that runs through two tunnels."""
    if not _tq1(pos, answer):
        return None
    after = rules.play(pos, answer.choices[0].move).position
    if any(i.kind == "road" and i.done and i.tunnels >= 2 and not _done_before(pos, i.tiles) for i in after.info.values()):
        return "a road through two tunnels"
    return None


def _done_before(pos: Position, tiles: frozenset[tuple[int, int]]) -> bool:
    return any(i.kind == "road" and i.done and i.tiles == tiles for i in pos.info.values())


def with_tokens(pos: Position, answer: solver.Answer) -> str | None:
    """TQ2 whose line lays a token."""
    note = plan_setup(pos, answer)
    if note is None or not any(m.token is not None for m in answer.line):
        return None
    return note


def hand_plan(pos: Position, answer: solver.Answer) -> str | None:
    """A TQ2 set by hand: solved in exactly ``within`` turns, its line laying tokens."""
    if answer.status != "solved" or answer.turns != answer.goal.within:
        return None
    if not any(m.token is not None for m in answer.line):
        return None
    return f"{len(answer.choices)} winning first turns"


def fields_at_end(pos: Position, answer: solver.Answer) -> str | None:
    """The end's sheet has fields scoring, and a shared majority or a city counted for
    two fields."""
    fields = [s for s in answer.sheet if s.kind == "field" and s.points > 0]
    if len(fields) < 2 or len(answer.sheet) < 4:
        return None
    return f"{len(fields)} fields score"


def end_tie(pos: Position, answer: solver.Answer) -> str | None:
    """The end's sheet has a feature shared by tied players."""
    if len(answer.sheet) < 3 or not any(len(s.seats) >= 2 for s in answer.sheet):
        return None
    return "a majority shared at the end (CB8, CB9)"


def after_move(pos: Position, answer: solver.Answer) -> str | None:
    """The move asked about scores during play, and the end after it."""
    if not answer.scored or len(answer.sheet) < 3:
        return None
    return "the move scores, then the end"


# ------------------------------------------------------------------ positions set by hand

#: Red's road from the start tile runs into TU-B's west opening, where red laid a token;
#: the tile's east road ends at a crossing.  S closes the west end, and the partner on
#: the tile's own east opening joins the two: four tiles, TU-B counted once (TU7).
ONE_TILE = """game: tunnel
players: [red, green]
turn: red
board:
  "0,-1": E@2
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": W@0
  "2,1": V@1
followers:
  red: ["0,0 road:W"]
  green: ["2,1 road:W"]
tunnels:
  red: ["1,0:W"]
scores: {red: 4, green: 0}
stack: 40
goal: {best: turn}
drawn: S
"""

#: Green's tunnel joins red's road (start tile to TU-B's west opening) to the road down
#: from TU-C to TU-D, where red laid a token; TU-B's east road ends at a crossing.  X
#: closes the west end and red's partner on TU-B's east opening completes a road through
#: two tunnels: seven tiles, for red and green alike (CB8, TU7).
TWO_TUNNELS = """game: tunnel
players: [red, green]
turn: red
board:
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": W@0
  "1,1": TU-C@0
  "1,2": U@1
  "1,3": TU-D@2
followers:
  red: ["0,0 road:W"]
  green: ["1,2 road:N"]
tunnels:
  green: ["1,0:W", "1,1:S"]
  red: ["1,3:N"]
scores: {red: 0, green: 0}
stack: 40
goal: {best: turn}
drawn: X
"""


#: Red's road runs from the start tile into TU-B's west opening; the tile's east road
#: runs out east.  U, W and X come in that order: only W and X close a road's end, so
#: the road closes on the third turn at the earliest, joined under TU-B by red's two
#: tokens laid on two of the turns; with U on it, it has five tiles.
THREE_TURNS = """game: tunnel
players: [red, green]
turn: red
board:
  "0,-1": E@2
  "0,0": D@0
  "1,0": TU-B@0
followers:
  red: ["0,0 road:W"]
scores: {red: 4, green: 0}
stack: [U, W, X]
goal: {road: 5, within: 3}
"""


#: Red's road from the start tile is open at both ends; green's road runs from TU-C's
#: east opening to the crossing on 1,1.  W, TU-B and U come in that order.  Without TV4
#: red lays a first token on green's opening while closing the west end, and the
#: partner on TU-B's west opening the next turn: 2 turns.  TV4 refuses that first token
#: (green's follower is on the road), so the first token waits for TU-B and the
#: partner for the third tile: 3 turns.
NO_BLOCKING = """game: tunnel
players: [red, green]
variants: [TV4]
turn: red
board:
  "0,0": D@0
  "0,1": TU-C@0
  "1,1": W@0
followers:
  red: ["0,0 road:W"]
  green: ["1,1 road:W"]
stack: [W, TU-B, U]
goal: {road: 5, within: 3}
"""


# ------------------------------------------------------------------ the themes, in order: easy to hard

THEMES = [
    Theme("token-closes-the-road", "A token closes the road", "best", (2, 3), test=token_closes),
    Theme("across-the-board", "Across the board", "best", (3, 4), test=token_closes, turns=(10, 16)),
    Theme("share-the-road", "Share the road", "best", (2, 3, 4), test=shared),
    Theme("one-tile-two-mouths", "One tile, two mouths", "best", (2,), test=one_tile, hand=ONE_TILE),
    Theme("follower-first", "Follower first", "best", (2, 3, 4), test=follower_first),
    Theme("own-follower", "Own follower (TV1)", "best", (2, 3), variants=("TV1",), test=variant_matters("TV1")),
    Theme("steal-the-partner", "Steal the partner (TV2)", "best", (2, 3), variants=("TV2",),
          test=variant_matters("TV2", stolen), turns=(10, 18)),
    Theme("pairs-at-once", "Pairs at once (TV3)", "best", (3, 4), variants=("TV3",), test=token_closes),
    Theme("the-last-word", "The last word", "end", (2, 3), test=fields_at_end, turns=(14, 24)),
    Theme("even-at-the-end", "Even at the end", "end", (3, 4), test=end_tie, turns=(12, 20)),
    Theme("one-more-turn", "One more turn", "end", (2, 3), test=after_move, turns=(12, 20)),
    Theme("a-road-in-two", "A road in two", "road", (3, 4, 5), within=2, test=with_tokens),
    Theme("points-in-two", "Points in two", "points", (3, 4, 5), within=2, test=plan_setup),
    Theme("two-tunnels", "Two tunnels", "best", (2,), test=two_tunnels_now, hand=TWO_TUNNELS),
    Theme("three-turns", "Three turns", "road", (2,), within=3, test=hand_plan, hand=THREE_TURNS),
    Theme("nobody-blocks", "Nobody blocks (TV4)", "road", (2,), within=3, variants=("TV4",),
          test=variant_matters("TV4", hand_plan), hand=NO_BLOCKING, reference_budget=100_000),
]


# ------------------------------------------------------------------ making one


def candidate(theme: Theme, rng: random.Random) -> Candidate | None:
    """One try: a position, its question, the proved answer and the theme's test."""
    if theme.hand:
        return _by_hand(theme)
    players = rng.choice(theme.players)
    turns = rng.randint(*theme.turns)
    base = game_position(rng, players, theme.variants, turns, theme.token_count)
    if base.over or base.stack is None or len(base.stack) < 4:
        return None
    if theme.kind == "best":
        pos = order_unknown(base)
        tile = rng.choice([t for t in TUNNEL_TILES if pos.pool[t]] or [base.stack[0]]) if rng.random() < 0.6 \
            else base.stack[0]
        puzzle = Puzzle(Goal("best"), drawn=tile)
        answer = solver.best_turn(pos, tile, nodes=NODES)
    elif theme.kind == "end":
        pos = order_unknown(base)
        after = None
        if theme.test is after_move:
            choices = [m for m in moves(pos, base.stack[0]) if rules.play(pos, m).scored]
            if not choices:
                return None
            after = rng.choice(choices)
        puzzle = Puzzle(Goal("end"), after=after, after_text=str(after) if after else "")
        answer = solver.end_scores(pos, after)
    else:
        pos = with_stack(base, base.stack[:theme.within])
        need = _hardest(pos, theme)
        if need is None:
            return None
        puzzle = Puzzle(Goal(theme.kind, need, theme.within))
        answer = solver.plan(pos, puzzle.goal, nodes=NODES)
    if answer.status != "solved":
        return None
    note = theme.test(pos, answer)
    if note is None:
        return None
    seconds = _reference_agrees(pos, puzzle, answer)
    if seconds is None:
        return None
    return Candidate(pos, Puzzle(puzzle.goal, puzzle.drawn, puzzle.after, solver.stated_answer(answer),
                                 puzzle.after_text), answer, note, seconds)


def _by_hand(theme: Theme) -> Candidate:
    """The theme's position set by hand, proved and tested (an error if it fails)."""
    loaded = formats.read(parse_yaml(theme.hand, f"{theme.slug}.yaml"))
    pos, puzzle = loaded.position, loaded.puzzle
    assert puzzle is not None
    answer = solver.solve_puzzle(loaded)
    note = theme.test(pos, answer)
    seconds = _reference_agrees(pos, puzzle, answer, theme.reference_budget)
    if note is None or seconds is None:
        raise AssertionError(f"{theme.slug}: the position set by hand does not show what it should")
    stated = solver.stated_answer(answer)
    return Candidate(pos, Puzzle(puzzle.goal, puzzle.drawn, puzzle.after, stated, puzzle.after_text), answer,
                     note + " (set by hand)", seconds)


def _hardest(pos: Position, theme: Theme) -> int | None:
    """The largest target the player reaches in ``within`` turns but not in fewer (a
    road's tiles, or points), None if there is none worth asking: by the solver's
    search alone (the answer, with its line and first turns, is proved afterwards)."""
    lo = 3 if theme.kind == "road" else 4
    best = None
    for target in range(lo, 16 if theme.kind == "road" else 30):
        goal = Goal(theme.kind, target, theme.within)
        search = solver._Search(pos, goal, solver._Counter(NODES, None))
        try:
            if not search.reach(pos, theme.within, need(goal)):
                break
            if theme.within == 1 or not search.reach(pos, theme.within - 1, need(goal)):
                best = target
        except solver.OutOfNodes:
            return None
    return best


def _reference_agrees(pos: Position, puzzle: Puzzle, answer: solver.Answer, budget: int | None = None
                      ) -> float | None:
    """The reference's seconds when it agrees within its budget, None when it would
    take longer (an error if it disagrees)."""
    t0 = time.perf_counter()
    budget = budget or REFERENCE_BUDGET.get(puzzle.goal.kind)
    try:
        if puzzle.goal.kind == "best":
            assert puzzle.drawn is not None
            best, ends = reference.best_points(pos, puzzle.drawn, budget)
            if best != answer.best or len(ends) != len(answer.choices):
                raise AssertionError(f"the reference disagrees: {best} in {len(ends)} positions, the solver "
                                     f"{answer.best} in {len(answer.choices)}")
        elif puzzle.goal.kind == "end":
            if reference.end_totals(pos, puzzle.after) != answer.scores:
                raise AssertionError("the reference's end scores disagree")
        elif answer.turns is None or not reference.confirms(pos, puzzle.goal, answer.turns, answer.line, budget):
            raise AssertionError("the reference does not confirm the fewest turns")
    except reference.TooLong:
        return None
    return time.perf_counter() - t0


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def describe(theme: Theme, c: Candidate) -> str:
    a = c.answer
    if a.goal.kind == "best":
        return f"best {a.best} points, {len(a.choices)} best choice(s); {c.note}"
    if a.goal.kind == "end":
        return f"end scores {a.scores}; {c.note}"
    return f"{a.goal.kind} {a.goal.target} in {a.turns}; {c.note}"


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("scenarios/tunnel/puzzles"))
    ap.add_argument("--tries", type=int, default=4000, help="positions tried for one theme before giving up")
    ap.add_argument("--only", default="", help="make only the themes whose slug contains this (for trying)")
    args = ap.parse_args()
    make_folder(args.out)
    for number, theme in enumerate(THEMES, 1):
        if args.only and args.only not in theme.slug:
            continue
        rng = random.Random(args.seed * 1000 + number)
        t0 = time.perf_counter()
        tries, found = 0, None
        while found is None and tries < args.tries:
            tries += 1
            found = candidate(theme, rng)
        if found is None:
            print(f"{number:02d} {theme.slug}: nothing found in {args.tries} tries", flush=True)
            continue
        name = f"{number:02d}-{theme.slug}.yaml"
        pos, puzzle = found.pos, found.puzzle
        header = (f"Der Tunnel puzzle ({puzzle.goal.ruling}), made by scripts/tunnel_puzzles.py --seed {args.seed} "
                  f"({tries} positions tried).\n{_upper(puzzle.goal.sentence(pos.player))}.\n"
                  f"Check it with: sectionx solve {args.out.as_posix()}/{name}")
        # The shipped examples live inside the package, where the commands never write
        # (fileio refuses it); this maintainers' script writes them as plain files.
        text = dumps(pos, puzzle, title=f"Der Tunnel {number}: {theme.title}", header=header)
        (args.out / name).write_text(text, encoding="utf-8")
        print(f"{number:02d} {theme.slug}: {describe(theme, found)} ({tries} tries, {time.perf_counter() - t0:.1f} s, "
              f"reference {found.reference_seconds:.2f} s)", flush=True)


if __name__ == "__main__":
    main()
