"""YAML <-> model: round trips, notations, defaults, and the schema kept in step."""

import json
from pathlib import Path

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings

from sectionx.errors import NotationError
from sectionx.games.sectionx import formats, rules
from sectionx.games.sectionx.model import Feature, FeatureKind, Placed, PlaceKind, Scenario, parse_placed
from sectionx.hexgrid import Cell
from sectionx.yamlsrc import schema

from .strategies import states

ROOT = Path(__file__).resolve().parent.parent
SLOW = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SLOW
@given(states())
def test_random_valid_states_obey_every_rule(state):
    """The generator only makes legal positions; the checker must agree."""
    assert rules.check_state(state) == []


@SLOW
@given(states())
def test_save_and_load_gives_the_same_state(state):
    text = formats.dumps(Scenario(state))
    again = formats.loads(text).state
    assert again == state
    # And writing it again gives the same bytes (deterministic output).
    assert formats.dumps(Scenario(again)) == text


@pytest.mark.slow  # a minute on a loaded machine: CI's second step (the README's suite keeps its budget)
@SLOW
@given(states())
def test_saved_files_validate_against_the_published_schema(state):
    data = yaml.safe_load(formats.dumps(Scenario(state)))
    jsonschema.validate(data, schema())


def test_defaults_fill_a_minimal_file():
    state = formats.loads("players: [red, blue, yellow]").state
    assert state.board.name == "standard"
    assert state.catalogue.name == "default"
    assert state.round == 1 and state.turn.player == 0 and state.turn.phase == 1
    assert all(p.count(PlaceKind.ISLAND) == 8 and p.doors_in_hand == 2 and not p.hand for p in state.players)
    # Every tile is dealt into the three stacks in catalogue order (T3).
    assert sum(len(s) for s in state.stacks) == 54
    assert state.stacks[0][:2] == ("T01", "T04")
    two = formats.loads("players: [red, blue]").state
    assert two.board.name == "compact" and two.discovery == 2  # V1


def test_island_count_defaults_to_what_is_left_of_eight():
    text = """
players: [red, blue]
tiles: {"2,-1": T46}
prisoners:
  red: {freed: 2, dead: 1, at: ["2,-1", "2,-1"]}
"""
    red = formats.loads(text).state.players[0]
    assert (red.count(PlaceKind.ISLAND), red.count(PlaceKind.FREED), red.count(PlaceKind.DEAD)) == (3, 2, 1)


def test_cells_may_be_written_as_pairs():
    text = 'players: [red, blue]\nboard: {radius: 3, island: [[0, 0]], green: [[3, 0], "0,3"]}\n'
    board = formats.loads(text).state.board
    assert board.green == {Cell(3, 0), Cell(0, 3)}


def test_puzzle_goal_is_read_and_written():
    text = """
players: [red, blue]
turn: blue
goal: {kind: free, count: 2, turns: 3}
"""
    loaded = formats.loads(text)
    g = loaded.scenario.goal
    assert g.player.value == "blue" and g.count == 2 and g.turns == 3
    again = formats.loads(formats.dumps(loaded.scenario)).scenario
    assert again.goal == g and again.is_puzzle


def test_unused_out_sets_tiles_aside_in_puzzles():
    text = """
players: [red, blue]
stacks: [[T01], [], []]
unused: out
goal: {count: 1}
"""
    state = formats.loads(text).state
    assert state.stacks == (("T01",), (), ()) and len(state.out) == 53


@pytest.mark.parametrize("text", ["t03", "j024", "d0", "h0", "h03", "j012345"])
def test_feature_notation_round_trips(text):
    assert str(Feature.parse(text)) == text


def test_feature_notation_refuses_nonsense():
    for bad in ["x03", "t", "t06", "t00", "tunnel"]:
        with pytest.raises(NotationError):
            Feature.parse(bad)
    assert Feature.parse("h30").openings == (0, 3)
    assert Feature.parse("h3").kind is FeatureKind.HIDEOUT


def test_placed_tile_notation_round_trips():
    for text in ["T05", "T05@2", "custom-1@5"]:
        assert str(parse_placed(text)) == text
    assert parse_placed(" T05 @ 3 ") == Placed("T05", 3)
    with pytest.raises(NotationError):
        parse_placed("T05@6")


def test_inline_board_and_catalogue_round_trip():
    tiles = [{"id": f"X{i:02}", "kind": "straight", "features": ["t03"]} for i in range(54)]
    data = {"players": ["red", "blue"], "board": {"name": "tiny", "radius": 3, "island": ["0,0"], "green": ["3,0", "-3,0"]},
            "catalogue": {"name": "plain", "tiles": tiles}}
    loaded = formats.loads(yaml.safe_dump(data))
    assert rules.check_scenario(loaded.scenario) == []
    text = formats.dumps(loaded.scenario)
    assert "name: tiny" in text and "X53" in text
    assert formats.loads(text).state == loaded.state


# ---------------------------------------------------------------- schema in step


