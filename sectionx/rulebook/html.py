"""A rulebook as one self-contained HTML page: the same book as the PDF, for the web.

The rules text is rendered by markdown-it from the very tokens the PDF is set
from (raw HTML in the rules text is not passed through); the figures, the cover
and the components are inline SVG written by :mod:`sectionx.render.svg` from the
same scene pages.  No file is referred to: styles are in the page, pictures in
the markup, so the page can be mailed or put on a web site as it is.  Links of
the rules text to other documents print as their text; links inside the page
(contents, rule ids in the index) work.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import escape
from typing import TYPE_CHECKING

from ..render.svg import to_svg
from . import drawn
from .pdf import BODY, COMPONENT_BOX, COVER_H, H2, H3, ID_PT, SMALL, contents_rows, margins, printed_scale, summary_after
from .pictures import Picture
from .source import Block, Section, markdown, split_title

if TYPE_CHECKING:
    from markdown_it.token import Token

    from ..render.theme import Theme
    from . import BookFigure, Manual

#: The page's text is the PDF's, this much larger (16 px, 12 pt, for the PDF's 9.5 pt):
#: every size below, and each figure's drawing (:func:`figure_width`), is the PDF's
#: times this, so that captions, tables, the words in the figures and the text stand
#: to each other as they do on paper (issue 30: a Hekla figure's facts showed at 13 pt
#: beside an 11 pt caption).
SCREEN = 12.0 / BODY

_CSS = """
body { font-family: %(family)s; color: %(ink)s; max-width: 46rem; margin: 2rem auto; padding: 0 1rem;
       line-height: 1.5; font-size: 16px; }
h1 { text-align: center; font-size: 3rem; margin: 0.5rem 0 0; letter-spacing: 0.05em; }
h2 { color: %(accent)s; margin-top: 2.5rem; border-bottom: 1px solid %(line)s; font-size: %(h2)s; }
h3 { color: %(accent)s; font-size: %(h3)s; }
.subtitle { text-align: center; font-size: 1.3rem; margin: 0.3rem 0 1.5rem; }
.edition, .note { text-align: center; font-size: %(small)s; }
table { border-collapse: collapse; margin: 0.8rem 0; font-size: %(small)s; }
th { background: %(tint)s; text-align: left; }
th, td { border-bottom: 1px solid %(line)s; padding: 0.25rem 0.5rem; vertical-align: top; }
code { font-family: 'DejaVu Sans Mono', Menlo, Consolas, monospace; font-size: 0.88em; }
pre { font-size: 0.78rem; overflow-x: auto; line-height: 1.2; }
figure { margin: 1.2rem 0; padding: 0.8rem; border: 1px solid %(line)s; }
figure svg, .picture svg { display: block; margin: 0 auto; max-width: 100%%; height: auto; }
figcaption { font-size: %(small)s; margin-top: 0.6rem; line-height: 1.35; }
figcaption ul { margin: 0.2rem 0 0; padding-left: 1.2rem; list-style: '✓ '; }
.components td:first-child { width: 14rem; }
.summary th { width: 12rem; background: %(tint)s; }
.summary { border: 2px solid %(ink)s; width: 100%%; }
.summary ul { margin: 0; padding-left: 1.1rem; }
nav ul { columns: 2; }
ul.index { columns: 2; list-style: none; padding-left: 0; font-size: %(small)s; }
ul.index li { break-inside: avoid; }
.rule-id { font-size: %(id)s; color: #707070; font-weight: normal; }
"""


#: The width of an A4 page's text (mm), which the PDF fits figures to.
A4_TEXT = 210.0 - 2 * margins((210.0, 297.0))[0]


def _rem(pt: float) -> str:
    """A PDF size (pt) as the page's: in rem of its 9.5 pt body."""
    return f"{pt / BODY:.3f}rem"


def figure_width(manual: Manual, picture: Picture) -> float:
    """The width (mm) the page shows a figure's drawing at: as the PDF prints it on A4
    (within the game's figure box, :attr:`~sectionx.rulebook.Rulebook.figure_size`),
    times :data:`SCREEN`."""
    fw, fh = manual.book.figure_size
    k = min(min(A4_TEXT, fw) / picture.width, fh / picture.height, 1.0)
    return picture.width * k * SCREEN


def _svg(picture: Picture, name: str, theme: Theme, width_mm: float | None = None, *, exact: bool = False) -> str:
    """The picture as inline SVG: the XML declaration dropped, every id prefixed with
    ``name`` (one page holds many SVGs, and ids are the page's), and its size in mm
    the largest it is drawn (the style lets it shrink with the window); ``exact``:
    drawn ``width_mm`` wide even where that is larger than the picture."""
    doc = picture.document(name)
    text = to_svg(doc.pages[0], doc.symbol_map, theme)
    text = re.sub(r"^<\?xml[^>]*\?>\s*", "", text)
    # The page's name for the picture (a file name such as "master-key") would show as the
    # picture's tooltip, in no language of the book: the caption beside it names it.
    text = re.sub(r"<title>[^<]*</title>", "", text, count=1)
    prefix = re.sub(r"[^A-Za-z0-9-]", "-", name)
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{prefix}--{m.group(1)}"', text)
    text = re.sub(r'href="#([^"]+)"', lambda m: f'href="#{prefix}--{m.group(1)}"', text)
    text = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{prefix}--{m.group(1)})", text)
    if width_mm is not None and (picture.width > width_mm or exact):
        h = picture.height * width_mm / picture.width
        text = re.sub(r'(<svg[^>]*?) height="[^"]*"', rf'\1 height="{h:.2f}mm"', text, count=1)
        text = re.sub(r'(<svg[^>]*?) width="[^"]*"', rf'\1 width="{width_mm:g}mm"', text, count=1)
    return text


