"""Reading YAML with positions, and checking it against the published JSON Schema.

Every value read keeps the line and column it came from, so that every error,
structural or about the rules, can be reported as ``FILE:LINE:COLUMN: message
(rule)``.  Only safe YAML is read: no tags beyond the plain types, no aliases,
no merge keys, no duplicate keys, nothing larger than :data:`MAX_BYTES` or nested
deeper than :data:`MAX_DEPTH`.  Any of these gives a :class:`LoadError`, never a
traceback.
"""

from __future__ import annotations

import contextlib
import contextvars
import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import SectionXError
from .fileio import FILE_RULE, FileProblem, read_bytes

MAX_BYTES = 1 << 20
MAX_DEPTH = 40
#: Most values (scalars, lists, mappings) one file may hold.  A megabyte of ``[1,1,1,…]``
#: is half a million values; PyYAML keeps about 5 KB for each (2.4 GB measured), so without
#: this bound a small file could take gigabytes.  The longest real file, a game
#: record of some thousands of actions, holds a few thousand values.
MAX_VALUES = 100_000
MAX_INT = 2**63
#: The largest seed, on the command line (``--seed``) or in a file (a record's
#: ``seed:``, a puzzle's grade id): the largest whole number a file may hold.  Seeds
#: start at 0 (Python's random.Random(-5) is Random(5): a negative seed would
#: silently repeat another game).
MAX_SEED = MAX_INT - 1
#: Rule id used for problems of form rather than of the game's rules.
FORMAT = "format"

YamlPath = tuple[Any, ...]


@dataclass(frozen=True, order=True)
class Diagnostic:
    """One problem, located: ``FILE:LINE:COLUMN: message (rule)``.

    ``line`` 0 means the problem concerns the file as a whole.
    """

    file: str
    line: int
    column: int
    message: str
    rule: str = FORMAT
    #: The message was replaced so as not to quote a file the user did not name.
    hidden: bool = field(default=False, compare=False)

    @property
    def unreadable(self) -> bool:
        """The file could not be read at all: missing, not a regular file, too large,
        refused by the system.  That is no rule broken (nor a problem of form), so
        its line names no rule: issue 11, where ``no such file (format)`` read as if
        the file broke a ruling."""
        return self.line == 0 and self.rule == FILE_RULE

    def __str__(self) -> str:
        """``FILE:LINE:COLUMN: message (rule)``; ``FILE: message (rule)`` for a problem
        of the whole file; ``FILE: message`` for a file that cannot be read."""
        if self.unreadable:
            return f"{self.file}: {self.message}"
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.message} ({self.rule})"


class LoadError(SectionXError):
    """A file could not be read or is not valid; holds every problem found.

    ``usage``: the problems are the command line's, not the file's: an option's value
    that a valid file cannot serve (``--paper b5`` that the template does not know, a
    ``--tile-size`` its tokens do not fit); the command exits USAGE, not INVALID."""

    def __init__(self, diagnostics: Iterable[Diagnostic], *, usage: bool = False):
        self.diagnostics = sorted(diagnostics)
        self.usage = usage
        super().__init__("\n".join(str(d) for d in self.diagnostics))


@dataclass
class Doc:
    """Plain data read from a YAML file, with the position of every value and key."""

    file: str
    data: Any
    values: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)
    keys: dict[YamlPath, tuple[int, int]] = field(default_factory=dict)

    def position(self, path: YamlPath, *, key: bool = False) -> tuple[int, int]:
        """Line and column of ``path`` (its key when ``key``), else of its nearest ancestor."""
        path = tuple(path)
        if key and path in self.keys:
            return self.keys[path]
        while path:
            if path in self.values:
                return self.values[path]
            if path in self.keys:
                return self.keys[path]
            path = path[:-1]
        return self.values.get((), (1, 1))

    def diag(self, path: YamlPath, message: str, rule: str = FORMAT, *, key: bool = False) -> Diagnostic:
        line, col = self.position(path, key=key)
        return Diagnostic(self.file, line, col, message, rule)


# ------------------------------------------------------------------------ reading


