"""The app icon, drawn with the game's own cards (a dev tool, not shipped): rewrites assets/icons/.

`python tools/art/icon.py [FOLDER]` writes carioca.png (256 px), carioca-512.png,
carioca.ico (PNG payloads at 16-256 px, valid on Windows Vista and later), carioca.icns (PNG
payloads ic07-ic10, 128-1024 px) and the Linux desktop entry carioca.desktop.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run as a file: the repo root

import pygame

from carioca_desktop.ui.cardart import SS, CardArt

ICO_SIZES: tuple[int, ...] = (16, 32, 48, 64, 128, 256)
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
)

DESKTOP_ENTRY = """[Desktop Entry]
Type=Application
Version=1.5
Name=Carioca
GenericName=Card Game
GenericName[es]=Juego de cartas
Comment=Play Carioca, the Chilean contract rummy, against computer opponents
Comment[es]=Juega Carioca, el rummy chileno de contratos, contra rivales de la computadora
Exec=carioca
Icon=carioca
Terminal=false
Categories=Game;CardGame;
Keywords=cards;rummy;carioca;contract;
Keywords[es]=cartas;naipes;rummy;carioca;
"""

TILE_TOP = (44, 138, 82)
TILE_BOTTOM = (14, 70, 40)


def _tile(size: int) -> pygame.Surface:
    """The rounded green square, lit from the top, with a faint light rim."""
    margin = round(size * 0.04)
    side = size - 2 * margin
    grad = pygame.Surface((1, side))
    for y in range(side):
        t = y / max(1, side - 1)
        grad.set_at(
            (0, y), [round(a + (b - a) * t) for a, b in zip(TILE_TOP, TILE_BOTTOM, strict=True)]
        )
    body = _rgba(pygame.transform.scale(grad, (side, side)))
    mask = _rounded(side, round(side * 0.2), (255, 255, 255))
    body.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    rim = _rounded(side, round(side * 0.2), (120, 210, 150), ring=max(1, round(side * 0.012)))
    body.blit(rim, (0, 0))
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    out.fill((0, 0, 0, 0))
    out.blit(body, (margin, margin))
    return out


def _rgba(surf: pygame.Surface) -> pygame.Surface:
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(surf, (0, 0))
    return out


def _rounded(side: int, radius: int, colour: tuple[int, int, int], ring: int = 0) -> pygame.Surface:
    """An antialiased rounded square (or just its outline of width `ring`)."""
    canvas = pygame.Surface((side * SS, side * SS), pygame.SRCALPHA)
    canvas.fill((*colour, 0))
    alpha = 70 if ring else 255
    pygame.draw.rect(
        canvas, (*colour, alpha), canvas.get_rect(), ring * SS, border_radius=radius * SS
    )
    return pygame.transform.smoothscale(canvas, (side, side))


def _card(art: CardArt, code: str, angle: float) -> tuple[pygame.Surface, pygame.Surface]:
    """A turned card and its turned shadow; rotozoom filters, so edges stay smooth."""
    face, shadow = art.face(code), art.shadow()
    return pygame.transform.rotozoom(face, angle, 1), pygame.transform.rotozoom(shadow, angle, 1)


def draw_icon(size: int) -> pygame.Surface:
    """The icon at `size` px: a joker fanned behind the A♥ on the green tile.

    At 32 px and below only the A♥ is drawn, larger: two cards would blur into one blob.
    """
    work = size * 2 if size < 256 else size  # small sizes: draw bigger, shrink = antialiased
    out = _tile(work)
    small = size <= 32
    art = CardArt(round(work * (0.6 if small else 0.46)))
    cx, cy = work / 2, work * (0.5 if small else 0.53)
    fan = (("AH", -6, 0.0),) if small else (("JK", 13, -0.12), ("AH", -9, 0.11))
    for code, angle, dx in fan:
        card, shadow = _card(art, code, angle)
        centre = (cx + dx * work, cy)
        out.blit(shadow, shadow.get_rect(center=(centre[0], centre[1] + work * 0.02)))
        out.blit(card, card.get_rect(center=centre))
    return out if work == size else pygame.transform.smoothscale(out, (size, size))


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file whose entries are PNG images (width/height byte 0 means 256)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, payload = b"", b""
    for s in sizes:
        data = images[s]
        entries += struct.pack("<BBBBHHII", s % 256, s % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
        payload += data
    return header + entries + payload


def icns_bytes(images: dict[bytes, bytes]) -> bytes:
    """An ICNS file: 'icns', total length, then (type, length incl. 8-byte header, PNG) blocks."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in images.items())
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def write_all(folder: Path) -> list[Path]:
    """Render every size once and write all icon files and the desktop entry into `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    sizes = sorted(set(ICO_SIZES) | {s for _, s in ICNS_TYPES} | {512})
    pngs = {s: png_bytes(draw_icon(s)) for s in sizes}
    files = {
        "carioca.png": pngs[256],
        "carioca-512.png": pngs[512],
        "carioca.ico": ico_bytes({s: pngs[s] for s in ICO_SIZES}),
        "carioca.icns": icns_bytes({kind: pngs[s] for kind, s in ICNS_TYPES}),
        "carioca.desktop": DESKTOP_ENTRY.encode("utf-8"),
    }
    written = []
    for name, data in files.items():
        path = folder / name
        path.write_bytes(data)
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if args:
        folder = Path(args[0])
    else:
        from carioca_desktop.resources import asset

        folder = asset("icons")
    pygame.font.init()
    for path in write_all(folder):
        print(f"{path}  {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
