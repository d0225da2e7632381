"""Hekla's printed matter: ``illustrate``, ``sheet``, ``generate``, ``deck`` and
``book`` (:class:`sectionx.games.api.Commands`).

Rule figures are checked by :mod:`.figures`; puzzles are made by :mod:`.generator`
and printed through the house's layout (:mod:`sectionx.render.puzzleprint`) from
:class:`~sectionx.render.puzzleprint.PrintedPuzzle` values that :mod:`.printing`
builds.
"""

from __future__ import annotations

from pathlib import Path

from ...console import INVALID, Stop, print_kind, problem_line, say, warn, write_picture
from ...yamlsrc import Doc
from .. import api
from . import figures, formats


def claims_hold(count: int) -> str:
    return "the one claim holds" if count == 1 else f"all {count} claims hold" if count else "no claims to check"


def illustrate(path: Path, doc: Doc, options: api.IllustrateOptions) -> None:
    """Every claim checked by the referee (exit 1 with one line per false claim, and
    nothing drawn); with ``options.out`` the figure drawn, cropped, with its title
    and caption."""
    from ...render import theme

    problems = figures.figure_problems(path, doc)
    for d in problems:
        warn(problem_line(d))
    if problems:
        raise Stop(INVALID)
    count = figures.claim_count(doc)
    if options.out is None:
        say(f"{path}: {claims_hold(count)}")
        return
    look = theme.load_theme(options.template)
    document = figures.drawing(formats.read(doc), look, text=True)
    write_picture(options.out, options.kind or print_kind(options.out), document, look)
    warn(f"{path}: {claims_hold(count)}; wrote {options.out}")
