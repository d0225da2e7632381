"""The rules engine against every ruling that restricts or drives an action.

For each ruling: at least one ALLOWED case (``engine.explain`` is empty, ``engine.apply``
succeeds, and the action -- or one giving the same resulting state, since the engine
stores one canonical rotation per physical result -- is among ``engine.legal_actions``)
and one REFUSED case (``engine.explain`` names the ruling id and says why,
``engine.apply`` raises ``engine.IllegalAction``, and ``legal_actions`` does not offer
it).  Automatic consequences (D4, K1, K2, Z1, E1-E5) are checked on the resulting state.

Every position is a small scenario text read with ``formats.loads`` and checked clean
by ``rules.check_scenario`` first, so a test never starts from an impossible position;
every state an allowed action produces is checked with ``rules.check_state`` too.

Geometry (G1): pointy-top axial cells, edges 0 E, 1 SE, 2 SW, 3 W, 4 NW, 5 NE;
``T01@1`` is T01 turned one step clockwise.  Standard board: island 0,0 and its six
neighbours, green corners 5,0 (zone E) 0,5 (SE) -5,5 (SW) -5,0 (W) 0,-5 (NW) 5,-5 (NE).
Compact board (two players): green 4,0 0,4 -4,4 -4,0 0,-4 4,-4.

Tiles used: T01-T08 straight t03; T16-T19 tight bend t01; T20 Y j024; T26 T j023;
T28 4-way j0134; T30 t03+t12; T38-T40 three tunnels; T41 dead end d0; T44 t24+d0;
T46-T49 hideout h0; T50-T52 through hideout h03.
"""

from __future__ import annotations

import textwrap

import pytest

from sectionx.colours import Colour
from sectionx.games.sectionx import actions, engine, formats, rules
from sectionx.games.sectionx.model import ISLAND, Placed, PlaceKind, Spot, green_place, tile_place
from sectionx.hexgrid import Cell

RED, BLUE, YELLOW, PURPLE = Colour("red"), Colour("blue"), Colour("yellow"), Colour("purple")
FOUR = "players: [red, blue, yellow, purple]\n"
TWO = "players: [red, blue]\n"


# --------------------------------------------------------------------------- helpers


def state(text: str):
    """A state from scenario text; the position itself must break no rule."""
    head, _, rest = text.partition("\n")  # FOUR/TWO + an indented block
    loaded = formats.loads(textwrap.dedent(head) + "\n" + textwrap.dedent(rest))
    found = rules.check_scenario(loaded.scenario)
    assert not found, "fixture is not a valid position:\n" + "\n".join(f"  {p.rule}: {p.message}" for p in found)
    return loaded.state


def shown(problems) -> str:
    return "\n".join(f"  {p.rule}: {p.message}" for p in problems) or "  (nothing)"


_LEGAL: dict[int, tuple] = {}


def legal(st) -> list:
    key = id(st)
    if key not in _LEGAL or _LEGAL[key][0] is not st:
        _LEGAL[key] = (st, engine.legal_actions(st))
    return _LEGAL[key][1]


def allowed(st, text: str):
    """``text`` is legal, generated (up to the stored rotation) and applies; returns the new state."""
    action = actions.parse(text)
    problems = engine.explain(st, action)
    assert problems == [], f"{text} should be allowed, explain says:\n" + shown(problems)
    new = engine.apply(st, action)
    generated = legal(st)
    if action not in generated:
        same = [a for a in generated if type(a) is type(action) and engine.apply(st, a) == new]
        assert same, f"{text} is legal but legal_actions offers nothing with the same result"
    broken = rules.check_state(new, puzzle=bool(new.out))
    assert not broken, f"{text} led to an invalid position:\n" + shown(broken)
    return new


def refused(st, text: str, rule: str, fragment: str):
    """``text`` is refused for ``rule`` with ``fragment`` in the message, by explain and apply."""
    action = actions.parse(text)
    problems = engine.explain(st, action)
    assert any(p.rule == rule and fragment in p.message for p in problems), (
        f"{text}: expected {rule} with {fragment!r}, explain says:\n" + shown(problems))
    with pytest.raises(engine.IllegalAction) as info:
        engine.apply(st, action)
    assert any(p.rule == rule and fragment in p.message for p in info.value.problems), shown(info.value.problems)
    assert action not in legal(st), f"{text} is refused but legal_actions offers it"
    return problems


def player(st, colour):
    return st.player_by_colour[colour]


def green(q: int, r: int):
    return green_place(Cell(q, r))


def spots(*texts: str) -> tuple[Spot, ...]:
    return tuple(sorted(actions.parse_spot(t) for t in texts))


# --------------------------------------------------------------------------- N1 phase 1


N1_STATE = FOUR + """
turn: {player: red, phase: 1}
tiles: {"2,0": T01}
hands: {red: [T05, T06]}
"""


def test_N1_player_with_fewer_than_three_tiles_must_take_one():
    st = state(N1_STATE)
    # Phase 1 offers nothing but taking the top tile of a non-empty stack (N1).
    assert [str(a) for a in legal(st)] == ["take 1", "take 2", "take 3"]
    new = allowed(st, "take 2")
    assert player(new, RED).hand == ("T05", "T06", st.stacks[1][0])
    assert new.stacks == (st.stacks[0], st.stacks[1][1:], st.stacks[2])
    assert new.turn.phase == 2 and new.turn.player == 0 and not new.turn.round_ends


def test_N1_tile_action_before_taking_is_refused():
    st = state(N1_STATE)
    # The duty broken is N1's: take a tile first.
    refused(st, "place T05 -2,0@0", "N1", "takes a tile first (phase 1)")
    refused(st, "pass", "N1", "takes a tile first (phase 1)")
    refused(st, "end", "N4", "phase")


def test_N1_holding_three_tiles_skips_phase_1():
    st = state(FOUR + """
        turn: {player: red, phase: 1}
        hands: {red: [T05, T06, T07]}
    """)
    assert not any(isinstance(a, actions.Take) for a in legal(st))
    refused(st, "take 1", "N1", "phase 1")
    new = allowed(st, "place T05 -2,0@0")
    assert new.turn.phase == 3 and player(new, RED).hand == ("T06", "T07")


def test_N1_empty_stack_cannot_be_taken():
    st = state("""
        players: [red, blue]
        turn: {player: red, phase: 1}
        stacks: [[T05], [T06], []]
        unused: out
        goal: {kind: free, player: red, count: 1}
    """)
    refused(st, "take 3", "N1", "stack 3 is empty")
    allowed(st, "take 1")


# --------------------------------------------------------------------------- N5 empty stacks


N5_STATE = """
players: [red, blue]
turn: {player: red, phase: 1}
tiles: {"2,0": T01}
hands: {red: [T05]}
unused: out
goal: {kind: free, player: red, count: 1}
"""


