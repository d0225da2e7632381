"""``sectionx studio``: make, play and check puzzles and rule figures in the browser.

:mod:`.table` is what a game gives the studio (names no game, imports no web stack);
:mod:`.app` the local web server; :mod:`.solving` runs a solve in a worker process.
"""
