"""Statistics (see scene.py): a tab per game, each drawn by the game's own view (Carioca's in
ui/scenes/carioca/stats.py, Buraco's in ui/scenes/buraco/stats.py) with the tiles, breakdowns
and match list of ui/stats_parts.py."""

from carioca_desktop.ui.scenes.stats.scene import GAMES, StatsScene
from carioca_desktop.ui.stats_parts import match_date, nice_step, number

__all__ = ["GAMES", "StatsScene", "match_date", "nice_step", "number"]
