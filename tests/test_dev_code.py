"""Dev code stays out of the product: the package never imports tools/, and the generators
and the switched-off models live there, not in the package the wheel and executable carry."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "carioca_desktop"


def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def test_the_package_never_imports_the_tools() -> None:
    modules = sorted(PACKAGE.rglob("*.py"))
    assert len(modules) > 150
    bad = [
        str(path.relative_to(ROOT))
        for path in modules
        if any(name == "tools" or name.startswith("tools.") for name in _imports(path))
    ]
    assert bad == []


def test_generators_and_switched_off_models_live_in_tools() -> None:
    for name in ("art/synth.py", "art/icon.py", "fit/learned.py", "fit/threat.py", "fit/eval.json"):
        assert (ROOT / "tools" / name).is_file(), name
    shipped = {p.name for p in PACKAGE.rglob("*.py")} | {
        p.name for p in (ROOT / "assets").rglob("*")
    }
    assert not shipped & {"synth.py", "icon.py", "learned.py", "threat.py", "eval.json", "arena.py"}
