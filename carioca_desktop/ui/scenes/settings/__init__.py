"""Settings (see scene.py): the general pages and the house rules of both games."""

from carioca_desktop.ui.rows import Row
from carioca_desktop.ui.scenes.settings.scene import LANGUAGE_NAMES, TABS, SettingsScene

__all__ = ["LANGUAGE_NAMES", "TABS", "Row", "SettingsScene"]
