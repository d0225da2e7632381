"""The rulings docs/tunnel.md adds where the texts are silent (TG4, CB11, CB12, TU11,
TU12, TV5), each allowed and refused."""

from __future__ import annotations

from collections import Counter

import pytest

from sectionx.games.tunnel import rules
from sectionx.games.tunnel.model import Position
from sectionx.games.tunnel.rules import parse_move
from sectionx.games.tunnel.tiles import tile_set


def game(stack: list[str], *, players: int = 2, variants: tuple[str, ...] = ()) -> Position:
    """A new game whose next tiles are ``stack`` in order."""
    pos = rules.new_game(players, variants=variants)
    pos.stack = tuple(stack)
    pos.left = len(stack)
    return pos


def play(pos: Position, *moves: str) -> Position:
    for text in moves:
        pos = rules.play(pos, parse_move(text)).position
    return pos


def ids(pos: Position, text: str) -> list[str]:
    return [p.rule for p in rules.problems(pos, parse_move(text))]


def lone(first: str, stack: list[str]) -> Position:
    """A board of one tile ``first`` on 0,0 (no start tile), then ``stack``."""
    pos = Position(("red", "green"), supply=[7, 7], scores=[0, 0], sets=rules.deal_sets(("red", "green")))
    pos.pool = Counter(tile_set().box())
    pos.left = 1
    pos.put_tile((0, 0), tile_set().oriented(first, 0))
    pos.turns = 0
    pos.stack = tuple(stack)
    pos.left = len(stack)
    return pos


def test_tg4_south_is_y_plus_one_and_features_are_named_as_the_tile_lies() -> None:
    pos = game(["E"])
    # E's city turned twice faces north-to-south: it lies on 0,-1 and meets D's city (D's N edge).
    assert ids(pos, "E 0,-1@2 f city:S") == []
    assert ids(pos, "E 0,-1@0") == ["CB3"]          # its city would face away: field meets city
    assert ids(pos, "E 0,-1@2 f city:N") == ["CB4"]  # no city on its north edge as it lies
    after = play(pos, "E 0,-1@2 f city:S")
    assert after.board[(0, -1)].tile.edges == "FFCF"
    assert after.scores == [4, 0]  # a two-tile city completed (CB7)


def test_cb11_a_tile_that_fits_nowhere_goes_out_and_the_same_player_draws_again() -> None:
    pos = lone("C", ["B", "E"])
    assert ids(pos, "B 0,1@0") == ["CB3"]
    assert ids(pos, "B out") == []
    after = play(pos, "B out")
    assert after.turn == pos.turn and after.out == ("B",) and after.left == 1
    # E fits (its city against C's): out is refused, naming where it fits.
    problems = rules.problems(after, parse_move("E out"))
    assert [p.rule for p in problems] == ["CB11"] and "fits" in problems[0].message
    assert rules.moves(after)[0].cell is not None


def test_cb11_the_last_tile_put_out_ends_the_game() -> None:
    pos = lone("C", ["B"])
    after = play(pos, "B out")
    assert after.over and rules.moves(after) == []
    assert ids(after, "B out") == ["CB9"]


def test_cb12_a_follower_may_take_a_feature_its_own_tile_completes() -> None:
    pos = game(["L", "W"])
    pos = play(pos, "L 1,0@0")
    after = rules.play(pos, parse_move("W -1,0@0 f road:E"))
    # W's crossing, D, L's crossing: three tiles, scored at once; the follower is home again.
    assert [(s.kind, s.points, s.seats) for s in after.scored] == [("road", 3, (1,))]
    assert after.position.scores == [0, 3] and after.position.supply == [7, 7]


def test_cb12_everything_the_turn_completed_scores_once() -> None:
    pos = game(["L", "W", "U"])
    pos = play(pos, "L 1,0@0 f road:W")
    after = rules.play(pos, parse_move("W -1,0@0"))
    assert [s.points for s in after.scored] == [3]
    # Nothing scores twice: a later turn next to the finished road scores nothing.
    later = rules.play(after.position, parse_move("U 2,0@0"))
    assert later.scored == () or all(s.kind != "road" or s.cells != after.scored[0].cells for s in later.scored)


def _tunnel_start() -> Position:
    # TU-A on 1,0 (its west opening's road meets D's road); U below D; TU-B on -1,0.
    return game(["TU-A", "U", "TU-B", "V", "V"])


def test_tu11_two_open_sets_at_once_and_a_token_on_the_last_free_opening() -> None:
    pos = play(_tunnel_start(), "TU-A 1,0@0 t red 1,0:W", "U 0,1@0")
    # With two players red holds red, blue and black (TU8); a second set may be begun.
    assert pos.sets["blue"] == 0
    pos = play(pos, "TU-B -1,0@0 t blue 1,0:S")
    assert {s: len(o) for s, o in pos.placed.items()} == {"red": 1, "blue": 1}
    # Any unused set may be begun, not only the first in colour order (TU11).
    assert ids(pos, "V 1,1@1 t green 1,0:E") == []
    assert ids(pos, "V 1,1@1 t yellow 1,0:E") == []
    assert ids(pos, "V 1,1@1 t red 1,0:E") == ["TU8"]  # red is red's set, not green's


