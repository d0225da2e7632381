"""Helpers the studio's tests share across games (issue 31): a game's table opened
from a file or a text, a move played or refused, the choice a player clicks, the
editor's loop as the page drives it, the lines an edit changed, and the studio's
server driven over HTTP.  Nothing here names a game: each test module passes its
game's commands and table class."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from sectionx.games.api import Commands
from sectionx.studio.table import Choice, Editable, Refusal, Table
from sectionx.yamlsrc import LoadError, parse_yaml, read_yaml

T = TypeVar("T")


def opened(kind: type[T], commands: Commands, path: Path, text: str | None = None) -> T:
    """The game's table of the file ``path`` (of ``text`` under that name when given),
    checked to be a ``kind``."""
    table = commands.table(path, read_yaml(path) if text is None else parse_yaml(text, path.name))
    assert isinstance(table, kind), table
    return table


def played(kind: type[T], table: Table, text: str) -> T:
    """The table after the move ``text``, checked to be a ``kind`` (not a refusal)."""
    after = table.play(text)
    assert isinstance(after, kind), f"{text}: {after}"
    return after


def refused(table: Table, text: str) -> Refusal:
    """Why the table refuses the move ``text`` (it must)."""
    after = table.play(text)
    assert isinstance(after, Refusal), text
    return after


def by_clicks(table: Table, text: str) -> Choice:
    """The choice a player picks for ``text`` by its clicks: the clicks name it alone, or
    its label tells it apart from every other choice with the same clicks."""
    choices = table.choices()
    [choice] = [c for c in choices if c.text == text]
    same = [c for c in choices if c.clicks == choice.clicks]
    if len(same) > 1:
        assert choice.label and [c.label for c in same].count(choice.label) == 1, same
    return choice


class Editor:
    """The studio's editor as the page drives it: each edit on the table of the text
    when it is valid, else on the last valid one (the app keeps it so).  ``open`` is
    the game's table of a text."""

    def __init__(self, text: str, open: Callable[[str], Editable]) -> None:
        self.text = text
        self.open = open
        self.table = open(text)

    def use(self, tool: str, spot: str, option: str = "") -> str:
        after = self.table.edit(self.text, tool, spot, option)
        assert isinstance(after, str), (tool, spot, option, after)
        self.text = after
        try:
            self.table = self.open(after)
        except LoadError:
            pass
        return after


def changed_lines(before: str, after: str) -> list[str]:
    """The lines an edit took out (``-``) and put in (``+``), no context."""
    return [line for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
            if line[:1] in "+-" and not line.startswith(("+++", "---"))]


def studio_poster(folder: Path, token: str) -> Callable[[str, dict[str, object]], dict[str, Any]]:
    """The studio's server on ``folder`` with the page opened by ``token`` (its cookie
    set), and a function posting JSON to one of its /api/ paths with the token's
    header, checking the 200 and giving the JSON object back."""
    from starlette.testclient import TestClient

    from sectionx.studio.app import HEADER, Studio, create_app
    from sectionx.studio.folder import Folder

    c = TestClient(create_app(Studio(Folder.open(folder), token)), base_url="http://127.0.0.1")
    assert c.get(f"/?token={token}").status_code == 200

    def post(path: str, data: dict[str, object]) -> dict[str, Any]:
        r = c.post(path, json=data, headers={HEADER: token})
        assert r.status_code == 200, r.text
        out = r.json()
        assert isinstance(out, dict)
        return out

    return post
