"""The Buraco table (a sibling of the Carioca table in ui/scenes/table/).

- layout.py: where things go (partners opposite, each side's melds in one area);
- paint.py: the painters, taking a ``Picture``; sheet.py: the round and final sheets;
- hand.py: the viewer's hand order; moves.py: clicks into engine actions;
- scene.py: the scene (bots on a timer, autosave through the session, autoplay).
"""

from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene

__all__ = ["BuracoTableScene"]
