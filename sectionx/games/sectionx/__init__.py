"""*Section X* (The Game Master, 2005): the tile-laying escape game, the house's
first game and the default one (a file without ``game:`` is Section X's).

Its model, referee, formats, solver, generator, drawings, kit and manual live here;
:mod:`.commands` answers the house's commands (:mod:`sectionx.games.api`).
"""

from .. import Game, register_game

register_game(Game(
    name="sectionx",
    title="Section X",
    players=(2, 4),
    commands_at="sectionx.games.sectionx.commands:COMMANDS",
    default=True,
    blurb="prisoners dig tunnels from hexagonal tiles and race to the free zones (2-4 players)",
))
