"""History's "Save match file" and "Open match file": pygame_gui's file dialog, then a kept
match's bytes written where the person chose, or a friend's file read as hostile input
(storage/match_file.py: never written), replayed, kept in History and shown in the viewer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame
import pygame_gui
from pygame_gui.windows import UIFileDialog

from carioca_desktop.i18n import tr
from carioca_desktop.storage.atomic import atomic_write_bytes
from carioca_desktop.storage.match_file import MatchFileError, read_match_file
from carioca_desktop.storage.replay_check import replay
from carioca_desktop.storage.replays import keep_match
from carioca_desktop.ui.refusal_words import refused

if TYPE_CHECKING:
    from carioca_desktop.storage.history import Row
    from carioca_desktop.ui.scene import Host


class FilesHost(Protocol):
    """What the dialogs need of History's screen (``HistoryScene``): typed by this, not by
    the screen, so that the screen's package has no circle of imports."""

    @property
    def app(self) -> Host: ...
    @property
    def size(self) -> tuple[int, int]: ...
    def later(self, action: Callable[[], object]) -> Callable[[], None]: ...
    def say(self, message: str) -> None: ...
    def reload(self) -> None: ...


class MatchFiles:
    """The open dialog (at most one) and what its answer does."""

    def __init__(self, scene: FilesHost) -> None:
        self.s = scene
        self.dialog: Any = None  # a UIFileDialog (pygame_gui's kill is untyped)
        self.mode = ""
        self.row: Row | None = None

    def ask_open(self) -> None:
        self._ask("open", tr("history.open_title"), str(Path.home()), True)

    def ask_save(self, row: Row) -> None:
        self.row = row
        name = f"carioca-{row.header.game}-{row.kept.stamp}.json"
        self._ask("save", tr("history.save_title"), str(Path.home() / name), False)

    def _ask(self, mode: str, title: str, start: str, existing: bool) -> None:
        self.close()
        w, h = self.s.size
        rect = pygame.Rect(0, 0, min(w - 80, 760), min(h - 80, 560))
        rect.center = (w // 2, h // 2)
        self.dialog = UIFileDialog(rect, self.s.app.manager, title, initial_file_path=start,
                                   allow_existing_files_only=existing,
                                   always_on_top=True)  # fmt: skip
        self.mode = mode

    def close(self) -> None:
        if self.dialog is not None:
            self.dialog.kill()
            self.dialog = None

    def handle(self, event: pygame.event.Event) -> bool:
        """The dialog's answer; True if the event was this dialog's."""
        if self.dialog is None or getattr(event, "ui_element", None) is not self.dialog:
            return False
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            path = Path(event.text)
            self.dialog = None
            self.s.later(lambda: self.picked(path))()
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE:
            self.dialog = None
            return True
        return False

    def picked(self, path: Path) -> None:
        if self.mode == "save" and self.row is not None:
            self.save(self.row, path)
        elif self.mode == "open":
            self.open(path)

    def save(self, row: Row, path: Path) -> None:
        """Write the kept match's file (its bytes as kept) at ``path``."""
        try:
            atomic_write_bytes(path, row.kept.path.read_bytes())
        except OSError:
            self.s.say(tr("history.disk_failed"))
            return
        self.s.say(tr("history.saved", file=path.name))

    def open(self, path: Path) -> None:
        """Read and replay a match file; keep it in History; show it in the viewer."""
        try:
            match = replay(read_match_file(path)).match
        except MatchFileError as err:
            self.s.say(refused(err))
            return
        try:
            keep_match(match, self.s.app.paths)
        except OSError:
            self.s.say(tr("history.disk_failed"))
        self.s.reload()
        from carioca_desktop.ui.replay_viewer import open_viewer

        self.s.app.push(open_viewer(self.s.app, match))
