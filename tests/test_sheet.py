"""Solution pictures (sectionx.games.sectionx.solution) and puzzle sheets (sectionx.games.sectionx.render.sheet)."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path

from pypdf import PdfReader

from sectionx.games.sectionx import formats
from sectionx.games.sectionx.actions import parse
from sectionx.games.sectionx.model import Highlight
from sectionx.games.sectionx.render.sheet import sheets
from sectionx.games.sectionx.solution import turn_pictures
from sectionx.hexgrid import Cell
from sectionx.render import pdf, theme

from .pdf_sizes import printed_sizes

PUZZLE = Path(__file__).resolve().parent.parent / "scenarios" / "puzzle-first-escape.yaml"
TURN_1 = [parse(t) for t in ("move -3,2 3,-3@2", "step island 2,-2", "step 2,-2 3,-3", "end")]


def test_a_turn_is_described_action_by_action_with_its_tile_and_path():
    start = formats.load(PUZZLE).state
    (picture,) = turn_pictures(start, [TURN_1], "red")
    assert picture.lines == ("Red moves T05 from -3,2 to 3,-3, turned 2 steps clockwise.",
                             "Red steps a prisoner from the island to 2,-2.",
                             "Red steps a prisoner from 2,-2 to 3,-3.")
    assert picture.annotations.highlights == (Highlight(Cell(-3, 2)), Highlight(Cell(3, -3)))
    (arrow,) = picture.annotations.arrows
    assert arrow.cells[1:] == (Cell(2, -2), Cell(3, -3)) and arrow.cells[0] in start.board.island
    assert arrow.cells[0].distance(Cell(2, -2)) == 1 and arrow.colour == "red"
    assert picture.state.tile_at[Cell(3, -3)].tile == "T05"


def test_the_sheet_is_a_card_then_the_solution():
    loaded = formats.load(PUZZLE)
    look = theme.load_theme()
    pictures = turn_pictures(loaded.state, [TURN_1], "red")
    document = sheets(loaded.scenario, pictures, look, look.paper("a4"), summary="1 turn shown")
    assert [p.name for p in document.pages] == ["card", "solution-1"]
    reader = PdfReader(BytesIO(pdf.to_pdf(document, look)))
    card, solution = (page.extract_text() for page in reader.pages)
    assert "The first escape" in card and "Red to bring 1 prisoner" in card
    assert "Turn 1" in solution and "Red moves T05 from -3,2 to 3,-3" in solution


def test_render_of_a_puzzle_shows_the_hand_unless_told_not_to(tmp_path):
    from typer.testing import CliRunner

    from sectionx.cli import app

    runner = CliRunner()
    for args, panel in (([], True), (["--no-panel"], False)):
        out = tmp_path / "p.svg"
        assert runner.invoke(app, ["render", str(PUZZLE), "-o", str(out), *args]).exit_code == 0
        assert ('id="panel"' in out.read_text()) is panel
    state = Path(__file__).resolve().parent.parent / "scenarios" / "midgame-4p.yaml"
    assert runner.invoke(app, ["render", str(state), "-o", str(tmp_path / "s.svg")]).exit_code == 0
    assert 'id="panel"' not in (tmp_path / "s.svg").read_text()


def test_a_cropped_puzzle_shows_every_zone_its_player_could_reach_in_time():
    from sectionx.games.sectionx.render.diagram import goal_cells, plan
    from sectionx.hexgrid import Cell

    loaded = formats.load(PUZZLE)
    state, goal = loaded.state, loaded.scenario.goal
    reachable = goal_cells(state, goal)
    assert Cell(4, -4) in reachable  # NE: where the solution goes
    assert Cell(4, 0) not in reachable  # E belongs to blue (Z2)
    shown = plan(state, theme.load_theme(), crop=True, puzzle=goal).shown
    assert shown is not None and reachable <= shown


def test_no_word_on_the_card_or_the_solution_is_under_8_pt_as_printed_and_the_bytes_repeat():
    # Issue 30: the goal was about 5 pt, the side panel about 3 pt, the tile ids 2 pt.
    loaded = formats.load(PUZZLE)
    look = theme.load_theme()
    turn_2 = [parse(t) for t in ("pass", "end")]
    pictures = turn_pictures(loaded.state, [TURN_1, turn_2], "red")
    for paper in ("a4", "letter"):
        document = sheets(loaded.scenario, pictures, look, look.paper(paper), summary="2 turns shown")
        data = pdf.to_pdf(document, look)
        pages = printed_sizes(data)
        assert len(pages) == 2 and all(pages)
        assert min(min(p) for p in pages) >= 8.0 - 1e-3, [min(p) for p in pages]
        assert pdf.to_pdf(sheets(loaded.scenario, pictures, look, look.paper(paper), summary="2 turns shown"),
                          look) == data
    # Two turns share the solution's one page.
    assert [p.name for p in document.pages] == ["card", "solution-1"]
