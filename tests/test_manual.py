"""Section X's illustrated rulebook (issues 12, 26, 30): ``sectionx manual`` in PDF and HTML,
in every shipped language, with every figure's claims checked before anything is written;
built by the shared builder (sectionx.rulebook) from the package's own files.  Each
language has its own players' rules text (rules-en.md, rules-de.md, rules-nl.md, issue
30): the same rules and ids, no notation, and no English in the German and Dutch books.

Most tests share one prepared book per language (``prepare`` checks all figures,
which is what costs); the PDF is built once per language and read back with pypdf.
"""

from __future__ import annotations

import io
import re
import shutil
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest
from pypdf import PdfReader
from typer.testing import CliRunner

from sectionx import rulebook
from sectionx.cli import app
from sectionx.games.sectionx.manual import RULEBOOK, drawn_words
from sectionx.render.theme import load_theme
from sectionx.rulebook import html as manual_html
from sectionx.rulebook import pdf as manual_pdf
from sectionx.rulebook.source import place_figures, read_rules, split_title
from sectionx.yamlsrc import LoadError

FIGURES = sorted(RULEBOOK.figures.glob("*.yaml"))
RULES = RULEBOOK.folder / "rules-en.md"
LANGUAGES = RULEBOOK.languages
runner = CliRunner()
THEME = load_theme(None)
A4 = THEME.paper("a4")


def prepare(language, **kw) -> rulebook.Manual:
    return rulebook.prepare(RULEBOOK, language, **kw)


def read_language(path: Path) -> rulebook.language.Language:
    return RULEBOOK.language(path)


@cache
def book(lang: str) -> rulebook.Manual:
    return prepare(lang, theme=THEME)


@cache
def pdf_text(lang: str) -> tuple[int, str, bytes]:
    data = manual_pdf.to_pdf(book(lang), THEME, A4)
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(p.extract_text() for p in reader.pages), data


@cache
def html_page(lang: str) -> str:
    return manual_html.to_html(book(lang), THEME)


# ------------------------------------------------------------------ what goes in


def test_every_figure_is_placed_once_after_the_rule_its_title_names():
    m = book("en")
    placed = [b.figure for s in m.rules.sections for b in s.blocks if b.kind == "figure"]
    assert sorted(placed) == sorted(p.stem for p in FIGURES)
    assert [m.figures[n].number for n in placed] == list(range(1, len(placed) + 1))
    for s in m.rules.sections:
        rule = ""
        for b in s.blocks:
            if b.rule:
                rule = b.rule
            if b.kind == "figure":
                # Figures follow their rule's text: the last rule defined above is theirs.
                assert rule == m.figures[b.figure].rule, b.figure
                assert m.figures[b.figure].text.title.startswith(rule)


def test_the_manual_prints_sections_1_to_13_and_the_index_of_their_rules():
    rules = read_rules(RULES, RULEBOOK.sections)
    assert [s.number for s in rules.sections] == list(range(1, 14))
    ids = [e.rule for e in rules.index]
    assert "N3" in ids and "V2" in ids
    assert "Q1" not in ids  # puzzles (section 12) are not in the players' book
    assert all(e.rule in rules.defined for e in rules.index)


def test_a_figure_goes_after_its_rule_examples_and_before_the_next_rule():
    rules = read_rules(RULES, RULEBOOK.sections)
    placed = place_figures(rules, [("f", "N3"), ("g", "Z1")])
    for sec in placed.sections:
        kinds = [(b.kind, b.rule, b.figure) for b in sec.blocks]
        for i, (kind, _, fig) in enumerate(kinds):
            if kind == "figure":
                nxt = kinds[i + 1] if i + 1 < len(kinds) else ("end", "", "")
                assert nxt[0] in ("heading", "end") or nxt[1], (fig, nxt)  # a new rule, heading or the end
    z = next(s for s in placed.sections if s.number == 9)
    before = [b for b in z.blocks[: [b.figure for b in z.blocks].index("g")] if b.rule]
    assert [b.rule for b in before] == ["Z1"]  # after Z1, before Z2


