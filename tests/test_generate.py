"""The puzzle generator (issue 10): puzzles that validate, solve to their stated
minimum, are unique and grade as labelled; the same seed gives the same bytes on
one process, two, or a Dask cluster; no two puzzles of a set are the same up to
the board's symmetries; an id makes its puzzle again."""

from __future__ import annotations

import dataclasses
import importlib.util
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.colours import Colour
from sectionx.games.sectionx import checking, formats
from sectionx.games.sectionx.generator import Params, Unit, generate, make
from sectionx.games.sectionx.generator.build import build
from sectionx.games.sectionx.generator.grade import grade
from sectionx.games.sectionx.generator.symmetry import canonical, symmetries
from sectionx.games.sectionx.model import TIERS, Board, PlaceKind, Zone
from sectionx.games.sectionx.solver.exact import solve_puzzle
from sectionx.hexgrid import Cell
from sectionx.search import Limit
from sectionx.workers import run_units

PUZZLES = Path(__file__).parent.parent / "scenarios" / "puzzles"
runner = CliRunner()


@pytest.fixture(scope="module")
def beginners() -> list[str]:
    kept, tally = generate(Params("beginner", "compact", "mixed"), 3, seed=11)
    assert len(kept) == 3 and tally.tried >= 3
    return [o.text for o in kept]


def _check(text: str, tier: str) -> None:
    """A generated file: valid, solved to its answer, unique, graded as labelled."""
    loaded = formats.loads(text)
    sc = loaded.scenario
    assert sc.goal is not None and sc.answer is not None and sc.grade is not None
    solved = solve_puzzle(sc)
    r = solved.result
    assert r.status == "solved"
    assert (r.turns, r.cost, r.plans) == (sc.answer.turns, sc.answer.cost, 1)
    assert sc.goal.turns == r.turns  # the limit is the proved minimum
    figures = grade(sc, solved)
    assert figures.tier == sc.grade.tier == tier
    assert dict(figures.items()) == dict(sc.grade.figures)


def test_generated_puzzles_validate_solve_to_their_minimum_are_unique_and_grade_as_labelled(beginners, tmp_path):
    for i, text in enumerate(beginners):
        path = tmp_path / f"p{i}.yaml"
        path.write_text(text)
        assert checking.check_file(path).ok
        _check(text, "beginner")


_WALK_THROUGH = """
format: 1
players: [red, blue]
board: compact
turn: red
unused: out
tiles: {'-2,-1': T36@2, '-1,-2': T26@5, '1,-4': T04@2}
hands: {red: [T01, T02, T03]}
prisoners: {red: {dead: 7, at: ['1,-4']}}
goal: {kind: free, count: 1, turns: 1}
"""


def test_the_grader_reads_tunnels_as_they_lie():
    """The prisoner on 1,-4 stands beside the green area 0,-4, but its tunnel opens
    the other way: the way out is to move the tile on -1,-2 to 0,-3 and walk
    through it.  Counted as the crow flies (fits ignored), the move and the first
    step brought nobody closer, and an earlier grader called this one-turn
    puzzle expert (two detours); read as the tunnels lie, both are forward and
    the greedy player finds it: beginner."""
    sc = formats.loads(_WALK_THROUGH).scenario
    solved = solve_puzzle(sc)
    assert solved.result.turns == 1 and solved.result.plans == 1
    figures = grade(sc, solved)
    assert (figures.tier, figures.greedy, figures.detours, figures.distance) == ("beginner", 1, 0, 3)


@pytest.mark.parametrize("tier,seed", [("intermediate", 60), ("advanced", 3), ("expert", 14)])
def test_the_blocked_way_recipes_give_puzzles_of_the_upper_tiers(tier, seed):
    """One candidate of each upper tier's recipe (docs/puzzles.md, blocked way):
    valid, solved to its answer, unique and graded as labelled.  Blue's prisoner
    stands on the shorter tunnel (T2, M4; N2 keeps its tile where it is)."""
    outcome = make(Unit(Params(tier, "compact", "free"), seed))
    assert outcome.accepted, outcome.reason
    _check(outcome.text, tier)
    sc = formats.loads(outcome.text).scenario
    blue = sc.state.player_by_colour[Colour.BLUE]
    assert any(p.kind is PlaceKind.TILE for p in blue.prisoners)


def test_the_greedy_method_sees_the_lure_and_walks_into_it():
    """The lure puzzle: both tunnels lack their first tile and look equally long;
    the greedy player may take the one that ends at blue's prisoner, so greedy
    fails (intermediate), though no detour is needed.  Regression: when the
    grader's turns cut lines the bound shows hopeless, the greedy method never
    saw that line and called the puzzle beginner."""
    outcome = make(Unit(Params("intermediate", "compact", "free"), 60))
    figures = dict(outcome.figures)
    assert (figures["greedy"], figures["detours"]) == (0, 0)
    assert figures["traps"] >= 1


