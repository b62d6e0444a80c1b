"""The settings scene's picture: title, tabs and page panels, the rows' bands and labels,
the page's header, scrollbar and footer (the rules note, the last message), the card preview."""

from __future__ import annotations

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.rows import Row
from carioca_desktop.ui.scenes.settings.base import CARD_WIDTHS, SettingsBase
from carioca_desktop.ui.widgets import draw_text, fit, font, gold_title, panel, wrap


class SettingsPicture(SettingsBase):
    """The drawing of the settings scene (the rows come from ``rows()``)."""

    def paint(self, surface: pygame.Surface) -> None:
        tabs, body = self._areas()
        title = gold_title(tr("settings.title"), round(40 * self.k))
        surface.blit(title, title.get_rect(midleft=(tabs.x, round(48 * self.k))))
        panel(surface, tabs)
        panel(surface, body, border=theme.GOLD)
        self._paint_header(surface, body)
        rows = self.rows()
        rh, pitch, fits = self._metrics()
        label_font = font(round(16 * self.u))
        label_w = body.w - self._control_width(body) - 76
        for i, row in enumerate(rows[self.first : self.first + fits]):
            top = body.y + self._header_height() + i * pitch
            band = pygame.Rect(body.x + 14, top - 5, body.w - 28, pitch - round(10 * self.u) + 10)
            layer = pygame.Surface(band.size, pygame.SRCALPHA)
            pygame.draw.rect(
                layer, (255, 255, 255, 12 if i % 2 == 0 else 5), layer.get_rect(), 0, 8
            )
            surface.blit(layer, band)
            if row.kind == "slider":
                volume = f"{round(self.app.settings.volume * 100)} %"
                at = (body.right - 24, top + rh // 2)
                draw_text(surface, volume, label_font, at, theme.GOLD, "midright")
            if row.about:
                self._paint_explained(surface, row, (body.x + 28, band.y + 4), label_w)
            else:
                self._paint_label(surface, row.label, (body.x + 28, top + rh // 2), label_w)
        self._paint_scrollbar(surface, body, len(rows), fits)
        self._paint_footer(surface, body)

    def _paint_label(
        self, surface: pygame.Surface, text: str, at: tuple[int, int], width: int
    ) -> None:
        """A row's label on one line, or on two smaller ones when it is too long."""
        fnt = font(round(16 * self.u))
        lines = [text]
        if fnt.size(text)[0] > width:
            fnt = font(round(14 * self.u))
            lines = wrap(text, fnt, width)[:2]
        top = at[1] - len(lines) * fnt.get_linesize() // 2
        for i, line in enumerate(lines):
            pos = (at[0], top + i * fnt.get_linesize())
            draw_text(surface, fit(line, fnt, width), fnt, pos)

    def _paint_explained(
        self, surface: pygame.Surface, row: Row, at: tuple[int, int], width: int
    ) -> None:
        """A label (or none, for a row of buttons) over its explanation: two lines at most."""
        x, y = at
        if row.label:
            fnt = font(round(16 * self.u), bold=True)
            draw_text(surface, fit(row.label, fnt, width), fnt, (x, y))
            y += fnt.get_linesize() + 1
        small = font(round(13 * self.u))
        lines = wrap(row.about, small, width)
        room = 2 if row.label else 3
        if len(lines) > room:
            lines = [*lines[: room - 1], fit(" ".join(lines[room - 1 :]), small, width)]
        colour = theme.GOLD if row.status else theme.TEXT_DIM
        for line in lines:
            draw_text(surface, line, small, (x, y), colour)
            y += small.get_linesize()

    def _paint_header(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        head = font(round(22 * self.u), bold=True)
        small = font(round(14 * self.u))
        x, y = body.x + 28, body.y + round(16 * self.u)
        title, about_key = f"settings.tab_{self.tab}", f"settings.about_{self.tab}"
        if self._explained():
            title, about_key = "buraco_houserules.title", "buraco_houserules.page_about"
        width = body.w - 60
        if self.tab == "rules":  # the game stepper sits at the right
            width = body.w - self._control_width(body) - 76
        if head.size(tr(title))[0] > width:  # beside the game stepper on a small window
            head = font(round(18 * self.u), bold=True)
        draw_text(surface, fit(tr(title), head, width), head, (x, y), theme.GOLD)
        about = fit(tr(about_key), small, width)
        draw_text(surface, about, small, (x, y + head.get_linesize() + 2), theme.TEXT_DIM)

    def _paint_scrollbar(
        self, surface: pygame.Surface, body: pygame.Rect, total: int, fits: int
    ) -> None:
        if total <= fits:
            return
        top = body.y + self._header_height()
        track = pygame.Rect(body.right - 12, top, 5, fits * self._metrics()[1] - 10)
        thumb_h = max(24, track.h * fits // total)
        y = track.y + (track.h - thumb_h) * self.first // max(1, total - fits)
        pygame.draw.rect(surface, (8, 30, 18), track, 0, 3)
        pygame.draw.rect(surface, theme.GOLD, (track.x - 1, y, 7, thumb_h), 0, 3)

    def _paint_footer(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        small = font(round(14 * self.u))
        bottom = body.bottom - 16
        if self.tab == "display":
            self._paint_preview(surface, body)
        if self.tab == "rules":
            note = tr("buraco_houserules.note" if self._explained() else "settings.rules_note")
            lines = wrap(note, small, body.w - 52)
            for i, line in enumerate(reversed(lines)):
                draw_text(
                    surface,
                    line,
                    small,
                    (body.x + 26, bottom - i * small.get_linesize()),
                    theme.TEXT_DIM,
                    "bottomleft",
                )
            bottom -= len(lines) * small.get_linesize() + 6
        if self.message:
            colour = theme.RED_BAD if self.message_bad else theme.GREEN_OK
            bold = font(round(15 * self.u), bold=True)
            lines = wrap(("✕ " if self.message_bad else "✓ ") + self.message, bold, body.w - 52)
            for i, line in enumerate(reversed(lines[-2:])):
                draw_text(
                    surface,
                    line,
                    bold,
                    (body.x + 26, bottom - i * bold.get_linesize()),
                    colour,
                    "bottomleft",
                )

    def _paint_preview(self, surface: pygame.Surface, body: pygame.Rect) -> None:
        """The cards as they will look at the table: size, colours and back."""
        s = self.app.settings
        art = CardArt(round(CARD_WIDTHS[s.card_size] * self.t), s.four_colour)
        faces = [art.face(code) for code in ("QH", "10D", "7C", "KS")]
        step = round(art.width * 0.62)
        width = step * 3 + art.width * 2 + round(30 * self.t)
        x = body.x + (body.w - width) // 2
        y = body.bottom - art.height - round(24 * self.t)
        dx, dy = art.shadow_offset
        spots = [(x + i * step, y) for i in range(4)] + [(x + width - art.width, y)]
        for image, (cx, cy) in zip([*faces, art.back(s.card_back)], spots):
            surface.blit(art.shadow(), (cx + dx, cy + dy))
            surface.blit(image, (cx, cy))
