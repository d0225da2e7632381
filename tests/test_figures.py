"""Rulebook figures (issue 12): every claim of every figure of Section X's rulebook
(sectionx/games/sectionx/rulebook/figures/) holds,
and each kind of false claim stops with one line naming the file, line and claim."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.sectionx import figures
from sectionx.games.sectionx.manual import RULEBOOK
from sectionx.yamlsrc import LoadError

FIGURES = sorted(RULEBOOK.figures.glob("*.yaml"))
runner = CliRunner()

_BASE = """\
format: 1
players: [red, blue, yellow, purple]
turn: {{player: red, phase: 2}}
tiles:
  "0,3": T46
prisoners:
  red:
    at: ["0,3"]
annotations:
  labels:
    "0,2": A
    "-1,4": B
    "0,4": C
claims:
{claims}"""


def _figure(tmp_path: Path, claims: str) -> Path:
    path = tmp_path / "figure.yaml"
    path.write_text(_BASE.format(claims=claims), encoding="utf-8")
    return path


@pytest.mark.parametrize("path", FIGURES, ids=lambda p: p.stem)
def test_every_claim_of_every_figure_holds(path):
    figure = figures.check_figure(path)
    assert figure.claims >= 1


def test_there_are_figures():
    assert FIGURES


@pytest.mark.parametrize("claims", [
    '  - legal: "move 0,3 0,2@0"\n',  # A: farther from the green areas (N3)
    '  - legal: "move 0,3 -1,4@0"\n',  # B: as far
    '  - illegal: "move 0,3 0,4@0"\n    because: N3\n',  # C: nearer
    '  - illegal: "rotate 0,3@1"\n    because: N2\n',  # carries a prisoner
    '  - moves: "0,3"\n    allowed: [A, B, "1,2"]\n    refused: [C]\n    because: N3\n',
    # the prisoner travels with its tile (N2), in the tile's hideout
    ('  - after: "move 0,3 0,2@0"\n    then:\n      tiles: {"0,3": empty, "0,2": T46}\n'
    '      prisoners: {red: {at: ["0,2"], island: 7}}\n      round: 1\n'),
    '  - after: ["move 0,3 0,2@0", "end"]\n    then:\n      doors: {red: []}\n',
    '  - after: "move 0,3 0,2@0"\n    then:\n      keys: []\n',  # seven red prisoners on the island (K1)
    # after: before another claim: it speaks of the position the actions lead to
    '  - after: "move 0,3 0,2@4"\n    legal: "step 0,2 island"\n',  # turned to open NW, onto the island
    '  - after: "move 0,3 0,2@4"\n    joined: [A, island]\n',
    '  - after: "move 0,3 0,2@0"\n    illegal: "step 0,2 island"\n    because: M2\n',  # open E, onto nothing
])
def test_true_claims_hold(tmp_path, claims):
    assert figures.check_figure(_figure(tmp_path, claims)).claims == 1


@pytest.mark.parametrize(("claims", "words"), [
    ('  - legal: "move 0,3 0,4@0"\n', "is illegal"),
    ('  - illegal: "move 0,3 0,2@0"\n    because: N3\n', "is legal"),
    ('  - illegal: "rotate 0,3@1"\n    because: N3\n', "not N3"),
    ('  - moves: "0,3"\n    allowed: [C]\n', "may not move to C"),
    ('  - moves: "0,3"\n    refused: [B]\n', "may move to B"),
    ('  - moves: "0,3"\n    refused: [C]\n    because: N2\n', "not N2"),
    ('  - moves: "0,3"\n    allowed: [Z]\n', "neither a cell nor a label"),
    ('  - moves: "0,2"\n    allowed: [A]\n', "no tile lies on 0,2"),
    ('  - legal: "fly to the moon"\n', "is not an action"),
    ('  - after: "move 0,3 0,4@0"\n    then: {round: 1}\n', "is illegal"),
    ('  - after: "move 0,3 0,2@0"\n    then:\n      tiles: {"0,3": T46}\n', "tiles.0,3 is 'empty', not 'T46'"),
    ('  - after: "move 0,3 0,2@0"\n    then:\n      prisoners: {red: {at: ["0,3"]}}\n', "prisoners.red.at is [0,2]"),
    ('  - after: "move 0,3 0,2@0"\n    then:\n      tiles: {"9,9": T46}\n', "there is no '9,9'"),
    ('  - after: "move 0,3 0,2@0"\n    then:\n      keys: [red]\n', "keys is [], not [red]"),
    ('  - after: "move 0,3 0,2@0"\n    legal: "step 0,2 island"\n', "after move 0,3 0,2@0: step 0,2 island is illegal"),
    ('  - after: "move 0,3 0,4@0"\n    legal: "end"\n', "move 0,3 0,4@0 is illegal"),
    ('  - after: "move 0,3 0,2@0"\n    joined: [A, island]\n', "after move 0,3 0,2@0: A (0,2) and island are not"),
])
def test_a_false_claim_is_one_line_at_its_line(tmp_path, claims, words):
    path = _figure(tmp_path, '  - says: "the claim"\n' + claims.replace("  - ", "    ", 1))
    with pytest.raises(LoadError) as caught:
        figures.check_figure(path)
    (d,) = caught.value.diagnostics
    assert words in d.message and "the claim" in d.message
    assert d.file == str(path) and d.line >= 15  # at the claim, below the figure's position


# Connection (D1): yellow's junction on -2,1 opens onto the island, onto B (W) and
# onto C (SE); yellow's prisoner hides in the dead-end hideout on -3,2, open SW
# onto empty ground, so it is joined to nothing.  D (-4,2) has no tile around it.
_JOIN = """\
format: 1
players: [red, blue, yellow, purple]
turn: {{player: yellow, phase: 2}}
tiles:
  "-2,1": T24
  "-3,2": T46@2