def test_the_same_seed_gives_the_same_bytes(beginners):
    again, _ = generate(Params("beginner", "compact", "mixed"), 3, seed=11)
    assert [o.text for o in again] == beginners


def test_one_worker_two_workers_and_a_dask_cluster_give_the_same_set(beginners):
    two, _ = generate(Params("beginner", "compact", "mixed"), 3, seed=11,
                      runner=lambda fn, us: run_units(fn, us, workers=2))
    assert [o.text for o in two] == beginners
    if importlib.util.find_spec("distributed") is None:
        pytest.skip("dask is not installed (pip install 'sectionx[cluster]')")
    from distributed import LocalCluster
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_dask, _ = generate(Params("beginner", "compact", "mixed"), 3, seed=11,
                              runner=lambda fn, us: run_units(fn, us, scheduler=cluster.scheduler_address))
    assert [o.text for o in on_dask] == beginners


def test_an_id_makes_its_puzzle_again(beginners):
    sc = formats.loads(beginners[0]).scenario
    assert sc.grade is not None
    params, seed = Params.parse_id(sc.grade.id)
    assert make(Unit(params, seed)).text == beginners[0]


def test_ids_are_checked():
    for bad in ("expert/compact/free", "hard/compact/free#3", "expert/round/free#3", "expert/compact/all#3", "x#y"):
        with pytest.raises(ValueError, match=r"unknown|not a puzzle id"):
            Params.parse_id(bad)


# ------------------------------------------------------------------ symmetry


def _turned(text: str, turns: int, mirrored: bool) -> str:
    """The puzzle file turned (and mirrored) on the board: cells and rotations mapped."""
    from sectionx.games.sectionx.generator.symmetry import _edge_map, _transform
    sc = formats.loads(text).scenario
    f = _transform(turns, mirrored)
    edges = _edge_map(f)
    data = formats.scenario_to_data(sc)
    cat = sc.state.catalogue

    def cell(t: str) -> str:
        q, r = (int(x) for x in t.split("/", maxsplit=1)[0].split(","))
        c = f(Cell(q, r))
        return f"{c.q},{c.r}" + (t[t.index("/"):] if "/" in t else "")

    tiles = {}
    for where, placed in data.get("tiles", {}).items():
        tid, _, rot = placed.partition("@")
        tile = cat[tid]
        want = sorted(sorted(edges[(e + int(rot or 0)) % 6] for e in feat.openings) for feat in tile.features)
        new_rot = next(r for r in range(6) if sorted(sorted((e + r) % 6 for e in feat.openings) for feat in tile.features) == want)
        tiles[cell(where)] = f"{tid}@{new_rot}"
    data["tiles"] = tiles
    red = data["prisoners"]["red"]
    if "at" in red:
        red["at"] = [cell(a.split("/")[0]) for a in red["at"]]  # feature 0: the generator's tiles carry one
    board = sc.state.board
    zone_of = board.zone_of_cell
    if data["goal"].get("zone"):
        z = board.zone_by_name[data["goal"]["zone"]]
        data["goal"]["zone"] = zone_of[f(next(iter(z.cells)))]
    data.pop("grade", None)
    data.pop("answer", None)
    import yaml
    return yaml.safe_dump(data, sort_keys=False)


def _own_mirror(tile) -> bool:
    from sectionx.games.sectionx.generator.symmetry import _edge_map, _hand_shape, _transform
    return _hand_shape(tile, _edge_map(_transform(0, True))) == _hand_shape(tile, _edge_map(_transform(0, False)))


def test_the_bundled_boards_keep_all_twelve_symmetries_and_grouped_zones_keep_fewer():
    compact = formats.bundled_board("compact")
    assert len(symmetries(compact)) == 12
    zones = sorted(compact.zones, key=lambda z: z.name)  # E, NE, NW, SE, SW, W
    cells = {z.name: next(iter(z.cells)) for z in zones}
    paired = dataclasses.replace(compact, zones=(Zone("A", (cells["E"], cells["NE"])), Zone("B", (cells["NW"], cells["W"])),
                                                 Zone("C", (cells["SW"], cells["SE"]))))
    assert isinstance(paired, Board)
    kept = symmetries(paired)
    assert (0, False) in kept and 1 < len(kept) < 12
    assert (1, False) not in kept  # a sixth of a turn splits the pairs


def test_a_turned_or_mirrored_puzzle_has_the_same_canonical_form(beginners):
    for text in beginners:
        sc = formats.loads(text).scenario
        plain = dataclasses.replace(sc, answer=None, grade=None, title="", description="")
        form = canonical(plain)
        # A mirror needs each chiral tile's mirror twin; this test mirrors only
        # puzzles whose tiles are their own mirror images (the form compares shapes).
        ids = [p.tile for _, p in sc.state.tiles] + list(sc.state.current.hand)
        achiral = all(_own_mirror(sc.state.catalogue[t]) for t in ids)
        for turns, mirrored in ((1, False), (3, False), (5, False), (0, True), (2, True)):
            if mirrored and not achiral:
                continue
            other = formats.loads(_turned(text, turns, mirrored)).scenario
            assert canonical(dataclasses.replace(other, title="", description="")) == form


