"""The generator's expert tier of three turns (issue 29, part 5): a three-turn expert
made again from its id byte for byte, proved and unique; the starter deck deals
three-turn experts; a candidate over its CPU time is dropped, never written; the
grader's distances worked out place by place equal the whole board's."""

from __future__ import annotations

import functools
import importlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.sectionx import formats, puzzleset
from sectionx.games.sectionx.generator import OVER_TIME, Params, Unit, generate, make
from sectionx.games.sectionx.generator.build import RECIPES, build, horizon
from sectionx.games.sectionx.generator.grade import grade
from sectionx.games.sectionx.solver.exact import solve_puzzle

DECK = Path(__file__).parent.parent / "scenarios" / "puzzles" / "deck"
# The grade module, not the function the package exports under the same name.
grading = importlib.import_module("sectionx.games.sectionx.generator.grade")
runner = CliRunner()


def _experts(turns: int) -> list[Path]:
    out = []
    for path in sorted(DECK.glob("expert-*.yaml")):
        sc = formats.load(path).scenario
        assert sc.answer is not None
        if sc.answer.turns == turns:
            out.append(path)
    return out


def test_expert_candidates_may_take_three_turns_on_the_standard_board():
    """The expert tier's turns are 2-3; on the compact board its candidates are
    limited to two (HORIZON: a fresh tunnel to a corner ties with every three-turn
    answer there).  A candidate's goal carries the limit it was built with."""
    assert RECIPES["expert"].turns == (2, 3)
    assert horizon(Params("expert", "standard", "free")) == 3
    assert horizon(Params("expert", "compact", "free")) == 2
    assert horizon(Params("advanced", "compact", "free")) == RECIPES["advanced"].turns[1]
    sc = build(Params("expert", "standard", "mixed"), 1_000_000)
    assert sc is not None and sc.goal is not None and sc.goal.turns == 3


def test_the_starter_deck_deals_three_turn_experts():
    """Issue 29: expert puzzles of three turns in the starter deck.  The deck deals
    the first 15 of each tier in order of difficulty (puzzleset.choose): three-turn
    experts among them, each graded expert (two or more detours) with its turns."""
    chosen, shortfalls = puzzleset.choose(puzzleset.read_folder(DECK), 15)
    assert not shortfalls
    experts = [p for p in chosen if p.tier == "expert"]
    assert len(experts) == 15
    long = [p for p in experts if p.scenario.answer is not None and p.scenario.answer.turns == 3]
    assert len(long) >= 5
    for p in long:
        g = p.scenario.grade
        assert g is not None
        figures = dict(g.figures)
        assert figures["turns"] == 3 and figures["detours"] >= 2 and not figures["greedy"]


def test_a_three_turn_expert_of_the_starter_set_is_proved_and_unique():
    """The expert tier yields three-turn puzzles: the starter set's first expert,
    as generate wrote it, is proved by the solver to need three turns (nothing
    shorter) with one optimal plan, and its candidate is built again from its id."""
    text = (DECK / "expert-001.yaml").read_text()
    sc = formats.loads(text).scenario
    assert sc.grade is not None and sc.goal is not None and sc.answer is not None
    params, seed = Params.parse_id(sc.grade.id)
    assert (params.tier, params.board) == ("expert", "standard")
    r = solve_puzzle(sc).result
    assert (r.status, r.turns, r.plans, r.cost) == ("solved", 3, 1, sc.answer.cost)
    assert sc.goal.turns == 3
    assert build(params, seed) is not None


@pytest.mark.slow  # about 5 CPU seconds, twice that on a loaded machine: CI's second step
def test_a_three_turn_expert_is_made_again_from_its_id():
    text = (DECK / "expert-001.yaml").read_text()
    sc = formats.loads(text).scenario
    assert sc.grade is not None
    outcome = make(Unit(*Params.parse_id(sc.grade.id)))
    assert outcome.accepted, outcome.reason
    assert outcome.text == text


@pytest.mark.slow  # a three-turn expert's grading is a search of up to ~14,000 turns: 5-15 s each
def test_three_turn_starter_experts_grade_as_labelled():
    # One in three of the fifteen (all fifteen took four minutes on a loaded machine).
    for path in _experts(3)[::3]:
        sc = formats.load(path).scenario
        solved = solve_puzzle(sc)
        assert solved.result.plans == 1
        figures = grade(sc, solved, node_limit=30_000, work_limit=80_000)
        assert sc.grade is not None
        assert figures.tier == sc.grade.tier == "expert", path
        assert dict(figures.items()) == dict(sc.grade.figures), path


def test_a_candidate_over_its_time_is_dropped_not_written():
    """CANDIDATE_SECONDS' guard: a unit given no time is dropped as over the time
    limit, with no text, whatever its candidate would have been."""
    params = Params("beginner", "compact", "free")
    kept, tally = generate(params, 1, seed=4, max_tries=5, seconds=1e-9)
    assert kept == []
    assert tally.tried == 5
    # The seeds that build a candidate run out of time in its proof; the rest are not built.
    assert set(tally.reasons) <= {OVER_TIME, "not built"} and tally.reasons[OVER_TIME] >= 1
    assert all(not make(Unit(params, s, seconds=1e-9)).text for s in range(4_000_000, 4_000_005))


def test_generate_names_the_candidates_its_time_limit_dropped(tmp_path, monkeypatch):
    gen = importlib.import_module("sectionx.games.sectionx.generator")
    monkeypatch.setattr(gen, "generate", functools.partial(gen.generate, seconds=1e-9))
    result = runner.invoke(app, ["generate", "-d", "beginner", "--count", "1", "--max-tries", "4",
                                 "-o", str(tmp_path / "z")])
    assert result.exit_code == 4, result.output
    assert "over the time limit" in result.output
    assert "dropped at the time limit of 120 CPU seconds" in result.output
    assert not (tmp_path / "z").exists()


def test_distances_place_by_place_equal_the_whole_boards(monkeypatch):
    """Differential: the distances the grader reads place by place (_Ways, a forward
    Dijkstra stopped at the first target) equal the backward Dijkstra from every
    target over the whole board (_spread, the reference), on one call in four of
    three gradings (up to 250 each: the whole board is the slow way)."""
    ways_cls = grading._Ways
    plain = ways_cls.__getitem__
    calls, checked = [0], [0]

    def both(self: object, source: int) -> int:
        got = plain(self, source)  # type: ignore[arg-type]
        calls[0] += 1
        if calls[0] % 4 or checked[0] >= 250:
            return got
        g = self._grader  # type: ignore[attr-defined]
        targets = self._targets  # type: ignore[attr-defined]
        monkeypatch.setattr(g, "_targets", lambda greens, island_ok: targets)
        whole = g._spread(None, False)
        monkeypatch.delattr(g, "_targets")
        assert whole[source] == got
        checked[0] += 1
        return got

    monkeypatch.setattr(ways_cls, "__getitem__", both)
    # a zone goal (Z1's reserve), a key goal with hideouts (E1), a blocked way of the deck
    for path in (DECK.parent / "17-keep-one-for-purple.yaml", DECK.parent / "23-let-them-find-out.yaml",
                 DECK / "advanced-001.yaml"):
        sc = formats.load(path).scenario
        calls[0] = checked[0] = 0
        grade(sc, solve_puzzle(sc))
        assert checked[0] >= 250, path
