"""A progress bar on stderr for long runs (``simulate``, ``generate``).

::

    with progress_bar("generate", total=60, fields=("found", "tried")) as bar:
        ...
        bar.update(advance=1, found=12, tried=340)

draws ``generate ━━━━╸━━━━━━━━━━━━━━━ 12/60 found 12 · tried 340 25/min 0:00:29 0:01:55``: units
done of the total, the named counters, the rate of units done per minute, the time
elapsed and an estimate of the time left.

It writes to stderr only, never to stdout: stdout carries the data (``--format json``),
and rich's usual redirection of stdout through the live display is turned off.  It is
drawn only when stderr is a terminal (as rich judges it, so ``TTY_COMPATIBLE=0`` silences
it and ``TTY_COMPATIBLE=1`` or ``FORCE_COLOR`` turns it on); ``force=True`` draws it
anyway, and on a stream that is not a terminal that is one final line when the block
ends (what a log file wants).  Silent or not, ``update`` checks its counter names, so a
typo fails in tests, where the bar is silent, too.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class ProgressBar:
    """The handle :func:`progress_bar` yields: ``done`` so far and the counters' values."""

    def __init__(self, fields: Sequence[str], progress: Progress | None, task: TaskID | None) -> None:
        self.done = 0
        self.counters: dict[str, int] = dict.fromkeys(fields, 0)
        self._progress = progress
        self._task = task

    def update(self, advance: int = 0, **counters: int) -> None:
        """Add ``advance`` to the units done and set the named counters to the values
        given (running totals, not increments).  Raises TypeError for a name that was
        not among the bar's ``fields``."""
        unknown = sorted(set(counters) - set(self.counters))
        if unknown:
            raise TypeError(f"progress bar has no counter {', '.join(unknown)}; it has {', '.join(self.counters) or 'none'}")
        self.done += advance
        self.counters.update(counters)
        if self._progress is not None and self._task is not None:
            self._progress.update(self._task, advance=advance, counters=self.counters_text())

    def counters_text(self) -> str:
        """The counters as the bar shows them: ``found 12 · tried 340``."""
        return " · ".join(f"{name} {value:,}" for name, value in self.counters.items())


class _PerMinute(ProgressColumn):
    """Units done per minute since the start.  Not rich's recent speed: results come in
    bursts (a slow unit holds back the finished ones behind it, then all arrive at once),
    and two updates a millisecond apart make that speed read a million a minute.  Per
    minute, because a generator finds a few hard puzzles a minute, and '0.2/s' reads
    worse than '12/min'."""

    def render(self, task: Task) -> Text:
        if not task.elapsed:
            return Text("–/min")
        per_minute = 60 * task.completed / task.elapsed
        return Text(f"{per_minute:.1f}/min" if per_minute < 10 else f"{per_minute:,.0f}/min")


@contextmanager
def progress_bar(label: str, total: int | None, *, fields: Sequence[str] = (), stream: TextIO | None = None,
                 force: bool | None = None) -> Iterator[ProgressBar]:
    """A progress bar for the block: ``label``, done of ``total`` (None: unknown), the
    counters named in ``fields`` (each starts at 0), the rate per minute, the time.

    Written to ``stream`` (default: ``sys.stderr`` at the time of the call).  ``force``:
    None draws it when the stream is a terminal, True always, False never."""
    console = Console(file=stream if stream is not None else sys.stderr)
    show = console.is_terminal if force is None else force
    if not show:
        yield ProgressBar(fields, None, None)
        return
    columns: list[str | ProgressColumn] = [TextColumn("{task.description}", markup=False), BarColumn(bar_width=20),
                                         MofNCompleteColumn()]
    if fields:
        columns.append(TextColumn("{task.fields[counters]}", markup=False))
    columns += [_PerMinute(), TimeElapsedColumn(), TimeRemainingColumn()]
    # redirect_stdout=False: rich would otherwise route print() to stdout through the
    # console, i.e. onto stderr, and data written to stdout during the run would be lost
    # from a pipe.  Four redraws a second are plenty for runs of minutes.
    with Progress(*columns, console=console, redirect_stdout=False, redirect_stderr=False,
                  refresh_per_second=4) as progress:
        bar = ProgressBar(fields, progress, None)
        # The counters' text goes in with the task: the bar may be drawn at once.
        bar._task = progress.add_task(label, total=total, counters=bar.counters_text())
        yield bar
