"""Der Tunnel's tiles as data (sectionx/games/tunnel/tiles.py, tiles.yaml): the shipped set
holds what TG1–TG3 say, edge by edge, and a broken tile set is refused at its line with the
ruling it breaks (TG1, TG2, TG3, CB5)."""

from __future__ import annotations

from importlib import resources

import pytest

from sectionx.games.tunnel.tiles import (
    DELTA,
    EDGES,
    HALVES,
    check_tiles,
    opposite_half,
    tile_set,
)
from sectionx.yamlsrc import Diagnostic, parse_yaml

#: TG2: the base set's letters and counts, as the rulebook lists them.
TG2_COUNTS = dict(zip("ABCDEFGHIJKLMNOPQRSTUVWX", (2, 4, 1, 4, 5, 2, 1, 3, 2, 3, 3, 3, 2, 3, 2, 3, 1, 3, 2, 1, 8, 9, 4, 1),
                      strict=True))
#: TG2 and TG3: each type's edges N E S W.
EDGES_OF = dict(zip(TG2_COUNTS, [
    "FFRF", "FFFF", "CCCC", "CRFR", "CFFF", "FCFC", "FCFC", "CFCF", "CFFC", "CRRF", "CFRR", "CRRR",
    "CFFC", "CFFC", "CRRC", "CRRC", "CCFC", "CCFC", "CCRC", "CCRC", "FRFR", "FFRR", "FRRR", "RRRR"], strict=True))
EDGES_OF.update({"TU-A": "CRRR", "TU-B": "CRFR", "TU-C": "FRRF", "TU-D": "RRRR"})


def half(name: str) -> int:
    return HALVES.index(name)


def summary(name: str, rotation: int = 0) -> dict[str, list[str]]:
    """A tile's features by kind, each written as its places (edges, halves, ends)."""
    o = tile_set().oriented(name, rotation)
    out: dict[str, list[str]] = {}
    for f in o.features:
        if f.kind == "field":
            text = "".join(HALVES[h] for h in f.halves) + "".join(f">{o.features[c].name}" for c in f.cities)
        elif f.kind == "cloister":
            text = "cloister"
        else:
            text = "".join(EDGES[e] for e in f.edges) + (f"/{f.end}" if f.end else "") + ("*" if f.pennant else "")
        out.setdefault(f.kind, []).append(text)
    return out


def broken(old: str, new: str) -> list[Diagnostic]:
    """The problems check_tiles finds in the shipped tile set with ``old`` replaced."""
    text = resources.files("sectionx.games.tunnel").joinpath("tiles.yaml").read_text("utf-8")
    assert text.count(old) == 1, old
    _, found = check_tiles(parse_yaml(text.replace(old, new), "tiles.yaml"))
    return found


# ------------------------------------------------------------------- TG1: square tiles, geometry


def test_tg1_every_tile_has_four_edges_and_each_edge_in_exactly_one_feature():
    for t in tile_set().types.values():
        for r in range(4):
            o = tile_set().oriented(t.name, r)
            assert len(o.edges) == 4 and set(o.edges) <= set("CRF")
            for e, kind in enumerate(o.edges):
                if kind == "F":
                    assert o.edge_feature[e] == -1
                else:
                    assert o.features[o.edge_feature[e]].kind == {"C": "city", "R": "road"}[kind]
                # A city edge has no field halves; a road or field edge has two (TG1).
                halves = [o.half_feature[2 * e + k] for k in (0, 1)]
                assert (halves == [-1, -1]) == (kind == "C")


def test_tg1_a_quarter_turn_clockwise_moves_each_edge_and_half_one_step():
    # D: city N, road W-E; turned once its city faces E and its road runs N-S.
    assert tile_set().oriented("D", 0).edges == "CRFR"
    assert tile_set().oriented("D", 1).edges == "RCRF"
    assert tile_set().oriented("D", 2).edges == "FRCR"
    assert tile_set().oriented("D", 3).edges == "RFRC"
    assert summary("D", 1) == {"road": ["NS"], "city": ["E"], "field": ["NeSe>city:E", "NwSwWsWn"]}
    assert summary("V", 0)["road"] == ["SW"] and summary("V", 3)["road"] == ["ES"]
    assert summary("TU-C", 2)["road"] == ["W/opening", "N/opening"]  # E->W, S->N, in the data's order


