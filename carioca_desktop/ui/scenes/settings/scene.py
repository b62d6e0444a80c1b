"""Settings: game, display, sound and house rules, each change saved at once (house rules only
when the engine accepts them; a refused combination is explained and nothing changes).

The scene is put together from: base.py (state, layout, saving), rulespage.py (the house
rules of both games), paint.py (the picture); here the tabs, controls, general pages and keys."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider

from carioca_desktop import i18n
from carioca_desktop.i18n import tr
from carioca_desktop.rules.names import clean_name
from carioca_desktop.storage import ANIMATION_SPEEDS, BUY_SECONDS, CARD_SIZES
from carioca_desktop.storage.settings import CARD_BACKS, TABLE_COLOURS
from carioca_desktop.ui.dpi import UI_SCALES
from carioca_desktop.ui.newgame_parts import name_entry
from carioca_desktop.ui.rows import Row, bool_options
from carioca_desktop.ui.scenes.settings.paint import SettingsPicture
from carioca_desktop.ui.scenes.settings.rulespage import RulesPage
from carioca_desktop.ui.widgets import Focusable, Stepper

TABS = ("game", "display", "sound", "rules")
LANGUAGES: tuple[str | None, ...] = (None, *i18n.LANGUAGES)  # None: the system's
LANGUAGE_NAMES = {
    "es": "Español", "en": "English", "fr": "Français", "sv": "Svenska", "pt": "Português",
    "it": "Italiano",
}  # fmt: skip


class SettingsScene(RulesPage, SettingsPicture):
    """Tabs on the left, rows on the right; the house-rule list scrolls by whole rows."""

    def rows(self) -> list[Row]:
        if self.tab == "rules":
            return self.app.routes.game(self.game).house_rows(self)
        return {
            "game": self._game_rows,
            "display": self._display_rows,
            "sound": self._sound_rows,
        }[self.tab]()

    # ------------------------------------------------------------------ widgets
    def build(self) -> None:
        tabs, body = self._areas()
        bh = round(46 * self.u)
        for i, tab in enumerate(TABS):
            rect = pygame.Rect(tabs.x + 14, tabs.y + 14 + i * (bh + 10), tabs.w - 28, bh)
            kind = "primary" if tab == self.tab else None
            self.button(rect, tr(f"settings.tab_{tab}"), partial(self.show_tab, tab), kind)
        back = pygame.Rect(tabs.x + 14, tabs.bottom - bh - 14, tabs.w - 28, bh)
        self.button(back, tr("common.back"), self.back)
        self._row_of = {}
        rows = self.rows()
        rh, pitch, fits = self._metrics()
        self.first = max(0, min(self.first, len(rows) - fits))
        width = self._control_width(body)
        x = body.right - 24 - width
        if self.tab == "rules":
            self._game_stepper(body, x, width, rh)
        lift = (pitch - rh - round(10 * self.u)) // 2
        for i, row in enumerate(rows[self.first : self.first + fits]):
            start = len(self.focus.items)
            top = body.y + self._header_height() + i * pitch + lift
            self._control(row, pygame.Rect(x, top, width, rh))
            for j in range(start, len(self.focus.items)):
                self._row_of[j] = self.first + i

    def _control(self, row: Row, rect: pygame.Rect) -> None:
        if row.kind == "choice" and row.change is not None:
            Stepper(self, rect, row.options, row.value, row.change, row.wrap)
        elif row.kind == "actions":
            gap = 10
            each = (rect.w - gap * (len(row.actions) - 1)) // max(1, len(row.actions))
            for i, (text, action) in enumerate(row.actions):
                spot = pygame.Rect(rect.x + i * (each + gap), rect.y, each, rect.h)
                button = self.button(spot, text, action)
                if row.greyed:
                    button.disable()
        elif row.kind == "slider":
            self._slider(rect)
        elif row.kind == "name":
            name_entry(self, rect, self.app.settings.player_name, tr("common.you"))

    def _slider(self, rect: pygame.Rect) -> None:
        value_w = round(64 * self.u)
        box = self.holder(
            pygame.Rect(rect.x, rect.y + rect.h * 15 // 100, rect.w - value_w, rect.h * 7 // 10)
        )
        start = round(self.app.settings.volume * 100)
        slider = UIHorizontalSlider(
            pygame.Rect((0, 0), box.rect.size),
            start,
            (0, 100),
            self.app.manager,
            box,
            click_increment=5,
        )
        self.add(slider)

        def step(delta: int) -> None:
            slider.set_current_value(max(0, min(100, slider.get_current_value() + 10 * delta)))
            self._set(volume=slider.get_current_value() / 100)
            self.app.sounds.play("click")

        assert slider.sliding_button is not None
        self.focus.add(Focusable(slider.sliding_button, step=step))

    def _choice(
        self, name: str, options: Sequence[tuple[str, object]] | None = None, wrap: bool = True
    ) -> Row:
        """A row setting one field of Settings (a yes / no choice unless ``options``)."""
        value = getattr(self.app.settings, name)
        choices = bool_options() if options is None else options
        return Row(tr(f"settings.{name}"), "choice", choices, value, self._setter(name), wrap)

    def _game_rows(self) -> list[Row]:
        languages = [(LANGUAGE_NAMES.get(c or "", tr("settings.system")), c) for c in LANGUAGES]
        speeds = [(tr(f"settings.speed_{v}"), v) for v in ANIMATION_SPEEDS]
        buy_times = [(f"{n} s" if n else tr("settings.buy_no_limit"), n) for n in BUY_SECONDS]
        language = self._choice("language", languages)
        language.change = self._language
        return [
            language,
            Row(tr("settings.player_name"), "name"),
            self._choice("hints"),
            self._choice("confirm_discard"),
            self._choice("buy_seconds", buy_times),
            self._choice("animation_speed", speeds),
            self._choice("reduce_motion"),
        ]

    def _display_rows(self) -> list[Row]:
        sizes = [(tr(f"settings.size_{v}"), v) for v in CARD_SIZES]
        backs = [(tr(f"looks.back_{v}"), v) for v in range(CARD_BACKS)]
        felts = [(tr(f"looks.felt_{v}"), v) for v in TABLE_COLOURS]
        auto = round(self.app.automatic_ui_scale() * 100)
        scales: list[tuple[str, object]] = [(tr("settings.scale_auto", percent=auto), None)]
        scales += [(f"{round(v * 100)} %", v) for v in UI_SCALES]
        fullscreen = self._choice("fullscreen")
        fullscreen.change = self._fullscreen
        return [
            self._choice("card_size", sizes),
            self._choice("four_colour"),
            self._choice("card_back", backs),
            Row(
                tr("looks.table_colour"),
                "choice",
                felts,
                self.app.settings.table_colour,
                self._setter("table_colour"),
            ),
            self._choice("ui_scale", scales, wrap=False),
            fullscreen,
            self._choice("high_contrast"),
        ]

    def _sound_rows(self) -> list[Row]:
        test = [(tr("settings.test_sound"), lambda: self.app.sounds.play("deal"))]
        return [
            Row(tr("settings.volume"), "slider"),
            self._choice("muted"),
            Row("", "actions", actions=test),
        ]

    def _setter(self, name: str) -> Callable[[object], bool]:
        return lambda value: self._set(**{name: value})

    def _language(self, value: object) -> bool:
        ok = self._set(language=value)
        if ok:
            self._todo.append(self.rebuild)  # every label changes language
        return ok

    def _fullscreen(self, value: object) -> bool:
        # Applied after this callback, as F11 is: the window and every widget change.
        self._todo.append(partial(self.app.set_fullscreen, bool(value)))
        return True

    def show_tab(self, tab: str) -> None:
        self.tab, self.first, self.message = tab, 0, ""
        self.focus.index = -1
        self.rebuild()

    # ------------------------------------------------------------------ input
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED:
            self._set(volume=event.value / 100)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            self._set(player_name=clean_name(event.text))
            return True
        keys = (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB)
        if event.type == pygame.KEYDOWN and event.key in keys and self._scroll_with_focus(event):
            return True
        return super().handle_event(event)

    def _scroll_with_focus(self, event: pygame.event.Event) -> bool:
        """↓ on the last visible row (↑ on the first) scrolls the list by one row."""
        down = event.key == pygame.K_DOWN or (
            event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
        )
        row = self._row_of.get(self.focus.index)
        _, _, fits = self._metrics()
        total = len(self.rows())
        if row is None:
            return False
        if down and row == self.first + fits - 1 and self.first + fits < total:
            target = row + 1
        elif not down and row == self.first and self.first > 0:
            target = row - 1
        else:
            return False
        self.first += 1 if down else -1
        self.focus.index = -1
        self.rebuild()
        self.focus.restore(min(i for i, r in self._row_of.items() if r == target))
        return True

    def pointer(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL and self.tab == "rules":
            _, _, fits = self._metrics()
            first = max(0, min(len(self.rows()) - fits, self.first - event.y * 2))
            if first != self.first:
                self.first = first
                self.rebuild()
