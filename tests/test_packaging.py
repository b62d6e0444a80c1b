"""Every package of the source tree is listed in pyproject.toml, so an installed wheel (and the
executable built from it) carries the whole game, not only what the source checkout has."""

from __future__ import annotations

from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11+; 3.10 has no TOML reader

ROOT = Path(__file__).resolve().parent.parent


def test_every_package_is_installed_by_pyproject() -> None:
    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "carioca_desktop").rglob("__init__.py")
    }
    assert found <= listed, sorted(found - listed)
