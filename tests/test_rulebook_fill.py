"""Rulebook pages are filled (issue 30): a figure that does not fit the foot of a page
floats, the text after it fills the page, whatever section that text belongs to, and
the figure heads the next page; no page of the rules is more than a third empty
unless it ends a part of the book (the cover, the contents, the introduction, the
last page).

Before the fix a figure floated only within its section: Breakout's pages 9 and 11
(41%, 42% empty, measured on the PDF), Section X's German page 12 (34%) and 14 (38%),
Dutch 12 (39%) and 14 (40%), Hekla's 9 and 11 (44%).  The builder records how full it
set each page (:func:`sectionx.rulebook.pdf.layout`), and one book is read back from
the PDF to check the record says what the page shows.
"""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Paragraph, Spacer

from sectionx.games.breakout.manual import RULEBOOK as BREAKOUT
from sectionx.games.hekla.manual import RULEBOOK as HEKLA
from sectionx.games.sectionx.manual import RULEBOOK as SECTIONX
from sectionx.games.tunnel.manual import RULEBOOK as TUNNEL
from sectionx.render.theme import load_theme
from sectionx.rulebook import prepare
from sectionx.rulebook.pdf import MARGIN_BOTTOM, MARGIN_TOP, _Book, _Mark, _Settle, _Shrinking, _Styles, layout

THEME = load_theme(None)
A4 = THEME.paper("a4")
#: The most of a page's text frame a page of the rules may leave empty (the issue's aim).
MOST_EMPTY = 1 / 3

BOOKS = [pytest.param(b, lang, id=f"{b.game}-{lang}") for b in (BREAKOUT, HEKLA, TUNNEL, SECTIONX) for lang in ("en", "de")]
BOOKS += [pytest.param(SECTIONX, "nl", id="Section X-nl", marks=pytest.mark.slow)]
BOOKS[-2] = pytest.param(SECTIONX, "de", id="Section X-de", marks=pytest.mark.slow)


@pytest.mark.parametrize(("rulebook", "lang"), BOOKS)
def test_no_page_of_the_rules_is_more_than_a_third_empty(rulebook, lang) -> None:
    manual = prepare(rulebook, lang, theme=THEME)
    _, fill = layout(manual, THEME, A4)
    assert fill[-1].part_ends and fill[0].part_ends
    empty = [(f.page, round(f.empty, 2)) for f in fill if not f.part_ends and f.empty > MOST_EMPTY]
    assert not empty, f"{rulebook.game} ({lang}): pages more than a third empty: {empty}"


def test_the_record_says_what_the_pdf_shows() -> None:
    """The builder's record of each page against the PDF read back: the lowest line of
    text on the page (a figure's box ends with its caption, 3 mm and its padding below
    it) stands where the record says the page's text ends."""
    manual = prepare(BREAKOUT, "en", theme=THEME)
    data, fill = layout(manual, THEME, A4)
    reader = PdfReader(io.BytesIO(data))
    assert len(reader.pages) == len(fill)
    frame_bottom, frame_h = MARGIN_BOTTOM * mm, (297 - MARGIN_TOP - MARGIN_BOTTOM) * mm
    for f, page in zip(fill, reader.pages, strict=True):
        ys: list[float] = []

        def visit(text, cm, tm, font, size, ys=ys) -> None:
            if text.strip():
                ys.append(tm[4] * cm[1] + tm[5] * cm[3] + cm[5])

        page.extract_text(visitor_text=visit)
        lowest = min(y for y in ys if y > frame_bottom)  # the folio stands below the frame
        read = (lowest - frame_bottom) / frame_h
        assert read - 0.06 <= f.empty <= read + 0.01, (f.page, read, f.empty)


#: The page each figure of :func:`_figure` was drawn on, in the order drawn.
DRAWN: list[tuple[str, int]] = []


class _Box(Spacer):
    def __init__(self, name: str, height: float):
        super().__init__(100, height)
        self.name = name

    def draw(self) -> None:
        DRAWN.append((self.name, self.canv.getPageNumber()))


def _figure(name: str, height: float, section: int = 0) -> _Shrinking:
    """A figure of ``height`` pt, drawn as an empty box that records its page."""
    f = _Shrinking(lambda shrink: _Box(name, height * shrink), height)
    f.section = section  # type: ignore[attr-defined]
    return f


