"""The players' index (issue 30): subject words in each book's language, in that
language's alphabetical order, each with the pages of the rules it points to and
those rules' ids in small print; every game, every language.

The words come from each language file's ``index`` (word: rule ids); the builder
finds the pages, and checks every id is a rule the book prints.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from sectionx.games.breakout.manual import RULEBOOK as BREAKOUT
from sectionx.games.hekla.manual import RULEBOOK as HEKLA
from sectionx.games.sectionx.manual import RULEBOOK as SECTIONX
from sectionx.games.tunnel.manual import RULEBOOK as TUNNEL
from sectionx.render.theme import load_theme
from sectionx.rulebook import prepare
from sectionx.rulebook.html import to_html
from sectionx.rulebook.language import collation_key
from sectionx.rulebook.pdf import to_pdf
from sectionx.yamlsrc import LoadError

THEME = load_theme(None)
BOOKS = [(SECTIONX, lang) for lang in ("en", "de", "nl")] + [(b, lang) for b in (BREAKOUT, HEKLA, TUNNEL) for lang in ("en", "de")]
#: Words a players' index must hold, in each book's own terms (the seeds' terms where they give them).
MUST = {("Section X", "en"): ["door", "hideout", "tunnel fight", "master key", "distance rule"],
        ("Section X", "de"): ["Tür", "Versteck", "Tunnelkampf", "Läufer", "Abstandsregel"],
        ("Section X", "nl"): ["deur", "schuilplaats", "tunnelstrijd", "loper", "afstandsregel"],
        ("Breakout", "en"): ["knot", "rope", "push", "stalemate"],
        ("Breakout", "de"): ["Seilknoten", "Seilverbindung", "Einschieben", "Patt"],
        ("Hekla", "en"): ["triple", "volcanist", "lava stone", "eruption"],
        ("Hekla", "de"): ["Dreierreihe", "Vulkanist", "Lavastein", "Wertung"],
        ("Der Tunnel", "en"): ["token", "opening", "follower", "variants"],
        ("Der Tunnel", "de"): ["Tunnel-Marker", "Öffnung", "Gefolgsmann", "Varianten"]}


@pytest.mark.parametrize(("rulebook", "lang"), BOOKS, ids=lambda p: p if isinstance(p, str) else p.game)
def test_every_book_has_a_players_index_in_its_language_and_order(rulebook, lang) -> None:
    manual = prepare(rulebook, lang, theme=THEME)
    terms = [t.term for t in manual.language.index]
    assert len(terms) >= 20
    assert terms == sorted(terms, key=collation_key)
    assert set(MUST[rulebook.game, lang]) <= set(terms)
    for t in manual.language.index:
        assert t.rules and all(r in manual.rules.defined for r in t.rules), t
    # Every rule the book prints is found from some word (the ids' list is for the rest).
    assert {r for t in manual.language.index for r in t.rules} == set(manual.rules.defined)


def test_the_order_is_a_dictionarys() -> None:
    """Accents, umlauts and case do not move a word (DIN 5007-1: Ö with O, ß as ss)."""
    words = ["Zone", "Öffnung", "Abstandsregel", "Tür", "tunnel", "Tunnelkampf", "Straße", "Strasse", "Einsturz", "eiland"]
    assert sorted(words, key=collation_key) == ["Abstandsregel", "eiland", "Einsturz", "Öffnung", "Strasse", "Straße",
                                                "tunnel", "Tunnelkampf", "Tür", "Zone"]


@pytest.mark.parametrize(("rulebook", "lang", "term", "rule"), [(TUNNEL, "de", "Tunnel-Marker", "TU8"),
                                                                 (BREAKOUT, "en", "stalemate", "B7")])
def test_the_pdf_index_gives_the_pages_of_its_rules(rulebook, lang, term, rule) -> None:
    manual = prepare(rulebook, lang, theme=THEME)
    reader = PdfReader(io.BytesIO(to_pdf(manual, THEME, THEME.paper("a4"))))
    texts = [" ".join(p.extract_text().split()) for p in reader.pages]
    index = texts[-1]
    assert manual.language.text["index"] in index and manual.language.text["index_ids"] in index
    m = re.search(rf"(?:^| ){re.escape(term)} ([0-9, ]+?) {rule}\b", index)
    assert m, term
    assert any(f"{rule} " in texts[int(p) - 1] for p in m.group(1).split(", "))
    assert re.search(rf"\b{rule} \d+\b", index.split(manual.language.text["index_ids"])[1])  # the ids in small print


def test_the_html_index_links_each_word_to_its_rules() -> None:
    manual = prepare(SECTIONX, "de", theme=THEME)
    page = to_html(manual, THEME)
    assert '<h2 id="index">Stichwortverzeichnis</h2>' in page
    m = re.search(r"<li>Tunnelkampf (.*?)</li>", page)
    assert m and '<a href="#rule-D4">§\u00a07</a>' in m.group(1) and '<small class="rule-id">D4 D6 D7</small>' in m.group(1)
    assert page.index("<li>Abstandsregel ") < page.index("<li>Öffnung an Öffnung ") < page.index("<li>Tür ")
    assert '<p class="rule-id">Regeln nach Kennung: <a href="#rule-G1">G1</a>' in page


def _language(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "de.yaml"
    path.write_text((SECTIONX.folder / "de.yaml").read_text(encoding="utf-8").replace(
        "\nindex:\n", f"\nindex:\n{extra}", 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("extra", "message"), [
    ("  Tunnelgräber: [D9]\n", "index: 'Tunnelgräber' points to D9, a rule the rules text"),
    ("  Tunnelgräber: keine\n", "index.Tunnelgräber must list the ids of the rules it points to"),
    ("  Tur: [D2]\n", "index: 'Tür' and 'Tur' are one word to a reader; give it once"),
])
def test_a_bad_index_word_is_refused_at_its_line(tmp_path, extra, message) -> None:
    path = _language(tmp_path, extra)
    line = path.read_text(encoding="utf-8").splitlines().index(extra.rstrip("\n")) + 1
    with pytest.raises(LoadError) as caught:
        prepare(SECTIONX, path, theme=THEME)
    found = [str(d) for d in caught.value.diagnostics]
    assert any(message in d and d.startswith(f"{path}:") for d in found), found
    if "points to" in message or "must list" in message:
        assert any(d.startswith(f"{path}:{line}:") for d in found), found


def test_a_language_file_without_an_index_prints_the_rule_ids() -> None:
    """An author's own language file without ``index`` still builds: its book lists the
    rule ids with their pages, as before (docs/rulebook.md)."""
    from dataclasses import replace

    manual = prepare(BREAKOUT, "en", theme=THEME)
    bare = replace(manual, language=replace(manual.language, index=()))
    text = " ".join(PdfReader(io.BytesIO(to_pdf(bare, THEME, THEME.paper("a4")))).pages[-1].extract_text().split())
    assert "B7" in text and "Rules by id" not in text
