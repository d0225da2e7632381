"""The terminal picture's shared words: a puzzle's goal as a sentence (Q1-Q4)."""

from sectionx.colours import Colour
from sectionx.games.sectionx.model import Goal, GoalKind
from sectionx.games.sectionx.render.text import goal_sentence


def test_goal_sentences_read_as_english():
    assert goal_sentence(Goal(GoalKind.FREE, Colour.RED, 1, 2)) == "red to bring 1 prisoner onto a green area within 2 turns"
    assert goal_sentence(Goal(GoalKind.FREE, Colour.BLUE, 3, 1)) == "blue to bring 3 prisoners onto green areas within 1 turn"
    assert goal_sentence(Goal(GoalKind.HIDE, Colour.YELLOW)) == \
        "yellow to hide every prisoner still in play in a hideout or on the island, losing none"
    assert goal_sentence(Goal(GoalKind.KEY, Colour.PURPLE, turns=4)) == "purple to gain the master key within 4 turns"
    assert goal_sentence(Goal(GoalKind.ZONE, Colour.RED, zone="NE")) == "red to claim free zone NE"


def test_an_all_goal_lists_its_parts_held_at_once():
    goal = Goal(GoalKind.ALL, Colour.BLUE, turns=3,
                parts=(Goal(GoalKind.FREE, count=2), Goal(GoalKind.KEY)))
    assert goal_sentence(goal) == \
        "blue to bring 2 prisoners onto green areas and gain the master key, all at once, within 3 turns"
    three = Goal(GoalKind.ALL, Colour.RED, parts=(Goal(GoalKind.ZONE, zone="E"), Goal(GoalKind.KEY), Goal(GoalKind.HIDE)))
    assert goal_sentence(three).startswith("red to claim free zone E, gain the master key and hide every prisoner")


def test_a_puzzles_stacks_are_shown_open_or_empty():
    """Q3: a puzzle's stacks are open; N5: empty stacks skip phase 1.  A game's are face down."""
    from sectionx.games.sectionx import formats
    from sectionx.games.sectionx.render.text import describe

    drawn = formats.loads("players: [red, blue]\nstacks: [[T01], [T16], []]\ngoal: {kind: free, turns: 2}\n").scenario
    assert "Stacks (open, Q3): 1 / 1 / 0 tiles; tops T01, T16, -." in describe(drawn.state, puzzle=True)
    empty = formats.loads("players: [red, blue]\ngoal: {kind: free, turns: 2}\n").scenario
    assert "phase 1 is skipped (N5)" in describe(empty.state, puzzle=True)
    assert "face down" in describe(drawn.state)


def test_a_skipped_phase_1_is_told_as_the_tile_action():
    """N5: empty stacks skip phase 1; N1: so do 3 tiles in hand; otherwise phase 1 is told."""
    from sectionx.games.sectionx import formats
    from sectionx.games.sectionx.render.text import describe

    empty = formats.loads("players: [red, blue]\ngoal: {kind: free, turns: 2}\n").scenario
    assert "phase 2 (tile action; phase 1 skipped: the stacks are empty, N5)" in describe(empty.state)
    full = formats.loads("players: [red, blue]\nhands: {red: [T01, T02, T03]}\n").scenario
    assert "phase 1 skipped: 3 tiles in hand, N1" in describe(full.state)
    drawing = formats.loads("players: [red, blue]\n").scenario
    assert "phase 1 (take a tile)" in describe(drawing.state)
