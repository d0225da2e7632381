"""Run work units in this process, on local processes, or on a Dask cluster, and get the
results back in the order of the units.

A *work unit* is a small picklable value that says everything a piece of work needs
(its parameters and its seed); a *unit function* is a top-level function of an
importable module that turns one unit into one picklable result and depends on nothing
else, so the result is the same wherever and whenever it runs.  Callers (``simulate``,
the puzzle generator) build their units, hand them to :func:`run_units` and read the
results as if from a plain ``map``: the output cannot depend on how many workers there
were or which finished first.

Three places to run, one contract:

* ``workers=1``, no scheduler: a plain loop in this process (no pool, no pickling).
* ``workers=W > 1``: a local process pool (``concurrent.futures.ProcessPoolExecutor``).
* ``scheduler="tcp://host:8786"``: the workers of a Dask distributed cluster
  (``pip install 'sectionx[cluster]'``).  Each Dask worker must be able to
  ``import sectionx`` (the same version as the caller): the unit function travels by
  name, not by value.  Dask runs several units at once in the threads of one worker
  process; the unit functions are pure Python, so start workers with one thread each
  (``dask worker tcp://host:8786 --nworkers auto --nthreads 1``) or the GIL serialises them.

This module knows nothing about the game.
"""

from __future__ import annotations

import itertools
import multiprocessing
import reprlib
import signal
import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable
from concurrent.futures import BrokenExecutor, ProcessPoolExecutor
from typing import TYPE_CHECKING, Protocol, TypeVar

from .errors import SectionXError

if TYPE_CHECKING:
    from distributed import Client

U = TypeVar("U")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

#: What to run to get the optional Dask dependency (the ``cluster`` extra).
CLUSTER_INSTALL = "pip install 'sectionx[cluster]'"

#: Units in flight per worker by default: enough that a worker finishing a unit finds
#: the next one already queued (no idle gap waiting for the caller), few enough that an
#: early stop throws little work away and memory stays bounded for endless unit streams.
WINDOW_PER_WORKER = 4

#: Seconds to wait for a terminated worker process to go before moving on.
_JOIN_TIMEOUT = 10.0


class ClusterUnavailable(SectionXError, ImportError):
    """A scheduler was named but Dask distributed is not installed (or does not import)."""


class SchedulerAddressError(SectionXError, ValueError):
    """The scheduler named is not an address Dask can connect to."""


class _Pending(Protocol[R_co]):
    """What both ``concurrent.futures.Future`` and ``distributed.Future`` offer."""

    def result(self) -> R_co: ...


def run_units(fn: Callable[[U], R], units: Iterable[U], *, workers: int = 1,
              scheduler: str | None = None, window: int | None = None) -> Generator[R, None, None]:
    """Results of ``fn(unit)`` for each unit, **in the order of the units**, lazily.

    At most ``window`` units are in flight (submitted and not yet handed back); the
    default is ``4 * workers``, and on a Dask cluster ``4 *`` the larger of ``workers``
    and the cluster's threads when we connect.  ``units`` is read only as far as the
    window needs, so it may be an endless iterator: the caller stops when it has enough.

    ``workers=1`` and no ``scheduler``: a plain in-process map, no pool.  ``workers>1``:
    a local process pool of that many processes.  ``scheduler`` (``tcp://host:8786``):
    a Dask distributed client to that scheduler (``workers`` then only sets the least
    window); Dask is imported only then, and :class:`ClusterUnavailable` (naming
    ``pip install 'sectionx[cluster]'``) is raised by this call if it is missing, and
    :class:`SchedulerAddressError` if ``scheduler`` is not an address.  The pool or the
    connection is made at the first ``next()``, not by this call (a scheduler that does
    not answer raises ``OSError`` there, after Dask's connect timeout).

    ``fn`` must be a top-level function of an importable module, units and results
    picklable, and ``fn(unit)`` must depend on nothing but ``unit``: the results are
    then the same for every ``workers`` and ``scheduler``.  With ``workers > 1`` the
    program's main module is imported again in every worker (the processes are
    spawned), so a script that calls this must be a file and keep its top-level work
    under ``if __name__ == "__main__":``; ``sectionx`` and ``python -m sectionx`` are
    fine, ``python -`` reading stdin is not (the pool breaks: ``BrokenProcessPool``).

    An exception raised by a unit is re-raised here, at that unit's place in the order,
    with a note naming the unit; everything still pending is cancelled and the pool shut.
    Closing the iterator early (``break`` out of a ``for`` loop over it, ``.close()``, or a
    ``KeyboardInterrupt`` while waiting) does the same: queued units are cancelled and
    the pool is shut before control returns.  In a local pool the units already running
    are stopped too, their worker processes terminated (a unit is a pure computation:
    there is nothing to clean up); a Dask worker cannot stop a running task, so those
    finish there and their results are dropped.  Hold the iterator in
    ``contextlib.closing`` when it is not consumed by a ``for`` loop that owns it, so it
    is closed at once and not when garbage collected.

    Raises ValueError for ``workers`` or ``window`` below 1.
    """
    if workers < 1:
        raise ValueError(f"workers must be 1 or more, not {workers}")
    if window is not None and window < 1:
        raise ValueError(f"window must be 1 or more, not {window}")
    if scheduler is not None:
        return _on_dask(_dask_client_class(scheduler), scheduler, fn, units, workers, window)
    if workers == 1:
        return _in_process(fn, units)
    return _on_processes(fn, units, workers, window or WINDOW_PER_WORKER * workers)


