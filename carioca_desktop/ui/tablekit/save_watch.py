"""What the tables say about their match's save: once, when it cannot be written (a full
disk, a read-only folder, a file where the saves folder should be: the reason in words), and
when it goes to a separate file because a newer Carioca's save is kept untouched."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from carioca_desktop.i18n import tr
from carioca_desktop.storage.autosaver import autosave_failure
from carioca_desktop.storage.paths import Paths
from carioca_desktop.storage.saves import autosave_protected

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

SAVE_WARNING_SECONDS = 9.0  # long enough to read twice: it is said once


class _Table(Protocol):
    """A table as the save watch needs it: its match, its app and its toasts."""

    app: Host
    session: Any

    def toast(self, text: str, anchor: tuple[int, int], seconds: float = ...) -> None: ...


def failure_text(paths: Paths | None) -> str | None:
    """The words for a failing autosave, or None while saving works."""
    reason = autosave_failure(paths)
    if reason is None:
        return None
    return tr("notice.autosave_failed", why=tr(f"notice.autosave_why_{reason}"))


def side_save_text(scene: _Table) -> str | None:
    """The notice to show, or None when the match saves normally (or not at all)."""
    session = scene.session
    if not session.autosave or not autosave_protected(scene.app.paths):
        return None
    return tr("notice.save_side")


class SaveWatch:
    """Says each save warning once per table visit: the separate file when the table opens,
    a failing save as soon as the writer reports it (checked every frame: one lookup)."""

    def __init__(self) -> None:
        self.said: set[str] = set()

    def enter(self, scene: _Table) -> None:
        self._say(scene, side_save_text(scene))
        self.update(scene)

    def update(self, scene: _Table) -> None:
        if scene.session.autosave:
            self._say(scene, failure_text(scene.app.paths))

    def _say(self, scene: _Table, text: str | None) -> None:
        if text is None or text in self.said:
            return
        self.said.add(text)
        width, height = scene.app.size
        scene.toast(text, (width // 2, height // 3), SAVE_WARNING_SECONDS)
