"""A generated set of puzzles, for every game: candidates in seed order, run anywhere,
kept in order, none the same as another (``sectionx generate``).

A game's generator gives a *unit* maker (one seed in, one :class:`Candidate` out,
depending on nothing but the unit, so units may run in this process, on local
processes or on a Dask cluster: :mod:`sectionx.workers`) and the units in seed
order.  :func:`generate_set` takes their outcomes in that order and keeps the accepted
ones, dropping any whose canonical ``form`` (the puzzle up to its board's symmetries)
was seen before, until it has ``count`` or has tried ``max_tries``.  Which units were
tried and which kept depends on the parameters and the first seed only, not on how
many workers ran them, so the same options give the same files anywhere.

Nothing here names a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, TypeVar

from . import fileio
from .yamlsrc import MAX_SEED

#: A set's candidates have the seeds ``seed * SEEDS_PER_SET + i`` (each game's generator
#: numbers them so), and a puzzle's id (``expert/compact/free#1000003``) names its own.
SEEDS_PER_SET = 1_000_000
#: The largest seed a puzzle's id may name: the last candidate of the set of the largest
#: ``--seed`` (:data:`~sectionx.yamlsrc.MAX_SEED`, the same range as every command's).
MAX_UNIT_SEED = (MAX_SEED + 1) * SEEDS_PER_SET - 1


#: The words of generated titles, for every game ("The Narrow Gate"): with a game's 24
#: things a goal, 1,200 titles (:func:`puzzle_title`).
TITLE_WORDS = ("Long", "Narrow", "Quiet", "Last", "Crooked", "Hidden", "Back", "Second", "Early", "Late", "Slow",
               "Sudden", "Little", "Wrong", "Double", "Short", "Open", "Secret", "Dark", "Winding", "Broken",
               "Patient", "Lucky", "Clever", "Silent", "Borrowed", "Lonely", "Final", "Hard", "Empty", "Cold",
               "Careful", "Bold", "Crowded", "Daring", "Easy", "Far", "First", "Forgotten", "Greedy", "Hasty",
               "Honest", "Idle", "Lost", "Midnight", "Old", "Stolen", "Steady", "Tight", "Uphill")


def tier_title(seed: int, tier: str, things: Sequence[str], words: Sequence[str] = TITLE_WORDS) -> str:
    """:func:`puzzle_title` for a set of ``tier``: each tier of :data:`~sectionx.puzzlesets.TIERS`
    walks the bank from a quarter of its own, so two tiers' sets of the same seeds do
    not share titles at the same seed."""
    from .puzzlesets import TIERS

    return puzzle_title(seed, words, things, part=TIERS.index(tier) if tier in TIERS else 0, parts=len(TIERS))


#: Coprime with every title bank's size that is not a multiple of this prime: it
#: walks a bank so that neighbouring seeds get unlike titles.
_TITLE_STEP = 7919


def puzzle_title(seed: int, words: Sequence[str], things: Sequence[str], *, part: int = 0, parts: int = 1) -> str:
    """A title as a puzzle book's reads ("The Narrow Gate"): ``The`` + one of ``words``
    + one of ``things``, chosen by the seed's number in its set (``seed %
    SEEDS_PER_SET``), nothing else, so a puzzle made again from its id has its title
    again.  The choice is a one-to-one walk of the bank (``len(words) * len(things)``
    titles, each step a long stride so neighbouring seeds read unalike), started at
    ``part`` of ``parts`` equal shares of it (a game gives each tier its own): any
    that many consecutive candidates of one set have different titles."""
    n = len(words) * len(things)
    if n == 0 or n % _TITLE_STEP == 0 or not 0 <= part < parts:
        raise ValueError("a title bank needs words and things, a size that is no multiple of 7919, and 0 <= part < parts")
    index = ((seed % SEEDS_PER_SET) * _TITLE_STEP + part * (n // parts)) % n
    word, thing = divmod(index, len(things))
    return f"The {words[word]} {things[thing]}"


def split_id(text: str, fields: int, what: str, example: str) -> tuple[list[str], int]:
    """The ``/``-separated parameters and the seed of a puzzle id (``expert/compact/free#1042``,
    a file's ``grade: id``), for every game's ``--id``: ValueError, naming ``what`` and
    ``example``, unless it has ``fields`` parameters and an ASCII seed of at most
    :data:`MAX_UNIT_SEED` (the largest ``--seed``'s last candidate, so every id a set
    may hold is accepted and a 5,000-digit one is refused before it is converted)."""
    head, sep, seed = text.partition("#")
    parts = head.split("/")
    if not sep or len(parts) != fields or not (seed.isascii() and seed.isdigit()):
        raise ValueError(f"{fileio.quote(text)} is not {what}; ids look like {example}")
    if len(seed) > len(str(MAX_UNIT_SEED)) or int(seed) > MAX_UNIT_SEED:
        raise ValueError(f"{fileio.quote(text)}: the seed after # is at most {MAX_UNIT_SEED}")
    return parts, int(seed)


class Candidate(Protocol):
    """What a unit gave: ``reason`` is ``"accepted"`` or why it was rejected; an
    accepted one has a canonical ``form``; ``repairs`` counts the changes made to
    make its answer unique (0 for a game that makes none)."""

    @property
    def reason(self) -> str: ...

    @property
    def form(self) -> Hashable: ...

    @property
    def repairs(self) -> int: ...


@dataclass(frozen=True)
class Outcome:
    """What a unit of a game's generator gave (a :class:`Candidate`): ``reason`` is
    ``"accepted"`` (then ``text`` is the puzzle file and ``form`` its canonical form)
    or why it was rejected; ``tier`` the grade it got, if it got one; ``repairs`` the
    repairs made (0 for a game that makes none); ``figures`` the grade's measures."""

    seed: int
    reason: str
    text: str = ""
    form: tuple[object, ...] = ()
    tier: str = ""
    repairs: int = 0
    figures: tuple[tuple[str, int], ...] = ()

    @property
    def accepted(self) -> bool:
        return self.reason == "accepted"


U = TypeVar("U")
C = TypeVar("C", bound=Candidate)


@dataclass
class Tally:
    """What a set's generation saw: candidates tried, puzzles found, and why the
    others were rejected (``duplicate`` for those the same as an earlier one)."""

    tried: int = 0
    found: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    repaired: int = 0

    @property
    def acceptance(self) -> float:
        return self.found / self.tried if self.tried else 0.0


def generate_set(make: Callable[[U], C], units: Iterable[U], count: int, *,
                 runner: Callable[[Callable[[U], C], Iterable[U]], Iterator[C]] | None = None,
                 max_tries: int | None = None,
                 on_outcome: Callable[[C, Tally, bool], None] | None = None) -> tuple[list[C], Tally]:
    """``count`` accepted outcomes of ``make`` over ``units`` (module docstring), in
    unit order, none of the same form as another; with the tally.  ``runner`` maps
    ``make`` over the units in order (default: here, one by one); ``on_outcome`` is
    told each outcome, the tally so far and whether it was kept.  Stops after
    ``max_tries`` candidates (default ``400 * count``) with what it has."""
    run = runner or map
    tally = Tally()
    kept: list[C] = []
    forms: set[Hashable] = set()
    limit = max_tries if max_tries is not None else 400 * count
    results = run(make, units)
    try:
        for outcome in results:
            tally.tried += 1
            keep = outcome.reason == "accepted" and outcome.form not in forms
            reason = "duplicate" if outcome.reason == "accepted" and not keep else outcome.reason
            tally.reasons[reason] += 1
            if keep:
                forms.add(outcome.form)
                kept.append(outcome)
                tally.found += 1
                tally.repaired += outcome.repairs > 0
            if on_outcome is not None:
                on_outcome(outcome, tally, keep)
            if len(kept) >= count or tally.tried >= limit:
                break
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return kept, tally


#: Why ``generate`` refuses a file already in its folder (:func:`write_set`).
NEVER_REPLACES = "generate never replaces a file in the folder it fills (move it away, or choose another --out)"


def check_set_folder(names: Iterable[Path]) -> None:
    """Before any work: refuse (one line, exit 2) if a file ``generate`` would write is
    already there, the user's own or an earlier set's."""
    fileio.refuse_existing(names, NEVER_REPLACES)


def write_set(folder: Path, files: dict[Path, bytes]) -> None:
    """Write a generated set into ``folder`` (made if missing) as one step, replacing
    nothing: if any of the files is already there, nothing is written."""
    fileio.refuse_existing(files, NEVER_REPLACES)
    fileio.make_folder(folder)
    fileio.write_files(files, new_only=NEVER_REPLACES)
