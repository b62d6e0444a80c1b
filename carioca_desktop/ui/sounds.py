"""Sound effects that never stop the game: with no audio device every call is a silent no-op.

Call `init_audio()` BEFORE `pygame.init()`: pygame.init() opens the mixer with its own defaults
(stereo), and once open its format can no longer be chosen. `init_audio` asks for 44.1 kHz,
16-bit mono with a small buffer, which is what the bundled WAVs are, so they play without
conversion and with little latency. `Sounds` calls it itself if the mixer is not open yet.

Sound names: deal, draw, place, discard, refuse, round_end, click (`NAMES`).
"""

from __future__ import annotations

import contextlib
import logging
import os

import pygame

from carioca_desktop.resources import asset

NAMES: tuple[str, ...] = ("deal", "draw", "place", "discard", "refuse", "round_end", "click")

log = logging.getLogger(__name__)

_no_device = False  # set once opening the mixer failed: trying again costs ~0.1 s each time


def init_audio() -> bool:
    """Open the mixer as 44.1 kHz 16-bit mono; False (and no exception) without a device.

    Safe to call more than once, and before or after `pygame.init()`; only a call made before
    it chooses the format. After a failure it does not try again, and leaves pygame.init()
    the silent driver.
    """
    global _no_device
    if pygame.mixer.get_init():
        return True
    if _no_device:
        return False
    try:
        pygame.mixer.pre_init(44100, -16, 1, 512)
        pygame.mixer.init()
    except (pygame.error, NotImplementedError, OSError) as exc:
        # No sound card, a headless machine, or SDL_AUDIODRIVER naming a missing driver.
        log.info("sound disabled: %s", exc)
        _no_device = True
        # pygame.init() would probe the missing device once more (~0.1 s of ALSA errors on a
        # machine without sound); unless the user chose a driver, the silent one answers.
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        return False
    return bool(pygame.mixer.get_init())


class Sounds:
    """Loads the effects once and plays them by name at the chosen volume."""

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self._muted = muted
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = init_audio()
        if self.available:
            self._load()

    @property
    def volume(self) -> float:
        return self._volume

    @property
    def muted(self) -> bool:
        return self._muted

    def play(self, name: str) -> None:
        """Play one effect; unknown names and any mixer trouble are ignored."""
        if self._muted:
            return
        sound = self._sounds.get(name)
        if sound is None:
            return
        with contextlib.suppress(pygame.error):  # the device went away mid-game
            sound.play()

    def set_volume(self, v: float) -> None:
        self._volume = _clamp(v)
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def set_muted(self, m: bool) -> None:
        self._muted = m
        if m and self.available:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def _load(self) -> None:
        for name in NAMES:
            try:
                sound = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            except (pygame.error, FileNotFoundError) as exc:
                log.warning("sound %s not loaded: %s", name, exc)
                continue
            sound.set_volume(self._volume)
            self._sounds[name] = sound


def _clamp(v: float) -> float:
    return max(0.0, min(1.0, float(v)))
