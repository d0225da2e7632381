"""sectionx.workers: results in the order of the units whatever runs them (this process,
local processes, a Dask cluster), early stops and errors that leave nothing running,
and ``simulate --workers/--scheduler`` printing the same figures every way.

The unit functions below are top level: spawned worker processes and Dask workers find
them by name (``tests.test_workers.nap``), as they find sectionx's own."""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sectionx.cli import app
from sectionx.games.sectionx import play
from sectionx.workers import CLUSTER_INSTALL, ClusterUnavailable, SchedulerAddressError, run_units

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def nap(unit: tuple[int, float]) -> tuple[int, float]:
    """Sleep for the unit's time; return its number and when it finished."""
    number, seconds = unit
    time.sleep(seconds)
    return number, time.monotonic()


def fail_on_three(unit: int) -> int:
    if unit == 3:
        raise ValueError(f"unit {unit} is bad")
    return 10 * unit


def counted(source: Iterator[int], taken: list[int]) -> Iterator[int]:
    """``source``, noting in ``taken`` every unit the runner pulled."""
    for unit in source:
        taken.append(unit)
        yield unit


def no_children_left() -> bool:
    return not multiprocessing.active_children()


# ---------------------------------------------------------------- local


@pytest.mark.parametrize("workers", [1, 2])
def test_results_come_in_the_order_of_the_units_however_uneven(workers):
    # The first units are the slowest: with two processes the later ones finish first.
    units = [(i, max(0.0, 0.4 - 0.1 * i)) for i in range(8)]
    results = list(run_units(nap, units, workers=workers, window=4))
    assert [number for number, _ in results] == list(range(8))
    finished = [when for _, when in results]
    if workers > 1:
        assert finished != sorted(finished), "the test should make units finish out of order"
    assert no_children_left()


def test_an_endless_stream_stops_when_the_caller_does_and_nothing_keeps_running():
    taken: list[int] = []
    # Units from 4 on would take a minute each: breaking out must not wait for them.
    units = counted(itertools.count(), taken)
    got = []
    started = time.monotonic()
    for number, _ in run_units(nap, ((i, 0.0 if i < 4 else 60.0) for i in units), workers=2, window=5):
        got.append(number)
        if len(got) == 3:
            break  # the for loop drops the generator: CPython closes it here, at once
    assert got == [0, 1, 2]
    assert time.monotonic() - started < 20  # includes spawning two interpreters
    assert no_children_left()
    assert len(taken) <= 3 + 5  # never more than the window ahead of the caller


@pytest.mark.parametrize("workers", [1, 2])
def test_an_exception_in_a_unit_reaches_the_caller_in_its_place(workers):
    results = run_units(fail_on_three, range(100), workers=workers)
    assert [next(results) for _ in range(3)] == [0, 10, 20]  # the units before the bad one
    with pytest.raises(ValueError, match="unit 3 is bad") as raised:
        next(results)
    assert "in the work unit 3" in raised.value.__notes__
    assert next(results, "over") == "over"  # and none after
    assert no_children_left()


def test_a_pool_that_cannot_start_says_so_and_does_not_blame_a_unit():
    # A program read from stdin cannot be imported again by spawned workers.
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    program = "from sectionx.workers import run_units\nprint(list(run_units(abs, [-1], workers=2)))\n"
    result = subprocess.run([sys.executable, "-"], input=program, cwd=ROOT, env=env, capture_output=True, text=True,
                            timeout=60, check=False)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.rstrip().endswith("BrokenProcessPool: A process in the process pool was terminated abruptly "
                                           "while the future was running or pending.\nwhile waiting for the work unit -1")


def test_bad_arguments_are_refused_at_the_call():
    with pytest.raises(ValueError, match="workers"):
        run_units(fail_on_three, [1], workers=0)
    with pytest.raises(ValueError, match="window"):
        run_units(fail_on_three, [1], workers=2, window=0)


# Interrupted while the caller waits for a unit that takes a minute (the workers are
# busy), and while the caller itself takes a minute over a result and is slow to react to
# the interrupt (the workers are idle, waiting for work, and get the signal first: they
# must not die with a traceback each).
INTERRUPTED = {
    "waiting": """
from sectionx.workers import run_units
from tests.test_workers import nap
for number, _ in run_units(nap, ((i, 0.0 if i < 2 else 60.0) for i in range(50)), workers=2):
    print(number, flush=True)
""",
    "slow": """
import signal, time
from sectionx.workers import run_units
from tests.test_workers import nap
def slow(signum, frame):
    time.sleep(1)
    raise KeyboardInterrupt
signal.signal(signal.SIGINT, slow)
for number, _ in run_units(nap, ((i, 0.0) for i in range(3)), workers=2):
    print(number, flush=True)
    if number == 1:
        time.sleep(60)
""",
}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads process groups from /proc")
@pytest.mark.parametrize("caller", INTERRUPTED)
def test_ctrl_c_stops_the_workers_at_once_and_prints_one_traceback(caller):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    # A session of its own: Ctrl-C at a terminal signals the whole foreground group.
    # Ctrl-C as a terminal's foreground program gets it: a runner that started the suite
    # in the background of a script (nohup ... &) hands SIGINT down ignored, and Python
    # keeps an ignored SIGINT ignored, so the child first takes Python's own handler back
    # (its workers, started afresh, then get the default).
    program = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n" + INTERRUPTED[caller]
    child = subprocess.Popen([sys.executable, "-c", program], cwd=ROOT, env=env, start_new_session=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "0\n"
        assert child.stdout.readline() == "1\n"
        time.sleep(0.2)  # into the minute-long wait
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=20)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode != 0
    assert err.count("Traceback") == 1 and err.rstrip().endswith("KeyboardInterrupt"), err
    assert workers_in_group(child.pid) == [], "no worker outlived the interrupted program"


