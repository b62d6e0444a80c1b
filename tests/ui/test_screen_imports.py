"""Screens reach each other through the router: no screen module imports another screen, nor
the app, the router or the registry of screens (they ask ``self.app.routes``); and no circle of
imports in ui/."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
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


def ui_graph(root: Path) -> dict[str, set[str]]:
    """ui's modules and the ui modules each imports (type-only and function-level imports
    too); ``from pkg import name`` is an import of ``pkg.name`` when that is a module, else of
    ``pkg`` (as tools/imports.py counts)."""
    base = root / "carioca_desktop" / "ui"
    names = {}
    for path in sorted(base.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        names[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    graph: dict[str, set[str]] = {}
    for name, (path, is_package) in names.items():
        package = name if is_package else name.rpartition(".")[0]
        found = imported(path.read_text(encoding="utf-8"), package)
        modules = {t for t in found if t in names}
        # `from pkg import module` names pkg too: only the module counts then.
        modules -= {t.rpartition(".")[0] for t in modules if t.rpartition(".")[0] in modules}
        graph[name] = modules - {name}
    return graph


def circle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of imports, if the graph has any (else it sorts topologically)."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as err:
        return list(err.args[1])
    return []


def test_the_circle_check_sees_one() -> None:
    assert set(circle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}})) == {"a", "b", "c"}
    assert circle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_ui_has_no_circle_of_imports() -> None:
    """A table's parts are typed by protocols of what they need of their scene (tablehost.py,
    layerparts.py, pictured.py), not by the scene that imports them."""
    graph = ui_graph(ROOT)
    assert len(graph) > 100
    frame = graph["carioca_desktop.ui.scenes.carioca.frame"]
    assert "carioca_desktop.ui.scenes.carioca.tablehost" in frame
    assert circle(graph) == []
