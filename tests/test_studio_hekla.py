"""Hekla's studio table (issue 31, sectionx/games/hekla/studio.py): every shipped puzzle
solved and played to "solved" by its notation and by its clicks in exactly the proved
turns, the choices against the referee's own list, refusals with their ruling ids (H1,
H2, H3, H5, H8, HQ1), guesses, random playouts that never raise and pickle equal, and
the picture byte for byte what ``sectionx render`` writes."""

from __future__ import annotations

import pickle
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.hekla import art, formats, printing
from sectionx.games.hekla.commands import COMMANDS
from sectionx.games.hekla.rules import apply, back_steps, explain, orders, parse_action, skip_to, start, turns
from sectionx.games.hekla.studio import HeklaTable
from sectionx.studio.table import Choice, Limits, Refusal, Table
from sectionx.yamlsrc import LoadError, read_yaml

from . import studio_tables
from .studio_tables import by_clicks, opened

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "scenarios" / "hekla" / "puzzles").glob("*.yaml"))
FIGURE = ROOT / "scenarios" / "hekla" / "figure-4.yaml"
runner = CliRunner()


def open_table(path: Path) -> HeklaTable:
    return opened(HeklaTable, COMMANDS, path)


def from_text(text: str, name: str = "t.yaml") -> HeklaTable:
    return opened(HeklaTable, COMMANDS, Path(name), text)


def played(table: Table, text: str) -> HeklaTable:
    return studio_tables.played(HeklaTable, table, text)


def referee_list(table: HeklaTable) -> set[str]:
    pos = table.position
    return {str(option) for action in turns(pos) for option in orders(pos, action)}


# ------------------------------------------------------------------ shipped puzzles


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.stem)
def test_every_puzzle_solved_and_played_to_solved_in_the_minimum(path: Path) -> None:
    table = open_table(path)
    loaded = formats.read(read_yaml(path))
    assert table.kind == "puzzle" and table.status().goal and not table.status().over
    lines: list[str] = []
    solution = table.solve(Limits(seconds=60), lines.append)
    assert solution.status == "solved" and solution.minimum == loaded.answer_turns
    assert len(solution.turns) == solution.minimum and all(len(t) == 1 for t in solution.turns)
    assert len(lines) == solution.minimum  # the goal, then each depth proved too few
    # By notation, and by clicks (the choice the clicks and label pick, its text played).
    by_text, by_click = table, table
    for turn in solution.turns:
        assert not by_text.status().over
        by_text = played(by_text, turn[0])
        choice = by_clicks(by_click, turn[0])
        by_click = played(by_click, choice.text)
        assert by_click == by_text
    status = by_text.status()
    assert status.solved and status.over and status.turns == solution.minimum
    assert status.result.startswith(f"Solved in {solution.minimum} turn")
    assert by_text.choices() == ()
    # One turn fewer is not enough (the minimum, proved): the table is not solved before.
    before = table
    for turn in solution.turns[:-1]:
        before = played(before, turn[0])
        assert not before.status().solved


def test_the_others_sit_out_in_a_puzzle_hq1() -> None:
    """A four-player puzzle: after the player's turn the table is at their next turn,
    the three others having sat out (quiet turns, H9), as solve and replay play it."""
    table = open_table(ROOT / "scenarios" / "hekla" / "puzzles" / "14.yaml")
    me = table.position.to_move
    first = table.choices()[0].text
    after = played(table, first)
    assert after.position.to_move == me
    assert after.position == skip_to(apply(table.position, parse_action(first)), me)
    assert "the others pass (HQ1)" in after.status().to_move and after.status().turns == 1


