"""Play on the network: Host a table or Join a table, over the dimmed menu; and, when this
computer hosted a network match that is not over, Reopen that table for the same people."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.net.resume import SavedTable, saved_table
from carioca_desktop.ui import theme
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.scenes.net.hosting import reopen_table
from carioca_desktop.ui.scenes.net.words import game_name
from carioca_desktop.ui.widgets import UIScene, draw_text, fit, font, gold_title, panel

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


class NetChoiceScene(UIScene):
    """Two buttons, each with a line about it, and Back."""

    opaque = False
    dim_alpha = 170

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.saved: SavedTable | None = saved_table(app.paths)
        self.problem = ""

    def choices(self) -> list[str]:
        return ["reopen", "host", "join"] if self.saved is not None else ["host", "join"]

    def _box(self) -> pygame.Rect:
        w, h = self.size
        tall = round((400 + 104 * (len(self.choices()) - 2)) * self.u)
        box = pygame.Rect(0, 0, min(w - 40, round(640 * self.u)), tall)
        box.center = (w // 2, h // 2)
        return box

    def _rect(self, index: int) -> pygame.Rect:
        box, u = self._box(), self.u
        return pygame.Rect(box.x + round(50 * u), box.y + round((96 + index * 104) * u),
                           box.w - round(100 * u), round(52 * u))  # fmt: skip

    def build(self) -> None:
        routes = self.app.routes
        actions = {"reopen": self.reopen, "host": lambda: self._open(routes.net_host()),
                   "join": lambda: self._open(routes.net_join())}  # fmt: skip
        for index, choice in enumerate(self.choices()):
            self.button(self._rect(index), tr(f"net.play.{choice}"), actions[choice],
                        "primary" if index == 0 else None)  # fmt: skip
        box, u = self._box(), self.u
        back = pygame.Rect(0, 0, round(200 * u), round(44 * u))
        back.midbottom = (box.centerx, box.bottom - round(20 * u))
        self.button(back, tr("common.back"), self.back, "flat")
        self.focus.restore(0)

    def _open(self, scene: Scene) -> None:
        self.app.pop()
        self.app.push(scene)

    def reopen(self) -> None:
        """The saved network match's table, open again: its people rejoin with their tokens."""
        self.app.pop()  # first: the menu, resumed, closes any table it finds served
        try:
            served, people = reopen_table(self.app)
        except (OSError, ValueError) as err:
            self.problem = tr("net.host.cannot_open", detail=str(err)[:100])
            self.saved = None if isinstance(err, ValueError) else self.saved
            self.app.push(self)  # back over the menu, saying why
            return
        self.app.push(self.app.routes.net_waiting(served, people))

    def paint(self, surface: pygame.Surface) -> None:
        box, u = self._box(), self.u
        panel(surface, box, alpha=255, border=theme.GOLD)
        title = gold_title(tr("net.play.title"), round(30 * u), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(18 * u))))
        small = font(round(15 * u))
        for index, choice in enumerate(self.choices()):
            rect = self._rect(index)
            at = (rect.centerx, rect.bottom + round(8 * u))
            words = self._about(choice) if not (choice == "reopen" and self.problem) else ""
            colour = theme.TEXT_DIM
            if choice == "host" and self.problem:
                words, colour = "✕ " + self.problem, theme.RED_BAD
            draw_text(surface, fit(words, small, box.w - 40), small, at, colour, "midtop")

    def _about(self, choice: str) -> str:
        saved = self.saved
        if choice != "reopen" or saved is None:
            return tr(f"net.play.{choice}_about")
        when = saved.when.astimezone().strftime("%Y-%m-%d %H:%M")
        return tr("net.play.reopen_about", game=game_name(saved.game),
                  names=", ".join(saved.names), date=when)  # fmt: skip
