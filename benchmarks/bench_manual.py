"""How long the illustrated rulebook takes to build, per language and format (issues 12, 30).

Target: the manual builds in seconds.  Each build is timed in its parts: checking
(the language file, the rules text, every figure and every claim: ``prepare``),
then writing the PDF (two platypus passes, for the page numbers) or the HTML.
The reference, timed in the same run, is what an author would otherwise do:
``sectionx illustrate`` on every figure, checking its claims and drawing it to
PDF, one after another.  The ratio of the two holds on a noisy machine where an
absolute time does not.  Times are CPU seconds of this process (time.process_time),
so other jobs on the machine do not spoil them; ``command_pdf_s`` and
``command_html_s`` are the CPU seconds of the whole command line
(``sectionx manual --game sectionx --lang L -o book.pdf``, start-up and imports
included), measured on the child process (resource.getrusage).

    .venv/bin/python benchmarks/bench_manual.py --repeat 3

Figures go to docs/benchmarks.md by hand, with the machine and the command.
"""

from __future__ import annotations

import argparse
import json
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sectionx.games.sectionx import figures
from sectionx.games.sectionx.manual import RULEBOOK
from sectionx.games.sectionx.render import diagram
from sectionx.render.pdf import to_pdf as scene_pdf
from sectionx.render.theme import load_theme
from sectionx.rulebook import prepare
from sectionx.rulebook.html import to_html
from sectionx.rulebook.pdf import to_pdf


def best(fn, repeat: int) -> tuple[float, object]:
    times, out = [], None
    for _ in range(repeat):
        t0 = time.process_time()
        out = fn()
        times.append(time.process_time() - t0)
    return min(times), out


def command(lang: str, suffix: str, repeat: int) -> float:
    """CPU seconds (user + system) of the fastest of ``repeat`` runs of the command line."""
    exe = Path(sys.executable).with_name("sectionx")
    best_s = float("inf")
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([str(exe), "manual", "--game", "sectionx", "--lang", lang, "-o", f"{tmp}/book.{suffix}"],
                           check=True, capture_output=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            best_s = min(best_s, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return round(best_s, 2)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each; the fastest counts")
    args = ap.parse_args()
    theme = load_theme(None)
    paper = theme.paper("a4")
    paths = sorted(RULEBOOK.figures.glob("*.yaml"))

    def reference() -> int:
        for p in paths:
            scenario = figures.check_figure(p).scenario
            scene_pdf(diagram.diagram(scenario, theme, crop=True), theme)
        return len(paths)

    ref, _ = best(reference, args.repeat)
    rows = []
    for lang in RULEBOOK.languages:
        checked, manual = best(lambda lang=lang: prepare(RULEBOOK, lang, theme=theme), args.repeat)
        pdf_s, pdf = best(lambda m=manual: to_pdf(m, theme, paper), args.repeat)
        html_s, html = best(lambda m=manual: to_html(m, theme), args.repeat)
        rows.append({"lang": lang, "figures": len(manual.figures), "check_s": round(checked, 2), "pdf_s": round(pdf_s, 2),
                     "pdf_total_s": round(checked + pdf_s, 2), "pdf_kib": len(pdf) // 1024,
                     "html_s": round(html_s, 2), "html_total_s": round(checked + html_s, 2), "html_kib": len(html.encode()) // 1024,
                     "pdf_vs_illustrate_each": round((checked + pdf_s) / ref, 2),
                     "command_pdf_s": command(lang, "pdf", args.repeat), "command_html_s": command(lang, "html", args.repeat)})
    print(json.dumps({"machine": f"{platform.machine()}, Python {platform.python_version()}",
                      "illustrate_each_s": round(ref, 2), "figures": len(paths), "builds": rows}, indent=1))


if __name__ == "__main__":
    main()
