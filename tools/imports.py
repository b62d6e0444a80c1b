"""The package's import picture: cycles, upward imports, scene imports and game dispatch sites.

Run from the repository root: `python tools/imports.py` (add `--list` for every finding,
`--json` for the figures as one JSON object, `--check` to exit 1 when a figure exceeds the
issue's targets, `--root DIR` to read another checkout). It parses; it imports nothing of the
package (no pygame), so a test runs it as a command (tests/test_import_picture.py).

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
- *module importing App*: a module that imports the name `App` from `ui/app.py`, or that
  module itself (type-only and function-level imports too); `--list` marks the type-only ones.
- *dispatch site*: a comparison (`==`, `!=`, `in`, `not in`) against a string literal naming
  a game ("carioca", "buraco"), or an `isinstance(..., <Game or Rules class of one game>)`,
  outside the two registries (`games.py`, `ui/games.py`) and outside each game's own folder.
"""

from __future__ import annotations

import argparse
import ast
import json
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
# The targets (issue 23): figures that --check keeps at or under these.
TARGETS = {"ui_cycles": 0, "upward": 2, "scene_to_scene": 0, "dispatch_sites": 0}


@dataclass
class Module:
    """One module: its dotted name (without the package), path and parsed tree."""

    name: str
    path: Path
    tree: ast.Module
    is_package: bool
    imports: set[str] = field(default_factory=set)
    late_imports: set[str] = field(default_factory=set)
    typing_imports: set[str] = field(default_factory=set)
    app_import: str | None = None  # "type-only" or "runtime" when it imports App


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


def _import_statements(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool, bool]]:
    """Each import statement, whether it sits in a function body and whether under
    `if TYPE_CHECKING:`. Only statements hold imports, so expressions are not walked."""
    stack: list[tuple[ast.AST, bool, bool]] = [(tree, False, False)]
    while stack:
        node, late, typing = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node, late, typing
            continue
        late = late or isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        body = getattr(node, "body", []) if _is_type_checking(node) else []
        guarded = {id(n) for n in body}
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, ast.expr):
                stack.append((child, late, typing or id(child) in guarded))


def _is_type_checking(node: ast.AST) -> bool:
    """`if TYPE_CHECKING:` (or `typing.TYPE_CHECKING`)."""
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and "TYPE_CHECKING" in (
        getattr(test, "id", None),
        getattr(test, "attr", None),
    )


def _names_app(node: ast.Import | ast.ImportFrom, targets: set[str]) -> bool:
    """Whether the statement imports `App` from ui/app.py, or that module itself."""
    if "ui.app" not in targets:
        return False
    if isinstance(node, ast.Import):
        return True
    from_app = bool(node.module) and str(node.module).split(".")[-1] == "app"
    wanted = "App" if from_app else "app"
    return any(alias.name == wanted for alias in node.names)


def collect(module: Module, known: dict[str, Module]) -> None:
    """Fill the module's imports, those made inside a function body and the type-only ones."""
    app_kinds: set[str] = set()
    for node, late, typing in _import_statements(module.tree):
        targets = set(_targets(module, node, known)) - {module.name}
        module.imports |= targets
        if late:
            module.late_imports |= targets
        if typing:
            module.typing_imports |= targets
        if _names_app(node, targets):
            app_kinds.add("type-only" if typing else "runtime")
    if app_kinds:
        module.app_import = "runtime" if "runtime" in app_kinds else "type-only"


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


def app_importers(modules: dict[str, Module]) -> list[tuple[str, str]]:
    """The modules that import `App` (or ui/app.py itself), each with how."""
    return sorted((n, m.app_import) for n, m in modules.items() if m.app_import)


LABELS = {
    "ui_cycles": "import cycles in ui/ (SCCs > 1)",
    "package_cycles": "import cycles in the package",
    "upward": "upward imports in ui/",
    "late_scene_imports": "function-level scene imports",
    "scene_to_scene": "scene modules importing another scene",
    "app_importers": "modules importing App",
    "dispatch_sites": "game dispatch sites outside the registries",
}


def picture(modules: dict[str, Module]) -> dict[str, list[object]]:
    """Every finding, by the figure it counts toward (the keys of LABELS)."""
    return {
        "ui_cycles": list(cycles(modules, "ui")),
        "package_cycles": list(cycles(modules)),
        "upward": list(upward(modules)),
        "late_scene_imports": list(late_scene_imports(modules)),
        "scene_to_scene": list(scene_to_scene(modules)),
        "app_importers": list(app_importers(modules)),
        "dispatch_sites": list(dispatch_sites(modules)),
    }


def over_targets(figures: dict[str, list[object]]) -> list[str]:
    """The figures above the issue's targets, in words."""
    return [
        f"{LABELS[key]}: {len(figures[key])} > {most}"
        for key, most in TARGETS.items()
        if len(figures[key]) > most
    ]


def _largest(items: list[object]) -> int:
    return max((len(c) for c in items if isinstance(c, list)), default=0)


def report(modules: dict[str, Module], figures: dict[str, list[object]], show: bool) -> None:
    """The figures in words (with ``show``, every finding under its figure)."""
    for key, items in figures.items():
        print(f"{LABELS[key]}: {len(items)}")
        if key.endswith("cycles"):
            print(f"  largest SCC: {_largest(items)} modules")
        if show:
            for item in items:
                print(f"    {item}")
    ui_count = sum(1 for n in modules if n == "ui" or n.startswith("ui."))
    print(f"modules: {len(modules)} (ui: {ui_count})")


def as_json(modules: dict[str, Module], figures: dict[str, list[object]], show: bool) -> str:
    """The figures as one JSON object (with ``show``, the findings too)."""
    data: dict[str, object] = {key: len(items) for key, items in figures.items()}
    data["largest_ui_cycle"] = _largest(figures["ui_cycles"])
    data["largest_package_cycle"] = _largest(figures["package_cycles"])
    data["modules"] = len(modules)
    data["over_targets"] = over_targets(figures)
    if show:
        data["findings"] = figures
    return json.dumps(data, indent=1, default=list)


def main(argv: list[str]) -> int:
    """Print the figures; with --check, exit 1 when one exceeds the issue's targets."""
    parser = argparse.ArgumentParser(prog="tools/imports.py", description=__doc__.split("\n")[0])
    parser.add_argument("--list", action="store_true", help="every finding under its figure")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    parser.add_argument("--check", action="store_true", help="exit 1 above the issue's targets")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parent.parent,
                        help="the checkout to read (default: this one)")  # fmt: skip
    args = parser.parse_args(argv)
    modules = load(args.root)
    figures = picture(modules)
    if args.json:
        print(as_json(modules, figures, args.list))
    else:
        report(modules, figures, args.list)
    over = over_targets(figures)
    if args.check and over:
        print("over the targets: " + "; ".join(over), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