def test_tg1_halves_meet_their_neighbours_halves_across_an_edge():
    # The east half of a north edge meets the east half of the neighbour's south edge.
    assert opposite_half(half("Ne")) == half("Se")
    assert opposite_half(half("Nw")) == half("Sw")
    assert opposite_half(half("En")) == half("Wn")
    assert opposite_half(half("Ws")) == half("Es")
    assert all(opposite_half(opposite_half(h)) == h for h in range(8))
    # y grows south: the neighbour across N is one row up.
    assert DELTA[EDGES.index("N")] == (0, -1) and DELTA[EDGES.index("E")] == (1, 0)


def test_tg1_features_are_named_by_any_of_their_edges_or_halves():
    o = tile_set().oriented("D", 0)
    assert [f.name for f in o.features] == ["road:E", "city:N", "field:En", "field:Es"]
    assert o.feature_named("road:W") == o.feature_named("road:E") == 0
    assert o.feature_named("field:Wn") == 2 and o.feature_named("field:Sw") == 3
    assert o.feature_named("city:S") is None and o.feature_named("cloister") is None
    assert tile_set().oriented("A", 0).feature_named("cloister") is not None


@pytest.mark.parametrize(("old", "new", "says"), [
    ("A: {count: 2, edges: FFRF,", "A: {count: 2, edges: FFR,", "edges are four of C R F"),
    ("U: {count: 8, edges: FRFR,\n      roads: [{edges: EW}],",
     "U: {count: 8, edges: FRFR,\n      roads: [{edges: E, end: crossing}],", "its road edges E are not its R edges EW"),
    ("V: {count: 9, edges: FFRR,\n      roads: [{edges: SW}],\n      fields: [{halves: [Nw, Ne, En, Es, Se, Wn]}",
     "V: {count: 9, edges: FFRR,\n      roads: [{edges: SW}],\n      fields: [{halves: [Nw, Ne, En, Es, Wn]}",
     "do not cover each half"),
    ("halves: [En, Es, Se, Sw, Ws, Wn], cities: [0]", "halves: [En, Es, Se, Sw, Ws, Wn], cities: [1]",
     "borders city parts of its tile"),
])
def test_tg1_a_broken_tile_is_refused_at_its_line(old: str, new: str, says: str):
    found = broken(old, new)
    assert found, "the broken set was accepted"
    assert any(d.rule == "TG1" and says in d.message and d.line > 0 for d in found), found


def test_cb5_a_road_of_one_edge_must_say_where_it_ends():
    found = broken("roads: [{edges: S, end: cloister}]", "roads: [{edges: S}]")
    assert [d.rule for d in found] == ["CB5"] and "ends at one of crossing" in found[0].message


# ------------------------------------------------------------------- TG2: the base set


def test_tg2_the_base_set_is_72_tiles_of_24_types_with_the_rulebook_counts():
    types = tile_set().types
    base = {n: t.count for n, t in types.items() if not t.tunnel}
    assert base == TG2_COUNTS
    assert sum(base.values()) == 72 and len(base) == 24
    assert {n: t.edges for n, t in types.items()} == EDGES_OF
    assert tile_set().start.name == "D"
    assert len(tile_set().box()) == 76 and len(tile_set().box(tunnel=False)) == 72


