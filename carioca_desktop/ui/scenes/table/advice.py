"""The table's Pista: asked for (button or H), kept until the next move, lit by marks.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.hints import Advice, advise
from carioca_desktop.ui.scenes.table import marks as table_marks

if TYPE_CHECKING:
    from carioca_desktop.ui.scenes.table.scene import TableScene


class TableAdvice:
    """The hint shown now (``current``), if any, and whether hints are on at all."""

    def __init__(self, scene: TableScene) -> None:
        self.s = scene
        self.current: Advice | None = None
        self._at = -1  # the event count it was given at

    @property
    def on(self) -> bool:
        """Off when the settings or this match say so."""
        return bool(self.s.app.settings.hints and self.s.session.hints)

    def ask(self) -> None:
        """The strongest bot's move in the player's place, from the player's observation."""
        scene, anchor = self.s, self.s.layout.slots_area.midtop
        if not self.on:
            scene.toast(tr("table.advice.off"), anchor)
            return
        game, seat = scene.session.game, scene.viewer
        if scene.hand_hidden or game.current_player != seat or not scene.session.is_human(seat):
            scene.toast(tr("table.advice.wait"), anchor)
            return
        self._at = game.event_count
        seed = scene.session.seed * 31 + self._at
        self.current = advise(scene.obs, game.legal_actions(seat), seed)
        if self.current is None:
            scene.toast(tr("table.advice.none"), anchor)
        scene.app.dirty()

    def spend(self) -> None:
        """After any move the hint no longer applies."""
        if self.current is not None and self.s.session.game.event_count != self._at:
            self.current = None

    def lit(self) -> tuple[tuple[str, ...], list[pygame.Rect], str]:
        advice = self.current
        if advice is None:
            return (), [], ""
        rect = table_marks.target_rect(self.s, *advice.target)
        return advice.cards, [rect] if rect is not None else [], advice.text
