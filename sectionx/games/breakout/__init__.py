"""*Breakout* (Schmidt): two players push rope knots into a wall (issue 13).

:mod:`.rules` is the referee.  Positions in YAML, the solver, the kit and the CLI
commands are to come (issue 13).
"""
