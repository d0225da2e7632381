"""A rulebook as a PDF: text set by reportlab's platypus, figures drawn by the scene painter.

Platypus flows the rules text over the pages (paragraphs, lists, tables, code),
keeps each figure with its caption, and numbers the pages; the figures, the
picture on the cover and the components are scene pages
(:mod:`sectionx.render.scene`) drawn by :class:`sectionx.render.pdf.ScenePainter`,
the same art as the game's kit.

The book: a cover (title, the game's picture, the edition), contents, the
introduction and the components, the turn at a glance (each where the game's
language file gives them), the numbered sections of the rules text with the
figures after the rules they illustrate (floating where they do not fit, as a
printed book's do: :meth:`_Book.handle_flowable`), and the players' index on a page
of its own: the language's subject words with the pages of their rules, the ids in
small print (or, for a language file without one, the index of rule ids).  Page numbers in the contents and the index come from a first build
whose pages are counted; the second build is the one written (two builds, same
layout).  Paper smaller than :data:`MIN_PAPER` is refused before anything is set.

Same input, same bytes: reportlab's invariant mode fixes dates and the file id.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, cast
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Preformatted,
    Spacer,
    Table,
    TableStyle,
)

from .. import __version__
from ..render.fonts import font_name
from ..render.pdf import ScenePainter
from ..yamlsrc import Diagnostic, LoadError
from . import FIGURE_SIZE, drawn
from .language import IndexTerm, collation_key
from .pictures import Picture
from .source import MANUAL, Block, Section, closing, split_title

if TYPE_CHECKING:
    from collections.abc import Callable

    from markdown_it.token import Token

    from ..render.theme import Theme
    from . import BookFigure, Manual

#: Text sizes (pt).
BODY, SMALL, H2, H3, TITLE = 9.5, 8.0, 15.0, 11.0, 34.0
#: A rule's id where the book prints it in running text (its paragraph, its figure's
#: title): small and grey, for reference, not to be read aloud.
ID_PT, ID_COLOUR = 6.5, "#707070"
#: Figures are drawn at most this wide and tall (mm) unless the game gives its own box
#: (:attr:`sectionx.rulebook.Rulebook.figure_size`).
FIGURE_MAX_W, FIGURE_MAX_H = FIGURE_SIZE
#: The least a figure's drawing is shrunk to fit the foot of a page (:class:`_Shrinking`):
#: three quarters keeps every word on it readable and the page no more than a few lines short.
LEAST_SHRINK = 0.75
#: The cover's picture fills the text's width up to this height (mm); each component's
#: picture is drawn in a box this size (mm).  Words that would print under
#: :data:`~.pictures.LEAST_WORD_PT` in them are left out.
COVER_H, COMPONENT_BOX = 150.0, (52.0, 40.0)
#: Page margins (mm): a generous outer margin keeps lines about 80 characters long.
MARGIN_X, MARGIN_TOP, MARGIN_BOTTOM = 28.0, 22.0, 22.0


def margins(paper: tuple[float, float]) -> tuple[float, float]:
    """The side and the top/bottom margin (mm) on ``paper``: :data:`MARGIN_X` and
    :data:`MARGIN_TOP` on A4 and larger, in proportion on smaller paper (on A5 the
    A4 margins would leave lines of some 45 characters)."""
    return min(MARGIN_X, MARGIN_X * paper[0] / 210.0), min(MARGIN_TOP, MARGIN_TOP * paper[1] / 297.0)
#: Monospaced font for code: Courier is built into every PDF reader.
MONO = "Courier"
#: The smallest paper (mm, portrait) a book is set on: A5.  Below it the margins leave
#: too little room for the tables and figures (reportlab would stop with a LayoutError).
MIN_PAPER = (148.0, 210.0)


def _family(theme: Theme) -> str:
    """Register the theme's fonts as one family (bold, and italic where the template's
    font is the bundled Vera, whose italics reportlab ships) and give its name."""
    regular, bold = font_name(theme, False), font_name(theme, True)
    italic, bold_italic = regular, bold
    if theme.font_regular.name == "Vera.ttf":
        from reportlab.pdfbase.ttfonts import TTFont

        fonts = theme.font_regular.parent
        for name, file in (("sx-VeraIt", "VeraIt.ttf"), ("sx-VeraBI", "VeraBI.ttf")):
            if name not in pdfmetrics.getRegisteredFontNames():
                pdfmetrics.registerFont(TTFont(name, str(fonts / file)))
        italic, bold_italic = "sx-VeraIt", "sx-VeraBI" if theme.font_bold.name == "VeraBd.ttf" else bold
    # The family is known by its regular font's name: platypus maps a style's font back to it.
    pdfmetrics.registerFontFamily(regular, normal=regular, bold=bold, italic=italic, boldItalic=bold_italic)
    return regular


class _Styles:
    def __init__(self, theme: Theme):
        f = _family(theme)
        self.font = f
        ink = colors.HexColor(theme.colours["ink"])
        accent = colors.HexColor(theme.colours["tunnel"])
        self.body = ParagraphStyle("body", fontName=f, fontSize=BODY, leading=BODY * 1.38, textColor=ink, spaceAfter=4)
        self.small = ParagraphStyle("small", parent=self.body, fontSize=SMALL, leading=SMALL * 1.3, spaceAfter=1)
        self.cell = ParagraphStyle("cell", parent=self.small, spaceAfter=0)
        self.h2 = ParagraphStyle("h2", parent=self.body, fontSize=H2, leading=H2 * 1.25, textColor=accent,
                                 spaceBefore=10, spaceAfter=6)
        self.h3 = ParagraphStyle("h3", parent=self.body, fontSize=H3, leading=H3 * 1.3, textColor=accent,
                                 spaceBefore=6, spaceAfter=3)
        self.title = ParagraphStyle("title", parent=self.body, fontSize=TITLE, leading=TITLE * 1.15, alignment=TA_CENTER,
                                    spaceAfter=4)
        self.subtitle = ParagraphStyle("subtitle", parent=self.body, fontSize=13, leading=17, alignment=TA_CENTER)
        self.centre = ParagraphStyle("centre", parent=self.small, alignment=TA_CENTER)
        self.code = ParagraphStyle("code", fontName=MONO, fontSize=7.0, leading=8.2, textColor=ink, spaceAfter=6)
        self.caption = ParagraphStyle("caption", parent=self.small, spaceAfter=2)
        self.ink = ink
        self.rule_colour = colors.HexColor(theme.colours["cell_line"])
        self.tint = colors.HexColor(theme.colours["board"])


# ------------------------------------------------------------------ inline text


def inline(token: Token, rules_file: str = "") -> str:
    """An inline token as platypus markup: bold, italic, code in Courier, links as text."""
    out: list[str] = []
    for k in token.children or []:
        if k.type == "text":
            out.append(escape(k.content))
        elif k.type in {"softbreak", "hardbreak"}:
            out.append(" " if k.type == "softbreak" else "<br/>")
        elif k.type == "strong_open":
            out.append("<b>")
        elif k.type == "strong_close":
            out.append("</b>")
        elif k.type == "em_open":
            out.append("<i>")
        elif k.type == "em_close":
            out.append("</i>")
        elif k.type == "code_inline":
            _latin1(k.content, token, rules_file)
            out.append(f'<font face="{MONO}">{escape(k.content)}</font>')
        # links print as their text: a printed book has nowhere to go
    return "".join(out)


def _latin1(text: str, token: Token, rules_file: str) -> None:
    try:
        text.encode("latin-1")
    except UnicodeEncodeError:
        line = token.map[0] + 1 if token.map else 0
        raise LoadError([Diagnostic(rules_file, line, 1, f"code {text!r} holds characters the manual's monospaced font "
                                    "(Courier) cannot print; write it in Latin-1", MANUAL)]) from None


# ------------------------------------------------------------------ flowables


class _Scene(Flowable):
    """A scene page (figure, cover board, component) drawn at a scale that fits."""

    def __init__(self, picture: Picture, max_w: float, max_h: float, *, grow: bool = False):
        super().__init__()
        self.picture = picture
        self.scale = printed_scale(picture, max_w, max_h, grow=grow)
        self.width = picture.width * self.scale * mm
        self.height = picture.height * self.scale * mm
        self.hAlign = "CENTER"

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canvas = self.canv
        painter: ScenePainter | None = getattr(canvas, "_sx_painter", None)
        if painter is None:
            raise RuntimeError("the canvas has no scene painter")
        painter.add_symbols(self.picture.symbols)
        painter.draw(self.picture.items, self.picture.height, self.scale)


def printed_scale(picture: Picture, max_w: float, max_h: float, *, grow: bool = False) -> float:
    """The scale a picture prints at in a box ``max_w`` x ``max_h`` mm: its size or
    smaller; with ``grow`` (the cover) it fills the box, a small picture too."""
    return min(max_w / picture.width, max_h / picture.height, 1.0 if not grow else float("inf"))


class _Shrinking(Flowable):
    """A figure's box that, at the foot of a page, draws its picture smaller (down to
    :data:`LEAST_SHRINK` of its size) to fit the room left, rather than move to the next
    page and leave up to half a page empty; where even that does not fit, it floats
    (:meth:`_Book.handle_flowable`) and heads the next page at full size.  ``box(shrink)`` builds
    the box with the picture at ``shrink`` of its size; ``drawing`` is the picture's
    full height (pt).  The box keeps 2 mm above and 3 mm below it.  (Not inside a
    KeepTogether: that measures its content on an endless page, where nothing shrinks.)"""

    def __init__(self, box: Any, drawing: float):
        super().__init__()
        self.make, self.drawing = box, drawing
        self.box: Flowable = box(1.0)

    ABOVE, BELOW = 2 * mm, 3 * mm

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        room = availHeight - self.ABOVE - self.BELOW
        self.box = self.make(1.0)
        w, h = self.box.wrap(availWidth, room)
        over = h - room + 1.0
        if 0 < over <= self.drawing * (1.0 - LEAST_SHRINK):
            self.box = self.make((self.drawing - over) / self.drawing)
            w, h = self.box.wrap(availWidth, room)
        self.width, self.height = w, h + self.ABOVE + self.BELOW
        return self.width, self.height

    def draw(self) -> None:
        self.box.drawOn(self.canv, 0, self.BELOW)


class _Rows(Table):
    """A table whose first row is its title, that goes on over a page only where the
    title keeps at least :data:`LEAST` rows with it: no title alone at a page's foot.
    Where the room holds fewer, it moves to the next page whole.  (A row may go on
    alone: each row stands for itself, and holding two back pushed the last line of
    Breakout's German book onto a page of its own.)"""

    LEAST = 2

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        parts: list[Flowable] = super().split(availWidth, availHeight)
        if len(parts) == 2 and len(cast("Any", parts[0])._cellvalues) < self.LEAST + 1:
            return []
        return parts


class _Settle(Flowable):
    """A zero-size mark where every figure still floating from a section before
    ``before`` is set (:meth:`_Book.handle_flowable`), on the next page where it does
    not fit here.  Each section opens with one for the section two before it, so a
    figure floats through the text of the two sections after its own at most (a
    section can be two lines, Breakout's "Winning") and never stands pages away from
    its rule; the index opens with one for every section."""

    def __init__(self, before: float):
        super().__init__()
        self.before = before
        self.width = self.height = 0

    def draw(self) -> None:
        pass


class _Hold(Flowable):
    """A zero-size mark: from here (``hold``) to the next mark that lets go, the
    figures still floating do not head a page (:meth:`_Book.handle_flowable`), so that a
    table broken over a page (the turn at a glance) goes on at the next page's top
    instead of standing on both sides of a rule's figure, which read as part of it
    (Breakout's figure 5, issue 30)."""

    def __init__(self, hold: bool, began: Callable[[], int | None] = lambda: None):
        super().__init__()
        #: ``began``: the page the held part began on, once it has (its _Mark's page).
        self.hold, self.began = hold, began
        self.width = self.height = 0

    def draw(self) -> None:
        pass


class _Part(KeepTogether):
    """A part of the book kept on one page (the index): where it does not fit the room
    left, the page before ends its part (:class:`PageFill`), as at a page break."""


class _Mark(Flowable):
    """A zero-size mark that records the page it lands on (for contents and index)."""

    def __init__(self, key: str, pages: dict[str, int]):
        super().__init__()
        self.key, self.pages = key, pages
        self.width = self.height = 0

    def draw(self) -> None:
        self.pages.setdefault(self.key, self.canv.getPageNumber())
        self.canv.bookmarkPage(self.key)


class _Book(BaseDocTemplate):
    def __init__(self, buf: io.BytesIO, paper: tuple[float, float], theme: Theme, title: str, folio: str, **kw: Any):
        super().__init__(buf, pagesize=(paper[0] * mm, paper[1] * mm), invariant=1, title=title, author="sectionx",
                         creator=f"sectionx {__version__}", leftMargin=margins(paper)[0] * mm,
                         rightMargin=margins(paper)[0] * mm, topMargin=margins(paper)[1] * mm,
                         bottomMargin=margins(paper)[1] * mm, **kw)
        self.margin_x, self.margin_y = margins(paper)
        self.theme, self.folio, self.family = theme, folio, _family(theme)
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="text", leftPadding=0,
                      rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("cover", [frame], onPage=self._start),
                               PageTemplate("body", [frame], onPage=self._page)])
        #: Figures that did not fit the room left on the page, in order: they head the next page.
        self.floating: list[Flowable] = []
        #: How full each page was set (:class:`PageFill`), and whether the page set now ends its part.
        self.fill: list[PageFill] = []
        self.part_ends = False
        #: Inside a part that floating figures may not break into (:class:`_Hold`).
        self.holding: _Hold | None = None

    def handle_pageEnd(self) -> None:
        frame = cast("Any", self.frame)  # platypus's own attributes: where the text ends, the frame's foot
        self.fill.append(PageFill(self.page, max(0.0, (frame._y - frame._y1) / frame._height), self.part_ends))
        self.part_ends = False
        super().handle_pageEnd()

    def handle_flowable(self, flowables: list[Any]) -> None:
        """Float figures as a printed book does (issue 30).  A figure (:class:`_Shrinking`)
        that does not fit the room left on a page, even drawn smaller, waits, and the text
        after it fills the page, whatever section it belongs to; every waiting figure heads
        the next page, in order, before that page's text.  A figure that comes while others
        wait, waits too (figures keep their order); a page break or a :class:`_Settle` mark
        for the figure's section sets every waiting figure first, and so does the story's
        end.  Before, a figure floated only within its section, so a section ending with a
        figure that did not fit left up to 40% of a page empty (Section X's German page 12,
        Breakout's pages 9 and 11)."""
        f, frame = flowables[0], getattr(self, "frame", None)
        if frame is None:  # before the first page or after the last (nothing floats there)
            super().handle_flowable(flowables)
            return
        if isinstance(f, _Hold) and not f.hold:
            self.holding = None
            if self.floating:
                # Let go: the waiting figures come again as if they came here, each set
                # where it fits and waiting on where it does not (the branch below).
                flowables[0:1], self.floating = self.floating, []
                return
        elif isinstance(f, _Hold):
            self.holding = f
        # The hold is for a part broken over a page: at the top of the page it began on,
        # the waiting figures head it as anywhere.
        began = self.holding.began() if self.holding is not None else None
        held = began is not None and began < self.page
        settle = isinstance(f, _Settle) and any(getattr(g, "section", 0) < f.before for g in self.floating)
        if self.floating and ((frame._atTop and not held) or isinstance(f, PageBreak) or settle):
            # The text that did not fit the page before may not fit below the figures either:
            # it moves on again, which platypus takes for a flowable taller than a page
            # unless it is told it was not postponed here.
            if hasattr(f, "_postponed"):
                del f._postponed
            flowables[0:0], self.floating = self.floating, []
        elif isinstance(f, PageBreak):
            self.part_ends = True  # the cover, the contents, the introduction: each ends on its page
        elif isinstance(f, _Part) and not frame._atTop:
            _, tall = f.wrapOn(self.canv, frame._getAvailableWidth(), frame._aH)
            self.part_ends = tall > frame._y - frame._y1p  # it moves on to a page of its own
        elif isinstance(f, _Shrinking) and not frame._atTop:
            del flowables[0]
            if not self.floating and frame.add(f, self.canv, trySplit=0):
                # As platypus counts a flowable set (a page with none is taken for a loop).
                cast("Any", self)._curPageFlowableCount += 1
                self.afterFlowable(f)
            else:
                self.floating.append(f)
            return
        super().handle_flowable(flowables)

    def build(self, flowables: list[Flowable], *args: Any, **kw: Any) -> None:
        # The story's end settles every figure still floating (after the last text, on a new page).
        super().build([*flowables, _Settle(float("inf"))], *args, **kw)

    def _start(self, canvas: Any, doc: Any) -> None:
        canvas._sx_painter = ScenePainter(canvas, self.theme)

    def _page(self, canvas: Any, doc: Any) -> None:
        if getattr(canvas, "_sx_painter", None) is None:
            self._start(canvas, doc)
        canvas.saveState()
        canvas.setFont(self.family, SMALL)
        canvas.setFillColor(colors.HexColor(self.theme.colours["ink"]))
        w = self.pagesize[0]
        foot = self.margin_y * (MARGIN_BOTTOM - 10) / MARGIN_BOTTOM
        canvas.drawCentredString(w / 2, foot * mm, str(canvas.getPageNumber()))
        canvas.drawRightString(w - self.margin_x * mm, foot * mm, self.folio)
        canvas.restoreState()