def test_a_puzzle_out_of_turns_is_over_and_refuses_more_hq1() -> None:
    table = open_table(PUZZLES[0])  # one turn
    assert table.goal is not None and table.goal.within == 1
    wrong = next(c.text for c in table.choices() if c.text != table.solve(Limits(), lambda _: None).turns[0][0]
                 and not played(table, c.text).status().solved)
    after = played(table, wrong)
    status = after.status()
    assert status.over and not status.solved and status.result.startswith("Not solved")
    assert after.choices() == ()
    refusal = after.play(wrong)
    assert isinstance(refusal, Refusal) and refusal.rules == ("HQ1",)
    assert after.solve(Limits(), lambda _: None).status == "impossible"


# ------------------------------------------------------------------ choices against the referee


@pytest.mark.parametrize("path", [FIGURE, *PUZZLES[::4]], ids=lambda p: p.stem)
def test_choices_are_the_referees_turns_with_spots_that_exist(path: Path) -> None:
    table = open_table(path)
    choices = table.choices()
    texts = [c.text for c in choices]
    assert len(texts) == len(set(texts)) and set(texts) == referee_list(table)
    spots = {s.id for s in table.picture().spots}
    groups: dict[tuple[str, ...], list[Choice]] = {}
    for c in choices:
        assert str(parse_action(c.text)) == c.text and not explain(table.position, parse_action(c.text))
        assert set(c.clicks) <= spots
        groups.setdefault(c.clicks, []).append(c)
    for same in groups.values():
        labels = [c.label for c in same]
        if len(same) > 1:  # the labels tell them apart, none empty
            assert len(set(labels)) == len(same) and all(labels)
        else:
            assert labels == ["pass" if same[0].text == "pass" else ""]


def test_the_order_of_eruptions_is_a_choice_with_labels_h5() -> None:
    """Figure 4: the 3 moved from e5 to e3 sets off the row and the column; both
    orders share the clicks e5, e3 and the labels name the order."""
    table = open_table(FIGURE)
    same = [c for c in table.choices() if c.clicks == ("field:e5", "field:e3")]
    backs = back_steps(table.position, (4, 4))
    assert backs[0] == 0 and len(backs) > 1  # on column e's line now, and further back too (H3)
    assert {(c.text, c.label) for c in same} == {
        (f"move green3 e5-e3{f' back {b}' if b else ''} erupt {one} {two}", f"back {b}, erupt {one} then {two}")
        for b in backs for one, two in (("c3-e3", "e2-e4"), ("e2-e4", "c3-e3"))}
    row_first = played(table, "move green3 e5-e3 erupt c3-e3 e2-e4")
    column_first = played(table, "move green3 e5-e3 erupt e2-e4 c3-e3")
    green = table.position.seat(table.position.player)
    assert row_first.position.track[green] - table.position.track[green] == 6
    assert column_first.position.track[green] - table.position.track[green] == 3


def test_labels_name_the_stone_and_the_back_step_h2_h3() -> None:
    text = """game: hekla
players: 2
to_move: red
stones: {a1: [red2, red3], c3: [green1]}
track: {red: 10}
"""
    table = from_text(text)
    places = [c for c in table.choices() if c.clicks == ("field:b2",)]
    assert sorted(c.label for c in places) == ["red0", "red1", "red2"]  # red's supply: 0 0 1 2 2 (HG5)
    # Red's 2 and 3 share a1: each has its own spot, and the move starts there.
    assert not [c for c in table.choices() if c.clicks[:1] == ("field:a1",)]
    steps = {c.clicks: (c.text, c.label) for c in table.choices() if c.clicks[1:] == ("field:a2",)}
    assert steps == {("stone:a1:0", "field:a2"): ("move red2 a1-a2", ""), ("stone:a1:1", "field:a2"): ("move red3 a1-a2", "")}
    # Red's volcanist on track field 10: a line through a1 is 3 and 9 fields back (HG4),
    # and every back-step that reaches one is a legal turn (H3).
    assert back_steps(table.position, (0, 0)) == [3, 9]
    assert {c.label for c in table.choices() if c.clicks == ("stone:a1:1", "field:a4")} == {"back 3", "back 9"}
    # A stone's spot lies over its drawn disc, after the fields (on top).
    spots = table.picture().spots
    assert [s.id for s in spots[25:] if not s.id.startswith("track:")] == ["stone:a1:0", "stone:a1:1"]
    for spot, (cx, cy) in zip(spots[25:27], (art.Geometry(table.position.board).place((0, 0), i) for i in (0, 1))):
        xs, ys = [x for x, _ in spot.outline], [y for _, y in spot.outline]
        assert abs(sum(xs) / len(xs) - cx) < 1e-9 and abs(sum(ys) / len(ys) - cy) < 1e-9
        disc = rf'<circle cx="{cx:g}" cy="{cy:g}" fill="[^"]+" r="{art.FIELD * art.STONE / 2:g}"'
        assert re.search(disc, table.picture().svg), spot
    # A click on the other stone's spot, or on the field, means that stone or the player's.
    assert table.guess(("stone:a1:1", "field:b2")) == "move red3 a1-b2"
    assert table.guess(("stone:a1:1",)) is None and table.guess(("stone:a1:7", "field:a2")) is None