def test_N5_three_empty_stacks_skip_phase_1_and_the_round_goes_on():
    st = state(N5_STATE)
    assert not any(isinstance(a, actions.Take) for a in legal(st))
    assert actions.Pass() in legal(st)
    refused(st, "take 1", "N5", "the stacks are empty: phase 1 is skipped")
    after_pass = allowed(st, "pass")
    assert after_pass.turn.phase == 3
    new = allowed(after_pass, "end")
    # The round does not end (E2 needs a tile to be taken); blue also skips phase 1.
    assert new.round == 1 and new.turn.player == 1 and new.turn.phase == 2 and not new.turn.round_ends
    assert new.tiles == st.tiles


# --------------------------------------------------------------------------- N2 / D3 the tile action


N2_STATE = FOUR + """
turn: {player: red, phase: 2}
tiles:
  "2,0": T01          # red's tunnel (red door), E-W, W onto the island
  "3,0": T02
  "-2,0": T03         # blue's tunnel (blue door), E onto the island
  "0,-2": T04@1       # a blue prisoner on it
  "0,2": T05@1        # a red prisoner in its tunnel
  "3,-3": T46         # hideout holding two red prisoners (distance 2 from green)
  "-3,3": T47         # hideout holding a red and a blue prisoner
  "-2,-2": T08        # nobody's, nothing on it
hands: {red: [T06]}
prisoners:
  red: {at: ["0,2", "3,-3", "3,-3", "-3,3"]}
  blue: {at: ["0,-2", "-3,3"]}
doors:
  red: ["2,0"]
  blue: ["-2,0"]
"""


def test_N2_place_a_tile_from_hand():
    st = state(N2_STATE)
    new = allowed(st, "place T06 -4,-1@0")
    assert new.tile_at[Cell(-4, -1)] == Placed("T06", 0)
    assert player(new, RED).hand == () and new.turn.phase == 3 and new.turn.tile_action
    refused(st, "place T07 -4,-1@0", "N2", "does not hold tile T07")


def test_N2_canonical_rotation_same_result_as_generated():
    st = state(N2_STATE)
    # A straight tunnel turned 4 steps is the same tile as turned 1 step.
    a = allowed(st, "place T06 -4,-1@4")
    b = allowed(st, "place T06 -4,-1@1")
    assert a == b


def test_N2_swap_own_tunnel_tiles_doors_travel():
    st = state(N2_STATE)
    new = allowed(st, "swap 2,0@0 3,0@0")
    assert new.tile_at[Cell(2, 0)].tile == "T02" and new.tile_at[Cell(3, 0)].tile == "T01"
    assert player(new, RED).doors == spots("3,0")  # the door travelled with T01


def test_N2_move_and_rotate_an_empty_tile():
    st = state(N2_STATE)
    new = allowed(st, "move 3,0 4,-2@0")
    assert Cell(3, 0) not in new.tile_at and new.tile_at[Cell(4, -2)].tile == "T02"
    new = allowed(st, "rotate -2,-2@1")
    assert new.tile_at[Cell(-2, -2)] == Placed("T08", 1)
    refused(st, "rotate 3,0@1", "P1", "would put rock against an opening of tile T01 on 2,0")
    refused(st, "rotate -2,-2@3", "N2", "changes nothing")


def test_N2_D3_tile_of_another_players_tunnel_cannot_be_swapped_moved_rotated():
    st = state(N2_STATE)
    refused(st, "move -2,0 -4,1@0", "D3", "blue owns that tunnel")
    refused(st, "rotate -2,0@1", "D3", "blue owns that tunnel")
    refused(st, "swap -2,0@0 3,0@0", "D3", "blue owns that tunnel")


def test_D3_owner_may_rotate_own_tunnel_tile_and_anyone_may_place_next_to_it():
    st = state(N2_STATE)
    # red places T06 against the open west end of blue's tunnel: allowed (D3).
    new = allowed(st, "place T06 -3,0@0")
    assert new.tile_at[Cell(-3, 0)].tile == "T06" and player(new, BLUE).doors == spots("-2,0")
    blue_turn = state(N2_STATE.replace("turn: {player: red, phase: 2}", "turn: {player: blue, phase: 2}"))
    new = allowed(blue_turn, "rotate -2,0@1")
    assert new.tile_at[Cell(-2, 0)] == Placed("T03", 1) and player(new, BLUE).doors == spots("-2,0")
    # ...but blue may not touch red's tunnel.
    refused(blue_turn, "rotate 2,0@1", "D3", "red owns that tunnel")


def test_N2_tile_with_another_players_prisoner_cannot_move_or_swap():
    st = state(N2_STATE)
    refused(st, "move 0,-2 0,-3@1", "N2", "blue prisoners stand on it")
    refused(st, "swap 0,-2@1 3,0@0", "N2", "blue prisoners stand on it")


def test_N2_tile_with_own_prisoner_outside_a_hideout_cannot_move():
    st = state(N2_STATE)
    refused(st, "move 0,2 0,3@1", "N2", "outside the hideout")


def test_N2_tile_carrying_any_prisoner_cannot_rotate():
    st = state(N2_STATE)
    refused(st, "rotate 3,-3@1", "N2", "cannot rotate: prisoners stand on it")
    refused(st, "rotate 0,2@0", "N2", "cannot rotate: prisoners stand on it")


def test_N2_hideout_exception_own_prisoners_travel_with_the_tile():
    st = state(N2_STATE)
    new = allowed(st, "move 3,-3 2,-3@0")  # distance 2 -> 3 (N3)
    assert player(new, RED).prisoners.count(tile_place(Cell(2, -3))) == 2
    assert Cell(3, -3) not in new.tile_at
    # A hideout shared with a blue prisoner: the exception does not apply.
    refused(st, "move -3,3 -2,3@0", "N2", "blue prisoners stand on it")


def test_N2_only_one_tile_action_per_turn():
    st = state(N2_STATE)
    new = allowed(st, "rotate -2,-2@1")
    refused(new, "rotate -2,-2@2", "N2", "phase 3")
    refused(new, "place T06 -4,-1@0", "N2", "phase 3")


# --------------------------------------------------------------------------- N3 distance rule


N3_STATE = FOUR + """
turn: {player: red, phase: 2}
tiles:
  "3,-3": T46       # hideout with red prisoners, distance 2 from 5,-5
  "2,-3": T07@1     # distance 3
  "4,0": T08        # distance 1
prisoners:
  red: {at: ["3,-3", "3,-3"]}
"""


def test_N3_hideout_tile_with_prisoners_may_move_away_or_keep_distance():
    st = state(N3_STATE)
    allowed(st, "move 3,-3 3,-4@0")   # distance 2 -> 2
    allowed(st, "move 3,-3 2,-4@1")   # distance 2 -> 3
    new = allowed(st, "swap 3,-3@1 2,-3@1")  # the hideout goes to distance 3
    assert new.tile_at[Cell(2, -3)] == Placed("T46", 1)
    assert player(new, RED).prisoners.count(tile_place(Cell(2, -3))) == 2


