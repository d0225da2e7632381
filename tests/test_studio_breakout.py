"""Breakout's studio table (issue 31, sectionx.games.breakout.studio): every shipped
puzzle played to "solved" by text and by clicks in its proved minimum, the choices
the referee's legal pushes, refusals with their rulings (B3, B4, BW1, BQ1), the
other player's answers (BQ1: passing, or defending as solve's main line), the
picture byte for byte what render writes, and random playouts that never raise."""

from __future__ import annotations

import pickle
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.breakout import records
from sectionx.games.breakout.art import FIELD, TOP
from sectionx.games.breakout.commands import COMMANDS
from sectionx.games.breakout.formats import Goal
from sectionx.games.breakout.rules import Player, Position, Wall, legal_actions, parse_action
from sectionx.games.breakout.solver import solve
from sectionx.games.breakout.studio import BreakoutTable
from sectionx.studio.table import Limits, Refusal, Table
from sectionx.yamlsrc import LoadError, read_yaml

ROOT = Path(__file__).resolve().parent.parent
PUZZLES = sorted((ROOT / "scenarios" / "breakout" / "puzzles").glob("*.yaml"))
FIGURE = ROOT / "scenarios" / "breakout" / "figure-bar.yaml"
runner = CliRunner()


def table(path: Path) -> Table:
    return COMMANDS.table(path, read_yaml(path))


def played(t: Table, text: str) -> Table:
    nxt = t.play(text)
    assert not isinstance(nxt, Refusal), f"{text}: {nxt}"
    return nxt


def refused(t: Table, text: str) -> Refusal:
    nxt = t.play(text)
    assert isinstance(nxt, Refusal), f"{text} was played"
    return nxt


def wall(rows: list[str], to_move: Player, **kw: object) -> Position:
    """A position from rows written top first, as a file writes them."""
    knot = {"y": Player.YELLOW, "b": Player.BLUE, ".": None}
    cells = tuple(tuple(knot[c] for c in row) for row in reversed(rows))
    hands = tuple(13 - sum(row.count(c) for row in rows) for c in "yb")
    return Position(Wall(len(rows), len(rows[0])), cells, to_move, hands, **kw)  # type: ignore[arg-type]


def check_choices(t: Table) -> None:
    """The choices are the referee's legal moves, each parsing back, with clicks on
    spots of the picture that pick it alone (or its label tells it apart)."""
    assert isinstance(t, BreakoutTable)
    choices = t.choices()
    if t.status().over:
        assert choices == ()
        return
    assert {c.text for c in choices} == {str(a) for a in legal_actions(t.position)}
    spots = {s.id for s in t.picture().spots}
    for c in choices:
        assert str(parse_action(c.text)) == c.text
        assert set(c.clicks) <= spots
        same = [d for d in choices if d.clicks == c.clicks]
        assert len(same) == 1 or len({d.label for d in same}) == len(same)


@pytest.mark.parametrize("path", PUZZLES, ids=lambda p: p.name)
def test_every_shipped_puzzle_plays_to_solved_in_its_minimum_by_text_and_by_clicks(path):
    start = table(path)
    assert start.kind == "puzzle" and start.status().turns == 0 and not start.status().over
    seen: list[str] = []
    solution = start.solve(Limits(), seen.append)
    goal = read_yaml(path).data["answer"]["turns"]
    assert solution.status == "solved" and solution.minimum == goal and len(solution.turns) == goal
    assert seen and seen[0].startswith("trying 1 turn")
    by_text, by_click = start, start
    for turn in solution.turns:
        (move,) = turn
        check_choices(by_click)
        (choice,) = [c for c in by_click.choices() if c.text == move]
        # The clicks pick that choice and no other.
        assert [c.text for c in by_click.choices() if c.clicks == choice.clicks] == [move]
        by_text, by_click = played(by_text, move), played(by_click, choice.text)
        assert by_text == by_click
    status = by_text.status()
    assert status.solved and status.over and status.turns == solution.minimum
    assert "the puzzle is solved" in status.result and by_text.choices() == ()
    over = refused(by_text, "L1")
    assert over.rules == ("BQ1",) and over.message.startswith("L1 is not played: the puzzle is over (")


