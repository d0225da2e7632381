"""Solves (and exports, which solve first) run in a worker process the studio can stop.

Why a process and not a thread: a solve is pure Python and holds the interpreter, so
in a thread it would stall every page request; a process can be stopped at once
(Stop kills it) and bounded: its address space is capped (:data:`MEMORY`) with
``setrlimit``, and it is killed outright :data:`GRACE` seconds after its own time
limit, should the game's limit not be checked often enough.  Processes are started
with ``spawn`` (a fresh interpreter): the server runs threads, and forking a process
with threads is unsafe.

A job reports through a queue: ``("progress", line)`` now and then, and at the end
``("done", value)`` or ``("error", message)``.  At most one job runs at a time (the
machine it runs on may have two cores; a second solve would halve both): starting one
stops the one before.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import queue
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.process import BaseProcess
from typing import Any

from ..errors import SectionXError
from .table import Limits, Table

#: Address space a worker may use (bytes): a runaway search fails there, not the machine.
MEMORY = 3 << 30
#: Seconds past a job's own time limit before it is killed outright.
GRACE = 20.0

_CONTEXT = multiprocessing.get_context("spawn")


def _cap_memory() -> None:
    with contextlib.suppress(ValueError, OSError):
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        cap = MEMORY if hard == resource.RLIM_INFINITY else min(MEMORY, hard)
        resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def _solve(table: Table, limits: Limits, out: Any) -> None:
    """The worker's body for a solve: the table's exact solve, reported through ``out``."""
    _cap_memory()
    try:
        solution = table.solve(limits, lambda line: out.put(("progress", line)))
    except MemoryError:
        out.put(("error", f"the solve needed more than {MEMORY >> 30} GiB of memory and was stopped"))
    except Exception as exc:  # noqa: BLE001 - reported to the page, one line, never a traceback
        out.put(("error", f"the solve failed: {type(exc).__name__}: {exc}"))
    else:
        out.put(("done", solution))


def _call(fn: Callable[..., Any], args: tuple[Any, ...], out: Any) -> None:
    """The worker's body for any other job (an export): ``fn(*args)``'s value."""
    _cap_memory()
    try:
        value = fn(*args, lambda line: out.put(("progress", line)))
    except MemoryError:
        out.put(("error", f"the job needed more than {MEMORY >> 30} GiB of memory and was stopped"))
    except SectionXError as exc:  # what the job says went wrong, in its words
        out.put(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - as above
        out.put(("error", f"{type(exc).__name__}: {exc}"))
    else:
        out.put(("done", value))


@dataclass
class Job:
    """One running (or finished) worker: its events so far and its end."""

    id: str
    seconds: float
    process: BaseProcess
    events: Any
    started: float = field(default_factory=time.monotonic)
    finished: tuple[str, Any] | None = None
    progress: list[str] = field(default_factory=list)

    def poll(self, wait: float = 0.0) -> list[tuple[str, Any]]:
        """Events that arrived since the last poll (waiting up to ``wait`` seconds for
        the first); ends the job when the worker died, ran past its time, or reported
        its end."""
        got: list[tuple[str, Any]] = []
        deadline = time.monotonic() + wait
        while self.finished is None:
            try:
                item = self.events.get(timeout=max(0.0, deadline - time.monotonic()) if not got else 0.0)
            except queue.Empty:
                break
            except (EOFError, OSError):
                item = ("error", "the worker stopped")
            got.append(item)
            if item[0] == "progress":
                self.progress.append(item[1])
            else:
                self.finished = item
        if self.finished is None and not self.process.is_alive():
            # The worker ended without a word: killed by the memory cap or a signal.
            with contextlib.suppress(queue.Empty, EOFError, OSError):
                while True:
                    item = self.events.get(timeout=0.2)
                    got.append(item)
                    if item[0] != "progress":
                        self.finished = item
                        break
            if self.finished is None:
                self.finished = ("error", f"the worker stopped (exit status {self.process.exitcode})")
                got.append(self.finished)
        if self.finished is None and time.monotonic() - self.started > self.seconds + GRACE:
            self.stop()
            self.finished = ("error", f"stopped after {self.seconds + GRACE:.0f} s")
            got.append(self.finished)
        return got

    def stop(self) -> None:
        """Kill the worker (Stop, or a newer job)."""
        if self.process.is_alive():
            self.process.kill()
        self.process.join(timeout=5)
        if self.finished is None:
            self.finished = ("stopped", "stopped")


class Jobs:
    """The studio's workers: at most one runs; a new one stops the one before."""

    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}
        self.count = 0

    def _start(self, seconds: float, target: Callable[..., None], args: tuple[Any, ...]) -> Job:
        for job in self.jobs.values():
            if job.finished is None:
                job.stop()
        # Finished jobs are kept a while for late readers of their stream, then dropped.
        for key in [k for k, j in self.jobs.items() if j.finished is not None][:-8]:
            del self.jobs[key]
        self.count += 1
        events = _CONTEXT.Queue()
        process = _CONTEXT.Process(target=target, args=(*args, events), daemon=True)
        process.start()
        job = Job(f"job{self.count}", seconds, process, events)
        self.jobs[job.id] = job
        return job

    def solve(self, table: Table, limits: Limits) -> Job:
        return self._start(limits.seconds, _solve, (table, limits))

    def call(self, seconds: float, fn: Callable[..., Any], *args: Any) -> Job:
        """Run ``fn(*args, progress)`` in a worker (``fn`` importable by name)."""
        return self._start(seconds, _call, (fn, args))

    def get(self, ident: str) -> Job | None:
        return self.jobs.get(ident)

    def stop_all(self) -> None:
        for job in self.jobs.values():
            job.stop()
