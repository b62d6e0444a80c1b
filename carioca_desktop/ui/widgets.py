"""Shared pieces of the menu screens: a scene base with its own layer and picture, keyboard
focus, the ◀ value ▶ stepper, and drawing helpers (panels, gold titles, text, card fans)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIImage

from carioca_desktop.ui import diskcache, textfit, theme
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.theme import wrap as wrap  # re-exported for the scenes

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App
    from carioca_desktop.ui.cardart import CardArt

RGB = tuple[int, int, int]
SHADOW: RGB = (4, 18, 10)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu (bold) at ``size`` px, cached."""
    return theme.ui_font(max(6, size), bold)


def draw_text(
    surf: pygame.Surface,
    text: str,
    fnt: pygame.font.Font,
    pos: tuple[float, float],
    colour: RGB = theme.TEXT,
    anchor: str = "topleft",
    shadow: bool = True,
) -> pygame.Rect:
    """Blit one line with a soft drop shadow; ``anchor`` is a pygame.Rect attribute name."""
    image = textfit.render(fnt, text, colour)
    rect = image.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
    if shadow:
        shade = textfit.render(fnt, text, SHADOW)
        shade.set_alpha(150)
        off = max(1, fnt.get_height() // 16)
        surf.blit(shade, rect.move(off, off))
    surf.blit(image, rect)
    return rect


def fit(text: str, fnt: pygame.font.Font, width: int) -> str:
    """The text, shortened with an ellipsis if wider than ``width`` (by bisection)."""
    return textfit.font_fit(text, fnt, width)


def pairs(
    surf: pygame.Surface | None,
    rows: Sequence[tuple[str, str]],
    rect: pygame.Rect,
    fnt: pygame.font.Font,
    label_w: int,
    bands: bool = False,
) -> int:
    """Label / value rows, each wrapped in its column, until ``rect`` is full; returns the y
    below the last row (with ``surf`` None it only measures)."""
    y, line = rect.y, fnt.get_linesize()
    for i, (label, value) in enumerate(rows):
        left, right = wrap(label, fnt, label_w - 14), wrap(value, fnt, rect.w - label_w)
        height = max(len(left), len(right)) * line + 6
        if y + height > rect.bottom:
            break
        if surf is not None:
            if bands and i % 2 == 0:
                band = pygame.Rect(rect.x - 6, y, rect.w + 12, height)
                pygame.draw.rect(surf, (255, 255, 255, 10), band, 0, 4)
            for j, text in enumerate(left):
                draw_text(surf, text, fnt, (rect.x, y + 3 + j * line), theme.TEXT_DIM, shadow=False)
            for j, text in enumerate(right):
                draw_text(surf, text, fnt, (rect.x + label_w, y + 3 + j * line), shadow=False)
        y += height
    return y


def notice_box(
    surf: pygame.Surface | None, messages: Sequence[str], rect: pygame.Rect, size: int
) -> pygame.Rect:
    """Messages in an amber box with a gold edge, ``rect.w`` wide at ``rect.topleft``; returns
    the box (with ``surf`` None it only measures). Room is left on the right for a ✕."""
    fnt = font(size, bold=True)
    lines = [line for m in messages for line in wrap(m, fnt, rect.w - 90)]
    box = pygame.Rect(rect.x, rect.y, rect.w, len(lines) * fnt.get_linesize() + 30)
    if surf is not None:
        layer = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*theme.TOAST, 238), layer.get_rect(), 0, 12)
        pygame.draw.rect(layer, (*theme.GOLD, 255), layer.get_rect(), 2, 12)
        surf.blit(layer, box)
        for i, line in enumerate(lines):
            draw_text(surf, line, fnt, (box.x + 24, box.y + 15 + i * fnt.get_linesize()))
    return box


def panel(
    surf: pygame.Surface,
    rect: pygame.Rect,
    alpha: int = theme.PANEL_ALPHA,
    border: RGB | None = None,
    radius: int = 14,
) -> None:
    """A translucent dark-green rounded panel with a soft shadow and a hairline (gold) edge."""
    layer = pygame.Surface((rect.w + 24, rect.h + 24), pygame.SRCALPHA)
    for i, a in enumerate((18, 26, 36)):
        pygame.draw.rect(
            layer, (0, 0, 0, a), pygame.Rect(12 - 6 + 2 * i, 12 + 2 * i, rect.w, rect.h), 0, radius
        )
    body = pygame.Rect(12, 12, rect.w, rect.h)
    pygame.draw.rect(layer, (*theme.PANEL, alpha), body, 0, radius)
    pygame.draw.line(
        layer, (255, 255, 255, 22), (body.x + radius, body.y + 1), (body.right - radius, body.y + 1)
    )
    edge = (*border, 230) if border else (255, 255, 255, 26)
    pygame.draw.rect(layer, edge, body, 2 if border else 1, radius)
    surf.blit(layer, (rect.x - 12, rect.y - 12))


