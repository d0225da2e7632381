"""The shared rulebook builder (issue 26): every game's ``manual`` goes through
sectionx.rulebook; a game gives its folder, how it judges and draws a figure, and
its words.  Tested here with a small synthetic game (fast, and naming no real game's
rules), with the real games' packaged books, and against paper too small for a book.
"""

from __future__ import annotations

import io
import re
import tomllib
from collections.abc import Mapping
from fnmatch import fnmatch
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

import sectionx
from sectionx import games
from sectionx.cli import app
from sectionx.games import api
from sectionx.render.scene import Document, Page, Style, Text, rect
from sectionx.render.theme import Theme, load_theme
from sectionx.rulebook import Rulebook, prepare
from sectionx.rulebook.build import write_manual
from sectionx.rulebook.html import to_html
from sectionx.rulebook.pdf import MIN_PAPER, to_pdf
from sectionx.yamlsrc import Diagnostic, Doc, LoadError

ROOT = Path(__file__).resolve().parent.parent
#: Games whose rulebook is not made yet (their manual refuses in one line, exit 2): none
#: now; every game's book is built and shipped.
NO_RULEBOOK_YET: set[str] = set()
WITH_RULEBOOK = [g.name for g in games.games() if g.name not in NO_RULEBOOK_YET]
THEME = load_theme(None)
A4 = THEME.paper("a4")
runner = CliRunner()

# ------------------------------------------------------------------ a synthetic game

_RULES = """\
# Toy: the rules

Not printed: the book takes the numbered sections.

## 1. Moving

**TM1 Steps.** A piece steps to a neighbouring field.

An example that belongs to TM1.

**TM2 Blocking.** A piece may not step onto another.

## 2. Winning

**TW1 Goal.** The first piece home wins.

## 3. Notes

Text without a rule.

## Index of rule ids

| id | rule | section |
|---|---|---|
| TM1 | steps | 1 Moving |
| TM2 | blocking | 1 Moving |
| TW1 | the goal | 2 Winning |
| TX9 | a rule the text never defines | 9 Elsewhere |
"""

_LANGUAGE = """\
language: en
name: English
text:
  title: TOY
  subtitle: A game for tests
  edition: Every figure is checked.
  contents: Contents
  rules: The rules
  index: Index of rule ids
  index_intro: Every rule has an id.
  figure: Figure
  checked: "Checked by the referee:"
  page: page
  rule: rule
  section: section
words:
  home: HOME
"""

_GERMAN = """\
language: de
name: Deutsch
text:
  title: SPIEL
  subtitle: Ein Spiel für Tests
  edition: Jede Abbildung ist geprüft.
  contents: Inhalt
  rules: Die Regeln
  index: Regelverzeichnis
  index_intro: Jede Regel hat eine Kennung.
  figure: Abbildung
  checked: "Vom Schiedsrichter geprüft:"
  page: Seite
  rule: Regel
  section: Abschnitt
  rules_language: Die Regeln sind englisch.
words:
  home: ZIEL
sections:
  1: Ziehen
  2: Gewinnen
  3: Anmerkungen
figures:
  a-step:
    title: "TM1: ein Schritt"
    caption: Ein Stein zieht.
    says: [Er darf ziehen.]
  b-goal:
    title: "TW1: das Ziel"
    caption: Zu Hause.
    says: []
"""


def _figure(title: str, caption: str, says: list[tuple[str, bool]]) -> str:
    claims = "".join(f"  - says: {s!r}\n    holds: {str(h).lower()}\n" for s, h in says)
    return f"title: {title!r}\nannotations:\n  caption: {caption!r}\nclaims:\n{claims or '  []'}\n"


def figure_problems(path: Path, doc: Doc) -> list[Diagnostic]:
    """The toy referee: a claim holds when it says ``holds: true``."""
    claims = doc.data.get("claims") or []
    return [doc.diag(("claims", i), f"false claim ({c.get('says')!r})", "claim") for i, c in enumerate(claims)
            if not c.get("holds")]


