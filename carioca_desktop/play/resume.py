"""The autosave holds the match in progress, of either game: its ``format`` says which
session reads it back (``carioca-session`` or ``buraco-session``)."""

from __future__ import annotations

from typing import Any

from carioca_desktop.storage import Paths


def session_from_dict(data: Any, paths: Paths | None = None) -> object:
    """The saved session of whichever game; ValueError when it is neither."""
    from carioca_desktop.play.buraco_session import BuracoSession, is_buraco_document

    if is_buraco_document(data):
        return BuracoSession.from_dict(data, paths)
    from carioca_desktop.play.session import MatchSession

    return MatchSession.from_dict(data, paths)
