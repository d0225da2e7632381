"""Der Tunnel's rule figures (``illustrate``, every claim checked by the referee) and
the players' rules sheet (``manual --game tunnel``, English and German), issue 28."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.tunnel import figures
from sectionx.games.tunnel.manual import RULEBOOK, component_pictures, cover_picture
from sectionx.render.textfit import text_width
from sectionx.render.theme import load_theme
from sectionx.rulebook import prepare
from sectionx.yamlsrc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
FOLDER = ROOT / "sectionx" / "games" / "tunnel" / "rulebook"
FIGURES = sorted((FOLDER / "figures").glob("*.yaml"))
THEME = load_theme(None)
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def _defined(lang: str) -> list[str]:
    text = (FOLDER / f"rules-{lang}.md").read_text(encoding="utf-8")
    return re.findall(r"^\*\*([A-Z]{2}[0-9]+) [A-ZÄÖÜ]", text, re.MULTILINE)


# ---------------------------------------------------------------------- the figures


@pytest.mark.parametrize("path", FIGURES, ids=lambda p: p.stem)
def test_every_claim_of_every_figure_holds_and_it_draws_on_one_cropped_page(path):
    figure = figures.check_figure(path)
    assert figure.claims >= 2
    rule = figure.loaded.title.split(":")[0]
    assert rule in _defined("en"), f"{path.stem} illustrates {rule}, which the rules text does not define"
    doc = figures.draw_figure(path, read_yaml(path), THEME)
    (page,) = doc.pages
    assert page.width < 170 and page.height < 80
    texts = " ".join(getattr(i, "text", "") for i in page.items)
    assert figure.loaded.title not in texts  # the book sets the title and caption as text
    printed = min(figures.BOOK_W / page.width, figures.BOOK_H / page.height, 1.0)
    assert printed >= figures.SMALLEST_SCALE  # the legend's words stay readable in the book


def test_the_figures_cover_the_tunnel_the_clarifications_and_every_variant():
    rules = [figures.check_figure(p).loaded.title.split(":")[0] for p in FIGURES]
    assert {"TU1", "TU4", "TU5", "TU7", "TU8", "TU9", "TV1", "TV2", "TV3", "TV4"} <= set(rules)
    assert rules.count("TU1") == 2 and rules.count("TU7") == 2  # the new tile and elsewhere; completed and visible


def test_illustrate_checks_and_draws_with_title_legend_and_caption(tmp_path):
    path = FOLDER / "figures" / "tu4-joins.yaml"
    result = run("illustrate", path)
    assert result.exit_code == 0 and result.output == f"{path}: all 4 claims hold\n"
    for kind in ("svg", "pdf"):
        out = tmp_path / f"f.{kind}"
        result = run("illustrate", path, "-o", out)
        assert result.exit_code == 0 and out.stat().st_size > 1000, result.output
    svg = (tmp_path / "f.svg").read_text(encoding="utf-8")
    assert "TU4: a tunnel joins two roads" in svg and "Red: 0" in svg and "The two roads are one now" in svg


def test_picture_after_draws_the_position_the_move_leads_to():
    figure = figures.check_figure(FOLDER / "figures" / "tu1-a-new-tile.yaml")
    before, after = figure.pictured.loaded.position, figure.pictured.picture.position
    assert (1, 0) not in before.board and (1, 0) in after.board
    assert after.tokens == {((1, 0), 1): "red"} and figure.pictured.after == "TU-A 1,0@0 t red 1,0:E"
    assert figure.pictured.picture.marks.tiles == ((1, 0),)  # annotations read against the board after the move


# ---------------------------------------------------------------------- false claims

#: A small figure: red's lone token on 1,0:W, green's follower on the road beyond the
#: other opening; red draws U.  Claims are appended under claims:.
BASE = """\
game: tunnel
format: 1
title: "TU4: a test"
players: [red, green]
turn: red
board:
  "-1,0": W@0
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": W@0
followers:
  red: ["0,0 road:E"]
  green: ["2,0 road:W"]
