"""Test setup: headless SDL, silent audio, and user files kept out of the real home folder."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# No test may touch a player's settings, saves or statistics.
os.environ["CARIOCA_HOME"] = tempfile.mkdtemp(prefix="carioca-tests-")
os.environ.pop("CARIOCA_LANG", None)