def test_N3_hideout_tile_with_prisoners_may_not_come_nearer_a_green_area():
    st = state(N3_STATE)
    refused(st, "move 3,-3 4,-4@0", "N3", "from distance 2 to distance 1")
    refused(st, "swap 3,-3@1 4,0@0", "N3", "from distance 2 to distance 1")


def test_N3_does_not_restrict_an_empty_hideout_tile():
    st = state(N3_STATE.replace('red: {at: ["3,-3", "3,-3"]}', 'red: {at: []}'))
    allowed(st, "move 3,-3 4,-4@0")


# --------------------------------------------------------------------------- N4 phase 3


N4_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02
  "4,0": T03
prisoners:
  red: {at: ["2,0"]}
doors:
  red: ["4,0"]
"""


def test_N4_phase_3_place_one_door_ends_the_turn():
    st = state(N4_STATE)
    new = allowed(st, "door 3,0")
    assert player(new, RED).doors == spots("3,0", "4,0")
    assert new.turn.player == 1 and new.turn.phase == 1


def test_N4_phase_3_move_own_door():
    st = state(N4_STATE)
    new = allowed(st, "movedoor 4,0 3,0")
    assert player(new, RED).doors == spots("3,0")
    assert new.turn.player == 1
    refused(st, "movedoor 2,0 3,0", "N4", "has no door on 2,0")


def test_N4_steps_or_a_door_not_both():
    st = state(N4_STATE.replace("phase: 3}", 'phase: 3, moved: {"2,0": 1}}'))
    allowed(st, "step 2,0 3,0")
    refused(st, "door 3,0", "N4", "phase 3 is prisoners or a door, not both")
    refused(st, "movedoor 4,0 3,0", "N4", "phase 3 is prisoners or a door, not both")


def test_N4_doors_and_steps_belong_to_phase_3():
    st = state(N4_STATE.replace("phase: 3", "phase: 2"))
    refused(st, "door 3,0", "N4", "phase 2")
    refused(st, "step 2,0 3,0", "N4", "phase 2")


# --------------------------------------------------------------------------- P1 P2 P3 placement


P_STATE = FOUR + """
turn: {player: red, phase: 2}
tiles:
  "2,0": T01@1      # opens SE and NW: rock to the east
  "3,0": T16        # opens E and SE: rock to the west
hands: {red: [T06]}
"""


def test_P1_openings_must_face_openings():
    st = state(P_STATE)
    # 2,-1 touches 2,0 (which opens NW onto it) across its SE edge.
    allowed(st, "place T06 2,-1@1")        # t14: opens SE onto T01's NW opening
    refused(st, "place T06 2,-1@0", "P1", "would put rock against an opening of tile T01 on 2,0")


def test_P1_no_tile_on_island_or_green():
    st = state(P_STATE)
    refused(st, "place T06 1,0@0", "P1", "island")
    refused(st, "place T06 5,0@0", "P1", "green area")
    refused(st, "move 3,0 5,-5@0", "P1", "green area")


def test_P2_anywhere_on_an_empty_cell():
    st = state(P_STATE)
    allowed(st, "place T06 -3,-1@2")   # touches nothing
    refused(st, "place T06 3,0@0", "P2", "already holds tile T16")


def test_P3_swap_valid_only_with_both_tiles_in_their_new_places():
    st = state(P_STATE)
    # Afterwards 2,0 holds T16 (opens E, SE) and 3,0 holds T01 (opens E, W): they match
    # each other, though each would clash with the tile that lay there before.
    new = allowed(st, "swap 2,0@0 3,0@0")
    assert new.tile_at[Cell(2, 0)] == Placed("T16", 0) and new.tile_at[Cell(3, 0)] == Placed("T01", 0)
    refused(st, "swap 2,0@0 3,0@1", "P1", "would put")


def test_P3_move_checked_without_the_tile_on_its_old_cell():
    st = state(P_STATE)
    # T01 moves from 2,0 to its neighbour 3,-1 and opens SW towards the cell it left.
    new = allowed(st, "move 2,0 3,-1@2")
    assert new.tile_at[Cell(3, -1)] == Placed("T01", 2) and Cell(2, 0) not in new.tile_at
    refused(st, "move 2,0 4,0@1", "P1", "would put")  # rock of T01@1 against T16's east opening


# --------------------------------------------------------------------------- M2 steps


M2_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01        # E-W, W onto island cell 1,0
  "3,0": T02
  "4,0": T03        # E onto the green area 5,0
  "-2,0": T04@1     # opens SE/NW: rock towards the island
  "0,2": T30@1      # t14 (NW onto the island) and t23
prisoners:
  red: {at: ["3,0", "4,0", "0,2"]}
"""


def test_M2_island_to_a_feature_opening_onto_the_island():
    st = state(M2_STATE)
    new = allowed(st, "step island 2,0")
    assert player(new, RED).prisoners.count(tile_place(Cell(2, 0))) == 1
    assert player(new, RED).count(PlaceKind.ISLAND) == 4
    refused(st, "step island -2,0", "M2", "not one step from island")
    refused(st, "step island 3,0", "M2", "not one step from island")


def test_M2_feature_to_feature_through_matching_openings_and_back():
    st = state(M2_STATE)
    new = allowed(st, "step 3,0 2,0")   # back towards the island
    new = allowed(new, "step 2,0 island")  # and onto it: its second step
    assert player(new, RED).count(PlaceKind.ISLAND) == 6
    refused(st, "step 3,0 5,0", "M2", "not one step from 3,0")


def test_M2_no_step_within_a_tile():
    st = state(M2_STATE)
    refused(st, "step 0,2 0,2/1", "M2", "features of one tile do not connect")


def test_M2_feature_onto_the_green_area_it_opens_onto():
    st = state(M2_STATE)
    new = allowed(st, "step 4,0 5,0")
    assert green(5, 0) in player(new, RED).prisoners
    refused(st, "step 3,0 5,-5", "M2", "not one step")


# --------------------------------------------------------------------------- M3 budget


M3_STATE = FOUR + """
turn: {player: red, phase: 3, moved: {"3,0": 2, "-3,0": 2}}
tiles:
  "2,0": T01
  "3,0": T02
  "4,0": T03
  "-2,0": T04
  "-3,0": T05
prisoners:
  red: {at: ["3,0", "-3,0"]}
"""


def test_M3_at_most_two_steps_per_prisoner():
    st = state(M3_STATE)
    refused(st, "step 3,0 4,0", "M3", "has used its 2 steps")
    refused(st, "step -3,0 -2,0", "M3", "has used its 2 steps")


def test_M3_second_step_of_one_prisoner():
    st = state(M3_STATE.replace('moved: {"3,0": 2, "-3,0": 2}', 'moved: {"3,0": 1}'))
    new = allowed(st, "step 3,0 4,0")
    assert new.turn.moved == ((tile_place(Cell(4, 0)), 2),)


