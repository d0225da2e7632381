"""The shared puzzle sheet, deck and book (sectionx.render.puzzleprint, .puzzledeck,
.puzzlebook), on game-free drawings: a page of rectangles and a word, so that what is
checked is the layout and nothing of any game."""

from __future__ import annotations

import dataclasses
import re

import pypdf
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sectionx.puzzlesets import TIERS
from sectionx.render import pieces
from sectionx.render.pdf import to_pdf, write_pdf
from sectionx.render.printing import card_sheet
from sectionx.render.puzzleprint import (
    CARD_MIN_PT,
    MAX_ENLARGE,
    MIN_PT,
    PrintedPuzzle,
    Step,
    Unprintable,
    book_document,
    deck_document,
    sheet_document,
    text_sizes,
)
from sectionx.render.scene import Circle, Document, Group, Page, Style, Symbol, Text, Use, apply, rect, translate
from sectionx.render.svg import to_svg
from sectionx.render.textfit import DoesNotFit, text_box
from sectionx.render.theme import load_theme

THEME = load_theme()
A4 = THEME.paper("a4")
LETTER = THEME.paper("letter")
#: Words a book promising no tiers must not print.
TIER_WORDS = re.compile(r"beginner|intermediate|advanced|expert|tier|ungraded|difficult", re.IGNORECASE)


def drawing(label: str, w: float = 110.0, h: float = 90.0) -> Document:
    """A game-free picture: a framed grey field, a dot placed from a symbol, a word."""
    dot = Symbol("test-dot", (Circle(0.0, 0.0, 3.0, Style(fill="#c62828")),), (-3.0, -3.0, 3.0, 3.0))
    items = (rect(0.0, 0.0, w, h, Style(fill="#e0e0e0", stroke="#202020", width=0.5)),
             rect(10.0, 10.0, w - 20.0, h - 20.0, Style(stroke="#202020", width=0.3)),
             Use(dot.name, translate(w / 3, h / 2)), Text(w / 2, h - 4.0, label, 9.0, "#202020", "middle"))
    return Document((Page(w, h, items, name="picture"),), (dot,))


def step(n: int, lines: int = 2, words: int = 8) -> Step:
    sentence = " ".join(["word"] * words)
    return Step(f"Turn {n}: the {n}th move", drawing(f"after turn {n}"),
                tuple(f"Line {k} of turn {n}: {sentence}." for k in range(1, lines + 1)), f"Turn {n} in brief")


def puzzle(number: int = 1, steps: int = 3, tier: str | None = "beginner", *, lines: int = 2,
           picture: Document | None = None, title: str = "", turns: int | None = None) -> PrintedPuzzle:
    return PrintedPuzzle(number, title or f"Test puzzle {number}", "get the red dot out within 3 turns.",
                         picture or drawing(f"puzzle {number}"), tuple(step(i, lines) for i in range(1, steps + 1)),
                         f"{steps} turns, the fewest possible; the only solution.", steps if turns is None else turns,
                         ("The other player passes.", "Two dots in play."), tier,
                         f"{tier}/test#{number}" if tier else "", f"puzzles/{number:02d}.yaml")


def pictures(items, out=None) -> list[Group]:
    """The groups labelled ``picture`` among ``items`` (at any depth)."""
    out = [] if out is None else out
    for it in items:
        if isinstance(it, Group):
            if it.label == "picture":
                out.append(it)
            else:
                pictures(it.items, out)
    return out


def texts(items) -> list[str]:
    """Every text outside the pictures."""
    return [t for t, _ in text_sizes(items, {})]


