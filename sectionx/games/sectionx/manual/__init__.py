"""The illustrated rulebook (``sectionx manual``): the rules with figures the engine proves.

:func:`prepare` gathers everything a book needs and checks it, so that the two
writers (:mod:`.pdf`, :mod:`.html`) only lay out what is known to be right:

1. the language file (:mod:`.language`), every string printable in the theme's font;
2. the rules text (:mod:`.source`): sections 1 to 11 of ``docs/rules.md`` and its
   index of rule ids;
3. every figure in the figures folder (``scenarios/rules/``): checked as
   ``sectionx validate`` checks a position, then every claim by the engine
   (:func:`sectionx.games.sectionx.figures.check_figure`).  A false claim stops the build with one
   line naming the file, the line and the claim;
4. where each figure goes: its (English) title starts with the id of the rule it
   illustrates (``N3: the distance rule``), and it is printed after that rule's
   text; figures of one rule in the order of their file names;
5. each figure's words in the book's language (the figure file's own in English,
   the language file's otherwise, with a ``says`` for every claim), and its
   drawing, cropped, in the language's words.

Everything is read and drawn before a byte is written, so a failed build writes
nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from ....yamlsrc import Diagnostic, LoadError, read_yaml
from .. import figures as figure_checks
from ..model import Scenario
from .language import FigureText, Language, load_language, read_language, unprintable
from .source import MANUAL, Rules, place_figures, read_rules

if TYPE_CHECKING:
    from ....render.scene import Document
    from ....render.theme import Theme

#: The project folder: the manual is built from its docs/rules.md and scenarios/rules/.
PROJECT = Path(__file__).resolve().parents[4]

#: Where a clone keeps the rules text and the figures.
RULES_TEXT = PROJECT / "docs" / "rules.md"
FIGURES = PROJECT / "scenarios" / "rules"

#: Most figures one book takes (a limit, so a folder of thousands is refused, not drawn).
MAX_FIGURES = 200

_TITLE_RULE = re.compile(r"^\s*([A-Z][0-9]+)\b")


@dataclass(frozen=True)
class BookFigure:
    """A checked figure, ready to print: its number in the book, the rule it
    illustrates, its words in the book's language and its scenario."""

    name: str
    number: int
    rule: str
    text: FigureText
    scenario: Scenario


@dataclass(frozen=True)
class Manual:
    """A checked book: language, rules with figures placed, and the figures by name."""

    language: Language
    rules: Rules
    figures: dict[str, BookFigure]


def _figure_rule(name: str, scenario: Scenario, path: Path) -> str:
    m = _TITLE_RULE.match(scenario.title)
    if not m:
        doc = read_yaml(path)
        raise LoadError([doc.diag(("title",), f"figure {name}: its title must start with the id of the rule it illustrates "
                                  "('N3: the distance rule'), so the manual knows where to print it", MANUAL)])
    return m.group(1)


def _unprintable_figure(path: Path, theme: Theme) -> list[Diagnostic]:
    """The figure's own title, caption and claims, where the book's font cannot print
    them (the manual sets them as text, not in the drawing that checks its glyphs)."""
    from ....render import fonts

    doc = read_yaml(path)
    data = doc.data if isinstance(doc.data, dict) else {}
    texts: list[tuple[tuple[object, ...], object]] = [(("title",), data.get("title"))]
    annotations = data.get("annotations")
    if isinstance(annotations, dict):
        texts.append((("annotations", "caption"), annotations.get("caption")))
    claims = data.get("claims")
    for i, claim in enumerate(claims if isinstance(claims, list) else []):
        if isinstance(claim, dict):
            texts.append((("claims", i, "says"), claim.get("says")))
    out = []
    for where, text in texts:
        why = fonts.unprintable(text, theme) if isinstance(text, str) else ""
        if why:
            out.append(doc.diag(where, why, "font"))
    return out