tunnels:
  red: ["1,0:W"]
stack: [U, V]
claims:
"""
JOIN = "U -2,0@0 t red 1,0:E"


def _figure(tmp_path: Path, claims: str, base: str = BASE) -> Path:
    f = tmp_path / "fig.yaml"
    f.write_text(base + claims, encoding="utf-8")
    return f


def test_the_test_figure_holds_what_it_should(tmp_path):
    f = _figure(tmp_path, f"""\
  - legal: {JOIN}
  - after: {JOIN}
    then:
      completed: ["0,0 road:E"]
      scored: {{red: 4, green: 4}}
      scores: {{red: 4, green: 4}}
      tiles: {{"2,0 road:W": 4}}
      joined: ["1,0:E", "1,0:W", "0,0 road:E"]
      half_claimed: []
      supply: {{red: 7, green: 7}}
      tokens: {{red: 4}}
      to_move: green
      over: false
  - incomplete: "0,0 road:E"
  - after: {JOIN}
    complete: ["2,0 road:W", "0,0 road:E"]
  - scores:
      "2,0 road:W": {{points: 2, for: [green]}}
      "0,0 city:N": {{points: 0}}
    final: {{red: 3, green: 2}}
  - then:
      sets: {{red: [red, blue, black], green: [green, yellow, grey]}}
      apart: ["1,0:W", "1,0:E"]