def test_tg2_features_edge_by_edge():
    assert summary("A") == {"road": ["S/cloister"], "cloister": ["cloister"], "field": ["NwNeEnEsSeSwWsWn"]}
    assert summary("C") == {"city": ["NESW*"]}
    assert summary("F")["city"] == ["EW*"] and summary("G")["city"] == ["EW"]
    # F/G's two fields both touch the city; H's and I's two caps are separate parts.
    assert summary("F")["field"] == ["NwNe>city:E", "SeSw>city:E"]
    assert summary("H")["city"] == ["N", "S"] and summary("H")["field"] == ["EnEsWsWn>city:N>city:S"]
    assert summary("I")["city"] == ["N", "W"]
    assert summary("L")["road"] == ["E/crossing", "S/crossing", "W/crossing"]
    assert summary("X")["road"] == ["N/crossing", "E/crossing", "S/crossing", "W/crossing"]
    assert len(summary("X")["field"]) == 4
    assert summary("M")["city"] == ["NW*"] and summary("N")["city"] == ["NW"]
    assert summary("O") == {"road": ["ES"], "city": ["NW*"], "field": ["EnSw>city:N", "EsSe"]}
    assert summary("Q")["city"] == ["NEW*"] and summary("R")["city"] == ["NEW"]
    assert summary("S")["road"] == ["S/city"] and summary("S")["city"] == ["NEW*"] and summary("T")["city"] == ["NEW"]
    assert summary("U")["field"] == ["NwNeEnWn", "EsSeSwWs"]


def test_tg2_a_set_with_the_wrong_counts_or_two_start_tiles_is_refused():
    found = broken("D: {count: 4, edges: CRFR, start: true,", "D: {count: 5, edges: CRFR, start: true,")
    assert [d.rule for d in found] == ["TG2"] and "73 tiles, not 72" in found[0].message
    found = broken("E: {count: 5, edges: CFFF,", "E: {count: 5, edges: CFFF, start: true,")
    assert [d.rule for d in found] == ["TG2"] and "exactly one tile type is the start tile" in found[0].message
    found = broken("E: {count: 5, edges: CFFF,", "E: {count: 0, edges: CFFF,")
    assert "TG2" in [d.rule for d in found]


# ------------------------------------------------------------------- TG3: the tunnel tiles


def test_tg3_four_tunnel_tiles_ten_openings_each_road_to_its_own():
    types = tile_set().types
    tunnel = {n: t for n, t in types.items() if t.tunnel}
    assert sorted(tunnel) == ["TU-A", "TU-B", "TU-C", "TU-D"] and all(t.count == 1 for t in tunnel.values())
    assert {n: t.openings for n, t in tunnel.items()} == {"TU-A": 3, "TU-B": 2, "TU-C": 2, "TU-D": 3}
    assert summary("TU-A") == {"road": ["E/opening", "S/opening", "W/opening"], "city": ["N"],
                               "field": ["EnWn>city:N", "EsSe", "SwWs"]}
    assert summary("TU-B") == {"road": ["E/opening", "W/opening"], "city": ["N"],
                               "field": ["EnWn>city:N", "EsSeSwWs"]}
    assert summary("TU-C") == {"road": ["E/opening", "S/opening"], "field": ["NwNeEnSwWsWn", "EsSe"]}
    # TU-D: the north road ends at houses and does not split the top field (3 fields).
    assert summary("TU-D") == {"road": ["N/houses", "E/opening", "S/opening", "W/opening"],
                               "field": ["NwNeEnWn", "EsSe", "SwWs"]}
    # No base tile has an opening.
    assert not any(t.openings for t in types.values() if not t.tunnel)


def test_tg3_a_tunnel_tile_without_an_opening_is_refused():
    found = broken("roads: [{edges: E, end: opening}, {edges: W, end: opening}]",
                   "roads: [{edges: E, end: crossing}, {edges: W, end: crossing}]")
    assert [d.rule for d in found] == ["TG3", "TG3"]
    assert "each with a tunnel opening" in found[0].message and "10 openings" in found[1].message
    found = broken("roads: [{edges: E, end: opening}, {edges: S, end: opening}],\n         fields: [{halves: [Nw",
                   "roads: [{edges: E, end: opening}, {edges: S, end: crossing}],\n         fields: [{halves: [Nw")
    assert [d.rule for d in found] == ["TG3"] and "10 openings" in found[0].message
