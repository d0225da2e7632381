"""A language of a game's rulebook: every word it prints that is not the rules text, as data.

One YAML file per game and language, ``sectionx/games/<game>/rulebook/LANG.yaml``
(or a file of the user's own, ``--lang FILE.yaml``); another language is another
file, not code.  A file holds:

* ``language`` (its code) and ``name`` (in the language itself);
* ``text``: the book's own words (the cover, headings, "Figure", "page" ...):
  :data:`TEXT_KEYS` always, ``components`` and ``components_intro`` with a
  components page, ``summary`` with a turn summary, ``rules_language`` where the
  book prints a rules text that is not in its language;
* ``words``: the fixed words the game draws on figures (ISLAND, FREE ZONE ...),
  exactly the game's keys (:attr:`sectionx.rulebook.Rulebook.words`), each with the
  same ``{fields}`` as the English; none for a game that draws no words;
* ``sections``: the title of each rules section (optional where the rules text is
  in the book's language, which then takes the text's own titles);
* ``intro``: paragraphs that open the book (optional);
* ``components``: name, count and a note for each of the game's components
  (:attr:`sectionx.rulebook.Rulebook.components`; optional for a game without a
  components page);
* ``summary``: the turn at a glance, a list of parts, each a heading and lines
  (optional);
* ``figures``: for each figure, its ``title``, ``caption`` and the ``says`` of each
  claim, in order.  English takes these from the figure files themselves (they are
  written there); every other language must give them for every figure the book
  prints;
* ``index``: the players' index, subject words in the language (``door``, ``Tür``,
  ``tunnelstrijd``), each with the ids of the rules it points to (``door: [D2, D3,
  M4]``); the book prints each word with the pages of those rules, in the
  language's alphabetical order (:func:`collation_key`), the ids in small print,
  and needs ``text.index_ids`` for its small-print list of rule ids.  A book
  without it prints the index of rule ids.

Every value is checked when the file is read: a missing key, text where a list
belongs, a string the theme's font cannot print (the PDF would show empty boxes)
is a :class:`~sectionx.yamlsrc.Diagnostic` at its line, rule ``manual`` or ``font``.
Nothing here names a game.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..yamlsrc import Diagnostic, Doc, LoadError, YamlPath, parse_yaml, read_text
from .source import MANUAL

if TYPE_CHECKING:
    from ..render.theme import Theme

#: The book's own words: every language file gives each of these under ``text:``.
TEXT_KEYS = ("title", "subtitle", "edition", "contents", "rules", "index", "index_intro", "figure", "checked", "page",
             "rule", "section")

#: Words under ``text:`` that only some books need (see the module docstring).
OPTIONAL_TEXT_KEYS = ("components", "components_intro", "summary", "rules_language", "index_ids")

#: The keys of a language file.
FILE_KEYS = ("language", "name", "text", "words", "sections", "intro", "components", "summary", "figures", "index")

#: A rule's id as an index term's list gives it (as the rules text writes it: N3, BW2, TU11).
RULE_ID = re.compile(r"[A-Z]{1,3}[0-9]+")


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
class IndexTerm:
    """A word of the players' index: the word and the ids of the rules it points to."""

    term: str
    rules: tuple[str, ...]