def gold_title(text: str, size: int, width: int = 0) -> pygame.Surface:
    """Big bold text in a vertical gold gradient, with a dark drop shadow; made smaller if
    needed to fit ``width`` (when given)."""
    fnt = font(size, bold=True)
    while width and size > 12 and fnt.size(text)[0] > width:
        size -= 2
        fnt = font(size, bold=True)
    mask = textfit.render(fnt, text, (255, 255, 255))
    w, h = mask.get_size()
    grad = pygame.Surface((w, h), pygame.SRCALPHA)
    top, mid, low = pygame.Color(255, 236, 160), pygame.Color(236, 188, 72), (170, 118, 30)
    for y in range(h):
        t = y / max(1, h - 1)
        c = top.lerp(mid, t * 2) if t < 0.5 else mid.lerp(low, t * 2 - 1)
        pygame.draw.line(grad, c, (0, y), (w, y))
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    off = max(2, size // 24)
    pad = off * 4
    out = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    out.blit(soft_shadow(mask, pad), (off, off * 2))
    out.blit(grad, (pad, pad))
    return out


def soft_shadow(mask: pygame.Surface, pad: int, alpha: int = 190) -> pygame.Surface:
    """A blurred dark copy of a shape (its alpha), ``pad`` px larger on every side."""
    w, h = mask.get_size()
    shade = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    dark = mask.copy()
    dark.fill((*SHADOW, 255), special_flags=pygame.BLEND_RGBA_MIN)
    shade.blit(dark, (pad, pad))
    small = pygame.transform.smoothscale(
        shade, (max(1, shade.get_width() // 4), max(1, shade.get_height() // 4))
    )
    shade = pygame.transform.smoothscale(small, shade.get_size())
    shade.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return shade


def card_fan(art: CardArt, faces: Sequence[pygame.Surface], spread: float = 60) -> pygame.Surface:
    """Cards fanned like a hand held up, with shadows; the fan's pivot is below its middle."""
    n = len(faces)
    radius = art.height * 1.9
    pivot_y = radius + art.height
    side = int(radius + art.height * 1.4) * 2
    canvas = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = pygame.Vector2(side / 2, pivot_y)
    shadow = art.shadow()
    drawn: list[pygame.Rect] = []
    for i, face in enumerate(faces):
        angle = spread * ((i / (n - 1)) - 0.5) if n > 1 else 0.0
        offset = pygame.Vector2(0, -radius).rotate(angle)
        for image, (dx, dy) in ((shadow, (art.width * 0.05, art.width * 0.08)), (face, (0, 0))):
            turned = pygame.transform.rotozoom(image, -angle, 1.0)
            where = centre + offset + pygame.Vector2(dx, dy)
            drawn.append(
                canvas.blit(turned, turned.get_rect(center=(round(where.x), round(where.y))))
            )
    # The union of what was drawn: scanning the big canvas for opaque pixels costs more.
    box = drawn[0].unionall(drawn[1:]).clip(canvas.get_rect())
    return canvas.subsurface(box).copy()


# ----------------------------------------------------------------------------- scene base
@lru_cache(maxsize=2)
def felt_picture(size: tuple[int, int], high_contrast: bool) -> pygame.Surface:
    """The felt with an alpha channel, in the display's format when there is a display: what
    a scene's picture starts from (never draw on it; copy it)."""

    def draw() -> pygame.Surface:
        from carioca_desktop.ui.cardart import felt  # only when no kept picture has it

        plain = felt(size, high_contrast)
        if pygame.display.get_surface() is not None:
            return plain.convert_alpha()
        picture = pygame.Surface(size, pygame.SRCALPHA)
        picture.blit(plain, (0, 0))
        return picture

    # Kept on disk as it is: the menu's first frame then needs neither the felt nor a
    # whole-window conversion.
    return diskcache.kept("felt-picture", (size, high_contrast), draw, alpha=True)


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


@dataclass
class Focusable:
    """One stop of the keyboard focus: what to highlight and what the keys do there."""

    element: Any
    activate: Callable[[], object] | None = None
    step: Callable[[int], None] | None = None


class FocusRing:
    """Tab / ↑ ↓ move between stops, Enter or Space activates, ← → step a value."""

    def __init__(self) -> None:
        self.items: list[Focusable] = []
        self.index = -1

    def add(self, item: Focusable) -> Focusable:
        self.items.append(item)
        return item

    def move(self, delta: int) -> None:
        if not self.items:
            return
        self._show(False)
        start = self.index if self.index >= 0 else (-1 if delta > 0 else 0)
        self.index = (start + delta) % len(self.items)
        self._show(True)

    def restore(self, index: int) -> None:
        """After a rebuild: focus the same stop again (if it was focused)."""
        if 0 <= index < len(self.items):
            self.index = index
            self._show(True)

    @property
    def current(self) -> Focusable | None:
        return self.items[self.index] if 0 <= self.index < len(self.items) else None

    def _show(self, on: bool) -> None:
        item = self.current
        if item is None or not item.element.alive():
            return
        element: Any = item.element  # pygame_gui's methods are untyped
        if isinstance(element, pygame_gui.elements.UITextEntryLine):
            getattr(element, "focus" if on else "unfocus")()
        elif hasattr(element, "select"):
            getattr(element, "select" if on else "unselect")()

    def handle_key(self, event: pygame.event.Event) -> bool:
        item = self.current
        typing = (
            item is not None
            and getattr(item.element, "is_focused", False)
            and isinstance(item.element, pygame_gui.elements.UITextEntryLine)
        )
        key = event.key
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if key == pygame.K_DOWN else -1)
        elif typing:
            return False
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and item:
            if item.activate:
                item.activate()
            elif item.step:
                item.step(1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and item and item.step:
            item.step(1 if key == pygame.K_RIGHT else -1)
        else:
            return False
        return True


class UIScene(Scene):
    """A screen of pygame_gui widgets over a picture drawn with pygame.

    Its widgets sit above every widget already on screen (a table below never shows through).
    Subclasses implement ``build()`` (make widgets with ``self.button`` etc., placed by
    ``self.size`` and ``self.k``) and ``paint(surface)`` (the picture; call ``self.repaint()``
    when it changes). Widgets are rebuilt on resize and resume, so ``build`` must read state
    kept on the scene. Esc calls ``back()``.
    """

    dim_alpha = 150  # overlays: how much the scene below is darkened

    def __init__(self, app: App) -> None:
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
        """Scale of hand-drawn things: 1.0 at 1600×900."""
        w, h = self.size
        return max(0.6, min(1.7, min(w / 1600, h / 900)))

    @property
    def t(self) -> float:
        """Scale of hand-drawn text: like ``k``, but never too small to read."""
        return max(0.82, self.k)

    @property
    def u(self) -> float:
        """Scale of widgets: the player's UI scale (the theme's fonts grow with it)."""
        return float(self.app.settings.ui_scale)

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
        between runs as one picture (diskcache), read back in one go. None: painted anew."""
        return None

    def paint_over(self, surface: pygame.Surface) -> None:
        """What is drawn on the picture every time, over a kept one (short-lived notices)."""

    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is None or not self._stale:
            return
        key = self.kept_key() if self.opaque else None
        if key is not None:
            high_contrast = bool(self.app.settings.high_contrast)
            picture = diskcache.kept(
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
        self.elements.append(element)
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


class Stepper:
    """◀ value ▶: one of several options. The arrows step (wrapping only when ``wrap``), a click
    on the value steps forward. ``on_change(value)`` returns False to refuse the new value."""

    def __init__(
        self,
        scene: UIScene,
        rect: pygame.Rect,
        options: Sequence[tuple[str, object]],
        value: object,
        on_change: Callable[[object], bool],
        wrap: bool = True,
    ) -> None:
        self.options = list(options)
        values = [v for _, v in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.wrap = wrap
        side = rect.h
        left = pygame.Rect(rect.x, rect.y, side, rect.h)
        right = pygame.Rect(rect.right - side, rect.y, side, rect.h)
        middle = pygame.Rect(left.right + 4, rect.y, right.x - left.right - 8, rect.h)
        self.left = scene.button(left, "◀", lambda: self.step(-1), focus=False)
        self.value = scene.button(middle, self._label(), lambda: self.step(1), focus=False)
        self.right = scene.button(right, "▶", lambda: self.step(1), focus=False)
        scene.focus.add(Focusable(self.value, step=self.step))
        self._arrows()

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
