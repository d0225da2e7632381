"""Der Tunnel: the referee's incremental bookkeeping against the from-scratch flood fill
(issue 27, "Done when": the differential test).

The referee (:mod:`sectionx.games.tunnel.model`) joins features with a union-find as
tiles and tokens are placed; :mod:`sectionx.games.tunnel.flood`, written separately
from the rulings, floods the whole board each time.  After **every** move of random
games (2–5 players, no variant and each of TV1–TV4, both token counts of TU8) the two
must agree feature for feature, matched by their member sets ``(cell, local feature)``:

- the partition itself (``pos.where``/``pos.find`` against the flood's members), each
  feature's kind, tiles, open edges (CB5; zero exactly when a road or city is
  complete), unpaired openings (TU3), tunnels joined (TU4), pennants (CB7), followers
  by colour (CB4, CB8), a cloister's neighbours, a field's cities; a feature complete
  by the flood is one the referee has scored and emptied of followers (CB6–CB8);
- every line the referee scored during the move (CB6–CB8, TU7) against the flood's
  points and majority of the features the move completed.  The flood reads the board
  *before* followers return: the position before the move as plain data (board,
  followers, tunnel sets) plus the move itself written onto that data (its tile, its
  follower on the feature the move names, its token(s) appended to their set) — no
  referee code is involved in building it.  The features the move completed are the
  flood's complete features (not fields) whose members were not already a complete
  feature before the move;
- the end's scoring (CB9, TU9): ``pos.copy().final_scoring()`` gives ``pos.scores``
  plus :func:`flood.final_scores` for every colour, and its sheet holds exactly the
  flood's incomplete features with followers, with their end points and majority.

The random games favour moves with a token, then with a follower, so that tunnels are
built and roads through them are held and scored; in some of them the four tunnel
tiles are drawn among the first 24 tiles (any order of the stack is a legal shuffle)
so that there is time to pair them.  The same checks run over thousands of
games in ``benchmarks/soak_tunnel.py``, which imports them from here.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sectionx.games.tunnel import flood, rules
from sectionx.games.tunnel.flood import FloodFeature
from sectionx.games.tunnel.model import Position, Score
from sectionx.games.tunnel.tiles import tile_set

Board = dict[flood.Cell, tuple[str, int]]
Followers = dict[flood.Node, str]
Tunnels = dict[str, list[flood.Opening]]
Members = frozenset[flood.Node]

#: Every game option the differential covers: no variant or one of TV1–TV4, each with
#: both token counts (TU8).
CONFIGS: list[tuple[tuple[str, ...], str]] = [
    (variants, tokens) for variants in ((), ("TV1",), ("TV2",), ("TV3",), ("TV4",)) for tokens in rules.TOKEN_COUNTS]


# ------------------------------------------------------------------ random games


def start_game(seed: int, players: int, variants: Sequence[str], tokens: str, *, early: bool = False) -> Position:
    """A new game shuffled by ``seed``; ``early``: the tunnel tiles moved among the
    first 24 draws (still a shuffle of the box, so still a legal game)."""
    pos = rules.new_game(players, tokens=tokens, variants=variants, seed=seed)
    if early and pos.stack is not None:
        rng = random.Random(seed)
        tunnel = [t for t in pos.stack if tile_set().types[t].tunnel]
        rest = [t for t in pos.stack if not tile_set().types[t].tunnel]
        head = rest[:24 - len(tunnel)] + tunnel
        rng.shuffle(head)
        pos.stack = (*head, *rest[24 - len(tunnel):])
    return pos


def choose_move(rng: random.Random, pos: Position, legal: Sequence[rules.Move]) -> rules.Move:
    """A random legal move of ``pos``, favouring a token (so tunnels are built; half the
    time the partner of a half-laid set when one may be laid, TV2's thefts included),
    then a follower (so roads are held and scored), then anything."""
    with_token = [m for m in legal if m.token is not None]
    with_follower = [m for m in legal if m.follower is not None]
    r = rng.random()
    if with_token and r < 0.6:
        partners = [m for m in with_token if m.token is not None and m.token.set in pos.placed]
        return rng.choice(partners if partners and rng.random() < 0.5 else with_token)
    if with_follower and r < 0.9:
        return rng.choice(with_follower)
    return rng.choice(legal)


# ------------------------------------------------------------------ the flood's view


def flood_inputs(pos: Position) -> tuple[Board, Followers, Tunnels]:
    """The position as plain data for :mod:`.flood`: tiles, followers by colour, tunnel sets."""
    board = {cell: (p.tile.tile.name, p.tile.rotation) for cell, p in pos.board.items()}
    followers = {node: pos.players[seat] for node, seat in pos.followers.items()}
    tunnels = {s: list(laid) for s, laid in pos.placed.items()}
    return board, followers, tunnels


def with_move(pos: Position, move: rules.Move) -> tuple[Board, Followers, Tunnels]:
    """The flood's data after ``move``'s tile, follower and tokens, before anything is
    scored or returned: the move written onto :func:`flood_inputs` of ``pos``."""
    board, followers, tunnels = flood_inputs(pos)
    if move.cell is None:
        return board, followers, tunnels
    board[move.cell] = (move.tile, move.rotation)
    tile = tile_set().oriented(move.tile, move.rotation)
    for step in move.steps:
        if isinstance(step, rules.Follower):
            local = tile.feature_named(step.feature)
            assert local is not None, step
            followers[(move.cell, local)] = pos.player
        else:
            tunnels.setdefault(step.set, []).extend(step.openings)
    return board, followers, tunnels


def sorted_cells(cells: frozenset[flood.Cell]) -> tuple[flood.Cell, ...]:
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


def seats_of(pos: Position, colours: Sequence[str]) -> tuple[int, ...]:
    return tuple(sorted(pos.players.index(c) for c in colours))


def by_seat(pos: Position, followers: Counter[str]) -> tuple[int, ...]:
    return tuple(followers[p] for p in pos.players)


# ------------------------------------------------------------------ the comparisons


def bookkeeping_problems(pos: Position, found: list[FloodFeature]) -> list[str]:
    """Every difference between the referee's features (union-find roots) and the
    flood's, after a whole turn; empty when they agree."""
    problems: list[str] = []
    for i, (cell, local) in enumerate(pos.where):
        if pos.board[cell].base + local != i:
            problems.append(f"feature id {i} is ({cell}, {local}) but that tile's features start at "
                            f"{pos.board[cell].base}")
    members: dict[int, set[flood.Node]] = {}
    for i, node in enumerate(pos.where):
        members.setdefault(pos.find(i), set()).add(node)
    if set(members) != set(pos.info):
        problems.append(f"roots {sorted(members)} but info kept for {sorted(pos.info)}")
        return problems
    ours = {frozenset(nodes): root for root, nodes in members.items()}
    theirs = {f.members: f for f in found}
    for only in sorted(set(ours) - set(theirs), key=sorted):
        problems.append(f"the referee has a {pos.info[ours[only]].kind} of {sorted(only)} the flood does not")
    for only in sorted(set(theirs) - set(ours), key=sorted):
        problems.append(f"the flood has a {theirs[only].kind} of {sorted(only)} the referee does not")
    held: dict[flood.Node, int] = {}
    for key in set(ours) & set(theirs):
        root, f = ours[key], theirs[key]
        info = pos.info[root]
        said = f"{f.kind} of {sorted_cells(f.cells)}"
        paired = (len(f.openings) - f.unpaired) // 2
        mine = Counter(pos.players[seat] for _, _, seat in info.followers)
        pairs = [("kind", info.kind, f.kind), ("tiles", info.tiles, f.cells), ("pennants", info.pennants, f.pennants),
                 ("followers", mine, f.followers)]
        if f.kind in ("road", "city"):
            pairs += [("open edges", info.open, len(f.open_edges)), ("unpaired openings", info.unpaired, f.unpaired),
                      ("tunnels", info.tunnels, paired),
                      ("open == 0 and unpaired == 0", info.open == 0 and info.unpaired == 0, f.complete)]
        if f.kind == "cloister":
            (cell,) = f.cells
            pairs.append(("tiles around", pos.around(cell), f.neighbours))
        if f.kind == "field":
            cities = {frozenset(members[pos.find(c)]) for c in info.cities}
            pairs.append(("cities", cities, {found[c].members for c in f.cities}))
        else:
            # After a whole turn, a feature is complete exactly when it has been scored
            # (its followers back with their owners, CB8).
            pairs += [("complete", pos.complete(root), f.complete), ("scored", info.done, f.complete)]
            if f.complete and f.followers:
                problems.append(f"{said}: complete but followers {dict(f.followers)} are still on it")
        for what, a, b in pairs:
            if a != b:
                problems.append(f"{said}: {what} {a!r} by the referee, {b!r} by the flood")
        for cell, local, seat in info.followers:
            if (cell, local) not in key:
                problems.append(f"{said}: a follower on ({cell}, {local}) which is not part of it")
            held[(cell, local)] = seat
    if held != pos.followers:
        problems.append(f"the features hold followers {sorted(held.items())}, the board {sorted(pos.followers.items())}")
    return problems


def line(pos: Position, kind: str, cells: frozenset[flood.Cell], points: int, followers: Counter[str]) \
        -> tuple[object, ...]:
    """A score line as the flood sees it, in the referee's terms (Score's fields)."""
    return kind, sorted_cells(cells), points, seats_of(pos, flood.majority(followers)), by_seat(pos, followers)


def score_line(s: Score) -> tuple[object, ...]:
    return s.kind, s.cells, s.points, s.seats, s.followers


def score_problems(pos: Position, move: rules.Move, scored: Sequence[Score], after: Position,
                   before: list[FloodFeature]) -> list[str]:
    """Every difference between what the referee scored for ``move`` (``scored``, the
    position ``after``) and the flood's features that the move completed (CB6–CB8,
    TU7); ``before`` is the flood of ``pos``."""
    problems: list[str] = []
    was_complete = {f.members for f in before if f.complete}
    mid = flood.features(*with_move(pos, move))
    done = [f for f in mid if f.kind != "field" and f.complete and f.members not in was_complete]
    want = sorted(line(pos, f.kind, f.cells, f.points_complete, f.followers) for f in done)
    got = sorted(score_line(s) for s in scored)
    if want != got:
        problems.append(f"{move}: the referee scored {got}, the flood {want}")
    tunnelled = {(f.kind, sorted_cells(f.cells)) for f in done if f.kind == "road" and len(f.openings) > f.unpaired}
    for s in scored:
        rule = "TU7" if (s.kind, s.cells) in tunnelled else {"road": "CB6"}.get(s.kind, "CB7")
        if s.rule != rule:
            problems.append(f"{move}: the {s.kind} of {s.cells} scored under {s.rule}, not {rule}")
    gained = [0] * len(pos.players)
    for f in done:
        for colour in flood.majority(f.followers):
            gained[pos.players.index(colour)] += f.points_complete
    if [a - b for a, b in zip(after.scores, pos.scores)] != gained:
        problems.append(f"{move}: scores went from {pos.scores} to {after.scores}, the flood says +{gained}")
    return problems


def final_problems(pos: Position, found: list[FloodFeature]) -> list[str]:
    """Every difference between the referee's end scoring (CB9, TU9) of ``pos`` (on a
    copy) and the flood's: the totals and each line of the sheet."""
    problems: list[str] = []
    end = pos.copy()
    sheet = end.final_scoring()
    board, followers, tunnels = flood_inputs(pos)
    extra = flood.final_scores(board, followers, tunnels)
    want_totals = [pos.scores[seat] + extra.get(colour, 0) for seat, colour in enumerate(pos.players)]
    if end.scores != want_totals:
        problems.append(f"the end's scoring gives {end.scores}, the flood {want_totals} "
                        f"({pos.scores} during play + {extra})")
    want = sorted(line(pos, f.kind, f.cells, f.points_final, f.followers) for f in found
                  if f.followers and (f.kind == "field" or not f.complete))
    got = sorted(score_line(s) for s in sheet)
    if want != got:
        problems.append(f"the end's score sheet is {got}, the flood's {want}")
    if pos.scores != pos.copy().scores or any(s.rule != "CB9" for s in sheet):
        problems.append("the end's scoring changed the position it was asked about, or named a rule other than CB9")
    return problems


def turn_problems(pos: Position, move: rules.Move, turn: rules.Turn, before: list[FloodFeature]) \
        -> tuple[list[str], list[FloodFeature]]:
    """Every difference the differential finds in ``turn`` (``move`` played on ``pos``,
    whose flood is ``before``): its score lines, then the bookkeeping and the end's
    scoring of the position after it; and the flood of that position."""
    found = flood.features(*flood_inputs(turn.position))
    problems = score_problems(pos, move, turn.scored, turn.position, before)
    problems += bookkeeping_problems(turn.position, found) + final_problems(turn.position, found)
    return problems, found


def game_problems(seed: int, players: int, variants: Sequence[str], tokens: str, *, early: bool) -> list[str]:
    """Play one random game, comparing after every move; the differences after the
    first move that has any, each naming the game and the move."""
    pos = start_game(seed, players, variants, tokens, early=early)
    rng = random.Random(seed * 7 + 1)
    found = flood.features(*flood_inputs(pos))
    problems = bookkeeping_problems(pos, found) + final_problems(pos, found)
    move: rules.Move | None = None
    while not problems and not pos.over:
        move = choose_move(rng, pos, rules.moves(pos))
        turn = rules.play(pos, move)
        problems, found = turn_problems(pos, move, turn, found)
        pos = turn.position
    where = (f"seed {seed}, {players} players, {'+'.join(variants) or 'no variant'}, tokens {tokens}"
             f"{', tunnel tiles early' if early else ''}, turn {pos.turns}")
    return [f"{where} ({move}): {p}" for p in problems]


# ------------------------------------------------------------------ the tests


@pytest.mark.parametrize("variants, tokens", CONFIGS)
def test_bookkeeping_equals_the_flood_after_every_move(variants: tuple[str, ...], tokens: str) -> None:
    """One whole game per option (seeds fixed, players 2–5 in turn, two games in three
    with the tunnel tiles early), every move compared."""
    i = CONFIGS.index((variants, tokens))
    assert game_problems(1000 + i, 2 + i % 4, variants, tokens, early=i % 3 != 0) == []


@settings(max_examples=4, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 5), st.sampled_from(CONFIGS), st.booleans())
def test_bookkeeping_equals_the_flood_in_random_games(seed: int, players: int, config: tuple[tuple[str, ...], str],
                                                      early: bool) -> None:
    assert game_problems(seed, players, *config, early=early) == []


