"""The hot-seat privacy prompt both tables push before a person's turn (play/hotseat.py says
when): the person's name, what happened since their last turn, and who else shares the screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from carioca_desktop.play.news import summary
from carioca_desktop.rules.events import EventView
from carioca_desktop.ui import hud

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


def ask_person(
    app: Host,
    seat: int,
    names: Sequence[str],
    title: str,
    events: Sequence[EventView[Any]],
    reveal: Callable[[int], None],
) -> None:
    """Cover the table with the privacy screen for ``seat``: ``title`` (the game's words),
    then what happened since the person's last turn (``events``: their observation's)."""
    since = summary(events, seat, names)
    title = f"{title}\n{since}" if since else title  # what happened since their turn
    label = hud.initials(names)[seat]  # "J1" and "J2", not two "J"s
    other = hud.other_person(names, seat)
    app.push(app.routes.privacy(seat, names[seat], title, reveal, label, other))
