"""Progress on stderr for long runs: a bar on a terminal, a plain line every few seconds
elsewhere, for every command that runs longer than two seconds.

::

    with progress_bar("generate", total=60, fields=("found", "tried")) as bar:
        ...
        bar.update(advance=1, found=12, tried=340)

On a terminal this draws ``generate ━━━━╸━━━━━━━━━━━━━━━ 12/60 found 12 · tried 340 25/min
0:00:29 0:01:55``: units done of the total, the named counters, the rate of units done
per minute, the time elapsed and an estimate of the time left.  When stderr is not a
terminal (a log file, a CI job, a pipe) nothing is drawn; instead, once the command has
run :data:`FIRST_AFTER` seconds, a plain line goes to stderr every :data:`EVERY` seconds
(every :data:`LATER_EVERY` after the first minute), so a run of minutes is never silent::

    generate: 12/60, found 12 · tried 340, 25/min, 0:00:29 elapsed, about 0:01:55 left
    deck: solving 18/60, 224/min, 0:00:04 elapsed, about 0:00:11 left

:func:`running` marks a whole command (the CLI opens one per command): it prints the same
plain line, with the time elapsed and the latest :func:`note`, on a terminal too, unless
a bar inside it is drawn.  Lines speak for the innermost open bar or command, on one
schedule counted from the command's start; a run under two seconds prints nothing.

It writes to stderr only, never to stdout: stdout carries the data (``--format json``),
and rich's usual redirection of stdout through the live display is turned off.  Whether
stderr is a terminal is as rich judges it, so ``TTY_COMPATIBLE=0`` counts it as none and
``TTY_COMPATIBLE=1`` or ``FORCE_COLOR`` as one; ``SECTIONX_PROGRESS=off`` silences the
plain lines (the tests set it; a script that wants stderr for its own lines may).
``force=True`` draws the bar anyway, and on a stream that is not a terminal that is one
final line when the block ends; ``force=False`` never shows anything.  Silent or not,
``update`` checks its counter names, so a typo fails in tests, too.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
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

#: Seconds a command runs before its first plain progress line: a quick run prints none.
FIRST_AFTER = 2.0
#: Seconds between plain lines during the first minute ...
EVERY = 5.0
#: ... and after it (a run of an hour writes some 120 lines, not 720).
LATER_EVERY = 30.0
#: The environment variable that silences the plain lines (``off``).
QUIET_VARIABLE = "SECTIONX_PROGRESS"


def _clock(seconds: float) -> str:
    s = int(seconds)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def _per_minute(done: int, elapsed: float) -> str:
    if not elapsed:
        return "–/min"
    per_minute = 60 * done / elapsed
    return f"{per_minute:.1f}/min" if per_minute < 10 else f"{per_minute:,.0f}/min"


@dataclass
class _Open:
    """A bar or a command that is running: what its plain line says."""

    label: str
    stream: TextIO
    started: float
    total: int | None = None
    bar: ProgressBar | None = None
    #: Drawn by rich on a terminal: the plain lines keep quiet while it is open.
    drawn: bool = False
    note: str = ""
    lines: list[str] = field(default_factory=list)  # what was written, for tests

    def line(self, now: float, command: str = "") -> str:
        """The plain line at ``now``; ``command``: the label of the command the item
        runs in, when it is another (``deck: solving 18/60, ...``)."""
        elapsed = now - self.started
        parts = []
        if self.bar is not None:
            done = self.bar.done
            parts.append(f"{done:,}/{self.total:,}" if self.total is not None else f"{done:,}")
            if self.bar.counters:
                parts.append(self.bar.counters_text())
            parts.append(_per_minute(done, elapsed))
        elif self.note:
            parts.append(self.note)
        parts.append(f"{_clock(elapsed)} elapsed")
        if self.bar is not None and self.total and self.bar.done:
            left = elapsed * (self.total - self.bar.done) / self.bar.done
            parts.append(f"about {_clock(left)} left")
        head = f"{command}: {self.label} " if command and command != self.label else f"{self.label}: "
        return head + ", ".join(parts)


class _Beat:
    """The one thread that writes the plain lines, for the innermost open item, on a
    schedule counted from when the first item opened."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stack: list[_Open] = []
        self.started = 0.0
        self.next_line = 0.0
        self.thread: threading.Thread | None = None
        self.wake = threading.Condition(self.lock)

    def push(self, item: _Open) -> None:
        with self.lock:
            if not self.stack:
                self.started = item.started
                self.next_line = item.started + FIRST_AFTER
            self.stack.append(item)
            if self.thread is None or not self.thread.is_alive():
                self.thread = threading.Thread(target=self._run, name="sectionx-progress", daemon=True)
                self.thread.start()

    def pop(self, item: _Open) -> None:
        with self.lock:
            if item in self.stack:
                self.stack.remove(item)
            self.wake.notify_all()

    def _run(self) -> None:
        with self.lock:
            while self.stack:
                now = time.monotonic()
                if now < self.next_line:
                    self.wake.wait(min(0.5, self.next_line - now))
                    continue
                item = self.stack[-1]
                if not item.drawn and os.environ.get(QUIET_VARIABLE, "").lower() != "off":
                    text = item.line(now, self.stack[0].label)
                    try:
                        item.stream.write(text + "\n")
                        item.stream.flush()
                        item.lines.append(text)
                    except (OSError, ValueError):  # the stream went away (a closed pipe): stop telling
                        pass
                self.next_line = now + (EVERY if now - self.started < 60 else LATER_EVERY)
            self.thread = None