# ------------------------------------------------------------------ the checks can fail


def mid_game(turns: int = 30, seed: int = 5) -> tuple[Position, list[tuple[Position, rules.Move, rules.Turn]]]:
    """A 3-player game with TV2 after ``turns`` moves, and every turn on the way."""
    pos = start_game(seed, 3, ("TV2",), "3/2", early=True)
    rng = random.Random(seed)
    history = []
    while pos.turns < turns:
        move = choose_move(rng, pos, rules.moves(pos))
        turn = rules.play(pos, move)
        history.append((pos, move, turn))
        pos = turn.position
    return pos, history


def test_a_wrong_count_on_a_feature_is_caught() -> None:
    pos, _ = mid_game()
    found = flood.features(*flood_inputs(pos))
    assert bookkeeping_problems(pos, found) == []
    road = next(r for r, info in pos.info.items() if info.kind == "road" and info.open)
    for name, label in (("open", "open edges"), ("unpaired", "unpaired openings"), ("pennants", "pennants"),
                        ("tunnels", "tunnels")):
        bad = pos.copy()
        bad.info[road] = replace(bad.info[road], **{name: getattr(bad.info[road], name) + 1})
        assert any(f": {label} " in p for p in bookkeeping_problems(bad, found)), name
    # A road with its edges all met but called complete (CB5) only by one count.
    bad = pos.copy()
    bad.info[road] = replace(bad.info[road], open=0, unpaired=0)
    assert any("open == 0 and unpaired == 0" in p for p in bookkeeping_problems(bad, found))


