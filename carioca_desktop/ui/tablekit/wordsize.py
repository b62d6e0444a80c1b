"""The tables' pygame_gui buttons and labels in the table's own word size. The theme's fonts
follow the app's UI scale; a table's hand-drawn words grow with the window as well (up to
1.3x Carioca's, the window's scale Buraco's), so at 3840x2160 the bar's Menu and Keys, the
side buttons, the buy offer and the round sheet's buttons read 1.3-1.4x smaller than the
title beside them: a 1080p game's buttons on a 4K table. Never smaller than the theme's."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pygame_gui

from carioca_desktop.ui.theme import FONT_NAME, preload_sizes


def growth(words: float, ui_scale: float) -> float:
    """How much larger than the theme's the table's widgets speak: the table's word scale
    over the app's UI scale (both in pixels), never below 1."""
    return max(1.0, words / max(ui_scale, 1e-6))


def speak_up(manager: pygame_gui.UIManager, elements: Iterable[Any], factor: float) -> None:
    """Give each button or label its theme font ``factor`` times larger (the theme's own
    font again at 1), rebuilt only when it changes."""
    theme = manager.get_theme()
    fonts = theme.get_font_dictionary()
    for element in elements:
        info = theme.get_font_info(element.combined_element_ids)
        if info["name"] != FONT_NAME:  # the symbol fonts' widgets keep their size
            continue
        size = max(1, round(int(info["size"]) * factor))
        preload_sizes(manager, {size})  # loaded once, not mid-frame with a warning
        font = fonts.find_font(size, info["name"], bool(info["bold"]), bool(info["italic"]))
        if element.font is not font:
            element.font = font
            element.rebuild()


def fit_words(manager: pygame_gui.UIManager, elements: Iterable[Any], least: int = 11,
              pad: int = 12) -> None:  # fmt: skip
    """Buttons whose words are wider than they are in their font: the largest smaller size
    of it that shows them whole, down to ``least`` px (a table of contents at 1024x600 cut
    "Omgångarna och deras kontrakt")."""
    fonts = manager.get_theme().get_font_dictionary()
    for element in elements:
        font, room = element.font, element.rect.w - pad
        if font is None or font.size(element.text)[0] <= room:
            continue
        info = manager.get_theme().get_font_info(element.combined_element_ids)
        for size in range(font.get_point_size() - 1, least - 1, -1):
            preload_sizes(manager, {size})
            smaller = fonts.find_font(size, info["name"], bool(info["bold"]), bool(info["italic"]))
            if smaller.size(element.text)[0] <= room or size == least:
                element.font = smaller
                element.rebuild()
                break
