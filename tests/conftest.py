"""Test setup: headless SDL, silent audio, and user files kept out of the real home folder."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# No test may touch a player's settings, saves or statistics.
os.environ["CARIOCA_HOME"] = tempfile.mkdtemp(prefix="carioca-tests-")
os.environ.pop("CARIOCA_LANG", None)


@pytest.fixture
def spanish(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The home language, whatever the machine's locale (the App reads CARIOCA_LANG)."""
    from carioca_desktop import i18n

    monkeypatch.setenv("CARIOCA_LANG", "es")
    old = i18n.language()
    yield
    i18n.set_language(old)
