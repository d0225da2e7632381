"""Generated titles read like a puzzle book's (issue 30): "The Narrow Gate", not
"Way out 604"; the same seed gives the same title; a set's titles are its own."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from sectionx import generating
from sectionx.cli import app
from sectionx.games.sectionx import formats
from sectionx.games.sectionx.generator import TITLE_THINGS, TITLE_WORDS, title
from sectionx.games.sectionx.generator.build import Params

DECK = Path(__file__).resolve().parent.parent / "scenarios" / "puzzles" / "deck"


def test_a_title_is_the_seeds_and_differs_for_a_whole_bank_of_consecutive_seeds():
    n = len(TITLE_WORDS) * len(TITLE_THINGS["free"])
    for part in range(4):
        made = [generating.puzzle_title(1_000_000 + i, TITLE_WORDS, TITLE_THINGS["free"], part=part, parts=4)
                for i in range(n)]
        assert len(set(made)) == n
        assert made == [generating.puzzle_title(1_000_000 + i, TITLE_WORDS, TITLE_THINGS["free"], part=part, parts=4)
                        for i in range(n)]
    assert all(re.fullmatch(r"The [A-Z][a-z]+( [A-Z][a-z]+)+", t) for t in made)
    # Two tiers' walks start a quarter of the bank apart: the same seed, another title.
    assert title(Params("beginner"), 1_000_003, "free") != title(Params("expert"), 1_000_003, "free")


def test_the_starter_decks_titles_have_no_numbers_and_each_set_has_its_own():
    by_tier: dict[str, list[str]] = {}
    for f in sorted(DECK.glob("*.yaml")):
        scenario = formats.load(f).scenario
        params, seed = Params.parse_id(scenario.grade.id)
        assert scenario.title == title(params, seed, scenario.goal.kind.value), f.name
        assert not re.search(r"\d", scenario.title)
        assert not scenario.description.lower().startswith("red to "), f.name  # the goal is said once, by goal:
        by_tier.setdefault(params.tier, []).append(scenario.title)
    for tier, titles in by_tier.items():
        assert len(set(titles)) == len(titles) == 15, tier


def test_generate_by_id_writes_the_starter_decks_file_byte_for_byte(tmp_path):
    text = (DECK / "beginner-001.yaml").read_text()
    puzzle_id = re.search(r"--id (\S+)", text).group(1)
    result = CliRunner().invoke(app, ["generate", "--id", puzzle_id, "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (made,) = tmp_path.glob("*.yaml")
    assert made.read_text() == text