def draw_figure(path: Path, doc: Doc, theme: Theme, words: Mapping[str, str]) -> Document:
    """One page: a box, the word for home, and the title if the book left it in."""
    items = [rect(2, 2, 56, 26, Style(fill="#dddddd", stroke="#000000")),
             Text(30, 16, words.get("home", "HOME"), 6, "#000000", "middle")]
    if "title" in doc.data:
        items.append(Text(30, 8, str(doc.data["title"]), 4, "#000000", "middle"))
    return Document((Page(60, 30, tuple(items)),))


def toy(tmp_path: Path, *, figures: dict[str, str] | None = None) -> Rulebook:
    folder = tmp_path / "rulebook"
    (folder / "figures").mkdir(parents=True)
    (folder / "rules-en.md").write_text(_RULES, encoding="utf-8")
    (folder / "en.yaml").write_text(_LANGUAGE, encoding="utf-8")
    (folder / "de.yaml").write_text(_GERMAN, encoding="utf-8")
    shown = figures if figures is not None else {
        "a-step": _figure("TM1: a step", "A piece steps.", [("It may step.", True)]),
        "b-goal": _figure("TW1: the goal", "Home.", []),
    }
    for name, text in shown.items():
        (folder / "figures" / f"{name}.yaml").write_text(text, encoding="utf-8")
    return Rulebook(game="Toy", folder=folder, figure_problems=figure_problems, draw_figure=draw_figure,
                    words={"home": "HOME"})


def test_every_numbered_section_is_printed_and_each_figure_follows_its_rule(tmp_path):
    m = prepare(toy(tmp_path), "en", theme=THEME)
    assert [(s.number, s.title) for s in m.rules.sections] == [(1, "Moving"), (2, "Winning"), (3, "Notes")]
    blocks = [(b.kind, b.rule, b.figure) for b in m.rules.sections[0].blocks]
    # After TM1's text and its example, before TM2.
    assert [k for k, _, _ in blocks] == ["paragraph", "paragraph", "figure", "paragraph"]
    assert blocks[2][2] == "a-step" and blocks[3][1] == "TM2"
    assert [(f.name, f.number, f.rule) for f in m.figures.values()] == [("a-step", 1, "TM1"), ("b-goal", 2, "TW1")]
    assert [e.rule for e in m.rules.index] == ["TM1", "TM2", "TW1"]  # TX9 is defined nowhere: not indexed
    assert m.figures["a-step"].text.says == ("It may step.",)


def test_the_book_draws_each_figure_without_the_title_and_caption_it_sets_as_text(tmp_path):
    data = to_pdf(prepare(toy(tmp_path), "en", theme=THEME), THEME, A4)
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(data)).pages).split())
    assert text.count("A step") == 1  # in the caption, not in the drawing too
    # The title's rule id in small print before it (issue 30), its colon gone.
    assert "Figure 1. TM1 A step" in text and "Figure 2. TW1 The goal" in text
    assert "HOME" in text and "Checked by the referee: • It may step." in text
    # A book without components or a turn summary has no such pages or contents lines.
    assert "Components" not in text and "A turn at a glance" not in text
    assert data == to_pdf(prepare(toy(tmp_path / "again"), "en", theme=THEME), THEME, A4)


def test_another_language_gives_its_words_and_says_the_rules_are_english(tmp_path):
    m = prepare(toy(tmp_path), "de", theme=THEME)
    assert not m.rules_in_language
    page = to_html(m, THEME)
    assert "Die Regeln sind englisch." in page
    assert 'Abbildung 1.</b> <small class="rule-id">TM1</small> <b>Ein Schritt</b>' in page
    assert ">ZIEL<" in page and ">HOME<" not in page
    assert "2. Gewinnen" in page
    assert page.startswith("<!DOCTYPE html>") and '<html lang="de">' in page


def test_a_rules_text_in_the_books_language_is_printed_without_the_note(tmp_path):
    book = toy(tmp_path)
    (book.folder / "rules-de.md").write_text(_RULES.replace("## 2. Winning", "## 2. Gewinnen"), encoding="utf-8")
    m = prepare(book, "de", theme=THEME)
    assert m.rules_in_language and m.rules.file.endswith("rules-de.md")
    assert "Die Regeln sind englisch." not in to_html(m, THEME)


