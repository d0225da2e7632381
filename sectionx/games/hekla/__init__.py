"""*Hekla* (Holzinsel): volcano stones, eruptions and an escape track (issue 14).

:mod:`.rules` is the referee, :mod:`.formats` its position files, :mod:`.solver` the
best move this turn, :mod:`.play` the bots; :mod:`.commands` answers the house's
commands (records, pictures and the kit are still to come).
"""

from .. import Game, register_game

register_game(Game(
    name="hekla",
    title="Hekla",
    players=(2, 4),
    commands_at="sectionx.games.hekla.commands:COMMANDS",
    blurb="volcano stones erupt in threes and volcanists race round an escape track (2-4 players)",
))
