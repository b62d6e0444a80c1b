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


def test_bots_solver_storage_and_tools_do_not_read_the_engine_state() -> None:
    """Players and tools read observations and public queries; ``game.state`` belongs to the
    engine, the conformance referee and the tests (the UI has its own such test)."""
    import re
    from pathlib import Path

    package = Path(__file__).resolve().parent.parent / "carioca_desktop"
    files = [p for d in ("bots", "solver", "storage") for p in (package / d).rglob("*.py")]
    files += [package / "simulate.py", package / "selftest.py"]
    pattern = re.compile(r"\bgame\.state\b|\.state\.(events|hands|points|turn|table|stock)\b")
    readers = [
        f"{p.name}:{n}"
        for p in files
        for n, line in enumerate(p.read_text().splitlines())
        if pattern.search(line)
    ]
    assert not readers, readers