@pytest.mark.parametrize("path", [p for p in PUZZLES if "defends" in p.read_text()], ids=lambda p: p.name)
def test_the_defender_answers_as_solves_main_line(path):
    """BQ1 "defends": the table's answers are the other player's moves of the line
    ``sectionx solve`` prints (the answer keeping the solver's side longest from
    escaping, the first of equals)."""
    loaded_goal = read_yaml(path).data["goal"]["escape_within"]
    t = table(path)
    assert isinstance(t, BreakoutTable)
    answer = solve(t.position, loaded_goal)
    line = [str(a) for a in answer.line]
    for i in range(0, len(line), 2):
        t = played(t, line[i])
        if i + 1 < len(line):
            assert isinstance(t, BreakoutTable) and t.answered == line[i + 1]
            assert f"answered {line[i + 1]}" in t.status().goal
    assert t.status().solved


def test_a_passing_opponent_passes_and_the_picture_states_the_turns_left():
    t = table(PUZZLES[-1])  # 12: yellow, 5 turns, blue passing
    after = played(t, "L1")
    assert isinstance(after, BreakoutTable) and after.answered == "pass" and after.position.to_move is Player.YELLOW
    status = after.status()
    assert status.to_move == "Yellow, turn 2 of 5: a push" and status.turns == 1
    assert "blue passing (BQ1): 1 of 5 used; blue answered pass" in status.goal
    assert "Puzzle: yellow to escape within 4 turns" in after.picture().svg


def test_a_wrong_push_is_refuted_and_the_turns_run_out():
    t = table(PUZZLES[0])  # 01: blue escapes in 2, only L2 and R2 win
    wrong = next(c.text for c in t.choices() if c.text not in ("L2", "R2"))
    t = played(t, wrong)
    assert not t.status().over and t.solve(Limits(), lambda _: None).status == "impossible"
    t = played(t, t.choices()[0].text)
    status = t.status()
    assert status.over and not status.solved and status.turns == 2 and t.choices() == ()
    assert status.result == "2 turns used without an escape (BQ1): the puzzle is not solved"
    assert t.solve(Limits(), lambda _: None).status == "impossible"


def test_the_defender_escapes_when_it_can():
    # Blue's column 1 lacks row 5 only; yellow (to move) cannot stop L5 by blue, so
    # the table's blue takes it (an escape for the other player ranks first).
    pos = wall([".....", "b....", "b....", "b....", "byyyy"], Player.YELLOW)
    t = BreakoutTable("puzzle", pos, goal=Goal(3), me=Player.YELLOW)
    after = played(t, "R3")
    assert isinstance(after, BreakoutTable) and after.answered == "L5"
    status = after.status()
    assert status.over and not status.solved and status.result == "blue escaped (B6): the puzzle is not solved"


def test_refusals_name_their_rulings_and_guess_names_the_push_meant():
    t = table(FIGURE)
    assert t.kind == "figure" and t.status().goal == "" and not t.status().over
    pass_ = refused(t, "pass")
    assert pass_.rules == ("B3",) and pass_.message.startswith("turn 1 (yellow): pass is illegal: yellow holds")
    assert refused(t, "L9").rules == ("BW1",)
    unreadable = refused(t, "push 3")
    assert unreadable.rules == () and "write L or R and a row number" in unreadable.message
    after = played(t, "L3")  # a blue knot falls out of row 3: R3 is barred (B4)
    assert "R3" not in {c.text for c in after.choices()}
    assert after.guess(("push:R3",)) == "R3"
    bar = refused(after, "R3")
    assert bar.rules == ("B4",) and bar.message == ("turn 2 (blue): R3 is illegal: a knot just fell out of row 3: the "
                                                    "next push may not come back in from the right (B4)")
    # An end field is the push in at that end; a field inside the row names none.
    assert after.guess(("field:3.5",)) == "R3" and after.guess(("field:2.1",)) == "L2"
    assert after.guess(("field:3.3",)) is None and after.guess(()) is None and after.guess(("push:X",)) is None
    assert after.status().to_move == "Blue, break-out 4, turn 2: a push" and after.status().turns == 1


def test_with_no_knot_in_hand_the_only_choice_is_the_pass_button_and_a_push_is_refused():
    full = ["yyyyy", "yyyyy", "yyybb", "bbbbb", "bbbbb"]
    pos = wall(full, Player.YELLOW)
    t = BreakoutTable("position", pos)
    assert [(c.text, c.clicks, c.label) for c in t.choices()] == [("pass", (), "pass")]
    assert "pass (no knot in hand, B3)" in t.status().to_move
    assert t.guess(("push:L1",)) == "L1" and refused(t, "L1").rules == ("B3",)