# ------------------------------------------------------------------ refusals and guesses


def test_refusals_carry_the_referees_ruling_ids() -> None:
    table = open_table(FIGURE)
    cases = {
        "move green3 e5-e3": "H5",  # two triples erupt: the order must be named
        "move green3 e5-d4": "H3",  # diagonal
        "place green2 c3": "H2",  # not empty
        "move red2 c3-c4": "H1",  # not green's stone
        "place green2 z9": "HG1",
        "pass": "H1",  # green can place or move
    }
    for text, rule in cases.items():
        refusal = table.play(text)
        assert isinstance(refusal, Refusal), text
        assert rule in refusal.rules and f"({rule})" in refusal.message and refusal.message.startswith(text), refusal
    unreadable = table.play("jump green3 e5")
    assert isinstance(unreadable, Refusal) and unreadable.rules == ("H1",) and "not a turn" in unreadable.message
    assert isinstance(table.play(""), Refusal)


def test_a_refusal_reads_as_replay_tells_it(tmp_path: Path) -> None:
    """The same reasons and rule ids as ``replay`` prints for that turn."""
    (tmp_path / "figure.yaml").write_text(FIGURE.read_text())
    record = tmp_path / "r.yaml"
    record.write_text("game: hekla\nformat: 1\nstart: figure.yaml\nactions: [move green3 e5-d4]\n")
    out = runner.invoke(app, ["replay", str(record)])
    refusal = open_table(FIGURE).play("move green3 e5-d4")
    assert isinstance(refusal, Refusal) and refusal.rules == ("H3",)
    reason = refusal.message.split(" is illegal: ")[1].removesuffix(" (H3)")
    assert out.exit_code == 1, out.output
    assert "move green3 e5-d4 is illegal: " + reason in " ".join(out.output.split()) and "H3" in out.output


def test_guess_names_a_turn_the_referee_refuses_with_an_id() -> None:
    table = open_table(FIGURE)
    choices = {c.clicks for c in table.choices()}
    for clicks, rule in [
        (("field:c3",), "H2"),  # a stone onto a field that is not empty
        (("field:e5", "field:d4"), "H3"),  # a diagonal move
        (("field:e3", "field:e2"), "H1"),  # red's 2 on e3, green to move
        (("field:c3", "field:c4"), "H1"),  # red's stone, green to move
        (("field:a1", "field:a2"), "H3"),  # no green stone there
    ]:
        if clicks in choices:
            continue
        guess = table.guess(clicks)
        assert guess is not None
        refusal = table.play(guess)
        assert isinstance(refusal, Refusal) and rule in refusal.rules, (clicks, guess, refusal)
    assert table.guess(()) is None and table.guess(("stack:1",)) is None and table.guess(("field:z9",)) is None
    assert table.guess(("field:e5",)) is None  # the start of a move


