"""Hekla on paper (issue 26): rule figures whose claims the referee checks
(``illustrate``), and the rulebook's figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla import figures
from sectionx.render.theme import load_theme
from sectionx.yamlsrc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
FIGURE_4 = ROOT / "scenarios" / "hekla" / "figure-4.yaml"
RULEBOOK = ROOT / "sectionx" / "games" / "hekla" / "rulebook"
FIGURES = sorted((RULEBOOK / "figures").glob("*.yaml"))
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# ---------------------------------------------------------------------- illustrate


@pytest.mark.parametrize("path", [FIGURE_4, *FIGURES], ids=lambda p: p.name)
def test_every_claim_of_every_figure_holds(path):
    doc = read_yaml(path)
    assert figures.figure_problems(path, doc) == []
    assert figures.claim_count(doc) >= 2
    title = doc.data["title"]
    if path in FIGURES:
        assert re.match(r"^H[0-9]: ", title), title  # the manual prints it after that rule
        page = figures.draw_figure(path, doc, load_theme(None))
        assert len(page.pages) == 1 and page.pages[0].width < 200  # one page, cropped to the board


def test_the_rulebook_covers_placing_moving_eruptions_scoring_lava_and_both_ends():
    rules = {read_yaml(p).data["title"].split(":")[0] for p in FIGURES}
    assert {"H2", "H3", "H5", "H6", "H7", "H8", "H9"} <= rules and 5 <= len(FIGURES) <= 8


def test_figure_4_is_the_texts_and_checked(tmp_path):
    result = run("illustrate", FIGURE_4)
    assert result.exit_code == 0 and "all 4 claims hold" in result.output
    out = tmp_path / "f.svg"
    result = run("illustrate", FIGURE_4, "-o", out)
    assert result.exit_code == 0 and out.read_text().startswith("<?xml")
    rulebook = read_yaml(RULEBOOK / "figures" / "h5-order.yaml").data
    text = read_yaml(FIGURE_4).data
    for key in ("stones", "track", "to_move", "claims"):
        assert rulebook[key] == text[key]  # the rulebook's H5 figure is the text's figure 4


def _figure(tmp_path: Path, claims: str) -> Path:
    f = tmp_path / "fig.yaml"
    f.write_text(FIGURE_4.read_text().split("claims:")[0] + "claims:\n" + claims)
    return f


@pytest.mark.parametrize("claim, line, words", [
    ("  - legal: move green3 e5-e3\n", 1, "name their order, e.g. erupt c3-e3 e2-e4 (H5)"),  # two triples erupt
    ("  - illegal: move green3 e5-e3\n    because: H3\n", 2, "because of H5"),
    ("  - illegal: move green3 e5-e4 erupt c3-e3\n    because: H2\n", 2, "c3-e3 does not erupt after this turn"),
    (("  - says: the row and the column\n    after: move green3 e5-e3 erupt e2-e4 c3-e3\n    then:\n"
     "      erupted: [c3-e3, e2-e4]\n"), 4, "erupted is [e2-e4], not [c3-e3, e2-e4]"),
    (("  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    then:\n      eruptions:\n"
     "        - {triple: c3-e3, sum: 8}\n        - {triple: e2-e4}\n"), 3, "eruption 1 (c3-e3): sum is 9, not 8"),
    ("  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    then:\n      gained: {green: 5}\n", 3,
     "gained.green is 6, not 5"),
    ("  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    then:\n      stones: {d3: [red2]}\n", 3,
     "d3 holds [lava0], not [red2]"),
    ("  - after: [move green3 e5-e3 erupt c3-e3 e2-e4, place green2 a1]\n    then:\n      quiet: 0\n", 1,
     "place green2 a1 is illegal after"),  # red's turn after green's
    ("  - scorable: [c3-e3]\n", 1, "c3-e3 is not scorable (its stones add up to 6, H4)"),
    ("  - legal: move green9 e5-e3\n", 1, "not a volcano stone"),
    ("  - scorable: [c3-c9]\n", 1, "not a triple of the area"),
])
def test_a_false_claim_is_one_line_at_its_file_line_and_column_and_nothing_is_drawn(tmp_path, claim, line, words):
    f = _figure(tmp_path, claim)
    head = len(f.read_text().split("claims:")[0].splitlines()) + 1  # the line of claims:
    out = tmp_path / "f.svg"
    result = run("illustrate", f, "-o", out)
    assert result.exit_code == 1, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1, result.output  # the true parts of a claim say nothing
    assert words in lines[0], lines[0]
    assert re.match(rf"^{re.escape(str(f))}:{head + line}:\d+: ", lines[0]), (lines[0], head, line)
    assert lines[0].endswith("(claim)") or lines[0].endswith("(H1)")
    assert not out.exists()


def test_an_unscorable_claim_is_false_where_the_triple_would_erupt(tmp_path):
    lava = RULEBOOK / "figures" / "h7-lava.yaml"
    f = tmp_path / "lava.yaml"
    f.write_text(lava.read_text().split("claims:")[0] + "claims:\n  - unscorable: [a1-a3, c2-c4]\n"
                 "  - after: place red2 d3\n    scorable: [c2-c4]\n")
    result = run("illustrate", f)
    assert result.exit_code == 1
    assert "false claim: c2-c4 is scorable (its stones add up to 11, H4) (claim)" in result.output
    assert ("false claim, after place red2 d3: c2-c4 is not scorable (its stones add up to 9; its middle c3 holds 2 "
            "lava stones, H4)") in result.output
    assert "a1-a3" not in result.output


def test_a_figure_must_be_a_valid_position_and_not_a_record(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: hekla\nstones: {c3: [red2, red2, red2]}\nclaims:\n  - legal: pass\n")
    result = run("illustrate", bad)
    assert result.exit_code == 1 and ":2:" in result.output and "(HG1)" in result.output
    record = tmp_path / "rec.yaml"
    record.write_text("game: hekla\nactions: [place red2 c3]\n")
    result = run("illustrate", record)
    assert result.exit_code == 1 and "a Hekla record, not a figure" in result.output
    schema = tmp_path / "schema.yaml"
    schema.write_text("game: hekla\nclaims:\n  - legal: pass\n    then: {quiet: 1}\n")
    result = run("illustrate", schema)
    assert result.exit_code == 1 and "schema.yaml:3:" in result.output


def test_after_before_a_claim_speaks_of_the_position_after(tmp_path):
    f = _figure(tmp_path, "  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    unscorable: [c3-e3]\n"
                          "  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    legal: place red1 a1\n")
    assert run("illustrate", f).exit_code == 0