def test_M3_a_fresh_prisoner_from_the_island_while_another_stepped_back():
    st = state(M3_STATE.replace('moved: {"3,0": 2, "-3,0": 2}', 'moved: {island: 1}')
               .replace('red: {at: ["3,0", "-3,0"]}', 'red: {at: ["3,0"]}'))
    new = allowed(st, "step island 2,0")
    assert sorted(new.turn.moved) == sorted([(ISLAND, 1), (tile_place(Cell(2, 0)), 1)])


def test_M3_the_fifth_step_ends_the_turn_and_a_sixth_is_refused():
    st = state(M3_STATE)
    new = allowed(st, "step island 2,0")
    assert new.turn.player == 1 and new.turn.phase == 1 and new.turn.moved == ()
    five = state(M3_STATE.replace('moved: {"3,0": 2, "-3,0": 2}', 'moved: {"3,0": 2, "-3,0": 2, island: 1}')
                 .replace('red: {at: ["3,0", "-3,0"]}', 'red: {at: ["3,0", "-3,0"]}'))
    refused(five, "step island 2,0", "M3", "used all 5 steps")


# --------------------------------------------------------------------------- M4 room and doors


M4_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02
  "-2,0": T04       # E onto the island; blue's door
  "-3,0": T05
  "0,2": T50@1      # through hideout, NW onto the island
prisoners:
  blue: {at: ["2,0", "0,2"]}
doors:
  blue: ["-2,0"]
"""


def test_M4_first_of_two_steps_needs_room():
    st = state(M4_STATE)
    # 3,0 is free, but the way there passes 2,0, where a blue prisoner stands.
    refused(st, "step island 2,0", "M4", "the tunnel at 2,0 is full (it holds 1)")


def test_M4_hideout_holds_two_of_any_colours():
    st = state(M4_STATE)
    new = allowed(st, "step island 0,2")
    assert player(new, RED).prisoners.count(tile_place(Cell(0, 2))) == 1
    refused(new, "step island 0,2", "M4", "the hideout at 0,2 is full (it holds 2)")


def test_M4_another_players_door_blocks():
    st = state(M4_STATE)
    refused(st, "step island -2,0", "M4", "blue's door stands on -2,0; only a master key passes it")


def test_M4_own_door_does_not_block():
    st = state(M4_STATE.replace('blue: ["-2,0"]', 'red: ["-2,0"]'))
    allowed(st, "step island -2,0")


KEY_DOOR_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "0,2": T05@1        # blue's door
  "0,3": T50@1        # through hideout (SE/NW)
  "0,4": T06@1        # SE onto the green area 0,5
prisoners:
  red: {freed: 3, dead: 3, at: ["0,3", "0,3"]}
doors:
  blue: ["0,2"]
keys: [red]
"""


def test_M4_master_key_passes_doors():
    st = state(KEY_DOOR_STATE)
    new = allowed(st, "step 0,3 0,2")
    assert tile_place(Cell(0, 2)) in player(new, RED).prisoners
    assert player(new, RED).key  # K2: only green or island ends the key


def test_M4_without_key_the_door_blocks_the_way_out_of_a_hideout():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        tiles:
          "0,2": T05@1
          "0,3": T50@1
          "0,4": T06@1
        prisoners:
          red: {at: ["0,3"]}
        doors:
          blue: ["0,2"]
    """)
    refused(st, "step 0,3 0,2", "M4", "blue's door stands on 0,2")
    allowed(st, "step 0,3 0,4")


# --------------------------------------------------------------------------- M5 Z1 Z2 green areas


GREEN_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02
  "4,0": T03
prisoners:
  red: {at: ["4,0", "3,0"]}
"""


def test_M5_Z1_first_prisoner_claims_an_unowned_zone():
    st = state(GREEN_STATE)
    new = allowed(st, "step 4,0 5,0")
    assert new.zone_owner == {"E": RED}
    assert green(5, 0) in player(new, RED).prisoners and player(new, RED).freed == 1
    assert new.round == 1 and new.turn.player == 0  # one on green: the round goes on


def test_M5_own_zone_may_be_entered():
    st = state(GREEN_STATE + "zones: {E: red}\n")
    new = allowed(st, "step 4,0 5,0")
    assert new.zone_owner == {"E": RED}


def test_M5_Z2_zone_of_another_player_is_closed():
    st = state(GREEN_STATE + "zones: {E: blue}\n")
    refused(st, "step 4,0 5,0", "Z2", "zone E belongs to blue")


def test_M5_no_moving_off_a_green_area():
    st = state(GREEN_STATE.replace('red: {at: ["4,0", "3,0"]}', 'red: {at: ["5,0", "3,0"]}') + "zones: {E: red}\n")
    refused(st, "step 5,0 4,0", "M5", "does not move again")
    assert not any(isinstance(a, actions.Step) and str(a.source) == "5,0" for a in legal(st))


def test_Z1_claim_refused_when_it_leaves_a_player_without_a_zone():
    # red owns three zones; a fourth would leave two unowned zones for three players.
    st = state(GREEN_STATE + "zones: {SE: red, SW: red, W: red}\n")
    refused(st, "step 4,0 5,0", "Z1", "would leave a player without a zone")


def test_Z1_claim_allowed_when_every_other_player_keeps_a_zone():
    # Same zones, but blue claims E: NW and NE stay for yellow and purple.
    st = state(GREEN_STATE.replace("player: red", "player: blue").replace("red: {at:", "blue: {at:")
               + "zones: {SE: red, SW: red, W: red}\n")
    new = allowed(st, "step 4,0 5,0")
    assert new.zone_owner["E"] == BLUE


# --------------------------------------------------------------------------- D2 D5 placing doors


D2_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02          # same tunnel as 2,0; blue's door
  "-2,0": T20         # Y junction
  "0,2": T50@1        # hideout
  "0,-2": T41@1       # dead end, SE onto the island
  "-2,2": T44         # t24 (feature 0) and dead end d0 (feature 1)
  "4,-2": T06         # a blue prisoner on it
prisoners:
  red: {at: ["-2,2/1"]}
  blue: {at: ["4,-2"]}
doors:
  blue: ["3,0"]
