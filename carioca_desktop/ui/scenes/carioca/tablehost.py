"""What the table's frame, motion and rehearsal need of their scene (``TableScene``).

They are typed by this protocol, not by the scene, so that the scene can import them without
a circle of imports; the scene satisfies it (mypy checks that where it builds them). Like
``model.Table`` for the moves and keys, and ``tablekit.pacing.PacedTable``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from carioca_desktop.ui.tablekit.parts import SharedTable

if TYPE_CHECKING:
    import pygame

    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.play.hotseat import HotSeat
    from carioca_desktop.rules.carioca.actions import Action
    from carioca_desktop.rules.carioca.observation import Observation
    from carioca_desktop.ui.scenes.carioca.flights import FlightPlanner
    from carioca_desktop.ui.scenes.carioca.input import TableInput
    from carioca_desktop.ui.scenes.carioca.keys import TableKeys
    from carioca_desktop.ui.scenes.carioca.layout import TableLayout
    from carioca_desktop.ui.scenes.carioca.model import TableModel
    from carioca_desktop.ui.scenes.carioca.moves import TableMoves
    from carioca_desktop.ui.scenes.carioca.view import TableText, TableView
    from carioca_desktop.ui.sprites import CardImages
    from carioca_desktop.ui.tablekit.round_end import RoundEnd


class TableHost(SharedTable, Protocol):
    """The Carioca table scene as its frame, motion and rehearsal see it (what
    either game's table has: ``SharedTable``)."""

    # The looks the frame takes up from the settings (frame.take_settings sets them).
    images: CardImages
    glide: float
    pause_s: float
    planner: FlightPlanner

    @property
    def session(self) -> MatchSession: ...
    @property
    def model(self) -> TableModel: ...
    @property
    def obs(self) -> Observation: ...
    @property
    def text(self) -> TableText: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def view(self) -> TableView: ...
    @property
    def hotseat(self) -> HotSeat: ...
    @property
    def input(self) -> TableInput: ...
    @property
    def keys(self) -> TableKeys: ...
    @property
    def moves(self) -> TableMoves: ...
    @property
    def round_end(self) -> RoundEnd: ...
    @property
    def game_over_round(self) -> bool: ...
    @property
    def window_partial(self) -> bool: ...
    @property
    def seen_events(self) -> int: ...

    def sync(self) -> list[int]: ...
    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None: ...
    def lit(self) -> tuple[tuple[str, ...], list[pygame.Rect], str]: ...
    def round_title(self) -> str | None: ...
