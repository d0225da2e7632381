"""Edit a YAML file's text as a person would: change the keys an edit touches, keep
everything else (comments, key order, quoting, blank lines) as it was written.

PyYAML, which reads every file of the house, drops comments; the studio's editor
writes files people wrote by hand, so its edits go through ruamel.yaml's round trip
(issue 31: "Save writes the YAML a person would write by hand, keeping the file's
comments and key order").  New keys go at the end of their mapping; new lists of
plain values are written in flow style (``[T01, T05]``), as the shipped files are.

Nothing here names a game.
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Callable, Sequence
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark, YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString
from ruamel.yaml.tokens import CommentToken

from ..errors import SectionXError

Key = str | int


class EditError(SectionXError):
    """The text cannot be edited (it is not YAML, or a key holds the wrong kind of value)."""


def _yaml(text: str = "") -> YAML:
    y = YAML(typ="rt")
    y.preserve_quotes = True
    y.width = 4096  # never fold a long line the person wrote on one
    # ruamel writes every block list with one indentation: the text's own (its first
    # block list under a key), so a list the edit did not touch is not re-indented.
    if _dash_under_key(text):
        y.indent(mapping=2, sequence=2, offset=0)
    else:
        y.indent(mapping=2, sequence=4, offset=2)
    return y


def _dash_under_key(text: str) -> bool:
    """Whether the text's first block list under a key starts its items at the key's
    column (``stacks:`` then ``- [T01]``, as ``sectionx new`` writes) rather than
    indented (``  - [T01]``)."""
    key_column: int | None = None
    for line in text.splitlines():
        stripped = line.lstrip(" ")
        if not stripped or stripped.startswith("#"):
            continue
        column = len(line) - len(stripped)
        if key_column is not None and stripped.startswith("- "):
            return column == key_column
        key_column = column if stripped.rstrip().endswith(":") and not stripped.startswith("- ") else None
    return False


def load(text: str) -> CommentedMap:
    """The text's top mapping, with its comments (an empty text is an empty mapping)."""
    try:
        data = _yaml().load(text)
    except YAMLError as exc:
        raise EditError(f"the text is not YAML the editor can change: {str(exc).splitlines()[0]}") from None
    if data is None:
        return CommentedMap()
    if not isinstance(data, CommentedMap):
        raise EditError("the file's top level is not a mapping (key: value lines)")
    return data


def dump(data: CommentedMap, like: str = "") -> str:
    """The mapping as YAML text, its block lists indented as in the text ``like``."""
    out = io.StringIO()
    _yaml(like).dump(data, out)
    return out.getvalue()


def mapping(data: CommentedMap, *path: Key, create: bool = True) -> CommentedMap | None:
    """The mapping at ``path`` under ``data`` (made, empty, where missing when
    ``create``); None when missing and not ``create``.  EditError when a value on the
    way is no mapping."""
    here: Any = data
    for key in path:
        nxt = here.get(key) if isinstance(here, dict) else None
        if nxt is None:
            if not create:
                return None
            nxt = CommentedMap()
            here[key] = nxt
        if not isinstance(nxt, CommentedMap):
            raise EditError(f"{'.'.join(str(k) for k in path)} is not a mapping")
        here = nxt
    assert isinstance(here, CommentedMap)
    return here


def flow(values: Sequence[Any]) -> CommentedSeq:
    """A list written on one line (``[a, b]``)."""
    seq = CommentedSeq(values)
    seq.fa.set_flow_style()
    return seq


def quoted(text: str) -> DoubleQuotedScalarString:
    """``text`` written in double quotes: the house writes cell keys so ("2,-1"), which
    a plain scalar would also read, but a person reads more easily quoted."""
    value: DoubleQuotedScalarString = DoubleQuotedScalarString(text)
    return value


