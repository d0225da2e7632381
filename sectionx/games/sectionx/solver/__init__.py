"""Puzzle solving: a compact search core and the solvers built on it.

``core`` holds the integer-coded position searched by the fast solver; ``reference``
is a deliberately simple breadth-first solver over single engine actions, kept to
check the fast one.  The referee (:mod:`sectionx.games.sectionx.engine`) stays the judge of legality.
"""
