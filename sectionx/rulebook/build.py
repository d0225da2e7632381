"""``sectionx manual`` for any game: check everything, set the book, write it in one step.

A game's ``manual`` command hands its :class:`~sectionx.rulebook.Rulebook` and the
options here.  Problems of the sources (a false claim, a figure without words, a
rules text without its index ...) are one line each and exit 1; what the command
line asks and cannot be done (a language the game does not ship, a rules text or
figures folder that is not there, paper too small for the book: one line at the
template's paper, :mod:`.pdf`, ``MIN_PAPER``) exits 2, as for every command; in
every case nothing is written.
"""

from __future__ import annotations

from pathlib import Path

from .. import fileio
from ..console import INVALID, USAGE, Stop, problem_line, warn
from ..games import api
from ..yamlsrc import LoadError
from . import Rulebook, prepare


def write_manual(book: Rulebook, options: api.ManualOptions) -> None:
    """Build ``book`` as ``options`` ask (a PDF or one HTML page at ``options.out``)
    and say what was written."""
    from ..render import theme
    from .html import to_html
    from .pdf import DoesNotFit, to_pdf, too_small

    look = theme.load_theme(options.template)
    page = look.paper(options.paper)
    if options.kind == "pdf" and too_small(page):
        # Said before the figures are checked: no use making the reader wait for a refusal.
        raise look.paper_problem(options.paper, too_small(page), tiles=False)
    lang = options.lang
    source: Path | str = Path(lang) if lang.endswith((".yaml", ".yml")) else lang
    try:
        prepared = prepare(book, source, rules_text=options.rules_text, figures=options.figures, theme=look)
        # Setting the PDF can still find a problem in the sources (code Courier cannot print).
        data: bytes | str = to_pdf(prepared, look, page) if options.kind == "pdf" else to_html(prepared, look)
    except LoadError as exc:
        for d in exc.diagnostics:
            warn(problem_line(d))
        # Only files that are not there: a command line that cannot be carried out.
        raise Stop(USAGE if all(d.unreadable for d in exc.diagnostics) else INVALID) from None
    except DoesNotFit as exc:
        raise look.paper_problem(options.paper, str(exc), tiles=False) from None
    fileio.write_file(options.out, data)
    count = len(prepared.figures)
    warn(f"wrote {options.out}: {prepared.language.name}, {count} figure{'s' if count != 1 else ''}, every claim checked")


__all__ = ["write_manual"]
