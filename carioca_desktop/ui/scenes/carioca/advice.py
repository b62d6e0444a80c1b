"""The table's Pista: asked for (button or H), kept until the next move, lit by marks.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.hints import Advice, advise
from carioca_desktop.ui.scenes.carioca import marks as table_marks

if TYPE_CHECKING:
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.rules.carioca.game import Game
    from carioca_desktop.storage import Settings
    from carioca_desktop.ui.scenes.carioca.layout import TableLayout
    from carioca_desktop.ui.scenes.carioca.model import TableModel
    from carioca_desktop.ui.scenes.carioca.view import TableView


class TableAdvice:
    """The hint shown now (``current``), if any, for one match's session."""

    def __init__(self, session: MatchSession) -> None:
        self.session = session
        self.current: Advice | None = None
        self._at = -1  # the event count it was given at

    def on(self, settings: Settings) -> bool:
        """Off when the settings or this match say so."""
        return bool(settings.hints and self.session.hints)

    def ask(self, model: TableModel, settings: Settings) -> str | None:
        """The strongest bot's move in the player's place, from the player's observation;
        returns the words to say instead when there is none to give."""
        if not self.on(settings):
            return tr("table.advice.off")
        game, seat = self.session.game, model.viewer
        if not model.playable or game.current_player != seat:
            return tr("table.advice.wait")
        self._at = game.event_count
        seed = self.session.seed * 31 + self._at
        self.current = advise(model.obs, game.legal_actions(seat), seed)
        return tr("table.advice.none") if self.current is None else None

    def spend(self, game: Game) -> None:
        """After any move the hint no longer applies."""
        if self.current is not None and game.event_count != self._at:
            self.current = None

    def lit(
        self, layout: TableLayout, view: TableView
    ) -> tuple[tuple[str, ...], list[pygame.Rect], str]:
        advice = self.current
        if advice is None:
            return (), [], ""
        rect = table_marks.target_rect(layout, view, *advice.target)
        return advice.cards, [rect] if rect is not None else [], advice.text
