"""The challenge deck and the puzzle book (sectionx.games.sectionx.puzzleset, sectionx.games.sectionx.render.deck and
.book, `sectionx deck` and `sectionx book`), on copies of small puzzles of
scenarios/puzzles/ given a grade: block (each solves in a fraction of a second)."""

from __future__ import annotations

import dataclasses
import math
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.sectionx import formats, puzzleset
from sectionx.games.sectionx.model import Answer, Grade, Scenario
from sectionx.games.sectionx.render.book import book
from sectionx.games.sectionx.render.components import card_sheet
from sectionx.games.sectionx.render.deck import card_back, deck
from sectionx.render import pieces
from sectionx.render.pdf import to_pdf
from sectionx.render.scene import Group, Page, Text, apply
from sectionx.render.svg import to_svg
from sectionx.render.textfit import text_box
from sectionx.render.theme import load_theme
from sectionx.yamlsrc import LoadError

from .pdfsvg import close, pdf_placements, pdf_shapes, svg_placements, svg_shapes

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = ROOT / "scenarios" / "puzzles"
runner = CliRunner()
THEME = load_theme()
A4 = THEME.paper("a4")

#: (file, tier, seed, turns of its solution), in the order the deck must number them:
#: tier first; within beginner the fewer turns first although its seed is larger.
SET = [("01-the-fork", "beginner", 7, 1), ("05-behind-to-the-front", "beginner", 3, 2),
       ("19-leapfrog", "intermediate", 1, 2), ("24-tie-break", "advanced", 1, 2),
       ("20-the-road-behind", "expert", 1, 4)]


def graded(folder: Path, name: str, tier: str | None, seed: int = 1, *, as_name: str | None = None,
           extra: str = "") -> Path:
    """A copy of scenarios/puzzles/NAME.yaml in ``folder``, with a grade: block for ``tier``."""
    text = (PUZZLES / f"{name}.yaml").read_text().replace("# yaml-language-server:", "# was:")
    if tier is not None:
        text += f"\ngrade:\n  id: {tier}/standard/free#{seed}\n  tier: {tier}\n  figures: {{detours: 0}}\n"
    path = folder / f"{as_name or name}.yaml"
    path.write_text(text + extra)
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("graded")
    # Written in an order unlike the deck's, so that the deck's order is its own.
    for name, tier, seed, _ in reversed(SET):
        graded(where, name, tier, seed)
    return where


@pytest.fixture(scope="module")
def solved(folder):
    chosen, _ = puzzleset.choose(puzzleset.read_folder(folder), 15)
    return [puzzleset.solve_for_print(p, n) for n, p in enumerate(chosen, 1)]


@pytest.fixture(scope="module")
def cards(solved):
    return deck(solved, THEME, A4)


def groups(page: Page, prefix: str) -> dict[str, Group]:
    return {g.label: g for g in page.items if isinstance(g, Group) and g.label.startswith(prefix)}


# ------------------------------------------------------------------ order and choice


def _file(tier: str, seed: int, turns: int, detours: int = 0, cost: int = 1, name: str = "x") -> puzzleset.PuzzleFile:
    start = formats.load(PUZZLES / "01-the-fork.yaml").scenario
    grade = Grade(f"{tier}/standard/free#{seed}", tier, (("turns", turns), ("detours", detours), ("cost", cost)))
    scenario = Scenario(start.state, start.goal, start.title, "", start.annotations, Answer(turns, 1, cost), grade)
    return puzzleset.PuzzleFile(Path(f"{name}.yaml"), scenario)


def test_difficulty_is_tier_then_turns_detours_cost_then_id_with_the_seed_as_a_number():
    files = [_file("expert", 1, 1, name="e"), _file("beginner", 10, 2, name="b10"), _file("beginner", 9, 2, name="b9"),
             _file("beginner", 1, 2, detours=1, name="bd"), _file("beginner", 1, 2, cost=3, name="bc"),
             _file("beginner", 5, 1, cost=9, name="b1"), _file("intermediate", 1, 1, name="i")]
    assert [p.path.stem for p in puzzleset.in_order(files)] == ["b1", "b9", "b10", "bc", "bd", "i", "e"]


