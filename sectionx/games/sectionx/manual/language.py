"""A language of the manual: every word it prints that is not the rules text, as data.

One YAML file per language in ``sectionx/data/manual/`` (``en.yaml``, ``de.yaml``,
``nl.yaml``); another language is another file, not code.  A file holds:

* ``language`` (its code) and ``name`` (in the language itself);
* ``text``: the manual's own words (the cover, headings, "Figure", "page" ...);
* ``words``: the fixed words drawn on figures and the board (ISLAND, FREE ZONE ...);
* ``sections``: the title of each rules section 1 to 11 (optional in English, which
  takes the titles of the rules text);
* ``intro``: paragraphs that open the book;
* ``components``: name, count and a note for each component of the game;
* ``summary``: the turn summary, a list of parts, each a heading and lines;
* ``figures``: for each figure, its ``title``, ``caption`` and the ``says`` of each
  claim, in order.  English takes these from the figure files themselves (they are
  written there); every other language must give them for every figure the manual
  prints.

Every value is checked when the file is read: a missing key, text where a list
belongs, a string the theme's font cannot print (the PDF would show empty boxes)
is a :class:`~sectionx.yamlsrc.Diagnostic` at its line, rule ``manual`` or ``font``.
"""

from __future__ import annotations

import string
from dataclasses import dataclass, fields, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....yamlsrc import Diagnostic, Doc, LoadError, YamlPath, parse_yaml
from ..render.words import ENGLISH, Words
from .source import MANUAL, PLAYER_SECTIONS

if TYPE_CHECKING:
    from ....render.theme import Theme

#: The languages shipped with sectionx (a file each in sectionx/data/manual/).
LANGUAGES = ("en", "de", "nl")

#: The manual's own words: every language file gives each of these under ``text:``.
TEXT_KEYS = (
    "title", "subtitle", "edition", "contents", "components", "components_intro", "rules", "summary",
    "index", "index_intro", "figure", "checked", "page", "rule", "section", "rules_language",
)

#: The words drawn on figures and the board, under ``words:``: every word of
#: :class:`sectionx.games.sectionx.render.words.Words` (its English is the default there).
WORD_KEYS = tuple(f.name for f in fields(Words) if isinstance(getattr(ENGLISH, f.name), str))

#: The components, in the order the components page shows them, under ``components:``.
COMPONENT_KEYS = ("board", "tiles", "prisoners", "doors", "keys")


@dataclass(frozen=True)
class Component:
    name: str
    count: str
    note: str


@dataclass(frozen=True)
class SummaryPart:
    heading: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class FigureText:
    """A figure's words in one language: its title, caption and what each claim says."""

    title: str
    caption: str
    says: tuple[str, ...]


@dataclass(frozen=True)
class Language:
    """One language's words; :meth:`figure` finds a figure's text, with its line."""

    code: str
    name: str
    file: str
    text: dict[str, str]
    words: dict[str, str]
    sections: dict[int, str]
    intro: tuple[str, ...]
    components: dict[str, Component]
    summary: tuple[SummaryPart, ...]
    figures: dict[str, FigureText]
    doc: Doc

    def drawn_words(self) -> Words:
        """The words for figures and the board (goal sentences stay English: no manual
        figure is a puzzle)."""
        given: dict[str, Any] = dict(self.words)  # every key is a str field (WORD_KEYS, checked on reading)
        return replace(ENGLISH, **given)

    def figure(self, name: str) -> FigureText | None:
        return self.figures.get(name)

    def at(self, path: YamlPath, message: str, rule: str = MANUAL) -> Diagnostic:
        """A problem at ``path`` of this file."""
        return self.doc.diag(path, message, rule)


def _fields(text: str) -> set[str] | None:
    """The ``{name}`` fields of a format string; None if it is not one."""
    try:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
    except ValueError:
        return None


def language_file(code: str) -> Path:
    """The shipped file of language ``code``."""
    return Path(str(resources.files("sectionx").joinpath(f"data/manual/{code}.yaml")))


