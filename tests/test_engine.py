"""The referee in motion: notation, legal actions, apply, and random playouts.

Playouts check after every action the invariants of issue 3: eight prisoners
per player across places, no feature over capacity, every touching pair of tiles
matching, all 54 tiles accounted for, at most two doors per player, and the
whole state valid for ``rules.check_state``; every generated action is legal by
``explain`` and applies, and every action ``explain`` accepts is generated (up
to choosing one rotation per physical result).  A failure names the seed and the
actions that reproduce it.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sectionx.colours import COLOURS
from sectionx.games.sectionx import actions, engine, formats, rules
from sectionx.games.sectionx.model import PRISONERS, TILE_COUNT, PlaceKind, State
from sectionx.hexgrid import Cell

from .strategies import states

CAT = formats.bundled_catalogue()


def new(players=4, seed=0, advanced=False) -> State:
    board = formats.bundled_board("compact" if players == 2 else "standard")
    return rules.new_game(COLOURS[:players], board, CAT, random.Random(seed), advanced=advanced)


# ---------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text",
    ["take 2", "place T05 2,-1@3", "swap 2,-1@1 3,-2@4", "move 2,-1 3,-2@0", "rotate 2,-1@4", "pass",
     "step island 2,-1", "step 2,-1 3,-1/1", "step 4,-4 5,-5", "step 2,-1 island", "door 3,-1", "door 3,-1/2",
     "movedoor 3,-1 4,-2", "end", "place T05 2,-1@3 keep red", "swap 2,-1@1 3,-2@4 keep red,blue",
     "step 2,-1 3,-1 handin 4,0"],
)
def test_action_notation_round_trips(text):
    action = actions.parse(text)
    assert str(action) == text
    assert actions.parse(str(action)) == action
    assert actions.from_data(action.to_data()) == action


@pytest.mark.parametrize("text", ["take 4", "place T05", "jump 1,1", "step 1,1", "rotate 2,-1@7", "end keep pink", ""])
def test_bad_notation_says_what_is_expected(text):
    with pytest.raises(actions.NotationError) as info:
        actions.parse(text)
    assert "'" in str(info.value)


# ---------------------------------------------------------------- invariants


def invariants(state: State) -> list[str]:
    out = []
    for p in state.players:
        if len(p.prisoners) != PRISONERS:
            out.append(f"{p.colour} has {len(p.prisoners)} prisoners")
        if len(p.doors) + p.key > 2 or p.doors_in_hand < 0:
            out.append(f"{p.colour} door count")
    tiles = [p.tile for _, p in state.tiles] + [t for p in state.players for t in p.hand]
    tiles += [t for s in state.stacks for t in s] + list(state.out)
    if sorted(tiles) != sorted(CAT.ids) or len(tiles) != TILE_COUNT:
        out.append("tiles not accounted for")
    out += [str(p) for p in rules.check_state(state)]
    return out


def playout(seed: int, players: int, advanced: bool, limit: int) -> list[str]:
    """Random legal actions; returns the record.  Fails with the seed and record."""
    rng = random.Random(seed)
    state = new(players, seed, advanced)
    record: list[str] = []
    for _ in range(limit):
        if state.finished:
            break
        legal = engine.legal_actions(state)
        assert legal, f"seed {seed}: no legal action in a running game after {record}"
        assert len(set(legal)) == len(legal), f"seed {seed}: duplicate actions after {record}"
        action = rng.choice(legal)
        record.append(str(action))
        problems = engine.explain(state, action)
        assert not problems, f"seed {seed}: generated {action} is illegal: {problems}; record {record}"
        state = engine.apply(state, action)
        broken = invariants(state)
        assert not broken, f"seed {seed}: {broken} after record {record}"
    return record


@pytest.mark.parametrize("seed, players, advanced", [(1, 4, False), (2, 3, False), (3, 2, False), (4, 4, True), (5, 2, True)])
def test_random_playouts_keep_every_invariant(seed, players, advanced):
    playout(seed, players, advanced, limit=250)


# ---------------------------------------------------------------- legal <=> explain


def _results(state: State, acts) -> set:
    return {engine.apply(state, a) for a in acts}


@settings(max_examples=25, deadline=None)
@given(states(max_tiles=10), st.randoms(use_true_random=False))
def test_every_action_explain_accepts_is_generated(state, rnd):
    """Random candidate actions: legal by explain <=> same result as a generated one."""
    legal = engine.legal_actions(state)
    generated = _results(state, legal)
    cells = sorted(state.board.tile_cells)
    me = state.current
    places = ["island"] + [str(p) for p in me.prisoners if p.kind is PlaceKind.TILE]
    for _ in range(40):
        kind = rnd.choice(["place", "rotate", "move", "swap", "step", "door", "take", "end", "pass"])
        c1, c2 = rnd.choice(cells), rnd.choice(cells)
        text = {
            "place": f"place {rnd.choice(me.hand or ('T01',))} {c1}@{rnd.randrange(6)}",
            "rotate": f"rotate {c1}@{rnd.randrange(6)}",
            "move": f"move {c1} {c2}@{rnd.randrange(6)}",
            "swap": f"swap {c1}@{rnd.randrange(6)} {c2}@{rnd.randrange(6)}",
            "step": f"step {rnd.choice(places)} {rnd.choice(['island', str(c1)])}",
            "door": f"door {c1}",
            "take": f"take {rnd.randrange(1, 4)}",
            "end": "end",
            "pass": "pass",
        }[kind]
        action = actions.parse(text)
        if engine.is_legal(state, action):
            assert engine.apply(state, action) in generated, f"{action} is legal but not generated"
        else:
            with pytest.raises(engine.IllegalAction):
                engine.apply(state, action)


def test_reasons_carry_ruling_ids():
    state = new(4, 0)
    reasons = engine.explain(state, actions.parse("end"))
    assert reasons and reasons[0].rule == "N4"
    state = engine.apply(state, actions.parse("take 1"))
    reasons = engine.explain(state, actions.parse(f"place {state.current.hand[0]} 0,0@0"))
    assert any(r.rule == "P1" and "island" in r.message for r in reasons)
    assert engine.explain(state, actions.parse(f"place {state.current.hand[0]} {Cell(2, -1)}@0")) == []


# ---------------------------------------------------------------- uniform sampling


@settings(max_examples=30, deadline=None)
@given(states(max_tiles=14), st.integers(0, 2**32))
def test_random_action_only_draws_legal_actions(state, seed):
    legal = set(engine.legal_actions(state))
    rng = random.Random(seed)
    for _ in range(30):
        assert engine.random_action(state, rng) in legal


def _chi_square_ok(state: State, draws: int, seed: int = 0) -> None:
    legal = engine.legal_actions(state)
    rng = random.Random(seed)
    counts = dict.fromkeys(legal, 0)
    for _ in range(draws):
        counts[engine.random_action(state, rng)] += 1
    expected = draws / len(legal)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    dof = len(legal) - 1
    # Mean dof, sd sqrt(2 dof): five sd is far beyond chance, near certain for a biased sampler.
    assert chi2 < dof + 5 * (2 * dof) ** 0.5, (chi2, dof)


def test_random_action_is_uniform_over_legal_actions():
    state = engine.apply(new(2, 3), actions.parse("take 1"))
    _chi_square_ok(state, 20 * len(engine.legal_actions(state)))


def test_random_action_is_uniform_when_a_tie_needs_a_choice():
    """D4: an action with two 'keep' variants must be drawn as often as any other, per variant."""
    text = """