def test_choose_takes_the_first_k_of_each_tier_and_says_which_tiers_are_short():
    files = [_file("beginner", s, 1, name=f"b{s}") for s in range(5)] + [_file("expert", 1, 1, name="e")]
    chosen, warnings = puzzleset.choose(files, 3)
    assert [p.path.stem for p in chosen] == ["b0", "b1", "b2", "e"]
    assert warnings == ["only 0 intermediate puzzles, not 3; the deck has what there is",
                        "only 0 advanced puzzles, not 3; the deck has what there is",
                        "only 1 expert puzzle, not 3; the deck has what there is"]


def test_tier_marks_come_from_the_template(tmp_path):
    assert [THEME.tier(t).count for t in ("beginner", "intermediate", "advanced", "expert")] == [1, 2, 3, 4]
    mine = tmp_path / "t.yaml"
    mine.write_text("tiers:\n  expert: {colour: '#000000', symbol: diamond}\n")
    theme = load_theme(mine)
    assert theme.tier("expert").colour == "#000000" and theme.tier("expert").symbol == "diamond"
    assert theme.tier("expert").count == 4 and theme.tier("beginner") == THEME.tier("beginner")
    mine.write_text("tiers:\n  expert: {symbol: heart}\n")
    with pytest.raises(LoadError, match=r"t\.yaml:2:20:"):
        load_theme(mine)


# ------------------------------------------------------------------ the deck


def test_cards_are_numbered_in_order_of_difficulty(solved):
    assert [(p.number, Path(p.source).stem, p.tier) for p in solved] == \
        [(n, name, tier) for n, (name, tier, _, _) in enumerate(SET, 1)]
    assert [len(p.turns) for p in solved] == [turns for *_, turns in SET]


def test_deck_pages_are_sheets_of_fronts_each_followed_by_its_backs(cards):
    per_sheet = len(card_sheet(THEME, A4).slots)
    assert per_sheet == 9  # 3 x 3 poker cards (issue 11)
    assert [p.name for p in cards.pages] == ["1-cards-1-fronts", "2-cards-1-backs"]
    fronts = [list(groups(p, "piece-card-")) for p in cards.pages[::2]]
    backs = [list(groups(p, "back-card-")) for p in cards.pages[1::2]]
    assert fronts == [[f"piece-card-{n}" for n in range(1, 6)]]
    assert backs == [[f"back-card-{n}" for n in range(1, 6)]]


def test_a_deck_of_sixty_takes_seven_sheets_of_nine(solved):
    many = [dataclasses.replace(solved[k % len(solved)], number=k + 1) for k in range(60)]
    document = deck(many, THEME, A4)
    assert len(document.pages) == 14
    assert [len(groups(p, "piece-card-")) for p in document.pages[::2]] == [9] * 6 + [6]


def test_each_back_lies_at_the_mirrored_place_of_its_front(solved):
    w, _ = THEME.card
    for offset in ((0.0, 0.0), (1.5, -2.0)):
        document = deck(solved, THEME, A4, offset=offset)
        for front_page, back_page in zip(document.pages[::2], document.pages[1::2]):
            fronts, backs = groups(front_page, "piece-card-"), groups(back_page, "back-card-")
            assert len(fronts) == len(backs)
            for label, front in fronts.items():
                x, y = apply(front.matrix, (0.0, 0.0))
                bx, by = apply(backs[label.replace("piece-", "back-")].matrix, (0.0, 0.0))
                assert bx == pytest.approx(A4[0] - x - w + offset[0]) and by == pytest.approx(y + offset[1])


def test_crop_marks_stay_clear_of_every_card_and_text_keeps_inside_the_card(cards):
    for page in cards.pages[::2]:
        trims = pieces.pieces(page, "piece-card-")
        assert all(t.box[2] - t.box[0] == pytest.approx(THEME.card[0]) for t in trims)
        for box, width in pieces.marks(page):
            assert width >= pieces.MIN_CROP_PT - 1e-9
            assert all(pieces.gap(t.grown(THEME.bleed), box) >= pieces.CLEARANCE - 1e-9 for t in trims)
        # The card's own words (not the diagrams' small print, which is clipped to the picture).
        for label, card in groups(page, "piece-card-").items():
            trim = next(t.box for t in trims if t.label == label)
            for item in card.items:
                if isinstance(item, Text) and item.text:
                    l_, t, r, b = text_box(item, THEME, card.matrix)
                    assert trim[0] + pieces.SAFE - 1e-6 <= l_ and r <= trim[2] - pieces.SAFE + 1e-6, item.text
                    assert trim[1] + pieces.SAFE - 1e-6 <= t and b <= trim[3] - pieces.SAFE + 1e-6, item.text


