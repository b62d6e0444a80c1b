"""Screens reach each other through the router: no screen module imports another screen, nor
the app, the router or the registry of screens (they ask ``self.app.routes``)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCENES = ROOT / "carioca_desktop" / "ui" / "scenes"
ROUTERS = {"carioca_desktop.ui.app", "carioca_desktop.ui.routes", "carioca_desktop.ui.games"}


def imported(source: str, package: str) -> set[str]:
    """Every module an import statement names (function-level and type-only ones too);
    ``package`` resolves the relative ones."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join([*parts, base] if base else parts)
            found.add(base)
            found |= {f"{base}.{alias.name}" for alias in node.names}
    return found


def screen_of(name: str) -> str | None:
    """``carioca_desktop.ui.scenes.X``: the screen (a module or a package) of a module."""
    parts = name.split(".")
    if parts[:3] != ["carioca_desktop", "ui", "scenes"] or len(parts) < 4:
        return None
    return ".".join(parts[:4])


def offences(source: str, name: str, is_package: bool = False) -> list[str]:
    """The imports of module ``name`` that reach another screen or the router."""
    package = name if is_package else name.rpartition(".")[0]
    own = screen_of(name)
    return [
        f"{name} -> {target}"
        for target in sorted(imported(source, package))
        if target in ROUTERS or screen_of(target) not in (None, own)
    ]


def test_the_check_sees_what_it_must() -> None:
    menu = "carioca_desktop.ui.scenes.menu"
    assert offences("from carioca_desktop.ui.scenes.pause import PauseScene\n", menu)
    assert offences("def f():\n    from carioca_desktop.ui.app import App\n", menu)
    assert offences("from ..pause import PauseScene\n", "carioca_desktop.ui.scenes.carioca.x")
    assert not offences("from .model import TableModel\n", "carioca_desktop.ui.scenes.carioca.x")
    assert not offences("from carioca_desktop.ui.widgets import UIScene\n", menu)


def test_no_screen_imports_another_screen_or_the_router() -> None:
    found = []
    modules = sorted(SCENES.rglob("*.py"))
    assert len(modules) > 60
    for path in modules:
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        name = ".".join(parts[:-1] if is_package else parts)
        found += offences(path.read_text(encoding="utf-8"), name, is_package)
    assert found == [], "open screens through self.app.routes: " + "; ".join(found)