def workers_in_group(group: int) -> list[int]:
    """Live worker processes of a process group.  (Not multiprocessing's resource tracker:
    it leaves on its own once its parent has gone, a moment later.)"""
    alive = []
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            # pid (comm) state ppid pgrp ...: comm may hold spaces, so split after its ")".
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            command = (proc / "cmdline").read_bytes()
        except OSError:
            continue  # gone while we looked
        if int(fields[2]) == group and fields[0] != "Z" and b"spawn_main" in command:
            alive.append(int(proc.name))
    return alive


# ---------------------------------------------------------------- the same on a Dask cluster


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    distributed = pytest.importorskip("distributed")
    # Worker processes, as on a real cluster: the unit function and its results are
    # pickled and sent over TCP, and each worker imports sectionx afresh.
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        yield cluster.scheduler_address


GAMES = [play.GameSpec(players=4, variant="standard", seed=seed, bots=("random",)) for seed in range(40, 44)]


def test_simulated_games_are_the_same_in_one_process_two_processes_and_on_dask(scheduler):
    alone = list(run_units(play.simulate_game, GAMES))
    assert list(run_units(play.simulate_game, GAMES, workers=2)) == alone
    assert list(run_units(play.simulate_game, GAMES, scheduler=scheduler)) == alone
    assert len({summary.turns for summary in alone}) > 1  # different games, not one repeated


def test_dask_keeps_order_passes_errors_and_stops_an_endless_stream(scheduler):
    failing = run_units(fail_on_three, range(100), scheduler=scheduler)
    assert [next(failing) for _ in range(3)] == [0, 10, 20]
    with pytest.raises(ValueError, match="unit 3 is bad") as raised:
        next(failing)
    assert "in the work unit 3" in raised.value.__notes__
    taken: list[int] = []
    units = ((i, 0.2 if i % 3 == 0 else 0.0) for i in counted(itertools.count(), taken))
    results = run_units(nap, units, scheduler=scheduler, window=4)
    assert [next(results)[0] for _ in range(6)] == list(range(6))
    results.close()
    assert len(taken) <= 6 + 4


SIMULATE = ["simulate", "--games", "4", "--players", "4", "--seed", "40"]


def simulate_output(*more: str) -> str:
    result = runner.invoke(app, SIMULATE + list(more), catch_exceptions=False)
    assert result.exit_code == 0, result.output
    assert "games: 4" in result.stdout
    return result.stdout


def test_simulate_prints_the_same_on_one_and_on_two_processes():
    assert simulate_output("--workers", "2") == simulate_output("--workers", "1")


def test_simulate_prints_the_same_on_a_dask_cluster(scheduler):
    assert simulate_output("--scheduler", scheduler) == simulate_output()


def test_simulate_wants_workers_or_a_scheduler_not_both():
    result = runner.invoke(app, ["simulate", "--workers", "2", "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2 and "not both" in result.output


def test_without_dask_a_scheduler_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # `import distributed` now fails
    with pytest.raises(ClusterUnavailable, match=r"pip install 'sectionx\[cluster\]'"):
        run_units(fail_on_three, [1], scheduler="tcp://127.0.0.1:8786")
    result = runner.invoke(app, ["simulate", "--games", "2", "--scheduler", "tcp://127.0.0.1:8786"])
    assert result.exit_code == 2
    assert result.output.strip() == f"sectionx: running on a Dask scheduler needs Dask distributed, which is not installed here: {CLUSTER_INSTALL}"


BROKEN = """
import sys
sys.modules["tornado"] = None  # a dependency of Dask that does not import
from sectionx.workers import run_units
run_units(abs, [1], scheduler="tcp://127.0.0.1:8786")
"""


def test_a_broken_dask_is_told_apart_from_a_missing_one():
    # (A timeit.py in the working directory did this once: Dask imports timeit.)  In a
    # process of its own, as half-imported Dask modules would linger in this one.
    pytest.importorskip("distributed")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    result = subprocess.run([sys.executable, "-c", BROKEN], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("sectionx.workers.ClusterUnavailable: Dask distributed is installed but does not import ("), last
    assert "tornado" in last and last.endswith(f"check or reinstall it: {CLUSTER_INSTALL}")


@pytest.mark.parametrize("address", ["nonsense", "tcp://", "tcp://host-without-port"])
def test_a_scheduler_address_without_a_port_is_refused_before_connecting(address):
    pytest.importorskip("distributed")
    with pytest.raises(SchedulerAddressError, match="missing port number"):
        run_units(fail_on_three, [1], scheduler=address)
    result = runner.invoke(app, ["simulate", "--games", "2", "--scheduler", address])
    assert result.exit_code == 2 and result.output.startswith("sectionx: not a Dask scheduler address"), result.output