def set_key(data: CommentedMap, path: Sequence[Key], value: Any) -> None:
    """``path[-1]`` of the mapping at ``path[:-1]`` set to ``value`` (an existing key
    keeps its place and its comment; a new one goes last, before the blank lines that
    closed the mapping)."""
    parent = mapping(data, *path[:-1])
    assert parent is not None
    key = path[-1]
    if key in parent:
        parent[key] = value
        return
    last = next(reversed(parent), None) if parent else None
    parent[key] = value
    # ruamel keeps the blank lines after a mapping as the comment of its last key:
    # they move to the new last key, so the new line is not written after them.
    token = parent.ca.items.get(last) if last is not None else None
    if token and len(token) > 2 and token[2] is not None and not isinstance(parent[last], (dict, list)):
        head, newline, rest = token[2].value.partition("\n")
        if newline and rest and not rest.strip():
            token[2].value = head + "\n"
            parent.ca.items[key] = [None, None, CommentToken("\n" + rest, CommentMark(0), None), None]


def drop_key(data: CommentedMap, path: Sequence[Key], *, prune: bool = True) -> bool:
    """Remove ``path[-1]`` from the mapping at ``path[:-1]``; with ``prune`` remove the
    mappings left empty on the way up.  Whether it was there.  The blank lines and
    comments after the last key (ruamel's comment of that key) go with it:
    :func:`remove_key` passes them to the new last key instead."""
    parent = mapping(data, *path[:-1], create=False)
    if parent is None or path[-1] not in parent:
        return False
    del parent[path[-1]]
    if prune:
        for cut in range(len(path) - 1, 0, -1):
            holder = mapping(data, *path[:cut], create=False)
            if holder is not None and not holder:
                above = mapping(data, *path[:cut - 1], create=False)
                if above is not None:
                    del above[path[cut - 1]]
    return True


def append_key(parent: CommentedMap, key: Any, value: Any) -> None:
    """``key`` added last to ``parent``, before the blank lines and comments that close
    the mapping: ruamel holds them as its last key's comment, so they move to the new
    key (unlike :func:`set_key`, which moves blank lines only and only from a scalar,
    this moves comments too, and from a flow list's or flow mapping's line).
    :func:`remove_key` undoes it byte for byte."""
    keys = list(parent)
    parent[key] = value
    token = parent.ca.items.get(keys[-1]) if keys else None
    if token and len(token) > 2 and token[2] is not None:
        head, newline, rest = token[2].value.partition("\n")
        if newline and rest:
            token[2].value = head + "\n"
            parent.ca.items[key] = [None, None, CommentToken("\n" + rest, CommentMark(0), None), None]


def insert_in_order(data: CommentedMap, key: Any, value: Any, order: Sequence[Any]) -> None:
    """A new key at its place in ``order`` (a format's top keys as its writer puts
    them): after the last key before it that the mapping has; last, by
    :func:`append_key`, when that is the mapping's last key or there is none."""
    rank = list(order).index(key)
    before = [i for i, k in enumerate(data) if k in order[:rank]]
    if not before or before[-1] == len(data) - 1:
        append_key(data, key, value)
    else:
        data.insert(before[-1] + 1, key, value)


def insert_ranked(parent: CommentedMap, key: Any, value: Any, rank: Callable[[Any], tuple[int, ...] | None]) -> None:
    """A new key in ``parent`` before the first key that ranks after it (keys that do
    not rank, ``rank`` giving None, are passed over); last, by :func:`append_key`,
    when none does."""
    mine = rank(key)
    for i, k in enumerate(parent):
        theirs = rank(k)
        if mine is not None and theirs is not None and theirs > mine:
            parent.insert(i, key, value)
            return
    append_key(parent, key, value)


def remove_key(parent: CommentedMap, key: Any) -> None:
    """``key`` removed from ``parent``, keeping the blank lines and comments written
    after it: ruamel holds those after a mapping's last key as that key's comment, so
    they move to the new last key (the last key of its block mapping where its value
    is one).  Where the new last line ends a block list they are lost rather than
    misplaced.  Undoes :func:`append_key` byte for byte; :func:`drop_key` (which
    prunes along a path) drops them."""
    keys = list(parent)
    token = parent.ca.items.get(key)
    after = ""
    if key == keys[-1] and token and len(token) > 2 and token[2] is not None:
        after = token[2].value.partition("\n")[2]
    del parent[key]
    parent.ca.items.pop(key, None)
    if not after or not parent:
        return
    holder, last = parent, keys[-2]
    while isinstance(holder[last], CommentedMap) and holder[last] and not holder[last].fa.flow_style():
        holder, last = holder[last], list(holder[last])[-1]
    if isinstance(holder[last], CommentedSeq) and not holder[last].fa.flow_style():
        return  # a block list ends in its own last line: lost rather than misplaced
    mine = holder.ca.items.get(last)
    if mine and len(mine) > 2 and mine[2] is not None:
        mine[2].value = mine[2].value + after
    else:
        holder.ca.items[last] = [None, None, CommentToken("\n" + after, CommentMark(0), None), None]


