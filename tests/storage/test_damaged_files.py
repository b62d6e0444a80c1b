"""Issue 5's promise: garbage in every user file never stops the game; each is set aside."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

GARBAGE = {
    "settings.json": b"\x00\xff{{{ not json",
    "saves/autosave.json": b'{"schema": 1, "match": {"format": "carioca-session", "game": 7}}',
    "stats.json": b"[1, 2, 3]",
}


def test_autoplay_sets_garbage_aside_and_writes_valid_settings(tmp_path: Path) -> None:
    for name, data in GARBAGE.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    env = {**os.environ, "CARIOCA_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy"}
    result = subprocess.run(
        [sys.executable, "-m", "carioca_desktop", "--autoplay", "--rounds", "1", "--seed", "4"],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    for name, data in GARBAGE.items():
        folder = (tmp_path / name).parent
        aside = list(folder.glob(Path(name).name + ".corrupt-*"))
        assert len(aside) == 1, (name, sorted(p.name for p in folder.iterdir()))
        assert aside[0].read_bytes() == data  # nothing lost: the original bytes are kept
    settings = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert settings["schema"] == 1
    assert not (tmp_path / "saves" / "autosave.json").exists()
