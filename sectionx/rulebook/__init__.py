"""A game's illustrated rulebook (``sectionx manual``): its rules with figures the referee proves.

Every game builds its book here; a game gives a :class:`Rulebook`: its rulebook
folder inside the package (``sectionx/games/<game>/rulebook/``: ``rules-LANG.md``,
``figures/*.yaml``, one ``LANG.yaml`` per language), how its referee judges a
figure and how it draws one, and, if it has them, the words it draws on figures
and pictures of its cover and components.  :func:`prepare` gathers everything a
book needs and checks it, so that the two writers (:mod:`.pdf`, :mod:`.html`) only
lay out what is known to be right:

1. the language file (:mod:`.language`), every string printable in the theme's font;
2. the rules text (:mod:`.source`): its numbered sections and its index of rule
   ids; the language's own (``rules-de.md``) where the game has one, else the
   English, and the book then says so;
3. every figure in the figures folder: read under the house's limits and judged by
   the game (``figure_problems``: the file's form, the position's every rule, every
   claim).  A false claim stops the build with one line naming the file, the line
   and the claim;
4. where each figure goes: its (English) title starts with the id of the rule it
   illustrates (``N3: the distance rule``), and it is printed after that rule's
   text; figures of one rule in the order of their file names;
5. the players' index (the language file's ``index``): every rule id it points to
   is a rule the book prints;
6. each figure's words in the book's language (the figure file's own in English,
   the language file's otherwise, with a ``says`` for every claim), and its
   drawing (``draw_figure``: one page, cropped, without the title and caption
   the book sets as text), in the language's words.

Everything is read and drawn before a byte is written, so a failed build writes
nothing.  Nothing here names a game.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..fileio import FILE_RULE
from ..yamlsrc import Diagnostic, Doc, LoadError, read_yaml
from .language import FigureText, Language, read_language, unprintable
from .pictures import Picture
from .source import MANUAL, Rules, place_figures, read_rules

if TYPE_CHECKING:
    from ..render.scene import Document
    from ..render.theme import Theme

#: Most figures one book takes (a limit, so a folder of thousands is refused, not drawn).
MAX_FIGURES = 200

#: The box (mm, width and height) a book draws a figure's picture in, unless the game
#: gives its own (:attr:`Rulebook.figure_size`): small enough that a figure with its
#: caption rarely leaves half a page empty where it does not fit, big enough to read.
FIGURE_SIZE = (120.0, 78.0)

#: The folder of a game's rulebook, beside its code: ``sectionx/games/<game>/rulebook``.
FOLDER = "rulebook"

_TITLE_RULE = re.compile(r"^\s*([A-Z]{1,3}[0-9]+)\b")
_LANGUAGE_FILE = re.compile(r"^[a-z]{2,3}$")

#: ``figure_problems(path, doc)``: every problem of a figure file, located (its form, the
#: position's rules, each false claim); an empty list when every claim holds.
FigureProblems = Callable[[Path, Doc], list[Diagnostic]]
#: ``draw(path, doc, theme, words)``: the figure drawn on one page, cropped, in ``words``
#: (the language file's ``words:``, empty for a game that draws none).
FigureDrawing = Callable[[Path, Doc, "Theme", Mapping[str, str]], "Document"]


def packaged(package: str) -> Path:
    """The rulebook folder of the game package ``package`` (``sectionx.games.hekla``),
    where the package is installed: its files are package data, read through
    importlib.resources, so an installed sectionx builds the book as a clone does."""
    return Path(str(resources.files(package).joinpath(FOLDER)))


@dataclass(frozen=True)
class Rulebook:
    """What a game gives the rulebook builder (module docstring).

    ``sections``: the numbered sections of the rules text the book prints (None:
    all).  ``words``: the words the game draws on figures, in English by key; a
    language file gives each, with the same ``{fields}``.  ``components``: the keys
    of the components page, in its order (none: no such page), and
    ``component_pictures`` a picture of each; ``cover`` the picture on the cover.
    ``figure_size``: the box (mm, width and height) the PDF draws a figure's picture
    in, at most its own size (a game whose drawings need more room to stay readable
    gives a larger box; the HTML page shows each figure at the size the PDF prints it).
    ``summary_after``: the number of the section the turn at a glance follows (the
    game's end, before the clarifications; None: after the last section)."""

    game: str
    folder: Path
    figure_problems: FigureProblems
    draw_figure: FigureDrawing
    sections: range | None = None
    words: Mapping[str, str] = field(default_factory=dict)
    components: tuple[str, ...] = ()
    component_pictures: Callable[[Theme, Language], list[tuple[str, Picture]]] | None = None
    cover: Callable[[Theme, Language], Picture] | None = None
    figure_size: tuple[float, float] = FIGURE_SIZE
    summary_after: int | None = None

    def unknown(self, code: str) -> str:
        """What to say of a language the game does not ship."""
        return (f"no manual in language {code!r}; sectionx has {', '.join(self.languages)} for {self.game} "
                "(or give a language file of your own: --lang FILE.yaml)")

    @property
    def figures(self) -> Path:
        return self.folder / "figures"

    @property
    def languages(self) -> tuple[str, ...]:
        """The languages the game ships (a ``LANG.yaml`` each), English first."""
        found = sorted(p.stem for p in self.folder.glob("*.yaml") if _LANGUAGE_FILE.match(p.stem))
        return tuple(sorted(found, key=lambda code: (code != "en", code)))

    def rules_file(self, code: str) -> Path:
        """The rules text the book in language ``code`` prints: the language's own, or the English."""
        own = self.folder / f"rules-{code}.md"
        return own if own.is_file() else self.folder / "rules-en.md"

    def language(self, language: str | Path) -> Language:
        """A shipped language by its code, or the language file at a path (``.yaml``)."""
        if isinstance(language, Path) or str(language).endswith((".yaml", ".yml")):
            return read_language(language, words=self.words, components=self.components)
        if language not in self.languages:
            raise LoadError([Diagnostic("--lang", 0, 0, self.unknown(language), FILE_RULE)])
        return read_language(self.folder / f"{language}.yaml", words=self.words, components=self.components)


@dataclass(frozen=True)
class BookFigure:
    """A checked figure, ready to print: its number in the book, the rule it
    illustrates, its words in the book's language, and its file."""

    name: str
    number: int
    rule: str
    text: FigureText
    path: Path
    doc: Doc


@dataclass(frozen=True)
class Manual:
    """A checked book: the game's rulebook, the language, rules with figures placed,
    the figures by name, and whether the rules text is in the book's language."""

    book: Rulebook
    language: Language
    rules: Rules
    figures: dict[str, BookFigure]
    rules_in_language: bool = True


def _figure_rule(name: str, doc: Doc) -> str:
    title = doc.data.get("title") if isinstance(doc.data, dict) else None
    m = _TITLE_RULE.match(title) if isinstance(title, str) else None
    if not m:
        raise LoadError([doc.diag(("title",), f"figure {name}: its title must start with the id of the rule it illustrates "
                                  "('N3: the distance rule'), so the manual knows where to print it", MANUAL)])
    return m.group(1)


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


def _own_text(doc: Doc) -> tuple[list[tuple[tuple[object, ...], str]], FigureText]:
    """The figure file's own words (located) and as the English book prints them:
    ``title``, ``annotations.caption`` and each claim's ``says``."""
    data: dict[str, Any] = doc.data if isinstance(doc.data, dict) else {}
    notes = data.get("annotations")
    claims = data.get("claims")
    title = _text(data.get("title"))
    caption = _text(notes.get("caption")) if isinstance(notes, dict) else ""
    says = tuple(_text(c.get("says")) if isinstance(c, dict) else "" for c in (claims if isinstance(claims, list) else []))
    located: list[tuple[tuple[object, ...], str]] = [(("title",), title), (("annotations", "caption"), caption)]
    located += [(("claims", i, "says"), s) for i, s in enumerate(says)]
    return located, FigureText(title, " ".join(caption.split()), says)


def _unprintable_figure(doc: Doc, theme: Theme) -> list[Diagnostic]:
    """The figure's own title, caption and claims, where the book's font cannot print
    them (the book sets them as text, not in the drawing that checks its glyphs)."""
    from ..render import fonts

    out = []
    for where, text in _own_text(doc)[0]:
        why = fonts.unprintable(text, theme) if text else ""
        if why:
            out.append(doc.diag(where, why, "font"))
    return out


def _words(name: str, doc: Doc, lang: Language, in_language: bool) -> FigureText:
    """The figure's words in ``lang``: the file's own in the rules' language, else the language file's."""
    own = _own_text(doc)[1]
    if in_language and lang.code == "en" and name not in lang.figures:
        return own
    text = lang.figure(name)
    if text is None:
        raise LoadError([lang.at(("figures",), f"figure {name} has no {lang.name} words: give figures.{name} with "
                                 "title, caption and says")])
    if len(text.says) != len(own.says):
        raise LoadError([lang.at(("figures", name, "says"), f"figure {name} has {len(own.says)} claims, and "
                                 f"figures.{name}.says gives {len(text.says)}: one 'says' for each claim, in order")])
    return text


def _section_names(lang: Language, rules: Rules, in_language: bool) -> list[Diagnostic]:
    """The language's section titles against the sections the book prints."""
    printed = [s.number for s in rules.sections]
    out = [lang.at(("sections", str(n)), f"sections: {n} is not a section the book prints ({printed[0]} to {printed[-1]})")
           for n in lang.sections if n not in printed]
    lacking = [str(n) for n in printed if n not in lang.sections]
    if not in_language and lacking:
        out.append(lang.at(("sections",), f"sections lacks {', '.join(lacking)}: the rules text is not in {lang.name}, "
                           "so the language file names its sections"))
    if not in_language and "rules_language" not in lang.text:
        out.append(lang.at(("text",), f"text lacks 'rules_language': the book says that its rules are not in {lang.name}"))
    return out


def prepare(book: Rulebook, language: str | Path, *, rules_text: str | Path | None = None,
            figures: str | Path | None = None, theme: Theme | None = None) -> Manual:
    """Read and check everything the book needs (module docstring); LoadError lists
    the problems, each ``FILE:LINE:COLUMN: message (rule)``.  ``language`` is a
    shipped code (``en``) or the path of a language file; ``rules_text`` and
    ``figures`` replace the game's own."""
    from ..render.theme import load_theme

    look = theme if theme is not None else load_theme(None)
    lang = book.language(language)
    glyphs = unprintable(lang, look)
    if glyphs:
        raise LoadError(glyphs)
    text_file = Path(rules_text) if rules_text is not None else book.rules_file(lang.code)
    in_language = text_file.name == f"rules-{lang.code}.md" if rules_text is None else lang.code == "en"
    rules = read_rules(text_file, book.sections)
    problems = _section_names(lang, rules, in_language)
    # Each index word points at rules the book prints (a page number for each).
    problems += [lang.at(("index", t.term), f"index: {t.term!r} points to {rule}, a rule the rules text ({rules.file}) "
                         "does not define in the sections the book prints") for t in lang.index for rule in t.rules
                 if rule not in rules.defined]
    folder = Path(figures) if figures is not None else book.figures
    if not folder.is_dir():
        raise LoadError([Diagnostic(str(folder), 0, 0, "no such folder of figures", FILE_RULE)])
    paths = sorted((p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file()), key=lambda p: p.stem)
    if len(paths) > MAX_FIGURES:
        raise LoadError([Diagnostic(str(folder), 0, 0, f"{len(paths)} figures; a manual takes at most {MAX_FIGURES}", MANUAL)])
    home = folder.resolve()
    for path in paths:
        # As for a deck's folder (sectionx.puzzlesets): a link to a file elsewhere would
        # have the manual quote that file's lines in its problems, or print it.
        if path.is_symlink() and path.resolve().parent != home:
            raise LoadError([Diagnostic(str(path), 0, 0, f"a link to a file outside {folder}; a manual prints only "
                                        "the folder's own figures (copy the file in)", FILE_RULE)])
    found: list[tuple[Path, str, Doc]] = []
    for path in paths:
        try:
            doc = read_yaml(path, what="figure")
            judged = book.figure_problems(path, doc)
            if judged:
                problems += judged
                continue
            rule = _figure_rule(path.stem, doc)
        except LoadError as exc:
            problems += exc.diagnostics
            continue
        if rule not in rules.defined:
            problems.append(doc.diag(("title",), f"figure {path.stem} illustrates {rule}, a rule the rules text "
                                     f"({rules.file}) does not define in the sections the book prints", MANUAL))
            continue
        found.append((path, rule, doc))
    if problems:
        raise LoadError(problems)
    for _, _, doc in found:
        if lang.figure(Path(doc.file).stem) is None:
            problems += _unprintable_figure(doc, look)
    names = {path.stem for path, _, _ in found}
    # Words for a figure that is gone are stale: refused for the game's own figures (a
    # renamed figure would otherwise lose its translation unnoticed), not for an
    # author's folder, which the shipped language files do not know.
    stale = [name for name in lang.figures if name not in names] if folder.resolve() == book.figures.resolve() else []
    problems += [lang.at(("figures", name), f"figures.{name}: there is no figure {name} in {folder} (a figure renamed "
                         "or removed?)") for name in stale]
    placed = place_figures(rules, [(path.stem, rule) for path, rule, _ in found])
    order = [b.figure for s in placed.sections for b in s.blocks if b.kind == "figure"]
    by_name = {path.stem: (path, rule, doc) for path, rule, doc in found}
    figs: dict[str, BookFigure] = {}
    for number, name in enumerate(order, 1):
        path, rule, doc = by_name[name]
        try:
            figs[name] = BookFigure(name, number, rule, _words(name, doc, lang, in_language), path, doc)
        except LoadError as exc:
            problems += exc.diagnostics
    if problems:
        raise LoadError(problems)
    return Manual(book, lang, placed, figs, in_language)


def _untitled(doc: Doc) -> Doc:
    """The figure without the title and caption the book sets as text (positions kept)."""
    data: Any = doc.data
    if not isinstance(data, dict):
        return doc
    data = {k: v for k, v in data.items() if k not in ("title", "description")}
    notes = data.get("annotations")
    if isinstance(notes, dict) and "caption" in notes:
        data["annotations"] = {k: v for k, v in notes.items() if k != "caption"}
    return replace(doc, data=data)


def drawn(manual: Manual, figure: BookFigure, theme: Theme) -> Document:
    """The figure's drawing for the book: cropped, without the title and caption the
    book sets as text, with the language's words on it."""
    return manual.book.draw_figure(figure.path, _untitled(figure.doc), theme, manual.language.words)


__all__ = ["FIGURE_SIZE", "FOLDER", "MAX_FIGURES", "BookFigure", "FigureDrawing", "FigureProblems", "Manual", "Picture", "Rulebook",
           "drawn", "packaged", "prepare"]
