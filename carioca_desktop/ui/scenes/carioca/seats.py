"""The seats as the round summary and the final score name them: each seat's name, and
"Humano" or "Bot · fácil" for who sat there."""

from __future__ import annotations

from typing import Any

from carioca_desktop.i18n import tr


def seat_names(session: Any) -> list[str]:
    """Names from the session's seats, else the game's own."""
    seats = getattr(session, "seats", None)
    if seats:
        return [str(getattr(s, "name", s)) for s in seats]
    return list(session.game.names)


def seat_kind(session: Any, index: int) -> str:
    """ "Humano" or "Bot · fácil" for a seat (empty when unknown)."""
    seats = getattr(session, "seats", None) or []
    if index >= len(seats):
        return ""
    seat = seats[index]
    if getattr(seat, "kind", "human") == "human":
        return tr("common.human")
    level = getattr(seat, "level", None) or "normal"
    return tr("common.bot_level", level=tr(f"common.level_{level}"))
