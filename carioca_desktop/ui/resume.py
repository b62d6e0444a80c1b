"""The table scene for a session read back from the autosave, whichever game it is."""

from __future__ import annotations

from typing import TYPE_CHECKING

from carioca_desktop.play.buraco_session import BuracoSession
from carioca_desktop.ui.scene import Scene

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App


def session_scene(app: App, session: object) -> Scene:
    """The Buraco table for a Buraco session, the Carioca table otherwise."""
    if isinstance(session, BuracoSession):
        from carioca_desktop.ui.scenes.buraco import BuracoTableScene

        return BuracoTableScene(app, session)
    from carioca_desktop.play.offer import offer_seconds
    from carioca_desktop.ui.scenes.table import TableScene

    # The buy time is the person's Settings' of now (it is not saved with the match).
    session.buy_seconds = offer_seconds(app.settings.buy_seconds)  # type: ignore[attr-defined]
    return TableScene(app, session)  # type: ignore[arg-type]
