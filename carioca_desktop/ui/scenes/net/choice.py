"""Play on the network: Host a table or Join a table, over the dimmed menu."""

from __future__ import annotations

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel

CHOICES = ("host", "join")


class NetChoiceScene(UIScene):
    """Two buttons, each with a line about it, and Back."""

    opaque = False
    dim_alpha = 170

    def _box(self) -> pygame.Rect:
        w, h = self.size
        box = pygame.Rect(0, 0, min(w - 40, round(640 * self.u)), round(400 * self.u))
        box.center = (w // 2, h // 2)
        return box

    def _rect(self, index: int) -> pygame.Rect:
        box, u = self._box(), self.u
        return pygame.Rect(box.x + round(50 * u), box.y + round((96 + index * 104) * u),
                           box.w - round(100 * u), round(52 * u))  # fmt: skip

    def build(self) -> None:
        routes = self.app.routes
        self.button(self._rect(0), tr("net.play.host"),
                    lambda: self._open(routes.net_host()), "primary")  # fmt: skip
        self.button(self._rect(1), tr("net.play.join"), lambda: self._open(routes.net_join()))
        box, u = self._box(), self.u
        back = pygame.Rect(0, 0, round(200 * u), round(44 * u))
        back.midbottom = (box.centerx, box.bottom - round(20 * u))
        self.button(back, tr("common.back"), self.back, "flat")
        self.focus.restore(0)

    def _open(self, scene: object) -> None:
        from carioca_desktop.ui.scene import Scene

        assert isinstance(scene, Scene)
        self.app.pop()
        self.app.push(scene)

    def paint(self, surface: pygame.Surface) -> None:
        box, u = self._box(), self.u
        panel(surface, box, alpha=255, border=theme.GOLD)
        title = gold_title(tr("net.play.title"), round(30 * u), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(18 * u))))
        small = font(round(15 * u))
        for index, choice in enumerate(CHOICES):
            rect = self._rect(index)
            at = (rect.centerx, rect.bottom + round(8 * u))
            draw_text(surface, tr(f"net.play.{choice}_about"), small, at, theme.TEXT_DIM, "midtop")