def shift_comment(parent: CommentedMap, key: Any, by: int) -> None:
    """The comment at the end of ``key``'s line (a flow list's or flow mapping's)
    moved ``by`` columns as the line grows or shrinks: ruamel keeps a comment's column,
    so a line grown past it pushes it to one space after and a line shrunk leaves a
    wider gap; moved with the line, the gap stays as the person left it, and an edit
    undone gives the text back byte for byte."""
    token = parent.ca.items.get(key)
    mark = getattr(token[2], "start_mark", None) if token and len(token) > 2 and token[2] is not None else None
    if mark is not None and isinstance(getattr(mark, "column", None), int):
        mark.column = max(0, mark.column + by)


def add_to_list(data: CommentedMap, path: Sequence[Key], value: Any) -> None:
    """``value`` appended to the list at ``path`` (a new flow list when missing)."""
    parent = mapping(data, *path[:-1])
    assert parent is not None
    found = parent.get(path[-1])
    if found is None:
        parent[path[-1]] = flow([value])
    elif isinstance(found, list):
        found.append(value)
    else:
        raise EditError(f"{'.'.join(str(k) for k in path)} is not a list")


def remove_from_list(data: CommentedMap, path: Sequence[Key], value: Any, *, prune: bool = True) -> bool:
    """The first ``value`` removed from the list at ``path`` (the list and empty
    mappings above it removed when it empties, with ``prune``).  Whether it was there."""
    parent = mapping(data, *path[:-1], create=False)
    found = parent.get(path[-1]) if parent is not None else None
    if not isinstance(found, list) or value not in found:
        return False
    found.remove(value)
    if not found and prune:
        drop_key(data, path)
    return True


def edited(text: str, change: Any) -> str:
    """``text`` after ``change(data)`` edits its top mapping in place."""
    data = load(text)
    change(data)
    return dump(data, text)


def edited_in_place(text: str, change: Any) -> str:
    """``text`` after ``change(data)``, as :func:`edited`, but with every line the edit
    did not change kept as the text wrote it, even where ruamel's round trip writes it
    otherwise (a flow list the person wrapped over two lines, which ruamel joins into
    one): the edit's lines, found by comparing the round trip before and after the
    change, are put into the text itself.  Where an edit touches a line the round trip
    rewrites, ruamel's whole text is given (as :func:`edited`)."""
    data = load(text)
    before = dump(data, text)
    change(data)
    after = dump(data, text)
    if before == text:
        return after
    if before == after:
        return text  # nothing changed: the text as it was
    base, mine, new = before.splitlines(True), text.splitlines(True), after.splitlines(True)
    kept: dict[int, int] = {}  # a round-trip line the text has as it is: its line in the text
    for tag, i1, i2, j1, _ in difflib.SequenceMatcher(None, base, mine, autojunk=False).get_opcodes():
        if tag == "equal":
            kept.update((i1 + k, j1 + k) for k in range(i2 - i1))
    out = list(mine)
    hunks = [h for h in difflib.SequenceMatcher(None, base, new, autojunk=False).get_opcodes() if h[0] != "equal"]
    for _, i1, i2, j1, j2 in reversed(hunks):
        if i1 < i2:
            lines = [kept.get(i) for i in range(i1, i2)]
            first = lines[0]
            if first is None or lines != list(range(first, first + i2 - i1)):
                return after
            start, end = first, first + i2 - i1
        elif i1 - 1 in kept or i1 == 0:
            # New lines go after the line before them, never before the line after: the
            # line before may be one the text writes otherwise ("goal: null" for
            # "goal:"), whose block the new lines are.
            start = end = kept[i1 - 1] + 1 if i1 else 0
        else:
            return after
        out[start:end] = new[j1:j2]
    return "".join(out)