def test_picture_is_what_render_writes_and_its_spots_lie_on_the_drawing(tmp_path):
    for path in [*PUZZLES, FIGURE]:
        out = tmp_path / f"{path.stem}.svg"
        assert runner.invoke(app, ["render", str(path), "-o", str(out)], catch_exceptions=False).exit_code == 0
        picture = table(path).picture()
        assert picture.svg.encode("utf-8") == out.read_bytes(), path.name
    t = table(FIGURE)
    assert isinstance(t, BreakoutTable)
    picture = t.picture()
    spots = {s.id: s for s in picture.spots}
    ids = [s.id for s in picture.spots]
    assert len(ids) == len(set(ids)) == 2 * 5 + 25 + 5  # arrows, fields, wall-top sections (BW2)
    root = ET.fromstring(picture.svg)
    ns = "{http://www.w3.org/2000/svg}"
    group = next(g for g in root.iter(f"{ns}g") if g.get("id") == "wall")
    dx, dy = (float(v) for v in re.findall(r"[-\d.]+", group.get("transform", ""))[4:6])
    assert dy == 7.0  # under the title

    def inside(spot_id: str, x: float, y: float) -> bool:
        xs = [p[0] for p in spots[spot_id].outline]
        ys = [p[1] for p in spots[spot_id].outline]
        return min(xs) < x < max(xs) and min(ys) < y < max(ys)

    # Knots are the discs 0.72 of a field across; the figures' heads on the wall top are smaller.
    knots = [(float(c.get("cx", 0)) + dx, float(c.get("cy", 0)) + dy) for c in group.iter(f"{ns}circle")
             if float(c.get("r", 0)) == pytest.approx(FIELD * 0.36)]
    assert len(knots) == sum(f is not None for row in t.position.rows for f in row)
    for x, y in knots:
        (hit,) = [i for i in spots if i.startswith("field:") and inside(i, x, y)]
        row, col = (int(v) for v in hit.removeprefix("field:").split("."))
        assert t.position.at(row, col) is not None
    labels = {el.text: (float(el.get("x", 0)) + dx, float(el.get("y", 0)) + dy) for el in group.iter(f"{ns}text")
              if el.text and re.fullmatch(r"[LR]\d", el.text)}
    assert len(labels) == 10 and all(inside(f"push:{name}", *xy) for name, xy in labels.items())
    # The escaped figures (BW2) stand inside their wall-top section's spot, above the fields'.
    figures = [(float(c.get("cx", 0)) + dx, float(c.get("cy", 0)) + dy) for c in group.iter(f"{ns}circle")
               if float(c.get("r", 0)) == pytest.approx((TOP - 4.5) * 0.18)]  # art.figure's heads
    assert figures
    for x, y in figures:
        (hit,) = [i for i in spots if inside(i, x, y)]
        assert hit.startswith("top:") and int(hit.removeprefix("top:")) in {col for _, col in t.position.tops}


def test_records_open_at_their_last_position_and_bad_files_raise_located_problems(tmp_path):
    start = table(PUZZLES[6])
    assert isinstance(start, BreakoutTable)
    good = tmp_path / "game.yaml"
    good.write_text(records.dumps(start.position, [parse_action("L4")], goal=start.goal))
    t = table(good)
    assert isinstance(t, BreakoutTable) and t.kind == "record" and t.goal is None
    assert t.position.to_move is Player.YELLOW and t.status().goal == "" and t.choices()
    assert t.solve(Limits(), lambda _: None).status == "unknown"
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text().replace("  - L4", "  - L9"))
    with pytest.raises(LoadError) as err:
        table(bad)
    assert any(d.rule == "BW1" and d.line > 0 for d in err.value.diagnostics)
    broken = tmp_path / "broken.yaml"
    broken.write_text(PUZZLES[0].read_text().replace('"byybb"', '"byyzb"'))
    with pytest.raises(LoadError) as err:
        table(broken)
    assert err.value.diagnostics and all(d.line > 0 for d in err.value.diagnostics)


