"""Breakout's print-and-play kit (issue 13): every page laid out by the house's
rules, pieces sized to the wall, fronts and backs paired, the same bytes every time."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import kit
from sectionx.render import pieces as P
from sectionx.render.scene import Group
from sectionx.render.theme import load_theme

runner = CliRunner()
THEME = load_theme(None)


@pytest.fixture(scope="module")
def built():
    return kit.build_kit(THEME, "a4")


def test_every_page_keeps_its_margins_bleeds_and_marks(built):
    symbols = built.document.symbol_map
    for page in built.document.pages:
        margin = 3.0 if "cards" in page.name else None  # card sheets reach the printable edge, as Section X's
        assert P.layout_problems(page, symbols, THEME, margin=margin) == [], page.name


def test_the_pages_in_order_with_duplex_fronts_on_odd_pages(built):
    names = [p.name for p in built.document.pages]
    assert "checklist" in names[0] and names[1].endswith("wall") and names[-1].endswith("knots-and-figures")
    for i, n in enumerate(names, 1):
        if n.endswith("-cards"):
            assert i % 2 == 1 and names[i].endswith("cards-backs")
    # Seven sheets, none of them blank (issue 30: eight with a blank one before).
    assert len(names) == 7 and not any(n.endswith("blank") for n in names)


def test_thirteen_knots_a_colour_and_spares_each_slide_in_a_row(built):
    page = next(p for p in built.document.pages if p.name.endswith("knots-and-figures"))
    trims = [t for t in P.pieces(page) if "knot" in t.label]
    for colour in ("yellow", "blue"):
        assert sum(f"piece-knot-{colour}-" in t.label for t in trims) == 13
        assert sum(f"piece-spare-knot-{colour}-" in t.label for t in trims) == kit.SPARE_KNOTS
    for t in trims:
        assert t.shape == "circle" and t.box[2] - t.box[0] == pytest.approx(kit.KNOT)
    assert kit.FIELD - kit.KNOT >= 3.0  # room to slide along a row (B2)


def test_the_wall_prints_its_fields_at_the_size_the_knots_are_made_for(built):
    page = next(p for p in built.document.pages if p.name.endswith("wall"))
    (wall,) = [g for g in page.items if isinstance(g, Group) and g.label == "wall"]
    assert wall.matrix[0] * kit.art.FIELD == pytest.approx(kit.FIELD)


def test_figures_and_rules_cards_have_their_pieces_and_backs(built):
    figures = next(p for p in built.document.pages if p.name.endswith("knots-and-figures"))
    standees = [t for t in P.pieces(figures) if "figure" in t.label]
    assert sum(t.label.startswith("piece-figure-") for t in standees) == 6 and len(standees) == 8
    for t in standees:  # butted on shared cut lines, each at its measured size
        assert t.box[2] - t.box[0] == pytest.approx(kit.STANDEE)
        assert t.box[3] - t.box[1] == pytest.approx(2 * kit.PANEL + 2 * kit.TAB)
    fronts = next(p for p in built.document.pages if p.name.endswith("-cards"))
    backs = next(p for p in built.document.pages if p.name.endswith("cards-backs"))
    front_x = {g.label.removeprefix("piece-card-"): g.matrix[4] for g in fronts.items if isinstance(g, Group)
               and g.label.startswith("piece-card-")}
    back_x = {g.label.removeprefix("back-card-"): g.matrix[4] for g in backs.items if isinstance(g, Group)
              and g.label.startswith("back-card-")}
    # Per player: the turn's rules, ropes and the end, and the turn summary; three
    # shared cards of rules in pictures: the sheet's nine slots filled (issue 30).
    assert set(front_x) == set(back_x) == {f"{kind}-{c}" for kind in ("rules", "rules-end", "aid")
                                           for c in ("yellow", "blue")} | {"ref-push", "ref-rope", "ref-corner"}
    for name, x in front_x.items():  # mirrored for long-edge duplex
        assert back_x[name] == pytest.approx(fronts.width - x - THEME.card[0])


def test_card_text_fills_its_card_at_a_readable_size(built):
    """Issue 30: the text used the top half of each card at 4.5-7 pt; now it is set as
    large as it fits and spread down the card's panel, inside the coloured edge."""
    from sectionx.render.printing import CARD_BORDER, CARD_PAD
    from sectionx.render.scene import Text
    from sectionx.render.textfit import text_box

    fronts = next(p for p in built.document.pages if p.name.endswith("-cards"))
    h = THEME.card[1]
    for g in (g for g in fronts.items if isinstance(g, Group) and g.label.startswith("piece-card-")):
        body = [t for t in g.items if isinstance(t, Text) and t.y > 10.0]
        assert min(t.size for t in body) >= 7.0, g.label
        if g.label.startswith("piece-card-ref-"):  # a picture of the wall above the words
            assert any(isinstance(p, Group) and p.label == "picture" for p in g.items), g.label
        bottom = max(text_box(t, THEME)[3] for t in body)
        assert h - CARD_BORDER - CARD_PAD - 6.0 < bottom <= h - CARD_BORDER - CARD_PAD + 1e-6, g.label


