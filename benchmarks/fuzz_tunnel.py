"""Fuzz: Der Tunnel's shipped examples mutated a few thousand times, each mutant run
through ``validate``, ``show`` and ``replay`` in-process (typer's CliRunner).

Not a test (tests/test_bad_input.py runs a few dozen mutants on every run); a longer
search for what the house promises of every bad file: no exception escapes, the exit
code is 0, 1 or 2, no traceback is printed, and every line ``validate --quiet`` prints
is one located diagnostic (``FILE[:LINE:COLUMN]: message (rule)``) whose line lies in
the file.  Run from the project root:

    .venv/bin/python benchmarks/fuzz_tunnel.py [--mutants 3000] [--seed 1] [--out DIR]

The same seed makes the same mutants.  Each mutant that breaks a promise is kept in
``--out`` (default: a temporary folder) and named on standard error; the exit code is
the number of such mutants (capped at 100).
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
import traceback
from pathlib import Path

from typer.testing import CliRunner

from sectionx.cli import app

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "sectionx" / "examples" / "tunnel"
#: Pieces a mutation inserts or puts in place of a line or word: YAML's syntax, odd
#: numbers and digits, the game's own words (tiles, turns, openings, variants, keys).
PIECES = [
    ":", ": ", "[", "]", "{", "}", ",", "-", "- ", "&a ", "*a", "!!", "!!binary ", "!x ", "<<: ", "? ", "|", ">", "#",
    "'", '"', "\\", "%", "@", "~", "null", "\n", "  ", "\t", "0", "1", "-0", "-1", "4", "9" * 30, "9" * 5000, "1e400",
    ".nan", "0x1f", "TU-A", "TU-E", "D@0", "@4", "@-1", "U", "X", "out", " f road:E", " f field:Nw", " f cloister",
    " t red 1,0:E", " t grey 1,0:E 1,0:W", " t red 99999,0:E", "1,0:E", "0,0:N", "99999999999,0", "\uff11", "\u0662",
    " 1, 0", "TV1", "TV2", "TV3", "TV4", "2/1", "3/2", "red", "green", "grey", "purple", "\u00e9", "\x00", "\ufeff",
    "\u2028", "stealable: [red]\n", "variants: [TV2]\n", "variants: [TV3]\n", "variants: [TV1, TV4]\n",
    "tokens: 2/1\n", "stack: 0\n", "stack: []\n", "stack: [TU-A]\n", "out: [R]\n", "sets: {red: [red]}\n",
    "players: 5\n", "players: [red, green, blue, yellow, black]\n", "turn: blue\n", 'tunnels: {grey: ["1,0:E"]}\n',
    "result: {scores: {red: 1}}\n", "  - R out\n", "  - TU-A 1,1@0 t red 1,1:E\n", "start: {}\n", "start: x.yaml\n",
]


def mutate(text: str, rng: random.Random) -> str:
    """``text`` after one to four mutations: a line deleted, doubled or replaced, two
    characters swapped, a piece inserted, a word replaced, a digit changed."""
    lines = text.splitlines(keepends=True)
    for _ in range(rng.randint(1, 4)):
        op = rng.choice(["delete", "double", "swap", "insert", "insert", "line", "word", "digit"])
        if op == "delete" and len(lines) > 1:
            del lines[rng.randrange(len(lines))]
        elif op == "double" and lines:
            i = rng.randrange(len(lines))
            lines.insert(i, lines[i])
        elif op == "line" and lines:
            lines[rng.randrange(len(lines))] = rng.choice(PIECES) + "\n"
        else:
            whole = "".join(lines) or "x"
            i = rng.randrange(len(whole))
            if op == "swap" and len(whole) > 2:
                i = min(i, len(whole) - 2)
                whole = whole[:i] + whole[i + 1] + whole[i] + whole[i + 2:]
            elif op == "insert":
                whole = whole[:i] + rng.choice(PIECES) + whole[i:]
            elif op == "word":
                words = whole.split(" ")
                j = rng.randrange(len(words))
                words[j] = rng.choice(PIECES).strip() or words[j]
                whole = " ".join(words)
            elif op == "digit":
                digits = [k for k, c in enumerate(whole) if c.isdigit()]
                if digits:
                    k = rng.choice(digits)
                    whole = whole[:k] + rng.choice("0123456789-") + whole[k + 1:]
            lines = whole.splitlines(keepends=True) or [""]
    return "".join(lines)


def broken(path: Path, text: str, runner: CliRunner) -> list[str]:
    """Every promise the commands break on the file at ``path`` (``text``)."""
    found = []
    last_line = sum(text.count(c) for c in "\n\r\x85\u2028\u2029") + 1
    located = re.compile(rf"^{re.escape(str(path))}(?::(\d+):\d+)?: .+ \(\S+\)$")
    for command in (["validate", "--quiet"], ["show"], ["replay"]):
        result = runner.invoke(app, [*command, str(path)])
        exc = result.exception
        if exc is not None and not isinstance(exc, SystemExit):
            found.append(f"{command[0]} raised {exc!r}: " + "".join(traceback.format_exception(exc)[-3:]))
        if result.exit_code not in (0, 1, 2) or "Traceback" in result.output:
            found.append(f"{command[0]} exit {result.exit_code}")
        if command[0] == "validate":
            for line in result.stdout.splitlines():
                m = located.match(line)
                if m is None or int(m.group(1) or 0) > last_line:
                    found.append(f"validate printed {line[:200]!r}")
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="where mutants that break a promise are kept")
    args = parser.parse_args()
    out = args.out or Path(tempfile.mkdtemp(prefix="fuzz-tunnel-"))
    out.mkdir(parents=True, exist_ok=True)
    seeds = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.yaml"))]
    rng = random.Random(args.seed)
    runner = CliRunner()
    bad = 0
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(scratch) / "mutant.yaml"
        for n in range(args.mutants):
            text = mutate(rng.choice(seeds), rng)
            path.write_bytes(text.encode("utf-8", "surrogatepass"))
            problems = broken(path, text, runner)
            if problems:
                bad += 1
                kept = out / f"mutant-{n:05d}.yaml"
                kept.write_bytes(path.read_bytes())
                print(f"{kept}: " + "; ".join(problems), file=sys.stderr)
    took = time.perf_counter() - started
    print(f"{args.mutants} mutants of {len(seeds)} examples (seed {args.seed}) through validate, show and replay in "
          f"{took:.0f} s: {bad} broke a promise" + (f" (kept in {out})" if bad else ""))
    return min(bad, 100)


if __name__ == "__main__":
    sys.exit(main())