def test_tu12_a_road_through_its_own_tunnel_closes_like_a_loop() -> None:
    pos = play(_tunnel_start(), "TU-A 1,0@0 f road:W t red 1,0:W", "U 0,1@0")
    turn = rules.play(pos, parse_move("TU-B -1,0@0 t red -1,0:E"))
    # Both openings lie on the one road TU-B - D - TU-A: it closes underground, 3 tiles (TU7).
    assert [(s.rule, s.points, s.seats) for s in turn.scored] == [("TU7", 3, (0,))]
    assert turn.position.scores == [3, 0]


def test_tu12_a_half_claimed_road_does_not_close() -> None:
    pos = play(_tunnel_start(), "TU-A 1,0@0 f road:W t red 1,0:W", "U 0,1@0")
    turn = rules.play(pos, parse_move("TU-B -1,0@0"))
    assert turn.scored == ()


def test_tv5_tv1_judges_the_second_token_too() -> None:
    pos = play(game(["TU-A", "U", "TU-B"], variants=("TV1",)), "TU-A 1,0@0 f road:W t red 1,0:W", "U 0,1@0")
    # TU-B's east opening has no road of red's followers until a follower is placed first.
    assert ids(pos, "TU-B -1,0@0 t red -1,0:W") == ["TV1"]
    # The east opening joins D's road, which is the TU-A road red holds: allowed.
    assert ids(pos, "TU-B -1,0@0 t red -1,0:E") == []


def test_tv5_tv2_no_theft_on_the_turn_the_first_token_was_laid() -> None:
    pos = game(["TU-A", "U", "V", "V", "V"], variants=("TV2",))
    pos = play(pos, "TU-A 1,0@0 t red 1,0:W")
    assert pos.stealable == frozenset()
    pos = play(pos, "U 0,1@0")
    # Red lets a turn pass with two openings free: the red set may now be stolen.
    pos = play(pos, "V 1,1@1")
    assert pos.stealable == frozenset({"red"})


def test_tv5_tv2_theft_needs_a_follower_on_the_first_tokens_road() -> None:
    pos = game(["U", "TU-A", "V", "V", "V"], variants=("TV2",))
    pos = play(pos, "U 1,0@0", "TU-A 2,0@0 f road:W t green 2,0:W")
    # The road V - D - U - TU-A holds green's follower, so red cannot take it (CB4).
    assert ids(pos, "V -1,0@2 f road:E") == ["CB4"]
    pos = play(pos, "V -1,0@2")
    pos = play(pos, "V 0,1@0")  # green lets a turn pass; openings 2,0:E and 2,0:S are free
    assert pos.stealable == frozenset({"green"})
    # Red has no follower on that road: the theft is refused with TV2's reason.
    assert ids(pos, "V -1,1@3 t green 2,0:E") == ["TV2"]


@pytest.mark.parametrize("variants", [("TV3",), ("TV3", "TV4")])
def test_tv5_tv4_has_nothing_to_judge_under_tv3(variants: tuple[str, ...]) -> None:
    pos = play(game(["TU-A", "TU-B"], variants=variants), "TU-A 1,0@0 f road:W")
    # Green lays a common pair on two openings of red's roads: no token is alone.
    assert ids(pos, "TU-B -1,0@0 t red 1,0:W 1,0:S") == []
    assert ids(pos, "TU-B -1,0@0 t red 1,0:W") == ["TV3"]


def test_tv5_tv2_a_partner_the_owner_may_not_lay_is_no_opportunity() -> None:
    pos = game(["TU-A", "U", "V", "V"], variants=("TV1", "TV2"))
    pos = play(pos, "TU-A 1,0@0 f road:W t red 1,0:W", "U 0,1@0")
    # Red lets a turn pass; 1,0:E and 1,0:S are free, but their roads hold no red
    # follower, so TV1 forbids the partner there: red missed no opportunity.
    assert ids(pos, "V 1,1@1 t red 1,0:S") == ["TV1"]
    pos = play(pos, "V 1,1@1")
    assert pos.stealable == frozenset()


def test_tu11_the_legal_turns_begin_the_first_unused_set_in_colour_order() -> None:
    """TU11: the list of legal turns begins a fresh set, the first in colour order,
    whatever the seats' colours or the order a file lists a player's sets in (before,
    it took the first in the order the sets were dealt or written: yellow before
    green for a yellow seat, grey before red for a file writing grey first)."""
    from sectionx.games.tunnel import formats
    from sectionx.yamlsrc import parse_yaml

    pos = rules.new_game(("yellow", "red"))
    assert pos.sets == {"yellow": 0, "red": 1, "green": 0, "blue": 1, "black": 0, "grey": 1}
    pos = play(pos, "TU-B 1,0@0")
    assert {t.set for t in rules.token_choices(pos, 0)} == {"green"}  # yellow holds yellow, green, black
    assert {t.set for t in rules.token_choices(pos, 1)} == {"red"}  # red holds red, blue, grey
    board = '  "0,0": D@0\n  "1,0": TU-B@0\n'
    sets = {"grey, red, yellow": "green, blue, black", "red, yellow, grey": "black, blue, green"}
    found = []
    for red, green in sets.items():
        text = f"game: tunnel\nplayers: [red, green]\nsets: {{red: [{red}], green: [{green}]}}\nboard:\n{board}"
        read = formats.read(parse_yaml(text, "p.yaml")).position
        found.append(([str(m) for m in rules.moves(read, "U")], {t.set for t in rules.token_choices(read, 0)}))
    assert found[0] == found[1] and found[0][1] == {"red"}
