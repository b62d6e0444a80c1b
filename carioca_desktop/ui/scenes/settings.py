"""Settings: game, display, sound and house rules, each change saved at once (house rules only
when the engine accepts them; a refused combination is explained and nothing changes)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIHorizontalSlider, UITextEntryLine

from carioca_desktop import i18n
from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.buraco.ruleset import BuracoRules
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import RuleSetError
from carioca_desktop.rules.names import NAME_MAX, clean_name, invisible_chars
from carioca_desktop.storage import ANIMATION_SPEEDS, CARD_SIZES
from carioca_desktop.ui import theme
from carioca_desktop.ui.cardart import CardArt
from carioca_desktop.ui.rulenames import rules_name
from carioca_desktop.ui.scenes.buraco import houserules as buraco_rules
from carioca_desktop.ui.scenes.rules import (
    CHOICES,
    CONTRACTS,
    POINT_CHOICES,
    POINT_KEYS,
    PRESET_ORDER,
    card_name,
    current_rules,
    explain,
    key_label,
    preset_name,
    value_text,
)
from carioca_desktop.ui.widgets import (
    Focusable,
    Stepper,
    UIScene,
    draw_text,
    fit,
    font,
    gold_title,
    panel,
    wrap,
)

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App

TABS = ("game", "display", "sound", "rules")
LANGUAGES: tuple[str | None, ...] = (None, *i18n.LANGUAGES)  # None: the system's
LANGUAGE_NAMES = {
    "es": "Español", "en": "English", "fr": "Français", "sv": "Svenska", "pt": "Português",
    "it": "Italiano",
}  # fmt: skip
UI_SCALES = (0.75, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)
CARD_WIDTHS = {"small": 70, "medium": 88, "large": 106, "xlarge": 124}


@dataclass
class Row:
    """One line of a settings page: a label and its control."""

    label: str
    kind: str  # "choice", "slider", "name" or "actions"
    options: Sequence[tuple[str, object]] = ()
    value: object = None
    change: Callable[[object], bool] | None = None
    wrap: bool = True
    actions: Sequence[tuple[str, Callable[[], object]]] = field(default_factory=tuple)
    about: str = ""  # a line explaining the row, under its label (Buraco's house rules)
    status: bool = False  # the about line says where the page stands (drawn in gold)


def _bool_options() -> list[tuple[str, object]]:
    return [(tr("common.no"), False), (tr("common.yes"), True)]


class SettingsScene(UIScene):
    """Tabs on the left, rows on the right; the house-rule list scrolls by whole rows."""

    def __init__(self, app: App, tab: str = "game", game: str = "carioca") -> None:
        super().__init__(app)
        self.tab = tab
        self.game = game  # whose house rules the rules tab shows: "carioca" or "buraco"
        self.first = 0
        self.message = ""
        self.message_bad = False
        self._row_of: dict[int, int] = {}

    # ------------------------------------------------------------------ layout
    def _room(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The most the tabs and the page may take."""
        w, h = self.size
        m = round(24 * self.k)
        top = round(92 * self.k)
        tabs = pygame.Rect(m, top, round(min(270 * self.u, w * 0.24)), h - top - m)
        body = pygame.Rect(tabs.right + m, top, w - tabs.right - 2 * m, h - top - m)
        return tabs, body

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """Tabs and page, as tall as their content (the house rules take all the room)."""
        tabs, room = self._room()
        if self.tab == "rules":
            return tabs, room
        _, pitch, _ = self._metrics()
        # As tall as the tallest of the other pages (the display page, with its preview).
        height = self._header_height() + 6 * pitch + round(24 * self.u)
        height += round(CARD_WIDTHS[self.app.settings.card_size] * self.t * 1.4) + 40
        height = min(room.h, height)
        return tabs.inflate(0, height - tabs.h).move(0, (height - tabs.h) // 2), room.inflate(
            0, height - room.h
        ).move(0, (height - room.h) // 2)

    def _metrics(self) -> tuple[int, int, int]:
        """Row height, row pitch and how many rows fit."""
        _, body = self._room()
        rh = round(40 * self.u)
        pitch = rh + round((22 if self._explained() else 10) * self.u)
        reserved = self._header_height() + round(12 * self.u) + self._footer_height()
        return rh, pitch, max(1, (body.h - reserved) // pitch)

    def _control_width(self, body: pygame.Rect) -> int:
        """The controls' column (narrower where the labels carry an explanation)."""
        if self._explained():
            return min(round(400 * self.u), body.w * 45 // 100)
        return min(round(470 * self.u), body.w * 54 // 100 - 24)

    def _explained(self) -> bool:
        """Whether the rows carry a line of explanation (Buraco's house rules)."""
        return self.tab == "rules" and self.game == "buraco"

    def _header_height(self) -> int:
        return round(82 * self.u)

    def _footer_height(self) -> int:
        return round(86 * self.u) if self.tab == "rules" else round(12 * self.u)

    def rows(self) -> list[Row]:
        return {
            "game": self._game_rows,
            "display": self._display_rows,
            "sound": self._sound_rows,
            "rules": self._buraco_rows if self.game == "buraco" else self._rules_rows,
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
                if action in (self._reset_rules, self._reset_buraco) and not self._rules_changed():
                    button.disable()
        elif row.kind == "slider":
            self._slider(rect)
        elif row.kind == "name":
            self._name_entry(rect)

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

    def _name_entry(self, rect: pygame.Rect) -> None:
        box = self.holder(rect)
        entry = UITextEntryLine(
            pygame.Rect((0, 0), rect.size),
            self.app.manager,
            box,
            initial_text=self.app.settings.player_name,
            placeholder_text=tr("common.you"),
        )
        entry.set_text_length_limit(NAME_MAX)
        entry.set_forbidden_characters(list(invisible_chars()))  # zero-width text breaks drawing
        self.focus.add(Focusable(self.add(entry)))

    # ------------------------------------------------------------------ pages
    def _choice(
        self, name: str, options: Sequence[tuple[str, object]] | None = None, wrap: bool = True
    ) -> Row:
        """A row setting one field of Settings (a yes / no choice unless ``options``)."""
        value = getattr(self.app.settings, name)
        choices = _bool_options() if options is None else options
        return Row(tr(f"settings.{name}"), "choice", choices, value, self._setter(name), wrap)

    def _game_rows(self) -> list[Row]:
        languages = [(LANGUAGE_NAMES.get(c or "", tr("settings.system")), c) for c in LANGUAGES]
        speeds = [(tr(f"settings.speed_{v}"), v) for v in ANIMATION_SPEEDS]
        language = self._choice("language", languages)
        language.change = self._language
        return [
            language,
            Row(tr("settings.player_name"), "name"),
            self._choice("hints"),
            self._choice("confirm_discard"),
            self._choice("animation_speed", speeds),
            self._choice("reduce_motion"),
        ]

    def _display_rows(self) -> list[Row]:
        sizes = [(tr(f"settings.size_{v}"), v) for v in CARD_SIZES]
        backs = [(tr(f"settings.back_{v}"), v) for v in (0, 1)]
        scales = [(f"{round(v * 100)} %", v) for v in UI_SCALES]
        fullscreen = self._choice("fullscreen")
        fullscreen.change = self._fullscreen
        return [
            self._choice("card_size", sizes),
            self._choice("four_colour"),
            self._choice("card_back", backs),
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

    def _rules_rows(self) -> list[Row]:
        rules = current_rules(self.app)
        values = rules.as_dict()
        presets = [
            (rules_name(rules) if p == rules.preset else preset_name(p), p) for p in PRESET_ORDER
        ]
        rows = [
            Row(tr("houserules.preset_label"), "choice", presets, rules.preset, self._preset),
            Row("", "actions", actions=[(tr("settings.reset_rules"), self._reset_rules)]),
        ]
        for i, code in enumerate(rules.rounds):
            codes = CONTRACTS if code in CONTRACTS else (*CONTRACTS, code)
            options: list[tuple[str, object]] = [(contract_text(c), c) for c in codes]
            change = self._rule_changer(partial(_replaced, rules.rounds, i), "rounds")
            rows.append(Row(tr("houserules.round_label", n=i + 1), "choice", options, code, change))
        more = [*rules.rounds, rules.rounds[-1]]
        fewer = list(rules.rounds[:-1])
        actions = [
            (tr("houserules.add_round"), lambda: self._change_rule("rounds", more)),
            (tr("houserules.remove_round"), lambda: self._change_rule("rounds", fewer)),
        ]
        rows.append(Row("", "actions", actions=actions))
        for key, choices in CHOICES.items():
            opts = choices if values[key] in choices else (*choices, values[key])
            numeric = all(isinstance(v, int) and not isinstance(v, bool) for v in opts)
            options = [(value_text(key, v), v) for v in opts]
            change = self._rule_changer(lambda v: v, key)
            rows.append(Row(key_label(key), "choice", options, values[key], change, not numeric))
        for card in POINT_KEYS:
            options = [(str(v), v) for v in POINT_CHOICES]
            change = self._rule_changer(partial(_with_point, rules.points, card), "points")
            label = tr("houserules.points_of", card=card_name(card))
            rows.append(Row(label, "choice", options, rules.points[card], change, False))
        return rows

    # ------------------------------------------------------------------ changes
    def _set(self, **changes: Any) -> bool:
        try:
            new = self.app.settings.replace(**changes)
        except ValueError:
            return False
        self.app.update_settings(new)
        self.repaint()
        return True

    def _setter(self, name: str) -> Callable[[object], bool]:
        return lambda value: self._set(**{name: value})

    def _language(self, value: object) -> bool:
        ok = self._set(language=value)
        if ok:
            self._todo.append(self.rebuild)  # every label changes language
        return ok

    def _fullscreen(self, value: object) -> bool:
        if not self._set(fullscreen=value):
            return False
        self._todo.append(self._apply_fullscreen)
        return True

    def _apply_fullscreen(self) -> None:
        from carioca_desktop.ui.app import window_size

        settings = self.app.settings
        flags = pygame.FULLSCREEN if settings.fullscreen else pygame.RESIZABLE
        size = (0, 0) if settings.fullscreen else window_size(settings.window_size)
        try:
            self.app.screen = pygame.display.set_mode(size, flags)
        except pygame.error:
            return
        self.app.resize(self.app.screen.get_size())

    def _rule_changer(self, make: Callable[[Any], object], key: str) -> Callable[[object], bool]:
        return lambda value: self._change_rule(key, make(value))

    def _change_rule(self, key: str, value: object) -> bool:
        data = current_rules(self.app).to_dict()
        data[key] = value
        return self._try_rules(data, rebuild=key == "rounds")

    def _preset(self, preset: object) -> bool:
        return self._try_rules({"preset": preset}, rebuild=True)

    def _rules_changed(self) -> bool:
        if self.game == "buraco":
            return buraco_rules.changed(buraco_rules.current_rules(self.app))
        return bool(set(current_rules(self.app).to_dict()) - {"preset"})

    def _reset_rules(self) -> None:
        self._try_rules({"preset": current_rules(self.app).preset}, rebuild=True)

    # Buraco's house rules: the same page, its rows and words in ui/scenes/buraco/houserules.
    def _game_stepper(self, body: pygame.Rect, x: int, width: int, rh: int) -> None:
        """Whose house rules the page shows, at the top right of the page."""
        from carioca_desktop.ui.scenes.buraco.newgame import game_options

        rect = pygame.Rect(x, body.y + round(16 * self.u), width, rh)
        Stepper(self, rect, game_options(), self.game, self._show_game)

    def _show_game(self, game: object) -> bool:
        self.game, self.first, self.message = str(game), 0, ""
        self._todo.append(self.rebuild)
        return True

    def _buraco_rows(self) -> list[Row]:
        rules = buraco_rules.current_rules(self.app)
        return buraco_rules.page_rows(
            rules, self._change_buraco, self._buraco_preset, self._reset_buraco
        )

    def _change_buraco(self, key: str, value: object) -> bool:
        data = buraco_rules.current_rules(self.app).to_dict()
        data[key] = value
        return self._try_buraco(data)

    def _buraco_preset(self, preset: object) -> bool:
        return self._try_buraco({"game": "buraco", "preset": preset})

    def _reset_buraco(self) -> None:
        self._buraco_preset(buraco_rules.current_rules(self.app).preset)

    def _try_buraco(self, data: dict[str, Any]) -> bool:
        """Save Buraco rules the engine accepts; explain and refuse any other."""
        try:
            rules = BuracoRules.from_dict(data)
        except RuleSetError as err:
            self._say(buraco_rules.explain(err), bad=True)
            return False
        self._set(buraco_rules=buraco_rules.canonical(rules))
        self._say(tr("buraco_houserules.saved"))
        self._todo.append(self.rebuild)  # values, names and "no effect" marks follow
        return True

    def _try_rules(self, data: dict[str, Any], rebuild: bool = False) -> bool:
        """Save house rules the engine accepts; explain and refuse any other."""
        try:
            rules = CariocaRules.from_dict(data)
        except RuleSetError as err:
            self._say(explain(err, data), bad=True)
            return False
        self._set(house_rules=rules.to_dict())
        self._say(tr("settings.rules_saved"))
        if rebuild:
            self._todo.append(self.rebuild)
        return True

    def _say(self, message: str, bad: bool = False) -> None:
        self.message, self.message_bad = message, bad
        self.repaint()

    def show_tab(self, tab: str) -> None:
        self.tab, self.first, self.message = tab, 0, ""
        self.focus.index = -1
        self.rebuild()

    # ------------------------------------------------------------------ picture
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


def _replaced(items: Sequence[str], index: int, value: object) -> list[object]:
    out: list[object] = list(items)
    out[index] = value
    return out


def _with_point(points: Mapping[str, int], card: str, value: object) -> dict[str, object]:
    return {**points, card: value}
