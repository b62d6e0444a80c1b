"""Headless checks of the card art, the icon files, the sound effects and the UI theme."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import json
import struct
import subprocess
import sys
import time
import warnings
import wave
from pathlib import Path
from typing import Any

import pygame
import pytest

from carioca_desktop.resources import asset
from carioca_desktop.ui import cardart, sounds
from carioca_desktop.ui.cardart import ALL_CODES, CardArt, felt, pretty, suit_symbol
from tests.fixtures.waiting import wait_until

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module", autouse=True)
def _pygame() -> None:
    pygame.font.init()


def _bytes(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def _count_near(surf: pygame.Surface, rgb: tuple[int, int, int], tol: int = 40) -> int:
    """Pixels whose colour is within `tol` of rgb on every channel (opaque ones only)."""
    data = _bytes(surf)
    n = 0
    for i in range(0, len(data), 4):
        r, g, b, a = data[i], data[i + 1], data[i + 2], data[i + 3]
        if a > 200 and abs(r - rgb[0]) <= tol and abs(g - rgb[1]) <= tol and abs(b - rgb[2]) <= tol:
            n += 1
    return n


# --- Cards -------------------------------------------------------------------------------------


def test_there_are_53_codes() -> None:
    assert len(ALL_CODES) == 53
    assert len(set(ALL_CODES)) == 53
    assert "10H" in ALL_CODES and "JK" in ALL_CODES


@pytest.mark.parametrize("width", [40, 110, 200])
def test_every_card_renders_at_the_right_size(width: int) -> None:
    art = CardArt(width)
    size = (width, round(width * 7 / 5))
    for code in ALL_CODES:
        surf = art.face(code)
        assert surf.get_size() == size, code
        assert surf.get_flags() & pygame.SRCALPHA, code
    assert art.back(0).get_size() == size
    assert art.back(1).get_size() == size
    assert art.marked("JK", "7H").get_size() == size
    assert art.marked("2C", "7").get_size() == size


def test_corners_are_transparent_and_centre_opaque() -> None:
    art = CardArt(110)
    surf = art.face("5S")
    assert surf.get_at((0, 0)).a == 0
    assert surf.get_at((55, 77)).a == 255


def test_four_colour_changes_diamonds_and_clubs_only() -> None:
    two, four = CardArt(110), CardArt(110, four_colour=True)
    assert _bytes(two.face("7H")) == _bytes(four.face("7H"))
    assert _bytes(two.face("7S")) == _bytes(four.face("7S"))
    assert _bytes(two.face("7D")) != _bytes(four.face("7D"))
    assert _bytes(two.face("7C")) != _bytes(four.face("7C"))
    assert _count_near(four.face("7D"), cardart.BLUE) > 100
    assert _count_near(four.face("7D"), cardart.RED) == 0
    assert _count_near(four.face("7C"), cardart.GREEN) > 100


def test_marked_joker_differs_in_the_index_corner() -> None:
    art = CardArt(110)
    corner = pygame.Rect(0, 0, round(art.width * 0.3), round(art.height * 0.3))
    plain = art.face("JK").subsurface(corner)
    marked = art.marked("JK", "7H").subsurface(corner)
    assert _bytes(plain) != _bytes(marked)
    # The badge names a heart: red ink appears where the plain joker has none.
    assert _count_near(marked, cardart.RED) > _count_near(plain, cardart.RED)


def test_marked_wild_two_and_rank_only() -> None:
    art = CardArt(110)
    assert _bytes(art.marked("2C", "9D")) != _bytes(art.face("2C"))
    assert _bytes(art.marked("JK", "7")) != _bytes(art.marked("JK", "7H"))


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


@pytest.mark.parametrize("width", [24, 40, 56, 72, 96, 130, 180])
def test_the_index_suit_never_touches_the_rank(width: int) -> None:
    """The pip sits below the rank's ink, with clear rows between: the J's hook (under the
    baseline) stays visible instead of the J reading as a "!"."""
    art = CardArt(width)
    for rank in RANKS:
        index = art._index(rank, "H", cardart.suit_colour("H"))
        glyph = cardart.base._rank(rank, art._px(cardart.RANK_CAP), cardart.suit_colour("H"))
        ink = glyph.get_bounding_rect()
        rows = [
            any(index.get_at((x, y)).a > 40 for x in range(index.get_width()))
            for y in range(index.get_height())
        ]
        gap = [y for y in range(ink.bottom, len(rows)) if not rows[y]]
        assert gap and gap[0] == ink.bottom, f"{rank} at {width}: the pip touches the rank"
        assert any(rows[gap[-1] + 1 :]), f"{rank} at {width}: no pip below the rank"


@pytest.mark.parametrize("width", [24, 40, 56, 60, 72, 96, 130, 180])
def test_every_index_ends_within_the_strip_a_hand_may_show(width: int) -> None:
    """The "10" is no wider than the other indices, so an overlap step of INDEX_RIGHT shows
    every index whole and none peeks through the next card's rounded corner."""
    art = CardArt(width)
    for rank in RANKS:
        index = art._index(rank, "S", cardart.suit_colour("S"))
        x, _ = art._index_origin(index)
        right = x + index.get_bounding_rect().right
        assert right <= cardart.INDEX_RIGHT * width + 1, f"{rank} at {width}: ends at {right}"


