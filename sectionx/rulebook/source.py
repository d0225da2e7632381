"""What a rulebook is made of: the rules text, split into blocks, with the figures placed.

A game's rules text is Markdown (``sectionx/games/<game>/rulebook/rules-en.md``,
or a file given with ``--rules``) in one shape: numbered sections (``## 1. The
game in brief``), paragraphs that open with a bold rule id, and a table under
``## Index of rule ids`` (id, what the rule is about, its section).  The book
prints the numbered sections (or those a game names: ``sections`` of
:func:`read_rules`), in their order, and nothing else of the text.  It is parsed with
markdown-it (CommonMark and tables), so the PDF and the HTML are built from the
same tokens.

A paragraph that opens with a bold rule id (``**N3 Distance rule.**``) defines
that rule.  A figure is placed after the text of the rule it illustrates: after
the defining paragraph and the examples, lists and tables that follow it, up to
the next rule or heading.  Which rule a figure illustrates is the start of its
title (:mod:`sectionx.rulebook`).  Nothing here names a game.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from markdown_it import MarkdownIt

from ..yamlsrc import Diagnostic, LoadError, read_text

if TYPE_CHECKING:
    from markdown_it.token import Token

#: The rule id a manual problem is reported under: the manual's sources, not a rule of play.
MANUAL = "manual"

#: Most numbered sections a rules text may have (a limit, so a hostile text is refused, not set).
MAX_SECTIONS = 99

#: Heading of the table that lists every rule id (the manual's index is built from it).
INDEX_HEADING = "Index of rule ids"

_RULE = re.compile(r"^([A-Z]{1,3}[0-9]+)\b")
_SECTION = re.compile(r"^(\d+)\.\s+(.*)$")


def markdown() -> MarkdownIt:
    """The parser: CommonMark with tables, no raw HTML (a rules text is not trusted to
    write into the HTML page)."""
    return MarkdownIt("commonmark", {"html": False}).enable("table")


@dataclass(frozen=True)
class Block:
    """One block of the rules text: its tokens (a heading, paragraph, list, table or
    code block, opening to closing token), or a figure placed there."""

    kind: str  # heading, paragraph, list, table, code, figure
    tokens: tuple[Token, ...] = ()
    level: int = 0  # heading level
    rule: str = ""  # the rule id a paragraph defines
    figure: str = ""  # the figure's name, for kind "figure"
    line: int = 0  # line in the rules text (1-based), for messages


@dataclass(frozen=True)
class Section:
    """A numbered section of the rules: its number, title and blocks (its heading not included)."""

    number: int
    title: str
    blocks: tuple[Block, ...]

    @property
    def anchor(self) -> str:
        return f"section-{self.number}"


@dataclass(frozen=True)
class IndexEntry:
    """One line of the index of rule ids: the id and what the rule is about."""

    rule: str
    summary: str
    section: int


@dataclass(frozen=True)
class Rules:
    """The parsed rules text: the player sections and the index entries for their rules."""

    file: str
    sections: tuple[Section, ...]
    index: tuple[IndexEntry, ...]
    defined: dict[str, int] = field(default_factory=dict)  # rule id -> section number


def _blocks(tokens: list[Token]) -> list[Block]:
    """Top-level blocks: each runs from an opening token to its closing one (nesting 0)."""
    out: list[Block] = []
    i = 0
    while i < len(tokens):
        t = tokens[i]
        line = (t.map[0] + 1) if t.map else 0
        if t.type in {"fence", "code_block"}:
            out.append(Block("code", (t,), line=line))
            i += 1
            continue
        if t.nesting != 1:
            i += 1
            continue
        j = closing(tokens, i)
        span = tuple(tokens[i:j + 1])
        if t.type == "heading_open":
            out.append(Block("heading", span, level=int(t.tag[1:]), line=line))
        elif t.type == "paragraph_open":
            out.append(Block("paragraph", span, rule=_defined_rule(span), line=line))
        elif t.type in ("bullet_list_open", "ordered_list_open"):
            out.append(Block("list", span, line=line))
        elif t.type == "table_open":
            out.append(Block("table", span, line=line))
        else:  # blockquote and the like: kept as a paragraph-like block
            out.append(Block("paragraph", span, line=line))
        i = j + 1
    return out


def closing(tokens: list[Token] | tuple[Token, ...], i: int) -> int:
    """The index of the token that closes the one opened at ``i``."""
    depth, j = 0, i
    while True:
        depth += tokens[j].nesting
        if depth == 0:
            return j
        j += 1


def _defined_rule(span: tuple[Token, ...]) -> str:
    """The rule id a paragraph defines: it opens with bold text that starts with an id."""
    inline = span[1]
    kids = [k for k in inline.children or [] if k.type != "text" or k.content]
    if len(kids) >= 2 and kids[0].type == "strong_open" and kids[1].type == "text":
        m = _RULE.match(kids[1].content)
        if m:
            return m.group(1)
    return ""


def heading_text(block: Block) -> str:
    return block.tokens[1].content if block.kind == "heading" else ""


def read_rules(path: str | Path, sections: range | None = None) -> Rules:
    """Parse the rules text at ``path``; LoadError (at the line) if it lacks what the
    manual needs: its numbered sections (``sections``, every one of them, when
    given; else every numbered section it has, at least one) and the index of rule
    ids.  Only those sections are printed."""
    text, name = read_text(path, what="rules text")
    tokens = markdown().parse(text)
    blocks = _blocks(tokens)
    printed: list[Section] = []
    index_rows: list[tuple[str, str, int]] = []
    current: tuple[int, str] | None = None
    body: list[Block] = []
    in_index = False

    def close() -> None:
        if current is not None:
            printed.append(Section(current[0], current[1], tuple(body)))

    for b in blocks:
        if b.kind == "heading" and b.level == 2:
            close()
            current, body, in_index = None, [], False
            title = heading_text(b)
            m = _SECTION.match(title)
            if m and (int(m.group(1)) in sections if sections is not None else int(m.group(1)) <= MAX_SECTIONS):
                current = (int(m.group(1)), m.group(2))
            in_index = title.strip() == INDEX_HEADING
            continue
        if current is not None:
            body.append(b)
        elif in_index and b.kind == "table":
            index_rows += _index_rows(b)
    close()
    wrapped = _wrapped_lists(name, [b for s in printed for b in s.blocks])
    if wrapped:
        raise LoadError(wrapped)
    found = {s.number for s in printed}
    wanted = sections if sections is not None else range(1, 2)
    missing = [n for n in wanted if n not in found]
    if missing:
        shown = f"sections {wanted.start} to {wanted.stop - 1}" if len(wanted) > 1 else "numbered sections"
        raise LoadError([Diagnostic(name, 0, 0, f"the rules text has no section {missing[0]} (a heading '## {missing[0]}. ...'); "
                                    f"the manual prints {shown}", MANUAL)])
    defined: dict[str, int] = {}
    for s in printed:
        for b in s.blocks:
            if b.rule:
                defined.setdefault(b.rule, s.number)
    if not index_rows:
        raise LoadError([Diagnostic(name, 0, 0, f"the rules text has no table under '## {INDEX_HEADING}'", MANUAL)])
    index = tuple(IndexEntry(rule, summary, defined[rule]) for rule, summary, _ in index_rows if rule in defined)
    return Rules(name, tuple(printed), index, defined)


def _wrapped_lists(name: str, blocks: list[Block]) -> list[Diagnostic]:
    """A list that starts on the line after a paragraph's last, with no blank line
    between: Markdown ends the paragraph there, so a line of running text that wraps
    to start with ``1.`` or ``- `` ("... of value / 1. Lava stays") becomes a list.
    Refused at its line; an intended list follows a blank line."""
    out = []
    for before, b in itertools.pairwise(blocks):
        ends, starts = before.tokens[0].map if before.tokens else None, b.tokens[0].map if b.tokens else None
        if b.kind == "list" and before.kind == "paragraph" and ends and starts and ends[1] == starts[0]:
            out.append(Diagnostic(name, b.line, 1, "a line of the paragraph above starts like a list item ('1.', '-'), so "
                                  "Markdown ends the paragraph there and prints a list: rewrap the line, or leave a blank "
                                  "line before a list", MANUAL))
    return out


def _index_rows(table: Block) -> list[tuple[str, str, int]]:
    """(id, summary, line) of each body row of the index table."""
    rows: list[tuple[str, str, int]] = []
    cells: list[str] = []
    in_body = False
    line = 0
    for t in table.tokens:
        if t.type == "tbody_open":
            in_body = True
        elif t.type == "tr_open":
            cells, line = [], (t.map[0] + 1) if t.map else 0
        elif t.type == "inline" and in_body:
            cells.append(t.content)
        elif t.type == "tr_close" and in_body and len(cells) >= 2:
            rows.append((cells[0].strip(), cells[1].strip(), line))
    return rows


def split_title(title: str, rule: str) -> tuple[str, str]:
    """A figure's title as ``(rule id, the rest)`` where it starts with the id of the rule
    it illustrates (``N3: the distance rule`` gives ``("N3", "The distance rule")``), so
    the book prints the id in small print; ``("", title)`` where it does not."""
    m = re.match(rf"^{re.escape(rule)}\s*:\s*(\S.*)$", title) if rule else None
    if not m:
        return "", title
    rest = m.group(1)
    return rule, rest[:1].upper() + rest[1:]


def place_figures(rules: Rules, placement: list[tuple[str, str]]) -> Rules:
    """The rules with each ``(figure, rule id)`` figure put after the text of its rule,
    in the order given.  A rule defined by two paragraphs (Z1 and its clarification)
    gets its figures after the last.  A rule the text does not define is the
    caller's to report."""
    after: dict[str, list[str]] = {}
    for figure, rule in placement:
        after.setdefault(rule, []).append(figure)
    last: dict[str, tuple[int, int]] = {}
    for si, s in enumerate(rules.sections):
        for bi, b in enumerate(s.blocks):
            if b.rule:
                last[b.rule] = (si, bi)
    sections = []
    for si, s in enumerate(rules.sections):
        out: list[Block] = []
        pending: list[str] = []
        for bi, b in enumerate(s.blocks):
            if (b.rule or b.kind == "heading") and pending:
                out += [Block("figure", figure=f) for f in pending]
                pending = []
            out.append(b)
            if b.rule and last[b.rule] == (si, bi):
                pending = list(after.get(b.rule, ()))
        out += [Block("figure", figure=f) for f in pending]
        sections.append(Section(s.number, s.title, tuple(out)))
    return Rules(rules.file, tuple(sections), rules.index, rules.defined)


__all__ = ["INDEX_HEADING", "MANUAL", "MAX_SECTIONS", "Block", "IndexEntry", "Rules", "Section",
           "closing", "heading_text", "markdown", "place_figures", "read_rules", "split_title"]