def boxes(items, m=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
    """Every text's box on the page, outside the pictures."""
    from sectionx.render.scene import compose

    for it in items:
        if isinstance(it, Text):
            yield it, text_box(it, THEME, m)
        elif isinstance(it, Group) and it.label != "picture":
            yield from boxes(it.items, compose(m, it.matrix))


def all_text(document: Document) -> str:
    return " ".join(t for page in document.pages for t in texts(page.items))


# ------------------------------------------------------------------ the sheet


@pytest.mark.parametrize("count, per_page", [(1, [1]), (3, [3]), (4, [4]), (5, [4, 1]), (9, [4, 4, 1])])
def test_a_sheet_is_the_card_then_four_steps_to_a_page(count, per_page):
    document = sheet_document(puzzle(steps=count), THEME, A4)
    assert [p.name for p in document.pages] == ["card", *(f"solution-{i}" for i in range(1, len(per_page) + 1))]
    assert [len(pictures(p.items)) for p in document.pages] == [1, *per_page]
    # The steps in order, each heading once.
    headings = [t for p in document.pages[1:] for t in texts(p.items) if t.startswith("Turn")]
    assert " ".join(headings) == " ".join(f"Turn {n}: the {n}th move" for n in range(1, count + 1))


def test_steps_with_long_words_go_fewer_to_a_page_and_are_never_cut():
    long = puzzle(steps=4, lines=20)
    document = sheet_document(long, THEME, A4)
    per_page = [len(pictures(p.items)) for p in document.pages[1:]]
    assert max(per_page) < 4 and sum(per_page) == 4
    words = all_text(document)
    for s in long.steps:
        for line in s.lines:
            assert all(w in words for w in line.split())
        assert words.count(f"Line 20 of turn {s.heading.split()[1].rstrip(':')}:") == 1


def test_the_card_has_the_goal_and_facts_and_not_the_summary_and_fills_the_page():
    p = puzzle(steps=2)
    card, first, *_ = sheet_document(p, THEME, A4).pages
    words = " ".join(texts(card.items))
    assert "Get the red dot out within 3 turns." in words and "The other player passes." in words
    assert "fewest" not in words and "Beginner" in words and "beginner/test#1" in words
    (picture,) = pictures(card.items)
    width = picture.matrix[0] * 110.0
    assert width == pytest.approx(A4[0] - 2 * THEME.margin, abs=0.01)  # as wide as the margins allow
    # The goal once more at the top of the solution (read on its own), with the summary; nowhere else.
    later = " ".join(texts(first.items))
    assert later.count("Get the red dot out") == 1 and "fewest possible" in later


def test_a_small_picture_is_enlarged_at_most_max_enlarge_times():
    card = sheet_document(puzzle(picture=drawing("tiny", 20.0, 15.0)), THEME, A4).pages[0]
    (picture,) = pictures(card.items)
    assert picture.matrix[0] == pytest.approx(MAX_ENLARGE)


def test_a_solutions_pages_draw_its_pictures_alike():
    document = sheet_document(puzzle(steps=6), THEME, A4)
    scales = {round(g.matrix[0], 6) for p in document.pages[1:] for g in pictures(p.items)}
    assert len(scales) == 1


@pytest.mark.parametrize("paper", [A4, LETTER])
def test_every_word_on_a_sheet_is_min_pt_or_more_and_inside_the_margins(paper):
    document = sheet_document(puzzle(steps=5), THEME, paper)
    m = THEME.margin
    for page in document.pages:
        sizes = text_sizes(page.items, document.symbol_map)
        assert sizes and min(s for _, s in sizes) >= MIN_PT - 1e-9
        for text, (left, top, right, bottom) in boxes(page.items):
            assert m - 1e-6 <= left and right <= paper[0] - m + 1e-6, text.text
            assert m - 1e-6 <= top and bottom <= paper[1] - m + 1e-6, text.text
        for g in pictures(page.items):
            x0, y0 = apply(g.matrix, (0.0, 0.0))
            x1, y1 = apply(g.matrix, (110.0, 90.0))
            assert m - 1e-6 <= x0 and x1 <= paper[0] - m + 1e-6 and m - 1e-6 <= y0 and y1 <= paper[1] - m + 1e-6


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(0, 6), min_size=1, max_size=9))
def test_any_solution_is_packed_in_order_at_most_four_to_a_page(lines):
    p = dataclasses.replace(puzzle(), steps=tuple(step(i, n) for i, n in enumerate(lines, 1)))
    pages = sheet_document(p, THEME, A4).pages[1:]
    per_page = [len(pictures(pg.items)) for pg in pages]
    assert all(1 <= n <= 4 for n in per_page) and sum(per_page) == len(lines)
    headings = [t for pg in pages for t in texts(pg.items) if t.startswith("Turn ")]
    assert headings == [s.heading for s in p.steps]