def test_surfaces_are_cached() -> None:
    art = CardArt(90)
    assert art.face("QS") is art.face("QS")
    assert art.back(1) is art.back(1)
    assert art.marked("JK", "6H") is art.marked("JK", "6H")
    assert art.shadow() is art.shadow()
    assert art.highlight("gold") is art.highlight("gold")
    assert art.highlight("green") is not art.highlight("red")


def test_shadow_and_highlight_are_larger_than_the_card() -> None:
    art = CardArt(110)
    dx, dy = art.highlight_offset
    assert art.highlight((10, 200, 30)).get_size() == (art.width - 2 * dx, art.height - 2 * dy)
    assert art.shadow().get_width() > art.width
    # The glow leaves the card itself visible.
    glow = art.highlight("gold")
    assert glow.get_at((-dx + art.width // 2, -dy + art.height // 2)).a == 0


def test_full_deck_renders_fast() -> None:
    start = time.process_time()  # CPU time: a loaded machine's wall clock says little
    art = CardArt(110)
    for code in ALL_CODES * 2 + ("JK", "JK", "JK", "JK"):
        art.face(code)
    art.back(0)
    art.back(1)
    assert time.process_time() - start < 1.0


def test_bad_codes_are_rejected() -> None:
    with pytest.raises(ValueError):
        CardArt(110).face("1X")
    with pytest.raises(ValueError):
        CardArt(4)


def test_labels() -> None:
    assert suit_symbol("H") == "♥"
    assert pretty("10H") == "10♥"
    assert pretty("QS") == "Q♠"
    assert pretty("JK") == "Joker"


def test_felt() -> None:
    surf = felt((320, 180))
    assert surf.get_size() == (320, 180)
    assert felt((320, 180)) is surf
    assert felt((320, 180), high_contrast=True).get_size() == (320, 180)
    r, g, b, _ = surf.get_at((160, 90))
    assert g > r and g > b  # green


@pytest.mark.parametrize("high_contrast", [False, True])
def test_the_felts_light_and_shade_blit_in_its_own_format(
    monkeypatch: pytest.MonkeyPatch, high_contrast: bool
) -> None:
    """The glow and the vignette are laid over the whole window at each new size: in the
    felt's own byte order their blits take the fast path (an RGBA picture took pygame's
    per-pixel path, 30-180 ms each), and the felt's pixels are those of the RGBA pictures."""
    from carioca_desktop.ui.cardart import table_felt

    size = (333, 211)
    fast = table_felt._draw_felt(size, high_contrast)
    for layer in (table_felt._glow(size), table_felt._vignette(size, 150)):
        assert layer.get_masks()[:3] == fast.get_masks()[:3]
        assert layer.get_flags() & pygame.SRCALPHA
    ramp = table_felt._ramp

    def as_rgba(*args: Any) -> pygame.Surface:
        picture = ramp(*args)
        return pygame.image.frombytes(
            pygame.image.tobytes(picture, "RGBA"), picture.get_size(), "RGBA"
        )

    monkeypatch.setattr(table_felt, "_ramp", as_rgba)
    assert _bytes(table_felt._draw_felt(size, high_contrast)) == _bytes(fast)


# --- Icon ----------------------------------------------------------------------------------------


def test_icon_pngs() -> None:
    for name, side in (("carioca.png", 256), ("carioca-512.png", 512)):
        path = asset("icons", name)
        assert path.read_bytes()[:8] == PNG_SIGNATURE
        assert pygame.image.load(str(path)).get_size() == (side, side)


def test_icon_ico() -> None:
    data = asset("icons", "carioca.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind, count) == (0, 1, 6)
    sizes = []
    for i in range(count):
        w, h, _, _, planes, bpp, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert planes == 1 and bpp == 32
        assert offset + length <= len(data)
        assert data[offset : offset + 8] == PNG_SIGNATURE
        sizes.append(w or 256)
        assert h == w
    assert sorted(sizes) == [16, 32, 48, 64, 128, 256]


def test_icon_icns() -> None:
    data = asset("icons", "carioca.icns").read_bytes()
    assert data[:4] == b"icns"
    assert struct.unpack_from(">I", data, 4)[0] == len(data)
    pos, kinds = 8, []
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack_from(">I", data, pos + 4)[0]
        assert data[pos + 8 : pos + 16] == PNG_SIGNATURE
        kinds.append(kind)
        pos += length
    assert pos == len(data)
    assert kinds == [b"ic07", b"ic08", b"ic09", b"ic10"]


def test_desktop_entry() -> None:
    text = asset("icons", "carioca.desktop").read_text(encoding="utf-8")
    for line in (
        "[Desktop Entry]",
        "Name=Carioca",
        "Exec=carioca",
        "Icon=carioca",
        "Categories=Game;CardGame;",
    ):
        assert line in text.splitlines()
    assert "Comment=" in text and "Comment[es]=" in text


# --- Sounds --------------------------------------------------------------------------------------


def test_wavs_have_the_documented_format() -> None:
    """(That each is what tools/art/synth.py writes: `python tools/art/synth.py --check`.)"""
    for name in sounds.NAMES:
        path = asset("sounds", f"{name}.wav")
        assert path.stat().st_size < 60_000, name
        with wave.open(str(path), "rb") as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 44100)
            assert w.getnframes() > 0


def test_sounds_are_a_no_op_without_an_audio_driver() -> None:
    code = (
        "from carioca_desktop.ui.sounds import Sounds, init_audio\n"
        "import pygame\n"
        "assert init_audio() is False\n"
        "pygame.init()\n"
        "s = Sounds(0.5, False)\n"
        "for n in ('deal', 'draw', 'place', 'discard', 'refuse', 'round_end', 'click', 'nope'):\n"
        "    s.play(n)\n"
        "s.set_volume(2.0); s.set_muted(True); s.play('deal')\n"
        "print('available', s.available, s.volume)\n"
    )
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-driver", PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "available False 1.0" in out.stdout


# --- Theme ---------------------------------------------------------------------------------------


def test_theme_json_is_valid() -> None:
    data = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    for cls in ("@title", "@subtitle", "@small", "@toast", "@primary"):
        assert cls in data


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_make_manager_builds_without_font_warnings(scale: float) -> None:
    import pygame_gui
    from pygame_gui.core import ObjectID

    from carioca_desktop.ui.theme import make_manager

    pygame.display.init()
    screen = pygame.display.set_mode((640, 400))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        manager = make_manager((640, 400), ui_scale=scale)
        pygame_gui.elements.UILabel(
            pygame.Rect(0, 0, 600, 60),
            "Ronda 2 · 1 trío ♥",
            manager,
            object_id=ObjectID(class_id="@title"),
        )
        pygame_gui.elements.UIButton(
            pygame.Rect(0, 80, 200, 50),
            "Bajarse ♠",
            manager,
            object_id=ObjectID(class_id="@primary"),
        )
        pygame_gui.elements.UITextBox(
            "<b>Beto</b> botó el 8♣", pygame.Rect(0, 140, 300, 80), manager
        )
        manager.update(0.01)
        manager.draw_ui(screen)
    font_warnings = [w for w in caught if "font" in str(w.message).lower()]
    assert not font_warnings, [str(w.message) for w in font_warnings]


def test_the_popup_class_is_opaque() -> None:
    """Confirmation popups (class "@popup") hide the melds under their text."""
    theme = json.loads(asset("theme.json").read_text(encoding="utf-8"))
    colour = theme["@popup"]["colours"]["dark_bg"]
    assert len(colour) == 7 or colour.upper().endswith("FF")


def test_a_felt_kept_on_disk_is_the_felt_drawn(tmp_path: Path) -> None:
    from carioca_desktop.ui import picturecache

    picturecache.set_folder(tmp_path)
    try:
        cardart.felt.cache_clear()
        drawn = felt((333, 211), True)
        wait_until(lambda: list(tmp_path.glob("felt-*.px")), what="the felt written")
        cardart.felt.cache_clear()
        kept = felt((333, 211), True)
        assert kept is not drawn
        assert pygame.image.tobytes(kept, "RGB") == pygame.image.tobytes(drawn, "RGB")
        kept.fill((1, 2, 3), pygame.Rect(0, 0, 4, 4))  # drawing on it is safe
        [file] = tmp_path.glob("felt-*.px")
        file.write_bytes(file.read_bytes()[:-1])  # a torn file is drawn again, not shown
        cardart.felt.cache_clear()
        again = felt((333, 211), True)
        assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(drawn, "RGB")
    finally:
        picturecache.set_folder(None)
        cardart.felt.cache_clear()


def test_a_picture_with_alpha_is_kept_exactly(tmp_path: Path) -> None:
    from carioca_desktop.ui import picturecache

    picturecache.set_folder(tmp_path)
    try:
        art = CardArt(90)
        drawn = picturecache.kept("shadow", 90, art.shadow, alpha=True)
        wait_until(lambda: list(tmp_path.glob("shadow-*.px")), what="the shadow written")
        kept = picturecache.kept("shadow", 90, lambda: pytest.fail("drawn again"), alpha=True)
        assert kept.get_flags() & pygame.SRCALPHA and kept.get_size() == drawn.get_size()
        assert pygame.image.tobytes(kept, "RGBA") == pygame.image.tobytes(drawn, "RGBA")
    finally:
        picturecache.set_folder(None)
