"""*Hekla* (Holzinsel): volcano stones, eruptions and an escape track (issue 14).

In progress: :mod:`.rules` is the referee.  The game is not registered with the
house yet (:func:`sectionx.games.register_game`), so no command offers it: its
files, solver, bots, kit and pictures are still to come (issue 14).
"""
