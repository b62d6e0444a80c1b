"""Where settings, the autosave, statistics and logs live on this computer."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "carioca"
HOME_ENV = "CARIOCA_HOME"


@dataclass(frozen=True)
class Paths:
    """The files storage reads and writes; folders are created only when something is written."""

    settings_file: Path
    autosave_file: Path
    stats_file: Path
    logs_dir: Path

    @classmethod
    def under(cls, root: Path) -> Paths:
        """Everything in one folder: the layout used for ``CARIOCA_HOME`` and in tests."""
        return cls(
            settings_file=root / "settings.json",
            autosave_file=root / "saves" / "autosave.json",
            stats_file=root / "stats.json",
            logs_dir=root / "logs",
        )


def default_paths() -> Paths:
    """The paths for this run, read from the environment now (not at import time)."""
    home = os.environ.get(HOME_ENV, "")
    if home:
        # Absolute now, so a later chdir cannot move the player's files.
        return Paths.under(Path(home).expanduser().absolute())
    # The file names differ because Windows and macOS fold config and data into one folder.
    config = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
    data = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    logs = Path(platformdirs.user_log_dir(APP_NAME, appauthor=False))
    return Paths(
        settings_file=config / "settings.json",
        autosave_file=data / "saves" / "autosave.json",
        stats_file=data / "stats.json",
        logs_dir=logs,
    )


def cache_dir(paths: Paths) -> Path:
    """Where rebuildable files go (the table felt, pre-drawn): the platform's cache folder for
    the platform's own paths, else a ``cache`` folder beside the settings (``CARIOCA_HOME``,
    tests), so a run under a folder of its own never writes anywhere else."""
    if not os.environ.get(HOME_ENV, "") and paths == default_paths():
        return Path(platformdirs.user_cache_dir(APP_NAME, appauthor=False))
    return paths.settings_file.parent / "cache"
