"""The table says so when its match cannot go to the autosave (a newer Carioca's save is
kept there untouched) and is saved to a separate file instead."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from carioca_desktop.i18n import tr
from carioca_desktop.storage.saves import autosave_protected

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


class Table(Protocol):
    """The table as this notice needs it: its match, its app and its toasts."""

    session: Any
    app: Host

    def toast(self, text: str, anchor: tuple[int, int]) -> None: ...


def side_save_text(scene: Table) -> str | None:
    """The notice to show, or None when the match saves normally (or not at all)."""
    session = scene.session
    if not session.autosave or not autosave_protected(scene.app.paths):
        return None
    return tr("notice.save_side")


def warn_side_save(scene: Table) -> None:
    text = side_save_text(scene)
    if text is not None:
        width, height = scene.app.size
        scene.toast(text, (width // 2, height // 3))