def test_a_word_too_wide_for_half_a_page_takes_a_whole_row():
    wide = dataclasses.replace(step(2), lines=("x" * 70,))
    p = dataclasses.replace(puzzle(), steps=(step(1), wide))
    (page,) = sheet_document(p, THEME, A4).pages[1:]
    lefts = {round(apply(g.matrix, (0.0, 0.0))[0], 3) for g in pictures(page.items)}
    assert len(pictures(page.items)) == 2 and len(lefts) == 1  # one column, one above the other


def test_a_step_too_long_for_a_page_is_refused_in_one_line():
    p = dataclasses.replace(puzzle(), steps=(step(1, lines=80),))
    with pytest.raises(DoesNotFit) as caught:
        sheet_document(p, THEME, A4)
    assert str(caught.value).startswith("puzzles/01.yaml: step 1") and "\n" not in str(caught.value)


def test_words_the_font_cannot_print_are_refused_naming_the_place():
    p = dataclasses.replace(puzzle(), facts=("A snowman ☃ watches.",))
    with pytest.raises(Unprintable, match=r"^puzzles/01\.yaml: fact 1: the font .* \(U\+2603\)"):
        sheet_document(p, THEME, A4)
    with pytest.raises(Unprintable, match=r"^the book's title: "):
        book_document([puzzle()], THEME, A4, title="Puzzles ☃")


# ------------------------------------------------------------------ the deck


def groups(page: Page, prefix: str) -> dict[str, Group]:
    return {g.label: g for g in page.items if isinstance(g, Group) and g.label.startswith(prefix)}


def deck_of(n: int, **kw) -> list[PrintedPuzzle]:
    return [puzzle(i, steps=1 + i % 4, tier=TIERS[(i - 1) * 4 // n], **kw) for i in range(1, n + 1)]


def test_a_deck_is_sheets_of_nine_fronts_each_followed_by_its_backs():
    document = deck_document(deck_of(11), THEME, A4)
    assert len(card_sheet(THEME, A4).slots) == 9
    assert [p.name for p in document.pages] == ["1-cards-1-fronts", "2-cards-1-backs", "3-cards-2-fronts",
                                                "4-cards-2-backs"]
    assert [list(groups(p, "piece-card-")) for p in document.pages[::2]] == \
        [[f"piece-card-{n}" for n in range(1, 10)], ["piece-card-10", "piece-card-11"]]
    assert [list(groups(p, "back-card-")) for p in document.pages[1::2]] == \
        [[f"back-card-{n}" for n in range(1, 10)], ["back-card-10", "back-card-11"]]


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -2.0)])
def test_each_back_lies_at_the_mirrored_place_of_its_front(offset):
    document = deck_document(deck_of(7), THEME, LETTER, offset=offset)
    w = THEME.card[0]
    fronts, backs = groups(document.pages[0], "piece-card-"), groups(document.pages[1], "back-card-")
    assert len(fronts) == len(backs) == 7
    for label, front in fronts.items():
        x, y = apply(front.matrix, (0.0, 0.0))
        bx, by = apply(backs[label.replace("piece-", "back-")].matrix, (0.0, 0.0))
        assert bx == pytest.approx(LETTER[0] - x - w + offset[0]) and by == pytest.approx(y + offset[1])


