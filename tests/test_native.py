"""The search core compiled with mypyc or pure (sectionx._native, issue 29 part 3).

CI runs the suite on a compiled build and the core's tests again on a pure one, and
says which it built in ``SECTIONX_EXPECT_BUILD`` ("compiled" or "pure"): then
:func:`test_the_build_is_the_one_ci_asked_for` fails if a build fell back silently
(a compiled module's ``__file__`` is its extension, ``.so`` on Linux).
"""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sectionx import _native

EXPECT = os.environ.get("SECTIONX_EXPECT_BUILD", "")
SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def test_the_build_is_the_one_ci_asked_for() -> None:
    status = _native.compiled()
    assert set(status) == set(_native.MODULES)
    files = {m: sys.modules[m].__file__ or "" for m in _native.MODULES}
    if _native.pure_requested():
        assert not any(status.values())
    elif EXPECT == "compiled":
        assert all(f.endswith(SUFFIXES) for f in files.values()), files
        assert all(status.values())
    elif EXPECT == "pure":
        assert all(f.endswith(".py") for f in files.values()), files
        assert not any(status.values())
    else:
        # Never a mix: compiled modules call each other's compiled code directly.
        assert len(set(status.values())) == 1, status
    assert EXPECT in ("", "compiled", "pure"), EXPECT


def test_the_build_compiles_the_modules_native_names() -> None:
    # setup.py reads MODULES from sectionx/_native.py itself (buildtools/sectionx_build.py).
    for m in _native.MODULES:
        assert Path(_native.source_path(m)).is_file(), m
    assert len(set(_native.MODULES)) == len(_native.MODULES)


def _tree(tmp_path: Path, modules: tuple[str, ...]) -> Path:
    root = tmp_path / "sectionx"
    for m in modules:
        src = Path(_native.source_path(m, str(root)))
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(f"# {m}\n")
    return root


def test_stale_extensions_are_found(tmp_path: Path) -> None:
    modules = ("sectionx.a", "sectionx.sub.b")
    root = _tree(tmp_path, modules)
    assert _native.stale(str(root), modules) is None  # pure: nothing to check
    for m in modules:
        Path(_native.source_path(m, str(root))[:-3] + SUFFIXES[0]).write_bytes(b"")
    assert _native.stale(str(root), modules) == list(modules)  # no record: none trusted
    record = {"modules": {m: _native.digest(_native.source_path(m, str(root))) for m in modules}}
    (root / _native.RECORD).write_text(json.dumps(record))
    assert _native.stale(str(root), modules) == []
    with open(_native.source_path("sectionx.sub.b", str(root)), "a", encoding="utf-8") as f:
        f.write("x = 1\n")  # edited after the build
    assert _native.stale(str(root), modules) == ["sectionx.sub.b"]
    os.remove(_native.source_path("sectionx.a", str(root))[:-3] + SUFFIXES[0])
    assert _native.stale(str(root), modules) == ["sectionx.a", "sectionx.sub.b"]


def _run(code: str, env: dict[str, str], path: Path | None = None) -> subprocess.CompletedProcess[str]:
    if path is not None:
        code = f"import sys; sys.path.insert(0, {str(path)!r})\n" + code
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=False)


def test_sectionx_pure_runs_the_python_modules() -> None:
    env = {**os.environ, _native.PURE_ENV: "1"}
    out = _run("from sectionx import _native\nprint(sorted(set(_native.compiled().values())))", env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[False]"


def test_an_edited_source_is_run_not_its_old_extension(tmp_path: Path) -> None:
    status = _native.compiled()
    if not any(status.values()):
        pytest.skip("a pure build: no extension to go stale")
    # A copy of the installed package with one compiled module's source edited.
    package = Path(_native.HERE)
    shutil.copytree(package, tmp_path / "sectionx", ignore=shutil.ignore_patterns("__pycache__"))
    core = Path(_native.source_path("sectionx.games.sectionx.solver.core", str(tmp_path / "sectionx")))
    core.write_text(core.read_text(encoding="utf-8") + "\nEDITED = True\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != _native.PURE_ENV}
    code = ("import warnings\nwarnings.simplefilter('always')\n"
            "from sectionx import _native\nfrom sectionx.games.sectionx.solver import core\n"
            "print(core.__file__, core.EDITED, sorted(set(_native.compiled().values())))")
    out = _run(code, env, tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(core), "True", "[False]"]
    assert "does not match its source (core)" in out.stderr
    # The copy as built runs compiled, without a warning.
    core.write_text(Path(_native.source_path("sectionx.games.sectionx.solver.core")).read_text(encoding="utf-8"),
                    encoding="utf-8")
    out = _run("from sectionx import _native\nprint(sorted(set(_native.compiled().values())))", env, tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[True]" and "does not match" not in out.stderr


def test_the_build_asks_for_the_mypy_the_checks_pin() -> None:
    import re
    import tomllib

    root = Path(__file__).resolve().parent.parent
    backend = (root / "buildtools" / "sectionx_build.py").read_text(encoding="utf-8")
    found = re.search(r'^MYPY = "(mypy==[^"]+)"$', backend, re.MULTILINE)
    assert found is not None
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    assert found.group(1) in project["project"]["optional-dependencies"]["test"]
    assert project["build-system"]["build-backend"] == "sectionx_build"