def _texts(items, out=None):
    out = [] if out is None else out
    for it in items:
        if isinstance(it, Group) and it.label != "picture":
            _texts(it.items, out)
        elif isinstance(it, Text):
            out.append(it.text)
    return out


def test_every_turn_of_the_solution_is_on_the_back(cards, solved):
    backs = {k: v for page in cards.pages[1::2] for k, v in groups(page, "back-card-").items()}
    for p in solved:
        back = backs[f"back-card-{p.number}"]
        pictures = [it for it in back.items if isinstance(it, Group) and it.label == "picture"]
        assert len(pictures) == len(p.turns)
        words = " ".join(_texts(back.items))
        for turn in p.turns:
            assert turn.brief and str(turn.number) in _texts(back.items)
            assert turn.brief.split()[0] in words
    fronts = groups(cards.pages[0], "piece-card-")
    words = " ".join(_texts(fronts["piece-card-1"].items))
    assert "The fork" in words and "Red to bring 2 prisoners onto green areas within 1 turn." in words
    assert "BEGINNER" in words and "3 tiles and 2 doors" in words and "solution on the back" in words
    # The grade's id on the back's foot: at 6 pt it and "solution on the back" overran each other.
    assert "beginner/standard/free#7" in _texts(backs["back-card-1"].items)


# ------------------------------------------------------------------ the book


@pytest.fixture(scope="module")
def book_doc(folder, solved, tmp_path_factory):
    where = tmp_path_factory.mktemp("book")
    for path in folder.glob("*.yaml"):
        (where / path.name).write_text(path.read_text())
    graded(where, "19-leapfrog", None, as_name="00-ungraded")  # first by name, last in the book
    ordered = puzzleset.in_order(puzzleset.read_folder(where))
    extra = puzzleset.solve_for_print(ordered[-1], len(ordered))
    return book([*solved, extra], THEME, A4), [*solved, extra]


def test_book_has_title_contents_the_puzzles_and_the_solutions_packed_at_the_back(book_doc):
    # Section X's book is the shared one (issue 30): puzzles one or two to a page, then
    # the solutions several to a page, each puzzle's solution once.
    document, puzzles = book_doc
    names = [re.sub(r"^\d+-", "", p.name) for p in document.pages]
    assert names[:2] == ["title", "contents-1"]
    shown = [int(n) for name in names if name.startswith("puzzle-") for n in name.split("-")[1:]]
    assert shown == [p.number for p in puzzles]
    rest = names[2 + len([n for n in names if n.startswith("puzzle-")]):]
    assert rest and all(n.startswith("solutions-") for n in rest)
    assert len(rest) < sum(max(1, len(p.turns)) for p in puzzles)  # packed, not a page a puzzle
    assert puzzles[-1].tier is None and Path(puzzles[-1].source).stem == "00-ungraded"
    # Every page but the first carries its own number at the foot.
    for number, page in enumerate(document.pages[1:], 2):
        foot = [t for t in page.items if isinstance(t, Text) and t.y > page.height - THEME.margin - 3]
        assert [t.text for t in foot] == [str(number)]


def test_the_contents_give_the_pages_where_puzzles_and_solutions_are(book_doc):
    document, puzzles = book_doc
    contents = document.pages[1]
    texts = [t for t in contents.items if isinstance(t, Text)]
    assert "Ungraded" in [t.text for t in texts] and "Expert" in [t.text for t in texts]
    rows: dict[float, list[str]] = {}
    for t in texts:
        if t.anchor == "end":  # number, page, solution page: right-aligned columns
            rows.setdefault(t.y, []).append(t.text)
    found = {int(number): (int(page), int(solution)) for number, page, solution in
             (values for values in rows.values() if len(values) == 3 and values[0].isdigit())}
    assert sorted(found) == [p.number for p in puzzles]
    by_number = {p.number: p for p in puzzles}
    for number, (page, solution) in found.items():
        assert str(number) in document.pages[page - 1].name.split("-")[2:]
        heading = f"{number}. {by_number[number].scenario.title}"
        assert any(t.startswith(heading) for t in _texts(document.pages[solution - 1].items)), (number, solution)


