"""Breakout's referee (issue 13): every ruling allowed and refused, the notation's round
trip, and random self-play that must keep every invariant."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sectionx.errors import NotationError
from sectionx.games.breakout.rules import (
    KNOTS,
    LONG_TURNS,
    PASS,
    STALEMATE_TURNS,
    Action,
    IllegalAction,
    Player,
    Position,
    Side,
    Wall,
    apply,
    explain,
    legal_actions,
    parse_action,
    pushed,
    ropes,
    start,
)

Y, B = Player.YELLOW, Player.BLUE
_ = None


def wall(*rows: str) -> tuple[tuple[Player | None, ...], ...]:
    """Rows written top first, as the wall stands: ``y`` yellow, ``b`` blue, ``.`` empty."""
    code = {"y": Y, "b": B, ".": None}
    return tuple(tuple(code[c] for c in row) for row in reversed(rows))


def position(*rows: str, **kw) -> Position:
    grid = wall(*rows)
    hands = kw.pop("hands", None)
    if hands is None:
        hands = tuple(KNOTS - sum(f is p for r in grid for f in r) for p in (Y, B))
    return Position(Wall(len(grid), len(grid[0])), grid, hands=hands, **kw)


def rules_of(pos: Position, action: str) -> set[str]:
    return {p.rule for p in explain(pos, parse_action(action))}


# ------------------------------------------------------------------ notation


@pytest.mark.parametrize("text", ["L1", "R5", "pass", "L12"])
def test_notation_round_trips(text):
    assert str(parse_action(text)) == text
    assert parse_action(str(parse_action(text))) == parse_action(text)


@pytest.mark.parametrize("text", ["", "X3", "L", "L0", "3L", "L-1", "passe"])
def test_notation_refuses_what_is_not_a_push(text):
    with pytest.raises(NotationError):
        parse_action(text)


def test_notation_reads_lower_case_and_spaces():
    assert parse_action(" r 3 ") == Action(3, Side.RIGHT)


# ------------------------------------------------------------------ BW1, B1


def test_bw1_the_wall_is_5_by_5_and_rows_beyond_it_are_refused():
    pos = start()
    assert len(pos.rows) == 5 and all(len(r) == 5 for r in pos.rows)
    assert rules_of(pos, "L5") == set()
    assert rules_of(pos, "L6") == {"BW1"}


def test_b1_yellow_opens_and_the_players_alternate():
    pos = start()
    assert pos.to_move is Y and pos.hands == (13, 13) and pos.escaped == (0, 0)
    pos = apply(pos, parse_action("L1"))
    assert pos.to_move is B


# ------------------------------------------------------------------ B2


def test_b2_a_knot_pushed_into_an_empty_end_moves_nothing():
    assert pushed((None, Y, None, None, None), Side.LEFT, B) == ((B, Y, None, None, None), None)


def test_b2_the_run_moves_one_field_and_a_gap_stops_it():
    assert pushed((Y, B, None, Y, None), Side.LEFT, B) == ((B, Y, B, Y, None), None)
    assert pushed((None, Y, None, B, Y), Side.RIGHT, Y) == ((None, Y, B, Y, Y), None)


def test_b2_a_full_row_loses_its_far_knot_to_its_owner():
    row, out = pushed((Y, B, Y, Y, B), Side.LEFT, Y)
    assert (row, out) == ((Y, Y, B, Y, Y), B)
    pos = position(".....", ".....", ".....", ".....", "ybyyb")
    after = apply(pos, parse_action("L1"))
    assert after.hands == (pos.hand(Y) - 1, pos.hand(B) + 1)  # yellow's knot in, blue's knot back
    assert after.knots(Y) + after.hand(Y) == KNOTS and after.knots(B) + after.hand(B) == KNOTS


# ------------------------------------------------------------------ B3


def test_b3_a_player_with_no_knot_passes():
    pos = replace(start(), hands=(0, 13))
    assert legal_actions(pos) == [PASS]
    assert rules_of(pos, "L1") == {"B3"}
    assert rules_of(pos, "pass") == set()


def test_b3_a_player_who_can_push_may_not_pass():
    assert rules_of(start(), "pass") == {"B3"}
    with pytest.raises(IllegalAction, match=r"passes only when no push is left \(B3\)"):
        apply(start(), PASS)


# ------------------------------------------------------------------ B4


def test_b4_after_a_knot_falls_out_the_row_is_barred_from_the_other_end_for_one_push():
    pos = position(".....", ".....", ".....", ".....", "ybyyb")
    after = apply(pos, parse_action("L1"))
    assert after.barred == Action(1, Side.RIGHT)
    assert rules_of(after, "R1") == {"B4"}
    assert rules_of(after, "L1") == set()  # the same end is allowed
    assert rules_of(after, "R2") == set()  # so is any other row
    assert Action(1, Side.RIGHT) not in legal_actions(after)
    later = apply(after, parse_action("L3"))
    assert later.barred is None and rules_of(later, "R1") == set()


def test_b4_no_bar_without_a_knot_falling_out():
    assert apply(start(), parse_action("L1")).barred is None


def test_b4_clarification_a_pass_uses_up_the_bar():
    # All 13 of blue's knots are in the wall, and the knot that falls out is yellow's,
    # so blue, barred from L1, has nothing to push and passes.
    pos = position("bbbbb", "bbbbb", "bbb..", ".....", "yyyyy", to_move=Y)
    assert pos.hands == (8, 0)
    after = apply(pos, parse_action("R1"))  # yellow's own knot falls out at the left
    assert after.hand(B) == 0 and after.barred == Action(1, Side.LEFT)
    passed = apply(after, PASS)
    assert passed.barred is None and rules_of(passed, "L1") == set()


# ------------------------------------------------------------------ B5, B6


def test_b5_a_rope_joins_row_1_to_the_top_row_orthogonally():
    pos = position("..y..", "..yy.", "...y.", "..yy.", "..y..")
    assert len(ropes(pos, Y)) == 1 and ropes(pos, B) == []


def test_b5_diagonal_knots_do_not_join():
    pos = position("y....", ".y...", "..y..", "...y.", "....y")
    assert ropes(pos, Y) == []


def test_b5_a_rope_needs_both_the_bottom_and_the_top_row():
    pos = position(".....", "y....", "y....", "y....", "y....")
    assert ropes(pos, Y) == []


def test_b6_the_pusher_escapes_above_the_leftmost_top_knot_and_the_wall_empties():
    pos = position("...yy", "....y", "....y", "....y", "b....", to_move=Y)
    assert ropes(pos, Y) == []
    after = apply(pos, parse_action("R1"))  # yellow's knot at 1,5 completes the rope; top knots in columns 4 and 5
    assert after.escaped == (1, 0) and after.tops == ((Y, 4),)
    assert all(f is None for row in after.rows for f in row)
    assert after.hands == (KNOTS, KNOTS) and after.breakout == 2
    assert after.to_move is B  # B1: blue opens the second break-out


def test_b6_the_pusher_first_then_the_other_player():
    # Blue's push shifts row 1: it completes blue's rope in column 1 and yellow's in column 5.
    pos = position("b...y", "b...y", "b...y", "b...y", "yyyy.", to_move=B)
    assert ropes(pos, Y) == [] and ropes(pos, B) == []
    after = apply(pos, parse_action("L1"))
    assert after.escaped == (0, 1) and after.tops == ((B, 1),)


def test_b6_a_push_that_gives_only_the_other_player_a_rope_frees_their_figure():
    pos = position("....y", "....y", "....y", "....y", "yyyy.", to_move=B)
    after = apply(pos, parse_action("L1"))
    assert after.escaped == (1, 0) and after.tops == ((Y, 5),)


def test_b6_no_escape_without_a_rope():
    pos = apply(start(), parse_action("L1"))
    assert pos.escaped == (0, 0) and pos.breakout == 1


# ------------------------------------------------------------------ B7, B8


def _after_filling(seed: int) -> tuple[Position, int]:
    """A full checkerboard wall (no rope), then random turns until the break-out ends."""
    pos = position("ybyby", "bybyb", "ybyby", "bybyb", "ybyb.", to_move=B)
    assert ropes(pos, Y) == [] and ropes(pos, B) == [] and pos.stalemate is None
    pos = apply(pos, parse_action("R1"))  # blue fills the wall
    assert pos.full and pos.stalemate == 0
    rng, turns = random.Random(seed), 0
    while not pos.over and pos.breakout == 1:
        pos = apply(pos, rng.choice(legal_actions(pos)))
        turns += 1
    return pos, turns


def test_b7_five_rounds_after_the_wall_fills_without_an_escape_is_a_draw():
    pos, turns = _after_filling(2)  # these turns make no rope
    assert pos.result == "draw" and turns == STALEMATE_TURNS == pos.stalemate
    assert explain(pos, PASS)[0].rule == "B7" and legal_actions(pos) == []


def test_b7_an_escape_within_the_five_rounds_ends_the_count():
    pos, turns = _after_filling(0)  # an escape on the fifth turn
    assert pos.result is None and pos.breakout == 2 and turns < STALEMATE_TURNS and pos.stalemate is None


def test_b7_no_count_before_the_wall_is_full():
    pos = start()
    for _ in range(6):
        pos = apply(pos, legal_actions(pos)[0])
    assert pos.stalemate is None


# ------------------------------------------------------------------ B9

#: A wall that is not full and holds no rope: the long break-out of B9.
_LONG = ("y....", ".b...", "..y..", "...b.", "....y")


def test_b9_a_break_out_one_turn_short_of_the_limit_goes_on_without_a_count():
    pos = position(*_LONG, to_move=B, turns=LONG_TURNS - 2)
    after = apply(pos, parse_action("L2"))
    assert after.turns == LONG_TURNS - 1 and after.stalemate is None and not after.over


def test_b9_the_limit_starts_the_count_of_b7_on_a_wall_never_full():
    pos = position(*_LONG, to_move=B, turns=LONG_TURNS - 1)
    after = apply(pos, parse_action("L2"))
    assert not after.full and after.turns == LONG_TURNS and after.stalemate == 0
    assert any("(B9)" in e for e in after.events)
    # ... and a pass counts as a turn like a push (B3): the count starts on it too.
    passing = apply(position(*_LONG, to_move=B, turns=LONG_TURNS - 1, hands=(8, 0)), PASS)
    assert passing.stalemate == 0 and passing.turns == LONG_TURNS


def test_b9_five_rounds_after_the_limit_without_an_escape_is_a_draw():
    pos = position(*_LONG, to_move=B, turns=LONG_TURNS + STALEMATE_TURNS - 1, stalemate=STALEMATE_TURNS - 1)
    drawn = apply(pos, parse_action("R3"))
    assert drawn.result == "draw" and drawn.over and any("a draw (B9)" in e for e in drawn.events)
    assert legal_actions(drawn) == [] and rules_of(drawn, "L1") == {"B9"}


def test_b9_the_count_says_which_ruling_started_it_and_the_text_picture_names_it():
    from sectionx.games.breakout.rules import count_cause, drawn_by
    from sectionx.games.breakout.text import picture

    long = position(*_LONG, to_move=B, turns=LONG_TURNS + 4, stalemate=4)
    assert count_cause(long) == "B9" and drawn_by(long) is None
    drawn = apply(replace(long, turns=LONG_TURNS + STALEMATE_TURNS - 1, stalemate=STALEMATE_TURNS - 1), parse_action("R3"))
    assert drawn_by(drawn) == "B9" and "a draw (B9)" in picture(drawn)  # it said B7 for every draw
    full = position("ybyby", "bybyb", "ybyby", "bybyb", "ybyby", to_move=B, turns=40, stalemate=2)
    assert count_cause(full) == "B7" and count_cause(start()) is None


def test_b9_an_escape_begins_the_next_break_out_at_turn_0():
    pos = position("....y", "....y", "....y", "....y", "b....", to_move=Y, turns=LONG_TURNS + 3, stalemate=3)
    escaped = apply(pos, parse_action("R1"))
    assert escaped.escaped == (1, 0) and escaped.breakout == 2
    assert escaped.turns == 0 and escaped.stalemate is None


def test_b8_the_third_escape_wins_at_once():
    pos = position("...yy", "....y", "....y", "....y", "b....", to_move=Y, escaped=(2, 1), breakout=4,
                   tops=((Y, 1), (B, 2), (Y, 3)))
    won = apply(pos, parse_action("R1"))
    assert won.result is Y and won.escaped == (3, 1) and won.over
    assert legal_actions(won) == []
    assert rules_of(won, "L1") == {"B8"}


# ------------------------------------------------------------------ self-play invariants


def _invariants(pos: Position) -> None:
    for p in (Y, B):
        assert pos.knots(p) + pos.hand(p) == KNOTS  # knots are conserved
        assert 0 <= pos.hand(p) <= KNOTS
        assert 0 <= pos.escapes(p) <= 3
    assert len(pos.rows) == pos.wall.rows and all(len(r) == pos.wall.fields for r in pos.rows)  # nothing outside
    assert len(pos.tops) == sum(pos.escaped)
    if not pos.over:
        assert not ropes(pos, Y) and not ropes(pos, B)  # every rope escapes at once (B6)
    if pos.stalemate is not None:
        assert pos.stalemate <= STALEMATE_TURNS


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_self_play_keeps_every_invariant(seed):
    rng = random.Random(seed)
    pos = start()
    for _ in range(3000):
        _invariants(pos)
        if pos.over:
            break
        actions = legal_actions(pos)
        assert actions and all(not explain(pos, a) for a in actions)
        pos = apply(pos, rng.choice(actions))
    assert pos.over  # every game ends: three escapes or a stalemate


def test_every_refused_action_names_a_ruling():
    rng = random.Random(7)
    pos = start()
    everything = [PASS] + [Action(r, s) for r in range(1, 7) for s in Side]
    for _ in range(200):
        if pos.over:
            break
        legal = set(legal_actions(pos))
        for a in everything:
            problems = explain(pos, a)
            assert (a in legal) == (not problems)
            assert all(p.rule.startswith("B") for p in problems)
        pos = apply(pos, rng.choice(sorted(legal, key=str)))


def test_reaches_top_finds_a_rope_exactly_when_ropes_does():
    # The referee asks reaches_top before grouping knots (rules.apply); on random walls
    # of several sizes, filled anyhow, both must agree for both colours (B5).
    from sectionx.games.breakout.rules import reaches_top
    rng = random.Random(26)
    for _ in range(3000):
        rows_n, fields_n = rng.randint(1, 6), rng.randint(1, 6)
        fill = rng.random()
        rows = tuple(tuple(rng.choice((Y, B)) if rng.random() < fill else None for _ in range(fields_n))
                     for _ in range(rows_n))
        pos = Position(Wall(rows_n, fields_n), rows)
        for p in (Y, B):
            assert reaches_top(rows, p) == bool(ropes(pos, p))
