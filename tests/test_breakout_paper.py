"""Breakout on paper (issue 26): rule figures whose claims the referee checks
(``illustrate``), puzzles generated, graded and proved unique (``generate``), and
puzzle cards, solution sheets, decks and books (``sheet``, ``deck``, ``book``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import figures
from sectionx.render.theme import load_theme
from sectionx.yamlsrc import read_yaml

ROOT = Path(__file__).resolve().parent.parent
BAR = ROOT / "scenarios" / "breakout" / "figure-bar.yaml"
RULEBOOK = ROOT / "sectionx" / "games" / "breakout" / "rulebook"
runner = CliRunner()


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


# ------------------------------------------------------------------ figures


def test_the_bar_figure_is_true_and_its_caption_checked():
    result = run("illustrate", BAR)
    assert result.exit_code == 0 and result.output == f"{BAR}: all 4 claims hold\n"
    figure = figures.check_figure(BAR)
    # The caption's story, replayed: yellow's knot comes in at A and the blue knot at B falls out.
    played = figures.play(figure.loaded.position, ["L3"], "")
    assert not isinstance(played, list)
    assert played.fell_out == ("blue",) and played.position.at(3, 1).value == "yellow"


def test_illustrate_draws_the_figure_cropped(tmp_path):
    out = tmp_path / "bar.svg"
    result = run("illustrate", BAR, "-o", out)
    assert result.exit_code == 0 and "all 4 claims hold; wrote" in result.output
    text = out.read_text()
    assert text.startswith("<?xml") and "B4: a knot falls out" in text
    doc = figures.draw_figure(BAR, read_yaml(BAR), load_theme(None))
    (page,) = doc.pages
    assert page.width <= 110 and page.height < 140  # the wall and its notes, not a sheet of paper


def _figure(tmp_path: Path, claims: str) -> Path:
    f = tmp_path / "fig.yaml"
    f.write_text(BAR.read_text().split("claims:")[0] + "claims:\n" + claims)
    return f


@pytest.mark.parametrize("claim, at, message", [
    ("  - says: wrong colour\n    after: L3\n    then: {fell_out: [yellow]}\n", "then:",
     "false claim ('wrong colour'): after L3, fell_out is [blue], not [yellow] (claim)"),
    ("  - after: L3\n    illegal: R3\n    because: B3\n", "because:",
     "false claim, after L3: R3 is illegal, but because of B4, not B3 (claim)"),
    ("  - illegal: R3\n    because: B4\n", "illegal:", "false claim: R3 is legal (claim)"),
    ("  - legal: pass\n", "legal:", "false claim: pass is illegal: yellow holds 8 knots and may push"),
    ("  - after: [L3, R3]\n    then: {to_move: yellow}\n", "after:",
     "false claim: R3 is illegal after L3: a knot just fell out of row 3"),
    ("  - after: L3\n    then: {fields: {A: b}}\n", "then:", "after L3, field A (3.1) holds a yellow knot, not a blue knot (claim)"),
    ("  - after: L3\n    then: {escape: {player: yellow, column: 1}}\n", "then:", "escape is null, not {player: yellow, column: 1}"),
    ("  - joined: ['2.3', '3.4']\n", "joined:", "2.3 holds a blue knot and 3.4 a yellow knot: knots of two colours never join (B5)"),
    ("  - joined: ['1.1', '2.2']\n", "joined:", "1.1 and 2.2 are not joined left, right, up or down"),
    ("  - apart: ['1.3', '4.2']\n", "apart:", "1.3 and 4.2 are joined (one group of blue knots, B5)"),
    ("  - joined: ['1.1', 'Z']\n", "joined:", "claim: 'Z' is neither a field of the wall"),
])
def test_a_false_claim_is_one_line_at_its_claim_and_nothing_is_drawn(tmp_path, claim, at, message):
    f = _figure(tmp_path, claim)
    out = tmp_path / "fig.svg"
    result = run("illustrate", f, "-o", out)
    assert result.exit_code == 1 and not out.exists()
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], lines
    first = f.read_text().count("\n", 0, f.read_text().index(claim)) + 1  # the claim's first line
    line = next(n for n in range(first, first + 4) if at in f.read_text().splitlines()[n - 1])
    assert lines[0].startswith(f"{f}:{line}:")


def test_true_claims_of_every_kind_hold(tmp_path):
    claims = ("  - legal: L3\n"
              "  - after: L3\n    then: {escape: null, stalemate: null, result: null, breakout: 4, to_move: blue}\n"
              "  - joined: ['1.3', '2.3', '3.3', '3.2', '4.2']\n"
              "  - apart: ['2.2', '1.1', '3.4']\n"
              "  - after: [L3]\n    joined: ['3.1']\n    apart: ['3.1', '3.5']\n")
    f = _figure(tmp_path, claims)
    result = run("illustrate", f)
    assert result.exit_code == 0 and "all 5 claims hold" in result.output


def test_a_record_is_no_figure(tmp_path):
    f = tmp_path / "r.yaml"
    f.write_text("game: breakout\nactions: [L3]\n")
    result = run("illustrate", f)
    assert result.exit_code == 1 and "a Breakout record, not a figure" in result.output


# ------------------------------------------------------------------ the rulebook's figures and text

FIGURES = sorted((RULEBOOK / "figures").glob("*.yaml"))
RULES = RULEBOOK / "rules-en.md"


def _defined() -> list[str]:
    import re
    return re.findall(r"^\*\*(B[WQ]?[0-9]+) [A-Z]", RULES.read_text(), re.MULTILINE)


@pytest.mark.parametrize("path", FIGURES, ids=lambda p: p.stem)
def test_every_rulebook_figure_holds_and_draws_on_one_cropped_page(path):
    figure = figures.check_figure(path)
    assert figure.claims >= 2
    rule = figure.loaded.title.split(":")[0]
    assert rule in _defined(), f"{path.stem} illustrates {rule}, which the rules text does not define"
    doc = figures.draw_figure(path, read_yaml(path), load_theme(None))
    (page,) = doc.pages
    assert page.width <= 110 and page.height < 140
    texts = " ".join(getattr(i, "text", "") for i in page.items)
    assert figure.loaded.title not in texts  # the book sets the title and caption as text


def test_the_figures_cover_the_rules_a_player_needs_pictured():
    rules = {figures.check_figure(p).loaded.title.split(":")[0] for p in FIGURES}
    assert {"B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "BW2"} <= rules
    assert 5 <= len(FIGURES) <= 10


def test_a_false_claim_in_a_rulebook_figure_is_refused_at_its_line(tmp_path):
    source = RULEBOOK / "figures" / "b6-pusher-first.yaml"
    f = tmp_path / source.name
    f.write_text(source.read_text().replace("escape: {player: yellow, column: 2}", "escape: {player: blue, column: 3}"))
    result = run("illustrate", f)
    # The claim's then: block, where its first key stands.
    line = next(n for n, t in enumerate(f.read_text().splitlines(), 1) if t.strip().startswith("escape: {player: blue"))
    assert result.exit_code == 1 and len(result.output.splitlines()) == 1
    assert result.output.startswith(f"{f}:{line}:7: false claim ('Both players")
    assert "escape is {player: yellow, column: 2}, not {player: blue, column: 3} (claim)" in result.output


def test_the_rules_text_has_the_rulebook_shape_and_every_id_in_its_index():
    import re
    text = RULES.read_text()
    sections = re.findall(r"^## (\d+)\. ", text, re.MULTILINE)
    assert sections == [str(n) for n in range(1, len(sections) + 1)] and len(sections) >= 8
    index = text.split("## Index of rule ids", 1)[1]
    listed = re.findall(r"^\| (B[WQ]?[0-9]+) \|", index, re.MULTILINE)
    assert sorted(set(_defined())) == sorted(listed)
    spec = {"BW1", "BW2", "BW3", *(f"B{n}" for n in range(1, 10)), "BQ1"}
    assert set(listed) == spec
    running = text.split("## Index of rule ids", 1)[0]
    assert "`" not in running and ".yaml" not in running and "sectionx" not in running  # for players: no code or files


# ------------------------------------------------------------------ generate

import shutil  # noqa: E402

from sectionx.games.breakout import formats, generator, puzzleset  # noqa: E402
from sectionx.games.breakout.answers import Answers, solve_whole  # noqa: E402
from sectionx.games.breakout.rules import Action, Player, Position, Side, apply, legal_actions  # noqa: E402
from sectionx.games.breakout.solver import reference  # noqa: E402

PUZZLES = sorted((ROOT / "scenarios" / "breakout" / "puzzles").glob("*.yaml"))
#: A set whose first beginner puzzle comes at its fifth candidate (a fast test).
FAST = ["--game", "breakout", "--difficulty", "beginner", "--count", "1", "--seed", "11"]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """One generated beginner puzzle (seed 11), and a second run of the same options."""
    a, b = tmp_path_factory.mktemp("a"), tmp_path_factory.mktemp("b")
    first = run("generate", *FAST, "-o", a)
    assert first.exit_code == 0, first.output
    second = run("generate", *FAST, "-o", b, "--workers", "2")
    assert second.exit_code == 0, second.output
    return a, b, first.output


def test_generate_writes_a_graded_proved_puzzle_and_the_same_seed_the_same_bytes(made):
    a, b, output = made
    (only,) = sorted(a.glob("*.yaml"))
    assert only.name == "beginner-001.yaml"
    assert (b / only.name).read_bytes() == only.read_bytes()  # two workers, the same bytes
    assert "generate: 1 beginner puzzle from" in output and "wrote 1 file to" in output
    assert run("validate", only).exit_code == 0
    loaded = formats.load(only)
    assert loaded.grade is not None and loaded.grade.tier == "beginner" and loaded.grade.id.startswith("beginner/defends#")
    assert loaded.answer_unique is True and loaded.answer_turns == loaded.goal.turns >= 2
    assert dict(loaded.grade.figures)["greedy"] == 1


def test_generate_id_makes_the_same_puzzle_again(made, tmp_path):
    a, _, _ = made
    loaded = formats.load(a / "beginner-001.yaml")
    result = run("generate", "--game", "breakout", "--id", loaded.grade.id, "-o", tmp_path)
    assert result.exit_code == 0, result.output
    seed = loaded.grade.id.partition("#")[2]
    assert (tmp_path / f"beginner-{seed}.yaml").read_bytes() == (a / "beginner-001.yaml").read_bytes()


def test_generate_never_replaces_a_file_in_its_folder(tmp_path):
    mine = tmp_path / "beginner-001.yaml"
    mine.write_text("my own notes\n")
    result = run("generate", *FAST, "-o", tmp_path)
    assert result.exit_code == 2 and mine.read_text() == "my own notes\n"
    assert len(result.output.strip().splitlines()) == 1 and "already exists" in result.output


@pytest.mark.parametrize("args, message", [
    (["--id", "beginner/defends#x"], "is not a Breakout puzzle id; ids look like expert/defends#1042"),
    (["--id", "easy/defends#3"], "unknown difficulty 'easy'"),
    (["--goal", "hides"], "--goal 'hides': Breakout's goals are defends"),
    (["--board", "standard"], "--board: Breakout has one wall (BW1)"),
    (["--difficulty", "hard"], "unknown difficulty 'hard'"),
])
def test_generate_refuses_bad_options_in_one_line(tmp_path, args, message):
    result = run("generate", "--game", "breakout", "-o", tmp_path, *args)
    assert result.exit_code == 2 and not list(tmp_path.iterdir())
    assert len(result.output.strip().splitlines()) == 1 and message in result.output, result.output


def _winners_by_reference(pos: Position, k: int, solo: bool) -> list[Action]:
    """The winning pushes by plain minimax over the referee (no table, no bound)."""
    from sectionx.games.breakout.rules import forced_pass
    from sectionx.games.breakout.solver import outcome
    out = []
    for a in legal_actions(pos):
        nxt = apply(pos, a)
        done = outcome(pos, nxt, pos.to_move)
        if done is None:
            replies = [forced_pass(nxt)] if solo else [apply(nxt, b) for b in legal_actions(nxt)]
            done = all(outcome(nxt, r, pos.to_move) is True or (outcome(nxt, r, pos.to_move) is None
                                                                and reference(r, k - 1, pos.to_move, solo=solo))
                       for r in replies)
        if done:
            out.append(a)
    return out


def test_a_generated_puzzle_is_unique_when_solved_again_by_plain_minimax(made):
    a, _, _ = made
    loaded = formats.load(a / "beginner-001.yaml")
    pos, goal = loaded.position, loaded.goal
    # Its first push is the only one that wins, and none wins in fewer turns (plain minimax, no table).
    assert _winners_by_reference(pos, goal.turns, goal.passes) == list(loaded.answer_first)
    assert not reference(pos, goal.turns - 1, solo=goal.passes)
    # And along every longest defence, one winning push at each turn but the last (a fresh search).
    solution = solve_whole(pos, goal.turns, solo=goal.passes, node_limit=10**6)
    assert solution.unique and solution.first == loaded.answer_first[0]
    for turn in solution.line[:-1]:
        assert not turn.duals
        assert _winners_by_reference(turn.before, goal.turns - turn.number + 1, goal.passes) == [turn.push]


def test_a_puzzle_that_is_not_unique_is_found_out():
    loaded = formats.load(PUZZLES[0])  # 01: L2 and R2 both win at once
    solution = solve_whole(loaded.position, 2, solo=False, node_limit=10**6)
    assert not solution.unique and solution.dual == "at the start, 2 pushes win within 2 turns: L2, R2"
    assert _winners_by_reference(loaded.position, 2, False) == [Action(2, Side.LEFT), Action(2, Side.RIGHT)]


def _mirror(pos: Position) -> Position:
    from dataclasses import replace
    bar = None if pos.barred is None else Action(pos.barred.row, pos.barred.side.other)
    return replace(pos, rows=tuple(tuple(reversed(r)) for r in pos.rows), barred=bar)


def _flip(pos: Position) -> Position:
    from dataclasses import replace
    bar = None if pos.barred is None else Action(pos.wall.rows + 1 - pos.barred.row, pos.barred.side)
    return replace(pos, rows=tuple(reversed(pos.rows)), barred=bar)


def _swap(pos: Position) -> Position:
    from dataclasses import replace
    other = {Player.YELLOW: Player.BLUE, Player.BLUE: Player.YELLOW, None: None}
    return replace(pos, rows=tuple(tuple(other[f] for f in r) for r in pos.rows), to_move=pos.to_move.other,
                   hands=(pos.hands[1], pos.hands[0]))


def test_the_symmetric_forms_are_one_puzzle_with_one_answer():
    loaded = formats.load(ROOT / "sectionx/games/breakout/rulebook/figures/b4-no-undo.yaml")
    pos, goal = loaded.position, formats.Goal(2)
    forms = set()
    for f in (lambda p: p, _mirror, _flip, _swap, lambda p: _mirror(_flip(p)), lambda p: _swap(_mirror(p)),
              lambda p: _swap(_flip(p)), lambda p: _swap(_mirror(_flip(p)))):
        moved = f(pos)
        forms.add(generator.canonical(moved, goal))
        answer = Answers(moved, solo=False, node_limit=10**6)
        assert answer.least(moved, 3) == Answers(pos, solo=False, node_limit=10**6).least(pos, 3)
    assert len(forms) == 1
    assert generator.canonical(pos, formats.Goal(2, passes=True)) not in forms  # another goal, another puzzle


def test_a_set_keeps_one_of_puzzles_that_are_the_same_up_to_symmetry(monkeypatch):
    # Every candidate the same wall, mirrored on odd seeds: one puzzle, the rest duplicates.
    start = formats.load(PUZZLES[1]).position  # 02: blue escapes in 2, the answer unique

    def build(params, seed):
        return (_mirror(start) if seed % 2 else start), formats.Goal(0, params.goal == "passes")

    monkeypatch.setattr(generator, "build", build)
    outcome = generator.make(generator.Unit(generator.Params("beginner", "defends"), 0))
    tier = outcome.tier
    assert tier, outcome.reason
    kept, tally = generator.generate(generator.Params(tier, "defends"), 3, 0, max_tries=6)
    assert len(kept) == 1 and tally.reasons["duplicate"] == 5


# ------------------------------------------------------------------ sheet, deck, book

from sectionx.render.puzzleprint import sheet_document  # noqa: E402


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_every_shipped_puzzle_prints_as_a_card_and_a_solution_sheet(path):
    theme = load_theme(None)
    (p,) = puzzleset.read_files([path])
    printed = puzzleset.solve_for_print(p, 0, theme, unique=False)
    loaded = p.loaded
    assert printed.turns == loaded.answer_turns and len(printed.steps) == loaded.answer_turns
    me, other = loaded.position.to_move.value, loaded.position.to_move.other.value
    assert printed.goal.startswith(f"{me.capitalize()}: escape within {loaded.goal.turns} turn")
    assert any(other.capitalize() in f and ("defends" in f or "passes" in f) for f in printed.facts)
    for number, step in enumerate(printed.steps, 1):
        assert step.heading.startswith(f"Turn {number}: {me} ") and len(step.picture.pages) == 1
    last = printed.steps[-1].lines
    assert any("escapes over column" in line for line in last) or any("gives" in line for line in printed.steps[-2].lines)
    for step in printed.steps[:-1]:  # every defence answered, the longest one named; or the other's pass said
        text = " ".join(step.lines)
        if loaded.goal.passes:
            assert f"{other.capitalize()} passes." in text
        else:
            assert ("winning answer to each" in text and "longest defence" in text) or "passes (no knot in hand, B3)" in text
    document = sheet_document(printed, theme, theme.paper("a4"))
    assert len(document.pages) >= 2 and document.pages[0].name == "card"


def test_sheet_writes_the_card_and_solution_as_pdf_or_svg(tmp_path):
    out = tmp_path / "s.pdf"
    result = run("sheet", PUZZLES[2], "-o", out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:5] == b"%PDF-"
    svg = tmp_path / "s.svg"
    assert run("sheet", PUZZLES[2], "-o", svg).exit_code == 0
    names = sorted(p.name for p in tmp_path.glob("s-*.svg"))
    assert names[0] == "s-card.svg" and any(n.startswith("s-solution") for n in names)
    again = tmp_path / "again.svg"
    run("sheet", PUZZLES[2], "-o", again)
    assert (tmp_path / "again-card.svg").read_bytes() == (tmp_path / "s-card.svg").read_bytes()


def test_sheet_prints_a_solution_record_as_played(tmp_path):
    puzzle = tmp_path / "04.yaml"
    shutil.copy(PUZZLES[3], puzzle)
    record = tmp_path / "04-solution.yaml"
    assert run("solve", puzzle, "-o", record).exit_code == 0
    out = tmp_path / "r.pdf"
    result = run("sheet", record, "-o", out)
    assert result.exit_code == 0, result.output and out.exists()
    # A record that stops short of the escape is no solution.
    record.write_text(record.read_text().rsplit("  - ", 1)[0])
    result = run("sheet", record, "-o", tmp_path / "short.pdf")
    assert result.exit_code == 1 and "do not end with the puzzle's player escaping" in result.output


def test_sheet_refuses_what_is_no_puzzle_or_cannot_be_solved(tmp_path):
    position = tmp_path / "p.yaml"
    position.write_text(BAR.read_text())
    result = run("sheet", position, "-o", tmp_path / "p.pdf")
    assert result.exit_code == 2 and "a Breakout position, not a puzzle" in result.output
    short = tmp_path / "short.yaml"
    short.write_text(PUZZLES[2].read_text().replace("escape_within: 3", "escape_within: 2").split("answer:")[0])
    result = run("sheet", short, "-o", tmp_path / "short.pdf")
    assert result.exit_code == 3 and "cannot escape within 2 turns (proved; BQ1)" in result.output
    result = run("sheet", PUZZLES[2], "-o", tmp_path / "n.pdf", "--nodes", "3")
    assert result.exit_code == 4 and not (tmp_path / "n.pdf").exists()


@pytest.fixture(scope="module")
def folder(made, tmp_path_factory):
    """A folder of puzzles: the generated beginner and two shipped ones (02 unique, 01 not)."""
    f = tmp_path_factory.mktemp("set")
    shutil.copy(made[0] / "beginner-001.yaml", f / "beginner-001.yaml")
    shutil.copy(PUZZLES[1], f / "02.yaml")
    shutil.copy(PUZZLES[0], f / "01.yaml")
    return f


def test_book_prints_graded_then_ungraded_puzzles_and_one_recorded_not_unique(folder, tmp_path):
    out = tmp_path / "book.pdf"
    result = run("book", folder, "-o", out)
    assert result.exit_code == 0, result.output
    assert "3 puzzles" in result.output and out.read_bytes()[:5] == b"%PDF-"
    ordered = puzzleset.in_order(puzzleset.read_files(sorted(folder.glob("*.yaml"))))
    assert [p.path.name for p in ordered] == ["beginner-001.yaml", "01.yaml", "02.yaml"]


def test_deck_takes_graded_unique_puzzles_and_refuses_others_in_one_line(folder, made, tmp_path):
    graded = tmp_path / "graded"
    graded.mkdir()
    shutil.copy(made[0] / "beginner-001.yaml", graded / "beginner-001.yaml")
    out = tmp_path / "deck.pdf"
    result = run("deck", graded, "-o", out)
    assert result.exit_code == 0, result.output
    assert "1 card" in result.output and out.exists()
    # An ungraded puzzle has no place in a deck.
    result = run("deck", folder, "-o", tmp_path / "d2.pdf")
    assert result.exit_code == 1 and "no grade: block" in result.output


@pytest.mark.parametrize("change, code, message", [
    (("unique: true", "unique: false"), 1, "its answer: block says unique: false, but it is"),
    (("first: [", "first: [R5, "), 1, "its answer: block says R5,"),
    (("answer: {turns: ", "answer: {turns: 1"), 1, "its answer: block says 1"),
])
def test_book_refuses_a_puzzle_whose_answer_block_is_wrong(made, tmp_path, change, code, message):
    bad = tmp_path / "bad"
    bad.mkdir()
    source = (made[0] / "beginner-001.yaml").read_text()
    assert change[0] in source
    (bad / "beginner-001.yaml").write_text(source.replace(change[0], change[1], 1))
    result = run("book", bad, "-o", tmp_path / "b.pdf")
    assert result.exit_code == code and not (tmp_path / "b.pdf").exists()
    lines = result.output.strip().splitlines()
    assert message in lines[-1] and sum(1 for line in lines if "sectionx:" in line) == 1, result.output


def test_deck_refuses_a_puzzle_that_is_not_unique(tmp_path):
    f = tmp_path / "set"
    f.mkdir()
    text = PUZZLES[0].read_text() + "grade: {id: beginner/defends#1, tier: beginner}\n"
    (f / "01.yaml").write_text(text)
    result = run("deck", f, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "not unique (at the start, 2 pushes win within 2 turns: L2, R2)" in result.output


def test_a_mixed_set_draws_each_candidates_goal_and_its_id_makes_it_again(tmp_path):
    result = run("generate", "--game", "breakout", "--id", "intermediate/mixed#3000063", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    loaded = formats.load(tmp_path / "intermediate-3000063.yaml")
    assert loaded.goal.passes and loaded.grade.tier == "intermediate" and loaded.answer_unique
    # A seed that gives no puzzle says why, in one line.
    result = run("generate", "--game", "breakout", "--id", "intermediate/mixed#3000064", "-o", tmp_path)
    assert result.exit_code == 2 and "this seed gives no puzzle (" in result.output


def test_deck_and_book_refuse_a_broken_file_at_its_line(tmp_path):
    f = tmp_path / "set"
    f.mkdir()
    (f / "01.yaml").write_text(PUZZLES[1].read_text().replace('"', "'", 2).replace("to_move: blue", "to_move: green"))
    for command in ("deck", "book"):
        result = run(command, f, "-o", tmp_path / f"{command}.pdf")
        assert result.exit_code == 1 and not (tmp_path / f"{command}.pdf").exists()
        assert len(result.output.strip().splitlines()) == 1 and f"{f / '01.yaml'}:" in result.output


def test_the_whole_answer_agrees_with_solve_on_positions_from_random_play():
    # answers.prove (one search for the proof and every defence) and solver.solve give the
    # same fewest turns, the same winning first pushes and the same main line.
    import random as _random

    from sectionx.games.breakout.answers import prove
    from sectionx.games.breakout.play import random_position
    from sectionx.games.breakout.rules import Wall
    from sectionx.games.breakout.solver import solve
    rng = _random.Random(7)
    solved = 0
    for i in range(60):
        pos = random_position(rng, Wall(4, 4), 3, 14)
        if pos.breakout != 1:
            continue
        solo = i % 2 == 1
        a = solve(pos, 3, solo=solo)
        b = prove(pos, 3, solo=solo, node_limit=10**6)
        assert a.complete and b.complete
        if a.turns is None:
            assert b.solution is None
            continue
        assert b.solution is not None and b.solution.turns == a.turns
        assert {b.solution.first, *b.solution.line[0].duals} == set(a.first)
        assert b.solution.pushes() == a.line
        solved += 1
    assert solved >= 10


def test_no_word_on_a_deck_card_is_under_6_pt(made, tmp_path):
    """Issue 30: 6 pt least on a card, read back from the PDF on A4 and letter, the
    pictures' words included (the rows' names printed at 1.9-3.3 pt: grown to 6 pt on a
    front, left out of a back's small turn pictures, whose sentences name the rows)."""
    from .pdf_sizes import assert_decks_at_least

    assert_decks_at_least(run, made[0], tmp_path)
