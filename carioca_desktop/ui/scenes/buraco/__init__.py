"""The Buraco table (a sibling of the Carioca table in ui/scenes/carioca/, sharing its card art,
seat panels, log, toasts, theme, privacy screen and pause menu).

- layout.py: where things go (partners opposite, each side's melds in one area);
- paint.py: the painters, taking a ``Picture`` (the parts in panels.py, cards.py and
  piles.py); sheet.py: the round and final sheets;
- hand.py: the viewer's hand order; moves.py: clicks and drags into engine actions;
- keys.py: the keys; flights.py: moves in motion; scene.py: the scene (bots on a timer,
  autosave through the session, autoplay); overlays.py: the sheets and screens over it
  (hot-seat privacy, the Pista, keys help, pause);
- newgame.py: the Buraco new game (on ui/scenes/newgame_parts.py); rules.py: the rules in
  a few words;
- stats.py: Buraco's tab of the statistics scene (figures, matches, the chart of a match).
- nettable.py: the table at a network table; replay.py: the replay viewer on this table.
"""

from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene

__all__ = ["BuracoTableScene"]
