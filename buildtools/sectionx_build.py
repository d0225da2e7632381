"""The build of sectionx: setuptools, with the search core compiled by mypyc where it can be.

pyproject.toml names this module as the build backend (``backend-path``).  It is
setuptools' own backend (``setuptools.build_meta``) with one change: the build
asks for mypy (which carries mypyc) only when it will compile, that is when

* ``SECTIONX_PURE`` is not set (to anything but "" or "0"),
* the interpreter is CPython, and
* a C compiler builds a file that includes ``Python.h``.

Otherwise nothing beyond setuptools is fetched and the same modules install as
plain Python.  ``setup.py`` calls :func:`extensions` and :class:`BuildExt`: if mypyc
or the C compiler fails anyway, the build says why and installs the pure modules,
unless ``SECTIONX_COMPILED`` is set (CI), when it fails instead.

The modules compiled are ``sectionx._native.MODULES`` (read from its file, since
nothing is installed yet); the build records their sources' SHA-256 in
``sectionx/_native_build.json`` beside the extensions, which ``sectionx._native``
checks on import so that an extension built from an older text is never run.
"""

from __future__ import annotations

import glob
import importlib.machinery
import importlib.util
import json
import os
import sys
import sysconfig
import tempfile
from typing import Any

from setuptools import build_meta as _setuptools
from setuptools.build_meta import *  # noqa: F403  (the backend's hooks, as setuptools has them)
from setuptools.command.build_ext import build_ext

# The same mypy as the test extra pins for the static checks (pyproject.toml).
MYPY = "mypy==2.4.1"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMPILED_ENV = "SECTIONX_COMPILED"
# The compiled modules' SHA-256, taken when mypyc reads them (write_record).
DIGESTS: dict[str, str] = {}


def _native() -> Any:
    spec = importlib.util.spec_from_file_location("_sectionx_native_build", os.path.join(ROOT, "sectionx", "_native.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


NATIVE = _native()


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


def _say(text: str) -> None:
    print(f"sectionx build: {text}", file=sys.stderr)


def compiler_works() -> str | None:
    """None if a C compiler builds an extension's object here; else why not."""
    if sys.implementation.name != "cpython":
        return f"{sys.implementation.name} is not CPython"
    try:
        # (distutils is setuptools' own here: setuptools is imported above.)
        from distutils import ccompiler
        from distutils import sysconfig as dsysconfig

        compiler: Any = ccompiler.new_compiler()
        dsysconfig.customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "probe.c")
            with open(src, "w", encoding="utf-8") as f:
                f.write("#include <Python.h>\nint probe(void) { return PY_MAJOR_VERSION; }\n")
            compiler.compile([src], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]])
    except Exception as e:  # noqa: BLE001  (any failure means: no compiler to use)
        return f"no working C compiler with Python's headers ({type(e).__name__}: {e})"
    return None


def why_pure() -> str | None:
    """None if the build should compile; else the reason it will not."""
    if _flag(NATIVE.PURE_ENV):
        return f"{NATIVE.PURE_ENV} is set"
    return compiler_works()


def _requires_native(requires: list[str]) -> list[str]:
    reason = why_pure()
    if reason is None:
        return [*requires, MYPY]
    _say(f"the search core is built as pure Python: {reason}")
    return requires


def get_requires_for_build_wheel(config_settings: Any = None) -> list[str]:
    return _requires_native(_setuptools.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: Any = None) -> list[str]:
    return _requires_native(_setuptools.get_requires_for_build_editable(config_settings))


def _fallback(reason: str) -> None:
    if _flag(COMPILED_ENV):
        raise SystemExit(f"sectionx build: {COMPILED_ENV} is set but the search core cannot be compiled: {reason}")
    _say(f"the search core is built as pure Python: {reason}")