# ------------------------------------------------------------------ the book


class _Writer:
    def __init__(self, manual: Manual, theme: Theme, paper: tuple[float, float], known: dict[str, int],
                 pictures: dict[str, Picture]):
        self.m, self.theme, self.paper, self.pictures = manual, theme, paper, pictures
        self.known = known  # pages found by the build before (empty in the first)
        self.pages: dict[str, int] = {}  # pages found by this build
        self.lang = manual.language
        self.s = _Styles(theme)
        self.width = paper[0] - 2 * margins(paper)[0]

    def t(self, key: str) -> str:
        return self.lang.text[key]

    def page_of(self, key: str) -> str:
        return str(self.known.get(key, "")) if self.known else "00"

    def section_title(self, sec: Section) -> str:
        return self.lang.sections.get(sec.number, sec.title)

    def story(self) -> list[Flowable]:
        out: list[Flowable] = [NextPageTemplate("body")]
        out += self.cover()
        out += [PageBreak()] + self.contents()
        if self.lang.intro or self.lang.components:
            out += [PageBreak()] + self.introduction()
        out += [PageBreak(), _Mark("rules", self.pages), Paragraph(escape(self.t("rules")), self.s.title)]
        if not self.m.rules_in_language:
            out.append(Paragraph(escape(self.t("rules_language")), self.s.centre))
        for sec in self.m.rules.sections:
            out += self.section(sec)
            if self.lang.summary and sec.number == summary_after(self.m):
                # The turn at a glance once the players have read the rules it sums up
                # (issue 30): after the game's end, before the clarifications.  It may go
                # on over the page between its rows (kept whole, it left Hekla's last
                # figure half a page alone), never its title alone (_Rows); no figure
                # floating from the rules heads a page inside it (_Hold).
                out += [_Hold(True, lambda: self.pages.get("summary")), *self.summary(), _Hold(False)]
        # The index follows the rules on their last page where it fits there whole, else it
        # heads a page of its own (set where the rules end, its columns broke over a page);
        # no figure floats into it.
        out += [_Settle(float("inf")), *self.index()]
        return out

    def cover(self) -> list[Flowable]:
        cover = self.m.book.cover
        picture: list[Flowable] = []
        if cover is not None:
            drawing = cover(self.theme, self.lang)
            scale = printed_scale(drawing, self.width, COVER_H, grow=True)
            picture = [_Scene(drawing.legible(scale), self.width, COVER_H, grow=True)]
        return [Spacer(1, 18 * mm), Paragraph(escape(self.t("title")), self.s.title),
                Paragraph(escape(self.t("subtitle")), self.s.subtitle), Spacer(1, 10 * mm),
                *picture, Spacer(1, 8 * mm), Paragraph(escape(self.t("edition")), self.s.centre)]

    def contents(self) -> list[Flowable]:
        rows = [(text, key) for text, key in contents_rows(self.m)]
        data = [[Paragraph(f'<a href="#{key}">{escape(text)}</a>', self.s.body), Paragraph(self.page_of(key), self.s.body)]
                for text, key in rows]
        table = Table(data, colWidths=[(self.width - 15) * mm, 15 * mm])
        table.setStyle(TableStyle([("ALIGN", (1, 0), (1, -1), "RIGHT"), ("LINEBELOW", (0, 0), (-1, -1), 0.3, self.s.rule_colour)]))
        return [Paragraph(escape(self.t("contents")), self.s.h2), table]

    def introduction(self) -> list[Flowable]:
        out: list[Flowable] = [Paragraph(escape(p), self.s.body) for p in self.lang.intro]
        if not self.lang.components:
            return out
        out += [Spacer(1, 4 * mm), _Mark("components", self.pages), Paragraph(escape(self.t("components")), self.s.h2),
                Paragraph(escape(self.t("components_intro")), self.s.body)]
        draw = self.m.book.component_pictures
        pictures = dict(draw(self.theme, self.lang)) if draw is not None else {}
        rows: list[list[Flowable]] = []
        for key, c in self.lang.components.items():
            text = Paragraph(f"<b>{escape(c.count)} × {escape(c.name)}</b><br/>{escape(c.note)}", self.s.body)
            if pictures:
                drawing = pictures[key]
                rows.append([_Scene(drawing.legible(printed_scale(drawing, *COMPONENT_BOX)), *COMPONENT_BOX), text])
            else:
                rows.append([text])
        table = Table(rows, colWidths=[58 * mm, (self.width - 58) * mm] if pictures else [self.width * mm])
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                                   ("LINEBELOW", (0, 0), (-1, -2), 0.3, self.s.rule_colour),
                                   ("TOPPADDING", (0, 0), (-1, -1), 5), ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))
        return [*out, table]

    def summary(self) -> list[Flowable]:
        """The turn at a glance: a box of rows (a part's heading beside its lines), its
        title the table's first row, so that a page break keeps the title with two rows
        at least (:class:`_Rows`); the box is closed on both pages."""
        title: list[Flowable] = [_Mark("summary", self.pages), Paragraph(escape(self.t("summary")), self.s.h2)]
        rows: list[list[Any]] = [[title, ""]]
        for part in self.lang.summary:
            bullets = "<br/>".join(f"• {escape(line)}" for line in part.lines)
            rows.append([Paragraph(f"<b>{escape(part.heading)}</b>", self.s.body), Paragraph(bullets, self.s.body)])
        table = _Rows(rows, colWidths=[45 * mm, (self.width - 45) * mm])
        ink, thin = self.s.ink, self.s.rule_colour
        # Where the table goes on over a page, the box is closed at the cut ("splitlast"
        # and "splitfirst" rows; reportlab's stubs do not know them in a row's place).
        split: list[Any] = [("LINEBELOW", (0, "splitlast"), (-1, "splitlast"), 0.8, ink),
                            ("LINEABOVE", (0, "splitfirst"), (-1, "splitfirst"), 0.8, ink)]
        table.setStyle(TableStyle([("SPAN", (0, 0), (-1, 0)), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, 0), 0), ("TOPPADDING", (0, 0), (-1, 0), 0),
                                   ("BOTTOMPADDING", (0, 0), (-1, 0), 4),
                                   ("BACKGROUND", (0, 1), (0, -1), self.s.tint),
                                   ("TOPPADDING", (0, 1), (-1, -1), 3), ("BOTTOMPADDING", (0, 1), (-1, -1), 4),
                                   ("LINEBELOW", (0, 1), (-1, -2), 0.3, thin),
                                   ("LINEABOVE", (0, 1), (-1, 1), 0.8, ink), ("LINEBELOW", (0, -1), (-1, -1), 0.8, ink),
                                   ("LINEBEFORE", (0, 1), (0, -1), 0.8, ink), ("LINEAFTER", (-1, 1), (-1, -1), 0.8, ink),
                                   *split]))
        return [table]

    def section(self, sec: Section) -> list[Flowable]:
        head = Paragraph(escape(f"{sec.number}. {self.section_title(sec)}"), self.s.h2)
        out: list[Flowable] = [_Settle(sec.number - 2), CondPageBreak(40 * mm), _Mark(sec.anchor, self.pages), head]
        for b in sec.blocks:
            # A figure stands after its rule; where it does not fit it floats (_Book.handle_flowable).
            out += self.block(b)
            if b.kind == "figure":
                out[-1].section = sec.number  # type: ignore[attr-defined]
        return _headings_kept(out, (self.s.h2, self.s.h3))

    def block(self, b: Block) -> list[Flowable]:
        rf = self.m.rules.file
        if b.kind == "heading":
            return [CondPageBreak(25 * mm), Paragraph(inline(b.tokens[1], rf), self.s.h3)]
        if b.kind == "paragraph":
            text = inline(b.tokens[1], rf)
            if b.rule:
                return [_Mark(f"rule-{b.rule}", self.pages), Paragraph(small_id(text, b.rule), self.s.body)]
            return [Paragraph(text, self.s.body)]
        if b.kind == "code":
            _latin1(b.tokens[0].content, b.tokens[0], rf)
            return [KeepTogether([Preformatted(b.tokens[0].content.rstrip("\n"), self.s.code)])]
        if b.kind == "list":
            return [self.list_(b.tokens)]
        if b.kind == "table":
            return [self.table(b.tokens), Spacer(1, 2 * mm)]
        if b.kind == "figure":
            return [self.figure(self.m.figures[b.figure])]
        raise ValueError(f"unknown block {b.kind}")

    def list_(self, tokens: tuple[Token, ...]) -> Flowable:
        ordered = tokens[0].type == "ordered_list_open"
        items: list[ListItem] = []
        current: list[Flowable] = []
        i = 1
        while i < len(tokens) - 1:
            t = tokens[i]
            if t.type == "list_item_open":
                current = []
            elif t.type == "list_item_close":
                items.append(ListItem(current))
            elif t.type in ("bullet_list_open", "ordered_list_open"):
                j = closing(tokens, i)  # a list inside an item: set whole, as its own list
                current.append(self.list_(tokens[i:j + 1]))
                i = j
            elif t.type == "inline":
                current.append(Paragraph(inline(t, self.m.rules.file), self.s.body))
            elif t.type in ("fence", "code_block"):
                _latin1(t.content, t, self.m.rules.file)
                current.append(Preformatted(t.content.rstrip("\n"), self.s.code))
            i += 1
        kw: dict[str, Any] = {"bulletType": "1", "bulletFormat": "%s."} if ordered else {"bulletType": "bullet", "start": "•"}
        return ListFlowable(cast("list[Flowable]", items), leftIndent=14, bulletFontName=self.s.font, bulletFontSize=BODY, **kw)

    def table(self, tokens: tuple[Token, ...]) -> Flowable:
        rows: list[list[Paragraph]] = []
        row: list[Paragraph] = []
        for t in tokens:
            if t.type == "tr_open":
                row = []
            elif t.type == "inline":
                row.append(Paragraph(inline(t, self.m.rules.file), self.s.cell))
            elif t.type == "tr_close":
                rows.append(row)
            elif t.type == "th_open":
                pass
        widths = self.column_widths(rows)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("BACKGROUND", (0, 0), (-1, 0), self.s.tint),
                                   ("LINEBELOW", (0, 0), (-1, -1), 0.3, self.s.rule_colour),
                                   ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]))
        return table

    def column_widths(self, rows: list[list[Paragraph]]) -> list[float]:
        """Each column at least as wide as its longest word, the rest of the width shared
        in proportion to how much more each column's longest cell would take."""
        cols = max(len(r) for r in rows)
        pad = 13.0  # the cell's left and right padding (6 pt each, platypus's default) and a point to spare
        least, most = [0.0] * cols, [0.0] * cols
        for r in rows:
            for c, para in enumerate(r):
                words = [w for frag in para.frags for w in (getattr(frag, "text", "") or "").split()]
                fonts = {getattr(frag, "fontName", self.s.font) for frag in para.frags} or {self.s.font}
                size = self.s.cell.fontSize
                for w in words:
                    least[c] = max(least[c], max(pdfmetrics.stringWidth(w, f, size) for f in fonts) + pad)
                line = sum(pdfmetrics.stringWidth(getattr(frag, "text", "") or "", frag.fontName, size) for frag in para.frags)
                most[c] = max(most[c], line + pad)
        total = self.width * mm
        spare = total - sum(least)
        want = [max(0.0, m - n) for m, n in zip(most, least, strict=True)]
        if spare <= 0 or not sum(want):
            return [total * n / sum(least) for n in least] if spare <= 0 else least
        share = min(1.0, spare / sum(want))
        widths = [n + w * share for n, w in zip(least, want, strict=True)]
        left = total - sum(widths)  # all columns at full width: the last takes what is left
        widths[-1] += max(0.0, left)
        return widths

    def figure(self, f: BookFigure) -> Flowable:
        pic = self.pictures[f.name]
        rule, title = split_title(f.text.title, f.rule)
        tag = f'<font size="{ID_PT}" color="{ID_COLOUR}">{rule}</font> ' if rule else ""
        head = f"<b>{escape(self.t('figure'))} {f.number}.</b> {tag}<b>{escape(title)}</b>"

        fw, fh = self.m.book.figure_size

        def box(shrink: float) -> Flowable:
            scene = _Scene(pic, min(self.width, fw) * shrink, fh * shrink)
            parts: list[Flowable] = [Spacer(1, 2 * mm), scene, Spacer(1, 2 * mm), Paragraph(head, self.s.caption),
                                     Paragraph(escape(f.text.caption), self.s.caption)]
            says = [s for s in f.text.says if s]
            if says:
                # Bullets, not check marks: Vera has no check mark, and ZapfDingbats' showed as a
                # box in poppler where no Dingbats font is installed.  The heading says "checked".
                lines = "<br/>".join(f"• {escape(s)}" for s in says)
                parts.append(Paragraph(f"<i>{escape(self.t('checked'))}</i><br/>{lines}", self.s.caption))
            parts.append(Spacer(1, 3 * mm))
            table = Table([[parts]], colWidths=[self.width * mm])
            # The drawing centred in its box (a figure narrower than the page stood at its left).
            table.setStyle(TableStyle([("BOX", (0, 0), (-1, -1), 0.4, self.s.rule_colour),
                                       ("LEFTPADDING", (0, 0), (-1, -1), 8), ("RIGHTPADDING", (0, 0), (-1, -1), 8),
                                       ("ALIGN", (0, 0), (-1, -1), "CENTER")]))
            return table

        full = _Scene(pic, min(self.width, fw), fh).height
        return _Shrinking(box, full)

    def index(self) -> list[Flowable]:
        if self.lang.index:
            return self.subjects()
        out: list[Flowable] = [_Mark("index", self.pages), Paragraph(escape(self.t("index")), self.s.h2),
                               Paragraph(escape(self.t("index_intro")), self.s.body)]
        head = [Paragraph(f"<b>{escape(self.t(k))}</b>", self.s.cell) for k in ("rule", "index", "section", "page")]
        head[1] = Paragraph("", self.s.cell)
        rows = [head]
        for e in self.m.rules.index:
            summary = inline_text(e.summary)
            rows.append([Paragraph(f'<a href="#rule-{e.rule}"><b>{e.rule}</b></a>', self.s.cell), Paragraph(summary, self.s.cell),
                         Paragraph(str(e.section), self.s.cell), Paragraph(self.page_of(f"rule-{e.rule}"), self.s.cell)])
        table = Table(rows, colWidths=self.column_widths(rows), repeatRows=1)
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LINEBELOW", (0, 0), (-1, -1), 0.3, self.s.rule_colour),
                                   ("TOPPADDING", (0, 0), (-1, -1), 1.0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8)]))
        return [*out, table]

    def subjects(self) -> list[Flowable]:
        """The players' index (issue 30): the language's subject words in its alphabetical
        order, filed under their initials, each with the pages of the rules it points to
        and those rules' ids in small print, in two balanced columns; then every rule's
        id with its page, in small print, for a reader who meets an id (a figure's title,
        a message of sectionx)."""
        entry = ParagraphStyle("entry", parent=self.s.small, leftIndent=8, firstLineIndent=-8, spaceAfter=1.2)
        letter = ParagraphStyle("letter", parent=self.s.small, fontSize=SMALL + 1, leading=(SMALL + 1) * 1.3,
                                textColor=self.s.h2.textColor, spaceBefore=4, spaceAfter=1, keepWithNext=1)
        lines: list[Paragraph] = []
        heads: set[int] = set()  # the letters' places in ``lines``
        last = ""
        for t in self.lang.index:
            if _initial(t.term) != last:
                last = _initial(t.term)
                heads.add(len(lines))
                lines.append(Paragraph(f"<b>{escape(last)}</b>", letter))
            pages = sorted({self.page_of(f"rule-{r}") for r in t.rules}, key=lambda p: (len(p), p))
            lines.append(Paragraph(_subject_line(t, pages, ID_PT), entry))
        ids = " · ".join(f'<a href="#rule-{e.rule}">{e.rule}</a>\u00a0{self.page_of(f"rule-{e.rule}")}'
                         for e in self.m.rules.index)
        small_ids = ParagraphStyle("ids", parent=self.s.small, fontSize=ID_PT, leading=ID_PT * 1.35,
                                   textColor=colors.HexColor(ID_COLOUR), spaceBefore=6)
        # Two columns, the second starting at a letter near half the height (a column never
        # ends with a letter alone, and the words of one letter stay in one column).
        column = (self.width * mm - 10) / 2
        heights = [f.wrap(column, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in lines]
        half = sum(heights) / 2
        cut = min(heads - {0} or {len(lines)}, key=lambda i: (abs(sum(heights[:i]) - half), i))
        columns = Table([[lines[:cut], lines[cut:]]], colWidths=[column + 10, column])
        columns.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                     ("RIGHTPADDING", (0, 0), (-1, -1), 0), ("TOPPADDING", (0, 0), (-1, -1), 0),
                                     ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        story: list[Flowable] = [_Mark("index", self.pages), Paragraph(escape(self.t("index")), self.s.h2),
                                 Paragraph(escape(self.t("index_intro")), self.s.body), columns,
                                 Paragraph(f"{escape(self.t('index_ids'))}: {ids}", small_ids)]
        # On one page where it fits one (some forty words in two columns): the rules' last
        # page keeps what room is left rather than split the index.
        return [_Part(story)]


def _subject_line(term: IndexTerm, pages: list[str], id_pt: float) -> str:
    """One line of the players' index as platypus markup: the word, the pages of its
    rules (links to the first), the ids in small grey print."""
    where = ", ".join(pages)
    ids = " ".join(term.rules)
    return (f'{escape(term.term)}\u2002<a href="#rule-{term.rules[0]}">{where}</a>'
            f'\u2002<font size="{id_pt}" color="{ID_COLOUR}">{ids}</font>')


def _headings_kept(story: list[Flowable], heads: tuple[ParagraphStyle, ...]) -> list[Flowable]:
    """``story`` with each heading kept on one page with what follows it, up to its first
    line of text (the marks before and after it go along): a heading left alone at a page's foot,
    its text on the next page after the figures floated there, read as a heading of the
    figures (Section X's German "10. Ende der Spielrunde").  A figure after a heading is
    left free to float."""
    out: list[Flowable] = []
    i = 0
    while i < len(story):
        f = story[i]
        if isinstance(f, Paragraph) and f.style in heads:
            j = i + 1
            while j < len(story) and isinstance(story[j], _Mark):
                j += 1
            if j < len(story) and not isinstance(story[j], (_Shrinking, _Settle, CondPageBreak)):
                # The heading's own mark (the contents' page) goes along with it.
                k = len(out)
                while k and isinstance(out[k - 1], _Mark):
                    k -= 1
                before, out[k:] = out[k:], []
                out.append(KeepTogether([*before, *story[i:j + 1]]))
                i = j + 1
                continue
        out.append(f)
        i += 1
    return out


def _initial(term: str) -> str:
    """The letter a word is filed under in the index (``Ä`` under ``A``)."""
    return collation_key(term)[0][:1].upper()


def summary_after(manual: Manual) -> int:
    """The number of the section the turn at a glance follows: the game's choice
    (:attr:`~sectionx.rulebook.Rulebook.summary_after`) where the book prints that
    section, else the last section."""
    numbers = [s.number for s in manual.rules.sections]
    wanted = manual.book.summary_after
    return wanted if wanted in numbers else numbers[-1]


def contents_rows(manual: Manual) -> list[tuple[str, str]]:
    """The contents in the book's order: (line, anchor) for the components, each
    section with the turn at a glance after :func:`summary_after`'s, and the index."""
    lang = manual.language
    rows = [(lang.text["components"], "components")] if lang.components else []
    after = summary_after(manual)
    for sec in manual.rules.sections:
        rows.append((f"{sec.number}. {lang.sections.get(sec.number, sec.title)}", sec.anchor))
        if lang.summary and sec.number == after:
            rows.append((lang.text["summary"], "summary"))
    rows.append((lang.text["index"], "index"))
    return rows


def small_id(markup: str, rule: str) -> str:
    """A rule's paragraph with its opening id in small print: the players read the rule's
    name in bold, the id is there for the index and for reference (issue 30)."""
    return re.sub(rf"^<b>{re.escape(rule)}\s+", f'<font size="{ID_PT}" color="{ID_COLOUR}">{rule}</font>\u00a0<b>',
                  markup, count=1)


def inline_text(markdown_text: str) -> str:
    """A line of Markdown (an index summary) as platypus markup."""
    from .source import markdown

    tokens = markdown().parseInline(markdown_text)
    return inline(tokens[0]) if tokens else escape(markdown_text)


def too_small(paper: tuple[float, float]) -> str:
    """Why ``paper`` (mm) is too small for a book, or "" when it is not."""
    if paper[0] < MIN_PAPER[0] or paper[1] < MIN_PAPER[1]:
        return f"too small for the rulebook: it needs at least {MIN_PAPER[0]:g} x {MIN_PAPER[1]:g} mm (a5)"
    return ""


@dataclass(frozen=True)
class PageFill:
    """How much of a page's text frame was left empty below what was set on it (a
    share of the frame's height), and whether the page ends a part of the book (the
    cover, the contents, the introduction, the book's last page), where a part's end
    may leave the rest of the page empty."""

    page: int
    empty: float
    part_ends: bool


class DoesNotFit(Exception):
    """The book cannot be set on the paper: the message says what is too small and
    the smallest paper that works."""


def to_pdf(manual: Manual, theme: Theme, paper: tuple[float, float]) -> bytes:
    """The manual as PDF bytes (module docstring).  Two builds: the first finds the
    page of every section and rule, the second prints them.  DoesNotFit for paper
    smaller than :data:`MIN_PAPER`, or where something of the book (a table row of a
    rules text of the user's own) is taller than the page."""
    return layout(manual, theme, paper)[0]


def layout(manual: Manual, theme: Theme, paper: tuple[float, float]) -> tuple[bytes, list[PageFill]]:
    """:func:`to_pdf`'s bytes and how full it set each page (:class:`PageFill`, the
    last page marked as ending its part): what the page-fill test reads."""
    from reportlab.platypus.doctemplate import LayoutError

    if too_small(paper):
        raise DoesNotFit(too_small(paper))
    known: dict[str, int] = {}
    fill: list[PageFill] = []
    folio = f"{manual.language.text['title']} · {manual.language.text['rules']}"
    # Each figure is drawn once, for both builds.
    pictures = {name: Picture.of(drawn(manual, f, theme)) for name, f in manual.figures.items()}
    for _ in range(2):
        writer = _Writer(manual, theme, paper, known, pictures)
        buf = io.BytesIO()
        try:
            book = _Book(buf, paper, theme, manual.language.text["title"], folio)
            book.build(writer.story())
            fill = book.fill
        except LayoutError as exc:
            # reportlab's message names a flowable by its repr (with a memory address): say
            # what it is in the book's words, the same every run.
            row = re.search(r"tallest row ([0-9.]+)", str(exc))
            what = f"a table row {float(row.group(1)) / mm:.0f} mm tall" if row else "a block of the rules text"
            raise DoesNotFit(f"{what} does not fit on a page; give a larger paper, or a rules text with shorter "
                             "table rows") from None
        known = writer.pages
    if fill:
        fill[-1] = replace(fill[-1], part_ends=True)
    return buf.getvalue(), fill

__all__ = ["ID_COLOUR", "ID_PT", "MIN_PAPER", "DoesNotFit", "PageFill", "contents_rows", "layout", "small_id", "summary_after", "to_pdf", "too_small"]