def test_the_goal_is_printed_once_on_a_puzzle_and_its_words_are_8_pt_or_more(book_doc):
    from sectionx.games.sectionx.render.text import goal_sentence
    from sectionx.render.puzzleprint import MIN_PT, text_sizes

    document, puzzles = book_doc
    for page in document.pages:
        for text, size in text_sizes(page.items, {}, pictures=True):
            assert size >= MIN_PT - 1e-6, (page.name, text, size)
    by_number = {p.number: p for p in puzzles}
    for page in document.pages:
        if "-puzzle-" not in page.name:
            continue
        here = [by_number[int(n)] for n in page.name.split("-")[2:]]
        said = " ".join(_texts(page.items)).lower()
        for p in here:  # once per puzzle on the page (a generated description repeats it no more)
            goal = goal_sentence(p.scenario.goal).lower()
            assert said.count(goal) == sum(goal_sentence(q.scenario.goal).lower() == goal for q in here), page.name


# ------------------------------------------------------------------ the commands


def test_deck_command_writes_the_same_bytes_twice(folder, tmp_path):
    outs = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for out in outs:
        result = runner.invoke(app, ["deck", str(folder), "-o", str(out), "--per-tier", "1"])
        assert result.exit_code == 0, result.output
    assert outs[0].read_bytes() == outs[1].read_bytes()
    assert "wrote" in result.stderr and "4 cards" in result.stderr
    assert "warning" not in result.stderr  # two beginners, one asked for; one of each other tier


def test_no_word_on_a_card_is_under_6_pt_as_printed_on_a4_and_letter(solved, cards):
    """Issue 30: 6 pt, the usual least type of a poker-size card game, read back from the
    PDF: the card's own words and the words in its pictures (a zone's letters, a cell
    block's count); the tile ids, which would cover their tiles at 6 pt, are left out."""
    from .pdf_sizes import pictured_words, printed_sizes

    for paper in ("a4", "letter"):
        document = deck(solved, THEME, THEME.paper(paper))
        pages = printed_sizes(to_pdf(document, THEME))
        assert all(pages) and min(min(p) for p in pages) >= 6.0 - 1e-3, [round(min(p), 2) for p in pages]
    ids = {t.id for t in solved[0].scenario.state.catalogue.tiles}

    words = {w for page in cards.pages for w in pictured_words(page.items)}
    assert words and not words & ids and words & {"E", "SE", "NE", "W", "SW", "NW"}


def test_book_command_writes_the_same_bytes_twice_and_no_word_under_8_pt(folder, tmp_path):
    from .pdf_sizes import printed_sizes

    outs = [tmp_path / "a.pdf", tmp_path / "b.pdf"]
    for out in outs:
        result = runner.invoke(app, ["book", str(folder), "-o", str(out)])
        assert result.exit_code == 0, result.output
    assert outs[0].read_bytes() == outs[1].read_bytes()
    pages = printed_sizes(outs[0].read_bytes())
    assert all(pages) and min(min(p) for p in pages) >= 8.0 - 1e-3, [round(min(p), 2) for p in pages]


