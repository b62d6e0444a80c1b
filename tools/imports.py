"""The package's import picture: cycles, upward imports, scene imports and game dispatch sites.

Run from the repository root: `python tools/imports.py` (add `--list` for every finding).

Definitions (kept here so that before/after figures come from the same words):

- *import graph*: one node per module of `carioca_desktop`; an edge A -> B when A imports B
  anywhere (module level, function level or under TYPE_CHECKING). `from pkg import name`
  counts as an import of `pkg.name` when that is a module, else of `pkg`.
- *cycle*: a strongly connected component of more than one module (a module importing its
  own package's `__init__` does not make one by itself; it is still counted if the SCC is
  real). Reported for `ui/` alone (edges between ui modules) and for the whole package.
- *upward import*: inside `ui/`, layers are ranked ui (0: app-wide helpers such as
  `ui/widgets.py`, `ui/theme.py`) < ui.scenes (1: a screen) < ui.scenes.X (2: a screen's own
  package). An import is upward when a module imports a module of a deeper rank that is not
  in its own package or below it: e.g. `ui/widgets.py -> ui/scenes/menu.py`, or
  `ui/scenes/menu.py -> ui/scenes/table/scene.py`. `ui/app.py` and the router
  (`ui/routes.py`, `ui/games.py` when they exist) are the places allowed to know screens, so
  their imports are not counted.
- *function-level scene import*: an `import` statement inside a function body whose target
  is a module under `ui/scenes/`.
- *scene importing a scene*: a module under `ui/scenes/` importing a module of another
  screen (screens are `ui/scenes/X.py` or the package `ui/scenes/X/`).
- *dispatch site*: a comparison (`==`, `!=`, `in`, `not in`) against a string literal naming
  a game ("carioca", "buraco"), or an `isinstance(..., <Game or Rules class of one game>)`,
  outside the two registries (`games.py`, `ui/games.py`) and outside each game's own folder.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = "carioca_desktop"
GAME_NAMES = ("carioca", "buraco")
GAME_TYPE_PREFIXES = ("Buraco", "Carioca")
GAME_TYPES = ("Game", "MatchSession", "MatchRecord")
ROUTERS = ("ui.app", "ui.routes", "ui.games")
REGISTRIES = ("games", "ui.games")


@dataclass
class Module:
    """One module: its dotted name (without the package), path and parsed tree."""

    name: str
    path: Path
    tree: ast.Module
    is_package: bool
    imports: set[str] = field(default_factory=set)
    late_imports: set[str] = field(default_factory=set)


def load(root: Path) -> dict[str, Module]:
    """Every module of the package, keyed by its dotted name below the package."""
    modules: dict[str, Module] = {}
    base = root / PACKAGE
    for path in sorted(base.rglob("*.py")):
        rel = path.relative_to(base).with_suffix("")
        parts = list(rel.parts)
        is_package = parts[-1] == "__init__"
        if is_package:
            parts = parts[:-1]
        name = ".".join(parts)
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules[name] = Module(name, path, tree, is_package)
    for module in modules.values():
        collect(module, modules)
    return modules


def _resolve(module: Module, node: ast.ImportFrom) -> str | None:
    """The absolute dotted name (below the package) that a `from X import` names."""
    if node.level:
        parts = module.name.split(".") if module.name else []
        if not module.is_package:
            parts = parts[:-1]
        parts = parts[: len(parts) - (node.level - 1)] if node.level > 1 else parts
        target = ".".join([*parts, *(node.module.split(".") if node.module else [])])
        return target
    if node.module and (node.module == PACKAGE or node.module.startswith(PACKAGE + ".")):
        return node.module[len(PACKAGE) + 1 :]
    return None


def _targets(module: Module, node: ast.AST, known: dict[str, Module]) -> Iterator[str]:
    """The package modules an import statement reaches."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name.startswith(PACKAGE + "."):
                name = alias.name[len(PACKAGE) + 1 :]
                if name in known:
                    yield name
    elif isinstance(node, ast.ImportFrom):
        base = _resolve(module, node)
        if base is None:
            return
        for alias in node.names:
            sub = f"{base}.{alias.name}" if base else alias.name
            if sub in known:
                yield sub
            elif base in known:
                yield base