# --------------------------------------------------------------------------- in process


def _in_process(fn: Callable[[U], R], units: Iterable[U]) -> Generator[R, None, None]:
    for unit in units:
        try:
            result = fn(unit)
        except Exception as exc:
            _name_unit(exc, unit)
            raise
        yield result


def _name_unit(exc: BaseException, unit: object) -> None:
    # The unit carries the seed: with it the failure can be reproduced in one process.
    exc.add_note(f"in the work unit {reprlib.repr(unit)}")


def _in_order(submit: Callable[[U], _Pending[R]], units: Iterable[U], window: int,
              flight: deque[tuple[U, _Pending[R]]]) -> Generator[R, None, None]:
    """Submit units ahead of the caller, at most ``window`` in flight, and hand back the
    results first-in first-out.  The futures are kept in the units' order, so the head
    of the queue is the next result owed; a slow unit holds the results behind it back
    (they wait in their futures) but not the workers, who keep taking new units until
    the window is full.  (``as_completed`` would give completion order, which would
    have to be put back in order with a buffer of its own; this is that buffer.)

    ``flight`` belongs to the caller, who cancels what is left in it when this stops."""
    source = iter(units)

    def fill() -> None:
        # islice takes only what the window has room for: an endless source is fine.
        for unit in itertools.islice(source, window - len(flight)):
            flight.append((unit, submit(unit)))

    fill()
    while flight:
        unit, pending = flight[0]
        try:
            result = pending.result()
        except BrokenExecutor as exc:
            # Not this unit's fault necessarily: a worker died (killed, out of memory, or
            # could not start: see run_units on the main module), whatever it was running.
            exc.add_note(f"while waiting for the work unit {reprlib.repr(unit)}")
            raise
        except Exception as exc:
            _name_unit(exc, unit)
            raise
        flight.popleft()  # only now: if waiting was interrupted, the unit is still owed and cancelled
        fill()  # before handing the result over, so the workers are busy while the caller uses it
        yield result


# --------------------------------------------------------------------------- local processes