class _Writer:
    def __init__(self, manual: Manual, theme: Theme):
        self.m, self.theme, self.lang = manual, theme, manual.language
        self.md = markdown()
        self.anchored: set[str] = set()  # rule ids given an anchor (Z1 is defined twice)

    def t(self, key: str) -> str:
        return escape(self.lang.text[key])

    def render(self, tokens: tuple[Token, ...]) -> str:
        # Links to the project's other documents lead nowhere from a mailed page: keep
        # their text.  The tokens are the book's (the PDF reads them too): copied, not changed.
        shown = []
        for t in tokens:
            if t.type == "inline" and any(k.type.startswith("link_") for k in t.children or []):
                t = t.copy(children=[k for k in t.children or [] if not k.type.startswith("link_")])
            shown.append(t)
        return str(self.md.renderer.render(shown, self.md.options, {}))

    def section_title(self, sec: Section) -> str:
        return escape(self.lang.sections.get(sec.number, sec.title))

    def page(self) -> str:
        col = self.theme.colours
        css = _CSS % {"family": self.theme.svg_family.replace("%", ""), "ink": col["ink"], "accent": col["tunnel"],
                      "line": col["cell_line"], "tint": col["board"], "h2": _rem(H2), "h3": _rem(H3),
                      "small": _rem(SMALL), "id": f"{ID_PT / BODY:.3f}em"}
        head = (f'<!DOCTYPE html>\n<html lang="{escape(self.lang.code)}">\n<head>\n<meta charset="utf-8">\n'
                '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
                f'<title>{self.t("title")} · {self.t("rules")}</title>\n<style>{css}</style>\n</head>\n<body>\n')
        parts = [head]
        cover = self.m.book.cover
        picture = ""
        if cover is not None:  # as the PDF prints it: no word a speck
            drawing = cover(self.theme, self.lang)
            drawing = drawing.legible(printed_scale(drawing, A4_TEXT, COVER_H, grow=True))
            picture = f'<div class="picture">{_svg(drawing, "cover", self.theme, 120)}</div>\n'
        parts.append(f'<header>\n<h1>{self.t("title")}</h1>\n<p class="subtitle">{self.t("subtitle")}</p>\n'
                     f'{picture}<p class="edition">{self.t("edition")}</p>\n</header>\n')
        parts.append(self.contents())
        parts += [f"<p>{escape(p)}</p>\n" for p in self.lang.intro]
        if self.lang.components:
            parts.append(self.components())
        parts.append(f'<h2 id="rules">{self.t("rules")}</h2>\n')
        if not self.m.rules_in_language:
            parts.append(f'<p class="note">{self.t("rules_language")}</p>\n')
        after = summary_after(self.m)
        for sec in self.m.rules.sections:
            parts.append(self.section(sec))
            if self.lang.summary and sec.number == after:
                parts.append(self.summary())  # as in the PDF: after the game's end
        parts.append(self.index())
        parts.append("</body>\n</html>\n")
        return "".join(parts)

    def contents(self) -> str:
        rows = [(escape(text), key) for text, key in contents_rows(self.m)]
        items = "".join(f'<li><a href="#{key}">{text}</a></li>\n' for text, key in rows)
        return f'<nav>\n<h2>{self.t("contents")}</h2>\n<ul>\n{items}</ul>\n</nav>\n'

    def components(self) -> str:
        rows = []
        draw = self.m.book.component_pictures
        pictures = dict(draw(self.theme, self.lang)) if draw is not None else {}
        for key, c in self.lang.components.items():
            svg = ""
            if pictures:
                drawing = pictures[key].legible(printed_scale(pictures[key], *COMPONENT_BOX))
                svg = f'<td class="picture">{_svg(drawing, f"component-{key}", self.theme, 52)}</td>'
            rows.append(f'<tr>{svg}<td><b>{escape(c.count)} × {escape(c.name)}</b><br>'
                        f"{escape(c.note)}</td></tr>\n")
        return (f'<h2 id="components">{self.t("components")}</h2>\n<p>{self.t("components_intro")}</p>\n'
                f'<table class="components">\n{"".join(rows)}</table>\n')

    def summary(self) -> str:
        rows = []
        for part in self.lang.summary:
            lines = "".join(f"<li>{escape(line)}</li>" for line in part.lines)
            rows.append(f'<tr><th scope="row">{escape(part.heading)}</th><td><ul>{lines}</ul></td></tr>\n')
        return f'<h2 id="summary">{self.t("summary")}</h2>\n<table class="summary">\n{"".join(rows)}</table>\n'

    def section(self, sec: Section) -> str:
        out = [f'<section>\n<h2 id="{sec.anchor}">{sec.number}. {self.section_title(sec)}</h2>\n']
        for b in sec.blocks:
            out.append(self.block(b))
        out.append("</section>\n")
        return "".join(out)

    def block(self, b: Block) -> str:
        if b.kind == "figure":
            return self.figure(self.m.figures[b.figure])
        html = self.render(b.tokens)
        if b.kind == "heading":
            html = re.sub(r"^<h(\d)>", lambda m: f"<h{int(m.group(1)) + 1}>", html)
            html = re.sub(r"</h(\d)>\s*$", lambda m: f"</h{int(m.group(1)) + 1}>\n", html)
        if b.rule:
            # The id in small print, as in the PDF: the players read the rule's name.
            html = re.sub(rf"^<p><strong>{re.escape(b.rule)}\s+", f'<p><small class="rule-id">{b.rule}</small> <strong>', html,
                          count=1)
        if b.rule and b.rule not in self.anchored:
            self.anchored.add(b.rule)
            html = html.replace("<p>", f'<p id="rule-{b.rule}">', 1)
        return html

    def figure(self, f: BookFigure) -> str:
        pic = Picture.of(drawn(self.m, f, self.theme))
        says = "".join(f"<li>{escape(s)}</li>" for s in f.text.says if s)
        checked = f'<br><i>{self.t("checked")}</i><ul>{says}</ul>' if says else ""
        rule, title = split_title(f.text.title, f.rule)
        tag = f'<small class="rule-id">{rule}</small> ' if rule else ""
        size = figure_width(self.m, pic)
        return (f'<figure id="figure-{escape(f.name)}">\n{_svg(pic, f.name, self.theme, size, exact=True)}\n'
                f'<figcaption><b>{self.t("figure")} {f.number}.</b> {tag}<b>{escape(title)}</b><br>'
                f"{escape(f.text.caption)}{checked}</figcaption>\n</figure>\n")

    def index(self) -> str:
        if self.lang.index:
            return self.subjects()
        rows = []
        for e in self.m.rules.index:
            summary = self.md.renderInline(e.summary)
            rows.append(f'<tr><td><a href="#rule-{e.rule}"><b>{e.rule}</b></a></td><td>{summary}</td>'
                        f'<td><a href="#section-{e.section}">{e.section}</a></td></tr>\n')
        return (f'<h2 id="index">{self.t("index")}</h2>\n<p>{self.t("index_intro")}</p>\n<table>\n'
                f'<tr><th>{self.t("rule")}</th><th></th><th>{self.t("section")}</th></tr>\n{"".join(rows)}</table>\n')


    def subjects(self) -> str:
        """The players' index (:attr:`Language.index`): each word with a link to the
        section of each rule it points to (``§ 7``: a web page has no pages), the ids in
        small print; then every rule's id
        in small print, each a link to its rule."""
        section = self.m.rules.defined
        lines = []
        for t in self.lang.index:
            links = ", ".join(f'<a href="#rule-{rules[0]}">§\u00a0{n}</a>'
                              for n, rules in _by_section(t.rules, section).items())
            lines.append(f'<li>{escape(t.term)} {links} <small class="rule-id">{" ".join(t.rules)}</small></li>\n')
        ids = " · ".join(f'<a href="#rule-{e.rule}">{e.rule}</a>' for e in self.m.rules.index)
        return (f'<h2 id="index">{self.t("index")}</h2>\n<p>{self.t("index_intro")}</p>\n<ul class="index">\n'
                f'{"".join(lines)}</ul>\n<p class="rule-id">{self.t("index_ids")}: {ids}</p>\n')


def _by_section(rules: tuple[str, ...], section: Mapping[str, int]) -> dict[int, list[str]]:
    """``rules`` grouped by the section that defines each, in the sections' order."""
    out: dict[int, list[str]] = {}
    for rule in sorted(rules, key=lambda r: section[r]):
        out.setdefault(section[rule], []).append(rule)
    return out


def to_html(manual: Manual, theme: Theme) -> str:
    """The manual as one HTML page (module docstring); the same input gives the same text."""
    return _Writer(manual, theme).page()


__all__ = ["to_html"]
