"""Der Tunnel's puzzles on paper (issue 28, part 4): ``sheet``, ``generate``, ``deck`` and
``book`` through the command line; generated puzzles proved again (by the solver and by
the reference's plain enumeration), graded as their file says, unique as defined (TQ1:
one best choice up to equal positions; TQ2: one winning first turn), the same bytes from
the same seed on one worker or two, and the same puzzle turned, moved or recoloured
recognised as one."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.tunnel import formats, generator, printing, puzzleset, reference, solver
from sectionx.games.tunnel.model import Position
from sectionx.games.tunnel.puzzles import Goal, Puzzle
from sectionx.games.tunnel.tiles import tile_set
from sectionx.render.puzzleprint import MIN_PT, sheet_document, text_sizes
from sectionx.render.theme import load_theme
from sectionx.yamlsrc import parse_yaml, read_yaml

runner = CliRunner()
#: The reference tries every set on every opening in both orders: a minute for a TQ1
#: puzzle of 2,000 legal turns with TV3's pairs, under a second for 400.
REFERENCE_LEGAL = 400
ROOT = Path(__file__).resolve().parent.parent
SHIPPED = sorted((ROOT / "scenarios" / "tunnel" / "puzzles").glob("*.yaml"))


def run(*args: object):
    return runner.invoke(app, [str(a) for a in args])


#: A TQ2 puzzle proved by hand (tests/test_tunnel_puzzles.py): red completes the road
#: -1,0 0,0 1,0 2,0 through TU-B's two openings in two turns, the others passing.
PLAN = """game: tunnel
title: Both ends of one tile
players: [red, green]
board:
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": W@0
followers:
  red: ["0,0 road:W"]
stack: [W, U]
goal: {road: 4, within: 2}
"""

#: A TQ1 puzzle with one best choice: red's follower on the city E completes north of
#: 0,0 (4 points, CB6); E north of 1,0 completes green's city instead (CB4 keeps red's
#: follower off it), and red holds no token to lay (its one set is laid, TU8).
BEST = """game: tunnel
title: The last follower
players: [red, green, blue, yellow]
turn: red
board:
  "0,0": D@0
  "1,0": TU-B@0
  "2,0": U@0
followers:
  red: ["2,0 road:W"]
  green: ["1,0 city:N"]
tunnels:
  red: ["1,0:W", "1,0:E"]
