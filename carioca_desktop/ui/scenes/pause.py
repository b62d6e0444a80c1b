"""The pause overlay (Esc at the table): Resume, Rules, Settings, Quit to menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.widgets import UIScene, card_fan, draw_text, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

FAN = ("QH", "JK", "KS")


class PauseScene(UIScene):
    """A dialog over the dimmed, frozen table."""

    opaque = False
    dim_alpha = 160

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self._fan: pygame.Surface | None = None

    def _box(self) -> pygame.Rect:
        w, h = self.size
        bh, gap = round(50 * self.u), round(12 * self.u)
        height = round(150 * self.t) + 4 * bh + 3 * gap + round(30 * self.u) + round(40 * self.t)
        box = pygame.Rect(0, 0, min(w - 40, round(max(420 * self.u, 440 * self.t))), min(h, height))
        box.center = (w // 2, h // 2 + round(30 * self.t))
        return box

    def build(self) -> None:
        box = self._box()
        bh, gap = round(50 * self.u), round(12 * self.u)
        x, y, width = box.x + 40, box.y + round(150 * self.t), box.w - 80
        entries = (
            ("pause.resume", self.back, "primary"),
            ("menu.rules", self._rules, None),
            ("menu.settings", self._settings, None),
            ("pause.quit", self._quit, None),
        )
        for key, action, kind in entries:
            self.button(pygame.Rect(x, y, width, bh), tr(key), action, kind)
            y += bh + gap
        self.focus.restore(0)

    def paint(self, surface: pygame.Surface) -> None:
        box = self._box()
        panel(surface, box, alpha=250, border=theme.GOLD)
        fan = self._fan_image(round(70 * self.t))
        surface.blit(fan, fan.get_rect(midbottom=(box.centerx, box.y + round(52 * self.t))))
        title = gold_title(tr("pause.title"), round(40 * self.t))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(58 * self.t))))
        small = font(round(14 * self.t))
        bh, gap = round(50 * self.u), round(12 * self.u)
        y = box.y + round(150 * self.t) + 4 * (bh + gap) + 4
        for line in wrap(tr("pause.saved"), small, box.w - 70):
            draw_text(surface, line, small, (box.centerx, y), theme.TEXT_DIM, "midtop")
            y += small.get_linesize()

    def _fan_image(self, width: int) -> pygame.Surface:
        if self._fan is None:
            art = CardArt(width, self.app.settings.four_colour)
            self._fan = card_fan(art, [art.face(c) for c in FAN], spread=36)
        return self._fan

    def on_resize(self, size: tuple[int, int]) -> None:
        self._fan = None
        super().on_resize(size)

    def _rules(self) -> None:
        # The game below says which rules to show (a Buraco table has its own).
        below = self.app.stack.scenes[-2] if len(self.app.stack.scenes) > 1 else None
        own = getattr(below, "rules_scene", None)
        self.app.push(own() if callable(own) else self.app.routes.game_rules(games.DEFAULT))

    def _settings(self) -> None:
        self.app.push(self.app.routes.settings())

    def _quit(self) -> None:
        self.app.reset(self.app.routes.menu())