class _Reader:
    def __init__(self, doc: Doc):
        self.doc = doc
        self.problems: list[Diagnostic] = []

    def bad(self, path: YamlPath, message: str, rule: str = MANUAL) -> None:
        self.problems.append(self.doc.diag(path, message, rule))

    def mapping(self, path: YamlPath, value: Any, what: str) -> dict[Any, Any]:
        if not isinstance(value, dict):
            self.bad(path, f"{what} must be a mapping (key: value lines)")
            return {}
        return value

    def string(self, path: YamlPath, value: Any, what: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.bad(path, f"{what} must be text")
            return ""
        return " ".join(value.split()) if "\n" not in value.rstrip("\n") else value.strip()

    def strings(self, path: YamlPath, value: Any, what: str) -> tuple[str, ...]:
        if not isinstance(value, list) or not value:
            self.bad(path, f"{what} must be a list of texts")
            return ()
        return tuple(self.string((*path, i), v, f"{what}[{i}]") for i, v in enumerate(value))

    def keys(self, path: YamlPath, got: dict[str, Any], wanted: tuple[str, ...], what: str,
             optional: tuple[str, ...] = ()) -> None:
        for k in wanted:
            if k not in got and k not in optional:
                self.bad(path, f"{what} lacks '{k}'", MANUAL)
        for k in got:
            if k not in wanted:
                self.bad((*path, k), f"{what} has an unknown key '{k}' (known: {', '.join(wanted)})")


def read_language(path: str | Path, text: str | None = None) -> Language:
    """The language file at ``path`` (or ``text`` read as that file); LoadError lists
    every problem, each at its line."""
    from ....yamlsrc import read_text

    name = str(path)
    if text is None:
        text, name = read_text(path, what="language file")
    doc = parse_yaml(text, name)
    r = _Reader(doc)
    top = r.mapping((), doc.data, "a language file")
    r.keys((), top, ("language", "name", "text", "words", "sections", "intro", "components", "summary", "figures"),
           "the language file", optional=("sections", "figures"))
    code = r.string(("language",), top.get("language", ""), "language")
    lname = r.string(("name",), top.get("name", ""), "name")
    texts = r.mapping(("text",), top.get("text", {}), "text")
    r.keys(("text",), texts, TEXT_KEYS, "text")
    words = r.mapping(("words",), top.get("words", {}), "words")
    r.keys(("words",), words, WORD_KEYS, "words")
    for k in WORD_KEYS:
        if k in words:
            r.string(("words", k), words[k], f"words.{k}")
            wanted = _fields(getattr(ENGLISH, k))
            got = _fields(str(words[k]))
            if got != wanted:
                shown = ", ".join("{" + f + "}" for f in sorted(wanted or ())) or "none"
                r.bad(("words", k), f"words.{k} must hold the same {{...}} fields as the English ({shown})")
    sections_in = r.mapping(("sections",), top.get("sections", {}), "sections")
    sections: dict[int, str] = {}
    for k, v in sections_in.items():
        number = int(k) if str(k).isdigit() else 0  # the YAML reader keeps keys as text
        if number not in PLAYER_SECTIONS:
            r.bad(("sections", k), f"sections: {k!r} is not a section number {PLAYER_SECTIONS.start} to {PLAYER_SECTIONS.stop - 1}")
        else:
            sections[number] = r.string(("sections", k), v, f"sections.{k}")
    lacking = [str(n) for n in PLAYER_SECTIONS if n not in sections]
    if code != "en" and lacking:
        r.bad(("sections",), f"sections lacks {', '.join(lacking)}: every language but English names the rules sections")
    intro = r.strings(("intro",), top.get("intro", []), "intro")
    comps_in = r.mapping(("components",), top.get("components", {}), "components")
    r.keys(("components",), comps_in, COMPONENT_KEYS, "components")
    components = {}
    for k in COMPONENT_KEYS:
        c = r.mapping(("components", k), comps_in.get(k, {}), f"components.{k}")
        r.keys(("components", k), c, ("name", "count", "note"), f"components.{k}")
        components[k] = Component(r.string(("components", k, "name"), c.get("name", ""), "name"),
                                  r.string(("components", k, "count"), str(c.get("count", "")), "count"),
                                  r.string(("components", k, "note"), c.get("note", ""), "note"))
    summary: list[SummaryPart] = []
    raw_summary = top.get("summary", [])
    if not isinstance(raw_summary, list) or not raw_summary:
        r.bad(("summary",), "summary must be a list of parts, each with a heading and lines")
        raw_summary = []
    for i, part in enumerate(raw_summary):
        p = r.mapping(("summary", i), part, f"summary[{i}]")
        r.keys(("summary", i), p, ("heading", "lines"), f"summary[{i}]")
        summary.append(SummaryPart(r.string(("summary", i, "heading"), p.get("heading", ""), "heading"),
                                   r.strings(("summary", i, "lines"), p.get("lines", []), "lines")))
    figures: dict[str, FigureText] = {}
    figs_in = r.mapping(("figures",), top.get("figures", {}) or {}, "figures")
    for k, v in figs_in.items():
        f = r.mapping(("figures", k), v, f"figures.{k}")
        r.keys(("figures", k), f, ("title", "caption", "says"), f"figures.{k}")
        says = f.get("says", [])
        figures[str(k)] = FigureText(r.string(("figures", k, "title"), f.get("title", ""), "title"),
                                     r.string(("figures", k, "caption"), f.get("caption", ""), "caption"),
                                     r.strings(("figures", k, "says"), says, "says") if says != [] else ())
    if r.problems:
        raise LoadError(r.problems)
    return Language(code, lname, name, {k: str(v) for k, v in texts.items()}, {k: str(v) for k, v in words.items()},
                    sections, intro, components, tuple(summary), figures, doc)


def load_language(code: str) -> Language:
    """A shipped language by its code; LoadError for a code sectionx does not ship."""
    if code not in LANGUAGES:
        raise LoadError([Diagnostic(code, 0, 0, f"no manual in language {code!r}; sectionx has {', '.join(LANGUAGES)} "
                                    "(another language is a file in sectionx/data/manual/)", MANUAL)])
    return read_language(language_file(code))


def unprintable(lang: Language, theme: Theme) -> list[Diagnostic]:
    """Every string of the language file the theme's fonts cannot print, at its line."""
    from ....render import fonts

    out: list[Diagnostic] = []

    def walk(path: YamlPath, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk((*path, k), v)
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk((*path, i), v)
        elif isinstance(value, str):
            why = fonts.unprintable(value, theme)
            if why:
                out.append(lang.doc.diag(path, why, "font"))

    walk((), lang.doc.data)
    return out


__all__ = ["COMPONENT_KEYS", "LANGUAGES", "TEXT_KEYS", "WORD_KEYS", "Component", "FigureText", "Language",
           "SummaryPart", "language_file", "load_language", "read_language", "unprintable"]
