"""sectionx: rules engine, puzzles and print-and-play kit for the board game Section X.

Modules (imports run one way, see ``docs/architecture.md``):
``hexgrid`` (cells and edges) <- ``model`` (frozen values) <- ``rules`` (the referee);
``formats`` reads and writes YAML; ``cli`` is the command line.
"""

__version__ = "0.1.0"