def test_a_card_keeps_its_words_inside_the_safe_area_at_card_min_pt_or_more():
    document = deck_document(deck_of(9), THEME, A4)
    trims = pieces.pieces(document.pages[0], "piece-card-")
    assert all(t.box[2] - t.box[0] == pytest.approx(THEME.card[0]) for t in trims)
    for box, width in pieces.marks(document.pages[0]):
        assert width >= pieces.MIN_CROP_PT - 1e-9
        assert all(pieces.gap(t.grown(THEME.bleed), box) >= pieces.CLEARANCE - 1e-9 for t in trims)
    for page in document.pages:
        for label, card in {**groups(page, "piece-card-"), **groups(page, "back-card-")}.items():
            x, y = apply(card.matrix, (0.0, 0.0))
            w, h = THEME.card
            assert min(s for _, s in text_sizes(card.items, document.symbol_map)) >= CARD_MIN_PT - 1e-9
            for text, (left, top, right, bottom) in boxes(card.items, card.matrix):
                assert x + pieces.SAFE - 1e-6 <= left and right <= x + w - pieces.SAFE + 1e-6, (label, text.text)
                assert y + pieces.SAFE - 1e-6 <= top and bottom <= y + h - pieces.SAFE + 1e-6, (label, text.text)


def test_front_and_back_say_what_the_contract_says():
    p = puzzle(4, steps=3, tier="expert")
    document = deck_document([p], THEME, A4)
    front = " ".join(texts(groups(document.pages[0], "piece-card-")["piece-card-4"].items))
    back_group = groups(document.pages[1], "back-card-")["back-card-4"]
    back = texts(back_group.items)
    assert all(w in front for w in ("EXPERT", "4", "Test puzzle 4", "Get the red dot out within 3 turns.",
                                    "The other player passes.", "solution on the back"))
    # The grade's id on the back's foot: at 6 pt it and "solution on the back" overran each other.
    assert "expert/test#4" not in front and "expert/test#4" in back
    assert "SOLUTION" in back and p.summary in " ".join(back)
    assert len(pictures(back_group.items)) == 3
    for n in ("1", "2", "3"):
        assert back.count(n) >= 2  # on its picture and before its brief
    assert all(f"Turn {n} in brief" in " ".join(back) for n in (1, 2, 3))


def test_a_long_solution_is_drawn_smaller_down_to_the_minimum_then_refused():
    small, large = (deck_document([puzzle(steps=n)], THEME, A4) for n in (2, 8))
    scale = [pictures(groups(d.pages[1], "back-card-")["back-card-1"].items)[0].matrix[0] for d in (small, large)]
    assert scale[1] < scale[0]
    too_long = dataclasses.replace(puzzle(3), steps=tuple(dataclasses.replace(step(i), brief=" ".join(["word"] * 40))
                                                          for i in range(1, 10)))
    with pytest.raises(DoesNotFit) as caught:
        deck_document([puzzle(1), too_long], THEME, A4)
    message = str(caught.value)
    assert message.startswith("puzzles/03.yaml: card 3: the 9 steps of the solution do not fit a card's back, even at 6 pt")
    assert "\n" not in message


def test_an_ungraded_card_has_no_tier_and_says_puzzle():
    document = deck_document([puzzle(tier=None)], THEME, A4)
    front = " ".join(texts(document.pages[0].items))
    assert "PUZZLE" in front and not TIER_WORDS.search(front)


# ------------------------------------------------------------------ the book


def book_of(tiers: list[str | None], steps: int = 3, **kw) -> tuple[list[PrintedPuzzle], Document]:
    ps = [puzzle(i, steps=steps if isinstance(steps, int) else steps[i - 1], tier=t, **kw)
          for i, t in enumerate(tiers, 1)]
    return ps, book_document(ps, THEME, A4, title="Test puzzles", intro=("Play the dot out.",))