def _book(story) -> list[tuple[str, int]]:
    """Set ``story`` on A4 and give each figure's name and page, in the order drawn."""
    DRAWN.clear()
    _Book(io.BytesIO(), A4, THEME, "t", "f").build(story)
    return list(DRAWN)


def test_a_figure_that_does_not_fit_lets_the_text_after_it_fill_the_page() -> None:
    """The text after a figure that does not fit (even shrunk to three quarters) fills
    the page, across a section's end; the figure heads the next page, before that
    page's text; figures keep their order; where it fits, it stands where it is."""
    s = _Styles(THEME)
    marks: dict[str, int] = {}
    after = Paragraph("The next section's rule, set before the figure.", s.body)

    def story() -> list[Flowable]:
        return [Spacer(1, 200 * mm), _figure("big", 150 * mm), _Settle(0), after, _Mark("after", marks),
                _figure("second", 20 * mm), Paragraph("More.", s.body), _Mark("more", marks)]

    # Both head page 2, in order; the story's end sets them, after the text they let fill page 1.
    assert _book(story()) == [("big", 2), ("second", 2)]
    assert marks == {"after": 1, "more": 1}
    assert _book([*story(), Paragraph("A rule. " * 400, s.body)]) == [("big", 2), ("second", 2)]
    assert _book([Paragraph("A short rule.", s.body), _figure("small", 20 * mm)]) == [("small", 1)]  # where it is


def test_a_figure_floats_two_sections_at_most() -> None:
    """A figure of section 1 may float through the next two sections' text, not past
    them: where section 4 begins, it is set before it, on a page of its own if need be."""
    s = _Styles(THEME)
    marks: dict[str, int] = {}
    filler = [Spacer(1, 200 * mm)]
    long_text = [Paragraph("More rules. " * 60, s.body) for _ in range(12)]
    # Sections 2 and 3 hold more than the page's room: the figure heads page 2 as it would anyway.
    story = [*filler, _figure("f", 150 * mm, 1), _Settle(0), *long_text[:2], _Settle(1), *long_text[2:4], _Settle(2)]
    assert _book([*story, *long_text]) == [("f", 2)]
    # Sections 2 and 3 are short: at section 4's start the figure is set, then section 4's text.
    short = Paragraph("Short.", s.body)
    story = [*filler, _figure("f", 150 * mm, 1), _Settle(0), short, _Settle(1), short, _Settle(2), _Mark("s4", marks)]
    assert _book([*story, *long_text]) == [("f", 2)] and marks["s4"] == 2  # section 4 after it, not before


@pytest.mark.parametrize(("rulebook", "lang"), [(BREAKOUT, "en"), (HEKLA, "de")], ids=["Breakout-en", "Hekla-de"])
def test_no_figure_stands_between_the_rows_of_the_turn_at_a_glance(rulebook, lang) -> None:
    """The turn at a glance goes on over a page between its rows; a figure still
    floating from the rules does not head the page it goes on to (it read as part of
    the summary: Breakout's figure 5 stood between "Not straight back" and "Rope and
    escape").  Read back from the PDF: on the page the summary goes on to, its last
    row's heading comes before the page's first figure caption.  (At the top of the
    page it starts on a figure may stand before it, as anywhere.)"""
    manual = prepare(rulebook, lang, theme=THEME)
    data, _ = layout(manual, THEME, A4)
    title = manual.language.text["summary"]
    figure = manual.language.text["figure"]
    headings = [part.heading for part in manual.language.summary]
    pages = [" ".join((p.extract_text() or "").split()) for p in PdfReader(io.BytesIO(data)).pages]
    # The page the summary starts on: its title, then its first row's heading.
    start = next(n for n, text in enumerate(pages) if f"{title} {headings[0]}" in text)
    assert headings[-1] not in pages[start].split(title, 1)[1], "the summary fits one page: nothing to test"
    rest = pages[start + 1]
    caption = rest.find(f"{figure} ")
    assert headings[-1] in rest and (caption < 0 or rest.find(headings[-1]) < caption), \
        f"{rulebook.game} ({lang}): a figure heads the page the summary goes on to: {rest[:300]}"