# ------------------------------------------------------------------ the PDF


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pdf_builds_in_every_language_with_every_figure(lang):
    pages, text, _ = pdf_text(lang)
    m = book(lang)
    assert pages >= 15
    flat = " ".join(text.split())
    assert m.language.text["summary"] in flat
    for f in m.figures.values():
        assert f"{m.language.text['figure']} {f.number}." in flat
        rule, title = split_title(f.text.title, f.rule)
        assert f"{rule} {' '.join(title.split())}" in flat  # the id in small print, then the title
    for e in m.rules.index:
        assert e.rule in flat
    for c in m.language.components.values():
        assert c.name in flat


def test_the_contents_and_index_give_the_pages_where_things_are():
    """The players' index gives each word the pages of its rules: each such page holds
    the rule's paragraph, its id in small print (issue 30: words, not ids)."""
    _, _, data = pdf_text("en")
    reader = PdfReader(io.BytesIO(data))
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    index_page = next(i for i, t in enumerate(texts) if "Index Subjects with the pages of the rules" in t)
    index = " ".join(texts[index_page:])
    for term, rules in (("distance rule", ["N3"]), ("tunnel fight", ["D4", "D6", "D7"]), ("hideout", ["T1", "T2", "N3", "K3"])):
        m = re.search(rf"\b{term} ([0-9, ]+?) {' '.join(rules)}\b", index)
        assert m, term
        pages = [int(p) for p in m.group(1).split(", ")]
        for rule in rules:
            assert any(f"{rule} " in texts[p - 1] for p in pages), (term, rule, pages)
    contents = next(t for t in texts if "Contents Components" in t)
    page = int(re.search(r"10\. The end of a round (\d+)", contents).group(1))
    assert "10. The end of a round" in texts[page - 1]


def test_the_pdf_is_the_same_bytes_every_time():
    assert manual_pdf.to_pdf(book("en"), THEME, A4) == pdf_text("en")[2]


def test_each_language_prints_its_own_rules_text():
    for lang, heading, rule in (("de", "10. Ende der Spielrunde", "Der Ausbruch wird entdeckt."),
                                ("nl", "10. Einde van een spelronde", "De uitbraak wordt ontdekt.")):
        m = book(lang)
        assert m.rules_in_language and m.rules.file.endswith(f"rules-{lang}.md")
        flat = " ".join(pdf_text(lang)[1].split())
        assert heading in flat and f"E1 {rule}" in flat
    assert "Ein Spielzug auf einen Blick" in pdf_text("de")[1]
    assert "Een beurt in één oogopslag" in " ".join(pdf_text("nl")[1].split())


# ------------------------------------------------------------------ the HTML