def test_the_kit_command_writes_the_same_bytes_every_time_and_its_own_manifest(tmp_path):
    out = tmp_path / "k"
    result = runner.invoke(app, ["kit", "--game", "breakout", "-o", str(out)])
    assert result.exit_code == 0 and "wrote" in result.output and "breakout-kit.pdf" in result.output
    first = (out / "breakout-kit.pdf").read_bytes()
    assert (out / "breakout-kit.manifest.json").exists() and len(list((out / "svg").glob("*.svg"))) >= 7
    assert runner.invoke(app, ["kit", "--game", "breakout", "-o", str(out), "--no-svg"]).exit_code == 0
    assert (out / "breakout-kit.pdf").read_bytes() == first
    assert not list((out / "svg").glob("*.svg"))  # the kit removed only what it wrote


@pytest.mark.parametrize("args", [["--greyscale"], ["--ink-saver"], ["--paper", "letter"], ["--no-coords"]])
def test_the_kit_in_every_mode(tmp_path, args):
    result = runner.invoke(app, ["kit", "--game", "breakout", "-o", str(tmp_path / "k"), "--no-svg", *args])
    assert result.exit_code == 0, result.output


def test_section_x_options_and_a_paper_it_does_not_fit_are_one_line(tmp_path):
    for args, words in ((["--tile-size", "30"], "--tile-size: Breakout has no such choice"),
                        (["--board-paper", "a2"], "--board-paper: Breakout has no such choice"),
                        (["--paper", "nonsense"], "nonsense")):
        result = runner.invoke(app, ["kit", "--game", "breakout", "-o", str(tmp_path / "k"), *args])
        assert result.exit_code == 2 and result.output.count("\n") == 1 and words in result.output, result.output
    assert not (tmp_path / "k").exists()


def test_the_reference_cards_words_are_the_referees():
    """The picture cards' claims are checked as the kit is built (B2, B5): the push's
    words are the ones the puzzle pages print for it, and the pictures show the
    positions the rules were asked about."""
    from sectionx.games.breakout.printing import push_lines, worked
    from sectionx.games.breakout.rules import Action, Side
    from sectionx.render.scene import Text

    cards = dict(kit.reference_cards(THEME))
    words = " ".join(t.text for t in cards["ref-push"] if isinstance(t, Text))
    before = kit._wall("b....", "ybyb.", ".....", "yb.by", "....b")
    first = push_lines(worked(before, Action(2, Side.LEFT)))[0]
    assert first.split()[-1] in words and "gap." in words


def test_the_checklist_shows_a_game_under_way(built):
    """Issue 30: the checklist was two-thirds empty; the room under its table holds a
    picture of a game under way, drawn as the board draws it."""
    page = built.document.pages[0]
    assert any(isinstance(g, Group) and g.label == "at-a-glance" for g in page.items)


def test_the_board_has_a_title(built):
    from sectionx.render.scene import Text

    page = built.document.pages[1]
    assert any(isinstance(t, Text) and t.text == "BREAKOUT" and t.size >= 30 for t in page.items)
