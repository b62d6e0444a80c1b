"""The tutorial scene: the table with a coach who lights each step and waits for your move.

One short scripted round against Rosa (carioca_desktop/play/carioca/tutorial.py). Another legal
move than the step's gets a gentle word instead of being made; nothing ever locks.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.play.carioca.tutorial import STEPS, YOU, Tutorial, tutorial_session
from carioca_desktop.play.text import contract_text
from carioca_desktop.rules.carioca.actions import Action
from carioca_desktop.ui.coach import Coach, CoachType
from carioca_desktop.ui.scenes.carioca import marks as table_marks
from carioca_desktop.ui.scenes.carioca.scene import TableScene

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

TOTAL = len(STEPS) - 1  # the last step is the goodbye


class TutorialScene(Coach, TableScene):
    """A TableScene whose moves a ``Tutorial`` vets, with the coach's panel on the left."""

    window_partial = False  # the coach's panels are drawn over the table after it

    coach_ns = "tutorial"
    coach_total = TOTAL
    coach_type = CoachType(
        title=(22, 30), text=(16, 23), nudge=(15, 21), progress_gap=24,
        goodbye_title=40, goodbye_text=(17, 25), goodbye_top=(12, 20),
        button_height=46, button_bottom=64, leave_size=(210, 36), leave_gap=(14, 12),
    )  # fmt: skip

    def __init__(self, app: Host) -> None:
        name = app.settings.player_name or tr("common.you")
        self.tutorial = Tutorial()
        super().__init__(app, tutorial_session(name))
        self.tidy_deal = False  # sorting is one of the steps
        self._init_coach()

    # ------------------------------------------------------------------ the script
    def objection(self, action: Action) -> str | None:
        if action.seat != YOU or not self.tutorial.objects(action):
            return None
        return tr(f"tutorial.{self.tutorial.step.id}.nudge")

    def perform(
        self, action: Action, from_rect: pygame.Rect | None = None, played: Sequence[int] = ()
    ) -> None:
        super().perform(action, from_rect, played)
        if action.seat == YOU:
            self.tutorial.moved(action)

    def arranged(self) -> None:
        super().arranged()
        self.tutorial.arranged()
        self.app.dirty()

    def round_title(self) -> str | None:
        """ "Tutorial · 1 trío + 1 escala": its one round is no match's round 1 of 1."""
        return tr("table.tutorial_title", contract=contract_text(self.obs.contract))

    def show_round_end(self) -> None:
        """No score sheet: the coach says goodbye (its buttons lead on)."""
        self.app.dirty()

    def lit(self) -> tuple[tuple[str, ...], list[pygame.Rect], str]:
        step = self.tutorial.step
        cards = tuple(self.hand.code(c.uid) for c in self.hand.cards)
        codes = cards if step.cards == ("*",) else step.cards
        rects = [r for r in (self._target(step.target),) if r is not None]
        if step.expect == "lay_down" and self.can_lay_down and self.widgets is not None:
            rects.append(pygame.Rect(self.widgets.lay_down.rect))  # ready: now press Bajarse
        return codes, rects, ""

    def _target(self, target: str | None) -> pygame.Rect | None:
        if target is None:
            return None
        if target == "sort" and self.widgets is not None:
            return pygame.Rect(self.widgets.sort_rank.rect).union(self.widgets.sort_suit.rect)
        kind, _, index = target.partition(":")
        return table_marks.target_rect(self.layout, self.view, kind, int(index) if index else -1)

    # ------------------------------------------------------------------ the coach
    def _coach_rect(self) -> pygame.Rect:
        layout = self.layout
        if self.tutorial.finished:  # the goodbye: title, words, two buttons
            px, width = layout.upx, layout.upx(620)
            words = self.texts.wrap(tr("tutorial.done.text"), px(17), width - px(60))
            height = px(40) * 2 + px(25) * len(words) + px(20 + 46 + 24)
            box = pygame.Rect(0, 0, width, height)
            box.center = layout.centre.center
            return box
        left = layout.centre.left + layout.px(20)
        width = min(layout.upx(500), layout.stock.left - layout.px(50) - left)
        top = layout.top_bar.bottom + layout.upx(16)
        lines = self._coach_lines(width - layout.upx(36))
        height = sum(gap for *_, gap in lines) + layout.upx(28 + 58)
        return pygame.Rect(left, top, width, min(height, layout.lower.top - top))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.tutorial.finished:
            self._paint_goodbye(surface)
        else:
            self._paint_coach(surface)

    def play(self) -> None:
        self.app.reset(self.app.routes.menu())
        self.app.push(self.app.routes.new_game(games.CARIOCA.name))
