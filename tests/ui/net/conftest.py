"""The network screens' shared fixture: a small window's app in a language the test names."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.ui.net.netscreens import SMALL, new_app


@pytest.fixture
def small_app(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A 1024x600 app in ``request.param``'s language (parametrize it indirectly); the
    language goes back to Spanish after."""
    app = new_app(tmp_path, SMALL)
    app.update_settings(app.settings.replace(language=request.param))
    try:
        yield app
    finally:
        app.stop_serving()
        app.update_settings(app.settings.replace(language="es"))