def test_guess_a_long_move_without_a_line_h3() -> None:
    text = """game: hekla
players: 2
to_move: red
stones: {b2: [red2]}
track: {red: 0}
"""
    table = from_text(text)  # on the start field: no line (HG4), nothing to go back to
    guess = table.guess(("field:b2", "field:b5"))
    assert guess == "move red2 b2-b5"
    refusal = table.play(guess)
    assert isinstance(refusal, Refusal) and refusal.rules == ("H3",) and "no line" in refusal.message


def test_guess_a_step_onto_a_full_field_h3() -> None:
    table = from_text("game: hekla\nplayers: 2\nto_move: red\nstones: {b2: [red2], b3: [green1, green2]}\n")
    assert not [c for c in table.choices() if c.clicks == ("field:b2", "field:b3")]
    guess = table.guess(("field:b2", "field:b3"))
    assert guess == "move red2 b2-b3"
    refusal = table.play(guess)
    assert isinstance(refusal, Refusal) and refusal.rules == ("H3",) and "holds two stones" in refusal.message


def test_a_finished_game_refuses_every_turn_h8() -> None:
    pos = start(2)
    table = HeklaTable("position", pos, pos)
    from dataclasses import replace as dc_replace

    over = dc_replace(table, position=dc_replace(pos, lava=(0, 0), winners=pos.players))
    assert over.choices() == () and over.status().over and "H8" in over.status().to_move
    refusal = over.play("place red0 a1")
    assert isinstance(refusal, Refusal) and refusal.rules == ("H8",)
    assert over.solve(Limits(), lambda _: None).status == "unknown"


# ------------------------------------------------------------------ free positions, records, bad files


def test_a_free_position_is_played_seat_by_seat() -> None:
    table = open_table(FIGURE)
    assert table.kind == "figure" and table.status().goal == ""
    after = played(table, "move green3 e5-e3 erupt c3-e3 e2-e4")
    assert after.position.player.value == "red" and after.status().turns == 1
    again = played(after, after.choices()[0].text)
    assert again.position.player.value == "green" and again.status().turns == 2
    hint = table.solve(Limits(), lambda _: None)
    assert hint.status == "unknown" and hint.turns == (("move green3 e5-e3 erupt c3-e3 e2-e4",),)
    assert "at most 6 fields" in hint.message


def test_a_record_opens_at_its_last_position(tmp_path: Path) -> None:
    out = tmp_path / "solution.yaml"
    puzzle = PUZZLES[3]
    result = runner.invoke(app, ["solve", str(puzzle), "--out", str(out)])
    assert result.exit_code == 0, result.output
    table = open_table(out)
    assert table.kind == "record" and table.status().goal == ""
    solved = open_table(puzzle)
    for turn in solved.solve(Limits(), lambda _: None).turns:
        solved = played(solved, turn[0])
    assert table.position.fields == solved.position.fields and table.position.track == solved.position.track


def test_bad_files_raise_load_error_at_their_lines(tmp_path: Path) -> None:
    with pytest.raises(LoadError) as exc:
        from_text("game: hekla\nplayers: 2\nto_move: red\nstones: {f9: [red2]}\n")
    assert exc.value.diagnostics and exc.value.diagnostics[0].line == 4
    record = tmp_path / "bad.yaml"
    record.write_text("game: hekla\nformat: 1\nactions:\n  - place red2 c3\n  - place red3 c3\n")
    with pytest.raises(LoadError) as exc:
        open_table(record)
    assert [(d.line, d.rule) for d in exc.value.diagnostics] == [(5, "H1")]


# ------------------------------------------------------------------ the picture