def remove_compiled(package_dir: str) -> None:
    """Delete every extension file under a package tree, and the record of a compiled
    build: an editable build leaves them in the source tree, where they would shadow
    the .py files of a pure build, or of a module no longer compiled (sectionx has no
    extension of its own but these)."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    stale = glob.glob(os.path.join(package_dir, NATIVE.RECORD))
    for folder, _, files in os.walk(package_dir):
        stale += [os.path.join(folder, f) for f in files if f.endswith(suffixes)]
    for path in stale:
        os.remove(path)
    if stale:
        _say(f"removed {len(stale)} compiled file(s) of an earlier build from {package_dir}")


def extensions() -> list[Any]:
    """For setup.py: [] for a pure build, else one placeholder that :class:`BuildExt`
    replaces by mypyc's extensions when it is finalized, so that mypyc's type check
    and C generation run once, in the build itself, not in the hooks that only ask
    for requirements or metadata (each of which runs setup.py again)."""
    reason = why_pure()
    if reason is not None:
        if _flag(COMPILED_ENV):
            _fallback(reason)
        remove_compiled(os.path.join(ROOT, "sectionx"))
        return []
    from setuptools import Extension

    return [Extension(NATIVE.SHARED, sources=[])]


def mypyc_extensions() -> list[Any]:
    """The mypyc extensions of the search core, or [] if mypyc cannot make them."""
    package_dir = os.path.join(ROOT, "sectionx")
    try:
        from mypyc.build import mypycify
    except ImportError as e:
        _fallback(f"mypyc is not installed ({e}; it comes with {MYPY})")
        return []
    paths = [os.path.relpath(NATIVE.source_path(m, package_dir), ROOT) for m in NATIVE.MODULES]
    # The record holds the sources as mypyc reads them now: an edit during the C build
    # then shows as stale, not as fresh.
    DIGESTS.clear()
    DIGESTS.update({m: NATIVE.digest(NATIVE.source_path(m, package_dir)) for m in NATIVE.MODULES})
    config = os.path.relpath(os.path.join(ROOT, "buildtools", "mypyc.ini"), ROOT)
    try:
        # group_name puts mypyc's shared library inside the package (sectionx/_native__mypyc),
        # where an editable install finds it too.
        return list(mypycify(["--config-file", config, *paths], group_name="sectionx._native", opt_level="3"))
    except (Exception, SystemExit) as e:  # noqa: BLE001  (mypyc exits on a type error)
        _fallback(f"mypyc failed ({type(e).__name__}: {e})")
        return []


def write_record(package_dir: str) -> None:
    """The sources' digests beside the extensions built from them (sectionx._native)."""
    record = {"modules": dict(DIGESTS)}
    os.makedirs(package_dir, exist_ok=True)
    with open(os.path.join(package_dir, NATIVE.RECORD), "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")


class BuildExt(build_ext):
    """setuptools' build_ext, falling back to the pure modules if the C build fails,
    and writing the record of what was compiled beside the extensions."""

    def run(self) -> None:
        build_py = self.get_finalized_command("build_py")
        source = os.path.join(ROOT, build_py.get_package_dir("sectionx"))
        if any(ext.name == NATIVE.SHARED and not ext.sources for ext in self.extensions):
            # The placeholder of extensions(): mypyc runs here, in the build, and not
            # where setuptools only finalizes this command to list sources (egg_info).
            if self.inplace:
                remove_compiled(source)
            self.distribution.ext_modules = mypyc_extensions()
            # Finalized again for the new extensions (their names, files, the ext map);
            # the one option that would be split twice goes back to its unsplit form.
            self.swig_opts = " ".join(self.swig_opts) or None
            self.finalized = False
            self.ensure_finalized()
        if not self.extensions:
            return
        try:
            super().run()
        except Exception as e:  # noqa: BLE001  (a compiler's failure: CompileError, LinkError, ...)
            _fallback(f"the C build failed ({type(e).__name__}: {e})")
            self.extensions = []
            self.distribution.ext_modules = []
            remove_compiled(source)
            remove_compiled(os.path.join(self.build_lib, "sectionx"))
            return
        write_record(os.path.join(self.build_lib, "sectionx"))
        if self.inplace:
            write_record(source)