"""


def test_D2_door_on_a_tunnel_or_dead_end():
    st = state(D2_STATE)
    assert player(allowed(st, "door 0,-2"), RED).doors == spots("0,-2")
    assert player(allowed(st, "door -2,2"), RED).doors == spots("-2,2")
    # own prisoner on the dead end does not matter
    assert player(allowed(st, "door -2,2/1"), RED).doors == spots("-2,2/1")


def test_D2_never_on_a_junction_or_hideout():
    st = state(D2_STATE)
    refused(st, "door -2,0", "D2", "not on the junction at -2,0")
    refused(st, "door 0,2", "D2", "not on the hideout at 0,2")


def test_D2_not_in_another_players_tunnel():
    st = state(D2_STATE)
    refused(st, "door 2,0", "D2", "is in blue's tunnel (door on 3,0)")


def test_D2_not_on_a_feature_holding_another_players_prisoner():
    st = state(D2_STATE)
    refused(st, "door 4,-2", "D2", "a blue prisoner stands on 4,-2")


def test_D2_needs_a_door_in_hand():
    st = state(D2_STATE.replace('blue: ["3,0"]', 'blue: ["3,0"]\n  red: ["0,-2", "-2,2"]'))
    refused(st, "door -2,2/1", "D2", "red has no door in hand")
    # moving a door on the board is still possible, but only to a place a door may stand
    new = allowed(st, "movedoor 0,-2 -2,2/1")
    assert player(new, RED).doors == spots("-2,2", "-2,2/1")
    refused(st, "movedoor 0,-2 -2,0", "D2", "not on the junction")


def test_D5_one_door_per_feature():
    st = state(D2_STATE.replace('blue: ["3,0"]', 'blue: ["3,0"]\n  red: ["-2,2"]'))
    refused(st, "door -2,2", "D5", "red's door already stands on -2,2")
    allowed(st, "door -2,2/1")  # the other feature of the same tile


def test_D3_prisoner_beyond_a_door_moves_freely_in_that_tunnel():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        tiles:
          "2,0": T01
          "3,0": T02
          "4,0": T03
        prisoners:
          red: {at: ["3,0"]}
        doors:
          blue: ["2,0"]
    """)
    allowed(st, "step 3,0 4,0")
    refused(st, "step 3,0 2,0", "M4", "blue's door")


# --------------------------------------------------------------------------- D4 D6 tunnel fights


FIGHT_STATE = FOUR + """
turn: {player: red, phase: 2}
tiles:
  "2,0": T01
  "3,0": T02          # red's tunnel 2,0-3,0 (2 tiles), open east onto 4,0
  "4,-1": T03@1       # blue's tunnel, opens SE onto 4,0
hands: {red: [T16, T05]}
doors:
  red: ["2,0"]
  blue: ["4,-1"]
"""
TIE_STATE = FIGHT_STATE.replace('"4,-1": T03@1', '"4,-1": T03@1\n  "4,-2": T04@1')  # blue: 2 tiles too


def test_D4_longer_tunnel_keeps_its_doors_shorter_gets_them_back():
    st = state(FIGHT_STATE)
    new = allowed(st, "place T16 4,0@3")  # opens W and NW: joins both tunnels
    assert player(new, RED).doors == spots("2,0")
    assert player(new, BLUE).doors == () and player(new, BLUE).doors_in_hand == 2


def test_D4_only_doors_in_the_joined_tunnel_go_back():
    st = state(FIGHT_STATE.replace('"4,-1": T03@1', '"4,-1": T03@1\n  "-2,-2": T08')
               .replace('blue: ["4,-1"]', 'blue: ["-2,-2", "4,-1"]'))
    new = allowed(st, "place T16 4,0@3")
    assert player(new, BLUE).doors == spots("-2,-2") and player(new, RED).doors == spots("2,0")


def test_D4_keep_that_nobody_needs_is_refused():
    st = state(FIGHT_STATE)
    refused(st, "place T16 4,0@3 keep red", "D4", "there is no tunnel-fight tie to settle; drop 'keep'")
    refused(st, "place T05 -3,0@0 keep red", "D4", "drop 'keep'")  # no fight at all


def test_D4_tie_needs_a_choice_and_the_refusal_lists_the_choices():
    st = state(TIE_STATE)
    refused(st, "place T16 4,0@3", "D4", "tie at 2 tiles; the acting player chooses: add 'keep red' or 'keep blue'")
    refused(st, "place T16 4,0@3 keep yellow", "D4", "'keep red' or 'keep blue'")
    offered = {str(a) for a in legal(st) if isinstance(a, actions.PlaceTile) and a.tile == "T16" and str(a.cell) == "4,0"}
    assert {"place T16 4,0@3 keep red", "place T16 4,0@3 keep blue"} <= offered
    assert "place T16 4,0@3" not in offered


def test_D4_tie_settled_by_keep():
    st = state(TIE_STATE)
    new = allowed(st, "place T16 4,0@3 keep blue")
    assert player(new, RED).doors == () and player(new, BLUE).doors == spots("4,-1")
    new = allowed(st, "place T16 4,0@3 keep red")
    assert player(new, RED).doors == spots("2,0") and player(new, BLUE).doors == ()


def test_D4_move_carrying_a_door_counts_the_tunnel_it_came_from():
    # red's lone tile (tunnel of 1, red door) is moved against blue's tunnel of 2.
    st = state(FOUR + """
        turn: {player: red, phase: 2}
        tiles:
          "-3,-1": T16@3
          "4,-1": T03@1
          "4,-2": T04@1
        doors:
          red: ["-3,-1"]
          blue: ["4,-1"]
    """)
    new = allowed(st, "move -3,-1 4,0@3")
    assert new.tile_at[Cell(4, 0)].tile == "T16"
    assert player(new, RED).doors == () and player(new, BLUE).doors == spots("4,-1")


D6_STATE = FOUR + """
turn: {player: yellow, phase: 2}
tiles:
  "-3,2": T01         # red's long tunnel -3,2 .. -1,2 (3 tiles)
  "-2,2": T02
  "-1,2": T03
  "-5,3": T04@2       # red's short tunnel (1 tile), opens NE onto -4,2
  "-4,1": T05@1       # blue's tunnel -4,1 .. -4,0 (2 tiles), opens SE onto -4,2
  "-4,0": T06@1
hands: {yellow: [T20]}
doors:
  red: ["-1,2", "-5,3"]
  blue: ["-4,1"]
"""


def test_D6_player_in_several_joined_tunnels_counts_the_longest():
    st = state(D6_STATE)
    new = allowed(st, "place T20 -4,2@0")   # Y junction joins all three tunnels
    # red: longest 3 beats blue's 2 (the shortest, 1, would lose)
    assert player(new, RED).doors == spots("-1,2", "-5,3") and player(new, BLUE).doors == ()


def test_D6_longest_not_sum():
    st = state(D6_STATE.replace('  "-2,2": T02\n  "-1,2": T03\n', "").replace('red: ["-1,2", "-5,3"]', 'red: ["-3,2", "-5,3"]'))
    new = allowed(st, "place T20 -4,2@0")
    # red: 1 and 1 (longest 1; the sum would tie) loses to blue's 2
    assert player(new, RED).doors == () and player(new, BLUE).doors == spots("-4,1")


# --------------------------------------------------------------------------- K1 K2 K3 K4 master key


KEY_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T26          # junction j023: E, SW, W
  "2,1": T46@5        # hideout opening NE into the junction
  "4,0": T02
prisoners:
  red: {freed: 3, dead: 3, at: ["3,0", "2,1"]}
