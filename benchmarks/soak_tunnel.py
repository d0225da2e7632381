"""Soak test for Der Tunnel: many random games, every invariant checked after every move.

Not part of the test suite (tests/test_tunnel_differential.py plays 14 games; this plays
as many as it is given).  Run:

    nice .venv/bin/python benchmarks/soak_tunnel.py --games 2000 [--seed 0] [--minutes 5]

Game ``i`` has seed ``S + i``: 2–5 players in turn, then each option in turn (no
variant, TV1, TV2, TV3, TV4, each with both token counts of TU8; 40 consecutive seeds
cover every player count with every option), the tunnel tiles among the first 24
draws in every other block of 40.  Moves are drawn from ``rules.moves`` favouring
tokens, then followers (tests/test_tunnel_differential.choose_move).

Before every move, for **every** legal move ``rules.moves`` lists: its text reads back
to it (``parse_move``, ``canonical``), it is listed once, and ``rules.problems`` finds
nothing wrong with it.  After every move:

- the differential of tests/test_tunnel_differential.py: the referee's features equal
  the flood fill's (flood.py) feature for feature, the move's score lines equal the
  flood's points and majority of what it completed, the end's scoring of the position
  (on a copy) equals flood.final_scores;
- tiles conserved: board + stack + out == the box, the pool and the count left agree
  (TG2, TG3, CB11); every placed edge matches its neighbour's and the frontier is the
  one the board implies (CB3);
- followers conserved: supply + on the board == 7 for each player (CB1);
- tokens conserved: the sets are the ones dealt (TU8, counted here from the ruling),
  placed + unplaced == 2 a set, never more than 2 a set (a TV3 pair 0 or 2), a token
  lies on an opening, no token ever leaves; a token of another player's set only as a
  TV2 theft; TV2's sets open to theft recomputed here from TV5's wording;
- the turn passes to the next seat, except after a tile put out (CB11); scores never
  go down; the game is over exactly when no tile is left.

After every game: the move texts, read back and played through ``rules.play`` from
the start, reach the same board, scores and end scoring; and the game written as a
record (sectionx/games/tunnel/records.py: start inline, ``result:`` after the end's
scoring), read back and replayed through it, gives no diagnostic and the same board,
scores and turns.  On a failure the game, its first broken
invariant and its moves are printed and written to output/soak-tunnel-SEED.txt.
Progress goes to stderr; the tally to stdout.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sectionx.games.tunnel import flood, records, rules
from sectionx.games.tunnel.model import FOLLOWERS, Opening, Position
from sectionx.games.tunnel.tiles import DELTA, tile_set
from sectionx.progress import progress_bar
from sectionx.yamlsrc import parse_yaml
from tests.test_tunnel_differential import (
    CONFIGS,
    bookkeeping_problems,
    choose_move,
    final_problems,
    flood_inputs,
    start_game,
    turn_problems,
)

#: TU8, restated: sets a player holds by player count, for each token count.
SETS_EACH = {"3/2": {2: 3, 3: 2, 4: 1, 5: 1}, "2/1": {2: 2, 3: 1, 4: 1, 5: 1}}


@dataclass
class Tally:
    games: int = 0
    moves: int = 0
    judged: int = 0
    outs: int = 0
    lines: Counter[str] = field(default_factory=Counter)
    tunnels: int = 0
    half: int = 0
    thefts: int = 0
    records: int = 0


class Broken(Exception):
    """The first invariant a game broke."""


def game_of(seed: int) -> tuple[int, tuple[str, ...], str, bool]:
    """Players, variants, token count and whether the tunnel tiles come early, for game ``seed``."""
    variants, tokens = CONFIGS[(seed // 4) % len(CONFIGS)]
    return 2 + seed % 4, variants, tokens, (seed // 40) % 2 == 1


# ------------------------------------------------------------------ invariants


def check_legal(pos: Position, legal: Sequence[rules.Move]) -> int:
    """Every listed move reads back, is listed once and is legal; how many were judged."""
    if not legal:
        raise Broken("rules.moves lists no move though a tile is left")
    texts = [str(m) for m in legal]
    if len(set(texts)) != len(texts):
        raise Broken(f"rules.moves lists {len(texts) - len(set(texts))} moves twice")
    for move, text in zip(legal, texts):
        if rules.parse_move(text) != move or rules.canonical(pos, move) != move:
            raise Broken(f"{text!r} does not read back to the move listed")
        found = rules.problems(pos, move)
        if found:
            raise Broken(f"{text} is listed by rules.moves but refused: {'; '.join(map(str, found))}")
    return len(legal)


def check_tiles(pos: Position) -> None:
    box = Counter(tile_set().box())
    board = Counter(p.tile.tile.name for p in pos.board.values())
    stack = Counter(pos.stack or ())
    if board + stack + Counter(pos.out) != box:
        raise Broken("tiles not conserved: board + stack + out is not the box")
    if pos.pool != +pos.pool or pos.pool != box - board - Counter(pos.out) or pos.left != pos.pool.total() or pos.left != len(pos.stack or ()):
        raise Broken(f"the pool ({pos.pool.total()}), the count left ({pos.left}) and the stack disagree")
    frontier: dict[tuple[int, int], list[str]] = {}
    for (x, y), placed in pos.board.items():
        for e, (dx, dy) in enumerate(DELTA):
            near = (x + dx, y + dy)
            other = pos.board.get(near)
            if other is None:
                need = frontier.setdefault(near, list("...."))
                need[(e + 2) % 4] = placed.tile.edges[e]
            elif other.tile.edges[(e + 2) % 4] != placed.tile.edges[e]:
                raise Broken(f"the tile on {x},{y} does not match its neighbour on {near} (CB3)")
    if {c: "".join(n) for c, n in frontier.items()} != pos.frontier:
        raise Broken("the frontier is not the one the board implies")


def check_followers(pos: Position) -> None:
    on_board = Counter(pos.followers.values())
    for seat in range(len(pos.players)):
        if pos.supply[seat] < 0 or pos.supply[seat] + on_board[seat] != FOLLOWERS:
            raise Broken(f"{pos.players[seat]}: {pos.supply[seat]} in supply + {on_board[seat]} on the board "
                         f"is not {FOLLOWERS} (CB1)")


def check_tokens(before: Position, move: rules.Move, after: Position, stealable: frozenset[str]) -> None:
    common = "TV3" in after.variants
    owners = Counter(after.sets.values())
    want = {None: 6} if common else dict.fromkeys(range(len(after.players)),
                                                   SETS_EACH[after.token_count][len(after.players)])
    if after.sets != before.sets or dict(owners) != want:
        raise Broken(f"the token sets changed or are not TU8's: {after.sets}")
    mouths = set(after.mouths)
    for s, laid in after.placed.items():
        if not 1 <= len(laid) <= 2 or (common and len(laid) != 2) or not set(laid) <= mouths:
            raise Broken(f"set {s}: tokens on {laid} (TU1, TU4, TV3)")
    if after.tokens != {o: s for s, laid in after.placed.items() for o in laid}:
        raise Broken("the tokens on the board and the sets' placed tokens disagree")
    unplaced = 2 * len(after.sets) - len(after.tokens)
    if unplaced < 0 or len(after.tokens) + unplaced != 2 * len(after.sets) or len(after.sets) > 6:
        raise Broken("tokens not conserved")
    if any(after.tokens.get(o) != s for o, s in before.tokens.items()):
        raise Broken("a token left the board or changed (TU8)")
    token = move.token
    laid_now = len(after.tokens) - len(before.tokens)
    if laid_now != (len(token.openings) if token else 0):
        raise Broken(f"{laid_now} tokens laid by {move}")
    theft = "TV2" in after.variants and token is not None and token.set in stealable \
        and len(before.placed.get(token.set, ())) == 1
    if token is not None and not common and after.sets[token.set] != before.turn and not theft:
        raise Broken(f"{move}: a token of another player's set laid outside a TV2 theft")
    if after.stealable - frozenset(s for s, laid in after.placed.items() if len(laid) == 1):
        raise Broken(f"sets open to theft that are not half laid: {sorted(after.stealable)}")


def stealable_after(before: Position, move: rules.Move, stealable: frozenset[str]) -> frozenset[str]:
    """TV2's sets open to theft after ``move`` (TV5): a set of the mover's, half laid
    before this turn and still half laid after it, though once the tile lay its partner
    could have been laid legally on an unclaimed opening; a set leaves when its partner
    is laid."""
    if "TV2" not in before.variants:
        return frozenset()
    token = move.token
    laid = stealable - ({token.set} if token is not None else set())
    if move.cell is None:
        return laid
    tile = tile_set().oriented(move.tile, move.rotation)
    openings: set[Opening] = set(before.mouths)
    openings |= {(move.cell, f.edges[0]) for f in tile.features if f.end == "opening"}
    free = openings - set(before.tokens)
    lying = before.copy()
    lying.put_tile(move.cell, tile)
    for s, owner in before.sets.items():
        # An opportunity is a partner the owner could have laid legally once the tile lay.
        could = any(not rules.token_problems(lying, rules.Token(s, (o,)), before.turn) for o in free)
        if owner == before.turn and len(before.placed.get(s, ())) == 1 and could and (token is None or token.set != s):
            laid |= {s}
    return frozenset(laid)


# ------------------------------------------------------------------ one game


def replay_problems(start: Position, texts: Sequence[str], end: Position) -> str | None:
    """The moves' texts played again from ``start`` through the referee; what differs."""
    pos = start.copy()
    for i, text in enumerate(texts, 1):
        try:
            pos = rules.play(pos, rules.parse_move(text)).position
        except (rules.IllegalMove, ValueError) as e:
            return f"replay: move {i} {text!r} refused: {e}"
    a, b = pos.copy(), end.copy()
    sheets = a.final_scoring(), b.final_scoring()
    if flood_inputs(pos) != flood_inputs(end) or pos.scores != end.scores or sheets[0] != sheets[1] \
            or a.scores != b.scores:
        return f"replay: reaches scores {pos.scores} (end {a.scores}), the game {end.scores} (end {b.scores})"
    return None