players: [red, blue]
turn: {player: red, phase: 2}
tiles:
  2,-1: T01
  4,-1: T02
doors:
  red: ["2,-1"]
  blue: ["4,-1"]
hands:
  red: [T03]
stacks: [[T04], [], []]
unused: out
goal: {count: 1}
"""
    state = formats.loads(text).state
    legal = engine.legal_actions(state)
    assert actions.parse("place T03 3,-1@0 keep red") in legal and actions.parse("place T03 3,-1@0 keep blue") in legal
    _chi_square_ok(state, 20 * len(legal))


def test_k5_key_holder_with_nobody_left_gives_the_key_back():
    """K5: after the collapse a key holder with no prisoner in play holds no key, and has both doors."""
    text = """
players: [red, blue]
turn: {player: red, phase: 3, round_ends: true}
tiles:
  2,-1: T01
stacks: [[], [], []]
unused: out
prisoners:
  red: {freed: 2, dead: 5, at: ["2,-1"]}
keys: [red]
goal: {kind: hide, player: red}
"""
    state = formats.loads(text).state
    assert rules.check_state(state, puzzle=True) == []
    red = state.players[0]
    assert red.key and red.doors_in_hand == 1
    after = engine.apply(state, actions.parse("end"))  # E2: the round ends, E3: the tunnel prisoner dies
    red = after.players[0]
    assert after.round == 2 and red.count(PlaceKind.DEAD) == 6
    assert not red.key and red.doors_in_hand == 2
    assert after.last_round  # E5: red cannot reach 5 any more, blue can


# ---------------------------------------------------------------- found in review


THREE_TIES = """
players: [red, blue, yellow, purple]
turn: {player: blue, phase: 2}
tiles:
  "0,3": T01
  "-1,4": T02@1
  "-2,4": T03@2
  "-2,3": T04
  "-1,2": T05@1
  "0,2": T06@2
