"""The studio's web server: Starlette routes over the games' tables (issue 31).

One page (``static/studio.html`` with plain JavaScript, shipped as package data: no
build step) talks JSON to the routes below.  Nothing here names a game: a file's game
is found as every command finds it (:func:`sectionx.games.read`) and its
``Commands.table`` gives the :class:`~sectionx.studio.table.Table` the page plays.

Safety (issue 31, "safe by default"):

- the server listens on 127.0.0.1 only (:mod:`sectionx.studio.serve`), and refuses a
  request whose ``Host`` is not that address or ``localhost`` at its port, so a web
  page elsewhere cannot reach it by a name that resolves to 127.0.0.1 (DNS rebinding);
- a secret token made for each run is printed in the address; the first visit trades
  it for a cookie (``HttpOnly``, ``SameSite=Strict``), every request needs that cookie,
  and every request that changes anything (``POST``) must also carry the token in the
  ``X-Studio-Token`` header, which no other site's page can set;
- files are named by their path inside the opened folder and checked against its
  policy (:mod:`sectionx.studio.folder`); saves are complete or untouched;
- solves and exports run in a worker process with a time and memory cap
  (:mod:`sectionx.studio.solving`); nothing runs a shell.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hmac
import io
import json
import tempfile
import zipfile
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import asdict
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from .. import fileio
from ..console import Refusal as Refused
from ..console import Stop
from ..errors import SectionXError
from ..figureclaims import claims
from ..games import read as read_game_file
from ..games.api import NewOptions, Report, SheetOptions
from ..yamlsrc import LoadError, parse_yaml, shared_budget
from .folder import Folder, OutsideFolder
from .solving import Jobs
from .table import Editable, History, Limits, Picture, Refusal, Table

COOKIE = "sectionx-studio"  # and the port: two studios on one machine keep their own cookies
HEADER = "x-studio-token"
#: The longest file the editor sends back to check or save (the house's YAML limit is larger,
#: but a hand-written puzzle is a few KiB).
MAX_TEXT = 1 << 20
#: The longest a request body may be.
MAX_BODY = MAX_TEXT + 4096
#: The most clicks a move is made of (a Der Tunnel turn with two tokens is five).
MAX_CLICKS = 12
#: Bounds on a solve started from the page: the page may ask for less, never more.
MAX_SECONDS = 300.0
DEFAULT_SECONDS = 60.0

_STATIC = {"studio.js": "text/javascript", "studio.css": "text/css", "icon.svg": "image/svg+xml"}


class Studio:
    """The studio's state for one run: the folder, the token, the open files' lines
    of play and the worker jobs."""

    def __init__(self, folder: Folder, token: str, port: int = 0) -> None:
        self.folder = folder
        self.token = token
        self.port = port
        self.open: dict[str, History] = {}
        self.stamps: dict[str, tuple[int, int] | None] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        #: The last valid table of each file's editor text: an edit made while the text has
        #: problems (a prisoner set before its tile) still needs the picture's spots.
        self.editing: dict[str, Table] = {}
        #: The file list's entries by (modification time, size): a file is checked again once it changed.
        self.listed: dict[str, tuple[tuple[int, int], dict[str, Any]]] = {}
        self.jobs = Jobs()

    # --- reading files -------------------------------------------------------------

    def report(self, relative: str) -> Report:
        from ..games import check_file

        report = check_file(self.folder.resolve(relative))
        report.file = relative
        return report

    def listing(self, relative: str) -> dict[str, Any]:
        """A file's entry in the folder's list: its report and its game's name (empty
        when the file could not be read); kept while the file's size and time stay."""
        stamp = _stamp(self.folder.resolve(relative))
        cached = self.listed.get(relative)
        if cached is not None and stamp is not None and cached[0] == stamp:
            return cached[1]
        data = self.report(relative).as_json()
        try:
            with shared_budget():
                data["game"] = read_game_file(self.folder.resolve(relative))[1].name
        except (LoadError, SectionXError):
            data["game"] = ""
        if stamp is not None:
            self.listed[relative] = (stamp, data)
        return data

    def warm(self) -> None:
        """Check every file and draw one position of each game once, in the background
        at start: the first page then lists the folder from the cache, and the first
        board opened does not wait for its game's modules and art to load."""
        names, _ = self.folder.files()
        seen: set[str] = set()
        for name in names:
            try:
                entry = self.listing(name)
                if entry["ok"] and entry["game"] not in seen:
                    seen.add(entry["game"])
                    self.table(name).picture()
            except Exception:  # noqa: BLE001, S112 - a warm-up: the request that needs the file will say what is wrong
                continue

    def table_from_text(self, relative: str, text: str) -> Table:
        """The table of ``text`` as if it were the file ``relative`` (the editor's
        unsaved text): LoadError with every problem located when it is not valid, a
        rule figure's false claims among them (checked as ``illustrate`` checks them)."""
        path = self.folder.resolve(relative, new=True)
        with shared_budget():
            doc = parse_yaml(text, str(path))
            from ..games import of

            commands = of(doc).commands()
            table = commands.table(path, doc)
            if claims(doc):
                problems = commands.claims(path, doc)
                if problems:
                    raise LoadError(problems)
            return table

    def table(self, relative: str) -> Table:
        path = self.folder.resolve(relative)
        with shared_budget():
            doc, game = read_game_file(path)
            return game.commands().table(path, doc)

    def history(self, relative: str) -> History:
        """The file's line of play, kept between visits; begun afresh when the file
        changed on disk since (another program, or the editor's Save)."""
        stamp = _stamp(self.folder.resolve(relative))
        found = self.open.get(relative)
        if found is None or self.stamps.get(relative) != stamp:
            found = History([self.table(relative)])
            self.open[relative] = found
            self.stamps[relative] = stamp
        return found

    def lock(self, relative: str) -> asyncio.Lock:
        """One request at a time changes a file's line of play (a double click sends two)."""
        return self.locks.setdefault(relative, asyncio.Lock())


