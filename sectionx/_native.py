"""The search core (Section X's, and Hekla's deep search) compiled with mypyc, or the same modules in pure Python.

``setup.py`` compiles the modules of :data:`MODULES` with mypyc when a C compiler
and Python's headers are found (and ``SECTIONX_PURE`` is not set); otherwise, and
wherever the build fails, the package installs them as plain Python.  Both run the
same source: the compiled build is that source translated to C, and the tests run
on both (``.ci/run``).

A compiled module is an extension file (``core.cpython-311-x86_64-linux-gnu.so``)
beside its ``.py``, and Python imports the extension first.  An editable install
(``pip install -e .``) builds them into the source tree, so an edited ``.py`` would
be shadowed by the extension built from the old text.  The build therefore writes
:data:`RECORD` beside them: the SHA-256 of every compiled module's source.  On
importing ``sectionx`` (:func:`guard`), if any extension of :data:`MODULES` is
found and the record is missing or any source no longer matches it, or if
``SECTIONX_PURE`` is set, all of :data:`MODULES` are imported from their ``.py``
files instead (all, never some: compiled modules call each other's compiled code
directly, so one stale module taints the others), with a warning when stale.

Code in :data:`MODULES` must stay within what mypyc compiles (CI builds with
``SECTIONX_COMPILED=1`` and fails otherwise): no ``continue`` or ``break`` inside
``try``/``finally``, no generic dataclasses; and as compiled code calls its own
functions and classes directly, a test cannot monkeypatch them (patch a caller).

This module imports nothing from the package: ``setup.py`` reads :data:`MODULES`
from it before anything is installed.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

# The search core (issue 29): the compact position and its make/unmake (tables,
# position, moves, core), legal moves (movegen), random self-play's sampler (sample),
# whole turns (turns) and the exact puzzle search (turnsearch and its plan items in
# turnplan, puzzlecore and its bounds, reach, shelter and lastturn).  The
# profiles in docs/benchmarks.md and docs/solver.md put the solver's and self-play's
# time in these; the referee (engine, rules, model) stays Python.
#
# Not sectionx.search: the turn-by-turn driver is a small share of a solve (few turns
# are expanded; the time is in each turn's search), and mypyc cannot yet compile its
# generic frozen dataclasses (Successor, Result: mypyc issue 827, "attribute '__dict__'
# of 'type' objects is not writable" on import).
MODULES: tuple[str, ...] = (
    "sectionx.games.sectionx.solver.tables",
    "sectionx.games.sectionx.solver.position",
    "sectionx.games.sectionx.solver.moves",
    "sectionx.games.sectionx.solver.core",
    "sectionx.games.sectionx.solver.movegen",
    "sectionx.games.sectionx.solver.sample",
    "sectionx.games.sectionx.solver.turns",
    "sectionx.games.sectionx.solver.reach",
    "sectionx.games.sectionx.solver.shelter",
    "sectionx.games.sectionx.solver.lastturn",
    "sectionx.games.sectionx.solver.turnplan",
    "sectionx.games.sectionx.solver.turnsearch",
    "sectionx.games.sectionx.solver.puzzlecore",
    # Hekla's deep search (issue 29 part 6): its profile is the Python of the compact
    # position's make/unmake and the search's loops over turns and triples.
    "sectionx.games.hekla.compact",
    "sectionx.games.hekla.deep",
)

# mypyc's shared library of the group (its runtime and every module's code): the
# extensions named by MODULES are shims that load it.
SHARED = "sectionx._native__mypyc"

# Written by the build beside the extensions: {"modules": {name: sha256 of source}}.
RECORD = "_native_build.json"

# Set (to anything but "" or "0") at build time: build pure; at run time: import pure.
PURE_ENV = "SECTIONX_PURE"

HERE = os.path.dirname(os.path.abspath(__file__))


def source_path(module: str, root: str = HERE) -> str:
    """The ``.py`` file of ``module`` (a name in :data:`MODULES`) under the package at ``root``."""
    return os.path.join(root, *module.split(".")[1:]) + ".py"


def extension_paths(module: str, root: str = HERE) -> list[str]:
    """The extension files of ``module`` that exist under ``root`` (any ABI suffix)."""
    base = os.path.join(root, *module.split(".")[1:])
    return [base + s for s in importlib.machinery.EXTENSION_SUFFIXES if os.path.exists(base + s)]


def digest(path: str) -> str:
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def pure_requested() -> bool:
    return os.environ.get(PURE_ENV, "") not in ("", "0")


def stale(root: str = HERE, modules: Sequence[str] = MODULES) -> list[str] | None:
    """None where no extension of ``modules`` lies under ``root`` (a pure build);
    else the modules whose extension cannot be trusted to be their source compiled:
    no record, an extension missing, or a source changed since the build (empty: all fresh)."""
    found = {m: extension_paths(m, root) for m in modules}
    if not any(found.values()):
        return None
    try:
        with open(os.path.join(root, RECORD), encoding="utf-8") as f:
            recorded = json.load(f)["modules"]
    except (OSError, ValueError, KeyError, TypeError):
        return list(modules)
    bad = []
    for m in modules:
        path = source_path(m, root)
        if not found[m] or not os.path.exists(path) or recorded.get(m) != digest(path):
            bad.append(m)
    return bad


class _PureFinder:
    """Imports the modules of :data:`MODULES` from their ``.py`` source (first on sys.meta_path)."""

    def __init__(self, root: str) -> None:
        self.root = root

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_path(fullname, self.root))


def guard() -> None:
    """Called once on importing ``sectionx``: see the module docstring."""
    if any(isinstance(f, _PureFinder) for f in sys.meta_path):
        return
    bad = stale()
    if bad is None:
        return  # nothing compiled here: the .py files are imported anyway
    if pure_requested():
        pass
    elif bad:
        names = ", ".join(m.rsplit(".", 1)[1] for m in bad)
        warnings.warn(f"sectionx: the compiled search core does not match its source ({names}); "
                      f"running the pure-Python modules. Rebuild it with `pip install -e .` "
                      f"(or set {PURE_ENV}=1 to say so)", RuntimeWarning, stacklevel=2)
    else:
        return
    sys.meta_path.insert(0, _PureFinder(HERE))


def compiled() -> dict[str, bool]:
    """For every module of :data:`MODULES` (importing it): whether it runs compiled."""
    out = {}
    for m in MODULES:
        mod = sys.modules.get(m) or importlib.import_module(m)
        out[m] = not (mod.__file__ or "").endswith(".py")
    return out
