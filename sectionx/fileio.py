"""Every file sectionx reads or writes goes through this module.

sectionx opens files other people wrote (shared puzzles, scenarios, tile sets,
game records, templates, fonts) and writes into folders that hold other things.
The guarantees, stated once here and in docs/format.md and docs/printing.md:

* **Bounded reads.**  :func:`read_bytes` opens regular files only (never a device,
  FIFO, socket or folder, whatever ``st_size`` says) and stops reading as soon
  as the file is larger than the limit it was given, so no file can exhaust memory.
* **References stay home.**  A file may refer to another file (a scenario's
  ``board:``, ``catalogue:``, a record's ``start:``, a template's fonts) only by a
  relative path that stays inside the referring file's own folder
  (:func:`resolve_reference`).  An absolute path, ``..`` that climbs out, or a link
  that leads out is refused, so a shared file cannot make sectionx read, and
  quote, a file elsewhere on the machine.
* **Writing replaces regular files only.**  :func:`write_file` writes to a
  temporary file and renames it over the target, so the target is either
  complete or untouched; it refuses to replace a link, device, FIFO, socket or
  folder, keeps the mode of the file it replaces, and refuses to overwrite a file
  the same command read (``render a.yaml -o a.yaml``).  ``-`` and ``/dev/stdout``
  mean standard output.
* **Terminal-safe text.**  :func:`printable` escapes control characters (ANSI
  escapes, bells, bidirectional overrides) before anything read from a file
  reaches a terminal.

This module names no game: it is shared by every command.
"""

from __future__ import annotations

import contextlib
import contextvars
import errno
import hashlib
import os
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

from .errors import SectionXError

#: Rule id of problems with files as files (not their contents).
FILE_RULE = "file"
#: Rule id of refused references between files.
REFERENCE_RULE = "reference"
#: Rule id of refused output paths.
OUTPUT_RULE = "output"

_CHUNK = 1 << 16
#: Names that mean "standard output" for ``-o``.
STDOUT_NAMES = ("-", "/dev/stdout")


class FileProblem(SectionXError):
    """A file that cannot be read or written as asked; ``str`` is one line:
    ``PATH: message (rule)``."""

    def __init__(self, path: str | Path, message: str, rule: str = FILE_RULE):
        self.path = str(path)
        self.message = message
        self.rule = rule
        super().__init__(f"{printable(self.path)}: {message} ({rule})")


# --------------------------------------------------------------------------- inputs seen


_inputs: contextvars.ContextVar[set[tuple[int, int]] | None] = contextvars.ContextVar("sectionx_inputs", default=None)


@contextlib.contextmanager
def tracking() -> Iterator[None]:
    """Within this block, remember every file read, so that :func:`write_file`
    refuses to overwrite one of them.  The CLI opens one block per command."""
    token = _inputs.set(set())
    try:
        yield
    finally:
        _inputs.reset(token)


@contextlib.contextmanager
def untracked() -> Iterator[None]:
    """Within this block, no file read counts as an input: for a program that reads and
    later saves the same files by the user's choice (``sectionx studio``'s editor)."""
    token = _inputs.set(None)
    try:
        yield
    finally:
        _inputs.reset(token)


def _note_input(st: os.stat_result) -> None:
    seen = _inputs.get()
    if seen is not None:
        seen.add((st.st_dev, st.st_ino))


# --------------------------------------------------------------------------- reading


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    return "not a regular file"


def describe_kind(path: str | Path) -> str:
    """What stands at ``path``, in words ("a FIFO (named pipe)", "a symbolic link"…)."""
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return "missing"
    return "a regular file" if stat.S_ISREG(mode) else _kind(mode)


def _size(limit: int) -> str:
    return f"{limit // (1 << 20)} MiB" if limit >= 1 << 20 else f"{limit // 1024} KiB"