def collect(module: Module, known: dict[str, Module]) -> None:
    """Fill the module's imports, and those made inside a function body."""
    late: set[int] = set()
    for node in ast.walk(module.tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Import | ast.ImportFrom):
                    late.add(id(inner))
    for node in ast.walk(module.tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(module, node, known):
                if target == module.name:
                    continue
                module.imports.add(target)
                if id(node) in late:
                    module.late_imports.add(target)


def sccs(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components, iteratively (no recursion limit)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    result: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            advanced = False
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                    advanced = True
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component: list[str] = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    component.append(top)
                    if top == node:
                        break
                result.append(sorted(component))
    return result


def cycles(modules: dict[str, Module], prefix: str = "") -> list[list[str]]:
    """The SCCs of more than one module among the modules under `prefix`."""

    def inside(name: str) -> bool:
        return not prefix or name == prefix or name.startswith(prefix + ".")

    graph = {
        name: {t for t in m.imports if inside(t)} for name, m in modules.items() if inside(name)
    }
    return [c for c in sccs(graph) if len(c) > 1]


def screen_of(name: str) -> str | None:
    """The screen a ui.scenes module belongs to (`ui.scenes.menu`, `ui.scenes.table`)."""
    parts = name.split(".")
    if len(parts) >= 3 and parts[:2] == ["ui", "scenes"]:
        return ".".join(parts[:3])
    return None


def rank(name: str) -> int:
    """The layer of a ui module: 0 app-wide, 1 a screen, 2 inside a screen's package."""
    parts = name.split(".")
    if parts[:2] != ["ui", "scenes"] or len(parts) == 2:
        return 0
    return 1 if len(parts) == 3 else 2


def upward(modules: dict[str, Module]) -> list[tuple[str, str]]:
    """Imports from a ui module to a deeper-ranked ui module outside its own subtree."""
    found = []
    for name, module in modules.items():
        if not name.startswith("ui") or name in ROUTERS:
            continue
        for target in module.imports:
            if not target.startswith("ui.") or rank(target) <= rank(name):
                continue
            own = screen_of(name)
            if own is not None and screen_of(target) == own:
                continue
            found.append((name, target))
    return sorted(found)


def late_scene_imports(modules: dict[str, Module]) -> list[tuple[str, str]]:
    """Function-level imports of a module under ui/scenes."""
    return sorted(
        (name, t)
        for name, m in modules.items()
        for t in m.late_imports
        if t.startswith("ui.scenes.")
    )


def scene_to_scene(modules: dict[str, Module]) -> list[tuple[str, str]]:
    """Imports from one screen's module to another screen's module."""
    found = []
    for name, module in modules.items():
        own = screen_of(name)
        if own is None:
            continue
        for target in module.imports:
            other = screen_of(target)
            if other is not None and other != own:
                found.append((name, target))
    return sorted(found)


def _game_folder(name: str) -> bool:
    """Whether the module sits inside one game's own folder (any layer)."""
    parts = name.split(".")
    return any(p in GAME_NAMES or p == "table" for p in parts[:-1]) or (
        len(parts) > 1 and parts[-1] in GAME_NAMES and name != "games"
    )


def _is_game_name(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and node.value in GAME_NAMES


def _names_game_type(node: ast.AST) -> bool:
    if isinstance(node, ast.Tuple):
        return any(_names_game_type(e) for e in node.elts)
    name = node.id if isinstance(node, ast.Name) else getattr(node, "attr", "")
    return name in GAME_TYPES or name.startswith(GAME_TYPE_PREFIXES)


def dispatch_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """The comparisons against a game name and isinstance checks against a game type."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            elements = [
                e for o in operands if isinstance(o, ast.Tuple | ast.Set | ast.List) for e in o.elts
            ]
            if any(_is_game_name(o) for o in [*operands, *elements]):
                yield node
        elif (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", None) == "isinstance"
            and len(node.args) == 2
            and _names_game_type(node.args[1])
        ):
            yield node


def dispatch_sites(modules: dict[str, Module]) -> list[tuple[str, int]]:
    """Where shared code tests which game is played (outside registries and game folders)."""
    found = []
    for name, module in modules.items():
        if name in REGISTRIES or _game_folder(name):
            continue
        for node in dispatch_nodes(module.tree):
            found.append((name, getattr(node, "lineno", 0)))
    return sorted(found)


def main(argv: list[str]) -> int:
    """Print the figures (and with --list, every finding)."""
    root = Path(__file__).resolve().parent.parent
    modules = load(root)
    show = "--list" in argv
    ui_cycles = cycles(modules, "ui")
    all_cycles = cycles(modules)
    rows: list[tuple[str, list[object]]] = [
        ("import cycles in ui/ (SCCs > 1)", list(ui_cycles)),
        ("import cycles in the package", list(all_cycles)),
        ("upward imports in ui/", list(upward(modules))),
        ("function-level scene imports", list(late_scene_imports(modules))),
        ("scene modules importing another scene", list(scene_to_scene(modules))),
        ("game dispatch sites outside the registries", list(dispatch_sites(modules))),
    ]
    for label, items in rows:
        print(f"{label}: {len(items)}")
        if label.startswith("import cycles"):
            largest = max((len(c) for c in items if isinstance(c, list)), default=0)
            print(f"  largest SCC: {largest} modules")
        if show:
            for item in items:
                print(f"    {item}")
    ui_count = sum(1 for n in modules if n == "ui" or n.startswith("ui."))
    print(f"modules: {len(modules)} (ui: {ui_count})")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
