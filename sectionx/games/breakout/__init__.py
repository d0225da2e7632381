"""*Breakout* (Schmidt): two players push rope knots into a wall (issue 13).

:mod:`.rules` is the referee, :mod:`.formats` its files, :mod:`.solver` the proving
solver, :mod:`.play` the bots; :mod:`.commands` answers the house's commands
(:mod:`sectionx.games.api`).
"""

from .. import Game, register_game

register_game(Game(
    name="breakout",
    title="Breakout",
    players=(2, 2),
    commands_at="sectionx.games.breakout.commands:COMMANDS",
    blurb="two players push rope knots into a wall; a rope from bottom to top is an escape",
))