_BEAT = _Beat()


@contextmanager
def running(label: str, *, stream: TextIO | None = None) -> Iterator[None]:
    """The block is a command (or a long step of one) named ``label``: after
    :data:`FIRST_AFTER` seconds a plain line says it is still at work, every few
    seconds, with the latest :func:`note` (module docstring)."""
    item = _Open(label, stream if stream is not None else sys.stderr, time.monotonic())
    _BEAT.push(item)
    try:
        yield
    finally:
        _BEAT.pop(item)


def note(text: str) -> None:
    """What the innermost :func:`running` block is doing now (``depth 5, 12,400 turns
    expanded``), for its next plain line."""
    with _BEAT.lock:
        for item in reversed(_BEAT.stack):
            if item.bar is None:
                item.note = text
                return


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
        return Text(_per_minute(int(task.completed), task.elapsed or 0.0))


@contextmanager
def progress_bar(label: str, total: int | None, *, fields: Sequence[str] = (), stream: TextIO | None = None,
                 force: bool | None = None) -> Iterator[ProgressBar]:
    """A progress bar for the block: ``label``, done of ``total`` (None: unknown), the
    counters named in ``fields`` (each starts at 0), the rate per minute, the time.

    Written to ``stream`` (default: ``sys.stderr`` at the time of the call).  ``force``:
    None draws it when the stream is a terminal and writes plain lines every few seconds
    when it is not; True always draws it; False shows nothing."""
    out = stream if stream is not None else sys.stderr
    console = Console(file=out)
    show = console.is_terminal if force is None else force
    if not show:
        bar = ProgressBar(fields, None, None)
        if force is None:  # not a terminal: plain lines, on the schedule of the command
            item = _Open(label, out, time.monotonic(), total, bar)
            _BEAT.push(item)
            try:
                yield bar
            finally:
                _BEAT.pop(item)
        else:
            yield bar
        return
    columns: list[str | ProgressColumn] = [TextColumn("{task.description}", markup=False), BarColumn(bar_width=20),
                                         MofNCompleteColumn()]
    if fields:
        columns.append(TextColumn("{task.fields[counters]}", markup=False))
    columns += [_PerMinute(), TimeElapsedColumn(), TimeRemainingColumn()]
    item = _Open(label, out, time.monotonic(), total, None, drawn=True)  # keeps the plain lines quiet meanwhile
    _BEAT.push(item)
    try:
        # redirect_stdout=False: rich would otherwise route print() to stdout through the
        # console, i.e. onto stderr, and data written to stdout during the run would be lost
        # from a pipe.  Four redraws a second are plenty for runs of minutes.
        with Progress(*columns, console=console, redirect_stdout=False, redirect_stderr=False,
                      refresh_per_second=4) as progress:
            bar = ProgressBar(fields, progress, None)
            # The counters' text goes in with the task: the bar may be drawn at once.
            bar._task = progress.add_task(label, total=total, counters=bar.counters_text())
            yield bar
    finally:
        _BEAT.pop(item)
