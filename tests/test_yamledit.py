"""sectionx/studio/yamledit.py's key helpers the game editors share (issue 31, "Save
writes the YAML a person would write by hand"): a key appended goes before the blank
lines and comments that close its mapping, a key removed passes them back, so an
add undone gives the text back byte for byte; a key put in a format's order or by rank."""

from __future__ import annotations

from typing import Any

import pytest
from ruamel.yaml.comments import CommentedMap

from sectionx.studio import yamledit as ye

CLOSINGS = ["", "\n", "\n\n", "# notes\n", "\n# notes\n\n", "\n\n# one\n# two\n"]


def round_trip(text: str, change: Any) -> str:
    return ye.edited(text, change)


@pytest.mark.parametrize("closing", CLOSINGS)
@pytest.mark.parametrize("kind, line", [("int", "new: 5"), ("text", "new: word"), ("list", "new: [1, 2]"),
                                        ("map", "new: {x: 1}")])
def test_a_key_appended_goes_before_the_closing_lines_and_removed_gives_the_text_back(
        closing: str, kind: str, line: str) -> None:
    text = "game: x\nto_move: red\n" + closing
    value: Any = {"int": 5, "text": "word", "list": ye.flow([1, 2])}.get(kind)
    if kind == "map":
        value = CommentedMap([("x", 1)])
        value.fa.set_flow_style()
    added = round_trip(text, lambda d: ye.append_key(d, "new", value))
    assert added == "game: x\nto_move: red\n" + line + "\n" + closing
    assert round_trip(added, lambda d: ye.remove_key(d, "new")) == text


def test_a_key_removed_from_a_nested_block_mapping_passes_its_closing_lines_to_the_new_last_line() -> None:
    text = "stones:\n  a1: [red1]\n  c3: [green2]\n\n# end\n"
    assert round_trip(text, lambda d: ye.remove_key(d["stones"], "c3")) == "stones:\n  a1: [red1]\n\n# end\n"
    top = "game: x\nstones:\n  a1: [red1]\ntrack: {red: 5}\n\n# end\n"
    assert round_trip(top, lambda d: ye.remove_key(d, "track")) == "game: x\nstones:\n  a1: [red1]\n\n# end\n"


def test_insert_in_order_puts_a_key_after_the_last_one_before_it() -> None:
    order = ("game", "title", "stones", "track", "goal")
    text = "game: x\ntrack: {red: 1}\ngoal: g\n"
    assert round_trip(text, lambda d: ye.insert_in_order(d, "stones", ye.flow([1]), order)) \
        == "game: x\nstones: [1]\ntrack: {red: 1}\ngoal: g\n"
    # the last key before it is the file's last: appended, before the closing lines
    assert round_trip("game: x\n\n# end\n", lambda d: ye.insert_in_order(d, "track", 3, order)) \
        == "game: x\ntrack: 3\n\n# end\n"
    # none before it: last
    assert round_trip("goal: g\n", lambda d: ye.insert_in_order(d, "game", "x", order)) == "goal: g\ngame: x\n"


def test_insert_ranked_goes_before_the_first_key_ranking_after_it_passing_keys_that_do_not_rank() -> None:
    def rank(key: Any) -> tuple[int, ...] | None:
        return (int(key[1:]),) if str(key)[1:].isdigit() else None

    text = "a1: 1\nodd: 0\na3: 3\n"
    assert round_trip(text, lambda d: ye.insert_ranked(d, "a2", 2, rank)) == "a1: 1\nodd: 0\na2: 2\na3: 3\n"
    assert round_trip(text, lambda d: ye.insert_ranked(d, "a9", 9, rank)) == "a1: 1\nodd: 0\na3: 3\na9: 9\n"


def test_shift_comment_keeps_the_gap_before_a_flow_lines_comment() -> None:
    text = "red: [a, b]   # hand\n"

    def grow(d: Any) -> None:
        ye.shift_comment(d, "red", 3)
        d["red"].append("c")

    grown = round_trip(text, grow)
    assert grown == "red: [a, b, c]   # hand\n"

    def shrink(d: Any) -> None:
        ye.shift_comment(d, "red", -3)
        del d["red"][-1]

    assert round_trip(grown, shrink) == text


def test_edited_in_place_keeps_the_lines_the_round_trip_would_rewrite() -> None:
    """A flow list wrapped over two lines, which ruamel's round trip joins into one, stays
    as written when an edit touches another key; an edit of that very list gives
    ruamel's text (as edited does); a change that changes nothing gives the text."""
    text = 'game: x\nfollowers:\n  green: ["0,-2 field:Se", "1,1 road:N",\n    "0,2 field:Nw"]\nturn: red\n# end\n'
    assert ye.edited(text, lambda d: None) != text  # the round trip joins the wrapped list
    turned = ye.edited_in_place(text, lambda d: ye.set_key(d, ["turn"], "green"))
    assert turned == text.replace("turn: red", "turn: green")
    added = ye.edited_in_place(text, lambda d: ye.append_key(d, "goal", "x"))
    assert added == text.replace("turn: red\n", "turn: red\ngoal: x\n")
    assert ye.edited_in_place(added, lambda d: ye.remove_key(d, "goal")) == text
    first = ye.edited_in_place(text, lambda d: ye.insert_in_order(d, "format", 1, ["game", "format", "followers"]))
    assert first == text.replace("game: x\n", "game: x\nformat: 1\n")
    assert ye.edited_in_place(text, lambda d: None) == text
    joined = ye.edited_in_place(text, lambda d: d["followers"]["green"].append("9,9 road:E"))
    assert joined == ye.edited(text, lambda d: d["followers"]["green"].append("9,9 road:E"))
    assert ye.edited_in_place("a: 1\n", lambda d: ye.set_key(d, ["a"], 2)) == "a: 2\n"
    # New lines under a key the text writes otherwise ("goal: null", the round trip's
    # "goal:") are not put after the text's line: that would not be YAML.
    null = "goal: null\nturn: red\n"
    filled = ye.edited_in_place(null, lambda d: d.__setitem__("goal", CommentedMap([("kind", "key")])))
    assert filled == "goal:\n  kind: key\nturn: red\n"
