"""The core's random sampler draws what ``engine.random_action`` draws: uniform over
``engine.legal_actions``, each D4 'keep' variant one action (sectionx.games.sectionx.solver.sample).

* Exactly: the listed moves and the outcomes of every number of the tile and door
  spaces are ``engine.legal_actions``, each exactly once (so uniform numbers give
  uniform actions), on self-play positions, the D4 tie position and hypothesis states.
* By sampling: only legal actions are drawn; over many draws from one position the
  frequencies pass a chi-square test, and 'keep' variants come up as often as
  any other action.
* The draw depends on the position only: a position made move by move and the
  same position loaded afresh draw the same move from the same generator.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.colours import COLOURS
from sectionx.games.sectionx import engine, formats, rules
from sectionx.games.sectionx.model import State
from sectionx.games.sectionx.solver.core import (
    ACT_PHASE,
    DOOR,
    FREE_PHASE,
    KEEP,
    MOVEDOOR,
    TAKE_PHASE,
    TILE_PHASE,
    Position,
    action_of,
)
from sectionx.games.sectionx.solver.movegen import _owned_by
from sectionx.games.sectionx.solver.sample import DoorTunnels, _below, candidates, draw, random_move

from .strategies import states
from .test_core import RARE


def new_game(players: int, seed: int, advanced: bool = False) -> State:
    board = formats.bundled_board("compact" if players == 2 else "standard")
    return rules.new_game(COLOURS[:players], board, formats.bundled_catalogue(), random.Random(seed), advanced=advanced)


def tile_open(pos: Position) -> bool:
    kind = pos.phase_kind()
    return kind == TILE_PHASE or (kind == FREE_PHASE and not pos.tile_action)


def door_open(pos: Position) -> bool:
    """Steps and a door action are open, no tile action (standard phase 3, N4)."""
    return pos.phase_kind() == ACT_PHASE and not pos.moved and not pos.door_action


def selfplay(players: int, seed: int, advanced: bool, count: int, every: int = 40,
             want: Callable[[Position], bool] = tile_open) -> list[Position]:
    """``count`` positions of a random game played through the core, ``every`` wanted positions apart."""
    pos = Position.from_state(new_game(players, seed, advanced))
    rng = random.Random(seed)
    out = []
    seen = 0
    while not pos.ranking and len(out) < count:
        if want(pos):
            seen += 1
            if seen % every == 0:
                out.append(pos.copy())
        pos.make(random_move(pos, rng))
    return out


def outcomes(pos: Position) -> Counter:
    """Every move the sampler can return, with the number of ways (numbers) it is returned."""
    listed, spaces = candidates(pos)
    out = Counter(listed)
    for space in spaces:
        out.update(m for m in map(space.outcome, range(space.total)) if m is not None)
    return out


def exactly_the_legal_actions(state: State) -> Counter:
    """Each engine action once among the outcomes, and nothing else (see module docstring)."""
    pos = Position.from_state(state)
    drawn = outcomes(pos)
    assert max(drawn.values()) == 1, [(action_of(pos.T, m), k) for m, k in drawn.items() if k > 1][:5]
    acts = Counter(action_of(pos.T, m) for m in drawn)
    legal = engine.legal_actions(state)
    assert set(acts) == set(legal) and max(acts.values()) == 1, (
        sorted(map(str, set(acts) - set(legal)))[:5], sorted(map(str, set(legal) - set(acts)))[:5])
    return drawn


# ---------------------------------------------------------------- exact: one number per action


@pytest.mark.parametrize("players, seed, advanced", [(4, 1, False), (2, 2, False), (3, 3, True), (4, 4, True)])
def test_every_legal_action_is_drawn_one_way_on_selfplay_positions(players, seed, advanced):
    keeps = doors = 0
    for pos in selfplay(players, seed, advanced, 4) + selfplay(players, seed, advanced, 4, every=25, want=door_open):
        drawn = exactly_the_legal_actions(pos.to_state())
        keeps += sum(1 for m in drawn if m[0] == KEEP)
        doors += sum(1 for m in drawn if m[0] in (DOOR, MOVEDOOR))
    assert doors, "no door action in these positions: the test of the door numbering is idle"
    if players == 4:
        assert keeps, "no tied tunnel fight in these positions: the test of 'keep' variants is idle"


TIE = RARE["D4 tie"]  # red's tight bend joins two 1-tile tunnels: a tie (D4)


def test_every_legal_action_is_drawn_one_way_with_a_tie():
    """D4: red's bend between red's and blue's one-tile tunnels ties; each 'keep' list is one action."""
    drawn = exactly_the_legal_actions(formats.loads(TIE).state)
    assert sum(1 for m in drawn if m[0] == KEEP) >= 2


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states(max_tiles=16), st.randoms(use_true_random=False))
def test_hypothesis_states_draw_legal_actions_one_way_each(state, rnd):
    exactly_the_legal_actions(state)
    pos = Position.from_state(state)
    legal = set(engine.legal_actions(state))
    for _ in range(10):
        assert action_of(pos.T, random_move(pos, rnd)) in legal