@pytest.mark.parametrize("path", [FIGURE, PUZZLES[0], PUZZLES[-1]], ids=lambda p: p.stem)
def test_the_picture_is_what_render_writes(path: Path, tmp_path: Path) -> None:
    out = tmp_path / "p.svg"
    result = runner.invoke(app, ["render", str(path), "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert open_table(path).picture().svg.encode("utf-8") == out.read_bytes()


def test_each_field_spot_lies_on_its_drawn_field() -> None:
    """The spot's square is the field's square as drawn: the board group's shift under
    the title, and the field's rect (0.4 mm inside its box) in the SVG."""
    for table in (open_table(FIGURE), HeklaTable("position", start(3), start(3))):
        picture = table.picture()
        shift = 7.0 if table.title else 0.0
        match = re.search(r'<g id="board" transform="matrix\(1 0 0 1 0 ([0-9.]+)\)"', picture.svg)
        assert (float(match.group(1)) if match else 0.0) == shift
        fields = [s for s in picture.spots if s.id.startswith("field:")]
        assert len(fields) == 25 and len({s.id for s in fields}) == 25
        for spot in fields:
            (x0, y0), (x1, _), (_, y2) = spot.outline[:3]
            assert x1 - x0 == art.FIELD and y2 - y0 == art.FIELD
            x, y, right = f"{x0 + 0.4:g}", f"{y0 - shift + 0.4:g}", f"{x0 + art.FIELD - 0.4:g}"
            assert f'<path d="M {x} {y} L {right} {y} ' in picture.svg, spot


def test_the_picture_points_out_the_files_annotations_then_the_last_turn() -> None:
    """Figure 4's caption and annotations belong to its own position; after a turn the
    picture points that turn out as a solution sheet draws a step (the arrow, the
    triples numbered in their order, the new lava, the volcanists' ways)."""
    table = open_table(FIGURE)
    text = "move green3 e5-e3 erupt c3-e3 e2-e4"
    after = played(table, text)
    assert after.marks == printing.step_marks(printing.worked(table.position, parse_action(text)))
    assert after.marks.order == (((2, 2), (3, 2), (4, 2)), ((4, 1), (4, 2), (4, 3)))
    assert table.marks.caption and table.marks.caption.split()[0] in table.picture().svg
    assert not after.marks.caption and "Column first" not in after.picture().svg
    plain = HeklaTable("figure", after.position, after.position, title=table.title).picture().svg
    assert after.picture().svg != plain and len(after.picture().svg) > len(plain)


# ------------------------------------------------------------------ random playouts


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), which=st.integers(0, len(PUZZLES)))
def test_random_playouts_never_raise_and_pickle_equal(seed: int, which: int) -> None:
    rng = random.Random(seed)
    table: Table = open_table(PUZZLES[which] if which < len(PUZZLES) else FIGURE)
    for _ in range(12):
        assert pickle.loads(pickle.dumps(table)) == table
        status = table.status()
        choices = table.choices()
        if status.over:
            assert not choices
            break
        assert choices
        junk = table.play(rng.choice(["pass", "place red9 a1", "move", "erupt", "place blue3 a1", "move red0 a1-a9"]))
        assert isinstance(junk, (HeklaTable, Refusal))
        clicks = tuple(rng.choice(table.picture().spots).id for _ in range(rng.randint(1, 2))) if rng.random() < 0.2 else ()
        if clicks and not any(c.clicks[:len(clicks)] == clicks for c in choices):
            guess = table.guess(clicks)
            if guess is not None:
                assert isinstance(table.play(guess), Refusal)
        after = table.play(rng.choice(choices).text)
        assert isinstance(after, HeklaTable)
        table = after


_WORD = st.sampled_from(["place", "move", "pass", "erupt", "back", "red2", "green3", "blue0", "red9", "lava0", "c3",
                         "e5", "z9", "a0", "e5-e3", "c3-e3", "e2-e4", "a1-a1", "c3-c3", "3", "99999", "-1", "²"])


@settings(max_examples=60, deadline=None)
@given(words=st.lists(_WORD, max_size=7), noise=st.text(max_size=12))
def test_play_never_raises_for_typed_text(words: list[str], noise: str) -> None:
    table = open_table(FIGURE)
    for text in (" ".join(words), noise):
        after = table.play(text)
        assert isinstance(after, (HeklaTable, Refusal))
        if isinstance(after, Refusal):
            assert after.message