def record_problems(start: Position, texts: Sequence[str], end: Position) -> str | None:
    """The game written as a record by sectionx/games/tunnel/records.py (start inline,
    the result after the end's scoring), read back and replayed through it."""
    moves = [rules.parse_move(t) for t in texts]
    text = records.dumps(start, moves, seed=0, result=records.result_of(end, len(moves)))
    record = records.read(parse_yaml(text, "soak-tunnel.yaml"), ROOT)
    replayed = records.replay(record)
    said = records.diagnostics(record, replayed)
    if replayed.error is not None or said:
        return f"record: replay refuses it: {'; '.join(map(str, said)) or replayed.error}"
    final = replayed.final
    if flood_inputs(final) != flood_inputs(end) or final.scores != end.scores or final.turns != end.turns:
        return f"record: replays to scores {final.scores}, the game {end.scores}"
    return None


def one_game(seed: int, tally: Tally) -> tuple[str | None, list[str]]:
    """Play game ``seed`` with every check; its first broken invariant (or None) and its moves."""
    players, variants, tokens, early = game_of(seed)
    start = start_game(seed, players, variants, tokens, early=early)
    rng = random.Random(seed * 7 + 1)
    pos = start
    texts: list[str] = []
    found = flood.features(*flood_inputs(pos))
    stealable: frozenset[str] = frozenset()
    try:
        problems = bookkeeping_problems(pos, found) + final_problems(pos, found)
        if problems:
            raise Broken(problems[0])
        while not pos.over:
            legal = rules.moves(pos)
            tally.judged += check_legal(pos, legal)
            move = choose_move(rng, pos, legal)
            texts.append(str(move))
            turn = rules.play(pos, move)
            after = turn.position
            problems, found = turn_problems(pos, move, turn, found)
            if problems:
                raise Broken(problems[0])
            check_tiles(after)
            check_followers(after)
            check_tokens(pos, move, after, stealable)
            stealable = stealable_after(pos, move, stealable)
            if after.stealable != stealable:
                raise Broken(f"TV2: sets open to theft {sorted(after.stealable)}, by TV5 {sorted(stealable)}")
            if after.turn != (pos.turn if move.cell is None else (pos.turn + 1) % len(pos.players)):
                raise Broken(f"the turn went from {pos.player} to {after.player} (CB2, CB11)")
            if any(a < b for a, b in zip(after.scores, pos.scores)):
                raise Broken(f"scores went down: {pos.scores} to {after.scores}")
            if after.over != (after.left == 0) or (after.stack is not None and after.over != (not after.stack)):
                raise Broken("the game's end and the tiles left disagree (CB9)")
            tally.moves += 1
            tally.outs += move.cell is None
            tally.lines.update(s.rule for s in turn.scored)
            token = move.token
            tally.thefts += bool(token and "TV3" not in variants and pos.sets[token.set] != pos.turn)
            pos = after
        problem = replay_problems(start, texts, pos)
        if problem is None:
            problem = record_problems(start, texts, pos)
            tally.records += problem is None
        if problem is not None:
            raise Broken(problem)
    except Broken as e:
        return f"turn {pos.turns + 1}: {e}", texts
    tally.games += 1
    tally.tunnels += sum(1 for laid in pos.placed.values() if len(laid) == 2)
    tally.half += sum(1 for laid in pos.placed.values() if len(laid) == 1)
    return None, texts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--minutes", type=float, default=None, help="stop after this long (the games done are counted)")
    args = ap.parse_args()
    started = time.perf_counter()
    tally = Tally()
    with progress_bar("soak tunnel", total=args.games, fields=("moves", "judged")) as bar:
        for i in range(args.games):
            if args.minutes is not None and time.perf_counter() - started > 60 * args.minutes:
                break
            seed = args.seed + i
            problem, texts = one_game(seed, tally)
            if problem is not None:
                players, variants, tokens, early = game_of(seed)
                head = (f"seed {seed} ({players} players, {'+'.join(variants) or 'no variant'}, tokens {tokens}"
                        f"{', tunnel tiles early' if early else ''}): {problem}")
                out = ROOT / "output" / f"soak-tunnel-{seed}.txt"
                out.parent.mkdir(exist_ok=True)
                out.write_text(head + "\n" + "\n".join(texts) + "\n")
                print(f"{head}; its moves in {out}")
                return 1
            bar.update(advance=1, moves=tally.moves, judged=tally.judged)
    seconds = time.perf_counter() - started
    lines = ", ".join(f"{rule} {n}" for rule, n in sorted(tally.lines.items()))
    print(f"{tally.games} games (seeds {args.seed}-{args.seed + tally.games - 1}), {tally.moves} moves "
          f"({tally.outs} tiles put out), {tally.judged} listed moves judged legal, every invariant held, "
          f"{seconds:.0f} s ({1000 * seconds / max(tally.games, 1):.0f} ms a game with every check)")
    print(f"scored during play: {lines}; tunnels built {tally.tunnels}, sets left half laid {tally.half}, "
          f"TV2 thefts {tally.thefts}; {tally.records} records written, read back and replayed")
    print(f"{platform.machine()}, Python {platform.python_version()}, {platform.system()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