def view(history: History) -> dict[str, Any]:
    """What the page draws for the position shown: picture, spots, choices, status,
    the move list and where in it we are."""
    table = history.current
    out: dict[str, Any] = {
        "game": table.game,
        "kind": table.kind,
        "choices": [asdict(c) for c in table.choices()],
        "status": asdict(table.status()),
        "moves": list(history.moves),
        "answers": list(history.answers),
        "at": history.at,
    }
    picture = table.picture()
    out["svg"] = picture.svg
    out["spots"] = _spots(picture)
    return out


def _stamp(path: Path) -> tuple[int, int] | None:
    """A file's modification time and size: what tells that it changed."""
    try:
        st = path.stat()
    except OSError:
        return None
    return (st.st_mtime_ns, st.st_size)


def _editable(table: object) -> Editable | None:
    """The table as an :class:`Editable` when its game edits from a palette."""
    return table if isinstance(table, Editable) else None


def _spots(picture: Picture) -> list[dict[str, str]]:
    return [{"id": s.id, "title": s.title, "points": " ".join(f"{x:.2f},{y:.2f}" for x, y in s.outline)}
            for s in picture.spots]


def _problems(exc: LoadError) -> list[dict[str, Any]]:
    return [{"line": d.line, "column": d.column, "message": d.message, "rule": d.rule} for d in exc.diagnostics]