def collation_key(term: str) -> tuple[str, str]:
    """How a book's index orders ``term``: letters without their accents, case and
    umlaut dots (``Tür`` with ``Tur``, ``ß`` as ``ss``, the way German dictionaries
    and indexes sort, DIN 5007-1; Dutch and English sort the same way, ``ij`` as
    ``i`` then ``j``), then the word as written, so that the order is total."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", term.casefold()) if not unicodedata.combining(c))
    return plain.replace("ß", "ss"), term


@dataclass(frozen=True)
class Language:
    """One language's words; :meth:`figure` finds a figure's text, :meth:`at` a line."""

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
    index: tuple[IndexTerm, ...] = ()

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
            if k not in got:
                self.bad(path, f"{what} lacks '{k}'", MANUAL)
        for k in got:
            if k not in wanted and k not in optional:
                self.bad((*path, k), f"{what} has an unknown key '{k}' (known: {', '.join((*wanted, *optional))})")


def read_language(path: str | Path, *, words: Mapping[str, str], components: tuple[str, ...] = (),
                  text: str | None = None) -> Language:
    """The language file at ``path`` (or ``text`` read as that file) of a game that
    draws ``words`` (its English, by key) and has ``components``; LoadError lists
    every problem, each at its line."""
    name = str(path)
    if text is None:
        text, name = read_text(path, what="language file")
    doc = parse_yaml(text, name)
    r = _Reader(doc)
    top = r.mapping((), doc.data, "a language file")
    required = ("language", "name", "text") + (("words",) if words else ()) + (("components",) if components else ())
    r.keys((), top, required, "the language file", optional=FILE_KEYS)
    code = r.string(("language",), top.get("language", ""), "language")
    lname = r.string(("name",), top.get("name", ""), "name")
    texts = r.mapping(("text",), top.get("text", {}), "text")
    wanted_text = TEXT_KEYS + (("components", "components_intro") if "components" in top else ()) + \
        (("summary",) if "summary" in top else ()) + (("index_ids",) if "index" in top else ())
    r.keys(("text",), texts, wanted_text, "text", optional=OPTIONAL_TEXT_KEYS)
    for k in texts:
        r.string(("text", k), texts[k], f"text.{k}")
    given_words = r.mapping(("words",), top.get("words", {}), "words")
    r.keys(("words",), given_words, tuple(words), "words")
    for k in words:
        if k in given_words:
            r.string(("words", k), given_words[k], f"words.{k}")
            wanted = _fields(words[k])
            got = _fields(str(given_words[k]))
            if got != wanted:
                shown = ", ".join("{" + f + "}" for f in sorted(wanted or ())) or "none"
                r.bad(("words", k), f"words.{k} must hold the same {{...}} fields as the English ({shown})")
    sections_in = r.mapping(("sections",), top.get("sections", {}), "sections")
    sections: dict[int, str] = {}
    for k, v in sections_in.items():
        number = int(k) if str(k).isdigit() and len(str(k)) < 4 else 0  # the YAML reader keeps keys as text
        if number < 1:
            r.bad(("sections", k), f"sections: {k!r} is not a section number")
        else:
            sections[number] = r.string(("sections", k), v, f"sections.{k}")
    intro = r.strings(("intro",), top["intro"], "intro") if "intro" in top else ()
    parts: dict[str, Component] = {}
    if "components" in top:
        comps_in = r.mapping(("components",), top["components"], "components")
        r.keys(("components",), comps_in, components, "components")
        for k in components:
            c = r.mapping(("components", k), comps_in.get(k, {}), f"components.{k}")
            r.keys(("components", k), c, ("name", "count", "note"), f"components.{k}")
            parts[k] = Component(r.string(("components", k, "name"), c.get("name", ""), "name"),
                                 r.string(("components", k, "count"), str(c.get("count", "")), "count"),
                                 r.string(("components", k, "note"), c.get("note", ""), "note"))
    summary: list[SummaryPart] = []
    if "summary" in top:
        raw_summary = top["summary"]
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
    index = _index(r, top["index"]) if "index" in top else ()
    if r.problems:
        raise LoadError(r.problems)
    return Language(code, lname, name, {k: str(v) for k, v in texts.items()},
                    {k: str(given_words[k]) for k in words}, sections, intro, parts, tuple(summary), figures, doc,
                    index)


def _index(r: _Reader, raw: Any) -> tuple[IndexTerm, ...]:
    """The ``index`` mapping: each term with a list of rule ids (or the ids in one line),
    sorted by :func:`collation_key`; two terms that sort as one are refused."""
    terms: list[IndexTerm] = []
    for key, ids in r.mapping(("index",), raw, "index").items():
        term = r.string(("index", key), str(key), "an index term")
        given = ids.split() if isinstance(ids, str) else ids
        if not isinstance(given, list) or not given or not all(isinstance(i, str) and RULE_ID.fullmatch(i) for i in given):
            r.bad(("index", key), f"index.{key} must list the ids of the rules it points to (such as [N3, D4])")
            continue
        terms.append(IndexTerm(term, tuple(dict.fromkeys(given))))
    seen: dict[str, str] = {}
    for t in terms:
        plain = collation_key(t.term)[0]
        if plain in seen:
            r.bad(("index", t.term), f"index: {t.term!r} and {seen[plain]!r} are one word to a reader; give it once")
        seen[plain] = t.term
    return tuple(sorted(terms, key=lambda t: collation_key(t.term)))


def unprintable(lang: Language, theme: Theme) -> list[Diagnostic]:
    """Every string of the language file the theme's fonts cannot print, at its line."""
    from ..render import fonts

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


__all__ = ["FILE_KEYS", "OPTIONAL_TEXT_KEYS", "RULE_ID", "TEXT_KEYS", "Component", "FigureText", "IndexTerm", "Language",
           "SummaryPart", "collation_key", "read_language", "unprintable"]
