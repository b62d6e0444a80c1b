"""The Buraco tutorial scene: the Buraco table with a coach who lights each step and waits.

One short scripted round with a partner against two opponents (play/buraco/tutorial.py).
The table is the real one (``BuracoTableScene``): every drag, click and key is the table's
own; the engine judges each move first, then another legal move than the step's gets a
gentle word instead of being made. At the round's end the real round sheet shows the
score, with the coach's goodbye under it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from carioca_desktop import games
from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.tutorial import (
    STEPS,
    YOU,
    BuracoTutorial,
    tutorial_session,
)
from carioca_desktop.rules.buraco.actions import Action
from carioca_desktop.rules.buraco.observation import BuracoObservation
from carioca_desktop.ui.coach import Coach, CoachType
from carioca_desktop.ui.scenes.buraco import paint as buraco_paint
from carioca_desktop.ui.scenes.buraco import sheet
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene
from carioca_desktop.ui.theme import GOLD

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

NS = "buraco_tutorial"
TOTAL = len(STEPS) - 1  # the last step is the goodbye


class BuracoTutorialScene(Coach, BuracoTableScene):
    """A BuracoTableScene whose player's moves a ``BuracoTutorial`` vets, with the coach's
    panel where the opponents' melds would be (in this round they lay none down)."""

    window_partial = False  # the coach's panels are drawn over the table after it
    coach_ns = NS
    coach_total = TOTAL
    coach_type = CoachType(
        title=(21, 28), text=(15, 21), nudge=(15, 20), progress_gap=22,
        goodbye_title=28, goodbye_text=(16, 22), goodbye_top=(4, 8),
        button_height=42, button_bottom=56, leave_size=(220, 34), leave_gap=(14, 10),
    )  # fmt: skip

    def __init__(self, app: Host) -> None:
        name = app.settings.player_name or tr("common.you")
        self.tutorial = BuracoTutorial()
        super().__init__(app, tutorial_session(name))
        self._init_coach()
        self.sheet_up = False

    # ------------------------------------------------------------------ the script
    def try_action(self, action: Action, anchor: tuple[int, int]) -> bool:
        """The engine first (a refusal is said as at any table), then the coach: another
        move than the step's is not made, the step's hint is said instead."""
        refusal = self.session.game.check(action)
        if refusal is not None:
            self.refuse(refusal, anchor)
            return False
        if self.tutorial.objects(action):
            self.toast(tr(f"{NS}.{self.tutorial.step.id}.nudge"), anchor)
            self.app.sounds.play("refuse")
            self._buttons()
            return False
        self.perform(action)
        if action.seat == YOU:
            self.tutorial.moved(action, self.session.game)
            self._buttons()
        return True

    def _update_buttons(self) -> None:
        """As at the table, but no Pista: the coach lights the way."""
        super()._update_buttons()
        hint = self.buttons.get("hint")
        if hint is not None:
            disable: Any = hint.disable
            disable()

    def ask_hint(self) -> None:
        """The Pista (H) says the coach's hint for this step, not the hard bot's move."""
        step = self.tutorial.step
        if self.my_turn and step.expect not in (("watch",), ("end",)):
            self.toast(tr(f"{NS}.{step.id}.nudge"), self.layout.our_zone.midbottom)

    def show_sheet(self) -> None:
        """The round sheet without its "next round" button: the coach's buttons lead on."""
        self.sheet_up = True
        self.app.dirty()

    def picture(
        self, obs: BuracoObservation | None = None, log_lines: list[str] | None = None
    ) -> buraco_paint.Picture:
        return replace(super().picture(obs, log_lines), title=tr(f"{NS}.table_title"))

    # ------------------------------------------------------------------ what is lit
    def lit(self) -> tuple[list[pygame.Rect], list[pygame.Rect]]:
        """The hand cards and the target the step points at (nothing while others play)."""
        step = self.tutorial.step
        if not self.my_turn or self.tutorial.finished:
            return [], []
        rows = self.moves.hand_rows()
        wanted = list(step.cards)
        cards = []
        for code, rect, _ in rows:
            if wanted == ["*"] or code in wanted:
                cards.append(rect)
                if code in wanted:
                    wanted.remove(code)
        targets = [t for t in (self._target(step.target),) if t is not None]
        picked = set(self.moves.codes(self.moves.picked))
        button = self.buttons.get("lay_down")
        if step.needs and picked >= set(step.needs) and button is not None:
            targets.append(pygame.Rect(button.rect))  # ready: now press Lay down
        return cards, targets

    def _target(self, target: str | None) -> pygame.Rect | None:
        layout = self.layout
        if target == "stock":
            return pygame.Rect(layout.stock)
        if target == "pile":
            pile = self.places.pile
            if not pile:
                return pygame.Rect(layout.pile_area.left, layout.stock.top, layout.pile_w,
                                   layout.stock.height)  # fmt: skip
            return pile[0].unionall(pile[1:])
        if target == "our_zone":
            return pygame.Rect(layout.our_zone)
        if target is not None and target.startswith("meld:"):
            box = self.places.melds.get(int(target.partition(":")[2]))
            return None if box is None else box.inflate(8, 8)
        return None

    # ------------------------------------------------------------------ the coach
    def _coach_rect(self) -> pygame.Rect:
        layout, px = self.layout, self.layout.upx
        if self.tutorial.finished:  # the goodbye, under the round sheet
            width = px(720)
            words = self.texts.wrap(tr(f"{NS}.done.text"), px(16), width - px(60))
            height = px(52) + px(22) * len(words) + px(16 + 42 + 14)
            box = pygame.Rect(0, 0, width, height)
            box.midbottom = (layout.size[0] // 2, layout.size[1] - px(8))
            return box
        left = layout.their_zone.centerx + px(130)  # clear of the zone's own words
        box = pygame.Rect(left, layout.their_zone.top, layout.centre.right - left, 0)
        lines = self._coach_lines(box.width - px(36))
        box.height = sum(gap for *_, gap in lines) + px(28 + 50)
        return box

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.tutorial.finished:
            if self.sheet_up:  # after the table's beat to see the last move
                sheet.paint(surface, self.layout, self.texts, self.obs, self.names)
            self._paint_goodbye(surface)
            return
        self._paint_lit(surface)
        self._paint_coach(surface)

    def _paint_lit(self, surface: pygame.Surface) -> None:
        cards, targets = self.lit()
        px = self.layout.upx
        for rect in cards:
            pygame.draw.rect(surface, GOLD, rect.inflate(px(6), px(6)), px(3), px(8))
        for rect in targets:
            pygame.draw.rect(surface, GOLD, rect.inflate(px(12), px(12)), px(3), px(10))

    def play(self) -> None:
        """A real Buraco match: the menu, then Buraco's new-game screen."""
        self.app.reset(self.app.routes.menu())
        self.app.push(self.app.routes.new_game(games.BURACO.name))