def test_a_false_claim_stops_the_build_at_its_line(tmp_path):
    book = toy(tmp_path, figures={"a-step": _figure("TM1: a step", "x", [("fine", True), ("wrong", False)])})
    with pytest.raises(LoadError) as caught:
        prepare(book, "en", theme=THEME)
    (d,) = caught.value.diagnostics
    assert (Path(d.file).name, d.line, d.rule) == ("a-step.yaml", 7, "claim")  # the second claim
    assert "false claim ('wrong')" in d.message


@pytest.mark.parametrize("title, message", [
    ("A step", r"a-step.yaml:1:\d+: figure a-step: its title must start with the id of the rule it illustrates"),
    ("TX9: nowhere", r"figure a-step illustrates TX9, a rule the rules text \(.*rules-en.md\) does not define"),
])
def test_a_figure_must_name_a_rule_the_book_prints(tmp_path, title, message):
    book = toy(tmp_path, figures={"a-step": _figure(title, "x", [])})
    with pytest.raises(LoadError, match=message):
        prepare(book, "en", theme=THEME)


def test_a_language_must_give_every_word_and_figure(tmp_path):
    book = toy(tmp_path)
    (book.folder / "de.yaml").write_text(_GERMAN.replace("words:\n  home: ZIEL\n", ""), encoding="utf-8")
    with pytest.raises(LoadError, match=r"de.yaml:\d+:\d+: the language file lacks 'words'"):
        prepare(book, "de", theme=THEME)
    (book.folder / "de.yaml").write_text(_GERMAN.split("figures:", maxsplit=1)[0], encoding="utf-8")
    with pytest.raises(LoadError, match=r"figure a-step has no Deutsch words"):
        prepare(book, "de", theme=THEME)
    (book.folder / "de.yaml").write_text(_GERMAN.replace("  3: Anmerkungen\n", ""), encoding="utf-8")
    with pytest.raises(LoadError, match=r"sections lacks 3: the rules text is not in Deutsch"):
        prepare(book, "de", theme=THEME)
    with pytest.raises(LoadError, match=r"--lang: no manual in language 'fr'; sectionx has en, de for Toy"):
        prepare(book, "fr", theme=THEME)


def test_words_of_another_figure_are_refused_in_the_games_own_folder(tmp_path):
    book = toy(tmp_path, figures={"a-step": _figure("TM1: a step", "A piece steps.", [("It may step.", True)])})
    with pytest.raises(LoadError, match=r"figures.b-goal: there is no figure b-goal"):
        prepare(book, "de", theme=THEME)


# ------------------------------------------------------------------ paper too small