def read_bytes(path: str | Path, limit: int, *, what: str = "file", track: bool = True) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    With ``track`` (the default) the file counts as an input of the command, which
    :func:`write_file` then refuses to overwrite; a program's own bookkeeping
    files (the kit's manifest) pass ``track=False``.

    Raises :class:`FileProblem` for a missing file, anything but a regular file,
    a file that grows past ``limit`` while it is read (``st_size`` is not trusted:
    it is 0 for devices and pipes), or an OS error.
    """
    name = str(path)
    try:
        st = os.stat(name)
    except FileNotFoundError:
        raise FileProblem(name, "no such file") from None
    except OSError as exc:
        raise FileProblem(name, f"cannot be read: {exc.strerror or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(name, f"is {_kind(st.st_mode)}; sectionx reads a {what} only from a regular file")
    if st.st_size > limit:
        raise FileProblem(name, f"is larger than {_size(limit)}; a {what} is smaller")
    try:
        # O_NONBLOCK: if the file was swapped for a FIFO after the check above,
        # opening it must not wait for a writer.
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise FileProblem(name, f"cannot be read: {exc.strerror or exc}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise FileProblem(name, f"is {_kind(st.st_mode)}; sectionx reads a {what} only from a regular file")
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = os.read(fd, _CHUNK)
            if not chunk:
                break
            total += len(chunk)
            if total > limit:
                raise FileProblem(name, f"is larger than {_size(limit)}; a {what} is smaller")
            chunks.append(chunk)
    except OSError as exc:
        raise FileProblem(name, f"cannot be read: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if track:
        _note_input(st)
    return b"".join(chunks)


def sha256(path: str | Path) -> str | None:
    """The SHA-256 of the regular file ``path``, read in chunks (any size, little
    memory); None if it is not a regular file or cannot be read.  Not an input."""
    try:
        fd = os.open(str(path), os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        digest = hashlib.sha256()
        while chunk := os.read(fd, 1 << 20):
            digest.update(chunk)
        return digest.hexdigest()
    except OSError:
        return None
    finally:
        os.close(fd)


def resolve_reference(ref: str, base: Path, referrer: str, *, what: str, suffixes: tuple[str, ...]) -> Path:
    """The file that ``ref``, written inside the file ``referrer`` (which lies in the
    folder ``base``), names.

    The policy (docs/format.md, "Files that name other files"): ``ref`` is a
    relative path ending in one of ``suffixes``; resolved (links followed) it lies
    inside ``base`` or a folder below it.  Anything else raises
    :class:`FileProblem` naming the referring file.  Only the reference is quoted,
    never the contents of what it names.
    """
    shown = printable(ref)
    if not ref.strip():
        raise FileProblem(referrer, f"the {what} reference is empty", REFERENCE_RULE)
    target = Path(ref)
    if target.is_absolute() or ref.startswith("~"):
        raise FileProblem(referrer, f"{what} {shown!r} is an absolute path; a file may only name files in its own "
                                    "folder or below, by a relative path", REFERENCE_RULE)
    if target.suffix.lower() not in suffixes:
        raise FileProblem(referrer, f"{what} {shown!r} must be a {' or '.join(suffixes)} file", REFERENCE_RULE)
    try:
        home = base.resolve()
        resolved = (base / target).resolve()
    except (OSError, RuntimeError):  # RuntimeError: a loop of links
        raise FileProblem(referrer, f"{what} {shown!r} cannot be followed (a loop of links?)", REFERENCE_RULE) from None
    if not resolved.is_relative_to(home):
        raise FileProblem(referrer, f"{what} {shown!r} leads outside the folder of this file; a file may only name "
                                    "files in its own folder or below", REFERENCE_RULE)
    return base / target


# --------------------------------------------------------------------------- writing


def is_stdout(path: str | Path) -> bool:
    """Whether ``-o`` names standard output (``-`` or ``/dev/stdout``)."""
    return str(path) in STDOUT_NAMES


_PACKAGE = Path(__file__).resolve().parent


def _check_target(path: Path) -> os.stat_result | None:
    """The target's stat if it is a regular file, None if it does not exist;
    FileProblem for anything sectionx must not replace."""
    if not str(path):
        raise FileProblem(path, "an output needs a file name", OUTPUT_RULE)
    try:
        if path.parent.resolve().is_relative_to(_PACKAGE):
            # Bundled boards, tiles and templates are read through importlib, unseen by
            # the input tracking: the installation itself is never written to.
            raise FileProblem(path, "lies inside sectionx's own installation; write elsewhere", OUTPUT_RULE)
    except (OSError, RuntimeError):
        pass
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise FileProblem(path, f"cannot be written: {exc.strerror or exc}", OUTPUT_RULE) from None
    if not stat.S_ISREG(st.st_mode):
        raise FileProblem(path, f"is {_kind(st.st_mode)}; sectionx only replaces regular files, so it will not "
                                "write there (choose another output path)", OUTPUT_RULE)
    if not st.st_mode & 0o222:
        raise FileProblem(path, "is read-only; sectionx does not replace a write-protected file", OUTPUT_RULE)
    seen = _inputs.get()
    if seen is not None and (st.st_dev, st.st_ino) in seen:
        raise FileProblem(path, "is also an input of this command; writing there would destroy it "
                                "(choose another output path)", OUTPUT_RULE)
    return st


def check_output(path: str | Path) -> None:
    """Refuse (:class:`FileProblem`) an output that could not be written, before the
    work that makes it: its folder is missing, or :func:`write_file` would refuse the
    target.  Standard output passes."""
    if is_stdout(path):
        return
    path = Path(path)
    if not path.parent.is_dir():
        raise FileProblem(path, "cannot be written: its folder does not exist" if not os.path.lexists(path.parent)
                          else "cannot be written: a part of this path is not a folder", OUTPUT_RULE)
    _check_target(path)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _stage(path: Path, data: bytes, st: os.stat_result | None) -> str:
    """Write ``data`` to a new temporary file beside ``path``, with the mode (and, as
    root, the owner) of the file it will replace; return its name."""
    try:
        # A short name of its own: the target's name may already be as long as the system allows.
        fd, tmp = tempfile.mkstemp(prefix=".sx-", suffix=".tmp", dir=path.parent)
    except FileNotFoundError:
        raise FileProblem(path, "cannot be written: its folder does not exist", OUTPUT_RULE) from None
    except OSError as exc:
        raise FileProblem(path, f"cannot be written there ({exc.strerror or exc})", OUTPUT_RULE) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if st is not None:
            os.chmod(tmp, stat.S_IMODE(st.st_mode))
            if hasattr(os, "geteuid") and os.geteuid() == 0 and (st.st_uid, st.st_gid) != (os.getuid(), os.getgid()):
                os.chown(tmp, st.st_uid, st.st_gid)
        else:
            # mkstemp makes the file private (0600); a new file gets what a plain open() would give.
            os.chmod(tmp, 0o666 & ~_umask())
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise FileProblem(path, f"cannot be written: {exc.strerror or exc}", OUTPUT_RULE) from None
        raise
    return tmp


def write_file(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that it is either complete or untouched.

    ``-`` and ``/dev/stdout`` write to standard output.  Otherwise the target must
    be missing or a regular file that this command did not read; it is replaced by
    renaming a finished temporary file over it, keeping its mode.  Errors are
    :class:`FileProblem` naming ``path``, never the temporary file.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if is_stdout(path):
        if not isinstance(data, str) and sys.stdout.isatty():
            raise FileProblem(path, "is a terminal; a PDF is binary, so send it to a file or a pipe", OUTPUT_RULE)
        sys.stdout.flush()
        sys.stdout.buffer.write(raw)
        sys.stdout.flush()
        return
    write_files({Path(path): raw})


def refuse_existing(paths: Iterable[Path], why: str) -> None:
    """:class:`FileProblem` (an output problem) for the first of ``paths`` where anything
    stands: a command that fills a folder with files of its own naming (``generate``)
    never replaces what is there, which may be the user's own file of that name."""
    for path in paths:
        if os.path.lexists(path):
            raise FileProblem(path, f"already exists; {why}", OUTPUT_RULE)


def write_files(files: Mapping[Path, bytes], *, remove: tuple[Path, ...] = (), new_only: str = "") -> None:
    """Write several files, and remove others, as one step: either all of it happens
    or the folders are left as they were.

    Every target is checked first (:func:`write_file`'s rules), then every new
    file is written beside its target under a temporary name; only when all are
    on disk are they renamed into place.  If a rename fails, the files already
    replaced are put back.  ``remove`` names files to delete once everything is in
    place (the kit's stale pages); they must be regular files too.  ``new_only``
    (the reason, for the message): no target may exist yet (:func:`refuse_existing`);
    nothing is written if one does.
    """
    if new_only:
        refuse_existing(files, new_only)
    targets = {Path(p): st for p in files for st in [_check_target(Path(p))]}
    for p in remove:
        _check_target(p)
    staged: dict[Path, str] = {}
    try:
        for path, data in files.items():
            staged[path] = _stage(path, data, targets[path])
    except BaseException:
        for tmp in staged.values():
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    _commit(staged, targets, remove)


def _commit(staged: dict[Path, str], targets: Mapping[Path, os.stat_result | None], remove: tuple[Path, ...]) -> None:
    """Rename the staged files into place; on failure put the old files back."""
    backups: dict[Path, str] = {}
    done: list[Path] = []
    try:
        for path, tmp in staged.items():
            if targets[path] is not None and len(staged) > 1:
                # Keep the old file under a temporary name until everything is in place.
                backup = tmp[:-4] + ".old"
                try:
                    os.link(path, backup)
                except OSError:  # no hard links here (FAT, exFAT): a copy serves as well
                    shutil.copy2(path, backup)
                backups[path] = backup
            os.replace(tmp, path)
            done.append(path)
    except OSError as exc:
        for path in done:
            with contextlib.suppress(OSError):
                if path in backups:
                    os.replace(backups.pop(path), path)
                else:
                    os.unlink(path)
        for leftover in list(staged.values()) + list(backups.values()):
            with contextlib.suppress(OSError):
                os.unlink(leftover)
        failed = next((p for p in staged if p not in done), next(iter(staged)))
        raise FileProblem(failed, f"cannot be written: {exc.strerror or exc}; nothing was changed", OUTPUT_RULE) from None
    for backup in backups.values():
        with contextlib.suppress(OSError):
            os.unlink(backup)
    for path in remove:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(path)


def make_folder(path: Path) -> None:
    """Make ``path`` and its parents; FileProblem if something else stands there."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise FileProblem(path, "is a file; a folder was expected here", OUTPUT_RULE) from None
    except OSError as exc:
        if exc.errno == errno.ENOTDIR:
            raise FileProblem(path, "a part of this path is a file, not a folder", OUTPUT_RULE) from None
        raise FileProblem(path, f"cannot be made: {exc.strerror or exc}", OUTPUT_RULE) from None


# --------------------------------------------------------------------------- terminals


_BIDI = {0x061C, 0x200E, 0x200F, 0x2028, 0x2029, *range(0x202A, 0x202F), *range(0x2066, 0x206A)}


def _escape(ch: str) -> str:
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_TABLE = {code: _escape(chr(code)) for code in [*range(0x20), *range(0x7F, 0xA0), *_BIDI] if code not in (0x09, 0x0A)}
# A file name's undecodable bytes arrive as lone surrogates (U+DC80-U+DCFF) and would
# be written back to the terminal as the raw bytes, 0x9B (an 8-bit CSI) among them.
_TABLE.update({code: f"\\x{code - 0xDC00:02x}" for code in range(0xDC80, 0xDD00)})


#: The most characters of a value that a message quotes back (:func:`quote`).
QUOTE_LIMIT = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``value`` as a message quotes it back: its ``repr`` (text in quotes), cut to
    ``limit`` characters with ``...`` when longer.  A file or an option may hold 100 KB
    on one line (an unknown ``game:``); the message names it, it does not repeat it."""
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def printable(text: str) -> str:
    """``text`` with every control character shown as an escape (``\\x1b``), so that
    what a file says cannot move the cursor, retitle the window or reorder the line
    on a terminal.  Tabs and newlines stay."""
    return text.translate(_TABLE)