def test_the_book_is_title_contents_puzzles_then_solutions_and_numbers_its_pages():
    _, document = book_of(["beginner", "beginner", "intermediate", "expert"])
    names = [re.sub(r"^\d+-", "", p.name) for p in document.pages]
    assert names[:2] == ["title", "contents-1"]
    first = names.index("solutions-1")
    assert all(n.startswith("puzzle-") for n in names[2:first]) and all(n.startswith("solutions-") for n in names[first:])
    for number, page in enumerate(document.pages[1:], 2):
        foot = [t for t in page.items if isinstance(t, Text) and t.y > page.height - THEME.margin - 3]
        assert [t.text for t in foot] == [str(number)]
    m = THEME.margin
    for page in document.pages:
        sizes = text_sizes(page.items, document.symbol_map)
        assert min(s for _, s in sizes) >= MIN_PT - 1e-9, page.name
        for text, (left, top, right, bottom) in boxes(page.items):
            assert m - 1e-6 <= left and right <= A4[0] - m + 1e-6, (page.name, text.text)
            assert m - 1e-6 <= top and bottom <= A4[1] - m + 1e-6, (page.name, text.text)


def test_the_contents_give_the_pages_of_each_puzzle_and_its_solution():
    _, document = book_of(["beginner", "intermediate", "intermediate", "expert", None], steps=[1, 5, 2, 8, 2])
    contents = document.pages[1]
    rows: dict[float, list[str]] = {}
    for t in contents.items:
        if isinstance(t, Text) and t.anchor == "end":
            rows.setdefault(t.y, []).append(t.text)
    found = {int(n): (int(a), int(b)) for n, a, b in (r for r in rows.values() if len(r) == 3 and r[0].isdigit())}
    assert sorted(found) == [1, 2, 3, 4, 5]
    for number, (page, solution) in found.items():
        assert re.search(rf"puzzle-(\d+-)?{number}\b|puzzle-{number}-", document.pages[page - 1].name)
        assert f"{number}. Test puzzle {number}" in " ".join(texts(document.pages[solution - 1].items))
    words = [t.text for t in contents.items if isinstance(t, Text)]
    assert "Ungraded" in words and "Expert" in words  # a mixed book: the ungraded last, under their name


def test_every_step_of_every_solution_is_printed_once():
    ps, document = book_of(["beginner"] * 6, steps=[1, 2, 3, 4, 7, 12])
    solutions = [p for p in document.pages if "solutions" in p.name]
    assert sum(len(pictures(p.items)) for p in solutions) == sum(len(p.steps) for p in ps)
    words = " ".join(t for p in solutions for t in texts(p.items))
    for p in ps:
        for s in p.steps:
            assert words.count(f"{s.lines[-1]}") >= 1
    # Several to a page: fewer solution pages than solutions.
    assert len(solutions) < len(ps)


def test_small_puzzles_go_two_to_a_page_and_large_ones_one():
    wide = drawing("wide", 150.0, 60.0)
    _, document = book_of(["beginner"] * 3, picture=wide)
    assert [re.sub(r"^\d+-", "", p.name) for p in document.pages if "puzzle-" in p.name] == ["puzzle-1-2", "puzzle-3"]
    tall = drawing("tall", 150.0, 180.0)
    _, document = book_of(["beginner"] * 3, picture=tall)
    assert [re.sub(r"^\d+-", "", p.name) for p in document.pages if "puzzle-" in p.name] == \
        ["puzzle-1", "puzzle-2", "puzzle-3"]


def test_an_ungraded_book_makes_no_tier_promise():
    _, document = book_of([None, None, None], steps=[1, 2, 4])
    words = all_text(document)
    assert not TIER_WORDS.search(words), TIER_WORDS.search(words)
    assert "fewest turns that solve them" in " ".join(texts(document.pages[0].items))
    header = [t.text for t in document.pages[1].items if isinstance(t, Text) and t.bold]
    assert "Turns" in header and "Tier" not in header
    # Out of order by turns: the book does not claim an order it does not have.
    _, unordered = book_of([None, None], steps=[3, 1])
    assert "fewest turns" not in " ".join(texts(unordered.pages[0].items))


def test_a_graded_book_names_its_tiers_and_its_order():
    _, document = book_of(["beginner", "advanced"])
    title = " ".join(texts(document.pages[0].items))
    assert "Beginner: 1" in title and "Advanced: 1" in title and "order of difficulty" in title
    _, backwards = book_of(["advanced", "beginner"])
    assert "order of difficulty" not in " ".join(texts(backwards.pages[0].items))