def test_a_feature_split_or_a_follower_lost_is_caught() -> None:
    pos, _ = mid_game()
    found = flood.features(*flood_inputs(pos))
    # Split: a member of a feature of two or more parts made a root of its own.
    bad = pos.copy()
    i = next(i for i in range(len(bad.where)) if bad.find(i) != i)
    root = bad.find(i)
    bad.parent[i] = i
    bad.info[i] = bad.info[root]
    assert any("the flood has" in p for p in bookkeeping_problems(bad, found))
    # A follower on the board that its feature does not count (CB4, CB8).
    bad = pos.copy()
    (cell, local), _seat = next(iter(bad.followers.items()))
    root = bad.root_at(cell, local)
    bad.info[root] = replace(bad.info[root], followers=())
    problems = bookkeeping_problems(bad, found)
    assert any("followers" in p for p in problems)


def test_a_wrong_score_line_is_caught() -> None:
    _, history = mid_game(60)
    pos, move, turn = next(h for h in history if h[2].scored and h[2].scored[0].seats)
    before = flood.features(*flood_inputs(pos))
    assert score_problems(pos, move, turn.scored, turn.position, before) == []
    first = turn.scored[0]
    for bad in (replace(first, points=first.points + 1), replace(first, seats=()), replace(first, cells=first.cells[1:])):
        assert score_problems(pos, move, (bad, *turn.scored[1:]), turn.position, before)
    assert score_problems(pos, move, turn.scored[1:], turn.position, before)  # a line missing
    richer = turn.position.copy()
    richer.scores[0] += 1
    assert any("scores went" in p for p in score_problems(pos, move, turn.scored, richer, before))


