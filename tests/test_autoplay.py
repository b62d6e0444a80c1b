"""`carioca --autoplay` end to end in a subprocess: it plays, saves two screenshots, exits 0."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame


def distinct_colours(path: Path) -> int:
    image = pygame.image.load(str(path))
    small = pygame.transform.scale(image, (160, 90))
    return len({tuple(small.get_at((x, y)))[:3] for x in range(160) for y in range(90)})


def test_autoplay_plays_a_round_and_saves_two_screenshots(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shot = tmp_path / "shot.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CARIOCA_HOME=str(home))
    command = [sys.executable, "-m", "carioca_desktop", "--autoplay", "--rounds", "1",
               "--seed", "5", "--screenshot", str(shot)]  # fmt: skip
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    end = tmp_path / "shot-end.png"
    for path in (shot, end):
        assert path.stat().st_size > 50_000
        assert distinct_colours(path) > 200  # a real table, not a blank window
        assert pygame.image.load(str(path)).get_size() == (1600, 900)
    # Autoplay never touches the player's files.
    assert not (home / "saves").exists() and not (home / "stats.json").exists()
