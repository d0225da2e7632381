"""The terminal picture's shared words: a puzzle's goal as a sentence (Q1-Q3)."""

from sectionx.model import Colour, Goal, GoalKind
from sectionx.render.text import goal_sentence


def test_goal_sentences_read_as_english():
    assert goal_sentence(Goal(GoalKind.FREE, Colour.RED, 1, 2)) == "red to bring 1 prisoner onto a green area within 2 turns"
    assert goal_sentence(Goal(GoalKind.FREE, Colour.BLUE, 3, 1)) == "blue to bring 3 prisoners onto green areas within 1 turn"
    assert goal_sentence(Goal(GoalKind.HIDE, Colour.YELLOW)) == \
        "yellow to hide every prisoner still in play in a hideout or on the island"
    assert goal_sentence(Goal(GoalKind.KEY, Colour.PURPLE, turns=4)) == "purple to gain the master key within 4 turns"
