"""Shared pieces of the menu screens: a scene base with its own layer and picture, and the
◀ value ▶ stepper; the keyboard focus (focus.py) and the drawing helpers (drawing.py: panels,
gold titles, text, card fans) are re-exported from here, where the scenes import them."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from html import escape
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage, UITextEntryLine

from carioca_desktop.i18n import tr
from carioca_desktop.ui import picturecache, textfit, theme
from carioca_desktop.ui.drawing import (
    RGB,
    SHADOW,
    card_fan,
    draw_text,
    fit,
    font,
    gold_title,
    notice_box,
    pairs,
    panel,
    soft_shadow,
    wrap,
)
from carioca_desktop.ui.focus import Focusable, FocusRing
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.tablekit.wordsize import speak_up
from carioca_desktop.ui.window import can_convert

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

__all__ = [
    "RGB",
    "SHADOW",
    "Backdrop",
    "FocusRing",
    "Focusable",
    "Stepper",
    "UIScene",
    "card_fan",
    "draw_text",
    "felt_picture",
    "fit",
    "font",
    "gold_title",
    "notice_box",
    "pairs",
    "panel",
    "soft_shadow",
    "wrap",
]


def felt_picture(size: tuple[int, int], high_contrast: bool) -> pygame.Surface:
    """The felt with an alpha channel, in the display's format when there is a display: what
    a scene's picture starts from (never draw on it; copy it). In the chosen colour."""
    from carioca_desktop.ui.cardart import felt_colour

    return _felt_picture(size, high_contrast, felt_colour())


@lru_cache(maxsize=2)
def _felt_picture(size: tuple[int, int], high_contrast: bool, name: str) -> pygame.Surface:

    def draw() -> pygame.Surface:
        from carioca_desktop.ui.cardart import felt  # only when no kept picture has it

        plain = felt(size, high_contrast)
        if can_convert():
            return plain.convert_alpha()
        picture = pygame.Surface(size, pygame.SRCALPHA)
        picture.blit(plain, (0, 0))
        return picture

    # Kept on disk as it is: the menu's first frame then needs neither the felt nor a
    # whole-window conversion.
    key = (size, high_contrast) if name == "green" else (size, high_contrast, name)
    return picturecache.kept("felt-picture", key, draw, alpha=True)


_PLACEHOLDER = pygame.Surface((1, 1), pygame.SRCALPHA)


class Backdrop(UIImage):
    """The scene's picture as the lowest of its widgets. It takes the clicks and wheel turns
    that reach it (handing them to its scene), so the widgets of a scene below never react
    through it, and (``blocking``) stops their hover too."""

    def __init__(
        self,
        rect: pygame.Rect,
        manager: Any,
        height: int,
        blocking: bool,
        on_pointer: Callable[[pygame.event.Event], None],
    ) -> None:
        # One transparent pixel until the scene paints, in the same frame (the backdrop's
        # clicks and hover go by its rect, never by its image): a window-sized transparent
        # picture costs a 5.7 MB allocation for nothing.
        super().__init__(rect, _PLACEHOLDER, manager, True, starting_height=height)
        self.blocking = blocking
        self.on_pointer = on_pointer

    def set_image(
        self,
        new_image: pygame.Surface | None,
        image_is_alpha_premultiplied: bool = False,
        scale_func: Any = pygame.transform.smoothscale,
    ) -> None:
        """Take a premultiplied window-sized picture as it is: pygame_gui would convert it and
        then copy it, two whole-window passes (~8 ms each at 1600×900) for every repaint.
        The scene makes a fresh picture each time and never draws on it afterwards."""
        if new_image is _PLACEHOLDER:
            self.scale_func = scale_func
            self.image = new_image
            self._pre_clipped_image = None
            return
        if (
            new_image is not None
            and image_is_alpha_premultiplied
            and new_image.get_size() == self.rect.size
            and new_image.get_flags() & pygame.SRCALPHA
            and new_image.get_bitsize() == 32
            and self.get_image_clipping_rect() is None
        ):
            self.scale_func = scale_func
            self.image = new_image
            self._pre_clipped_image = None
            return
        super().set_image(new_image, image_is_alpha_premultiplied, scale_func)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            self.on_pointer(event)
            return True
        return False

    def check_hover(self, time_delta: float, hovered_higher_element: bool) -> bool:
        return self.blocking and super().check_hover(time_delta, hovered_higher_element)