"""


def test_K1_key_gained_after_a_step_door_handed_in_from_hand():
    st = state(KEY_STATE)
    new = allowed(st, "step 3,0 2,1")
    red = player(new, RED)
    assert red.key and red.doors == () and red.doors_in_hand == 1


def test_K1_door_in_hand_is_handed_in_before_one_on_the_board():
    st = state(KEY_STATE + 'doors: {red: ["2,0"]}\n')
    new = allowed(st, "step 3,0 2,1")
    red = player(new, RED)
    assert red.key and red.doors == spots("2,0") and red.doors_in_hand == 0


def test_K1_both_doors_on_the_board_needs_handin_and_lists_the_choices():
    st = state(KEY_STATE + 'doors: {red: ["2,0", "4,0"]}\n')
    refused(st, "step 3,0 2,1", "K1", "choose the door to hand in: add 'handin 2,0' or 'handin 4,0'")
    offered = {str(a) for a in legal(st) if isinstance(a, actions.Step)}
    assert {"step 3,0 2,1 handin 2,0", "step 3,0 2,1 handin 4,0"} <= offered and "step 3,0 2,1" not in offered
    new = allowed(st, "step 3,0 2,1 handin 4,0")
    red = player(new, RED)
    assert red.key and red.doors == spots("2,0") and red.doors_in_hand == 0


def test_K1_handin_nobody_needs_is_refused():
    st = state(KEY_STATE + 'doors: {red: ["2,0"]}\n')
    refused(st, "step 3,0 2,1 handin 2,0", "K1", "drop 'handin'")
    refused(st, "step 3,0 4,0 handin 2,0", "K1", "drop 'handin'")


K2_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T26
  "2,1": T46@5
  "4,0": T02
prisoners:
  red: {freed: 2, dead: 3, at: ["2,1", "3,0", "4,0"]}
doors:
  blue: ["2,0"]
keys: [red]
"""


def test_K2_key_lost_on_reaching_a_green_area_door_returned():
    st = state(K2_STATE)
    assert player(st, RED).doors_in_hand == 1
    allowed(st, "step 3,0 2,0")   # with the key, blue's door on 2,0 is no obstacle
    new = allowed(st, "step 4,0 5,0")
    red = player(new, RED)
    assert not red.key and red.doors_in_hand == 2  # another red prisoner still in a junction: no new key
    assert new.zone_owner == {"E": RED}
    refused(new, "step 3,0 2,0", "M4", "blue's door stands on 2,0; only a master key passes it")


def test_K2_K4_key_lost_for_good_on_reaching_the_island():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        tiles:
          "2,0": T50        # through hideout, W onto the island
          "3,0": T02        # red's door
        prisoners:
          red: {freed: 3, dead: 3, at: ["2,0", "2,0"]}
        doors:
          red: ["3,0"]
        keys: [red]
    """)
    assert player(st, RED).doors_in_hand == 0
    new = allowed(st, "step 2,0 island")
    red = player(new, RED)
    assert not red.key and red.doors == spots("3,0") and red.doors_in_hand == 1


def test_K4_key_lost_and_regained_when_rest_still_hidden():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        tiles:
          "4,0": T50        # through hideout, E onto the green area 5,0
          "0,-3": T46
        prisoners:
          red: {freed: 2, dead: 3, at: ["4,0", "0,-3", "0,-3"]}
        keys: [red]
    """)
    new = allowed(st, "step 4,0 5,0")
    red = player(new, RED)
    assert red.key and red.doors == () and red.doors_in_hand == 1
    assert green(5, 0) in red.prisoners


def test_K3_no_key_without_a_prisoner_in_play():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        last_round: true
        tiles:
          "4,0": T50
        prisoners:
          red: {freed: 3, dead: 4, at: ["4,0"]}
        keys: [red]
    """)
    new = allowed(st, "step 4,0 5,0")
    red = player(new, RED)
    assert not red.key and red.doors_in_hand == 2 and red.available == 0


# --------------------------------------------------------------------------- E1 E3 E5 round end


E1_STATE = FOUR + """
seed: 7
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02          # red's door
  "4,0": T03
  "0,2": T50@1        # hideout: two blue prisoners
  "-3,3": T47         # empty hideout
  "-2,-1": T26        # junction: a yellow prisoner
  "0,-2": T41@1       # dead end: a purple prisoner and purple's door
hands: {red: [T10], blue: [T11]}
prisoners:
  red: {at: ["5,0", "5,0", "4,0", "2,0"]}
  blue: {at: ["0,2", "0,2"]}
  yellow: {freed: 2, dead: 3, at: ["-2,-1"]}
  purple: {at: ["0,-2"]}
doors:
  red: ["3,0"]
  purple: ["0,-2"]