# ------------------------------------------------------------------ files


def test_the_same_puzzles_give_the_same_bytes(tmp_path):
    ps = deck_of(3)
    for make in (lambda: sheet_document(ps[0], THEME, A4), lambda: deck_document(ps, THEME, A4),
                 lambda: book_document(ps, THEME, A4, title="Same")):
        a, b = make(), make()
        assert [to_svg(p, a.symbol_map, THEME) for p in a.pages] == [to_svg(p, b.symbol_map, THEME) for p in b.pages]
        assert to_pdf(a, THEME) == to_pdf(b, THEME)


def test_sheet_deck_and_book_write_as_pdf(tmp_path):
    ps = deck_of(4)
    for name, document in (("sheet", sheet_document(ps[0], THEME, A4)), ("deck", deck_document(ps, THEME, A4)),
                           ("book", book_document(ps, THEME, A4, title="Written"))):
        out = tmp_path / f"{name}.pdf"
        write_pdf(out, document, THEME)
        assert out.read_bytes().startswith(b"%PDF")
        assert len(pypdf.PdfReader(out).pages) == len(document.pages)
        assert "test-dot" in document.symbol_map  # the pictures' symbols are the document's


def test_floor_text_sets_small_words_at_the_least_size_about_their_middle():
    from sectionx.render.puzzleprint import floor_text
    from sectionx.render.scene import Group, Text, scale

    hexagon = ((0.0, -20.0), (17.3, -10.0), (17.3, 10.0), (0.0, 20.0), (-17.3, 10.0), (-17.3, -10.0))
    small = Text(10.0, 5.0, "T01", 6.0, anchor="middle")
    big = Text(100.0, 5.0, "x2", 6.0)
    outline = tuple((x * 10, y * 10) for x, y in hexagon)
    items = (Group((small,), clip=hexagon), Group((big,), clip=outline), Text(0.0, 0.0, "large", 20.0))
    (tile, board, large) = floor_text(items, 8.0, k=0.5)  # printed at half size: 6 pt would be 3 pt
    (t,) = tile.items
    (b,) = board.items
    assert t.size == b.size == 16.0 and large.size == 20.0  # 16 pt at half size prints at 8
    assert abs(t.x) < abs(small.x) and t.x > 0  # pulled towards the tile's middle, on the same side
    assert b.x == big.x and b.y > big.y  # a large clip keeps its word across; its middle height is kept
    # A group's own scale counts: inside a group drawn at half size, 16 pt prints at 4 pt at k = 0.5.
    (inner,) = floor_text((Group((Text(0.0, 0.0, "id", 16.0),), scale(0.5)),), 8.0, k=0.5)
    assert inner.items[0].size == 32.0


def test_one_turn_solutions_share_a_line_of_the_solutions_and_each_is_printed_whole():
    # Issue 30: a one-turn solution took a page of its own, 60% blank.  Three of one step
    # each leave the columns free: they stand side by side, headings at one height.
    _, document = book_of([None, None, None], steps=1)
    solutions = [pg for pg in document.pages if "-solutions-" in pg.name]
    assert len(solutions) == 1
    heads = [t for g in solutions[0].items if isinstance(g, Group) and g.label == "solution-part"
             for t in g.items if isinstance(t, Text) and re.match(r"\d\. Test", t.text)]
    placed_at = {}
    for g in solutions[0].items:
        if isinstance(g, Group) and g.label == "solution-part":
            for t in g.items:
                if isinstance(t, Text) and re.match(r"\d\. Test", t.text):
                    placed_at[t.text[0]] = (g.matrix[4], g.matrix[5])
    assert len(heads) == 3 and len({y for _, y in placed_at.values()}) == 1
    assert len({x for x, _ in placed_at.values()}) == 3
    assert len(pictures(solutions[0].items)) == 3