# ---------------------------------------------------------------- by sampling


def chi_square_ok(counts: Counter, support: list, draws: int) -> None:
    """Counts over ``support`` consistent with uniform: mean dof, sd sqrt(2 dof); five sd is
    far beyond chance and near certain for a biased sampler at these sizes."""
    assert set(counts) <= set(support)
    expected = draws / len(support)
    chi2 = sum((counts[x] - expected) ** 2 / expected for x in support)
    dof = len(support) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, (chi2, dof)


def share_ok(hits: int, share: float, draws: int) -> None:
    """A binomial count within five sd of its mean."""
    mean = draws * share
    assert abs(hits - mean) < 5 * (mean * (1 - share)) ** 0.5 + 1, (hits, mean)


def test_draws_are_uniform_with_tie_variants_as_likely_as_any_action():
    pos = Position.from_state(formats.loads(TIE).state)
    support = list(outcomes(pos))
    draws = 40 * len(support)
    rng = random.Random(0)
    counts = Counter(random_move(pos, rng) for _ in range(draws))
    chi_square_ok(counts, support, draws)
    keeps = [m for m in support if m[0] == KEEP]
    share_ok(sum(counts[m] for m in keeps), len(keeps) / len(support), draws)


@pytest.mark.parametrize("players, seed, advanced", [(4, 5, False), (3, 6, True)])
def test_draws_are_uniform_on_a_selfplay_position(players, seed, advanced):
    """A position with thousands of tile actions (and steps and doors, V2), drawn 10 times each
    on average; the spaces are built once (random_move builds the same ones every time)."""
    pos = max(selfplay(players, seed, advanced, 3, every=25), key=lambda p: sum(1 for m in outcomes(p) if m[0] == KEEP))
    support = list(outcomes(pos))
    listed, spaces = candidates(pos)
    draws = 10 * len(support)
    rng = random.Random(seed)
    counts = Counter(draw(rng, listed, spaces) for _ in range(draws))
    chi_square_ok(counts, support, draws)
    keeps = [m for m in support if m[0] == KEEP]
    if players == 4:
        assert keeps, "no 'keep' variant in the position: pick another seed"
    share_ok(sum(counts[m] for m in keeps), len(keeps) / len(support), draws)


def test_take_phase_and_act_phase_draws_are_uniform():
    """Outside a tile phase every legal move is listed and one is chosen."""
    pos = Position.from_state(new_game(4, 3))
    rng = random.Random(3)
    found = set()
    while len(found) < 2 and not pos.ranking:
        kind = pos.phase_kind()
        if kind not in found and not tile_open(pos):
            support = list(outcomes(pos))
            if len(support) >= (3 if kind == TAKE_PHASE else 8):
                found.add(kind)
                draws = 100 * len(support)
                chi_square_ok(Counter(random_move(pos, rng) for _ in range(draws)), support, draws)
        pos.make(random_move(pos, rng))
    assert len(found) == 2, found  # phase 1 (take) and phase 3 (steps, doors, end)


