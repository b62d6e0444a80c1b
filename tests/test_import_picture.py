"""The import picture (`tools/imports.py`, issue 23) keeps the issue's targets: no circle of
imports in ui/, at most 2 upward imports, no screen importing another screen, no test of which
game is played outside the registries. The tool parses and imports nothing of the package, so
it runs here as the command a developer types (the tests import no tool)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "imports.py"


def picture(*args: str, root: Path = ROOT) -> tuple[int, dict[str, object], str]:
    """The tool's exit code, its JSON figures and what it said on stderr."""
    done = subprocess.run(
        [sys.executable, str(TOOL), "--json", "--root", str(root), *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, json.loads(done.stdout), done.stderr


def test_the_package_keeps_the_targets() -> None:
    code, figures, said = picture("--check", "--list")
    findings = figures["findings"]
    assert code == 0, said + json.dumps(findings, indent=1)
    assert figures["ui_cycles"] == 0, findings["ui_cycles"]  # type: ignore[index]
    assert figures["scene_to_scene"] == 0, findings["scene_to_scene"]  # type: ignore[index]
    assert figures["dispatch_sites"] == 0, findings["dispatch_sites"]  # type: ignore[index]
    upward = figures["upward"]
    assert isinstance(upward, int) and upward <= 2, findings["upward"]  # type: ignore[index]
    # No screen holds the app: they depend on the Host protocol (ui/scene.py).
    importers = [name for name, _ in findings["app_importers"]]  # type: ignore[index]
    assert not [n for n in importers if n.startswith("ui.")], importers
    assert isinstance(figures["modules"], int) and figures["modules"] > 300


FAKE = {
    "__init__.py": "",
    "games.py": 'def pick(name):\n    return name == "buraco"\n',
    "shared.py": 'def pick(name):\n    return name == "buraco"\n',
    "ui/__init__.py": "",
    "ui/app.py": "class App:\n    pass\n",
    "ui/theme.py": "from .scenes.pause import P\n",
    "ui/widgets.py": (
        "from carioca_desktop.ui.scenes.menu import Menu\n"
        "from carioca_desktop.ui.scenes.carioca import scene\n"
    ),
    "ui/scenes/__init__.py": "",
    "ui/scenes/menu.py": (
        "class Menu:\n    def go(self):\n        from carioca_desktop.ui.scenes.pause import P\n"
    ),
    "ui/scenes/pause.py": (
        "from typing import TYPE_CHECKING\n"
        "from carioca_desktop.ui.scenes import menu\n"
        "if TYPE_CHECKING:\n    from carioca_desktop.ui.app import App\n"
        "class P:\n    pass\n"
    ),
    "ui/scenes/carioca/__init__.py": "",
    "ui/scenes/carioca/scene.py": "from ..menu import Menu\n",
}


def test_the_tool_sees_each_kind_of_finding(tmp_path: Path) -> None:
    for name, text in FAKE.items():
        path = tmp_path / "carioca_desktop" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    code, figures, said = picture("--check", "--list", root=tmp_path)
    findings: dict[str, list[list[str]]] = figures["findings"]  # type: ignore[assignment]
    assert code == 1 and "upward imports in ui/: 3 > 2" in said, said
    assert findings["ui_cycles"] == [["ui.scenes.menu", "ui.scenes.pause"]]
    assert findings["upward"] == [
        ["ui.theme", "ui.scenes.pause"],
        ["ui.widgets", "ui.scenes.carioca.scene"],
        ["ui.widgets", "ui.scenes.menu"],
    ]
    assert ["ui.scenes.menu", "ui.scenes.pause"] in findings["late_scene_imports"]
    assert ["ui.scenes.carioca.scene", "ui.scenes.menu"] in findings["scene_to_scene"]
    assert findings["app_importers"] == [["ui.scenes.pause", "type-only"]]
    assert findings["dispatch_sites"] == [["shared", 2]]  # the registry's own is allowed
