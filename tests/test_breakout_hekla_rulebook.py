"""Breakout's and Hekla's players' rulebooks in English and German (issue 30):
``sectionx manual --game breakout|hekla --lang en|de``, PDF and HTML.

Each German book has its own rules text (``rules-de.md``, written afresh, not
translated line by line) and language file (``de.yaml``); no English may show in it,
in the running text, the headings, the figures' words or the words drawn under them.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import figures as breakout_figures
from sectionx.games.breakout.manual import RULEBOOK as BREAKOUT
from sectionx.games.hekla import figures as hekla_figures
from sectionx.games.hekla.manual import RULEBOOK as HEKLA
from sectionx.render.theme import load_theme
from sectionx.rulebook import prepare

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"breakout": BREAKOUT, "hekla": HEKLA}
DRAWN = {"breakout": breakout_figures.WORDS, "hekla": hekla_figures.WORDS}
THEME = load_theme(None)
runner = CliRunner()


def folder(game: str) -> Path:
    return ROOT / "sectionx" / "games" / game / "rulebook"


def figure_files(game: str) -> list[Path]:
    return sorted((folder(game) / "figures").glob("*.yaml"))


def defined(game: str, lang: str) -> list[str]:
    """The rule ids the rules text defines, in order (a paragraph opening with a bold id)."""
    text = (folder(game) / f"rules-{lang}.md").read_text(encoding="utf-8")
    return re.findall(r"^\*\*([A-Z]{1,2}[0-9]+) ", text, re.MULTILINE)


# ---------------------------------------------------------------------- the texts


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_rules_text_has_the_books_shape_and_every_id_in_its_index(game, lang):
    text = (folder(game) / f"rules-{lang}.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (\d+)\. ", text, re.MULTILINE)
    assert sections == [str(n) for n in range(1, len(sections) + 1)] and len(sections) >= 8
    assert sections == re.findall(r"^## (\d+)\. ", (folder(game) / "rules-en.md").read_text(encoding="utf-8"),
                                  re.MULTILINE)
    index = text.split("## Index of rule ids", 1)[1]
    listed = re.findall(r"^\| ([A-Z]{1,2}[0-9]+) \|", index, re.MULTILINE)
    assert sorted(set(defined(game, lang))) == sorted(listed) and len(listed) == len(set(listed))
    assert defined(game, lang) == defined(game, "en")  # the same rules in the same order


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_clarifications_answer_questions_and_cite_their_rules(game, lang):
    """A section of questions and answers, each with the rule that settles it (in the
    table's small print), and every rule it cites is one the book defines."""
    text = (folder(game) / f"rules-{lang}.md").read_text(encoding="utf-8")
    heading = {"en": "Questions and clarifications", "de": "Fragen und Klarstellungen"}[lang]
    part = re.split(rf"^## \d+\. {heading}\n", text, flags=re.MULTILINE)[1].split("\n## ", 1)[0]
    rows = [r for r in part.splitlines() if r.startswith("| ") and not r.startswith(("| Question", "| Frage"))]
    assert len(rows) >= 10
    for row in rows:
        cited = [c.strip() for c in row.strip("| ").split(" | ")[-1].split(",")]
        assert cited and all(c in defined(game, "en") for c in cited), row


#: Notation and code a players' text must not hold: a backtick, a file, the program's
#: name, a wall written as letters (yb.by), a Hekla turn or triple as the program
#: writes it (place red3 d3, move red2 c3-c5, erupt b2-d2, back 2; a player reads
#: "b2–d2").
NOTATION = re.compile(r"`|\.ya?ml\b|sectionx|\b[yb.]{5}\b|\b(?:place|move) (?:red|green|yellow|blue)[0-3]\b"
                      r"|\b[a-e][1-5]-[a-e][1-5]\b"
                      r"|\berupt [a-e][1-5]|[a-e][1-5] back [0-9]|\b(?:lava|red|green|yellow|blue)[0-3]\b")


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_the_players_text_holds_no_notation_code_or_file_names(game, lang):
    text = (folder(game) / f"rules-{lang}.md").read_text(encoding="utf-8")
    running = text.split("## Index of rule ids", 1)[0]
    assert not NOTATION.findall(running), NOTATION.findall(running)
    words = yaml.safe_load((folder(game) / f"{lang}.yaml").read_text(encoding="utf-8"))
    shown: list[object] = [words["text"], words["intro"], words["summary"], words["components"]]
    if lang == "en":
        docs = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in figure_files(game)]
        shown += [[d["title"], d["annotations"]["caption"], [c.get("says", "") for c in d["claims"]]] for d in docs]
    else:
        shown.append(words["figures"])
    assert not NOTATION.findall(str(shown)), NOTATION.findall(str(shown))


