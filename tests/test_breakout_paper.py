"""Breakout on paper (issue 26): rule figures whose claims the referee checks
(``illustrate``), puzzles generated, graded and proved unique (``generate``), and
puzzle cards, solution sheets, decks and books (``sheet``, ``deck``, ``book``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import figures
from sectionx.render.theme import load_theme
from sectionx.yamlsrc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
BAR = ROOT / "scenarios" / "breakout" / "figure-bar.yaml"
RULEBOOK = ROOT / "sectionx" / "games" / "breakout" / "rulebook"
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# ------------------------------------------------------------------ figures


def test_the_bar_figure_is_true_and_its_caption_checked():
    result = run("illustrate", BAR)
    assert result.exit_code == 0 and result.output == f"{BAR}: all 4 claims hold\n"
    figure = figures.check_figure(BAR)
    # The caption's story, replayed: yellow's knot comes in at A and the blue knot at B falls out.
    played = figures.play(figure.loaded.position, ["L3"], "")
    assert not isinstance(played, list)
    assert played.fell_out == ("blue",) and played.position.at(3, 1).value == "yellow"


def test_illustrate_draws_the_figure_cropped(tmp_path):
    out = tmp_path / "bar.svg"
    result = run("illustrate", BAR, "-o", out)
    assert result.exit_code == 0 and "all 4 claims hold; wrote" in result.output
    text = out.read_text()
    assert text.startswith("<?xml") and "B4: a knot falls out" in text
    doc = figures.draw_figure(BAR, read_yaml(BAR), load_theme(None))
    (page,) = doc.pages
    assert page.width <= 110 and page.height < 140  # the wall and its notes, not a sheet of paper


def _figure(tmp_path: Path, claims: str) -> Path:
    f = tmp_path / "fig.yaml"
    f.write_text(BAR.read_text().split("claims:")[0] + "claims:\n" + claims)
    return f


@pytest.mark.parametrize("claim, at, message", [
    ("  - says: wrong colour\n    after: L3\n    then: {fell_out: [yellow]}\n", "then:",
     "false claim ('wrong colour'): after L3, fell_out is [blue], not [yellow] (claim)"),
    ("  - after: L3\n    illegal: R3\n    because: B3\n", "because:",
     "false claim, after L3: R3 is illegal, but because of B4, not B3 (claim)"),
    ("  - illegal: R3\n    because: B4\n", "illegal:", "false claim: R3 is legal (claim)"),
    ("  - legal: pass\n", "legal:", "false claim: pass is illegal: yellow holds 8 knots and may push"),
    ("  - after: [L3, R3]\n    then: {to_move: yellow}\n", "after:",
     "false claim: R3 is illegal after L3: a knot just fell out of row 3"),
    ("  - after: L3\n    then: {fields: {A: b}}\n", "then:", "after L3, field A (3.1) holds a yellow knot, not a blue knot (claim)"),
    ("  - after: L3\n    then: {escape: {player: yellow, column: 1}}\n", "then:", "escape is null, not {player: yellow, column: 1}"),
    ("  - joined: ['2.3', '3.4']\n", "joined:", "2.3 holds a blue knot and 3.4 a yellow knot: knots of two colours never join (B5)"),
    ("  - joined: ['1.1', '2.2']\n", "joined:", "1.1 and 2.2 are not joined left, right, up or down"),
    ("  - apart: ['1.3', '4.2']\n", "apart:", "1.3 and 4.2 are joined (one group of blue knots, B5)"),
    ("  - joined: ['1.1', 'Z']\n", "joined:", "claim: 'Z' is neither a field of the wall"),
])
def test_a_false_claim_is_one_line_at_its_claim_and_nothing_is_drawn(tmp_path, claim, at, message):
    f = _figure(tmp_path, claim)
    out = tmp_path / "fig.svg"
    result = run("illustrate", f, "-o", out)
    assert result.exit_code == 1 and not out.exists()
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], lines
    first = f.read_text().count("\n", 0, f.read_text().index(claim)) + 1  # the claim's first line
    line = next(n for n in range(first, first + 4) if at in f.read_text().splitlines()[n - 1])
    assert lines[0].startswith(f"{f}:{line}:")


def test_true_claims_of_every_kind_hold(tmp_path):
    claims = ("  - legal: L3\n"
              "  - after: L3\n    then: {escape: null, stalemate: null, result: null, breakout: 4, to_move: blue}\n"
              "  - joined: ['1.3', '2.3', '3.3', '3.2', '4.2']\n"
              "  - apart: ['2.2', '1.1', '3.4']\n"
              "  - after: [L3]\n    joined: ['3.1']\n    apart: ['3.1', '3.5']\n")
    f = _figure(tmp_path, claims)
    result = run("illustrate", f)
    assert result.exit_code == 0 and "all 5 claims hold" in result.output


def test_a_record_is_no_figure(tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text("game: breakout\nactions: [L3]\n")
    result = run("illustrate", f)
    assert result.exit_code == 1 and "a Breakout record, not a figure" in result.output


# ------------------------------------------------------------------ the rulebook's figures and text

FIGURES = sorted((RULEBOOK / "figures").glob("*.yaml"))
RULES = RULEBOOK / "rules-en.md"


def _defined() -> list[str]:
    import re
    return re.findall(r"^\*\*(B[WQ]?[0-9]+) [A-Z]", RULES.read_text(), re.MULTILINE)


@pytest.mark.parametrize("path", FIGURES, ids=lambda p: p.stem)
def test_every_rulebook_figure_holds_and_draws_on_one_cropped_page(path):
    figure = figures.check_figure(path)
    assert figure.claims >= 2
    rule = figure.loaded.title.split(":")[0]
    assert rule in _defined(), f"{path.stem} illustrates {rule}, which the rules text does not define"
    doc = figures.draw_figure(path, read_yaml(path), load_theme(None))
    (page,) = doc.pages
    assert page.width <= 110 and page.height < 140
    texts = " ".join(getattr(i, "text", "") for i in page.items)
    assert figure.loaded.title not in texts  # the book sets the title and caption as text


def test_the_figures_cover_the_rules_a_player_needs_pictured():
    rules = {figures.check_figure(p).loaded.title.split(":")[0] for p in FIGURES}
    assert {"B2", "B4", "B5", "B6", "B7", "B8", "BW2"} <= rules
    assert 5 <= len(FIGURES) <= 8


def test_a_false_claim_in_a_rulebook_figure_is_refused_at_its_line(tmp_path):
    source = RULEBOOK / "figures" / "b6-pusher-first.yaml"
    f = tmp_path / source.name
    f.write_text(source.read_text().replace("escape: {player: yellow, column: 2}", "escape: {player: blue, column: 3}"))
    result = run("illustrate", f)
    # The claim's then: block, where its first key stands.
    line = next(n for n, t in enumerate(f.read_text().splitlines(), 1) if t.strip().startswith("escape: {player: blue"))
    assert result.exit_code == 1 and len(result.output.splitlines()) == 1
    assert result.output.startswith(f"{f}:{line}:7: false claim ('Both players")
    assert "escape is {player: yellow, column: 2}, not {player: blue, column: 3} (claim)" in result.output


def test_the_rules_text_has_the_rulebook_shape_and_every_id_in_its_index():
    import re
    text = RULES.read_text()
    sections = re.findall(r"^## (\d+)\. ", text, re.MULTILINE)
    assert sections == [str(n) for n in range(1, len(sections) + 1)] and len(sections) >= 8
    index = text.split("## Index of rule ids", 1)[1]
    listed = re.findall(r"^\| (B[WQ]?[0-9]+) \|", index, re.MULTILINE)
    assert sorted(set(_defined())) == sorted(listed)
    spec = {"BW1", "BW2", "BW3", *(f"B{n}" for n in range(1, 10)), "BQ1"}
    assert set(listed) == spec
    running = text.split("## Index of rule ids", 1)[0]
    assert "`" not in running and ".yaml" not in running and "sectionx" not in running  # for players: no code or files
