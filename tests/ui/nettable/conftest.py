"""The network table's tests read their words in Spanish, the home language, whatever a test
before them chose."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from carioca_desktop.i18n import set_language


@pytest.fixture(autouse=True)
def spanish() -> Iterator[None]:
    set_language("es")
    yield
    set_language("es")
