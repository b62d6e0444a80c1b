"""What the replay viewer's final sheet offers, the same at both games' tables: back to
History (the screen that opened the viewer), the match from its start again, and "Play this
deal" (the same cards dealt again against bots, as History's button deals them). A viewer
is read-only: "New game" and "Menu" belong to a table that was played."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from carioca_desktop.i18n import tr

if TYPE_CHECKING:
    from carioca_desktop.storage.match_file import MatchFile
    from carioca_desktop.ui.scene import Host, Scene

Ends = list[tuple[str, Callable[[], None]]]  # (words, what it does), the last the main one


@runtime_checkable
class DealPlayer(Protocol):
    """History as the viewer's end sees it: it deals a code with its chosen opponents."""

    def play_code(self, code: str) -> None: ...


def leave_viewer(app: Host, viewer: Scene, game: str) -> None:
    """Back to the screen under the viewer (History), the sheets over it put away; History
    itself when the viewer was the only screen."""
    stack = app.stack
    if viewer not in stack.scenes or stack.scenes[0] is viewer:
        app.reset(app.routes.history(game))
        return
    while stack.top is not viewer:
        app.pop()
    app.pop()


def end_actions(
    app: Host, viewer: Scene, match: MatchFile, code: str | None, to_start: Callable[[], None]
) -> Ends:
    """The final sheet's buttons in the viewer: History, the start, and "Play this deal"
    when the match has a deal ``code`` (a match dealt outside the app's seeding has none)."""

    def history() -> None:
        leave_viewer(app, viewer, match.game)

    ends: Ends = [(tr("replay.end_history"), history), (tr("replay.end_start"), to_start)]
    if code is not None:
        dealt: str = code  # a button's command takes no argument (pygame_gui passes one)

        def play() -> None:
            leave_viewer(app, viewer, match.game)
            top = app.stack.top
            if isinstance(top, DealPlayer):
                top.play_code(dealt)

        ends.append((tr("history.play_this"), play))
    return ends
