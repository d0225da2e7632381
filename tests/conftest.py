"""Settings for the whole test run.

Progress lines (:mod:`sectionx.progress`): a command that runs over two seconds writes a
plain line to stderr every few seconds when stderr is not a terminal, as under the
tests.  Many tests compare stderr line by line, so the run sets ``SECTIONX_PROGRESS=off``
(inherited by the commands tests start as processes); tests/test_progress.py turns the
lines back on where it checks them.
"""

from __future__ import annotations

import os

os.environ["SECTIONX_PROGRESS"] = "off"
