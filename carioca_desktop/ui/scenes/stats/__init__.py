"""Statistics (see scene.py): Carioca's figures and chart, Buraco's tab beside them
(ui/scenes/buraco/stats.py), and the tiles, breakdowns and match list both draw (parts.py)."""

from carioca_desktop.ui.scenes.carioca.chart import Chart
from carioca_desktop.ui.scenes.stats.parts import match_date, nice_step, number
from carioca_desktop.ui.scenes.stats.scene import GAMES, StatsScene

_Chart = Chart  # the name the tests have always used

__all__ = ["GAMES", "Chart", "StatsScene", "_Chart", "match_date", "nice_step", "number"]