class UIScene(Scene):
    """A screen of pygame_gui widgets over a picture drawn with pygame.

    Its widgets sit above every widget already on screen (a table below never shows through).
    Subclasses implement ``build()`` (make widgets with ``self.button`` etc., placed by
    ``self.size`` and ``self.k``) and ``paint(surface)`` (the picture; call ``self.repaint()``
    when it changes). Widgets are rebuilt on resize and resume, so ``build`` must read state
    kept on the scene. Esc calls ``back()``.
    """

    dim_alpha = 150  # overlays: how much the scene below is darkened

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.elements: list[Any] = []
        self.focus = FocusRing()
        self._backdrop: Any = None  # a Backdrop
        self._stale = True
        self._todo: list[Callable[[], object]] = []
        self._live = False
        self.height = 1

    # -------------------------------------------------------------- geometry
    @property
    def size(self) -> tuple[int, int]:
        return (self.app.size[0], self.app.size[1])

    @property
    def k(self) -> float:
        """Scale of hand-drawn things: 1.0 at 1600×900 points, the window's growth above it
        (its lower limit is in points, so a Retina drawable draws the same picture at twice the
        pixels). No upper limit: a 3840×2160 window shows the 1600×900 picture 2.4x."""
        w, h = self.size
        r = self.app.pixel_ratio
        return r * max(0.6, min(w / 1600, h / 900) / r)

    @property
    def t(self) -> float:
        """Scale of hand-drawn text: like ``k``, but never too small to read."""
        return max(0.82, self.k)

    @property
    def u(self) -> float:
        """Scale of widgets: the player's UI scale (the theme's fonts grow with it), times the
        window's growth the automatic scale leaves over (``dpi.screen_growth``: 1 up to
        1600×900; the widgets' words grow with it as they are added)."""
        return self.app.ui_scale * self.app.screen_grow

    # -------------------------------------------------------------- lifecycle
    def enter(self) -> None:
        self._live = True
        self.rebuild()

    def exit(self) -> None:
        self._live = False
        self._kill()

    def pause(self) -> None:
        self._live = False
        self._kill()

    def resume(self) -> None:
        self._live = True
        self.rebuild()

    def on_resize(self, size: tuple[int, int]) -> None:
        if self._live:
            self.rebuild()

    def rebuild(self) -> None:
        focused = self.focus.index
        self._kill()
        manager = self.app.manager
        root = manager.get_root_container()
        base = (root.get_top_layer() if root is not None else 0) + 1
        foreign = base > 1
        rect = pygame.Rect((0, 0), self.size)
        self._backdrop = Backdrop(rect, manager, base, foreign, self.pointer)
        self.height = base + 1
        self.focus = FocusRing()
        self.build()
        self.focus.restore(focused)
        self.repaint()

    def _kill(self) -> None:
        for element in self.elements:
            element.kill()
        self.elements = []
        if self._backdrop is not None:
            self._backdrop.kill()
            self._backdrop = None

    def build(self) -> None:
        """Make the widgets."""

    def paint(self, surface: pygame.Surface) -> None:
        """Draw the picture under the widgets (felt or dim, panels, cards)."""

    def _painted(self) -> pygame.Surface:
        if self.opaque:  # a copy of the felt in the window's format: one memory copy
            picture = felt_picture(self.size, bool(self.app.settings.high_contrast)).copy()
        else:
            picture = pygame.Surface(self.size, pygame.SRCALPHA)
            picture.fill((0, 10, 4, self.dim_alpha))
        self.paint(picture)
        return picture

    def repaint(self) -> None:
        self._stale = True
        self.app.dirty()

    def kept_key(self) -> object | None:
        """For an opaque scene whose picture depends only on what this key says (besides its
        size, the high-contrast felt and its code): the felt and ``paint`` are kept on disk
        between runs as one picture (picturecache), read back in one go. None: painted anew."""
        return None

    def paint_over(self, surface: pygame.Surface) -> None:
        """What is drawn on the picture every time, over a kept one (short-lived notices)."""

    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or not self._stale:
            return
        key = self.kept_key() if self.opaque else None
        if key is not None:
            high_contrast = bool(self.app.settings.high_contrast)
            if self.app.settings.table_colour != "green":
                key = (key, self.app.settings.table_colour)
            picture = picturecache.kept(
                f"scene-{type(self).__name__}",
                (self.size, high_contrast, key),
                self._painted,
                alpha=True,
                sources=(sys.modules[type(self).__module__], theme, textfit),
            )
        else:
            picture = self._painted()
        self.paint_over(picture)
        # An opaque picture is its own premultiplied form: spare pygame_gui that pass.
        self._backdrop.set_image(picture, self.opaque)
        self._stale = False

    # -------------------------------------------------------------- events
    def later(self, action: Callable[[], object]) -> Callable[[], None]:
        """A widget command that runs on the next update, outside pygame_gui's event loop."""
        return lambda: self._todo.append(action)

    def update(self, dt: float) -> bool:
        todo, self._todo = self._todo, []
        for action in todo:
            action()
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_ESCAPE:
            self.back()
            return True
        return self.focus.handle_key(event)

    def pointer(self, event: pygame.event.Event) -> None:
        """A click or wheel turn on the picture (not on a widget)."""

    def back(self) -> None:
        self.app.pop()

    # -------------------------------------------------------------- widget makers
    def add(self, element: Any) -> Any:
        """Keep ``element`` (killed with the scene's widgets); a button's or an entry's words
        grow with the window as its size does (``u``), before a scene fits them."""
        self.elements.append(element)
        grow = self.app.screen_grow
        if grow > 1.0 and isinstance(element, (UIButton, UITextEntryLine)):
            speak_up(self.app.manager, [element], grow)
        return element

    def holder(self, rect: pygame.Rect) -> Any:
        """A container at this scene's height, for widgets made without a height of their own
        (sliders, text entries): place them in it at (0, 0)."""
        from pygame_gui.core import UIContainer

        return self.add(UIContainer(rect, self.app.manager, starting_height=self.height))

    def button(
        self,
        rect: pygame.Rect,
        text: str,
        action: Callable[[], object],
        kind: str | None = None,
        focus: bool = True,
    ) -> Any:
        """A button (``kind``: "primary" or "flat") that runs ``action``, in the focus ring."""
        button = UIButton(
            rect,
            text,
            self.app.manager,
            starting_height=self.height,
            object_id=ObjectID(class_id=f"@{kind}") if kind else None,
            command=self.later(action),
        )
        if focus:
            self.focus.add(Focusable(button, activate=action))
        return self.add(button)

    def close_button(self, box: pygame.Rect) -> None:
        """A dialog's Close, at the bottom right of its ``box``, focused (Enter closes)."""
        bw, bh = round(220 * self.u), round(46 * self.u)
        rect = pygame.Rect(
            box.right - bw - round(24 * self.u), box.bottom - bh - round(18 * self.u), bw, bh
        )
        self.button(rect, tr("common.close"), self.back, "primary")
        self.focus.restore(0)


