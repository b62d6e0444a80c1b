"""The main menu: title with a fan of cards, Continue / New game / Play on the network /
Tutorial / Rules / Settings / Statistics / History / Quit, the version, and storage notices
shown once."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop import version
from carioca_desktop.i18n import tr
from carioca_desktop.storage import has_autosave
from carioca_desktop.ui import picturecache, theme
from carioca_desktop.ui.notices import notice_text
from carioca_desktop.ui.widgets import (
    UIScene,
    card_fan,
    draw_text,
    font,
    gold_title,
    notice_box,
    panel,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

FAN = ("10H", "JC", "QD", "KS", "AH", "JK")
NOTICE_SECONDS = 14.0


class MenuScene(UIScene):
    """The first screen."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.messages: list[str] = [notice_text(n) for n in app.take_notices()]
        self.message_age = 0.0
        self._fan: tuple[int, pygame.Surface] | None = None

    # ------------------------------------------------------------------ layout
    def _rows(self) -> tuple[int, int]:
        """A button's height and the gap between two: nine of them fit the window's height
        (a short window makes them lower rather than cut the column)."""
        fit = min(1.0, (self.size[1] - 16) / (9 * 50 + 8 * 14 + 56) / self.u)
        return round(50 * self.u * fit), round(14 * self.u * fit)

    def _column(self) -> pygame.Rect:
        w, h = self.size
        region = pygame.Rect(round(w * 0.6), 0, w - round(w * 0.6), h)
        bw = round(min(360 * self.u, region.w - 90))
        bh, gap = self._rows()
        total = 9 * bh + 8 * gap + round(56 * self.u * bh / round(50 * self.u))
        return pygame.Rect(
            region.centerx - bw // 2 - round(20 * self.k), (h - total) // 2, bw, total
        )

    def build(self) -> None:
        col = self._column()
        bh, gap = self._rows()
        x, y = col.x, col.y + round(28 * self.u * bh / round(50 * self.u))
        saved = has_autosave(self.app.paths)
        entries: list[tuple[str, Any, str | None]] = [
            ("menu.continue", self._continue, "primary" if saved else None),
            ("menu.new_game", self._new_game, None if saved else "primary"),
            ("menu.network", self._network, None),
            ("menu.tutorial", self._tutorial, None),
            ("menu.rules", self._rules, None),
            ("menu.settings", self._settings, None),
            ("menu.stats", self._stats, None),
            ("menu.history", self._history, None),
            ("menu.quit", self.app.quit, None),
        ]
        game = self.app.saved_game() if saved else None
        for key, action, kind in entries:
            words = tr(key)
            if key == "menu.continue" and game is not None:  # which game is saved
                words = tr("menu.continue_game", game=tr(f"buraco_tutorial.choose.{game}"))
            button = self.button(pygame.Rect(x, y, col.w, bh), words, action, kind)
            if key == "menu.continue" and not saved:
                button.disable()
            y += bh + gap
        if self.messages:
            box = self._message_rect()
            side = round(30 * self.u)
            close = pygame.Rect(box.right - side - 8, box.y + 8, side, side)
            self.button(close, "✕", self._dismiss, "flat", focus=False)
        self.focus.move(1 if saved else 2)

    def _message_rect(self, surface: pygame.Surface | None = None) -> pygame.Rect:
        """The notice across the top; in a short window, where the buttons' column starts
        near the top, left of the column (the buttons are drawn above the notice)."""
        w, _ = self.size
        width = round(min(w * 0.8, 900 * self.k + 120))
        spot = pygame.Rect((w - width) // 2, round(18 * self.k), width, 0)
        size = round(17 * max(self.u, self.k))
        column = self._column().inflate(round(56 * self.u), 0)
        if notice_box(None, self.messages, spot, size).colliderect(column):
            margin = round(18 * self.k)
            spot = pygame.Rect(margin, spot.y, column.x - 2 * margin, 0)
        return notice_box(surface, self.messages, spot, size)

    # ------------------------------------------------------------------ picture
    def kept_key(self) -> object:
        """Everything ``paint`` shows: the menu's picture is read back whole at the next start
        (the felt, the fan, the title...: ~10 ms of the first frame, against ~4 to read)."""
        return (
            self.u,
            self.app.settings.four_colour,
            FAN,
            tr("menu.tagline"),
            tr("buraco_look.also"),
            version(),
        )

    def paint(self, surface: pygame.Surface) -> None:
        w, h = self.size
        k = self.k
        left = pygame.Rect(0, 0, round(w * 0.6), h)
        fan = self._fan_image(round(118 * k))
        title = gold_title("Carioca", round(132 * k))
        sub_font = font(round(24 * k))
        block_h = fan.get_height() + title.get_height() + sub_font.get_linesize()
        top = (h - block_h) // 2 - round(10 * k)
        surface.blit(fan, fan.get_rect(midtop=(left.centerx, top)))
        y = top + fan.get_height() - round(28 * k)
        surface.blit(title, title.get_rect(midtop=(left.centerx, y)))
        y += title.get_height() - round(8 * k)
        draw_text(
            surface, tr("menu.tagline"), sub_font, (left.centerx, y), theme.TEXT_DIM, "midtop"
        )
        y += sub_font.get_linesize() + round(14 * k)
        self._paint_ornament(surface, left.centerx, y)
        # The second game, named where a player looks first (New game → Game: Buraco).
        also = font(round(20 * k))
        draw_text(
            surface,
            tr("buraco_look.also"),
            also,
            (left.centerx, y + round(22 * k)),
            theme.GOLD,
            "midtop",
        )
        col = self._column().inflate(round(56 * self.u), 0)
        panel(surface, col, border=theme.GOLD)
        small = font(max(12, round(14 * k)))
        spot = self._version_rect(small)
        draw_text(surface, f"v{version()}", small, spot.topleft, theme.TEXT_DIM)

    def _version_rect(self, small: pygame.font.Font) -> pygame.Rect:
        """The version in the bottom-right corner; in a short window, where the buttons'
        panel reaches that corner, in the bottom-left one (never across the panel's edge)."""
        w, h = self.size
        rect = pygame.Rect((0, 0), small.size(f"v{version()}"))
        rect.bottomright = (w - 14, h - 10)
        if rect.colliderect(self._column().inflate(round(56 * self.u), 0)):
            rect.bottomleft = (14, h - 10)
        return rect

    def paint_over(self, surface: pygame.Surface) -> None:
        if self.messages:
            self._message_rect(surface)

    def _fan_image(self, width: int) -> pygame.Surface:
        if self._fan is None or self._fan[0] != width:
            four = self.app.settings.four_colour

            def draw() -> pygame.Surface:
                from carioca_desktop.ui.cardart import CardArt  # only when the fan is not kept

                art = CardArt(width, four)
                return card_fan(art, [art.face(c) for c in FAN], spread=54)

            # Kept on disk: drawing six cards and their turned shadows costs ~25 ms a start.
            self._fan = (width, picturecache.kept("fan", (width, four, FAN, 54), draw, alpha=True))
        return self._fan[1]

    def _paint_ornament(self, surface: pygame.Surface, cx: int, y: int) -> None:
        """A thin gold rule with the four suits in the middle."""
        k = self.k
        half = round(180 * k)
        suits = font(round(20 * k), bold=True)
        label = "♠  ♥  ♦  ♣"
        tw = suits.size(label)[0]
        for x0, x1 in ((cx - half, cx - tw // 2 - 12), (cx + tw // 2 + 12, cx + half)):
            # Opaque: a line drawn with alpha replaces the felt's pixels with translucent ones
            # (pygame.draw writes, it does not blend), so every repaint of the menu added the
            # old screen under them again and the rule grew brighter. Its look is unchanged:
            # the first frame showed it over the black of a new window, i.e. plain GOLD.
            pygame.draw.line(surface, theme.GOLD, (x0, y), (x1, y), 2)
        draw_text(surface, label, suits, (cx, y), theme.GOLD, "center")

    # ------------------------------------------------------------------ behaviour
    def update(self, dt: float) -> bool:
        super().update(dt)
        late = self.app.take_notices()  # the statistics are checked after the first frame
        if late:
            self._say(*self.messages, *(notice_text(n) for n in late))
        if not self.messages:
            return False
        self.message_age += dt
        if self.message_age >= NOTICE_SECONDS:
            self._dismiss()
        return False

    def enter(self) -> None:
        self.app.stop_serving()  # back at the menu: a hosted table is closed
        super().enter()

    def resume(self) -> None:
        self.app.stop_serving()
        super().resume()

    def _dismiss(self) -> None:
        self.messages = []
        self.rebuild()

    def back(self) -> None:
        """Esc on the menu closes a notice; the menu itself stays."""
        if self.messages:
            self._dismiss()

    def _continue(self) -> None:
        from carioca_desktop.play.resume import load_resumable

        session, notices = load_resumable(self.app.paths)  # drops a finished match's save
        if session is None:
            self._say(*([notice_text(n) for n in notices] or [tr("menu.continue_failed")]))
            return
        self.app.push(self.app.routes.table(session))

    def _say(self, *messages: str) -> None:
        self.messages = list(messages)
        self.message_age = 0.0
        self.rebuild()

    def _new_game(self) -> None:
        self.app.push(self.app.routes.new_game())  # asks the bots' level the first time

    def _network(self) -> None:
        self.app.push(self.app.routes.net_play())

    def _tutorial(self) -> None:
        """Which game's tutorial: Carioca's or Buraco's."""
        title = tr("buraco_tutorial.choose.tutorial")
        routes = self.app.routes
        self.app.push(routes.choose_game(title, lambda g: self.app.push(routes.tutorial(g))))

    def _rules(self) -> None:
        """Which game's rules: Carioca's or Buraco's."""
        title = tr("buraco_tutorial.choose.rules")
        routes = self.app.routes
        self.app.push(routes.choose_game(title, lambda g: self.app.push(routes.game_rules(g))))

    def _settings(self) -> None:
        self.app.push(self.app.routes.settings(game=self.app.settings.last_game))

    def _history(self) -> None:
        self.app.push(self.app.routes.history())

    def _stats(self) -> None:
        self.app.push(self.app.routes.stats())
