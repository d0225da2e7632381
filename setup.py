"""setuptools' entry: the search core compiled with mypyc where it can be (buildtools/sectionx_build.py).

Everything else about the package is in pyproject.toml.  ``SECTIONX_PURE=1 pip install
-e .`` installs the pure-Python build; ``SECTIONX_COMPILED=1`` makes a build that
cannot compile fail instead of falling back (CI).
"""

import os
import sys

from setuptools import setup

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "buildtools"))

import sectionx_build

setup(ext_modules=sectionx_build.extensions(), cmdclass={"build_ext": sectionx_build.BuildExt})