def _ignore_interrupts() -> None:
    """Worker processes ignore Ctrl-C: the terminal sends SIGINT to the whole process
    group, and the parent, not each worker, decides what happens (it terminates them).
    Without this every worker would print its own KeyboardInterrupt traceback, and one
    dying between units would break the pool under the parent's feet."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _on_processes(fn: Callable[[U], R], units: Iterable[U], workers: int, window: int) -> Generator[R, None, None]:
    # "spawn", not the platform's default: a fresh interpreter per worker, as on a Dask
    # worker.  "fork" copies a parent that has threads (the progress bar redraws from
    # one, a Dask client runs an event loop in one) and a lock another thread held at
    # the fork stays locked in the child for ever; Python 3.12 warns about exactly this
    # and 3.14 stopped forking by default on Linux.  A spawned worker also inherits no
    # state (random generators, caches) from the parent, so the pool checks the same
    # contract a cluster needs: the unit function is found by name and the unit carries
    # everything.  The price, importing sectionx once per worker, is a fraction of a second.
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_ignore_interrupts)
    flight: deque[tuple[U, _Pending[R]]] = deque()
    finished = False
    try:
        yield from _in_order(lambda unit: pool.submit(fn, unit), units, window, flight)
        finished = True
    finally:
        if finished:
            pool.shutdown(wait=True)
        else:
            _stop_now(pool)


def _stop_now(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` without waiting for the units still running: cancel the queued ones,
    terminate the worker processes and wait until the pool has reaped them.  (What
    Python 3.14's ``ProcessPoolExecutor.terminate_workers`` does, plus the waiting.)"""
    # shutdown() forgets the processes and the pool's manager thread, so take them
    # first.  Both attributes are private but have been there since 3.9.
    processes = list((pool._processes or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    # The manager thread sees the workers die and joins them itself.  Wait for it rather
    # than join them here as well: Process.join is not thread-safe, and when two threads
    # wait for one child, the loser's waitpid fails and it reports the child still alive.
    if isinstance(manager, threading.Thread):
        manager.join(_JOIN_TIMEOUT)
    for process in processes:
        process.join(_JOIN_TIMEOUT)  # at once when the manager has; in case it has not


# --------------------------------------------------------------------------- Dask


def _dask_client_class(scheduler: str) -> type[Client]:
    """Dask's Client, once Dask imports and ``scheduler`` reads as an address."""
    try:
        from distributed import Client
        from distributed.comm.addressing import parse_address, parse_host_port
    except ModuleNotFoundError as exc:
        if exc.name not in ("distributed", "dask"):
            raise _broken(exc) from exc
        raise ClusterUnavailable(
            f"running on a Dask scheduler needs Dask distributed, which is not installed here: {CLUSTER_INSTALL}") from exc
    except ImportError as exc:
        raise _broken(exc) from exc
    # Checked here because a Client given a bad address raises from deep in its event
    # loop, and then hangs for seconds in its finaliser trying to close what never opened.
    try:
        scheme, location = parse_address(scheduler)
        if scheme in ("tcp", "tls"):
            parse_host_port(location)
    except ValueError as exc:
        raise SchedulerAddressError(f"not a Dask scheduler address: {scheduler!r} ({exc}); "
                                    "give tcp://HOST:PORT, e.g. tcp://scheduler.example:8786") from None
    found: type[Client] = Client  # (typed once more for a mypy run without the extra, where Client is Any)
    return found


def _broken(exc: ImportError) -> ClusterUnavailable:
    # Installed but not importable: a missing dependency, or a local file shadowing a
    # module Dask imports (a timeit.py in the working directory does it).
    return ClusterUnavailable(f"Dask distributed is installed but does not import ({exc}); "
                              f"check or reinstall it: {CLUSTER_INSTALL}")


def _on_dask(client_class: type[Client], scheduler: str, fn: Callable[[U], R], units: Iterable[U],
             workers: int, window: int | None) -> Generator[R, None, None]:
    # set_as_default=False: this client is ours alone and must not become the scheduler
    # of any dask.compute() elsewhere in the process.
    client = client_class(scheduler, set_as_default=False)
    flight: deque[tuple[U, _Pending[R]]] = deque()
    try:
        if window is None:
            threads = sum(client.nthreads().values())
            window = WINDOW_PER_WORKER * max(workers, threads)

        def submit(unit: U) -> _Pending[R]:
            # pure=False: every submission is its own task.  With pure=True Dask names a
            # task by a hash of the function and the unit, which costs a tokenisation of
            # every unit, merges two equal units into one task, and shares results with any
            # other client on the same scheduler that happens to submit the same unit.
            # Units carry distinct seeds, so there is nothing to merge; running what was
            # asked for, once per appearance, is what the local pool does too.
            pending: _Pending[R] = client.submit(fn, unit, pure=False)
            return pending

        yield from _in_order(submit, units, window, flight)
    finally:
        if flight:
            client.cancel([pending for _, pending in flight])
        client.close()