def _template(tmp_path: Path) -> Path:
    path = tmp_path / "small.yaml"
    path.write_text("format: 1\npaper:\n  tiny: [60, 80]\n  narrow: [147, 297]\n  a5: [148, 210]\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("paper", ["tiny", "narrow"])
@pytest.mark.parametrize("game", WITH_RULEBOOK)
def test_paper_too_small_for_a_book_is_refused_in_one_line_and_nothing_is_written(tmp_path, game, paper):
    template, out = _template(tmp_path), tmp_path / "book.pdf"
    result = runner.invoke(app, ["manual", "--game", game, "--template", str(template), "--paper", paper, "-o", str(out)])
    assert result.exit_code == 2, result.stderr
    where, size = {"tiny": ("3:9", "60 x 80"), "narrow": ("4:11", "147 x 297")}[paper]
    line = (f"{template}:{where}: paper {paper} ({size} mm): too small for the rulebook: "
            f"it needs at least {MIN_PAPER[0]:g} x {MIN_PAPER[1]:g} mm (a5) (template)")
    assert result.stderr.strip() == line
    assert not out.exists()


def test_the_smallest_paper_named_works(tmp_path):
    out = tmp_path / "toy.pdf"
    write_manual(toy(tmp_path), api.ManualOptions(out, "pdf", "en", "a5", _template(tmp_path)))
    reader = PdfReader(out)
    assert [round(float(x) / 72 * 25.4) for x in reader.pages[0].mediabox[2:]] == [148, 210]


def test_a_table_row_taller_than_a_page_is_refused_without_reportlabs_words(tmp_path):
    book = toy(tmp_path)
    tall = "word " * 3000
    (book.folder / "rules-en.md").write_text(_RULES.replace("## 2. Winning\n", f"## 2. Winning\n\n| a | b |\n|---|---|\n"
                                                            f"| x | {tall} |\n"), encoding="utf-8")
    out = tmp_path / "book.pdf"
    with pytest.raises(LoadError) as caught:
        write_manual(book, api.ManualOptions(out, "pdf", "en"))
    (d,) = caught.value.diagnostics
    assert re.fullmatch(r"paper a4 \(210 x 297 mm\): a table row \d+ mm tall does not fit on a page; give a larger paper, "
                        r"or a rules text with shorter table rows", d.message), d.message
    assert not out.exists()
    write_manual(book, api.ManualOptions(tmp_path / "book.html", "html", "en"))  # a web page has no pages
    assert (tmp_path / "book.html").exists()


# ------------------------------------------------------------------ every game's book ships


def _package_data() -> list[str]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return config["tool"]["setuptools"]["package-data"]["sectionx"]


@pytest.mark.parametrize("game", WITH_RULEBOOK)
def test_every_games_rulebook_is_package_data(game):
    """The wheel holds what the book is built from: each game's rulebook folder lies in
    the package and every file in it matches a package-data pattern (an installed
    sectionx ran into 'docs/rules.md: not found' before, issue 26)."""
    package = Path(sectionx.__file__).parent
    folder = package / "games" / game / "rulebook"
    files = [p for p in folder.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert (folder / "rules-en.md") in files and (folder / "en.yaml") in files
    assert any(p.parent.name == "figures" for p in files)
    patterns = _package_data()
    for p in files:
        rel = p.relative_to(package).as_posix()
        assert any(fnmatch(rel, pat) and rel.count("/") == pat.count("/") for pat in patterns), rel


@pytest.mark.parametrize("game", [g for g in WITH_RULEBOOK if g != games.default().name])
def test_manual_builds_each_games_english_book(tmp_path, game):
    out = tmp_path / f"{game}.pdf"
    result = runner.invoke(app, ["manual", "--game", game, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert re.fullmatch(r"wrote .*: English, \d+ figures, every claim checked\n", result.stderr)
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    figures = sorted((Path(sectionx.__file__).parent / "games" / game / "rulebook" / "figures").glob("*.yaml"))
    assert figures and all(f"Figure {n}." in text for n in range(1, len(figures) + 1))
    assert "Index" in text and "Rules by id" in text
    page = tmp_path / f"{game}.html"
    assert runner.invoke(app, ["manual", "--game", game, "-o", str(page)]).exit_code == 0
    assert page.read_text(encoding="utf-8").count("<figure") == len(figures)



def test_a_paragraph_line_wrapped_to_start_with_a_number_is_refused_at_its_line(tmp_path):
    """Markdown ends a paragraph at a line starting '1.' and prints a list: Hekla's H7 read
    "... then those of value" and a list "1. Lava stays where it is" before this check."""
    book = toy(tmp_path)
    text = _RULES.replace("**TW1 Goal.** The first piece home wins.",
                          "**TW1 Goal.** The first piece home wins, after moves numbered from\n1. Ties are shared.")
    (book.folder / "rules-en.md").write_text(text, encoding="utf-8")
    line = text.splitlines().index("1. Ties are shared.") + 1
    with pytest.raises(LoadError, match=rf"rules-en.md:{line}:1: a line of the paragraph above starts like a list item"):
        prepare(book, "en", theme=THEME)
    (book.folder / "rules-en.md").write_text(text.replace("from\n1. Ties", "from\n\n1. Ties"), encoding="utf-8")
    assert prepare(book, "en", theme=THEME).rules.sections[1].blocks[1].kind == "list"  # a list meant as one