TIP_FONT = 13  # the theme's tool_tip.text_box font size (assets/theme.json), before ui_scale
TIP_TEXT = 320  # a tooltip line's width in pixels, before ui_scale


class Stepper:
    """◀ value ▶: one of several options. The arrows step (wrapping only when ``wrap``), a click
    on the value steps forward. ``on_change(value)`` returns False to refuse the new value.
    ``tips`` gives some values a line the pointer resting on the value shows (a tooltip)."""

    def __init__(
        self,
        scene: UIScene,
        rect: pygame.Rect,
        options: Sequence[tuple[str, object]],
        value: object,
        on_change: Callable[[object], bool],
        wrap: bool = True,
        tips: Mapping[Any, str] | None = None,
    ) -> None:
        self.options = list(options)
        values = [v for _, v in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.wrap = wrap
        self.tips = dict(tips or {})
        self.u = scene.u
        side = rect.h
        left = pygame.Rect(rect.x, rect.y, side, rect.h)
        right = pygame.Rect(rect.right - side, rect.y, side, rect.h)
        middle = pygame.Rect(left.right + 4, rect.y, right.x - left.right - 8, rect.h)
        self.left = scene.button(left, "◀", lambda: self.step(-1), focus=False)
        self.value = scene.button(middle, self._label(), lambda: self.step(1), focus=False)
        self.right = scene.button(right, "▶", lambda: self.step(1), focus=False)
        scene.focus.add(Focusable(self.value, step=self.step))
        self._arrows()
        self._tip()

    def _label(self) -> str:
        return self.options[self.index][0]

    def _arrows(self) -> None:
        if self.wrap:
            return
        arrows: list[tuple[Any, bool]] = [
            (self.left, self.index > 0),
            (self.right, self.index < len(self.options) - 1),
        ]
        for button, ok in arrows:
            (button.enable if ok else button.disable)()

    def step(self, delta: int) -> None:
        new = self.index + delta
        if self.wrap:
            new %= len(self.options)
        if not 0 <= new < len(self.options) or new == self.index:
            return
        if self.on_change(self.options[new][1]) is False:
            return
        self.index = new
        self.value.set_text(self._label())
        self._arrows()
        self._tip()

    def _tip(self) -> None:
        """The value's tooltip, wrapped here: pygame_gui's own wrap lets a line's last letters
        run under the box's right edge (seen in French), so the lines are broken at
        ``TIP_TEXT`` pixels in the theme's tooltip font and the box is wider than them."""
        if not self.tips:
            return
        text = self.tips.get(self.options[self.index][1])
        if text is None:
            self.value.set_tooltip(None)
            return
        lines = wrap(text, font(max(6, round(TIP_FONT * self.u))), round(TIP_TEXT * self.u))
        html = "<br>".join(escape(line, quote=False) for line in lines)
        self.value.set_tooltip(html, wrap_width=round((TIP_TEXT + 40) * self.u))