def read_text(path: str | Path, *, what: str = "sectionx file") -> tuple[str, str]:
    """The text of ``path`` and the name to report it by; LoadError if unreadable.

    Reads through :func:`sectionx.fileio.read_bytes`: regular files only, at most
    :data:`MAX_BYTES`, counted while reading.
    """
    name = str(path)
    try:
        raw = read_bytes(path, MAX_BYTES, what=what)
    except FileProblem as exc:
        raise LoadError([Diagnostic(name, 0, 0, exc.message, exc.rule)]) from None
    try:
        return raw.decode("utf-8-sig"), name
    except UnicodeDecodeError as exc:
        raise LoadError([Diagnostic(name, 0, 0, f"is not UTF-8 text (byte {exc.start})")]) from None


#: Values left for the files one check reads together (a scenario and the board, tile
#: set and start it names): without a shared budget, three files at the limit each
#: would take three times the memory.  None outside :func:`shared_budget`.
_budget: contextvars.ContextVar[list[int] | None] = contextvars.ContextVar("sectionx_values", default=None)


@contextlib.contextmanager
def shared_budget(values: int = MAX_VALUES) -> Iterator[None]:
    """Within this block, all files parsed together hold at most ``values`` values."""
    token = _budget.set([values])
    try:
        yield
    finally:
        _budget.reset(token)


class _Refused(yaml.MarkedYAMLError):
    """A construct sectionx files do not allow, found while composing."""


