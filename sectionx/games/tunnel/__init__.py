"""*Der Tunnel*: Carcassonne with the tunnel mini-expansion (``game: tunnel``, issue 27).

:mod:`.tiles` is the tile set as data, :mod:`.model` and :mod:`.rules` the referee,
:mod:`.formats` its position files, :mod:`.records` its game records, :mod:`.text`
the terminal picture; :mod:`.commands` answers the house's commands (its paper and
puzzles are still to come).
"""

from .. import Game, register_game

register_game(Game(
    name="tunnel",
    title="Der Tunnel",
    players=(2, 5),
    commands_at="sectionx.games.tunnel.commands:COMMANDS",
    blurb="Carcassonne with the tunnel expansion: roads run underground between token pairs (2-5 players)",
))