class _Ids(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for k, v in attrs:
            if k == "id":
                self.ids.append(v)
            if k in ("href", "xlink:href", "src"):
                self.hrefs.append(v)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_html_is_one_self_contained_page(lang):
    page = html_page(lang)
    p = _Ids()
    p.feed(page)
    assert len(p.ids) == len(set(p.ids)), "every id once"
    assert all(h.startswith("#") for h in p.hrefs), "nothing outside the page"
    assert all(h[1:] in p.ids for h in p.hrefs), "every link lands"
    assert "img" not in p.tags and "script" not in p.tags
    m = book(lang)
    assert p.tags.count("figure") == len(m.figures)
    assert p.tags.count("svg") == len(m.figures) + 1 + len(m.language.components)  # cover, components
    assert f'<html lang="{lang}">' in page


def test_html_escapes_the_rules_text_rather_than_passing_html_through(tmp_path):
    text = RULES.read_text(encoding="utf-8")
    rules = tmp_path / "rules.md"
    rules.write_text(text.replace("## 1. The game in brief\n", "## 1. The game in brief\n\n<script>alert(1)</script>\n", 1),
                     encoding="utf-8")
    page = manual_html.to_html(prepare("en", rules_text=rules, theme=THEME), THEME)
    assert "<script>" not in page and "&lt;script&gt;" in page


# ------------------------------------------------------------------ the build stops


_FALSE = """\
format: 1
title: "T2: a false claim"
players: [red, blue]
turn: {player: red, phase: 3}
tiles:
  "2,0": T01
claims:
  - says: "Red may not leave the island into the tunnel at 2,0."
    illegal: "step island 2,0"
    because: M4
"""


def _figures_with(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "figures"
    shutil.copytree(RULEBOOK.figures, folder)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def test_a_false_claim_stops_the_build_with_one_line_and_nothing_written(tmp_path):
    folder = _figures_with(tmp_path, "zz-false.yaml", _FALSE)
    out = tmp_path / "book.pdf"
    result = runner.invoke(app, ["manual", "--figures", str(folder), "-o", str(out)])
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert re.match(rf"{re.escape(str(folder / 'zz-false.yaml'))}:9:\d+: false claim .*\(claim\)$", lines[0]), lines[0]
    assert not out.exists()


def test_a_figure_without_a_rule_in_its_title_is_refused(tmp_path):
    folder = _figures_with(tmp_path, "zz-untitled.yaml", _FALSE.replace("T2: a false claim", "A figure").replace(
        'illegal: "step island 2,0"\n    because: M4', 'legal: "step island 2,0"'))
    with pytest.raises(LoadError, match=r"zz-untitled.yaml:2:\d+: figure zz-untitled: its title must start with the id"):
        prepare("en", figures=folder, theme=THEME)


def test_a_figure_of_a_rule_the_book_does_not_print_is_refused(tmp_path):
    folder = _figures_with(tmp_path, "zz-puzzle.yaml", _FALSE.replace("T2: a false claim", "Q1: a puzzle rule").replace(
        'illegal: "step island 2,0"\n    because: M4', 'legal: "step island 2,0"'))
    with pytest.raises(LoadError, match=r"illustrates Q1, a rule the rules text .* does not define"):
        prepare("en", figures=folder, theme=THEME)


def test_a_new_figure_without_words_in_german_stops_the_german_build(tmp_path):
    folder = _figures_with(tmp_path, "zz-new.yaml", _FALSE.replace(
        'illegal: "step island 2,0"\n    because: M4', 'legal: "step island 2,0"'))
    prepare("en", figures=folder, theme=THEME)  # English takes the file's words
    with pytest.raises(LoadError, match=r"de.yaml:\d+:\d+: figure zz-new has no Deutsch words"):
        prepare("de", figures=folder, theme=THEME)


def _language(tmp_path: Path, edit) -> Path:
    text = edit((RULEBOOK.folder / "de.yaml").read_text(encoding="utf-8"))
    path = tmp_path / "xx.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_language_file_with_a_missing_word_names_its_line(tmp_path):
    path = _language(tmp_path, lambda t: t.replace("  figure: Abbildung\n", ""))
    with pytest.raises(LoadError, match=r"xx.yaml:\d+:\d+: text lacks 'figure' \(manual\)"):
        read_language(path)


def test_a_language_file_with_text_the_font_cannot_print_is_refused(tmp_path):
    path = _language(tmp_path, lambda t: t.replace("  figure: Abbildung\n", "  figure: 图\n"))
    with pytest.raises(LoadError, match=r"xx.yaml:\d+:\d+: the font Vera.ttf has no glyph for '图' .*\(font\)"):
        prepare(path, theme=THEME)


def test_a_claim_without_its_translation_is_refused(tmp_path):
    # Drop the last 'says' line of the first figure's German words.
    def edit(t: str) -> str:
        start = t.index("\nfigures:")
        head, figs = t[:start], t[start:]
        m = re.search(r"\n(\s+says:\n(?:\s+- .*\n)+)", figs)
        assert m
        block = m.group(1).rstrip("\n").split("\n")
        return head + figs.replace(m.group(1), "\n".join(block[:-1]) + "\n", 1) if len(block) > 2 else head + figs.replace(
            m.group(1), block[0] + "\n" + block[1] + "\n" + block[1] + "\n", 1)
    path = _language(tmp_path, edit)
    with pytest.raises(LoadError, match=r"xx.yaml:\d+:\d+: figure [a-z-]+ has \d+ claims, and figures\.[a-z-]+\.says gives \d+"):
        prepare(path, theme=THEME)


def test_a_language_that_is_not_shipped_is_refused_as_a_usage_error(tmp_path):
    """An option the command cannot carry out exits 2, as for every command (issue 26);
    so do a rules text and a figures folder that are not there."""
    out = tmp_path / "x.pdf"
    result = runner.invoke(app, ["manual", "--lang", "fr", "-o", str(out)])
    assert result.exit_code == 2
    assert result.stderr == ("sectionx: --lang: no manual in language 'fr'; sectionx has en, de, nl for Section X "
                             "(or give a language file of your own: --lang FILE.yaml)\n")
    for option, missing, said in (("--rules", tmp_path / "none.md", "no such file"),
                                  ("--figures", tmp_path / "none", "no such folder of figures")):
        result = runner.invoke(app, ["manual", option, str(missing), "-o", str(out)])
        assert (result.exit_code, result.stderr) == (2, f"sectionx: {missing}: {said}\n")
    assert not out.exists()


# ------------------------------------------------------------------ the command


def test_manual_writes_the_pdf_and_the_html(tmp_path):
    out = tmp_path / "rulebook.pdf"
    result = runner.invoke(app, ["manual", "--lang", "nl", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")
    assert "Nederlands" in result.stderr and "every claim checked" in result.stderr
    page = tmp_path / "rulebook.html"
    result = runner.invoke(app, ["manual", "-o", str(page)])
    assert result.exit_code == 0, result.stderr
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_manual_refuses_an_output_it_cannot_write_as(tmp_path):
    result = runner.invoke(app, ["manual", "-o", str(tmp_path / "book.docx")])
    assert result.exit_code == 2  # USAGE, as for every command's output
    assert "book.docx: the output must end in .pdf or .html (or give --format pdf|html)" in result.stderr
    assert not (tmp_path / "book.docx").exists()


# ------------------------------------------------------------------ words on the figures


def test_the_english_file_gives_the_drawings_their_default_words():
    from sectionx.games.sectionx.render.words import ENGLISH

    assert drawn_words(book("en").language) == ENGLISH


@pytest.mark.parametrize(("lang", "ours", "english"), [
    ("de", ("INSEL", "FREIE ZONE", "ZELLBLOCK"), ("ISLAND", "FREE ZONE", "CELL BLOCK")),
    ("nl", ("EILAND", "VRIJE ZONE", "CELBLOK"), ("ISLAND", "FREE ZONE", "CELL BLOCK")),
])
def test_figures_and_board_are_drawn_in_the_books_language(lang, ours, english):
    """The cover's board names its places in the book's language; the book prints
    none of them (at the cover's scale they print under 4 pt and are left out, issue
    30; the figures leave them out too), and no English name either."""
    from sectionx.render.scene import Group, Text

    def texts(items):
        for it in items:
            if isinstance(it, Text):
                yield it.text
            elif isinstance(it, Group):
                yield from texts(it.items)

    drawn = set(texts(RULEBOOK.cover(THEME, book(lang).language).items))
    assert set(ours) <= drawn and not set(english) & drawn
    text = pdf_text(lang)[1]
    page = html_page(lang)
    for word in (*ours, *english):
        assert word not in text and f">{word}<" not in page


def test_a_word_that_loses_its_placeholder_is_refused(tmp_path):
    path = _language(tmp_path, lambda t: t.replace('tiles: "{n} Kacheln"', 'tiles: "Kacheln"'))
    with pytest.raises(LoadError, match=r"xx.yaml:\d+:\d+: words.tiles must hold the same \{...\} fields as the English \(\{n\}\)"):
        read_language(path)


def test_code_the_pdf_font_cannot_print_stops_the_pdf_at_its_line(tmp_path):
    text = RULES.read_text(encoding="utf-8")
    rules = tmp_path / "rules.md"
    rules.write_text(text.replace("## 3. Set-up\n", "## 3. Set-up\n\nWrite `→` here.\n", 1), encoding="utf-8")
    line = rules.read_text(encoding="utf-8").splitlines().index("Write `→` here.") + 1
    out = tmp_path / "book.pdf"
    result = runner.invoke(app, ["manual", "--rules", str(rules), "-o", str(out)])
    assert result.exit_code == 1
    assert result.stderr.strip() == (f"{rules}:{line}:1: code '→' holds characters the manual's monospaced font (Courier) "
                                     "cannot print; write it in Latin-1 (manual)")
    assert not out.exists()
    assert runner.invoke(app, ["manual", "--rules", str(rules), "-o", str(tmp_path / "book.html")]).exit_code == 0


def test_a_figure_title_the_font_cannot_print_stops_the_english_book(tmp_path):
    folder = _figures_with(tmp_path, "zz-glyph.yaml", _FALSE.replace("T2: a false claim", "T2: 图").replace(
        'illegal: "step island 2,0"\n    because: M4', 'legal: "step island 2,0"'))
    with pytest.raises(LoadError, match=r"zz-glyph.yaml:2:8: the font Vera.ttf has no glyph for '图' \(U\+56FE\).*\(font\)"):
        prepare("en", figures=folder, theme=THEME)


def test_the_shipped_languages_have_words_for_no_figure_that_is_gone():
    names = {p.stem for p in FIGURES}
    for lang in ("de", "nl"):
        assert set(book(lang).language.figures) == names


# ------------------------------------------------------------------ the players' texts (issue 30)

TEXTS = {lang: (RULEBOOK.folder / f"rules-{lang}.md").read_text(encoding="utf-8") for lang in ("en", "de", "nl")}


def _defined(text: str) -> list[str]:
    return re.findall(r"^\*\*([A-Z][0-9]) ", text, re.MULTILINE)


def _printed(text: str) -> str:
    """The part of a rules text the book prints: section 1 to the index (not the note above it)."""
    return text[text.index("\n## 1. "):text.index("\n## Index of rule ids")]


def test_the_three_texts_define_the_same_rules_in_the_same_order_and_index_them():
    ids = _defined(TEXTS["en"])
    assert len(ids) == len(set(ids)) == 44
    for lang, text in TEXTS.items():
        assert _defined(text) == ids, lang
        assert re.findall(r"^## (\d+)\. ", text, re.MULTILINE) == [str(n) for n in range(1, 14)]
        listed = re.findall(r"^\| ([A-Z][0-9]) \|", text.split("## Index of rule ids", 1)[1], re.MULTILINE)
        assert listed == ids, lang  # the index in the order of the book
        rules = read_rules(RULEBOOK.folder / f"rules-{lang}.md", RULEBOOK.sections)
        assert [e.rule for e in rules.index] == ids


#: What a players' text must not hold: a cell (0,3), a turned tile (T05@2), a tile's name
#: (T46), an action's notation, a formula, a file, a backtick, a link, the program's name,
#: or a rule id cited in running text ("(N3)", "see E5").
NOTATION = re.compile(r"-?\d+,-?\d+(?!\d)|@\d|\bT\d\d\b|\b(?:step|move|place|swap|rotate) (?:island|-?\d)|[%|]|"
                      r"\.(?:md|ya?ml)\b|`|\]\(|sectionx|(?<!\*\*)\b[A-Z][0-9]\b")


@pytest.mark.parametrize("lang", ["en", "de", "nl"])
def test_the_players_texts_hold_no_notation_formulas_files_or_ids_in_running_text(lang):
    text = _printed(TEXTS[lang])
    found = NOTATION.findall(text)
    assert not found, found
    assert "```" not in text and "    " not in text.replace("\n  ", "\n")  # no code block, no ASCII art
    m = book(lang)
    shown = [m.language.intro, [p.heading for p in m.language.summary], [p.lines for p in m.language.summary],
             [(c.name, c.note) for c in m.language.components.values()], [m.language.text[k] for k in m.language.text],
             [(f.text.caption, f.text.says) for f in m.figures.values()]]
    assert not NOTATION.findall(str(shown)), NOTATION.findall(str(shown))


#: Words of English running text that are not also German or Dutch words ("in", "is",
#: "die", "door", "tunnel", "zone" are): any of them in a German or Dutch book is English
#: left behind (a heading, a caption, a table header, a word drawn on a figure).
ENGLISH_WORDS = {"the", "and", "with", "which", "when", "where", "may", "must", "player", "players", "prisoner",
                 "prisoners", "tile", "tiles", "doors", "round", "island", "free", "steps", "hideout", "hideouts", "key",
                 "keys", "master", "figure", "page", "checked", "rules", "contents", "components", "summary", "green",
                 "blue", "yellow", "purple", "cell", "block", "to", "from", "by", "for", "at", "on", "it", "its", "this",
                 "that", "are", "be", "their", "they", "you", "your", "each", "every", "other", "other's", "turn",
                 "engine", "freed", "dead", "empty", "stacks", "rule", "index", "set-up", "winning", "glance"}


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", text)}


def _visible(page: str) -> str:
    page = re.sub(r"<style>.*?</style>", " ", page, flags=re.DOTALL)
    return re.sub(r"<[^>]+>", " ", page)


@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_german_and_dutch_books_have_no_english_running_text(lang):
    """Everything printed, the drawings' words too: the PDF's text and the HTML page's."""
    pdf = _words(pdf_text(lang)[1]) & ENGLISH_WORDS
    html = _words(_visible(html_page(lang))) & ENGLISH_WORDS
    assert not pdf and not html, (sorted(pdf), sorted(html))
    assert _words(pdf_text("en")[1]) & ENGLISH_WORDS > {"the", "prisoners", "hideout"}  # the test sees English


def test_the_german_and_dutch_texts_use_the_original_texts_terms():
    german = TEXTS["de"] + (RULEBOOK.folder / "de.yaml").read_text(encoding="utf-8")
    dutch = TEXTS["nl"] + (RULEBOOK.folder / "nl.yaml").read_text(encoding="utf-8")
    for term in ("Läufer", "Versteck", "Tunnelkampf", "Abstandsregel", "Spielphase", "Tunnelkachel", "freie Zone",
                 "Zellblock", "Kreuzung", "Vorrat", "verschüttet"):
        assert term in german, term
    for term in ("loper", "schuilplaats", "tunnelstrijd", "afstandsregel", "spelfase", "tunneltegel", "vrije zone",
                 "celblok", "kruising", "voorraad", "bedolven"):
        assert term in dutch, term
    # Umlauts and ß as such, never written out ("Laeufer", "fuer", "Strasse").
    assert not re.search(r"Laeufer|\bfuer\b|\bueber|Tuer\b|Tueren|zurueck|waehl|koenn|muess|gehoer|\bgross", german)


def test_rule_ids_are_printed_small_before_the_rules_name():
    assert manual_pdf.small_id("<b>N3 Die Abstandsregel.</b> Eine Kachel", "N3") == (
        f'<font size="{manual_pdf.ID_PT}" color="{manual_pdf.ID_COLOUR}">N3</font>\u00a0<b>Die Abstandsregel.</b> Eine Kachel')
    assert manual_pdf.small_id("<b>Die Rangfolge.</b>", "N3") == "<b>Die Rangfolge.</b>"  # no id: as it is
    assert split_title("N3: die Abstandsregel", "N3") == ("N3", "Die Abstandsregel")
    assert split_title("Die Abstandsregel", "N3") == ("", "Die Abstandsregel")
    page = html_page("de")
    assert '<p id="rule-N3"><small class="rule-id">N3</small> <strong>Die Abstandsregel.</strong>' in page
    assert '<small class="rule-id">N3</small> <b>Die Abstandsregel</b>' in page  # the figure's title
    assert "<strong>N3 " not in page


@pytest.mark.slow  # about 11 s each: two whole books built twice
@pytest.mark.parametrize("lang", ["de", "nl"])
def test_the_german_and_dutch_books_are_the_same_bytes_every_time(lang, tmp_path):
    assert manual_pdf.to_pdf(book(lang), THEME, A4) == pdf_text(lang)[2]
    out = tmp_path / f"rules-{lang}.html"
    result = runner.invoke(app, ["manual", "--game", "sectionx", "--lang", lang, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_text(encoding="utf-8") == html_page(lang) == manual_html.to_html(book(lang), THEME)


def test_the_board_names_the_zones_by_the_books_compass():
    from sectionx.games.sectionx.render.words import ENGLISH, Words

    german = Words(compass="N NO O SO S SW W NW")
    assert [german.zone(z) for z in ("E", "SE", "SW", "W", "NW", "NE")] == ["O", "SO", "SW", "W", "NW", "NO"]
    assert german.zone("Harbour") == "Harbour" and german.zone("") == ""  # a board's own zone names as written
    assert [ENGLISH.zone(z) for z in ("E", "SE", "NE")] == ["E", "SE", "NE"]
    assert Words(compass="N O").zone("SE") == "SE"  # a compass that is not eight points changes nothing
    dutch = drawn_words(book("nl").language)
    assert (dutch.zone("SE"), dutch.zone("E")) == ("ZO", "O")
    assert re.search(r"\bZO\b", pdf_text("nl")[1]) and not re.search(r"\bSE\b", pdf_text("nl")[1])
