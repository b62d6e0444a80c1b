"""The pygame_gui theme (assets/theme.json) with DejaVu fonts, UI scaling and shared colours.

Theme classes and ids in assets/theme.json; pass them as ``ObjectID(class_id=..., object_id=...)``.

Buttons
    (plain)      rounded dark-green button, gold border on hover.
    ``@primary`` gold button with dark text: the one main action of a screen (e.g. Bajarse).
    ``@flat``    no background or border; text turns gold on hover (menu links, "Puntos ▸").
Labels
    (plain)      16 px warm white.
    ``@title``   28 px bold gold (screen titles, the round and its contract).
    ``@subtitle`` 20 px bold warm white.
    ``@small``   13 px muted (levels, captions, the log).
    ``@gold``    16 px bold gold (the name of the player to act).
    ``@ok``      14 px bold green (a valid meld: "✓").
    ``@bad``     14 px bold red (a reason: "falta 1 carta").
    ``@toast``   17 px bold on dark amber (short refusals in words).
Text boxes
    (plain)      translucent dark-green rounded box, 14 px (the move log, rules).
    ``@toast``   dark amber with a gold border, 17 px bold (a toast that needs a frame).
Panels
    (plain)      translucent dark-green rounded panel (seats, slots, dialogs).
    ``@active``  gold 2 px border (the seat to act).
    ``@toast``   dark amber with a gold border.
    ``#top_bar`` flat, darker, square panel for the top bar.
Also themed: text entry lines, drop-down menus, selection lists, horizontal sliders (gold knob),
check boxes, progress bars, scroll bars, tool tips and windows (gold title).

Every font block names the font "dejavu"; `make_manager` fills in the bundled files, because
pygame_gui's own Noto Sans has no ♠♥♦♣ glyphs.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from carioca_desktop.resources import asset

RGB = tuple[int, int, int]

# Colours for hand-drawn UI; the theme file uses the same values.
FELT: RGB = (30, 104, 62)
PANEL: RGB = (12, 42, 28)  # drawn at PANEL_ALPHA over the felt
PANEL_ALPHA = 200
GOLD: RGB = (232, 186, 72)
# One colour per seat, in seat order, wherever a seat is shown: its disc at the table and on
# the privacy screen, the new-game list, the round summary, the score sheet and the
# statistics (whose chart lines use ``seat_colour(seat, light=True)``, the same hue lighter).
SEAT_COLOURS: tuple[RGB, ...] = (
    (64, 104, 168), (168, 72, 84), (60, 136, 96), (176, 120, 48),
    (118, 84, 160), (44, 132, 144), (164, 96, 140), (104, 112, 120),
)  # fmt: skip
GREEN_OK: RGB = (95, 208, 138)
RED_BAD: RGB = (240, 106, 94)
TEXT: RGB = (246, 240, 226)
TEXT_DIM: RGB = (207, 220, 207)
TOAST: RGB = (58, 42, 8)

FONT_NAME = "dejavu"
REGULAR = "DejaVuSans.ttf"
BOLD = "DejaVuSans-Bold.ttf"
CONDENSED_BOLD = "DejaVuSansCondensed-Bold.ttf"

# Sizes also preloaded besides those in the theme, for HTML text (<b>, <font size=...>).
EXTRA_SIZES: tuple[int, ...] = (12, 13, 14, 16, 18, 20, 24)


def seat_colour(seat: int, light: bool = False) -> RGB:
    """The seat's colour; ``light`` mixes it halfway to white (lines on the dark felt)."""
    r, g, b = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    if not light:
        return (r, g, b)
    return ((r + 255) // 2, (g + 255) // 2, (b + 255) // 2)


def font_path(bold: bool = False) -> str:
    """Absolute path of the bundled DejaVu Sans (bold or regular)."""
    return str(asset("fonts", BOLD if bold else REGULAR))


_FONTS: dict[tuple[str, int], pygame.font.Font] = {}


def bundled_font(name: str, size: int) -> pygame.font.Font:
    """A cached font from ``assets/fonts``.

    Fonts die with pygame.font.quit(); a dead cached font is reopened rather than returned.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    key = (name, max(1, size))
    font = _FONTS.get(key)
    if font is not None:
        try:
            font.size(" ")
            return font
        except pygame.error:
            _FONTS.clear()
    font = _FONTS[key] = pygame.font.Font(str(asset("fonts", name)), key[1])
    return font


def ui_font(size: int, bold: bool = False) -> pygame.font.Font:
    """DejaVu Sans for text drawn outside pygame_gui (scores, seat labels); cached."""
    return bundled_font(BOLD if bold else REGULAR, size)


def wrap(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Greedy word wrap to ``width`` pixels; explicit newlines start new lines."""
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and fnt.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


def theme_dict(ui_scale: float = 1.0) -> dict[str, Any]:
    """assets/theme.json with font files filled in and sizes scaled by `ui_scale`."""
    with open(asset("theme.json"), encoding="utf-8") as f:
        data: dict[str, Any] = json.load(f)
    for block in data.values():
        if not isinstance(block, dict):
            continue
        if isinstance(block.get("font"), dict):
            _fill_font(block["font"], ui_scale)
        misc = block.get("misc")
        if isinstance(misc, dict):
            _scale_misc(misc, ui_scale)
    return data


def _fill_font(font: dict[str, str], ui_scale: float) -> None:
    font["size"] = str(max(6, round(int(font["size"]) * ui_scale)))
    if font.get("name") == FONT_NAME:
        font["regular_path"] = font_path(False)
        font["bold_path"] = font_path(True)
        # No italic files are bundled: italics fall back to the upright faces.
        font["italic_path"] = font_path(False)
        font["bold_italic_path"] = font_path(True)


def _scale_misc(misc: dict[str, str], ui_scale: float) -> None:
    """Scale the lengths that should grow with the UI: corner radii and list rows."""
    for key in ("shape_corner_radius", "list_item_height", "sliding_button_width"):
        if key in misc:
            misc[key] = str(max(1, round(int(misc[key]) * ui_scale)))


def _theme_sizes(data: dict[str, Any]) -> set[int]:
    sizes = set()
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and font.get("name") == FONT_NAME:
            sizes.add(int(font["size"]))
    return sizes


class PixelManager(pygame_gui.UIManager):
    """A UIManager that reads the pointer in the drawable's pixels, as its events come
    (``ui/window.py``: on a high-DPI window SDL gives the pointer in points)."""

    def __init__(self, *args: Any, pointer: Callable[[], tuple[int, int]], **kwargs: Any):
        self.pointer = pointer
        super().__init__(*args, **kwargs)

    def _update_mouse_position(self) -> None:  # pygame_gui's one read of the pointer
        self.mouse_position = self.pointer()


def make_manager(
    size: tuple[int, int],
    ui_scale: float = 1.0,
    pointer: Callable[[], tuple[int, int]] | None = None,
) -> pygame_gui.UIManager:
    """A UIManager with the Carioca theme, DejaVu registered and the theme's own sizes
    preloaded; the sizes only HTML text uses follow with `preload_extra`. ``pointer`` says
    where the mouse is, in the same pixels as ``size``."""
    data = theme_dict(ui_scale)
    where = pointer or (lambda: pygame.mouse.get_pos())  # read when called: tests replace it
    manager = PixelManager(size, data, enable_live_theme_updates=False, pointer=where)
    manager.add_font_paths(
        FONT_NAME, font_path(False), font_path(True), font_path(False), font_path(True)
    )
    preload_sizes(manager, _theme_sizes(data))
    return manager


def preload_extra(manager: pygame_gui.UIManager, ui_scale: float = 1.0) -> None:
    """Preload the sizes HTML text uses (the app does it after its first frame: the menu
    needs none of them)."""
    preload_sizes(manager, _extra_sizes(ui_scale))


def rescale(manager: pygame_gui.UIManager, ui_scale: float) -> None:
    """Apply a new UI scale to a running manager: its theme's sizes change, every widget is
    rebuilt now, before the scenes re-place theirs (on the manager's next update, it undid
    the larger words the menus' and the tables' widgets are given as they are placed)."""
    data = theme_dict(ui_scale)
    manager.get_theme().update_theming(json.dumps(data), rebuild_all=False)
    preload_sizes(manager, _theme_sizes(data) | _extra_sizes(ui_scale))
    manager.rebuild_all_from_changed_theme_data(manager.get_theme())


def _extra_sizes(ui_scale: float) -> set[int]:
    return {max(6, round(s * ui_scale)) for s in EXTRA_SIZES}


def preload_sizes(manager: pygame_gui.UIManager, sizes: set[int]) -> None:
    """Both styles of these sizes of the theme's font, those not yet loaded (the theme's
    own sizes, and a table's widgets at its word size: ui/tablekit/wordsize.py)."""
    fonts = manager.get_theme().get_font_dictionary()
    # Both styles of every size: HTML text (<b>) switches style within one element.
    wanted = {(s, b) for s in sizes for b in (False, True)}
    # The theme already loaded its own sizes; preloading one twice only earns a warning.
    missing = [
        (s, b)
        for s, b in sorted(wanted)
        if not fonts.check_font_preloaded(fonts.create_font_id(s, FONT_NAME, b, False, True))
    ]
    manager.preload_fonts(
        [
            {"name": FONT_NAME, "point_size": s, "style": "bold" if b else "regular"}
            for s, b in missing
        ]
    )