prisoners:
  yellow:
    at: ["-3,2"]
annotations:
  labels:
    "-3,1": B
    "-2,2": C
    "-4,2": D
claims:
{claims}"""


def _joined(tmp_path: Path, claims: str) -> Path:
    path = tmp_path / "figure.yaml"
    path.write_text(_JOIN.format(claims=claims), encoding="utf-8")
    return path


@pytest.mark.parametrize("claims", [
    '  - joined: [island, "-2,1"]\n',  # the junction opens onto the island
    '  - joined: ["0,0", "-2,1"]\n',  # a cell of the island is the island (G3)
    '  - apart: ["-3,2", island]\n',  # the hideout opens onto empty ground
    '  - apart: ["-3,2", "-2,1"]\n    joined: ["-2,1", island]\n',  # both in one claim
    '  - apart: ["-3,2", "-2,1", island]\n',  # the first is joined to none of the others, which may be joined
    '  - moves: "-3,2"\n    allowed: [B, C]\n    joined: ["-2,1", island]\n',  # turned to face an open arm
    '  - moves: "-3,2"\n    allowed: [D]\n    apart: ["-2,1", island]\n',  # nothing around D to join
    '  - after: "move -3,2 -3,1"\n    then:\n      joined: [B, "-2,1", island]\n',  # turned 0: open E
    '  - after: "move -3,2 -4,2"\n    then:\n      apart: [D, "-2,1", island]\n',  # nothing around D
])
def test_true_connection_claims_hold(tmp_path, claims):
    assert figures.check_figure(_joined(tmp_path, claims)).claims == 1


@pytest.mark.parametrize(("claims", "words"), [
    ('  - joined: ["-3,2", island]\n', ("-3,2 and island are not in one tunnel (-3,2: the tunnel through -3,2; "
                                        "island: the tunnel through -2,1)")),
    ('  - apart: ["-2,1", island]\n', "-2,1 and island are joined: the tunnel through -2,1"),
    ('  - joined: [D, island]\n', "D (-4,2) is no place in a tunnel: no tile lies on -4,2"),
    ('  - joined: ["-2,1/1", island]\n', "the tile on -2,1 has no feature 1"),
    ('  - moves: "-3,2"\n    allowed: [D]\n    joined: [island]\n', ("moved to D (-4,2), the tile is joined to island "
                                                                       "at no legal rotation")),
    ('  - moves: "-3,2"\n    allowed: [C]\n    apart: [island]\n', ("moved to C (-2,2) (move -3,2 -2,2@4), -2,2 and "
                                                                      "island are joined")),
    ('  - after: "move -3,2 -4,2"\n    then:\n      joined: [D, island]\n', ("after move -3,2 -4,2, D (-4,2) and "
                                                                               "island are not in one tunnel")),
    ('  - joined: [Z, island]\n', "'Z' is neither a place nor a label"),
])
def test_a_false_connection_claim_is_one_line_at_its_line(tmp_path, claims, words):
    path = _joined(tmp_path, '  - says: "the claim"\n' + claims.replace("  - ", "    ", 1))
    with pytest.raises(LoadError) as caught:
        figures.check_figure(path)
    (d,) = caught.value.diagnostics
    assert words in d.message and "the claim" in d.message and d.rule == figures.CLAIM
    key = "apart" if "apart" in claims else "joined"
    assert path.read_text().splitlines()[d.line - 1].strip().startswith(key)  # the line of the false key


def test_a_false_connection_claim_stops_illustrate_with_its_line(tmp_path):
    bad = _joined(tmp_path, '  - moves: "-3,2"\n    allowed: [D]\n    joined: [island]\n')
    result = runner.invoke(app, ["illustrate", str(bad), "-o", str(tmp_path / "bad.svg")])
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith(f"{bad}:18:") and line.endswith("(claim)") and "at no legal rotation" in line
    assert not (tmp_path / "bad.svg").exists()


def test_the_next_round_is_the_position_the_end_of_the_round_leads_to():
    """The texts' two pictures, "end of the round" and "start of the next round":
    the second is what the engine makes of the first after purple's step, stacks
    and all (E1, E3), not a drawing of what someone expects."""
    from sectionx.games.sectionx import actions, engine, formats
    end = formats.load(RULEBOOK.figures / "end-of-round.yaml").scenario
    (step,) = end.claims[0].after
    after = engine.apply(end.state, actions.parse(step))
    assert formats.load(RULEBOOK.figures / "next-round.yaml").scenario.state == after


def test_illustrate_checks_then_draws_and_draws_nothing_for_a_false_claim(tmp_path):
    out = tmp_path / "figure.svg"
    result = runner.invoke(app, ["illustrate", str(FIGURES[0]), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<?xml") and "hold" in result.output
    bad = _figure(tmp_path, '  - legal: "move 0,3 0,4@0"\n')
    result = runner.invoke(app, ["illustrate", str(bad), "-o", str(tmp_path / "bad.svg")])
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{bad}:15:") and "false claim" in lines[0]
    assert not (tmp_path / "bad.svg").exists()


def test_a_claim_of_two_kinds_is_refused_by_the_schema(tmp_path):
    bad = _figure(tmp_path, '  - legal: "move 0,3 0,2@0"\n    illegal: "move 0,3 0,4@0"\n    because: N3\n')
    result = runner.invoke(app, ["illustrate", str(bad)])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert f"{bad}:" in result.output


@pytest.mark.parametrize("path", FIGURES, ids=lambda p: p.stem)
def test_claims_survive_a_round_trip_through_the_format(path):
    from sectionx.games.sectionx import formats
    scenario = formats.load(path).scenario
    again = formats.loads(formats.dumps(scenario)).scenario
    assert again.claims == scenario.claims and scenario.claims


def test_a_figure_must_be_a_position_the_rules_allow(tmp_path):
    """Claims about a position the rules refuse mean nothing: the figure is refused
    as validate refuses it (here a red prisoner on a green area nobody owns, Z1)."""
    path = tmp_path / "figure.yaml"
    path.write_text(_BASE.format(claims='  - legal: "pass"\n').replace('at: ["0,3"]', 'at: ["0,3", "5,0"]'),
                    encoding="utf-8")
    with pytest.raises(LoadError) as caught:
        figures.check_figure(path)
    assert any(d.rule == "Z1" for d in caught.value.diagnostics)