#: A rule id cited in running text ("(B6)", "see H3", "the count of B7"): the book prints
#: ids only in small print, before a rule's name, in the clarifications' last column
#: and in the index.
IDS = re.compile(r"(?<![*|] )(?<!\*\*)\b(?:BW|BQ|HG|HQ|B|H)[0-9]\b")


def _running(text: str) -> str:
    """The printed sections of a rules text without its tables and each rule's opening id."""
    body = text[text.index("\n## 1. "):text.index("\n## Index of rule ids")]
    lines = [line for line in body.splitlines() if not line.startswith("| ")]
    return re.sub(r"^\*\*(?:BW|BQ|HG|HQ|B|H)[0-9] ", "**", "\n".join(lines), flags=re.MULTILINE)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", GAMES)
def test_rule_ids_stand_only_in_small_print(game, lang):
    text = (folder(game) / f"rules-{lang}.md").read_text(encoding="utf-8")
    assert not IDS.findall(_running(text)), IDS.findall(_running(text))
    book = prepare(GAMES[game], lang, theme=THEME)
    shown = [book.language.intro, [(p.heading, p.lines) for p in book.language.summary],
             [(c.name, c.note) for c in book.language.components.values()],
             [(f.text.caption, f.text.says) for f in book.figures.values()]]
    assert not IDS.findall(str(shown)), IDS.findall(str(shown))
    assert IDS.findall("the count of B7 starts (B9), see H3")  # the check sees a cited id


def test_the_notation_check_catches_notation():
    for bad in ("Red plays `place red3 d3`.", "see b2-push.yaml", "move red2 c3-c5 back 2", "a wall ybyby", "sectionx",
                "the row c3-e3 erupts"):
        assert NOTATION.search(bad), bad


@pytest.mark.parametrize(("game", "terms"), [
    ("breakout", ("Wandspalte", "Seilknoten", "Seilverbindung", "Ausbrecher", "Mauerkante", "Durchgang", "aussetzen",
                  "postwendend")),
    ("hekla", ("Vulkangebiet", "Vulkanstein", "Gipfel-Rillen", "Lavastein", "Vulkanist", "Fluchtweg", "einsetzen",
               "versetzen", "Dreierreihe", "Wertung", "Sonderfeld")),
])
def test_the_german_text_uses_the_originals_terms_and_its_umlauts(game, terms):
    text = (folder(game) / "rules-de.md").read_text(encoding="utf-8") + (folder(game) / "de.yaml").read_text(encoding="utf-8")
    for term in terms:
        assert term in text, term
    # No umlaut or ß written out, as a keyboard without them would.
    assert not re.search(r"(\bfuer\b|zurueck|Groesse|Aeuss|aeuss|naechst|muess|koenn|gruen|Gruen|Strasse|\bueber)", text)


# ---------------------------------------------------------------------- English in a German book

#: English words that are no German words: one of them in a German book is English text
#: left in it (a heading, a caption, a claim, a word under a figure, a table header).
ENGLISH = frozenset({
    "the", "and", "of", "is", "are", "with", "your", "you", "its", "this", "that", "which", "from", "into", "when",
    "then", "there", "their", "they", "what", "push", "pushes", "pushed", "knot", "knots", "rope", "ropes", "figure",
    "figures", "escape", "escapes", "escaped", "wall", "row", "rows", "column", "columns", "stone", "stones", "turn",
    "turns", "move", "moves", "moved", "place", "placed", "player", "players", "field", "fields", "page", "rule",
    "rules", "checked", "contents", "components", "summary", "glance", "yellow", "blue", "red", "green", "hand",
    "hands", "pass", "passes", "draw", "wins", "round", "rounds", "track", "eruption", "eruptions", "erupts",
    "ridges", "volcanist", "volcanists", "lava's", "supply", "clarification", "question", "questions", "answer",
    "section", "index", "left", "right", "top", "bottom", "first", "second", "third", "over", "game", "board",
})


def english_words(text: str) -> set[str]:
    """The words of ``text`` that are English and no German (:data:`ENGLISH`)."""
    return {w for w in re.findall(r"[A-Za-z']+", text.lower()) if w in ENGLISH}


def pdf_text(path: Path) -> str:
    return " ".join(" ".join(p.extract_text() for p in PdfReader(path).pages).split())