@settings(max_examples=25, deadline=None)
@given(which=st.sampled_from([*PUZZLES, FIGURE]), picks=st.lists(st.integers(0, 99), max_size=14))
def test_random_playouts_never_raise_and_tables_pickle_equal(which, picks):
    t = table(which)
    for pick in picks:
        check_choices(t)
        assert pickle.loads(pickle.dumps(t)) == t
        choices = t.choices()
        if not choices:
            assert t.status().over
            break
        t = played(t, choices[pick % len(choices)].text)
        status = t.status()
        assert status.turns >= 1 and status.to_move
        if status.over:
            assert status.result


def test_a_defence_cut_short_by_its_node_limit_plays_the_first_answer_without_a_rope_and_says_so(monkeypatch):
    from sectionx.games.breakout import studio
    from sectionx.games.breakout.rules import apply
    from sectionx.games.breakout.solver import outcome

    t = table(PUZZLES[5])  # 06: the deepest defended puzzle (4 turns)
    full = played(t, "R3")
    assert isinstance(full, BreakoutTable) and not full.guessed and full.answered == "L1"  # solve's main line
    assert "search limit" not in full.status().goal
    monkeypatch.setattr(studio, "REPLY_NODES", 1)
    cut = played(t, "R3")
    assert isinstance(cut, BreakoutTable) and cut.guessed and "the search limit was reached" in cut.status().goal
    assert isinstance(t, BreakoutTable)
    after = apply(t.position, parse_action("R3"))
    first = next(a for a in legal_actions(after) if outcome(after, apply(after, a), Player.YELLOW) is not True)
    assert cut.answered == str(first)


@settings(max_examples=40, deadline=None)
@given(seed=st.lists(st.integers(0, 99), min_size=2, max_size=12), left=st.integers(0, 2))
def test_the_defence_with_its_cuts_is_the_first_answer_of_the_highest_rank(seed, left):
    """Differential: _defence (two cuts, the solver's search) against every answer
    ranked in full by the plain minimax reference, on a 4 x 4 wall (BW3)."""
    from sectionx.games.breakout.rules import apply, start
    from sectionx.games.breakout.solver import outcome, reference
    from sectionx.games.breakout.studio import _defence

    pos = start(Wall(4, 4))
    for pick in seed:  # a random wall; the last push is S's, the other player answers
        moves = legal_actions(pos)
        nxt = apply(pos, moves[pick % len(moves)])
        if nxt.breakout != pos.breakout or nxt.over:
            return
        before, pos = pos, nxt
    me = before.to_move

    def rank(nxt: Position) -> int:
        done = outcome(pos, nxt, me)
        if done is not None:
            return 0 if done else left + 2
        return next((j for j in range(1, left + 1) if reference(nxt, j, me)), left + 1)

    ranks = [(rank(apply(pos, a)), a) for a in legal_actions(pos)]
    top = max(r for r, _ in ranks)
    answer, after, guessed = _defence(pos, me, left)
    assert not guessed and answer == next(a for r, a in ranks if r == top) and after == apply(pos, answer)


def test_the_defenders_reply_is_given_for_the_move_list() -> None:
    """Status.answer: the reply the table played for the defender, colour and push, which
    the page lists beside the player's move; none before a move and in free play."""
    path = ROOT / "scenarios" / "breakout" / "puzzles" / "01.yaml"
    table = COMMANDS.table(path, read_yaml(path))
    assert table.status().answer == ""
    after = table.play("L2")
    assert not isinstance(after, Refusal)
    answer = after.status().answer
    assert re.fullmatch(r"yellow ([LR][1-5]|pass)", answer), answer
    assert answer.split()[1] in after.status().goal  # the goal line names the same reply
    figure = ROOT / "scenarios" / "breakout" / "figure-bar.yaml"
    free = COMMANDS.table(figure, read_yaml(figure))
    moved = free.play(free.choices()[0].text)
    assert not isinstance(moved, Refusal) and moved.status().answer == ""


def test_the_puzzles_settings_show_the_files_values() -> None:
    """Tool.value: the page selects the file's own value in each setting."""
    path = ROOT / "scenarios" / "breakout" / "puzzles" / "06.yaml"
    table = COMMANDS.table(path, read_yaml(path))
    values = {t.id: t.value for t in table.tools() if t.whole}
    assert values["goal:turns"] == "4" and values["goal:opponent"] == "defends" and values["to_move"] == "yellow"
    assert all(v in next(t.options for t in table.tools() if t.id == k) for k, v in values.items() if v)