class _Loader(yaml.SafeLoader):
    """PyYAML's safe loader with three guards added while the node tree is built.

    Aliases are refused where they are written, before anything is expanded (a
    "billion laughs" file stops at its first alias); nesting is counted as it
    goes, so a file of ten thousand ``[`` is refused with its position instead
    of exhausting the stack; and dates and ``=`` are read as plain text (no
    sectionx value is a date, and a title like 2024-01-01 is meant as text).
    """

    # Numbers as YAML 1.2 reads them (added below): YAML 1.1's octal 017 = 15, binary
    # 0b101 and sexagesimal 1:30 = 90 surprise people, and a megabyte of 1:0:0:…
    # takes minutes to convert.
    yaml_implicit_resolvers = {  # noqa: RUF012 - PyYAML's own class table, replaced whole
        key: [(tag, regexp) for tag, regexp in resolvers
              if tag not in ("tag:yaml.org,2002:timestamp", "tag:yaml.org,2002:value",
                             "tag:yaml.org,2002:int", "tag:yaml.org,2002:float")]
        for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
    }

    def __init__(self, stream: str):
        super().__init__(stream)
        self.depth = 0
        self.count = 0
        self.anchor_mark: tuple[str, Any] | None = None

    def compose_node(self, parent: Node | None, index: Any) -> Node | None:
        event: Any = self.peek_event()  # type: ignore[no-untyped-call]  # types-PyYAML leaves Parser.peek_event unannotated
        mark: Any = event.start_mark  # PyYAML's C and Python marks are one thing to us
        if isinstance(event, yaml.AliasEvent):
            raise _Refused(None, None, f"uses a YAML alias (*{event.anchor}); aliases and anchors are not allowed", mark)
        if getattr(event, "anchor", None) and self.anchor_mark is None:
            self.anchor_mark = (event.anchor, event.start_mark)
        self.depth += 1
        self.count += 1
        if self.depth > MAX_DEPTH:
            raise _Refused(None, None, f"nests deeper than {MAX_DEPTH} levels", event.start_mark)
        if self.count > MAX_VALUES:
            raise _Refused(None, None, f"holds more than {MAX_VALUES:,} values; sectionx files are smaller",
                           event.start_mark)
        shared = _budget.get()
        if shared is not None:
            shared[0] -= 1
            if shared[0] < 0:
                raise _Refused(None, None, f"with the files read before it, holds more than {MAX_VALUES:,} values; "
                                           "sectionx files are smaller", event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


# YAML 1.2's core schema: 1e30 is a number (YAML 1.1 wanted a dot), 017 is seventeen.
_INT_RE = re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$")
_FLOAT_RE = re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$")
_Loader.add_implicit_resolver("tag:yaml.org,2002:int", _INT_RE, list("-+0123456789"))
_Loader.add_implicit_resolver("tag:yaml.org,2002:float", _FLOAT_RE, list("-+0123456789."))
#: Longest text value and longest key (characters).  The longest text sectionx reads is a
#: description (5,000); checked before any pattern is tried on the text.
MAX_TEXT = 10_000
MAX_KEY = 100
#: Characters refused anywhere in a value or key: C0 controls but tab and newline, DEL, C1.
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
#: Line breaks to YAML but not to editors: they would shift every reported line number.
_ODD_BREAKS = re.compile("[\u0085\u2028\u2029]")


def _number(tag: str, text: str) -> int | float:
    """A YAML 1.2 number (the resolvers above chose the tag)."""
    if tag.endswith(":int"):
        if text[:2] in ("0o", "0x"):
            return int(text, 0)
        return int(text, 10)
    lowered = text.lower()
    if lowered.lstrip("+-") == ".inf":
        return float("-inf") if lowered.startswith("-") else float("inf")
    if lowered == ".nan":
        return float("nan")
    return float(text)


def _line_col(text: str, position: int) -> tuple[int, int]:
    before = text[:position]
    return before.count("\n") + 1, position - (before.rfind("\n") + 1) + 1


def parse_yaml(text: str, name: str) -> Doc:
    """Parse one YAML document into plain data with positions."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise LoadError([Diagnostic(name, 0, 0, f"is larger than {MAX_BYTES // 1024} KiB")])
    odd = _ODD_BREAKS.search(text)
    if odd:
        line, col = _line_col(text, odd.start())
        raise LoadError([Diagnostic(name, line, col, f"contains U+{ord(odd.group()):04X}, which YAML counts as a line "
                                    f"break; write it as \\u{ord(odd.group()):04X} inside double quotes")])
    loader = None
    try:
        loader = _Loader(text)
        node = loader.get_single_node()
    except yaml.reader.ReaderError as exc:
        line, col = _line_col(text, exc.position)
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        message = f"contains the character {char!r} ({ord(char):#x}), which YAML text may not hold"
        raise LoadError([Diagnostic(name, line, col, message)]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = " ".join((exc.problem or exc.context or "invalid YAML").split())
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        prefix = "" if isinstance(exc, _Refused) else "not valid YAML: "
        raise LoadError([Diagnostic(name, line, col, prefix + problem)]) from None
    except yaml.YAMLError as exc:
        raise LoadError([Diagnostic(name, 0, 0, "not valid YAML: " + " ".join(str(exc).split()))]) from None
    except RecursionError:  # pragma: no cover - the depth guard comes first
        raise LoadError([Diagnostic(name, 0, 0, f"nests deeper than {MAX_DEPTH} levels")]) from None
    finally:
        if loader is not None:
            loader.dispose()
    if node is None:
        raise LoadError([Diagnostic(name, 0, 0, "is empty; expected a YAML mapping")])
    if loader.anchor_mark is not None:
        anchor, mark = loader.anchor_mark
        raise LoadError([Diagnostic(name, mark.line + 1, mark.column + 1,
                                    f"defines a YAML anchor (&{anchor}); aliases and anchors are not allowed")])
    builder = _Builder(name)
    data = builder.build(node, ())
    if builder.problems:
        raise LoadError(builder.problems)
    return Doc(name, data, builder.values, builder.keys)


def read_yaml(path: str | Path, *, what: str = "sectionx file") -> Doc:
    """Read and parse a YAML file (see :func:`read_text` and :func:`parse_yaml`)."""
    text, name = read_text(path, what=what)
    return parse_yaml(text, name)


def unquoted(diagnostics: Iterable[Diagnostic], what: str, referrer: str) -> list[Diagnostic]:
    """Problems found in files that another file named (a scenario's board file, a
    record's start), told without quoting them: a shared file must not be able to
    make sectionx print the contents of a file the user never named.  Each such
    file gets one line, at its first problem, saying how many it has.  Problems of
    a whole file (missing, too large, not text) quote nothing and are kept; so are
    problems already told this way (a file named by a file named by this one)."""
    out: list[Diagnostic] = []
    counted: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        if d.line == 0 or d.hidden:
            out.append(d)
        else:
            counted.setdefault(d.file, []).append(d)
    for file, found in counted.items():
        first = min(found)
        n = len(found)
        out.append(Diagnostic(file, first.line, first.column,
                              f"this {what}, named by {referrer}, has {n} problem{'s' if n != 1 else ''} (the first here); "
                              "run sectionx validate on it to see them (contents of named files are not quoted)",
                              first.rule, hidden=True))
    return sorted(out)


_STD_TAGS = {
    "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq",
    "tag:yaml.org,2002:str",
    "tag:yaml.org,2002:int",
    "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null",
}


class _Builder:
    """Turns a composed node tree into plain data, recording positions."""

    def __init__(self, name: str):
        self.name = name
        self.values: dict[YamlPath, tuple[int, int]] = {}
        self.keys: dict[YamlPath, tuple[int, int]] = {}
        self.problems: list[Diagnostic] = []
        self.constructor = yaml.constructor.SafeConstructor()

    def problem(self, node: Node, message: str) -> None:
        m = node.start_mark
        self.problems.append(Diagnostic(self.name, m.line + 1, m.column + 1, message))

    def build(self, node: Node, path: YamlPath) -> Any:
        # Aliases and deep nesting were refused while composing (_Loader).
        self.values[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
        if node.tag not in _STD_TAGS:
            self.problem(node, f"uses the YAML tag {node.tag}; only plain values are allowed")
            return None
        if isinstance(node, ScalarNode):
            return self.scalar(node)
        if isinstance(node, SequenceNode):
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        assert isinstance(node, MappingNode)
        result: dict[str, Any] = {}
        first: dict[str, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge" or key_node.value == "<<":
                self.problem(key_node, "merge keys (<<) are not allowed")
                continue
            if not isinstance(key_node, ScalarNode) or key_node.tag not in _STD_TAGS:
                self.problem(key_node, "keys must be plain text")
                continue
            if _has_surrogate(key_node.value):
                self.problem(key_node, f"key {key_node.value!r} holds a character that is not text (a lone surrogate)")
                continue
            if len(key_node.value) > MAX_KEY:
                self.problem(key_node, f"a key is longer than {MAX_KEY} characters")
                continue
            if _CONTROL.search(key_node.value):
                self.problem(key_node, f"key {_shown(key_node.value)} holds a control character")
                continue
            # Keys are always text in sectionx files: keep exactly what was
            # written (so "1,-2" or "NO" stay as typed).
            key = key_node.value
            if key in first:
                self.problem(key_node, f"duplicate key {key!r} (first at line {first[key]})")
                continue
            first[key] = key_node.start_mark.line + 1
            self.keys[path + (key,)] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            result[key] = self.build(value_node, path + (key,))
        return result

    def scalar(self, node: ScalarNode) -> Any:
        shown = node.value[:20] + ("..." if len(node.value) > 20 else "")
        if len(node.value) > MAX_TEXT:
            self.problem(node, f"a value is longer than {MAX_TEXT:,} characters")
            return None
        control = _CONTROL.search(node.value)
        if control:
            self.problem(node, f"value {shown!r} holds a control character ({control.group()!r})")
            return None
        try:
            if node.tag in ("tag:yaml.org,2002:int", "tag:yaml.org,2002:float") and node.style is None:
                value: object = _number(node.tag, node.value)
            else:
                value = self.constructor.construct_object(node)
        except Exception as exc:  # noqa: BLE001 - PyYAML raises KeyError, ValueError… for odd scalars
            reason = "number too large" if "digits" in str(exc) else "cannot be read"
            self.problem(node, f"value {shown!r}: {reason}")
            return None
        if isinstance(value, float) and not math.isfinite(value):
            self.problem(node, f"value {shown!r} is not a finite number")
            return None
        # Hex and sexagesimal escape Python's digit limit; nothing in sectionx is this big.
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= MAX_INT:
            self.problem(node, f"value {shown!r}: number too large")
            return None
        if isinstance(value, str) and _has_surrogate(value):
            self.problem(node, f"value {shown!r} holds a character that is not text (a lone surrogate)")
            return None
        return value


def _has_surrogate(text: str) -> bool:
    return any("\ud800" <= ch <= "\udfff" for ch in text)


# ------------------------------------------------------------------------ schema


@cache
def schema() -> dict[str, Any]:
    """The published JSON Schema (``sectionx/data/schema/sectionx.schema.json``)."""
    text = resources.files("sectionx").joinpath("data/schema/sectionx.schema.json").read_text("utf-8")
    published: dict[str, Any] = json.loads(text)
    return published


def ecma_pattern(pattern: str) -> str:
    """A schema ``pattern`` as Python's ``re`` must read it to mean what JSON Schema says.

    Patterns are ECMA-262 regular expressions: ``$`` matches only at the end of the
    text, ``\\d`` only the ASCII digits.  Python's ``$`` also matches before a final
    newline (so ``"red2\\n"`` passed ``^red[0-3]$`` and crashed later), and its ``\\d``
    matches any script's digits (the cell 2,0 written with an Arabic-Indic two, U+0662,
    passed).  ``$`` outside a character class becomes ``\\Z`` and ``\\d`` becomes 0-9; the
    published schema keeps ECMA's spelling, for editors."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            pair = pattern[i:i + 2]
            out.append("[0-9]" if pair == "\\d" and not in_class else "0-9" if pair == "\\d" else pair)
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
        elif c == "$":
            c = "\\Z"
        out.append(c)
        i += 1
    return "".join(out)


def _python_patterns(node: Any) -> Any:
    """``node`` (a schema) with every ``pattern`` and ``patternProperties`` key read
    by :func:`ecma_pattern`: every keyword that matches text (pattern, propertyNames'
    pattern, patternProperties, and additionalProperties, which consults them)."""
    if isinstance(node, list):
        return [_python_patterns(v) for v in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in node.items():
        if key == "pattern" and isinstance(value, str):
            out[key] = ecma_pattern(value)
        elif key == "patternProperties" and isinstance(value, dict):
            out[key] = {ecma_pattern(k): _python_patterns(v) for k, v in value.items()}
        else:
            out[key] = _python_patterns(value)
    return out


@cache
def _validator(definition: str) -> jsonschema.protocols.Validator:
    # The published root picks Breakout or Section X by the file's `game:` key; checking
    # against one definition drops that choice.
    root = {k: _python_patterns(v) for k, v in schema().items() if k not in ("if", "then", "else")}
    root["$ref"] = f"#/$defs/{definition}"
    cls = jsonschema.validators.validator_for(root)
    # JSON Schema counts 3.0 as an integer; every integer sectionx reads is a count,
    # an index or a coordinate used as one, so a float there is refused here, in one
    # place, rather than crashing later or printing "round 2.0".
    checker = cls.TYPE_CHECKER.redefine("integer", lambda _, value: isinstance(value, int) and not isinstance(value, bool))
    # types-jsonschema leaves validators.extend unannotated.
    validator: jsonschema.protocols.Validator = jsonschema.validators.extend(cls, type_checker=checker)(root)  # type: ignore[no-untyped-call]
    return validator


def flow(value: Any) -> str:
    """One value as a single line of YAML (a quoted string, a flow mapping or list),
    for the files the games write."""
    return str(yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=10_000, sort_keys=False)
               ).strip().removesuffix("...").strip()


#: What a file checked against a definition is called, when it is not that at all.
_FILE_WORDS = {"scenario": "sectionx", "record": "game record", "catalogue": "tile-set", "template": "print template",
               "breakout": "Breakout", "breakout_record": "Breakout record", "hekla": "Hekla",
               "hekla_record": "Hekla record"}


def check_schema(doc: Doc, definition: str = "scenario") -> list[Diagnostic]:
    """Every place where ``doc`` breaks the schema's ``definition``.

    A file that is not a mapping at all (a text file given as ``--board``, a list) is
    one problem that says so without quoting it: its first line may be anything
    (a password file's), and no key of it was meant for sectionx."""
    if not isinstance(doc.data, dict) and schema()["$defs"].get(definition, {}).get("type") == "object":
        what = _FILE_WORDS.get(definition, definition.replace("_", " "))
        return [doc.diag((), f"not a YAML {what} file: it holds {_TYPE_WORDS.get(_json_type(doc.data), 'something')}, "
                             "not key: value lines")]
    out: list[Diagnostic] = []
    for error in _validator(definition).iter_errors(doc.data):
        out.extend(_translate(doc, error))
    return sorted(set(out))


_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "text",
    "array": "a list",
    "object": "a mapping (key: value lines)",
    "boolean": "true or false",
    "null": "empty",
}