def _words(name: str, scenario: Scenario, lang: Language) -> FigureText:
    """The figure's words in ``lang``: the file's own in English, else the language file's."""
    says = tuple(c.says for c in scenario.claims)
    if lang.code == "en" and name not in lang.figures:
        return FigureText(scenario.title, " ".join(scenario.annotations.caption.split()), says)
    text = lang.figure(name)
    if text is None:
        raise LoadError([lang.at(("figures",), f"figure {name} has no {lang.name} words: give figures.{name} with "
                                 "title, caption and says")])
    if len(text.says) != len(says):
        raise LoadError([lang.at(("figures", name, "says"), f"figure {name} has {len(says)} claims, and "
                                 f"figures.{name}.says gives {len(text.says)}: one 'says' for each claim, in order")])
    return text


def prepare(language: str | Path, *, rules_text: str | Path = RULES_TEXT, figures: str | Path = FIGURES,
            theme: Theme | None = None) -> Manual:
    """Read and check everything the book needs (module docstring); LoadError lists
    the problems, each ``FILE:LINE:COLUMN: message (rule)``.  ``language`` is a
    shipped code (``en``) or the path of a language file."""
    from ....render.theme import load_theme

    look = theme if theme is not None else load_theme(None)
    lang = read_language(language) if isinstance(language, Path) or str(language).endswith((".yaml", ".yml")) \
        else load_language(str(language))
    glyphs = unprintable(lang, look)
    if glyphs:
        raise LoadError(glyphs)
    rules = read_rules(rules_text)
    folder = Path(figures)
    if not folder.is_dir():
        raise LoadError([Diagnostic(str(folder), 0, 0, "no such folder of figures", MANUAL)])
    paths = sorted((p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()), key=lambda p: p.stem)
    if len(paths) > MAX_FIGURES:
        raise LoadError([Diagnostic(str(folder), 0, 0, f"{len(paths)} figures; a manual takes at most {MAX_FIGURES}", MANUAL)])
    found: list[tuple[str, str, Scenario]] = []
    problems: list[Diagnostic] = []
    for path in paths:
        try:
            scenario = figure_checks.check_figure(path).scenario
            rule = _figure_rule(path.stem, scenario, path)
        except LoadError as exc:
            problems += exc.diagnostics
            continue
        if rule not in rules.defined:
            problems.append(read_yaml(path).diag(("title",), f"figure {path.stem} illustrates {rule}, a rule the "
                                                 f"rules text ({rules.file}) does not define in sections 1 to 11", MANUAL))
            continue
        found.append((path.stem, rule, scenario))
    if problems:
        raise LoadError(problems)
    names = {name for name, _, _ in found}
    for path in paths:
        if path.stem in names and lang.figure(path.stem) is None:
            problems += _unprintable_figure(path, look)
    # Words for a figure that is gone are stale: refused for the project's own figures
    # (a renamed figure would otherwise lose its translation unnoticed), not for an
    # author's folder, which the shipped language files do not know.
    stale = [name for name in lang.figures if name not in names] if folder.resolve() == Path(FIGURES).resolve() else []
    problems += [lang.at(("figures", name), f"figures.{name}: there is no figure {name} in {folder} (a figure renamed "
                         "or removed?)") for name in stale]
    placed = place_figures(rules, [(name, rule) for name, rule, _ in found])
    order = [b.figure for s in placed.sections for b in s.blocks if b.kind == "figure"]
    by_name = {name: (rule, scenario) for name, rule, scenario in found}
    book: dict[str, BookFigure] = {}
    for number, name in enumerate(order, 1):
        rule, scenario = by_name[name]
        try:
            book[name] = BookFigure(name, number, rule, _words(name, scenario, lang), scenario)
        except LoadError as exc:
            problems += exc.diagnostics
    if problems:
        raise LoadError(problems)
    return Manual(lang, placed, book)


def drawn(figure: BookFigure, lang: Language, theme: Theme) -> Document:
    """The figure's drawing for the book: cropped, without the title and caption the
    book sets as text, with the language's words on the board."""
    from ..render import diagram

    scenario = replace(figure.scenario, title="", description="",
                       annotations=replace(figure.scenario.annotations, caption=""))
    return diagram.diagram(scenario, theme, crop=True, coords=False, panel=False, goal_text=False,
                           words=lang.drawn_words())


__all__ = ["FIGURES", "MAX_FIGURES", "RULES_TEXT", "BookFigure", "Manual", "drawn", "prepare"]
