"""sectionx: rules engine, puzzles and print-and-play kit for the board game Section X.

Modules (imports run one way, see ``docs/architecture.md``):
``hexgrid`` (cells and edges) <- ``model`` (frozen values) <- ``rules`` (the referee);
``formats`` reads and writes YAML; ``cli`` is the command line.
"""

__version__ = "0.1.0"

# The search core may be compiled with mypyc (sectionx._native): before any of it is
# imported, make sure no extension built from an older source runs, and honour SECTIONX_PURE.
from . import _native

_native.guard()
