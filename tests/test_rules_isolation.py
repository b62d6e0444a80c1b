"""The rules engine, the bots and storage never load pygame."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "module",
    [
        "carioca_desktop.rules",
        "carioca_desktop.rules.carioca.game",
        "carioca_desktop.conformance",
        "carioca_desktop.storage",
        "carioca_desktop.bots",
    ],
)
def test_module_imports_no_pygame(module: str) -> None:
    code = (
        f"import sys, importlib; importlib.import_module({module!r}); "
        "import pkgutil, carioca_desktop.rules as r, carioca_desktop.solver as v; "
        "[importlib.import_module(m.name) for p in (r, v) "
        "for m in pkgutil.walk_packages(p.__path__, p.__name__ + '.')]; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