# ---------------------------------------------------------------- the position, not its history


@pytest.mark.parametrize("players, seed, advanced", [(4, 7, False), (3, 8, True)])
def test_a_position_draws_the_same_made_move_by_move_or_loaded_afresh(players, seed, advanced):
    pos = Position.from_state(new_game(players, seed, advanced))
    rng = random.Random(seed)
    for i in range(600):
        if pos.ranking:
            break
        if i % 15 == 0:
            again = Position.from_state(pos.to_state())
            state = rng.getstate()
            first = random_move(pos, rng)
            rng.setstate(state)
            assert random_move(again, rng) == first
            rng.setstate(state)
        pos.make(random_move(pos, rng))


# ---------------------------------------------------------------- the set-up's tables, and the draw


def test_door_tunnels_are_the_floods_of_the_doors():
    """DoorTunnels holds each door's tunnel once, as the position's own flood finds it (D1), with
    its owner and length in cells (D6); the cells of the others' tunnels (D3) are movegen's."""
    found = 0
    for pos in selfplay(4, 1, False, 6, every=20) + selfplay(3, 3, True, 4, every=20) + selfplay(2, 2, False, 3):
        tunnels = DoorTunnels(pos)
        got = {(frozenset(tunnels.spots[tunnels.starts[i]:tunnels.starts[i + 1]]), tunnels.codes[i])
               for i in range(len(tunnels.codes))}
        assert len(got) == len(tunnels.codes)  # each tunnel once
        spot0 = pos.T.spot0
        want = set()
        for p in range(pos.n):
            for s in pos.doors[p]:
                tunnel = frozenset(pos._tunnel(s))
                want.add((tunnel, len({(x - spot0) // 3 for x in tunnel}) * 4 + p))
        assert got == want
        others = [p for p in range(pos.n) if p != pos.player and pos.doors[p]]
        cells = {(s - spot0) // 3 for s in _owned_by(pos, others)}
        assert {c for c, f in enumerate(tunnels.foreign_cells(pos, pos.player)) if f} == cells
        found += len(cells)
    assert found >= 20, "too few foreign cells in these positions: the test is idle"


def test_below_draws_what_randrange_draws():
    """sample._below is randrange's own draw for a plain Random (same number, same state after),
    and asks randrange itself for any other generator (hypothesis' randoms are a subclass)."""
    for seed in range(5):
        fast, slow = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 255, 256, 257, 1000, 8191, 8192, 123_457, 2**40 + 3):
            for _ in range(20):
                assert _below(fast, n) == slow.randrange(n)
        assert fast.getstate() == slow.getstate()

    class Counting(random.Random):
        calls = 0

        def randrange(self, *args, **kwargs):
            Counting.calls += 1
            return super().randrange(*args, **kwargs)

    assert _below(Counting(1), 10) == random.Random(1).randrange(10) and Counting.calls == 1


def test_random_games_are_the_ones_the_sampler_always_drew():
    """Same seed, same game: the moves of three random games (a 4-player, a 3-player advanced
    and a 2-player one) digested as the sampler drew them before its set-up moved to flat
    lists and kept door tunnels (issue 29).  A change of the numbering (or of the draw)
    changes them: say so in docs/benchmarks.md and update the digests."""
    played = []
    for players, advanced, seed in ((4, False, 0), (3, True, 1), (2, False, 2)):
        pos = Position.from_state(new_game(players, seed, advanced))
        rng = random.Random(seed)
        moves = []
        while not pos.ranking:
            moves.append(random_move(pos, rng))
            pos.make(moves[-1])
        played.append((len(moves), hashlib.sha256(repr(moves).encode()).hexdigest()[:16]))
    assert played == [(2374, "da7ebfd8f36a3004"), (2908, "6630f576e4c44342"), (3337, "4b889dc05cef6a60")]
