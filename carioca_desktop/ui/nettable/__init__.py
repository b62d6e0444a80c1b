"""The network table's part both games share: the remote people's avatars, the reactions
and the faults (overlay.py), ``NetPart`` mixed into each game's table
(``ui/scenes/<game>/nettable.py``) and the session a network match opens (scenes.py)."""

from carioca_desktop.ui.nettable.scenes import open_session

__all__ = ["open_session"]
