"""The studio's server without a browser (issue 31): its safety (host, token, cookie,
the folder's policy), the folder's list, the editor's check and save, and the
``studio`` command itself, started for real on 127.0.0.1."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from sectionx.studio.app import COOKIE, HEADER, Studio, create_app
from sectionx.studio.folder import Folder, OutsideFolder

ROOT = Path(__file__).resolve().parent.parent
PUZZLE = ROOT / "scenarios" / "puzzle-first-escape.yaml"
TOKEN = "test-token-0123456789"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "work").mkdir()
    shutil.copy(PUZZLE, tmp_path / "work" / "puzzle.yaml")
    (tmp_path / "work" / "broken.yaml").write_text("prisoners: [\n", encoding="utf-8")
    (tmp_path / "work" / "notes.txt").write_text("not a game file\n", encoding="utf-8")
    (tmp_path / "secret.yaml").write_text("game: sectionx\n", encoding="utf-8")
    return tmp_path / "work"


def client(folder: Path, *, cookie: bool = True) -> TestClient:
    c = TestClient(create_app(Studio(Folder.open(folder), TOKEN)), base_url="http://127.0.0.1")
    if cookie:
        assert c.get(f"/?token={TOKEN}").status_code == 200
    return c


def post(c: TestClient, path: str, data: dict[str, object]) -> dict[str, object]:
    r = c.post(path, json=data, headers={HEADER: TOKEN})
    assert r.status_code == 200, r.text
    out = r.json()
    assert isinstance(out, dict)
    return out


# --------------------------------------------------------------------- safety


def test_the_page_needs_the_token_and_trades_it_for_a_strict_cookie(folder: Path) -> None:
    c = client(folder, cookie=False)
    assert c.get("/").status_code == 403
    assert c.get("/?token=wrong").status_code == 403
    r = c.get(f"/?token={TOKEN}")
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert f"{COOKIE}={TOKEN}" in cookie and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert TOKEN in r.text  # the page sends it back in the header of every change
    assert "frame-ancestors 'none'" in r.headers["content-security-policy"]


def test_every_request_needs_the_cookie_and_every_change_the_header(folder: Path) -> None:
    bare = client(folder, cookie=False)
    assert bare.get("/api/files").status_code == 403
    c = client(folder)
    assert c.get("/api/files").status_code == 200
    # A change without the header (what another site's form could send) is refused ...
    r = c.post("/api/save", json={"path": "new.yaml", "text": "x: 1\n"})
    assert r.status_code == 403 and not (folder / "new.yaml").exists()
    r = c.post("/api/save", json={"path": "new.yaml", "text": "x: 1\n"}, headers={HEADER: "wrong"})
    assert r.status_code == 403 and not (folder / "new.yaml").exists()
    # ... and with it the same request goes through.
    post(c, "/api/save", {"path": "new.yaml", "text": "x: 1\n"})
    assert (folder / "new.yaml").read_text(encoding="utf-8") == "x: 1\n"


def test_a_foreign_host_name_is_refused(folder: Path) -> None:
    """DNS rebinding: a page of evil.example whose name resolves to 127.0.0.1."""
    studio = Studio(Folder.open(folder), TOKEN, port=8123)
    c = TestClient(create_app(studio), base_url="http://evil.example:8123")
    assert c.get(f"/?token={TOKEN}").status_code == 403
    c = TestClient(create_app(studio), base_url="http://127.0.0.1:8123")
    assert c.get(f"/?token={TOKEN}").status_code == 200
    c = TestClient(create_app(studio), base_url="http://localhost:8123")
    assert c.get(f"/?token={TOKEN}").status_code == 200
    c = TestClient(create_app(studio), base_url="http://127.0.0.1:9999")
    assert c.get(f"/?token={TOKEN}").status_code == 403


@pytest.mark.parametrize("name", ["../secret.yaml", "/etc/passwd", "sub/../../secret.yaml", "notes.txt", "", "a\\b.yaml", "./puzzle.yaml", "link.yaml", "C:/x.yaml"])
def test_the_folder_policy_refuses_what_lies_outside(folder: Path, name: str) -> None:
    (folder / "link.yaml").symlink_to(folder.parent / "secret.yaml")
    c = client(folder)
    r = c.get("/api/source", params={"path": name})
    assert r.status_code == 403, (name, r.text)
    r = c.post("/api/save", json={"path": name, "text": "x: 1\n"}, headers={HEADER: TOKEN})
    assert r.status_code == 403, (name, r.text)
    assert (folder.parent / "secret.yaml").read_text(encoding="utf-8") == "game: sectionx\n"


def test_folder_resolve_unit(folder: Path) -> None:
    f = Folder.open(folder)
    assert f.resolve("puzzle.yaml") == (folder / "puzzle.yaml").resolve()
    assert f.resolve("new.yaml", new=True) == (folder / "new.yaml").resolve()
    with pytest.raises(OutsideFolder, match="no such file"):
        f.resolve("new.yaml")  # reading a missing file; saving it (new=True) is allowed
    with pytest.raises(OutsideFolder, match="folder does not exist"):
        f.resolve("nowhere/new.yaml", new=True)
    with pytest.raises(OutsideFolder):
        f.resolve(None)


def test_bad_requests_get_one_line_not_a_traceback(folder: Path) -> None:
    c = client(folder)
    for raw in (b"{", b"[1]", b"\xff\xfe", b'{"path": 5}'):
        r = c.post("/api/open", content=raw, headers={HEADER: TOKEN})
        assert r.status_code in (403, 422), r.text
        assert set(r.json()) >= {"error"}
    r = c.post("/api/save", json={"path": "x.yaml", "text": "a" * (2 << 20)}, headers={HEADER: TOKEN})
    assert r.status_code == 422 and not (folder / "x.yaml").exists()


# --------------------------------------------------------------------- the folder and the editor


def test_the_list_has_every_yaml_file_with_its_game_and_problems(folder: Path) -> None:
    (folder / "sub").mkdir()
    shutil.copy(PUZZLE, folder / "sub" / "again.yml")
    got = client(folder).get("/api/files").json()
    by_name = {f["file"]: f for f in got["files"]}
    assert sorted(by_name) == ["broken.yaml", "puzzle.yaml", "sub/again.yml"]
    assert by_name["puzzle.yaml"]["ok"] and by_name["puzzle.yaml"]["game"] == "sectionx"
    assert by_name["puzzle.yaml"]["kind"] == "puzzle"
    assert not by_name["broken.yaml"]["ok"] and by_name["broken.yaml"]["problems"][0]["line"] >= 1


def test_check_locates_problems_in_unsaved_text_and_save_keeps_it_exactly(folder: Path) -> None:
    c = client(folder)
    text = c.get("/api/source", params={"path": "puzzle.yaml"}).json()["text"]
    assert text == PUZZLE.read_text(encoding="utf-8")
    broken = text.replace("turns:", "turns: -3\n  bogus:", 1)
    got = post(c, "/api/check", {"path": "puzzle.yaml", "text": broken})
    assert got["ok"] is False
    problems = got["problems"]
    assert isinstance(problems, list) and problems and all(p["line"] >= 1 for p in problems)
    assert (folder / "puzzle.yaml").read_text(encoding="utf-8") == text  # checking writes nothing
    commented = "# my own comment, kept\n" + text
    got = post(c, "/api/check", {"path": "puzzle.yaml", "text": commented})
    assert got["ok"] is True and str(got["svg"]).lstrip().startswith("<?xml")
    post(c, "/api/save", {"path": "puzzle.yaml", "text": commented})
    assert (folder / "puzzle.yaml").read_text(encoding="utf-8") == commented


# --------------------------------------------------------------------- the command


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def test_the_command_listens_on_loopback_prints_its_address_and_serves_the_page(folder: Path) -> None:
    env = {**os.environ, "BROWSER": "true"}
    proc = subprocess.Popen([sys.executable, "-m", "sectionx", "studio", str(folder), "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"at (http://127\.0\.0\.1:(\d+)/\?token=(\S+))", line)
        assert m, line
        url, port = m[1], int(m[2])
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as r:
                    page = r.read().decode("utf-8")
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert "sectionx" in page and "studio.js" in page
        # Only the loopback address listens: the same port on another address of this machine is closed.
        import socket

        host = socket.gethostbyname(socket.gethostname())
        if not host.startswith("127."):
            with pytest.raises(ConnectionRefusedError), socket.create_connection((host, port), timeout=2):
                pass
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_command_refuses_a_missing_folder_and_a_busy_port_in_one_line(folder: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "sectionx", "studio", str(folder / "nowhere"), "--no-browser"],
                       check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "no such folder" in r.stderr
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "sectionx", "studio", str(folder), "--no-browser", "--port", str(port)],
                           check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--port" in r.stderr and "Traceback" not in r.stderr
    r = subprocess.run([sys.executable, "-m", "sectionx", "studio", str(folder), "--port", "70000"],
                       check=False, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_clicks_and_moves_out_of_bounds_are_refused_in_one_line(folder: Path) -> None:
    c = client(folder)
    post(c, "/api/open", {"path": "puzzle.yaml"})
    for data in ({"clicks": ["cell:0,1"] * 1000}, {"clicks": ["x" * 5000]}, {"clicks": []}, {"clicks": [1, 2]},
                 {"move": "x" * 10_000}, {"move": 5}, {}):
        r = c.post("/api/play", json={"path": "puzzle.yaml", **data}, headers={HEADER: TOKEN})
        assert r.status_code == 422 and "error" in r.json(), (data, r.text)
    r = c.post("/api/play", json={"path": "other.yaml", "move": "pass"}, headers={HEADER: TOKEN})
    assert r.status_code == 403  # no such file: the policy answers before the list of open files


def test_a_sheet_that_cannot_be_made_says_why_in_words(tmp_path: Path) -> None:
    from sectionx.errors import SectionXError
    from sectionx.studio.app import export_sheet

    (tmp_path / "p.yaml").write_text(PUZZLE.read_text(encoding="utf-8").replace("turns: 2", "turns: 1"), encoding="utf-8")
    with pytest.raises(SectionXError, match="no solution within its turns"):
        export_sheet(str(tmp_path / "p.yaml"), "pdf", 20, lambda line: None)
    made = export_sheet(str(PUZZLE), "svg", 20, lambda line: None)
    assert made["name"] == "puzzle-first-escape-sheet.zip" and made["type"] == "application/zip"


def test_a_yaml_link_to_another_kind_of_file_is_refused(folder: Path) -> None:
    """The policy holds where a link leads: link.yaml -> notes.txt is not a YAML file, and a
    dangling hook.yaml -> .git/hooks/pre-commit is not one either (it would be created)."""
    (folder / "link.yaml").symlink_to(folder / "notes.txt")
    (folder / ".git" / "hooks").mkdir(parents=True)
    (folder / "hook.yaml").symlink_to(folder / ".git" / "hooks" / "pre-commit")
    c = client(folder)
    for name in ("link.yaml", "hook.yaml"):
        assert c.get("/api/source", params={"path": name}).status_code == 403
        r = c.post("/api/save", json={"path": name, "text": "x: 1\n"}, headers={HEADER: TOKEN})
        assert r.status_code == 403, r.text
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "not a game file\n"
    assert not (folder / ".git" / "hooks" / "pre-commit").exists()
    assert "link.yaml" not in [f["file"] for f in c.get("/api/files").json()["files"]]


def test_odd_tokens_and_deep_json_get_a_refusal_not_a_500(folder: Path) -> None:
    c = client(folder)
    assert c.get("/?token=%C3%A9").status_code in (200, 403)  # the cookie is already set: 200
    bare = client(folder, cookie=False)
    assert bare.get("/?token=%C3%A9").status_code == 403
    r = c.post("/api/open", content=b"[" * 100_000, headers={HEADER: TOKEN})
    assert r.status_code == 422 and "JSON" in r.json()["error"]


def test_two_plays_at_once_play_one_after_the_other(folder: Path) -> None:
    """A double click sends the same move twice: the second waits for the first and is
    judged on the position the first left (here: it is no longer legal, or it is a new
    move), and the move list stays in step with the positions."""
    import asyncio

    import httpx

    studio = Studio(Folder.open(folder), TOKEN)
    app = create_app(studio)

    async def run() -> None:
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            await c.get(f"/?token={TOKEN}")
            view = (await c.post("/api/open", json={"path": "puzzle.yaml"}, headers={HEADER: TOKEN})).json()
            move = view["choices"][0]["text"]
            answers = await asyncio.gather(*[c.post("/api/play", json={"path": "puzzle.yaml", "move": move},
                                                    headers={HEADER: TOKEN}) for _ in range(2)])
            assert all(a.status_code == 200 for a in answers)
        history = studio.open["puzzle.yaml"]
        assert len(history.moves) == len(history.answers) == len(history.tables) - 1 == history.at
        for i, played in enumerate(history.moves):  # each position is the one before it, with its move
            assert history.tables[i].play(played) == history.tables[i + 1]

    asyncio.run(run())