zones: {E: red}
"""


def _counts(p):
    return {k.value: p.count(k) for k in PlaceKind if p.count(k)}


def test_E1_third_prisoner_on_green_ends_the_round_at_once():
    st = state(E1_STATE)
    new = allowed(st, "step 4,0 5,0")
    assert new.round == 2
    assert new.turn.player == 1 and new.turn.phase == 1 and new.turn.moved == ()  # remaining steps lost
    assert not new.finished
    refused(new, "step island 0,2", "N4", "phase 1")  # red's unused steps are gone: blue takes a tile


def test_E3_collapse_prisoners_tiles_doors_hands():
    st = state(E1_STATE)
    new = engine.apply(st, actions.parse("step 4,0 5,0"))
    assert _counts(player(new, RED)) == {"island": 4, "freed": 3, "dead": 1}
    assert _counts(player(new, BLUE)) == {"island": 6, "tile": 2}
    assert player(new, BLUE).prisoners.count(tile_place(Cell(0, 2))) == 2
    assert _counts(player(new, YELLOW)) == {"island": 2, "freed": 2, "dead": 4}
    assert _counts(player(new, PURPLE)) == {"island": 7, "dead": 1}
    # only the hideout tile holding prisoners stays, as it lay
    assert new.tile_at == {Cell(0, 2): st.tile_at[Cell(0, 2)]}
    assert all(p.doors == () and p.hand == () for p in new.players)
    assert new.zone_owner == {"E": RED}


def test_E3_other_tiles_and_hands_reshuffled_into_three_stacks_from_the_seed():
    st = state(E1_STATE)
    new = engine.apply(st, actions.parse("step 4,0 5,0"))
    pooled = sorted(t for s in new.stacks for t in s)
    assert pooled == sorted(t for t in st.catalogue.ids if t != "T50")
    assert sorted(len(s) for s in new.stacks) == [17, 18, 18]
    again = engine.apply(state(E1_STATE), actions.parse("step 4,0 5,0"))
    assert again.stacks == new.stacks  # same seed, same stacks
    other = engine.apply(state(E1_STATE.replace("seed: 7", "seed: 8")), actions.parse("step 4,0 5,0"))
    assert other.stacks != new.stacks
    assert sorted(t for s in other.stacks for t in s) == pooled


def test_E3_K1_key_checked_after_the_collapse():
    st = state(E1_STATE.replace('yellow: {freed: 2, dead: 3, at: ["-2,-1"]}',
                                'yellow: {freed: 2, dead: 3, at: ["-2,-1", "-3,3", "-3,3"]}'))
    assert not player(st, YELLOW).key
    new = engine.apply(st, actions.parse("step 4,0 5,0"))
    yellow = player(new, YELLOW)
    # the junction prisoner died; the other two are in a hideout and none on the island
    assert yellow.key and yellow.doors_in_hand == 1
    assert new.tile_at[Cell(-3, 3)] == st.tile_at[Cell(-3, 3)]
    # E5: yellow (2 freed + 2 left) can no longer reach 5: one last round
    assert new.last_round and not new.finished
    assert not rules.check_state(new)


def test_E1_two_on_green_do_not_end_a_four_player_round():
    st = state(GREEN_STATE + "zones: {E: red}\n")
    new = allowed(st, "step 4,0 5,0")
    new = allowed(new, "step 3,0 4,0")
    new = allowed(new, "step 4,0 5,0")
    assert player(new, RED).count(PlaceKind.GREEN) == 2 and new.round == 1 and new.turn.player == 0


V1_STATE = TWO + """
turn: {player: blue, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02          # E onto the compact board's green area 4,0
prisoners:
  blue: {at: ["4,0", "3,0"]}
zones: {E: blue}
"""


def test_V1_E1_two_player_round_ends_at_two_on_green():
    st = state(V1_STATE)
    assert st.board.name == "compact"
    new = allowed(st, "step 3,0 4,0")
    assert new.round == 2 and new.turn.player == 0 and new.turn.phase == 1  # red, after the ender
    assert _counts(player(new, BLUE)) == {"island": 6, "freed": 2}
    assert new.tiles == ()


def test_E5_last_round_over_then_game_over_with_ranking():
    # red (4 dead, 4 left) can no longer free 5: this is the last round.
    st = state(V1_STATE.replace('blue: {at: ["4,0", "3,0"]}', 'blue: {at: ["4,0", "3,0"]}\n  red: {dead: 4}')
               + "last_round: true\n")
    new = allowed(st, "step 3,0 4,0")
    assert new.finished and new.ranking == (BLUE, RED)
    assert engine.legal_actions(new) == []
    refused(new, "end", "E5", "the game is over")


def test_E5_nobody_can_reach_the_target_game_over():
    st = state(TWO + """
        turn: {player: red, phase: 3}
        tiles:
          "2,0": T01
          "3,0": T02
          "0,-2": T38         # three tunnels
          "-2,2": T39
          "2,-3": T40
        prisoners:
          red: {dead: 3, at: ["4,0", "3,0", "0,-2", "0,-2/1", "0,-2/2"]}
          blue: {dead: 3, at: ["-2,2", "-2,2/1", "-2,2/2", "2,-3", "2,-3/1"]}
        zones: {E: red}
    """)
    new = allowed(st, "step 3,0 4,0")
    # after the collapse red has 2 freed and none left, blue none at all
    assert _counts(player(new, RED)) == {"freed": 2, "dead": 6}
    assert _counts(player(new, BLUE)) == {"dead": 8}
    assert new.finished and new.ranking == (RED, BLUE)


def test_E5_ranking_freed_then_hideouts_then_alive():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        last_round: true
        tiles:
          "2,0": T01
          "3,0": T02
          "4,0": T03
          "0,2": T50@1      # red and purple hide here
          "0,-3": T46       # blue hides here
        prisoners:
          red: {dead: 4, at: ["5,0", "5,0", "4,0", "0,2"]}
          yellow: {freed: 3, dead: 3, island: 2}
          blue: {freed: 2, dead: 4, island: 1, at: ["0,-3"]}
          purple: {freed: 2, dead: 2, island: 3, at: ["0,2"]}
        zones: {E: red}
    """)
    new = allowed(st, "step 4,0 5,0")
    # red 3 freed (+1 hidden) before yellow 3 freed (more alive, none hidden);
    # purple 2 + 1 hidden, 6 alive before blue 2 + 1 hidden, 4 alive (despite seat order)
    assert new.finished and new.ranking == (RED, YELLOW, PURPLE, BLUE)


# --------------------------------------------------------------------------- E2 last tile


E2_STATE = """
players: [red, blue, yellow]
turn: {player: yellow, phase: 1}
tiles:
  "2,0": T01
stacks: [[], [T05], []]
hands: {yellow: [T06]}
prisoners:
  yellow: {at: ["2,0"]}
unused: out
goal: {kind: free, player: yellow, count: 1}
"""


def test_E2_taking_the_last_tile_ends_the_round_after_that_turn():
    st = state(E2_STATE)
    new = allowed(st, "take 2")
    assert new.turn.round_ends and new.round == 1 and player(new, YELLOW).hand == ("T06", "T05")
    new = allowed(new, "place T05 -2,0@0")        # the turn goes on
    assert new.round == 1 and new.turn.phase == 3
    new = allowed(new, "step 2,0 island")
    assert new.round == 1 and new.turn.player == 2
    new = allowed(new, "end")
    # E3: the collapse; the player after yellow (red, seat 0) starts round 2
    assert new.round == 2 and new.turn.player == 0 and new.turn.phase == 1 and not new.turn.round_ends
    assert new.tiles == () and all(p.hand == () for p in new.players)
    assert sorted(t for s in new.stacks for t in s) == ["T01", "T05", "T06"]
    assert player(new, YELLOW).count(PlaceKind.ISLAND) == 8


def test_E2_not_the_last_tile_no_round_end():
    st = state(E2_STATE.replace("stacks: [[], [T05], []]", "stacks: [[T07], [T05], []]"))
    new = allowed(st, "take 2")
    assert not new.turn.round_ends
    new = allowed(allowed(new, "pass"), "end")
    assert new.round == 1 and new.turn.player == 0


# --------------------------------------------------------------------------- E4 winning


E4_STATE = FOUR + """
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
  "3,0": T02
  "4,0": T03
prisoners:
  red: {freed: 4, at: ["4,0", "3,0"]}
  blue: {freed: 3}
  yellow: {freed: 1}
  purple: {freed: 2}
zones: {E: red}
"""


def test_E4_fifth_freed_prisoner_ends_the_game_at_once():
    st = state(E4_STATE)
    new = allowed(st, "step 4,0 5,0")
    assert new.finished and new.ranking == (RED, BLUE, PURPLE, YELLOW)
    assert player(new, RED).freed == 5
    assert engine.legal_actions(new) == []
    refused(new, "step 3,0 4,0", "E4", "the game is over")


def test_E4_not_yet_at_four_freed():
    st = state(E4_STATE.replace("red: {freed: 4,", "red: {freed: 3,"))
    new = allowed(st, "step 4,0 5,0")
    assert not new.finished and new.turn.player == 0


def test_E4_V2_advanced_game_ends_at_seven():
    adv = E4_STATE.replace("turn: {player: red, phase: 3}", "variant: advanced\nturn: {player: red, phase: 2}")
    st = state(adv)
    new = allowed(st, "step 4,0 5,0")          # 5 freed: not enough in the advanced game
    assert not new.finished and player(new, RED).freed == 5
    st = state(adv.replace("red: {freed: 4,", "red: {freed: 6,"))
    new = allowed(st, "step 4,0 5,0")
    assert new.finished and new.ranking[0] == RED


