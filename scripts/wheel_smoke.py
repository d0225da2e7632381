"""Smoke test of an installed sectionx: every command once on every game (issue 26).

``.ci/run`` builds a wheel, installs it in a fresh virtual environment outside the
checkout and runs this script from an empty temporary folder, so that nothing of
the checkout can stand in for what the package must ship (rule texts, figures,
language files, templates, schemas):

    python scripts/wheel_smoke.py --sectionx /tmp/env/bin/sectionx --work /tmp/smoke

Each step is one command line, the exit status it must end with and the files it
must write (each non-empty; a folder must hold a file of the pattern given).  A
step may use what an earlier one wrote (``solve`` takes the puzzle ``generate``
made).  One line per step (``ok`` or ``FAIL``, seconds, the command), then what a
failed step printed, then ``N passed, N failed``; exit status 1 if any failed.

Only the standard library: it runs under any Python 3.11.  To smoke a new command
or game, add a step to :func:`steps` (or a game to :data:`GAMES`).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: The games of the house, and what their ``new``, ``play`` and ``simulate`` are given.
GAMES = ("sectionx", "breakout", "hekla", "tunnel")
#: Games whose steps are listed on their own (:func:`_no_paper`, from when their paper and
#: puzzles were not made yet): every command once on the game's own files and folders.
NO_PAPER = ("tunnel",)
#: The checkout this script lies in: the installed package must not be read from it.
CHECKOUT = Path(__file__).resolve().parent.parent


@dataclass
class Step:
    """One command: ``argv`` after ``sectionx`` (a function when it needs an earlier
    step's output), the exit status it must end with, and what it must write."""

    name: str
    argv: list[str] | Callable[[], list[str]]
    outputs: list[str] = field(default_factory=list)
    status: int = 0
    stdout: str = ""  # text the standard output must hold


def first(folder: Path, pattern: str = "*.yaml") -> str:
    """The first file of ``folder`` matching ``pattern`` (sorted), or a name that
    does not exist (the step then fails on its own and says so)."""
    found = sorted(folder.glob(pattern)) if folder.is_dir() else []
    return str(found[0]) if found else str(folder / f"(no {pattern} in {folder.name})")


def packaged(python: str, game: str, sub: str) -> Path:
    """A folder of the installed package, as the installed Python finds it."""
    code = f"import importlib.resources as r; print(r.files('sectionx.games.{game}').joinpath({sub!r}))"
    done = subprocess.run([python, "-c", code], capture_output=True, text=True, check=False)
    return Path(done.stdout.strip())


def steps(work: Path, python: str) -> list[Step]:
    """Every command once on every game, in an order where each step has what it needs."""
    out: list[Step] = [
        Step("version", ["--version"], stdout="sectionx "),
        Step("schema", ["schema", "-o", "schema.json"], ["schema.json"]),
        Step("validate --bundled", ["validate", "--bundled", "--quiet"]),
        # The help texts' example files come with the package: written out, they serve as written.
        Step("examples", ["examples", "-o", "scenarios"], ["scenarios/puzzle-first-escape.yaml",
                                                           "scenarios/breakout/puzzles/01.yaml",
                                                           "scenarios/hekla/puzzles/01.yaml",
                                                           "scenarios/tunnel/half-claimed-tunnel.yaml"]),
        Step("examples: solve", ["solve", "scenarios/puzzle-first-escape.yaml"]),
        Step("examples: validate", ["validate", "--quiet", "scenarios/breakout/figure-bar.yaml",
                                    "scenarios/hekla/figure-4.yaml", "scenarios/midgame-4p.yaml"]),
    ]
    for g in GAMES:
        if g in NO_PAPER:
            out += _no_paper(g, work, python)
            continue
        puzzles = work / f"{g}-puzzles"
        figures = packaged(python, g, "rulebook/figures")
        game = ["--game", g]
        out += [
            # No --seed: Breakout's and Hekla's set-ups hold no chance, and they refuse one.
            Step(f"{g}: new", ["new", *game, "--players", "2", "-o", f"{g}-new.yaml"], [f"{g}-new.yaml"]),
            Step(f"{g}: validate", ["validate", f"{g}-new.yaml"]),
            Step(f"{g}: show", ["show", f"{g}-new.yaml"]),
            Step(f"{g}: render", ["render", f"{g}-new.yaml", "-o", f"{g}-render.svg"], [f"{g}-render.svg"]),
            Step(f"{g}: play", ["play", *game, "--players", "2", "--seed", "1", "-o", f"{g}-game.yaml"], [f"{g}-game.yaml"]),
            Step(f"{g}: replay", ["replay", f"{g}-game.yaml"]),
            Step(f"{g}: simulate", ["simulate", *game, "--games", "2", "--players", "2", "--seed", "1", "--workers", "1"]),
            Step(f"{g}: generate", ["generate", *game, "--difficulty", "beginner", "--count", "1", "--seed", "1",
                                    "--out", str(puzzles)], [f"{puzzles.name}/*.yaml"]),
            Step(f"{g}: solve", lambda puzzles=puzzles: ["solve", first(puzzles)]),
            Step(f"{g}: sheet", lambda puzzles=puzzles, g=g: ["sheet", first(puzzles), "-o", f"{g}-sheet.pdf"],
                 [f"{g}-sheet.pdf"]),
            Step(f"{g}: deck", ["deck", str(puzzles), "--per-tier", "1", "-o", f"{g}-deck.pdf"], [f"{g}-deck.pdf"]),
            Step(f"{g}: book", ["book", str(puzzles), "-o", f"{g}-book.pdf"], [f"{g}-book.pdf"]),
            Step(f"{g}: kit", ["kit", *game, "--out", f"{g}-kit", "--no-svg"], [f"{g}-kit/*.pdf"]),
            Step(f"{g}: illustrate", lambda figures=figures, g=g: ["illustrate", first(figures), "-o", f"{g}-figure.svg"],
                 [f"{g}-figure.svg"]),
            Step(f"{g}: manual", ["manual", *game, "-o", f"{g}-rulebook.pdf"], [f"{g}-rulebook.pdf"]),
            Step(f"{g}: manual html", ["manual", *game, "-o", f"{g}-rulebook.html"], [f"{g}-rulebook.html"]),
            # The German book: its own rules text and language file, read from the wheel.
            Step(f"{g}: manual de", ["manual", *game, "--lang", "de", "-o", f"{g}-rulebook-de.pdf"],
                 [f"{g}-rulebook-de.pdf"]),
            # Section X's Dutch book too, as one HTML page (issue 30).
            *([Step(f"{g}: manual nl html", ["manual", *game, "--lang", "nl", "-o", f"{g}-rulebook-nl.html"],
                    [f"{g}-rulebook-nl.html"])] if g == "sectionx" else []),
        ]
    return out


def _no_paper(g: str, work: Path, python: str) -> list[Step]:
    """Der Tunnel's steps: every command once, each on a file or folder of the game (its
    puzzles generated, then printed as a sheet, a deck and a book)."""
    game = ["--game", g]
    puzzles = f"{g}-puzzles"
    return [
        Step(f"{g}: new", ["new", *game, "--players", "3", "--seed", "1", "-o", f"{g}-new.yaml"], [f"{g}-new.yaml"]),
        # Its examples too (written by the examples step): positions and a record.
        Step(f"{g}: validate", lambda: ["validate", f"{g}-new.yaml", *sorted(str(p) for p in
                                                                            (work / "scenarios" / g).glob("*.yaml"))]),
        Step(f"{g}: show", ["show", f"{g}-new.yaml"]),
        Step(f"{g}: play", ["play", *game, "--players", "2", "--seed", "1", "-o", f"{g}-game.yaml"], [f"{g}-game.yaml"]),
        Step(f"{g}: replay", ["replay", f"{g}-game.yaml"]),
        Step(f"{g}: simulate", ["simulate", *game, "--games", "2", "--players", "2", "--seed", "1", "--workers", "1"]),
        Step(f"{g}: render", ["render", f"{g}-new.yaml", "-o", f"{g}-render.svg"], [f"{g}-render.svg"]),
        Step(f"{g}: generate", ["generate", *game, "--difficulty", "beginner", "--count", "1", "--seed", "1", "--out",
                                puzzles], [f"{puzzles}/*.yaml"]),
        # A position without a goal: the best turn with the top tile (TQ1).
        Step(f"{g}: solve", ["solve", f"{g}-new.yaml"]),
        # A shipped puzzle, its solution written as a record that replay accepts.
        Step(f"{g}: solve a puzzle", lambda: ["solve", first(work / "scenarios" / g / "puzzles"), "-o",
                                              f"{g}-solution.yaml"], [f"{g}-solution.yaml"]),
        Step(f"{g}: replay the solution", ["replay", f"{g}-solution.yaml"]),
        Step(f"{g}: sheet", lambda: ["sheet", first(work / puzzles), "-o", f"{g}-sheet.pdf"], [f"{g}-sheet.pdf"]),
        Step(f"{g}: deck", ["deck", puzzles, "--per-tier", "1", "-o", f"{g}-deck.pdf"], [f"{g}-deck.pdf"]),
        Step(f"{g}: book", ["book", puzzles, "-o", f"{g}-book.pdf"], [f"{g}-book.pdf"]),
        Step(f"{g}: kit", ["kit", *game, "--out", f"{g}-kit", "--no-svg"], [f"{g}-kit/*.pdf"]),
        # Its rule figures and players' rules sheet (English and German), read from the wheel.
        Step(f"{g}: illustrate", lambda: ["illustrate", first(packaged(python, g, "rulebook/figures")), "-o",
                                          f"{g}-figure.svg"], [f"{g}-figure.svg"]),
        Step(f"{g}: manual", ["manual", *game, "-o", f"{g}-rulebook.pdf"], [f"{g}-rulebook.pdf"]),
        Step(f"{g}: manual de html", ["manual", *game, "--lang", "de", "-o", f"{g}-rulebook-de.html"],
             [f"{g}-rulebook-de.html"]),
    ]


#: A puzzle of each game (in the examples written out) that the installed studio opens.
STUDIO_PUZZLES = {"sectionx": "puzzle-first-escape.yaml", "breakout": "breakout/puzzles/01.yaml",
                  "hekla": "hekla/puzzles/01.yaml", "tunnel": "tunnel/puzzles/01-token-closes-the-road.yaml"}


def studio_smoke(command: str, work: Path) -> str:
    """Start ``sectionx studio`` on the examples written out, load its page and script,
    open a puzzle of each game and play nothing: "" when all of it answered, else why
    not.  The studio serves its page from the package's data: a wheel without it fails."""
    import http.cookiejar
    import json
    import re
    import urllib.request

    proc = subprocess.Popen([command, "studio", "scenarios", "--no-browser"], cwd=work, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"(http://127\.0\.0\.1:(\d+))/\?token=(\S+)", line)
        if not found:
            return f"no address printed: {line!r} {proc.stderr.read() if proc.stderr else ''}"
        base, token = found[1], found[3]
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        deadline = time.monotonic() + 30
        while True:
            try:
                page = opener.open(f"{base}/?token={token}", timeout=10).read().decode("utf-8")
                break
            except OSError:
                if time.monotonic() > deadline:
                    return "the page did not answer within 30 s"
                time.sleep(0.3)
        if "studio.js" not in page or len(opener.open(f"{base}/static/studio.js", timeout=10).read()) < 1000:
            return "the page or its script is missing from the package"
        for puzzle in STUDIO_PUZZLES.values():
            request = urllib.request.Request(f"{base}/api/open", data=json.dumps({"path": puzzle}).encode(),
                                             headers={"Content-Type": "application/json", "X-Studio-Token": token})
            view = json.loads(opener.open(request, timeout=60).read())
            if not (view.get("svg", "").lstrip().startswith("<?xml") and view.get("choices")):
                return f"{puzzle}: no picture or no moves"
        return ""
    except (OSError, ValueError, AssertionError) as exc:
        return f"{type(exc).__name__}: {exc}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def missing(work: Path, outputs: list[str]) -> list[str]:
    """The outputs not written: a name must be a non-empty file, ``DIR/PATTERN`` a
    folder holding a non-empty file of that pattern."""
    gone = []
    for name in outputs:
        if "*" in name:
            folder, pattern = name.rsplit("/", 1)
            if not any(p.is_file() and p.stat().st_size for p in (work / folder).glob(pattern)):
                gone.append(name)
        elif not ((work / name).is_file() and (work / name).stat().st_size):
            gone.append(name)
    return gone


def where_installed(python: str) -> tuple[str, str]:
    """(the package's folder, why it is wrong, or "") for the installed Python."""
    done = subprocess.run([python, "-c", "import sectionx; print(sectionx.__file__)"], capture_output=True, text=True,
                          check=False)
    found = done.stdout.strip()
    if done.returncode or not found:
        return found, f"sectionx does not import: {done.stderr.strip()[-300:]}"
    if Path(found).resolve().is_relative_to(CHECKOUT):
        return found, f"sectionx is imported from the checkout ({found}), not from the installed wheel"
    return found, ""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sectionx", required=True, help="the installed sectionx command (in the fresh environment)")
    ap.add_argument("--work", required=True, type=Path, help="an empty folder outside the checkout, to work in")
    args = ap.parse_args()
    work: Path = args.work.resolve()
    if work.is_relative_to(CHECKOUT):
        print(f"wheel_smoke: {work} lies in the checkout; work elsewhere (a temporary folder)", file=sys.stderr)
        return 2
    work.mkdir(parents=True, exist_ok=True)
    command = str(Path(args.sectionx).absolute())
    python = str(Path(command).parent / "python")
    begun = time.monotonic()
    found, wrong = where_installed(python)
    print(f"{'ok  ' if not wrong else 'FAIL'}          installed: sectionx imports from {found}", flush=True)
    passed, failed = (0, 1) if wrong else (1, 0)
    reports = [f"installed: {wrong}"] if wrong else []
    for step in steps(work, python):
        t0 = time.monotonic()
        argv = step.argv() if callable(step.argv) else step.argv
        done = subprocess.run([command, *argv], cwd=work, capture_output=True, text=True, check=False)
        gone = missing(work, step.outputs)
        ok = done.returncode == step.status and not gone and step.stdout in done.stdout
        print(f"{'ok  ' if ok else 'FAIL'} {time.monotonic() - t0:6.1f} s  {step.name}: sectionx {' '.join(argv)}", flush=True)
        if ok:
            passed += 1
            continue
        failed += 1
        said = [f"exit status {done.returncode} (wanted {step.status})"]
        said += [f"not written: {', '.join(gone)}"] if gone else []
        said += [f"standard output lacks {step.stdout!r}"] if step.stdout not in done.stdout else []
        reports.append(f"{step.name}: " + "; ".join(said) + "".join(f"\n    {line}" for line in done.stderr.strip().splitlines()[-8:]))
    t0 = time.monotonic()
    wrong = studio_smoke(command, work)
    print(f"{'ok  ' if not wrong else 'FAIL'} {time.monotonic() - t0:6.1f} s  studio: page, script and a puzzle of each game",
          flush=True)
    if wrong:
        failed += 1
        reports.append(f"studio: {wrong}")
    else:
        passed += 1
    for report in reports:
        print(f"\nFAIL {report}")
    print(f"\n{passed} passed, {failed} failed ({time.monotonic() - begun:.0f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
