"""The rules engine, the bots, storage and play/ (session, hot seat, tutorial script, hints,
table words) never load pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

# Every module of these packages is imported, not only the package itself.
_PACKAGES = ("carioca_desktop.rules", "carioca_desktop.play", "carioca_desktop.net")


@pytest.mark.parametrize(
    "module",
    [
        "carioca_desktop.rules",
        "carioca_desktop.rules.carioca.game",
        "carioca_desktop.conformance",
        "carioca_desktop.storage",
        "carioca_desktop.bots",
        "carioca_desktop.play",
        "carioca_desktop.play.carioca.session",
        "carioca_desktop.net",
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


# The engine's raw state is its own: players, the UI and the session read observations and the
# Game's public queries. The bot driver and the conformance referee still read it (the driver's
# buy window goes when the offer phase lands in the engine; the referee compares whole states).
_STATE_READERS = {
    "bots/carioca/driver.py",
    "bots/buraco/driver.py",
    "conformance/buraco.py",
    "conformance/carioca.py",
}


def test_nothing_outside_the_engine_reads_the_game_state() -> None:
    package = Path(__file__).resolve().parent.parent / "carioca_desktop"
    found = []
    for path in sorted(package.rglob("*.py")):
        name = path.relative_to(package).as_posix()
        if name.startswith("rules/") or name in _STATE_READERS:
            continue
        found += [f"{name}:{line}" for line in _state_reads(path.read_text(encoding="utf-8"))]
    assert found == [], f"reads of .state outside rules/: {found}"


def test_the_state_check_sees_a_read() -> None:
    """The walk above does find ``game.state`` (so it cannot pass by reading nothing)."""
    source = "def f(session):\n    s = session.game\n    return len(s.state.events)\n"
    assert _state_reads(source) == [3]
    assert _state_reads("from carioca_desktop.rules.carioca.state import Phase\n") == []


def _state_reads(source: str) -> list[int]:
    """The lines reading an attribute named ``state``."""
    tree = ast.parse(source)
    return [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Attribute) and n.attr == "state"]
