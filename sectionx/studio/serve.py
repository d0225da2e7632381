"""Start the studio: bind 127.0.0.1, print the address with its token, open a browser.

uvicorn serves the Starlette app (:mod:`.app`) on a socket bound here, so that port 0
(the default) lets the system choose a free port and the address printed is the one
really listened on.  Only the loopback address is ever bound: nothing on another
machine can reach the studio.
"""

from __future__ import annotations

import secrets
import socket
import sys
import threading
import webbrowser
from pathlib import Path

from .folder import Folder

HOST = "127.0.0.1"


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1 at ``port`` (0: any free port); OSError names the
    reason (port in use, not allowed)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((HOST, port))
        sock.listen(64)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def address(port: int, token: str) -> str:
    return f"http://{HOST}:{port}/?token={token}"


def run(folder: Path, *, port: int = 0, browser: bool = True, token: str | None = None) -> None:
    """Serve ``folder`` until interrupted (Ctrl-C).  Prints the address (with the run's
    token) on stdout first, then opens it in the default browser unless ``browser`` is
    false or there is none."""
    import uvicorn

    from .app import Studio, create_app

    opened = Folder.open(folder)
    sock = bind(port)
    real_port = sock.getsockname()[1]
    secret = token or secrets.token_urlsafe(24)
    studio = Studio(opened, secret, real_port)
    url = address(real_port, secret)
    print(f"sectionx studio: {opened.root} at {url}", flush=True)
    print("(Ctrl-C stops it)", file=sys.stderr, flush=True)
    threading.Thread(target=studio.warm, name="warm-up", daemon=True).start()
    if browser:
        # After the server is up, or the page would find nothing there.
        threading.Timer(0.5, lambda: webbrowser.open(url)).start()
    # Ctrl-C must not wait for a solve's open stream to end (minutes): two seconds, then go.
    config = uvicorn.Config(create_app(studio), log_level="warning", lifespan="on", access_log=False,
                            timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        studio.jobs.stop_all()
        sock.close()
