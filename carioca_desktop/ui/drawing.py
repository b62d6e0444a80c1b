"""Drawing helpers of the menu screens and overlays: the bundled font, text (fitted, in
pairs, in a notice box), panels, gold titles, soft shadows and card fans."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui import textfit, theme
from carioca_desktop.ui.theme import wrap as wrap  # re-exported for the scenes

if TYPE_CHECKING:
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
