"""The network table's screens: each game's real table over a client session
(play/netsession.py), with the remote people's avatars, the reactions and the faults
(overlay.py); ``net_table`` builds the one a network match needs (scenes.py)."""

from carioca_desktop.ui.nettable.scenes import net_table

__all__ = ["net_table"]