""")
    result = run("illustrate", f)
    assert result.exit_code == 0 and "all 6 claims hold" in result.output, result.output


@pytest.mark.parametrize("claim, line, words", [
    (f"  - illegal: {JOIN}\n    because: TU2\n", 1, f"false claim: {JOIN} is legal"),
    ("  - legal: U -2,0@0 t red 1,0:W\n", 1, "1,0:W is already claimed by a red token (TU2)"),
    ("  - illegal: U -2,0@0 t red 1,0:W\n    because: TU1\n", 2, "is illegal, but because of TU2"),
    ("  - legal: U -2,0@0 t red 1,0:X\n", 1, "is not an opening x,y:EDGE"),
    ("  - after: V -2,0@0\n    legal: U 3,0@0\n", 1, "V -2,0@0 is illegal: the tile drawn is U"),
    (f"  - after: {JOIN}\n    legal: V 3,0@0 t red 1,0:W\n", 2, f"false claim, after {JOIN}: V 3,0@0 t red 1,0:W"),
    ("  - complete: \"0,0 road:E\"\n", 1, "the road on -1,0 0,0 1,0 is not complete (1 opening not joined (TU3))"),
    (f"  - after: {JOIN}\n    incomplete: \"0,0 road:E\"\n", 2, (f"false claim, after {JOIN}: the road on -1,0 0,0 "
                                                                  "1,0 2,0 is complete (claim)")),
    ("  - complete: \"9,9 road:E\"\n", 1, "claim: 9,9 holds no tile"),
    ("  - complete: \"0,0 road:S\"\n", 1, "D@0 on 0,0 has no road:S (its features: road:E, city:N, field:En, field:Es)"),
    (f"  - after: {JOIN}\n    then:\n      scored: {{red: 5}}\n", 3, "scored.red is 4, not 5"),
    (f"  - after: {JOIN}\n    then:\n      completed: []\n", 3, ("the road on -1,0 0,0 1,0 2,0 (4 for red and green) was "
                                                                 "completed too")),
    ("  - after: U -2,0@0\n    then:\n      completed: [\"0,0 road:E\"]\n", 3,
     "the road on -1,0 0,0 1,0 was not completed (1 opening not joined (TU3))"),
    (f"  - after: {JOIN}\n    then:\n      tiles: {{\"0,0 road:E\": 5}}\n", 3, "lies on 4 tiles, not 5 (TU7)"),
    ("  - then:\n      joined: [\"1,0:E\", \"1,0:W\"]\n", 2, "1,0:E, 1,0:W are not one feature"),
    (f"  - after: {JOIN}\n    then:\n      apart: [\"1,0:E\", \"0,0 road:E\"]\n", 3, ("1,0:E and 0,0 road:E lie on one "
                                                                                 "feature")),
    ("  - then:\n      half_claimed: []\n", 2, "half_claimed is [1,0:W], not []"),
    ("  - then:\n      tokens: {red: 6}\n", 2, "tokens.red is 5, not 6"),
    ("  - then:\n      sets: {green: [green]}\n", 2, "sets.green is [green, grey, yellow], not [green]"),
    ("  - then:\n      to_move: green\n", 2, "to_move is red, not green"),
    ("  - then:\n      supply: {blue: 7}\n", 2, "supply.blue is nothing: blue does not play, not 7"),
    ("  - then:\n      stealable: [red]\n", 2, "stealable is [], not [red]"),
    ("  - then:\n      completed: []\n", 2, "completed: speaks of the moves of after:"),
    ("  - scores:\n      \"2,0 road:W\": {points: 3, for: [green]}\n", 2, ("at the end the road on 1,0 2,0 scores 2 for "
                                                                        "green, not 3 for green (CB9)")),
    ("  - final: {red: 9}\n", 1, "after the end's scoring red 3, not 9 (CB9)"),
])
def test_a_false_claim_is_one_line_at_its_file_line_and_nothing_is_drawn(tmp_path, claim, line, words):
    f = _figure(tmp_path, claim)
    head = len(BASE.splitlines())  # the line of claims:
    out = tmp_path / "f.svg"
    result = run("illustrate", f, "-o", out)
    assert result.exit_code == 1, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1, result.output
    assert words in lines[0], lines[0]
    assert re.match(rf"^{re.escape(str(f))}:{head + line}:\d+: ", lines[0]), (lines[0], head, line)
    assert lines[0].endswith("(claim)")
    assert not out.exists()


def test_a_claim_says_what_it_says_in_its_line(tmp_path):
    f = _figure(tmp_path, "  - says: \"Red may lay it there.\"\n    legal: U -2,0@0 t red 1,0:W\n")
    result = run("illustrate", f)
    assert result.exit_code == 1 and "false claim ('Red may lay it there.'): U -2,0@0 t red 1,0:W is illegal" in result.output


def test_each_false_claim_of_a_figure_is_its_own_line(tmp_path):
    f = _figure(tmp_path, f"  - illegal: {JOIN}\n    because: TU2\n  - then:\n      to_move: green\n  - legal: {JOIN}\n")
    result = run("illustrate", f)
    assert result.exit_code == 1 and len(result.output.splitlines()) == 2


def test_a_move_pictured_must_be_legal_and_its_annotations_name_the_board_after_it(tmp_path):
    base = BASE.replace("claims:\n", "picture_after: U -2,0@0 t red 1,0:W\nclaims:\n  - legal: U -2,0@0\n")
    result = run("illustrate", _figure(tmp_path, "", base))
    assert result.exit_code == 1 and ":17:16: the move pictured, U -2,0@0 t red 1,0:W, is illegal" in result.output
    base = BASE.replace("claims:\n", f"picture_after: {JOIN}\nannotations:\n  tiles: [\"-2,0\", \"5,5\"]\n"
                                     "claims:\n  - legal: U -2,0@0\n")
    result = run("illustrate", _figure(tmp_path, "", base))
    assert result.exit_code == 1 and ":19:" in result.output and f"5,5 holds no tile (after {JOIN})" in result.output
    base = BASE.replace("claims:\n", f"picture_after: {JOIN}\nannotations:\n  tiles: [\"-2,0\"]\nclaims:\n"
                                     "  - legal: U -2,0@0\n")
    assert run("illustrate", _figure(tmp_path, "", base)).exit_code == 0  # -2,0 holds the tile placed


def test_a_figure_must_be_a_valid_position_and_not_a_record(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: tunnel\nboard: {\"0,0\": U@0}\nclaims:\n  - legal: V 1,0@0\n")
    result = run("illustrate", bad)
    assert result.exit_code == 1 and ":2:" in result.output and "(TG2)" in result.output
    record = tmp_path / "rec.yaml"
    record.write_text("game: tunnel\nstart: {players: 2}\nactions: [U 1,0@0]\n")
    result = run("illustrate", record)
    assert result.exit_code == 1 and "a Der Tunnel record, not a figure" in result.output
    schema = tmp_path / "schema.yaml"
    schema.write_text("game: tunnel\nclaims:\n  - legal: U 1,0@0\n    then: {over: true}\n")
    result = run("illustrate", schema)
    assert result.exit_code == 1 and "schema.yaml:3:" in result.output


# ---------------------------------------------------------------------- the rules sheet


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_rules_text_has_the_rulebook_shape_and_every_id_in_its_index(lang):
    text = (FOLDER / f"rules-{lang}.md").read_text(encoding="utf-8")
    sections = re.findall(r"^## (\d+)\. ", text, re.MULTILINE)
    assert sections == [str(n) for n in range(1, 12)]
    index = text.split("## Index of rule ids", 1)[1]
    listed = re.findall(r"^\| ([A-Z]{2}[0-9]+) \|", index, re.MULTILINE)
    assert sorted(set(_defined(lang))) == sorted(listed) and len(listed) == len(set(listed))
    assert _defined(lang) == _defined("en")  # the same rules in the same order
    assert {"TU1", "TU2", "TU3", "TU4", "TU5", "TU7", "TU8", "TU9", "TV1", "TV2", "TV3", "TV4"} <= set(listed)


#: Notation and code a players' text must not hold: a cell (1,0), an opening (1,0:E), a
#: tile's name (TU-A, U@1), a feature (road:E), a file, a backtick, the program's name.
NOTATION = re.compile(r"-?\d+,-?\d+(?!\d)|:[NESW]\b|\bTU-[A-D]\b|@\d|\b(?:road|city|field):[NESW]|\.ya?ml\b|`|sectionx")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_players_text_holds_no_notation_code_or_file_names(lang):
    text = (FOLDER / f"rules-{lang}.md").read_text(encoding="utf-8").split("## Index of rule ids", 1)[0]
    # Not the title, nor the study's table (German decimals: "7,6"); not thousands ("14,000").
    running = "\n".join(line for line in text.splitlines()[1:] if not line.startswith("| "))
    found = NOTATION.findall(re.sub(r"\b\d{1,3}[,.]\d{3}\b", "", running))
    assert not found, found
    words = yaml.safe_load((FOLDER / f"{lang}.yaml").read_text(encoding="utf-8"))
    shown = [words["intro"], [p["lines"] for p in words["summary"]], [c["note"] for c in words["components"].values()]]
    if lang == "en":
        shown += [[d["annotations"]["caption"], [c.get("says", "") for c in d["claims"]]]
                  for d in (yaml.safe_load(p.read_text(encoding="utf-8")) for p in FIGURES)]
    else:
        shown += [[f["caption"], f["says"]] for f in words["figures"].values()]
    assert not NOTATION.findall(str(shown)), NOTATION.findall(str(shown))


def test_the_german_text_uses_the_german_terms_and_its_umlauts():
    text = (FOLDER / "rules-de.md").read_text(encoding="utf-8") + (FOLDER / "de.yaml").read_text(encoding="utf-8")
    for term in ("Tunnel-Marker", "Gefolgsmann", "Tunnelöffnung", "Landschaftskarte", "Straße", "Kein Blockieren"):
        assert term in text, term
    # No umlaut or ß written out ("Oeffnung", "fuer", "Strasse"), as a keyboard without them would.
    assert not re.search(r"(Oeffnung|\bfuer\b|Strasse|Gruen|zurueck|waehl|koenn|muess|gehoer|Schluss\b)", text)
    assert "Token" not in text  # the German text says Marker


def test_the_legend_holds_every_languages_words():
    for lang in ("en", "de"):
        words = RULEBOOK.language(lang).words
        assert figures.widest_word(THEME, words) < figures.BLOCK - 2.0
        for key in ("to_move", "common", "drawn"):
            assert text_width(words[key].format(player="Grün"), figures.SMALL_PT, True, THEME) < figures.BLOCK - 2.0


def test_both_languages_prepare_with_every_figure_in_its_place():
    for lang in ("en", "de"):
        book = prepare(RULEBOOK, lang, theme=THEME)
        assert book.rules_in_language  # each language's own rules text
        assert len(book.figures) == len(FIGURES)
        placed = {f.name: f.rule for f in book.figures.values()}
        assert placed["tv4-no-blocking"] == "TV4" and placed["tu5-order"] == "TU5"
    german = prepare(RULEBOOK, "de", theme=THEME).figures["tu8-setup"].text
    assert german.title.startswith("TU8: ") and "Marker" in german.title


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    """The sheet in both languages and both formats, through the command line."""
    folder = tmp_path_factory.mktemp("tunnel-manual")
    out = {}
    for lang in ("en", "de"):
        for kind in ("pdf", "html"):
            path = folder / f"rules-{lang}.{kind}"
            result = run("manual", "--game", "tunnel", "--lang", lang, "-o", path)
            assert result.exit_code == 0, result.output
            name = {"en": "English", "de": "Deutsch"}[lang]
            assert result.stderr.endswith(f"wrote {path}: {name}, {len(FIGURES)} figures, every claim checked\n")
            out[lang, kind] = path
    return out


def test_the_pdfs_print_every_figure_in_their_language(books):
    for lang, figure, words in (("en", "Figure", ["Index", "Rules by id", "What the variant study found",
                                                  "Which variants do you play?", "Our recommendation: No blocking"]),
                                ("de", "Abbildung", ["Stichwortverzeichnis", "Regeln nach Kennung", "Tunnelöffnung",
                                                     "Welche Varianten spielt ihr?", "Unsere Empfehlung: Kein Blockieren"])):
        reader = PdfReader(books[lang, "pdf"])
        text = " ".join(" ".join(p.extract_text() for p in reader.pages).split())
        assert all(f"{figure} {n}." in text for n in range(1, len(FIGURES) + 1))
        assert all(w in text for w in words), [w for w in words if w not in text]
        assert 10 <= len(reader.pages) <= 20


def test_the_html_pages_are_whole_and_in_their_language(books):
    for lang in ("en", "de"):
        page = books[lang, "html"].read_text(encoding="utf-8")
        assert page.count("<figure") == len(FIGURES) and "<svg" in page
        assert f'lang="{lang}"' in page
    german = books["de", "html"].read_text(encoding="utf-8")
    assert "Gefolgsmann" in german and "Rot ist am Zug" in german and "Red to move" not in german


def test_the_sheet_is_the_same_bytes_every_time(books, tmp_path):
    again = tmp_path / "again.pdf"
    assert run("manual", "--game", "tunnel", "-o", again).exit_code == 0
    assert again.read_bytes() == books["en", "pdf"].read_bytes()


def test_cover_and_components_are_drawn_in_the_kits_art():
    cover = cover_picture(THEME, RULEBOOK.language("en"))
    assert 100 < cover.width < 140 and cover.symbols  # five columns of tiles, each type one symbol
    parts = dict(component_pictures(THEME, RULEBOOK.language("en")))
    assert set(parts) == {"tiles", "tokens"}
    assert all(p.width <= 52 and p.height <= 40 for p in parts.values())  # the components page's room


def test_a_rule_figure_matches_its_golden_file(tmp_path):
    """The figure of TU5's order (follower first, then the token), drawn by illustrate:
    the golden file was looked at as a picture when it was written."""
    figure = ROOT / "sectionx" / "games" / "tunnel" / "rulebook" / "figures" / "tu5-order.yaml"
    out = tmp_path / "f.svg"
    result = run("illustrate", figure, "-o", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == (ROOT / "tests" / "golden" / "tunnel-figure-tu5-order.svg").read_bytes()