stack: [E]
goal: {best: turn}
"""


def load(text: str, name: str = "p.yaml") -> formats.Loaded:
    return formats.read(parse_yaml(text, name))


#: A generated TQ2 puzzle (points within 2 turns), made again by its id.
TQ2_ID = "tunnel/intermediate#1000361"


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> Path:
    """A small generated set: two beginner puzzles (TQ1, seed 1) and an intermediate TQ2."""
    folder = tmp_path_factory.mktemp("tunnel-set")
    result = run("generate", "--game", "tunnel", "--difficulty", "beginner", "--count", 2, "--seed", 1, "-o", folder)
    assert result.exit_code == 0, result.output
    result = run("generate", "--game", "tunnel", "--id", TQ2_ID, "-o", folder)
    assert result.exit_code == 0, result.output
    return folder


# ---------------------------------------------------------------------- generate


def test_generate_writes_graded_proved_puzzles_and_the_same_bytes_on_two_workers(made, tmp_path):
    names = sorted(p.name for p in made.glob("*.yaml"))
    assert names == ["beginner-001.yaml", "beginner-002.yaml", "intermediate-1000361.yaml"]
    again = tmp_path / "again"
    result = run("generate", "--game", "tunnel", "--difficulty", "beginner", "--count", 2, "--seed", 1, "-o", again,
                 "--workers", 2)
    assert result.exit_code == 0, result.output
    for name in ("beginner-001.yaml", "beginner-002.yaml"):
        assert (again / name).read_bytes() == (made / name).read_bytes()
    for path in made.glob("*.yaml"):
        assert run("validate", path).exit_code == 0
        data = read_yaml(path).data
        assert data["grade"]["tier"] == path.name.split("-")[0]
        assert data["grade"]["id"].startswith(f"tunnel/{data['grade']['tier']}#")
        assert re.search(r"^answer: \{", path.read_text(), re.MULTILINE)


def test_an_id_makes_the_same_puzzle_again_and_bad_ids_are_one_line(made, tmp_path):
    data = read_yaml(made / "beginner-002.yaml").data
    result = run("generate", "--game", "tunnel", "--id", data["grade"]["id"], "-o", tmp_path)
    assert result.exit_code == 0, result.output
    [again] = tmp_path.glob("*.yaml")
    assert again.read_bytes() == (made / "beginner-002.yaml").read_bytes()
    for bad, words in (("tunnel/legendary#3", "unknown difficulty"), ("hekla/expert#3", "not a Der Tunnel puzzle id"),
                       ("tunnel/expert", "not a Der Tunnel puzzle id")):
        result = run("generate", "--game", "tunnel", "--id", bad, "-o", tmp_path / "x")
        assert result.exit_code == 2 and words in result.output and len(result.output.strip().splitlines()) == 1
    result = run("generate", "--game", "tunnel", "--difficulty", "legendary", "-o", tmp_path / "x")
    assert result.exit_code == 2 and "unknown difficulty" in result.output and not (tmp_path / "x").exists()


def test_generate_never_replaces_a_file_and_refuses_choices_it_has_no_use_for(tmp_path):
    mine = tmp_path / "beginner-001.yaml"
    mine.write_text("my notes\n")
    result = run("generate", "--game", "tunnel", "--count", 2, "--seed", 1, "-o", tmp_path)
    assert result.exit_code == 2 and "generate never replaces a file" in result.output
    assert mine.read_text() == "my notes\n" and not (tmp_path / "beginner-002.yaml").exists()
    for option in ("--board", "--goal"):
        result = run("generate", "--game", "tunnel", option, "x", "-o", tmp_path / "y")
        assert result.exit_code == 2 and f"{option}: Der Tunnel's board grows" in result.output


def test_each_generated_puzzle_is_proved_again_unique_and_graded_as_it_says(made):
    """From the file alone: the solver's answer is the file's, one answer (TQ1 one best
    choice up to equal positions, TQ2 one place for the first tile), the reference's plain
    enumeration agrees (TQ1 with at most REFERENCE_LEGAL legal turns: the most points
    and one end position; TQ2: the fewest turns), and the grade's figures measured
    again."""
    for path in sorted(made.glob("*.yaml")):
        loaded = formats.load(path)
        pos, puzzle = loaded.position, loaded.puzzle
        assert puzzle is not None and puzzle.answer is not None
        answer = solver.solve_puzzle(loaded)
        assert answer.status == "solved" and not solver.differences(puzzle.answer, answer)
        assert len(answer.choices) == 1 or (puzzle.goal.others_pass and len(generator.first_placements(answer)) == 1)
        grade = dict(read_yaml(path).data["grade"]["figures"])
        if puzzle.goal.kind == "best":
            assert puzzle.drawn is not None
            if grade["legal"] <= REFERENCE_LEGAL:
                points, ends = reference.best_points(pos, puzzle.drawn)
                assert points == answer.best and len(ends) == 1, path.name
            measured = generator.measure_best(pos, puzzle.drawn, answer)
        else:
            assert reference.fewest_turns(pos, puzzle.goal, puzzle.goal.within) == puzzle.goal.within
            assert solver.plan(pos, Goal("points", puzzle.goal.target + 1, puzzle.goal.within)).status == "impossible"
            assert solver.plan(pos, puzzle.goal, limit=puzzle.goal.within - 1).status == "impossible"
            measured = generator.measure_points(pos, answer)
        assert {k: v for k, v in measured.items() if k != "nodes"} == {k: v for k, v in grade.items() if k != "nodes"}
        level = grade["turns"] - 1 + grade["token"] + grade["trap"] + grade["order"]
        assert generator.tier_of(level) == read_yaml(path).data["grade"]["tier"]


def _turned(pos: Position) -> Position:
    """``pos`` with its whole board turned a quarter clockwise (x,y -> -y,x, every tile
    turned with it), moved one cell east, and red's and green's colours swapped (their
    token sets with them)."""
    board = {f"{-y + 1},{x}": f"{p.tile.tile.name}@{(p.tile.rotation + 1) % 4}" for (x, y), p in pos.board.items()}
    return _rebuilt(pos, board, {"red": "green", "green": "red"})


def _rebuilt(pos: Position, board: dict[str, str], swap: dict[str, str]) -> Position:
    """A position with ``board`` (its tiles turned a quarter, cells x,y -> 1-y,x) and
    the followers and tokens of ``pos`` moved with them, colours renamed by ``swap``."""
    new = Position(tuple(swap.get(p, p) for p in pos.players), pos.variants, pos.token_count,
                   supply=list(pos.supply), scores=list(pos.scores),
                   sets={swap.get(s, s): o for s, o in pos.sets.items()})
    for cell_text, tile in sorted(board.items(), key=lambda kv: tuple(map(int, kv[0].split(",")))[::-1]):
        x, y = map(int, cell_text.split(","))
        name, _, r = tile.partition("@")
        new.put_tile((x, y), tile_set().oriented(name, int(r)))
    for (cell, local), seat in pos.followers.items():
        new.put_follower((-cell[1] + 1, cell[0]), local, seat)
    for s, laid in pos.placed.items():
        for c, e in laid:
            new.put_token(swap.get(s, s), ((-c[1] + 1, c[0]), (e + 1) % 4))
    new.turn, new.stack, new.left, new.supply = pos.turn, pos.stack, pos.left, list(pos.supply)
    return new


def test_the_same_puzzle_turned_moved_or_recoloured_has_one_form_and_a_set_keeps_one():
    loaded = load(BEST)
    pos, puzzle = loaded.position, loaded.puzzle
    assert puzzle is not None
    other = _turned(pos)
    assert generator.canonical(other, puzzle) == generator.canonical(pos, puzzle)
    assert generator.canonical(pos, Puzzle(Goal("best"), "U")) != generator.canonical(pos, puzzle)
    moved = pos.copy()
    moved.supply = [pos.supply[0] - 1, *pos.supply[1:]]
    assert generator.canonical(moved, puzzle) != generator.canonical(pos, puzzle)
    from sectionx.generating import Outcome, generate_set

    outcomes = [Outcome(1, "accepted", "a", generator.canonical(pos, puzzle)),
                Outcome(2, "accepted", "b", generator.canonical(other, puzzle)), Outcome(3, "not unique")]
    kept, tally = generate_set(lambda o: o, outcomes, 2)
    assert [o.seed for o in kept] == [1] and tally.reasons["duplicate"] == 1 and tally.tried == 3


def test_the_tiers_follow_the_level():
    assert [generator.tier_of(n) for n in range(6)] == ["beginner", "intermediate", "advanced", "expert", "expert",
                                                      "expert"]


# ---------------------------------------------------------------------- sheet


def test_sheet_draws_each_kind_of_puzzle_and_a_solution_record(tmp_path):
    best = tmp_path / "best.yaml"
    best.write_text(BEST)
    out = tmp_path / "best.pdf"
    result = run("sheet", best, "-o", out)
    assert result.exit_code == 0 and out.read_bytes()[:5] == b"%PDF-", result.output
    again = tmp_path / "again.pdf"
    assert run("sheet", best, "-o", again).exit_code == 0 and again.read_bytes() == out.read_bytes()
    plan = tmp_path / "plan.yaml"
    plan.write_text(PLAN)
    svg = tmp_path / "plan.svg"
    result = run("sheet", plan, "-o", svg)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "plan-card.svg").exists() and (tmp_path / "plan-solution-1.svg").exists()
    end = tmp_path / "end.yaml"
    end.write_text(BEST.replace("goal: {best: turn}", "goal: {score: end}"))
    assert run("sheet", end, "-o", tmp_path / "end.pdf").exit_code == 0
    record = tmp_path / "line.yaml"
    assert run("solve", plan, "-o", record).exit_code == 0
    result = run("sheet", record, "-o", tmp_path / "r.pdf")
    assert result.exit_code == 0 and (tmp_path / "r.pdf").exists(), result.output


def test_sheet_refuses_bad_input_in_one_line_with_solves_exit_status(tmp_path):
    position = tmp_path / "p.yaml"
    position.write_text(BEST.replace("goal: {best: turn}\n", ""))
    result = run("sheet", position, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 2 and "not a puzzle" in result.output and len(result.output.strip().splitlines()) == 1
    impossible = tmp_path / "i.yaml"
    impossible.write_text(PLAN.replace("road: 4, within: 2", "road: 9, within: 2"))
    result = run("sheet", impossible, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 3 and "cannot reach the goal within 2 turns" in result.output
    plan = tmp_path / "plan.yaml"
    plan.write_text(PLAN)
    result = run("sheet", plan, "-o", tmp_path / "s.pdf", "--nodes", 3)
    assert result.exit_code == 4 and "not solved within the limits" in result.output
    broken = tmp_path / "b.yaml"
    broken.write_text(PLAN.replace('"2,0": W@0', '"2,0": W@0\n  "9,9": U@0'))
    result = run("sheet", broken, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 1 and "b.yaml:" in result.output
    short = tmp_path / "short.yaml"
    short.write_text("game: tunnel\nstart: plan.yaml\nactions:\n  - W -1,0@0\n")
    result = run("sheet", short, "-o", tmp_path / "s.pdf")
    assert result.exit_code == 1 and "do not end with the puzzle's goal met" in result.output
    assert not (tmp_path / "s.pdf").exists()


def test_a_sheet_reads_for_players_goal_large_no_notation_but_the_written_line(tmp_path):
    """The goal at 9 pt or more on the card; the card's words and each step's lines but
    the last in players' words (no notation such as 'road:E' or 'U 1,0@1'); the last
    line is the turn as a file writes it, which replays."""
    theme = load_theme(None)
    loaded = load(PLAN)
    assert loaded.puzzle is not None
    answer = solver.solve_puzzle(loaded)
    printed = printing.printed(loaded.position, loaded.puzzle, answer.line, theme, title="t", summary="s")
    document = sheet_document(printed, theme, theme.paper("a4"))
    card = document.pages[0]
    sizes = dict(text_sizes(card.items, document.symbol_map))
    goal = next(size for text, size in sizes.items() if text.startswith("Red: complete a road"))
    assert goal >= 9.0 and min(sizes.values()) >= MIN_PT
    notation = re.compile(r"@\d|\b(road|city|field):[NESW]")
    for step in printed.steps:
        assert step.lines[-1].startswith("Written: ")
        assert not any(notation.search(line) for line in step.lines[:-1]), step.lines
    assert not notation.search(printed.goal) and not any(notation.search(f) for f in printed.facts)
    assert len(printed.steps) == 2 and "The goal is met" in printed.steps[-1].lines[-2]


def test_a_step_is_cropped_to_what_the_turn_changed_when_the_board_is_large(made):
    """A step's picture is a window of the board round the tile placed (and what it
    completed) when that is at most CROP_SHARE of the board, else the whole."""
    theme = load_theme(None)
    path = made / "beginner-001.yaml"
    loaded = formats.load(path)
    assert loaded.puzzle is not None
    answer = solver.solve_puzzle(loaded)
    printed = printing.printed(loaded.position, loaded.puzzle, answer.line, theme, title="t", summary="s")
    whole = printed.picture.pages[0]
    step = printed.steps[0].picture.pages[0]
    assert step.width * step.height < whole.width * whole.height


# ---------------------------------------------------------------------- deck and book


def test_deck_and_book_of_a_generated_set(made, tmp_path):
    deck = tmp_path / "deck.pdf"
    result = run("deck", made, "-o", deck, "--per-tier", 2)
    assert result.exit_code == 0 and "3 cards" in result.output and deck.read_bytes()[:5] == b"%PDF-", result.output
    book = tmp_path / "book.pdf"
    result = run("book", made, "-o", book)
    assert result.exit_code == 0 and "3 puzzles" in result.output, result.output


def test_deck_and_book_refuse_a_puzzle_not_as_its_answer_says_or_not_unique(made, tmp_path):
    folder = tmp_path / "set"
    folder.mkdir()
    text = (made / "beginner-001.yaml").read_text()
    points = int(re.search(r"answer: \{points: (\d+)", text).group(1))
    (folder / "a.yaml").write_text(text.replace(f"answer: {{points: {points}", f"answer: {{points: {points + 1}"))
    result = run("deck", folder, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and f"points {points + 1} (proved: {points})" in result.output
    plan = PLAN + "answer: {turns: 2}\ngrade: {id: tunnel/advanced#1, tier: advanced}\n"
    (folder / "a.yaml").write_text(plan)
    result = run("deck", folder, "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "not unique: " in result.output and "places for the first tile that win (TQ2)" in result.output
    first = len(solver.solve_puzzle(load(PLAN)).choices)
    result = run("book", folder, "-o", tmp_path / "b.pdf")
    assert result.exit_code == 1 and f"records them (first: {first})" in result.output
    (folder / "a.yaml").write_text(plan.replace("answer: {turns: 2}", f"answer: {{turns: 2, first: {first}}}"))
    result = run("book", folder, "-o", tmp_path / "b.pdf")
    assert result.exit_code == 0, result.output
    assert not (tmp_path / "d.pdf").exists()


@pytest.mark.slow  # the 16 shipped puzzles proved and printed, 18 s: CI's second step
@pytest.mark.skipif(not SHIPPED, reason="no shipped Der Tunnel puzzles yet")
def test_the_shipped_puzzles_print_as_a_book(tmp_path):
    """Every shipped puzzle proved and printed (sectionx book scenarios/tunnel/puzzles);
    the deck refuses them: they are not graded."""
    book = tmp_path / "book.pdf"
    result = run("book", ROOT / "scenarios" / "tunnel" / "puzzles", "-o", book)
    assert result.exit_code == 0 and f"{len(SHIPPED)} puzzles" in result.output, result.output
    result = run("deck", ROOT / "scenarios" / "tunnel" / "puzzles", "-o", tmp_path / "d.pdf")
    assert result.exit_code == 1 and "no grade: block" in result.output


def test_the_books_order_is_tier_then_level_then_kind():
    files = [puzzleset.PuzzleFile(Path(f"{n}.yaml"), load(BEST), grade) for n, grade in (
        ("a", puzzleset.Grade("tunnel/advanced#3", "advanced", (("turns", 2), ("trap", 1)))),
        ("b", puzzleset.Grade("tunnel/beginner#9", "beginner")),
        ("c", None),
        ("d", puzzleset.Grade("tunnel/advanced#2", "advanced", (("turns", 1), ("token", 1), ("trap", 1)))))]
    assert [p.path.stem for p in puzzleset.in_order(files)] == ["b", "d", "a", "c"]


def test_no_word_on_a_deck_card_is_under_6_pt_and_the_front_picture_has_none(made, tmp_path):
    """Issue 30: 6 pt least on a card, read back from the PDF on A4 and letter (the
    legend's names and points printed at 1-2.5 pt and, grown, ran over each other and
    off the card): the front's picture is drawn without words (printing.wordless), the
    points said in words (printing.card_facts)."""
    from sectionx.render.scene import Group, Text

    from .pdf_sizes import assert_decks_at_least

    assert_decks_at_least(run, made, tmp_path)
    theme = load_theme(None)
    [p] = [puzzleset.solve_for_print(q, 1, theme, puzzleset.NODE_LIMIT, unique=True, seconds=None)
           for q in puzzleset.read_files([min(made.glob("beginner-*.yaml"))])]

    def words(items):
        for it in items:
            if isinstance(it, Group):
                yield from words(it.items)
            elif isinstance(it, Text):
                yield it.text

    assert p.card_picture is not None and not list(words(p.card_picture.pages[0].items))
    assert list(words(p.picture.pages[0].items))  # the sheet's and book's picture keeps them
    assert p.card_facts is not None and p.card_facts[0].startswith("Points: ")
