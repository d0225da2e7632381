"""What the studio's browser tests share: the studio started for real on a copy of the
shipped scenarios, Debian's Chromium driven by Playwright, and playing a move by
clicking its spots the way a player would.

Chromium is the system's (``/usr/bin/chromium``, installed by ``.ci/run``): Playwright's
own browser download is never used.  Without it the tests skip, unless
``SECTIONX_BROWSER=required`` (CI's browser step), where its absence fails them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from sectionx.games import read
from sectionx.studio.table import Choice, Refusal, Table

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("SECTIONX_CHROMIUM", "/usr/bin/chromium")
#: Chromium's flags on these machines: no sandbox (root in a container), and no background
#: traffic (the network is closed; its attempts would be refused many at a time).
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage"]
SHOTS = ROOT / "output" / "studio-shots"


def need_browser() -> None:
    if not Path(CHROMIUM).exists():
        if os.environ.get("SECTIONX_BROWSER") == "required":
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium for these tests")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")


@dataclass
class Running:
    url: str
    folder: Path
    process: subprocess.Popen[str]


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    need_browser()
    folder = tmp_path_factory.mktemp("studio") / "scenarios"
    shutil.copytree(ROOT / "scenarios", folder, symlinks=False)
    proc = subprocess.Popen([sys.executable, "-m", "sectionx", "studio", str(folder), "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    m = re.search(r"(http://127\.0\.0\.1:\d+/\?token=\S+)", line)
    assert m, line
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(m[1], timeout=5):
                break
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
    try:
        yield Running(m[1], folder, proc)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    need_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture
def page(browser: Any, studio: Running) -> Iterator[Any]:
    # The page forbids eval (its CSP); Playwright's waits evaluate strings, so the test context bypasses it.
    context = browser.new_context(viewport={"width": 1400, "height": 900}, bypass_csp=True)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(studio.url)
    pg.wait_for_selector("#files .file")
    yield pg
    context.close()
    assert not errors, errors


def shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def table_of(path: Path) -> Table:
    doc, game = read(path)
    return game.commands().table(path, doc)


def open_file(page: Any, name: str) -> float:
    """Open ``name`` (relative to the folder) in Play; the seconds until its board showed."""
    page.click("#tab-files")
    opens = int(page.evaluate("Number(document.body.dataset.opens || 0)"))
    started = time.perf_counter()
    page.click(f'#files [data-file="{name}"] .open')
    # Drawn once this open's answer came (not an earlier open's of the same file).
    page.wait_for_function(f"Number(document.body.dataset.opens || 0) > {opens}")
    page.wait_for_selector("#studio-spots", state="attached")
    return time.perf_counter() - started


def click_spot(page: Any, spot: str) -> None:
    # A spot is a polygon laid over the picture; pieces lie over cells, so the click is
    # dispatched on the spot itself (what a click on its visible part would do).
    page.locator(f'#studio-spots [data-spot="{spot}"]').dispatch_event("click")


def moves_done(page: Any) -> int:
    return int(page.evaluate("document.querySelectorAll('#moves li.done').length"))


def play_by_clicks(page: Any, table: Table, move: str) -> Table:
    """Play ``move`` on the page by clicking its spots (and its button where several moves
    share the clicks, or it has none); the table after it, played alongside."""
    choice = next((c for c in table.choices() if c.text == move), None)
    assert choice is not None, f"{move} is not among the choices"
    before = moves_done(page)
    if choice.clicks:
        for spot in choice.clicks:
            click_spot(page, spot)
        if _shares_clicks(table, choice):
            page.locator(f'#options [data-move="{move}"]').click()
    else:
        page.locator(f'#options [data-move="{move}"]').click()
    page.wait_for_function(f"document.querySelectorAll('#moves li.done').length > {before}")
    after = table.play(move)
    assert not isinstance(after, Refusal), after
    return after


def _shares_clicks(table: Table, choice: Choice) -> bool:
    return sum(1 for c in table.choices() if c.clicks[:len(choice.clicks)] == choice.clicks) > 1
