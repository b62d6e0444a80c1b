"""The rules engine, the bots, storage and play/ (session, hot seat, tutorial script, hints,
table words) never load pygame."""

from __future__ import annotations

import subprocess
import sys

import pytest

# Every module of these packages is imported, not only the package itself.
_PACKAGES = ("carioca_desktop.rules", "carioca_desktop.play")


@pytest.mark.parametrize(
    "module",
    [
        "carioca_desktop.rules",
        "carioca_desktop.rules.game",
        "carioca_desktop.conformance",
        "carioca_desktop.storage",
        "carioca_desktop.bots",
        "carioca_desktop.play",
        "carioca_desktop.play.session",
    ],
)
def test_module_imports_no_pygame(module: str) -> None:
    code = (
        f"import sys, importlib, pkgutil; importlib.import_module({module!r}); "
        f"[importlib.import_module(p + '.' + m.name) for p in {_PACKAGES!r} "
        "for m in pkgutil.iter_modules(importlib.import_module(p).__path__)]; "
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'pygame_gui')]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