def test_the_commands_default_node_limit_is_the_librarys(folder, tmp_path, monkeypatch):
    # The CLI leaves --nodes to the game (None); Section X then solves under puzzleset.NODE_LIMIT.
    import inspect

    from sectionx import cli  # the commands' defaults, as Typer sees them

    for command in (cli.deck_command, cli.book_command):
        assert inspect.signature(command).parameters["nodes"].default is None
    seen = []
    real = puzzleset.solve_for_print

    def spy(p, number, nodes=puzzleset.NODE_LIMIT, **kw):
        seen.append(nodes)
        return real(p, number, nodes, **kw)

    monkeypatch.setattr(puzzleset, "solve_for_print", spy)
    result = runner.invoke(app, ["book", str(folder), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    assert seen and set(seen) == {puzzleset.NODE_LIMIT}


def test_book_command_writes_svg_pages_like_sheet(folder, tmp_path):
    result = runner.invoke(app, ["book", str(folder), "-o", str(tmp_path / "b.svg"), "--paper", "letter"])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.glob("b-*.svg"))
    assert written[:3] == ["b-01-title.svg", "b-02-contents-1.svg", "b-03-puzzle-1.svg"]
    assert 'width="215.9mm"' in (tmp_path / "b-01-title.svg").read_text()


def _refused(args: list[str], code: int) -> str:
    """The one line of the refusal (after any warnings about short tiers and the progress label)."""
    result = runner.invoke(app, args)
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert all(line.startswith("sectionx: warning: ") or line == "solving" for line in lines[:-1]), lines
    return lines[-1]


def test_an_empty_folder_is_refused(tmp_path):
    out = tmp_path / "deck.pdf"
    assert _refused(["deck", str(tmp_path), "-o", str(out)], 2) == f"sectionx: {tmp_path}: no puzzle files (*.yaml) in it"
    assert _refused(["book", str(tmp_path / "nowhere"), "-o", str(out)], 2).startswith("sectionx: ")
    assert not out.exists()


def test_the_deck_refuses_an_ungraded_puzzle_and_the_book_takes_it(tmp_path):
    path = graded(tmp_path, "19-leapfrog", None)
    line = _refused(["deck", str(tmp_path), "-o", str(tmp_path / "d.pdf")], 1)
    assert line.startswith(f"sectionx: {path}: no grade: block") and "sectionx generate" in line
    result = runner.invoke(app, ["book", str(tmp_path), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "d.pdf").exists()


def test_an_invalid_file_is_refused_at_its_line_and_nothing_is_written(tmp_path):
    graded(tmp_path, "01-the-fork", "beginner")
    bad = graded(tmp_path, "19-leapfrog", "beginner", as_name="02-bad", extra="doors:\n  red: [\"9,9\"]\n")
    out = tmp_path / "deck.pdf"
    line = _refused(["deck", str(tmp_path), "-o", str(out)], 1)
    assert re.match(rf"sectionx: {re.escape(str(bad))}:\d+:\d+: ", line), line
    assert not out.exists() and not list(tmp_path.glob("*.tmp"))


def test_a_puzzle_that_is_not_unique_or_not_as_recorded_is_refused(tmp_path):
    wrong = graded(tmp_path, "01-the-fork", "beginner")
    wrong.write_text(wrong.read_text().replace("  cost: 1\n", "  cost: 2\n"))
    line = _refused(["deck", str(tmp_path), "-o", str(tmp_path / "d.pdf")], 1)
    assert line == (f"sectionx: {wrong}: the solver proves turns 1, plans 1, cost 1; "
                    "its answer: block says turns 1, plans 1, cost 2")
    wrong.unlink()
    # Two optimal plans, recorded as such (plans: 2): the deck refuses it (one back per card) ...
    two = graded(tmp_path, "14-one-hideout-too-many", "beginner")
    line = _refused(["deck", str(tmp_path), "-o", str(tmp_path / "d.pdf")], 1)
    assert line.startswith(f"sectionx: {two}: not unique: 2 optimal plans (Q5); a deck prints puzzles with one solution")
    assert not (tmp_path / "d.pdf").exists()
    # ... the book refuses it too with a wrong count, and (ungraded) without its answer: block.
    text = two.read_text()
    two.write_text(text.replace("plans: 2", "plans: 3"))
    line = _refused(["book", str(tmp_path), "-o", str(tmp_path / "b.pdf")], 1)
    assert line.endswith("its answer: block says turns 1, plans 3, cost 2")
    two.unlink()
    bare = graded(tmp_path, "14-one-hideout-too-many", None)
    bare.write_text(re.sub(r"\nanswer:.*\n  turns: 1\n  cost: 2\n  plans: 2\n", "\n", bare.read_text()))
    assert "answer:" not in bare.read_text()
    line = _refused(["book", str(tmp_path), "-o", str(tmp_path / "b.pdf")], 1)
    assert line == (f"sectionx: {bare}: not unique: 2 optimal plans (Q5); a book prints such a puzzle when its "
                    "answer: block records them (plans: 2)")
    assert not (tmp_path / "b.pdf").exists()


def test_the_book_prints_a_puzzle_with_the_plans_its_answer_records_and_says_so(tmp_path):
    path = graded(tmp_path, "14-one-hideout-too-many", None)
    (p,) = puzzleset.read_folder(tmp_path)
    with pytest.raises(puzzleset.SetProblem, match="not unique: 2 optimal plans"):
        puzzleset.solve_for_print(p, 1)
    solved = puzzleset.solve_for_print(p, 1, unique=False)
    assert solved.plans == 2 and solved.summary.endswith("; one of 2 optimal solutions.")
    document = book([solved], THEME, A4)
    words = " ".join(_texts(item for page in document.pages for item in page.items))
    assert "one of 2 optimal solutions" in words and "exactly one solution" not in words
    assert "0 of the 1 have exactly one; the solution of the other one says how many there are and shows one." in words
    result = runner.invoke(app, ["book", str(tmp_path), "-o", str(tmp_path / "b.pdf")])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "b.pdf").exists() and str(path) not in result.stderr


def test_an_ungraded_book_goes_by_proved_turns_and_promises_no_tiers(folder, tmp_path):
    # Ungraded copies of the set, named so that file order is not turn order.
    for k, (name, *_) in enumerate(reversed(SET)):
        graded(tmp_path, name, None, as_name=f"{k:02d}-{name}")
    ordered = puzzleset.in_order(puzzleset.read_folder(tmp_path))
    solved = puzzleset.book_order([puzzleset.solve_for_print(p, n) for n, p in enumerate(ordered, 1)])
    assert [p.number for p in solved] == [1, 2, 3, 4, 5]
    # By proved turns, then by file name: 1, then the three of 2 turns in name order, then 4.
    assert [(len(p.turns), Path(p.source).name[3:]) for p in solved] == \
        [(1, "01-the-fork.yaml"), (2, "24-tie-break.yaml"), (2, "19-leapfrog.yaml"), (2, "05-behind-to-the-front.yaml"),
         (4, "20-the-road-behind.yaml")]
    document = book(solved, THEME, A4)
    words = " ".join(_texts(item for page in document.pages for item in page.items))
    for word in ("ungraded", "beginner", "expert", "tier", "difficulty"):
        assert word not in words.lower(), word
    title = " ".join(_texts(document.pages[0].items))
    assert "in order of the fewest turns that solve them" in title and "exactly one solution" in title
    assert "PUZZLE" in _texts(document.pages[2].items)


def test_the_node_limit_refuses_a_puzzle_the_same_way_on_every_machine(tmp_path):
    path = graded(tmp_path, "20-the-road-behind", "expert")
    line = _refused(["deck", str(tmp_path), "-o", str(tmp_path / "d.pdf"), "--nodes", "1"], 4)
    assert line.startswith(f"sectionx: {path}: not solved within 1 turn expanded (--nodes)")


def test_a_long_solution_is_drawn_smaller_and_keeps_every_turn(solved):
    four = solved[-1]
    eight = dataclasses.replace(four, turns=tuple(dataclasses.replace(t, number=i + 1)
                                                  for i, t in enumerate(four.turns * 2)))
    symbols: dict = {}
    sizes = []
    for p in (four, eight):
        back = card_back(p, THEME, THEME.bleed, symbols)
        pictures = [it for it in back if isinstance(it, Group) and it.label == "picture"]
        assert len(pictures) == len(p.turns)
        words = _texts(back)
        # Each turn's number twice: on its picture and before its sentence.
        assert all(words.count(str(n)) >= 2 for n in range(1, len(p.turns) + 1))
        sizes.append(pictures[0].matrix[0])
    assert sizes[1] < sizes[0]


def test_svg_and_pdf_of_the_deck_draw_the_same(cards):
    pdf = to_pdf(cards, THEME)
    for i, page in enumerate(cards.pages[:2]):
        svg = to_svg(page, cards.symbol_map, THEME)
        from_svg, from_pdf = svg_placements(svg), pdf_placements(pdf, i)
        assert [p.name for p in from_svg] == [p.name for p in from_pdf]
        assert all(close(s.matrix, p.matrix, 0.01) for s, p in zip(from_svg, from_pdf))
        shapes_svg, shapes_pdf = svg_shapes(svg), pdf_shapes(pdf, i)
        assert len(shapes_svg) == len(shapes_pdf)
        for a, b in zip(shapes_svg, shapes_pdf):
            assert a.kind == b.kind and all(math.dist(p, q) < 0.01 for p, q in zip(a.points, b.points))


def test_both_commands_have_help_with_an_example():
    for name in ("deck", "book"):
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0 and "Example:" in result.output, name