def html_text(path: Path) -> str:
    """The words a reader of the page sees: every text node (the page's title too), the
    figures' drawn words (SVG text) included, no tag or attribute; styles left out."""
    page = path.read_text(encoding="utf-8")
    page = re.sub(r"<style.*?</style>", " ", page, flags=re.DOTALL)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


def test_the_english_check_finds_english():
    assert english_words("Yellow to push. Hands: yellow 8, blue 7.") == {"yellow", "push", "hands", "blue"}
    assert english_words("Gelb ist am Zug. Vorrat: Gelb 8, Blau 7. Die Wand hat fünf Spalten.") == set()


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """Each game's book in both languages and formats, through the command line."""
    out = {}
    for game in GAMES:
        work = tmp_path_factory.mktemp(f"{game}-manual")
        for lang in ("en", "de"):
            for kind in ("pdf", "html"):
                path = work / f"{game}-{lang}.{kind}"
                result = runner.invoke(app, ["manual", "--game", game, "--lang", lang, "-o", str(path)])
                assert result.exit_code == 0, result.output
                name = {"en": "English", "de": "Deutsch"}[lang]
                count = len(figure_files(game))
                assert result.stderr.endswith(f"wrote {path}: {name}, {count} figures, every claim checked\n")
                out[game, lang, kind] = path
    return out


@pytest.mark.parametrize("game", GAMES)
def test_the_german_book_has_no_english_and_the_english_one_is_found_out(game, books):
    for kind, text in (("pdf", pdf_text), ("html", html_text)):
        german = text(books[game, "de", kind])
        assert not english_words(german), (kind, sorted(english_words(german)))
        assert len(english_words(text(books[game, "en", kind]))) > 30  # the check would see English


@pytest.mark.parametrize("game", GAMES)
def test_every_figure_is_printed_in_its_language_with_the_index(game, books):
    count = len(figure_files(game))
    for lang, figure, words in (("en", "Figure", ["Index", "Rules by id", "Questions and clarifications",
                                                  "A turn at a glance", "Checked by the rules engine"]),
                                ("de", "Abbildung", ["Stichwortverzeichnis", "Regeln nach Kennung", "Fragen und Klarstellungen",
                                                     "Ein Spielzug auf einen Blick", "Von der Regelmaschine geprüft"])):
        text = pdf_text(books[game, lang, "pdf"])
        assert all(f"{figure} {n}." in text for n in range(1, count + 1))
        assert all(w in text for w in words), [w for w in words if w not in text]
        assert all(rule in text for rule in defined(game, lang))
        page = books[game, lang, "html"].read_text(encoding="utf-8")
        assert page.count("<figure") == count and f'lang="{lang}"' in page


def test_the_words_under_the_figures_are_the_books_language(books):
    breakout = pdf_text(books["breakout", "de", "pdf"])
    assert "Gelb ist am Zug." in breakout and "Vorrat: Gelb" in breakout and "Yellow to push" not in breakout
    assert "ist gesperrt: Eben ist ein Knoten" in breakout and "Pattzählung" in breakout
    hekla = pdf_text(books["hekla", "de", "pdf"])
    assert "Rot ist am Zug." in hekla and "Steine im Vorrat" in hekla and "Lava auf dem Plan" in hekla
    assert "Yellow to push" in pdf_text(books["breakout", "en", "pdf"])


@pytest.mark.parametrize("game", GAMES)
def test_each_language_gives_every_word_the_figures_draw(game):
    for lang in ("en", "de"):
        language = GAMES[game].language(lang)
        assert set(language.words) == set(DRAWN[game])
        assert not IDS.findall(str(language.words))  # illustrate's words cite rules; the book's do not


@pytest.mark.parametrize("game", GAMES)
def test_both_languages_prepare_with_their_own_rules_and_every_figure_placed(game):
    for lang in ("en", "de"):
        book = prepare(GAMES[game], lang, theme=THEME)
        assert book.rules_in_language
        assert len(book.figures) == len(figure_files(game))
        for f in book.figures.values():
            assert f.text.title.startswith(f"{f.rule}: ")


@pytest.mark.parametrize("game", GAMES)
def test_the_books_are_the_same_bytes_every_time(game, books, tmp_path):
    for kind in ("pdf", "html"):
        again = tmp_path / f"again.{kind}"
        result = runner.invoke(app, ["manual", "--game", game, "--lang", "de", "-o", str(again)])
        assert result.exit_code == 0, result.output
        assert again.read_bytes() == books[game, "de", kind].read_bytes()