def _schema_scenario_keys() -> set[str]:
    return set(schema()["$defs"]["scenario"]["properties"])


# Every key of the scenario schema, with a file that sets it and what must follow.
KEY_EFFECTS = {
    "format": ("format: 1", lambda s: True),
    "game": ("game: sectionx", lambda s: True),  # names the game; a Breakout file is read elsewhere
    "title": ("title: Hello", lambda s: s.title == "Hello"),
    "description": ("description: Text", lambda s: s.description == "Text"),
    "board": ("board: compact", lambda s: s.state.board.name == "compact"),
    "catalogue": ("catalogue: default", lambda s: s.state.catalogue.name == "default"),
    "variant": ("variant: advanced", lambda s: s.state.advanced),
    "players": ("", lambda s: len(s.state.players) == 4),
    "round": ("round: 3", lambda s: s.state.round == 3),
    "turn": ("turn: {player: blue, phase: 3, door_action: true}",
             lambda s: s.state.turn.player == 1 and s.state.turn.phase == 3 and s.state.turn.door_action),
    "last_round": ("last_round: true", lambda s: s.state.last_round),
    "ranking": ("ranking: [blue, red, yellow, purple]", lambda s: s.state.ranking[0].value == "blue"),
    "seed": ("seed: 42", lambda s: s.state.seed == 42),
    "tiles": ('tiles: {"2,-1": T05@2}', lambda s: s.state.tile_at[Cell(2, -1)] == Placed("T05", 2)),
    "hands": ("hands: {red: [T01]}", lambda s: s.state.players[0].hand == ("T01",)),
    "stacks": ("stacks: [[T01], [T02], []]", lambda s: s.state.stacks[0] == ("T01",)),
    "out": ("out: [T54]", lambda s: s.state.out[-1] == "T54"),
    "unused": ("unused: out\nstacks: [[T01], [], []]", lambda s: len(s.state.out) == 53),
    "prisoners": ("prisoners: {red: {freed: 1}}", lambda s: s.state.players[0].count(PlaceKind.FREED) == 1),
    "doors": ('tiles: {"2,-1": T01}\ndoors: {red: ["2,-1"]}', lambda s: len(s.state.players[0].doors) == 1),
    "zones": ("zones: {NE: red}", lambda s: s.state.zone_owner["NE"].value == "red"),
    "keys": ("keys: [red]", lambda s: s.state.players[0].key),
    "goal": ("goal: {count: 2}", lambda s: s.goal.count == 2),
    "answer": ("goal: {count: 2}\nanswer: {turns: 3, cost: 2, plans: 1}",
               lambda s: (s.answer.turns, s.answer.cost, s.answer.plans) == (3, 2, 1)),
    "grade": ("goal: {count: 2}\nanswer: {turns: 3, plans: 1}\ngrade: {id: beginner/compact/free#7, tier: beginner, figures: {turns: 3}}",
              lambda s: s.grade is not None and s.grade.tier == "beginner" and s.grade.figure("turns") == 3),
    "claims": ('claims: [{legal: "pass", says: Hi}, {moves: A, refused: ["0,4"], because: N3}]',
               lambda s: [(c.kind, c.action, c.says) for c in s.claims] == [("legal", "pass", "Hi"), ("moves", "", "")]
               and s.claims[1].refused == ("0,4",) and s.claims[1].because == "N3"),
    "annotations": ('annotations: {labels: {"2,0": A}, caption: Hi}',
                    lambda s: s.annotations.labels == ((Cell(2, 0), "A"),) and s.annotations.caption == "Hi"),
}


def test_every_schema_key_is_read_by_the_code():
    """The schema and the reader stay in step: no key the code ignores."""
    assert set(KEY_EFFECTS) == _schema_scenario_keys()
    for key, (extra, effect) in KEY_EFFECTS.items():
        text = "players: [red, blue, yellow, purple]\n" + extra
        scenario = formats.loads(text).scenario
        assert effect(scenario), key


def test_published_schema_file_is_valid_and_matches_the_command(tmp_path):
    path = ROOT / "sectionx" / "data" / "schema" / "sectionx.schema.json"
    data = json.loads(path.read_text())
    jsonschema.Draft202012Validator.check_schema(data)
    assert data == schema()


def test_bundled_data_files_match_their_schemas():
    root = ROOT / "sectionx" / "data"
    for path, definition in [(root / "boards/standard.yaml", "board"), (root / "boards/compact.yaml", "board"),
                             (root / "tiles/default.yaml", "catalogue")]:
        sub = {k: v for k, v in schema().items() if k not in ("if", "then", "else")}  # one definition, not the game choice
        sub["$ref"] = f"#/$defs/{definition}"
        jsonschema.validate(yaml.safe_load(path.read_text()), sub)


def test_dates_and_equals_signs_read_as_text():
    """A title like 2024-01-01 is meant as text; sectionx has no dates."""
    scenario = formats.loads("title: 2024-01-01\ndescription: =\nplayers: [red, blue]\n").scenario
    assert scenario.title == "2024-01-01" and scenario.description == "="