def test_different_puzzles_have_different_forms(beginners):
    assert len({canonical(formats.loads(t).scenario) for t in beginners}) == len(beginners)


# ------------------------------------------------------------------ grading


@pytest.mark.parametrize("name, tier", [
    ("13-swap-in-the-hideout", "beginner"),
    ("05-behind-to-the-front", "beginner"),
    pytest.param("08-long-enough", "intermediate", marks=pytest.mark.slow),  # 20 s: the slow step
    ("02-change-places", "beginner"),
    ("16-the-back-door", "beginner"),
    ("18-keep-the-key", "advanced"),
    ("17-keep-one-for-purple", "expert"),
    ("23-let-them-find-out", "expert"),
])
def test_hand_made_puzzles_grade_by_the_weakest_method(name, tier):
    sc = formats.load(PUZZLES / f"{name}.yaml").scenario
    figures = grade(sc, solve_puzzle(sc))
    assert figures.tier == tier
    # the ladder is nested: greedy solves only with no detour, and the tier follows
    assert not figures.greedy or figures.detours == 0
    assert TIERS.index(figures.tier) == (0 if figures.greedy else min(figures.detours + 1, 3))


def test_a_candidate_is_built_from_its_seed_alone():
    p = Params("advanced", "compact", "free")
    a, b = build(p, 12), build(p, 12)
    assert (a is None and b is None) or (a is not None and formats.dumps(a) == formats.dumps(b))  # type: ignore[arg-type]


@pytest.mark.slow  # 20 s on a loaded machine: CI's second step
def test_a_repaired_puzzle_is_unique():
    # Units whose candidate had several optimal plans and were repaired: still unique.
    repaired = [o for s in range(3_000_001, 3_000_030)
                for o in [make(Unit(Params("beginner", "compact", "free"), s))] if o.accepted and o.repairs]
    assert repaired, "no repaired puzzle among these seeds: pick others"
    for o in repaired[:2]:
        sc = formats.loads(o.text).scenario
        assert solve_puzzle(sc, Limit(turns=sc.goal.turns or 3)).result.plans == 1  # type: ignore[union-attr]


# ------------------------------------------------------------------ the command


def test_generate_writes_the_set_and_says_what_it_rejected(tmp_path):
    out = tmp_path / "set"
    result = runner.invoke(app, ["generate", "-d", "beginner", "--count", "2", "--seed", "4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert files == ["beginner-001.yaml", "beginner-002.yaml"]
    assert "candidates" in result.output and "accepted" in result.output
    again = tmp_path / "again"
    runner.invoke(app, ["generate", "-d", "beginner", "--count", "2", "--seed", "4", "-o", str(again), "-w", "2"])
    for name in files:
        assert (out / name).read_bytes() == (again / name).read_bytes()


def test_generate_id_writes_that_one_puzzle(tmp_path, beginners):
    sc = formats.loads(beginners[1]).scenario
    assert sc.grade is not None
    result = runner.invoke(app, ["generate", "--id", sc.grade.id, "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    (written,) = tmp_path.iterdir()
    assert written.read_text() == beginners[1]


@pytest.mark.parametrize("args, message", [
    (["-d", "hard"], "unknown difficulty"),
    (["--board", "round"], "unknown board"),
    (["--goal", "all"], "unknown goal"),
    (["--id", "expert#3"], "not a puzzle id"),
    (["-w", "2", "--scheduler", "tcp://127.0.0.1:8786"], "not both"),
])
def test_generate_refuses_bad_options_in_one_line(tmp_path, args, message):
    result = runner.invoke(app, ["generate", "-o", str(tmp_path / "x"), *args])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x").exists()


def test_generate_says_when_it_found_too_few(tmp_path):
    result = runner.invoke(app, ["generate", "-d", "expert", "--count", "3", "--max-tries", "2", "-o", str(tmp_path / "y")])
    assert result.exit_code == 4
    assert "found" in result.output and "--max-tries" in result.output


def test_the_starter_set_is_graded_and_valid():
    folder = PUZZLES / "deck"
    files = sorted(folder.glob("*.yaml"))
    assert files
    for path in files:
        report = checking.check_file(path)
        assert report.ok, path
        sc = formats.load(path).scenario
        assert sc.grade is not None and sc.answer is not None and sc.answer.plans == 1
        assert path.name.startswith(sc.grade.tier)
    # 15 per tier, as the deck wants (docs/puzzles.md, the starter set)
    assert sorted(p.name.split("-")[0] for p in files) == sorted([*TIERS] * 15)