hands:
  blue: [T38]
doors:
  red: ["0,3", "-1,2"]
  blue: ["-1,4"]
  yellow: ["-2,4", "0,2"]
  purple: ["-2,3"]
"""


def test_d7_every_keep_list_that_explain_accepts_gives_a_generated_result():
    """D7: three tied fights from one tile; one priority list settles them all."""
    import itertools

    state = formats.loads(THREE_TIES).state
    generated = {engine.apply(state, a) for a in engine.legal_actions(state) if str(a).startswith("place T38 -1,3")}
    accepted = 0
    for n in (1, 2, 3, 4):
        for order in itertools.permutations(["red", "blue", "yellow", "purple"], n):
            for rot in (0, 1):
                action = actions.parse(f"place T38 -1,3@{rot} keep {','.join(order)}")
                if engine.is_legal(state, action):
                    accepted += 1
                    assert engine.apply(state, action) in generated, action
    assert accepted and len(generated) >= 4


def test_d7_keep_refuses_colours_that_settle_nothing():
    state = formats.loads(THREE_TIES).state
    settled = next(a for a in engine.legal_actions(state) if a.choices.keep)
    spare = next(c for c in ("red", "blue", "yellow", "purple") if c not in {k.value for k in settled.choices.keep})
    reasons = engine.explain(state, actions.parse(f"{settled},{spare}"))
    assert reasons and reasons[0].rule == "D7" and "settles no tie" in reasons[0].message, reasons
    reasons = engine.explain(state, actions.parse(f"{settled},{settled.choices.keep[0].value}"))
    assert reasons and reasons[0].rule == "D7" and "twice" in reasons[0].message, reasons


def test_advanced_skipped_phase_one_counts_as_phase_two():
    """N1, V2: a player holding three tiles starts in phase 2; the tile action does not send them back."""
    text = """
players: [red, blue, yellow]
variant: advanced
turn: {player: red}
hands: {red: [T01, T02, T03]}
"""
    state = formats.loads(text).state
    after = engine.apply(state, actions.parse("place T01 3,-2@0"))
    assert after.turn.phase == 2 and after.turn.tile_action
    assert rules.check_state(after) == []
    assert not any(isinstance(a, actions.Take) for a in engine.legal_actions(after))
    assert any(isinstance(a, actions.End) for a in engine.legal_actions(after))


def test_m1_a_green_area_has_no_feature_number():
    text = """
players: [red, blue, yellow, purple]
turn: {player: red, phase: 3}
tiles: {"4,0": T01}
prisoners: {red: {at: ["4,0"]}}
"""
    state = formats.loads(text).state
    assert engine.is_legal(state, actions.parse("step 4,0 5,0"))
    reasons = engine.explain(state, actions.parse("step 4,0 5,0/3"))
    assert reasons and reasons[0].rule == "M1" and "green area" in reasons[0].message


def test_n2_half_turn_that_only_swaps_two_empty_identical_features_changes_nothing():
    """N2: T40 (t25 t01 t34) with a door on its straight; turning it half round only
    swaps its two empty bends, so it is refused, and moves differ only where it matters."""
    text = """
players: [red, blue, yellow, purple]
turn: {player: red, phase: 2}
tiles: {"-3,3": T40}
doors: {red: ["-3,3"]}
"""
    state = formats.loads(text).state
    reasons = engine.explain(state, actions.parse("rotate -3,3@3"))
    assert reasons and reasons[0].rule == "N2" and "changes nothing" in reasons[0].message
    legal = engine.legal_actions(state)
    assert actions.parse("rotate -3,3@3") not in legal
    moves = [a for a in legal if isinstance(a, actions.Move) and a.target == Cell(-4, 3)]
    assert len({engine.apply(state, a) for a in moves}) == len(moves)  # no two give the same position


def test_explain_gives_the_phase_reason_and_the_actions_own_reasons():
    state = engine.apply(new(4, 0), actions.parse("take 1"))  # phase 2
    reasons = engine.explain(state, actions.parse("step island 4,4"))
    assert [r.rule for r in reasons] == ["N4", "M2"], reasons
    assert "not one step from island" in reasons[1].message