# --------------------------------------------------------------------------- V2 advanced turn


V2_STATE = FOUR + """
variant: advanced
turn: {player: red, phase: 2}
tiles:
  "2,0": T01
  "3,0": T02
  "4,0": T03
hands: {red: [T05]}
prisoners:
  red: {at: ["2,0"]}
"""


def test_V2_steps_before_and_after_the_tile_action():
    st = state(V2_STATE)
    new = allowed(st, "step 2,0 3,0")
    assert new.turn.phase == 2 and not new.turn.tile_action and new.turn.player == 0
    new = allowed(new, "place T05 -2,0@0")
    assert new.turn.tile_action and new.turn.player == 0
    new = allowed(new, "step island 2,0")
    new = allowed(new, "step 3,0 4,0")
    refused(new, "step 4,0 5,0", "M3", "has used its 2 steps")
    new = allowed(new, "step 2,0 3,0")
    assert new.turn.steps == 4 and new.turn.player == 0
    new = allowed(new, "step island 2,0")       # the fifth step, tile action done: turn over
    assert new.turn.player == 1


def test_V2_budget_of_five_holds_over_the_whole_turn():
    st = state(V2_STATE.replace("phase: 2}", 'phase: 2, moved: {"2,0": 1, island: [2, 2]}}')
               .replace('red: {at: ["2,0"]}', 'red: {at: ["2,0"]}'))
    refused(st, "step 2,0 3,0", "M3", "used all 5 steps")
    new = allowed(st, "place T05 -2,0@0")       # the tile action is still open
    assert new.turn.player == 1


def test_V2_door_then_tile_action_but_no_steps_after_a_door():
    st = state(V2_STATE.replace("phase: 2}", "phase: 2, door_action: true}") + 'doors: {red: ["3,0"]}\n')
    refused(st, "step 2,0 island", "N4", "used phase 3 for a door")
    refused(st, "door 4,0", "N4", "already placed or moved a door")
    new = allowed(st, "place T05 -2,0@0")
    assert new.turn.player == 1  # tile action and door action done: the turn is over


def test_V2_pass_and_second_tile_action_refused():
    st = state(V2_STATE)
    refused(st, "pass", "N2", "use end")
    new = allowed(st, "place T05 -2,0@0")
    refused(new, "rotate 2,0@1", "N2", "already made this turn's tile action")


def test_V2_standard_game_does_not_interleave():
    st = state(V2_STATE.replace("variant: advanced\n", ""))
    refused(st, "step 2,0 3,0", "N4", "prisoners move in phase 3")


@pytest.mark.parametrize("tile_action, extra", [
    ("move 2,0 0,2@1", ""),                      # the hideout tile moves to an empty cell
    ("swap 2,0@0 0,2@1", '"0,2": T07@1\n'),     # the hideout tile swaps places with T07
])
def test_V2_N2_M3_prisoner_steps_then_its_hideout_tile_moves_budget_follows_it(tile_action, extra):
    """A prisoner that stepped into a hideout keeps its used step when its tile moves (V2, M3, N2)."""
    st = state(FOUR + """
        variant: advanced
        turn: {player: red, phase: 2}
        tiles:
          "2,0": T50          # through hideout E-W, W onto the island (distance 3)
          "0,3": T05@1        # SE/NW
          "0,4": T06@1
    """.rstrip(" ") + textwrap.indent(extra, " " * 10))
    new = allowed(st, "step island 2,0")       # step 1 of this prisoner
    assert engine.explain(new, actions.parse(tile_action)) == []
    moved = engine.apply(new, actions.parse(tile_action))  # distance 3 -> 3; the prisoner travels
    assert tile_place(Cell(0, 2)) in player(moved, RED).prisoners
    after = engine.apply(moved, actions.parse("step 0,2 0,3"))    # step 2 of this prisoner
    # a third step for the same prisoner must be refused
    refused(after, "step 0,3 0,4", "M3", "has used its 2 steps")
    assert moved.turn.moved == ((tile_place(Cell(0, 2)), 1),)
    assert not rules.check_state(moved)


# --------------------------------------------------------------------------- further cases (K1, D2, E3)


def test_K1_no_key_with_prisoners_in_three_hideouts():
    st = state(FOUR + """
        turn: {player: red, phase: 3}
        tiles:
          "2,0": T01
          "3,0": T26          # junction: E, SW, W
          "2,1": T46@5        # hideout opening NE into the junction
          "0,-3": T47
          "-3,0": T48
        prisoners:
          red: {freed: 3, dead: 1, at: ["3,0", "0,-3", "-3,0", "-3,0"]}
    """)
    new = allowed(st, "step 3,0 2,1")
    assert not player(new, RED).key and player(new, RED).doors_in_hand == 2


def test_D2_movedoor_follows_the_same_restrictions():
    st = state(D2_STATE.replace('blue: ["3,0"]', 'blue: ["3,0"]\n  red: ["0,-2"]'))
    refused(st, "movedoor 0,-2 4,-2", "D2", "a blue prisoner stands on 4,-2")
    refused(st, "movedoor 0,-2 2,0", "D2", "is in blue's tunnel")
    refused(st, "movedoor 0,-2 0,2", "D2", "not on the hideout")
    refused(st, "movedoor 0,-2 0,-2", "N4", "must move to another feature")


def _catalogue_with_hideout_and_tunnel() -> str:
    """The default tile set with T44 changed to a hideout plus a separate tunnel (h24, t01)."""
    from importlib import resources

    text = resources.files("sectionx").joinpath("data/tiles/default.yaml").read_text("utf-8")
    text = text.replace("{id: T44, kind: dead-end-and-tunnel, features: [t24, d0]}",
                        "{id: T44, kind: hideout-and-tunnel, features: [h24, t01]}")
    body = "\n".join(line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#"))
    return "catalogue:\n" + textwrap.indent(body.replace("name: default", "name: mixed"), "  ") + "\n"


def test_E3_hideout_tile_stays_whole_but_its_other_features_collapse():
    # red: one prisoner in T44's hideout, one in its tunnel (with red's door on it)
    st = state(V1_STATE.replace('blue: {at: ["4,0", "3,0"]}',
                                'blue: {at: ["4,0", "3,0"]}\n  red: {at: ["-2,2", "-2,2/1"]}')
               .replace('"3,0": T02', '"3,0": T02\n  "-2,2": T44')
               + 'doors: {red: ["-2,2/1"]}\n' + _catalogue_with_hideout_and_tunnel())
    assert st.catalogue["T44"].has_hideout()
    new = allowed(st, "step 3,0 4,0")       # blue's second on green: the round ends (V1, E1)
    assert new.round == 2
    assert new.tile_at == {Cell(-2, 2): st.tile_at[Cell(-2, 2)]}
    red = player(new, RED)
    assert red.prisoners.count(tile_place(Cell(-2, 2))) == 1   # the one in the hideout
    assert _counts(red) == {"island": 6, "tile": 1, "dead": 1}  # the one in its tunnel died
    assert red.doors == ()
