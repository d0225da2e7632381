"""``sectionx simulate``'s statistics (sectionx.play.Stats): the figures a player
studying the game's balance reads, checked on games made up to show each case."""

from __future__ import annotations

from typing import Any

from sectionx import play


def summary(turns: int, *, winner: int = 1, freed: tuple[int, ...] = (1, 0)) -> play.GameSummary:
    return play.GameSummary(turns=turns, rounds=2, winner_seat=winner, freed=freed, dead=(0,) * len(freed),
                            round_ends=("too few prisoners (E5)",), verbs=(("take", 1),))


def stats_of(*games: play.GameSummary) -> dict[str, Any]:
    stats = play.Stats()
    for g in games:
        stats.add(g)
    return stats.as_dict()


def test_the_median_of_an_even_count_is_the_mean_of_the_middle_two():
    """Issue 11: the median of [1180, 1406] printed as 1406."""
    assert stats_of(summary(1406), summary(1180))["turns"] == {"mean": 1293, "min": 1180, "median": 1293, "max": 1406}
    assert stats_of(summary(1), summary(2))["turns"]["median"] == 1.5
    assert stats_of(summary(5), summary(1), summary(3))["turns"]["median"] == 3