def test_a_wrong_end_scoring_is_caught() -> None:
    pos, _ = mid_game(60)
    found = flood.features(*flood_inputs(pos))
    assert final_problems(pos, found) == []
    # A field that forgets the cities it borders scores 0 at the end instead of 3 each (CB9).
    field_root = next(r for r, info in pos.info.items() if info.kind == "field" and info.followers
                      and any(pos.complete(pos.find(c)) for c in info.cities))
    bad = pos.copy()
    bad.info[field_root] = replace(bad.info[field_root], cities=frozenset())
    assert any("the end's scoring gives" in p for p in final_problems(bad, found))


# ------------------------------------------------------------------ scripted corners


def scripted(stack: list[str], texts: list[str], variants: tuple[str, ...] = ()) -> tuple[list[str], list[Score]]:
    """A 2-player game whose next tiles are ``stack``, played by ``texts``, compared after
    every move; the differences and every line scored during play."""
    pos = rules.new_game(2, variants=variants)
    pos.stack, pos.left = tuple(stack), len(stack)
    found = flood.features(*flood_inputs(pos))
    problems = bookkeeping_problems(pos, found) + final_problems(pos, found)
    lines: list[Score] = []
    for text in texts:
        turn = rules.play(pos, rules.parse_move(text))
        more, found = turn_problems(pos, rules.parse_move(text), turn, found)
        problems += more
        lines += turn.scored
        pos = turn.position
    return problems, lines


@pytest.mark.parametrize("variants, texts", [
    # TU4, TU12: red's second token, a turn later, joins the two openings of one road.
    ((), ["TU-B 1,0@0 f road:W t red 1,0:W", "TU-A -1,0@0", "U 0,1@0 t red -1,0:E"]),
    # TV3: green lays a common pair on both openings at once, closing red's road.
    (("TV3",), ["TU-B 1,0@0 f road:W", "TU-A -1,0@0 t red 1,0:W -1,0:E", "U 0,1@0"]),
])
def test_a_road_closed_through_its_own_tunnel_agrees_with_the_flood(variants: tuple[str, ...], texts: list[str]) -> None:
    """The start tile's road between a TU-B on its east and a TU-A on its west: its two
    openings joined by one set make a loop through the tunnel (TU12), complete and
    scored for its 3 visible tiles (TU7) for red's follower."""
    problems, lines = scripted(["TU-B", "TU-A", "U"], texts, variants)
    assert problems == []
    assert [(s.rule, s.kind, s.cells, s.points, s.seats) for s in lines] == \
        [("TU7", "road", ((-1, 0), (0, 0), (1, 0)), 3, (0,))]
