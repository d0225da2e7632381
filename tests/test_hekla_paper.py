"""Hekla on paper (issue 26): rule figures whose claims the referee checks
(``illustrate``), and the rulebook's figures."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla import figures
from sectionx.render.theme import load_theme
from sectionx.yamlsrc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
FIGURE_4 = ROOT / "scenarios" / "hekla" / "figure-4.yaml"
RULEBOOK = ROOT / "sectionx" / "games" / "hekla" / "rulebook"
FIGURES = sorted((RULEBOOK / "figures").glob("*.yaml"))
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# ---------------------------------------------------------------------- illustrate


@pytest.mark.parametrize("path", [FIGURE_4, *FIGURES], ids=lambda p: p.name)
def test_every_claim_of_every_figure_holds(path):
    doc = read_yaml(path)
    assert figures.figure_problems(path, doc) == []
    assert figures.claim_count(doc) >= 2
    title = doc.data["title"]
    if path in FIGURES:
        assert re.match(r"^H[0-9]: ", title), title  # the manual prints it after that rule
        page = figures.draw_figure(path, doc, load_theme(None))
        assert len(page.pages) == 1 and page.pages[0].width < 200  # one page, cropped to the board


def test_the_rulebook_covers_placing_moving_eruptions_scoring_lava_and_both_ends():
    rules = {read_yaml(p).data["title"].split(":")[0] for p in FIGURES}
    assert {"H1", "H2", "H3", "H4", "H5", "H6", "H7", "H8", "H9"} <= rules and 5 <= len(FIGURES) <= 11


def test_figure_4_is_the_texts_and_checked(tmp_path):
    result = run("illustrate", FIGURE_4)
    assert result.exit_code == 0 and "all 4 claims hold" in result.output
    out = tmp_path / "f.svg"
    result = run("illustrate", FIGURE_4, "-o", out)
    assert result.exit_code == 0 and out.read_text().startswith("<?xml")
    rulebook = read_yaml(RULEBOOK / "figures" / "h5-order.yaml").data
    text = read_yaml(FIGURE_4).data
    for key in ("stones", "track", "to_move"):
        assert rulebook[key] == text[key]  # the rulebook's H5 figure is the text's figure 4
    # The same claims; the book's words cite no rule id (its running text holds none).
    assert [{k: v for k, v in c.items() if k != "says"} for c in rulebook["claims"]] == \
        [{k: v for k, v in c.items() if k != "says"} for c in text["claims"]]


def _figure(tmp_path: Path, claims: str) -> Path:
    f = tmp_path / "fig.yaml"
    f.write_text(FIGURE_4.read_text().split("claims:")[0] + "claims:\n" + claims)
    return f


@pytest.mark.parametrize("claim, line, words", [
    ("  - legal: move green3 e5-e3\n", 1, "name their order, e.g. erupt c3-e3 e2-e4 (H5)"),  # two triples erupt
    ("  - illegal: move green3 e5-e3\n    because: H3\n", 2, "because of H5"),
    ("  - illegal: move green3 e5-e4 erupt c3-e3\n    because: H2\n", 2, "c3-e3 does not erupt after this turn"),
    (("  - says: the row and the column\n    after: move green3 e5-e3 erupt e2-e4 c3-e3\n    then:\n"
     "      erupted: [c3-e3, e2-e4]\n"), 4, "erupted is [e2-e4], not [c3-e3, e2-e4]"),
    (("  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    then:\n      eruptions:\n"
     "        - {triple: c3-e3, sum: 8}\n        - {triple: e2-e4}\n"), 3, "eruption 1 (c3-e3): sum is 9, not 8"),
    ("  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    then:\n      gained: {green: 5}\n", 3,
     "gained.green is 6, not 5"),
    ("  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    then:\n      stones: {d3: [red2]}\n", 3,
     "d3 holds [lava0], not [red2]"),
    ("  - after: [move green3 e5-e3 erupt c3-e3 e2-e4, place green2 a1]\n    then:\n      quiet: 0\n", 1,
     "place green2 a1 is illegal after"),  # red's turn after green's
    ("  - scorable: [c3-e3]\n", 1, "c3-e3 is not scorable (its stones add up to 6, H4)"),
    ("  - legal: move green9 e5-e3\n", 1, "not a volcano stone"),
    ("  - scorable: [c3-c9]\n", 1, "not a triple of the area"),
])
def test_a_false_claim_is_one_line_at_its_file_line_and_column_and_nothing_is_drawn(tmp_path, claim, line, words):
    f = _figure(tmp_path, claim)
    head = len(f.read_text().split("claims:")[0].splitlines()) + 1  # the line of claims:
    out = tmp_path / "f.svg"
    result = run("illustrate", f, "-o", out)
    assert result.exit_code == 1, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1, result.output  # the true parts of a claim say nothing
    assert words in lines[0], lines[0]
    assert re.match(rf"^{re.escape(str(f))}:{head + line}:\d+: ", lines[0]), (lines[0], head, line)
    assert lines[0].endswith("(claim)") or lines[0].endswith("(H1)")
    assert not out.exists()


def test_an_unscorable_claim_is_false_where_the_triple_would_erupt(tmp_path):
    lava = RULEBOOK / "figures" / "h7-lava.yaml"
    f = tmp_path / "lava.yaml"
    f.write_text(lava.read_text().split("claims:")[0] + "claims:\n  - unscorable: [a1-a3, c2-c4]\n"
                 "  - after: place red2 d3\n    scorable: [c2-c4]\n")
    result = run("illustrate", f)
    assert result.exit_code == 1
    assert "false claim: c2-c4 is scorable (its stones add up to 11, H4) (claim)" in result.output
    assert ("false claim, after place red2 d3: c2-c4 is not scorable (its stones add up to 9; its middle c3 holds 2 "
            "lava stones, H4)") in result.output
    assert "a1-a3" not in result.output


def test_a_figure_must_be_a_valid_position_and_not_a_record(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: hekla\nstones: {c3: [red2, red2, red2]}\nclaims:\n  - legal: pass\n")
    result = run("illustrate", bad)
    assert result.exit_code == 1 and ":2:" in result.output and "(HG1)" in result.output
    record = tmp_path / "rec.yaml"
    record.write_text("game: hekla\nactions: [place red2 c3]\n")
    result = run("illustrate", record)
    assert result.exit_code == 1 and "a Hekla record, not a figure" in result.output
    schema = tmp_path / "schema.yaml"
    schema.write_text("game: hekla\nclaims:\n  - legal: pass\n    then: {quiet: 1}\n")
    result = run("illustrate", schema)
    assert result.exit_code == 1 and "schema.yaml:3:" in result.output


def test_after_before_a_claim_speaks_of_the_position_after(tmp_path):
    f = _figure(tmp_path, "  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    unscorable: [c3-e3]\n"
                          "  - after: move green3 e5-e3 erupt c3-e3 e2-e4\n    legal: place red1 a1\n")
    assert run("illustrate", f).exit_code == 0


# ---------------------------------------------------------------------- generate


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """A small generated set: two beginner puzzles and one intermediate (seed 1)."""
    folder = tmp_path_factory.mktemp("hekla-set")
    for tier, count in (("beginner", 2), ("intermediate", 1)):
        result = run("generate", "--game", "hekla", "--difficulty", tier, "--count", count, "--seed", 1, "-o", folder)
        assert result.exit_code == 0, result.output
    return folder


def test_generate_writes_graded_puzzles_with_their_answer_and_the_same_bytes_on_two_workers(made, tmp_path):
    names = sorted(p.name for p in made.glob("*.yaml"))
    assert names == ["beginner-001.yaml", "beginner-002.yaml", "intermediate-001.yaml"]
    again = tmp_path / "again"
    result = run("generate", "--game", "hekla", "--difficulty", "beginner", "--count", 2, "--seed", 1, "-o", again,
                 "--workers", 2)
    assert result.exit_code == 0, result.output
    for name in ("beginner-001.yaml", "beginner-002.yaml"):
        assert (again / name).read_bytes() == (made / name).read_bytes()
    for path in made.glob("*.yaml"):
        assert run("validate", path).exit_code == 0
        data = read_yaml(path).data
        assert data["answer"]["lines"] == 1 and data["grade"]["tier"] == path.name.split("-")[0]
        assert data["grade"]["id"].startswith(f"hekla/{data['grade']['tier']}#")


def test_an_id_makes_the_same_puzzle_again(made, tmp_path):
    data = read_yaml(made / "intermediate-001.yaml").data
    puzzle_id = data["grade"]["id"]
    result = run("generate", "--game", "hekla", "--id", puzzle_id, "-o", tmp_path)
    assert result.exit_code == 0, result.output
    [made_again] = tmp_path.glob("*.yaml")
    assert made_again.read_bytes() == (made / "intermediate-001.yaml").read_bytes()
    result = run("generate", "--game", "hekla", "--id", "hekla/nonsense#3", "-o", tmp_path)
    assert result.exit_code == 2 and "unknown difficulty" in result.output
    result = run("generate", "--game", "hekla", "--id", "expert/compact/free#3", "-o", tmp_path)
    assert result.exit_code == 2 and "not a Hekla puzzle id" in result.output


def test_generate_never_replaces_a_file_and_refuses_section_x_choices(made, tmp_path):
    mine = tmp_path / "beginner-001.yaml"
    mine.write_text("my own notes\n")
    result = run("generate", "--game", "hekla", "--difficulty", "beginner", "--count", 2, "--seed", 1, "-o", tmp_path)
    assert result.exit_code == 2 and "already exists; generate never replaces a file" in result.output
    assert mine.read_text() == "my own notes\n" and not (tmp_path / "beginner-002.yaml").exists()
    result = run("generate", "--game", "hekla", "--board", "standard", "-o", tmp_path / "x")
    assert result.exit_code == 2 and "--board" in result.output and not (tmp_path / "x").exists()


def test_each_generated_puzzle_is_proved_unique_and_graded_as_it_says(made):
    """Re-proved from the file alone: the fewest turns (solve), one winning line among
    every legal turn (the prover, and for one turn the referee's whole list with every
    back-step and order), and the figures behind its tier measured again."""
    from sectionx.games.hekla import formats, generator
    from sectionx.games.hekla.solver import solve

    for path in sorted(made.glob("*.yaml")):
        loaded = formats.load(path)
        pos, goal = loaded.position, loaded.goal
        answer = solve(pos, goal.gain, goal.within)
        assert answer.turns == loaded.answer_turns == goal.within
        if goal.within > 1:
            assert solve(pos, goal.gain, goal.within - 1).turns is None
        prover = generator.Prover(pos, generator.NODES)
        assert prover.lines(pos, goal.gain, goal.within, cap=5) == 1
        figures_ = prover.figures(goal.gain, goal.within)
        measured = {k: v for k, v in figures_.items() if k != "nodes"}  # nodes: this search's, not the maker's
        assert measured == {k: v for k, v in loaded.grade.figures if k != "nodes"}
        assert figures_.tier == loaded.grade.tier
        # The referee's complete list (every back-step, every order), no table: one winning
        # line, up to turns that leave the same position.
        assert len(_winning_lines(pos, goal.gain, goal.within)) == 1, path.name


def _winning_lines(start, gain: int, turns: int) -> set[tuple[object, ...]]:
    """Every line of ``turns`` of the player's turns (the others sitting out) that gains
    ``gain``, as the positions it passes through, by the referee alone."""
    from sectionx.games.hekla import rules

    me = start.to_move

    def ways(p: rules.Position, k: int) -> set[tuple[object, ...]]:
        if k == 0 or p.over:
            return {()} if p.track[me] - start.track[me] >= gain else set()
        out: set[tuple[object, ...]] = set()
        for a in rules.turns(p):
            for o in rules.orders(p, a):
                after = rules.skip_to(rules.apply(p, o), me)
                out |= {(after, *rest) for rest in ways(after, k - 1)}
        return out

    return ways(start, turns)


def test_the_tiers_follow_the_look_ahead_and_the_tricks():
    from sectionx.games.hekla.generator import tier_of

    assert [tier_of(1, 0), tier_of(1, 1), tier_of(2, 0), tier_of(2, 2), tier_of(3, 0), tier_of(3, 1), tier_of(4, 0)] == \
        ["beginner", "intermediate", "intermediate", "advanced", "advanced", "expert", "expert"]


def test_two_puzzles_that_differ_only_in_whose_stones_the_others_are_have_one_form():
    """Dedupe: the board has no symmetry the track keeps, so the form is the solver's
    key (the player's stones told from everyone else's), not a mirror image."""
    from dataclasses import replace

    from sectionx.games.hekla import formats, generator
    from sectionx.games.hekla.rules import Stone

    loaded = formats.load(ROOT / "scenarios" / "hekla" / "puzzles" / "14.yaml")  # blue to move, four players
    pos, goal = loaded.position, loaded.goal
    swap = {"red": "yellow", "yellow": "red"}
    fields = tuple((f, tuple(Stone(swap.get(s.owner, s.owner), s.value) for s in stones)) for f, stones in pos.fields)
    recoloured = replace(pos, fields=fields, track=(pos.track[2], pos.track[1], pos.track[0], pos.track[3]))
    assert generator.canonical(recoloured, goal) == generator.canonical(pos, goal)
    others_ahead = replace(pos, track=(40, 40, 40, pos.track[3]))
    assert generator.canonical(others_ahead, goal) == generator.canonical(pos, goal)
    mirrored = replace(pos, fields=tuple(sorted(((4 - f[0], f[1]), s) for f, s in pos.fields)))
    assert generator.canonical(mirrored, goal) != generator.canonical(pos, goal)
    moved_on = replace(pos, track=(*pos.track[:3], pos.track[3] + 1))
    assert generator.canonical(moved_on, goal) != generator.canonical(pos, goal)


def test_a_set_keeps_one_of_two_puzzles_of_the_same_form():
    from sectionx.games.hekla import generator
    from sectionx.generating import generate_set

    outcomes = [generator.Outcome(1, "accepted", "a", ("form",)), generator.Outcome(2, "accepted", "b", ("form",)),
                generator.Outcome(3, "accepted", "c", ("other",))]
    kept, tally = generate_set(lambda o: o, outcomes, 2)
    assert [o.seed for o in kept] == [1, 3] and tally.reasons["duplicate"] == 1


# ---------------------------------------------------------------------- sheet, deck, book


SHIPPED = sorted((ROOT / "scenarios" / "hekla" / "puzzles").glob("*.yaml"))


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_every_shipped_puzzle_prints_as_a_card_and_a_solution_sheet(path):
    from sectionx.games.hekla import formats, printing
    from sectionx.games.hekla.solver import solve
    from sectionx.render.puzzleprint import sheet_document

    theme = load_theme(None)
    loaded = formats.load(path)
    answer = solve(loaded.position, loaded.goal.gain, loaded.goal.within)
    printed = printing.printed(loaded.position, loaded.goal, answer.line, theme, title=loaded.title, summary="s")
    document = sheet_document(printed, theme, theme.paper("a4"))
    assert len(document.pages) >= 2 and len(printed.steps) == loaded.answer_turns
    assert all(step.lines[-1].startswith("Written: ") for step in printed.steps)


def test_sheet_draws_a_puzzle_and_a_solution_record(tmp_path):
    puzzle = tmp_path / "05.yaml"
    puzzle.write_text((ROOT / "scenarios" / "hekla" / "puzzles" / "05.yaml").read_text())
    out = tmp_path / "s.pdf"
    result = run("sheet", puzzle, "-o", out)
    assert result.exit_code == 0 and out.read_bytes()[:5] == b"%PDF-"
    record = tmp_path / "line.yaml"
    assert run("solve", puzzle, "-o", record).exit_code == 0
    svg = tmp_path / "r.svg"
    result = run("sheet", record, "-o", svg)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r-card.svg").exists() and (tmp_path / "r-solution-1.svg").exists()


def test_sheet_refuses_bad_input_in_one_line(tmp_path):
    position = tmp_path / "p.yaml"
    position.write_text("game: hekla\nplayers: 2\n")
    result = run("sheet", position, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1 and "not a puzzle" in result.output
    impossible = tmp_path / "i.yaml"
    impossible.write_text("game: hekla\nplayers: 2\ngoal: {gain: 50, within: 1}\n")
    result = run("sheet", impossible, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 3 and "cannot gain 50 within 1 turn" in result.output
    broken = tmp_path / "b.yaml"
    broken.write_text("game: hekla\nplayers: 2\nstones: {z9: [red2]}\ngoal: {gain: 3, within: 1}\n")
    result = run("sheet", broken, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 1 and "b.yaml:3:" in result.output
    short = tmp_path / "short.yaml"
    short.write_text((ROOT / "scenarios" / "hekla" / "puzzles" / "04.yaml").read_text())
    from sectionx.games.hekla import formats, rules

    pos = formats.load(short).position
    quiet = next(a for a in rules.turns(pos) if not rules.erupts(pos, a))  # a turn that gains nothing
    record = tmp_path / "rec.yaml"
    record.write_text(f"game: hekla\nstart: short.yaml\nactions: [{quiet}]\n")
    result = run("sheet", record, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 1 and "do not end with the puzzle's goal met" in result.output
    assert not (tmp_path / "s.pdf").exists()


def test_deck_and_book_of_a_generated_set(made, tmp_path):
    deck = tmp_path / "deck.pdf"
    result = run("deck", made, "-o", deck, "--per-tier", 2)
    assert result.exit_code == 0, result.output
    assert "3 cards" in result.output and deck.read_bytes()[:5] == b"%PDF-"
    book = tmp_path / "book.pdf"
    result = run("book", made, "-o", book, "--time", 60)  # --time limits each puzzle as for Section X
    assert result.exit_code == 0 and "3 puzzles" in result.output
    result = run("book", made, "-o", tmp_path / "b2.pdf", "--nodes", 20)
    assert result.exit_code == 4 and "not solved within 20 turns tried (--nodes)" in result.output


def test_deck_and_book_refuse_a_puzzle_that_is_not_as_its_answer_says(made, tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    text = (made / "intermediate-001.yaml").read_text()
    (folder / "a.yaml").write_text(text.replace("lines: 1}", "lines: 2}"))
    result = run("deck", folder, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "the solver finds 1 winning line; its answer: block says lines: 2" in result.output
    turns = re.search(r"answer: \{turns: (\d)", text).group(1)
    (folder / "a.yaml").write_text(text.replace(f"answer: {{turns: {turns}", f"answer: {{turns: {int(turns) + 1}"))
    result = run("book", folder, "-o", tmp_path / "b.pdf")
    assert result.exit_code == 1 and f"the solver proves {turns} turns; its answer: block says {int(turns) + 1}" in \
        result.output
    assert not (tmp_path / "d.pdf").exists() and not (tmp_path / "b.pdf").exists()


def test_the_deck_refuses_several_winning_lines_and_the_book_prints_them_when_recorded(tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    two = (ROOT / "scenarios" / "hekla" / "puzzles" / "02.yaml").read_text()  # 2 winning lines, recorded
    (folder / "02.yaml").write_text(two)
    result = run("book", folder, "-o", tmp_path / "b.pdf")
    assert result.exit_code == 0, result.output
    graded = two.replace("answer: {turns: 1, lines: 2}", "answer: {turns: 1, lines: 2}\ngrade: {id: hekla/beginner#1, "
                         "tier: beginner}")
    (folder / "02.yaml").write_text(graded)
    result = run("deck", folder, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "not unique: 2 winning lines; a deck prints puzzles with one solution" in \
        result.output
    (folder / "02.yaml").write_text(two.replace("answer: {turns: 1, lines: 2}", "answer: {turns: 1}"))
    result = run("book", folder, "-o", tmp_path / "b2.pdf")
    assert result.exit_code == 1 and "a book prints such a puzzle when its answer: block records them (lines: 2)" in \
        result.output
    result = run("deck", ROOT / "scenarios" / "hekla" / "puzzles", "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "no grade: block" in result.output


def test_every_shipped_puzzle_records_its_winning_lines(tmp_path):
    """What the book checks (``sectionx book scenarios/hekla/puzzles``), on the quick ones:
    11 and 14 take most of a minute between them, and the book proves them."""
    from sectionx.games.hekla import formats, generator

    for path in [p for p in SHIPPED if p.name not in ("11.yaml", "14.yaml")]:
        loaded = formats.load(path)
        prover = generator.Prover(loaded.position, 2_000_000)
        assert prover.lines(loaded.position, loaded.goal.gain, loaded.answer_turns, cap=50) == loaded.answer_lines


def test_bad_grades_and_difficulties_are_one_line(made, tmp_path):
    text = (made / "beginner-001.yaml").read_text()
    huge = tmp_path / "huge.yaml"
    huge.write_text(re.sub(r"id: hekla/beginner#\d+", "id: hekla/beginner#" + "9" * 25, text))
    result = run("validate", huge)
    assert result.exit_code == 1 and "the seed after # is at most" in result.output
    line = next(i for i, x in enumerate(huge.read_text().splitlines(), 1) if x.strip().startswith("id:"))
    assert f"huge.yaml:{line}:" in result.output
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(text.replace("tier: beginner", "tier: legendary"))
    result = run("validate", wrong)
    assert result.exit_code == 1 and "legendary" in result.output
    result = run("generate", "--game", "hekla", "--difficulty", "legendary", "-o", tmp_path / "g")
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1 and "unknown difficulty" in result.output


# ---------------------------------------------------------------------- 8 pt on paper (issue 30)


def _texts(items):
    from sectionx.render.scene import Group, Text

    for it in items:
        if isinstance(it, Text):
            yield it
        elif isinstance(it, Group):
            yield from _texts(it.items)


def test_the_card_draws_the_boards_words_at_8_pt_and_a_turn_leaves_them_out():
    """The card (printed at about the art's size) keeps every track number, START and
    field name, at 8 pt or more; a turn (printed at about half size, where they would not
    fit their corners at 8 pt) leaves them out, its heading and lines naming the fields."""
    from sectionx.games.hekla import formats, printing
    from sectionx.games.hekla.solver import solve

    theme = load_theme(None)
    loaded = formats.load(ROOT / "scenarios" / "hekla" / "puzzles" / "05.yaml")
    answer = solve(loaded.position, loaded.goal.gain, loaded.goal.within)
    printed = printing.printed(loaded.position, loaded.goal, answer.line, theme, title="t", summary="s")
    assert printed.picture_pt == 8.0  # the layout's floor holds for Hekla too
    board = loaded.position.board
    words = list(_texts(printed.picture.pages[0].items))
    names = {t.text for t in words}
    track = {str(n) for n in range(1, len(board.inner) + len(board.outer))}
    assert "START" in names and track <= names and {"a1", "e5"} <= names
    above = track - {"1", "2", "3"}  # not the stones' values
    assert min(t.size for t in words if t.text in above | {"START", "a1", "c3"}) >= 8.0
    for step in printed.steps:
        shown = {t.text for t in _texts(step.picture.pages[0].items)}
        assert "START" not in shown and not shown & {"a1", "c3", "e5"} and not shown & {"24", "31", "55"}


def test_hekla_sheet_and_book_print_no_word_under_8_pt_the_same_bytes_twice(tmp_path):
    """Read back from the PDF: every word of the sheet and the book, the pictures'
    included, prints at 8 pt or more on A4 and letter (puzzles of one, two and three turns)."""
    import shutil

    from .pdf_sizes import printed_sizes

    folder = tmp_path / "set"
    folder.mkdir()
    for name in ("01.yaml", "02.yaml", "05.yaml", "12.yaml"):
        shutil.copy(ROOT / "scenarios" / "hekla" / "puzzles" / name, folder / name)
    for paper in ("a4", "letter"):
        for kind, source in (("sheet", folder / "05.yaml"), ("sheet", folder / "12.yaml"), ("book", folder)):
            first, second = tmp_path / f"{kind}-{paper}-1.pdf", tmp_path / f"{kind}-{paper}-2.pdf"
            for out in (first, second):
                result = run(kind, source, "-o", out, "--paper", paper)
                assert result.exit_code == 0, result.output
            data = first.read_bytes()
            assert data == second.read_bytes()
            pages = printed_sizes(data)
            assert all(pages) and min(min(p) for p in pages) >= 8.0 - 1e-3, (kind, paper, [min(p) for p in pages])


def test_no_word_on_a_deck_card_is_under_6_pt_and_every_stone_keeps_its_value(made, tmp_path):
    """Issue 30: 6 pt, the usual least type of a poker-size card game, read back from the
    PDF on A4 and letter, the pictures' words included (they printed at 1-2 pt); the
    front's picture keeps a numeral on every stone (grown to 6 pt inside it: the card's
    own larger plain stones), the hand is said in words, the track's numbers left out."""
    from sectionx.games.hekla import formats, printing
    from sectionx.games.hekla.solver import solve
    from sectionx.render.puzzleprint import deck_document
    from sectionx.render.scene import Group

    from .pdf_sizes import assert_decks_at_least, pictured_words

    assert_decks_at_least(run, made, tmp_path)

    theme = load_theme(None)
    loaded = formats.load(ROOT / "scenarios" / "hekla" / "puzzles" / "05.yaml")
    answer = solve(loaded.position, loaded.goal.gain, loaded.goal.within)
    p = printing.printed(loaded.position, loaded.goal, answer.line, theme, title="t", summary="s", number=1)
    document = deck_document([p], theme, theme.paper("a4"))

    front = next(it for it in document.pages[0].items if isinstance(it, Group) and it.label == "piece-card-1")
    words = list(pictured_words(front.items))
    stones = [s for _, on in loaded.position.fields for s in on]
    assert sorted(words) == sorted(str(s.value) for s in stones)
    assert printing.hand_line(loaded.position) in p.card_facts


def test_hand_line_says_the_stones_in_hand_in_words():
    from sectionx.games.hekla import formats, printing

    pos = formats.load(ROOT / "scenarios" / "hekla" / "puzzles" / "05.yaml").position
    values = pos.supply(pos.player)
    line = printing.hand_line(pos)
    assert line.startswith(pos.player.value.capitalize()) and all(str(v) in line for v in values)