def _refused(message: str, status: int = 400, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


Handler = Callable[[Request], Awaitable[Response]]


def create_app(studio: Studio) -> Starlette:
    """The studio's web application over ``studio``."""

    def allowed_host(request: Request) -> bool:
        host = request.headers.get("host", "")
        return host in (f"127.0.0.1:{studio.port}", f"localhost:{studio.port}") or (
            studio.port == 0 and host.split(":")[0] in ("127.0.0.1", "localhost", "testserver"))

    cookie = f"{COOKIE}-{studio.port}" if studio.port else COOKIE

    def same(given: str, secret: str) -> bool:
        # Bytes, so a token of any characters is compared, never a TypeError (a 500).
        return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), secret.encode("utf-8"))

    def has_cookie(request: Request) -> bool:
        return same(request.cookies.get(cookie, ""), studio.token)

    def guarded(handler: Handler, *, changes: bool = False) -> Handler:
        async def run(request: Request) -> Response:
            if not allowed_host(request):
                return _refused("this studio answers only at 127.0.0.1", 403)
            if not has_cookie(request):
                return _refused("open the address the studio printed (it carries the run's token)", 403)
            if changes and not same(request.headers.get(HEADER, ""), studio.token):
                return _refused("a change needs the run's token", 403)
            try:
                return await handler(request)
            except OutsideFolder as exc:
                return _refused(str(exc), 403)
            except LoadError as exc:
                return _refused("the file has problems", 422, problems=_problems(exc))
            except SectionXError as exc:
                return _refused(str(exc), 422)
        return run

    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise SectionXError("the request is too long")
        try:
            data = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError, RecursionError):
            raise SectionXError("the request is not JSON") from None
        if not isinstance(data, dict):
            raise SectionXError("the request is not a JSON object")
        return data

    async def index(request: Request) -> Response:
        if not allowed_host(request):
            return HTMLResponse("this studio answers only at 127.0.0.1", 403)
        given = request.query_params.get("token", "")
        if not (has_cookie(request) or same(given, studio.token)):
            return HTMLResponse("<p>Open the address <code>sectionx studio</code> printed: it carries this run's "
                                "token.</p>", 403)
        page = resources.files("sectionx.studio").joinpath("static/studio.html").read_text(encoding="utf-8")
        page = page.replace("{{TOKEN}}", studio.token).replace("{{FOLDER}}", _html(studio.folder.name or studio.folder.root.name or "/"))
        response = HTMLResponse(page, headers={"Cache-Control": "no-store", "Referrer-Policy": "no-referrer",
                                               "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                               "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"})
        response.set_cookie(cookie, studio.token, httponly=True, samesite="strict")
        return response

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _STATIC:
            return Response(status_code=404)
        data = resources.files("sectionx.studio").joinpath(f"static/{name}").read_bytes()
        return Response(data, media_type=_STATIC[name], headers={"Cache-Control": "no-store"})

    async def files(request: Request) -> Response:
        names, cut = await asyncio.to_thread(studio.folder.files)
        reports = await asyncio.to_thread(lambda: [studio.listing(n) for n in names])
        return JSONResponse({"folder": studio.folder.name, "files": reports, "cut": cut})

    async def thumb(request: Request) -> Response:
        relative = request.query_params.get("path", "")

        def draw() -> str:
            return studio.table(relative).picture().svg
        try:
            svg = await asyncio.to_thread(draw)
        except LoadError:
            return Response(status_code=404)
        return Response(svg, media_type="image/svg+xml", headers={"Cache-Control": "no-store"})

    async def open_file(request: Request) -> Response:
        data = await body(request)
        relative = data.get("path")
        if data.get("reload"):
            studio.open.pop(str(relative), None)
        history = await asyncio.to_thread(studio.history, str(relative) if relative is not None else "")
        return JSONResponse({"path": relative, **await asyncio.to_thread(view, history)})

    def opened(data: dict[str, Any]) -> History:
        relative = data.get("path")
        studio.folder.resolve(relative)  # the policy first: a path it refuses is never looked up
        history = studio.open.get(str(relative))
        if history is None:
            raise SectionXError("open the file first")
        return history

    async def play(request: Request) -> Response:
        data = await body(request)
        history = opened(data)
        move = data.get("move")
        clicks = data.get("clicks")
        table = history.current
        if move is None and isinstance(clicks, list) and 0 < len(clicks) <= MAX_CLICKS \
                and all(isinstance(c, str) and len(c) <= 200 for c in clicks):
            move = await asyncio.to_thread(table.guess, tuple(clicks))
            if move is None:
                return JSONResponse({"refused": "no move is made of those clicks", "rules": []})
        if not isinstance(move, str) or len(move) > 500:
            raise SectionXError("a move is a line of the game's notation")
        after = await asyncio.to_thread(table.play, move)
        if isinstance(after, Refusal):
            return JSONResponse({"refused": after.message, "rules": list(after.rules), "move": move})
        history.push(move, after)
        return JSONResponse({"played": move, **await asyncio.to_thread(view, history)})

    async def undo(request: Request) -> Response:
        history = opened(await body(request))
        history.undo()
        return JSONResponse(await asyncio.to_thread(view, history))

    async def redo(request: Request) -> Response:
        history = opened(await body(request))
        history.redo()
        return JSONResponse(await asyncio.to_thread(view, history))

    async def goto(request: Request) -> Response:
        data = await body(request)
        history = opened(data)
        at = data.get("at")
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at < len(history.tables):
            raise SectionXError("no such move in the list")
        history.at = at
        return JSONResponse(await asyncio.to_thread(view, history))

    async def solve(request: Request) -> Response:
        data = await body(request)
        history = opened(data)
        which = data.get("from", "current")
        table = history.tables[0] if which == "start" else history.current
        seconds = data.get("seconds", DEFAULT_SECONDS)
        if not isinstance(seconds, (int, float)) or isinstance(seconds, bool) or not 0 < seconds <= MAX_SECONDS:
            raise SectionXError(f"a solve takes between 0 and {MAX_SECONDS:.0f} seconds")
        job = studio.jobs.solve(table, Limits(seconds=float(seconds)))
        return JSONResponse({"job": job.id})

    async def export(request: Request) -> Response:
        data = await body(request)
        relative = data.get("path")
        path = studio.folder.resolve(relative)
        kind = data.get("kind", "pdf")
        if kind not in ("pdf", "svg"):
            raise SectionXError("export writes pdf or svg")
        seconds = DEFAULT_SECONDS
        job = studio.jobs.call(seconds, export_sheet, str(path), kind, seconds)
        return JSONResponse({"job": job.id})

    async def events(request: Request) -> Response:
        job = studio.jobs.get(request.path_params["job"])
        if job is None:
            return _refused("no such job", 404)

        async def stream() -> AsyncIterator[str]:
            for line in list(job.progress):
                yield _event("progress", line)
            while True:
                got = await asyncio.to_thread(job.poll, 0.5)
                for kind, value in got:
                    yield _event(kind, value)
                if job.finished is not None:
                    if not got:
                        yield _event(*job.finished)
                    return
                if await request.is_disconnected():
                    return
        return StreamingResponse(stream(), media_type="text/event-stream", headers={"Cache-Control": "no-store"})

    async def stop(request: Request) -> Response:
        job = studio.jobs.get(request.path_params["job"])
        if job is not None:
            await asyncio.to_thread(job.stop)
        return JSONResponse({"stopped": job is not None})

    async def source(request: Request) -> Response:
        path = studio.folder.resolve(request.query_params.get("path", ""))
        text = fileio.read_bytes(path, MAX_TEXT, what="YAML file", track=False).decode("utf-8", "replace")
        return JSONResponse({"text": text})

    def checked(relative: str, text: str) -> dict[str, Any]:
        """The editor's view of ``text``: its problems, and when it is valid its picture,
        spots and palette (the last valid ones kept for edits made while it is not)."""
        try:
            table = studio.table_from_text(relative, text)
        except LoadError as exc:
            return {"ok": False, "problems": _problems(exc), "text": text}
        studio.editing[relative] = table
        picture = table.picture()
        out: dict[str, Any] = {"ok": True, "problems": [], "svg": picture.svg, "status": asdict(table.status()),
                               "game": table.game, "kind": table.kind, "text": text, "spots": _spots(picture)}
        editable = _editable(table)
        if editable is not None:
            out["tools"] = [asdict(t) for t in editable.tools()]
        return out

    def editor_text(data: dict[str, Any]) -> tuple[str, str]:
        relative, text = data.get("path"), data.get("text")
        if not isinstance(relative, str):
            raise SectionXError("the editor's file has no name")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise SectionXError("the text is missing or too long")
        studio.folder.resolve(relative, new=True)  # the policy first
        return relative, text

    async def check(request: Request) -> Response:
        relative, text = editor_text(await body(request))
        return JSONResponse(await asyncio.to_thread(checked, relative, text))

    async def edit(request: Request) -> Response:
        data = await body(request)
        relative, text = editor_text(data)
        tool, spot, option = data.get("tool"), data.get("spot"), data.get("option", "")
        if not all(isinstance(v, str) and len(v) < 200 for v in (tool, spot, option)):
            raise SectionXError("an edit names a tool, a spot and an option")

        def run() -> dict[str, Any]:
            try:
                table = _editable(studio.table_from_text(relative, text))
            except LoadError:
                table = _editable(studio.editing.get(relative))
            if table is None:
                return {"refused": "this file cannot be edited from the palette until it is valid once", "rules": []}
            after = table.edit(text, str(tool), str(spot), str(option))
            if isinstance(after, Refusal):
                return {"refused": after.message, "rules": list(after.rules)}
            return checked(relative, after)
        return JSONResponse(await asyncio.to_thread(run))

    async def new_file(request: Request) -> Response:
        data = await body(request)
        name = data.get("game")
        from ..games import games

        game = next((g for g in games() if g.name == name), None)
        if game is None:
            raise SectionXError(f"no game is called {name!r}")

        def run() -> str:
            try:  # a seed where the game shuffles (the same new file every time), none where it is refused
                return game.commands().new(NewOptions(players=game.players[0], seed=0))
            except Refused:
                return game.commands().new(NewOptions(players=game.players[0]))
        return JSONResponse({"text": await asyncio.to_thread(run)})

    async def game_list(request: Request) -> Response:
        from ..games import games

        return JSONResponse({"games": [{"name": g.name, "title": g.title} for g in games()]})

    async def save(request: Request) -> Response:
        data = await body(request)
        relative, text = data.get("path"), data.get("text")
        if not isinstance(text, str) or len(text) > MAX_TEXT:
            raise SectionXError("the text is missing or too long")
        path = studio.folder.resolve(relative, new=True)
        await asyncio.to_thread(fileio.write_file, path, text)
        studio.open.pop(str(relative), None)  # a saved file opens afresh
        report = await asyncio.to_thread(studio.report, str(relative))
        return JSONResponse({"saved": relative, "report": report.as_json()})

    def one_at_a_time(handler: Handler) -> Handler:
        """The handler run while it alone changes its file's line of play (a double
        click's second request waits, then plays on the position the first left)."""
        async def run(request: Request) -> Response:
            data = await body(request)  # Starlette keeps the body: the handler reads it again
            async with studio.lock(str(data.get("path"))):
                return await handler(request)
        return run

    def post(path: str, handler: Handler) -> Route:
        return Route(path, guarded(handler, changes=True), methods=["POST"])

    def get(path: str, handler: Handler) -> Route:
        return Route(path, guarded(handler), methods=["GET"])

    routes = [
        Route("/", index, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        get("/api/files", files),
        get("/api/thumb", thumb),
        get("/api/source", source),
        get("/api/jobs/{job}", events),
        post("/api/open", one_at_a_time(open_file)),
        post("/api/play", one_at_a_time(play)),
        post("/api/undo", one_at_a_time(undo)),
        post("/api/redo", one_at_a_time(redo)),
        post("/api/goto", one_at_a_time(goto)),
        post("/api/solve", solve),
        post("/api/export", export),
        post("/api/jobs/{job}/stop", stop),
        post("/api/check", check),
        post("/api/save", save),
        post("/api/edit", edit),
        post("/api/new", new_file),
        get("/api/games", game_list),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        studio.jobs.stop_all()  # no worker outlives the server

    return Starlette(routes=routes, lifespan=lifespan)


def _event(kind: str, value: Any) -> str:
    if kind == "done" and not isinstance(value, (dict, str)):
        value = _jsonable(value)
    return f"event: {kind}\ndata: {json.dumps(value)}\n\n"


def _jsonable(value: Any) -> Any:
    from dataclasses import is_dataclass

    if is_dataclass(value) and not isinstance(value, type):
        return asdict(value)
    return value


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def export_sheet(path: str, kind: str, seconds: float, progress: Callable[[str], None]) -> dict[str, str]:
    """The puzzle card and solution sheet of ``path`` as ``sectionx sheet`` makes them
    (run in a worker): ``{"name": ..., "type": ..., "data": base64}``; several SVG
    pictures come as one zip."""
    from ..games import read as read_file

    progress("solving and drawing the sheet")
    source = Path(path)
    with tempfile.TemporaryDirectory(prefix="sectionx-studio-") as tmp:
        out = Path(tmp) / f"{source.stem}-sheet.{kind}"
        try:
            with shared_budget():
                doc, game = read_file(source)
            # What sheet says on a terminal ("wrote ...") is not for the page.
            with contextlib.redirect_stderr(io.StringIO()):
                game.commands().sheet(source, doc, SheetOptions(out, kind, seconds=seconds))
        except Stop as exc:  # sheet solves first: 3 impossible, 4 a limit (the README's exit statuses)
            raise SectionXError("the puzzle has no solution within its turns (proved)" if exc.code == 3 else
                                f"the solver reached its limit of {seconds:.0f} s before the sheet could be drawn") from None
        except Refused as exc:
            raise SectionXError(exc.message) from None
        except LoadError as exc:
            raise SectionXError("; ".join(d.message for d in exc.diagnostics) or "the file has problems") from None
        made = sorted(Path(tmp).iterdir())
        if kind == "pdf":
            return {"name": out.name, "type": "application/pdf",
                    "data": base64.b64encode(out.read_bytes()).decode("ascii")}
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
            for file in made:
                info = zipfile.ZipInfo(file.name, date_time=(2000, 1, 1, 0, 0, 0))
                archive.writestr(info, file.read_bytes())
        return {"name": f"{source.stem}-sheet.zip", "type": "application/zip",
                "data": base64.b64encode(buffer.getvalue()).decode("ascii")}