def describe_path(path: YamlPath) -> str:
    """``prisoners.red.at[2]`` style name of a place in a document."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        elif isinstance(part, str) and part.replace("_", "").isalnum():
            text += f".{part}" if text else part
        else:
            text += f"[{part!r}]"
    return text or "the file"


def _shown(value: Any) -> str:
    """A value as the file writes it, cut to 40 characters."""
    text = {True: "true", False: "false", None: "null"}.get(value, "") if value is None or isinstance(value, bool) \
        else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _translate(doc: Doc, error: jsonschema.ValidationError) -> list[Diagnostic]:
    path = tuple(error.absolute_path)
    where = describe_path(path)
    v = error.validator
    s = error.schema if isinstance(error.schema, dict) else {}
    # jsonschema types these "Any | Unset"; they are set on every error it yields.
    value: Any = error.validator_value
    inst: Any = error.instance

    if "propertyNames" in error.relative_schema_path:
        # The instance is the offending key itself.
        hint = s.get("x-hint") or "not an allowed key here"
        if v == "enum":
            hint = "expected one of: " + ", ".join(map(str, s["enum"]))
        return [doc.diag(path + (inst,), f"{where}: key {inst!r} is not valid; {hint}", key=True)]
    if v == "additionalProperties" and isinstance(inst, dict):
        allowed = list(s.get("properties", {}))
        out = []
        for key in inst:
            if key not in allowed:
                expected = f"; expected one of: {', '.join(allowed)}" if allowed else ""
                out.append(doc.diag(path + (key,), f"unknown key {key!r} in {where}{expected}", key=True))
        return out
    if v in ("anyOf", "oneOf"):
        return _translate_choice(doc, error, path, where)
    if v == "required":
        missing = [k for k in value if k not in inst]
        return [doc.diag(path, f"{where}: missing key {k!r}") for k in missing]
    if v == "type":
        wanted = value
        wanted = [wanted] if isinstance(wanted, str) else wanted
        words = " or ".join(_TYPE_WORDS.get(w, w) for w in wanted)
        hint = f"; {s['x-hint']}" if s.get("x-hint") else ""
        return [doc.diag(path, f"{where} must be {words}, not {_shown(inst)}{hint}")]
    if v == "enum":
        choices = ", ".join(map(str, value))
        return [doc.diag(path, f"{where} is {_shown(inst)}; expected one of: {choices}")]
    if v == "const":
        return [doc.diag(path, f"{where} must be {value!r}")]
    if v == "pattern":
        hint = s.get("x-hint") or "it must match " + value.replace(r"\Z", "$")
        return [doc.diag(path, f"{where}: {_shown(inst)} is not valid; {hint}")]
    if v in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        word = {"minimum": "at least", "maximum": "at most", "exclusiveMinimum": "more than",
                "exclusiveMaximum": "less than"}[v]
        return [doc.diag(path, f"{where} must be {word} {value}, not {_shown(inst)}")]
    if v in ("minItems", "maxItems"):
        word = "at least" if v == "minItems" else "at most"
        return [doc.diag(path, f"{where} must hold {word} {value} items, not {len(inst)}")]
    if v == "maxProperties":
        return [doc.diag(path, f"{where} holds more than {value} entries")]
    if v == "maxLength":
        return [doc.diag(path, f"{where} is longer than {value} characters")]
    if v == "uniqueItems":
        return [doc.diag(path, f"{where} names the same item twice")]
    return [doc.diag(path, f"{where}: {error.message}")]


def _json_type(value: Any) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return "null" if value is None else type(value).__name__


def _branch_type(schema_: dict[str, Any]) -> str | None:
    """The JSON type a branch of anyOf wants, following one $ref."""
    if "$ref" in schema_:
        name = schema_["$ref"].rsplit("/", 1)[-1]
        schema_ = schema()["$defs"].get(name, {})
    if "enum" in schema_ or "const" in schema_:
        return "string"
    t = schema_.get("type")
    return t if isinstance(t, str) else None


def _translate_choice(doc: Doc, error: jsonschema.ValidationError, path: YamlPath, where: str) -> list[Diagnostic]:
    # Report the errors of the branch whose type fits what was written; if no
    # branch fits, say what the choices are.
    kind = _json_type(error.instance)
    branches: Any = error.validator_value  # set on every error iter_errors yields
    for index, branch in enumerate(branches):
        if _branch_type(branch) == kind or (kind == "integer" and _branch_type(branch) == "number"):
            sub = [e for e in error.context if e.relative_schema_path and e.relative_schema_path[0] == index]
            if sub and not (kind == "string" and isinstance(error.schema, dict) and error.schema.get("x-hint")):
                out: list[Diagnostic] = []
                for e in sub:
                    out.extend(_translate(doc, e))
                return out
    hint = error.schema.get("x-hint") if isinstance(error.schema, dict) else None
    if hint:
        return [doc.diag(path, f"{where}: {_shown(error.instance)} is not valid; {hint}")]
    words = " or ".join(_TYPE_WORDS.get(_branch_type(b) or "", "something else") for b in branches)
    return [doc.diag(path, f"{where} must be {words}, not {_shown(error.instance)}")]
