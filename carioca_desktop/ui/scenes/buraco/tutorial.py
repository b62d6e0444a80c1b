"""The Buraco tutorial scene: the Buraco table with a coach who lights each step and waits.

One short scripted round with a partner against two opponents (play/buraco_tutorial.py).
The table is the real one (``BuracoTableScene``): every drag, click and key is the table's
own; the engine judges each move first, then another legal move than the step's gets a
gentle word instead of being made. At the round's end the real round sheet shows the
score, with the coach's goodbye under it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco_tutorial import (
    STEPS,
    YOU,
    BuracoTutorial,
    tutorial_session,
)
from carioca_desktop.rules.buraco.actions import Action
from carioca_desktop.ui.scenes.buraco import paint as buraco_paint
from carioca_desktop.ui.scenes.buraco import sheet
from carioca_desktop.ui.scenes.buraco.scene import BuracoTableScene
from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.theme import GOLD, TEXT, TEXT_DIM
from carioca_desktop.ui.widgets import gold_title

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App

NS = "buraco_tutorial"
NUDGE = (255, 214, 150)
TOTAL = len(STEPS) - 1  # the last step is the goodbye


class BuracoTutorialScene(BuracoTableScene):
    """A BuracoTableScene whose player's moves a ``BuracoTutorial`` vets, with the coach's
    panel where the opponents' melds would be (in this round they lay none down)."""

    def __init__(self, app: App) -> None:
        name = app.settings.player_name or tr("common.you")
        self.tutorial = BuracoTutorial()
        super().__init__(app, tutorial_session(name))
        self.coach_buttons: list[Any] = []
        self._shown: object = None  # (step, nudged, size) the buttons were made for
        self._later: list[Callable[[], None]] = []
        self.sheet_up = False

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        super().enter()
        self._buttons()

    def exit(self) -> None:
        self._kill_buttons()
        super().exit()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        if hasattr(self, "coach_buttons"):  # the base calls this from its constructor too
            self._shown = None
            self._buttons()

    def resume(self) -> None:
        super().resume()
        self._buttons()

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

    def update(self, dt: float) -> bool:
        todo, self._later = self._later, []
        for command in todo:  # button commands, run outside pygame_gui's event handling
            command()
        before = self.tutorial.index
        self.tutorial.watch(self.session.game)
        if self.tutorial.index != before:
            self.app.dirty()
        self._buttons()
        return super().update(dt)

    def show_sheet(self) -> None:
        """The round sheet without its "next round" button: the coach's buttons lead on."""
        self.sheet_up = True
        self.app.dirty()

    def picture(self) -> buraco_paint.Picture:
        return replace(super().picture(), title=tr(f"{NS}.table_title"))

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

    def _coach_lines(self, width: int) -> list[tuple[str, int, tuple[int, int, int], bool, int]]:
        """The coach's words as (text, size, colour, bold, line height)."""
        px, wrap, step = self.layout.upx, self.texts.wrap, self.tutorial.step
        head = tr(f"{NS}.progress", n=self.tutorial.index + 1, total=TOTAL)
        out = [(head, px(13), TEXT_DIM, True, px(22))]
        title = wrap(tr(f"{NS}.{step.id}.title"), px(21), width, bold=True)
        out += [(line, px(21), GOLD, True, px(28)) for line in title]
        out += [(line, px(15), TEXT, False, px(21))
                for line in wrap(tr(f"{NS}.{step.id}.text"), px(15), width)]  # fmt: skip
        if self.tutorial.nudged:
            nudge = wrap("→ " + tr(f"{NS}.{step.id}.nudge"), px(15), width, bold=True)
            out += [(line, px(15), NUDGE, True, px(20)) for line in nudge]
        return out

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

    def _paint_coach(self, surface: pygame.Surface) -> None:
        box, px = self._coach_rect(), self.layout.upx
        surface.blit(panel(box.size, px(14), (10, 34, 24, 236), GOLD, 2), box)
        x, y = box.left + px(18), box.top + px(14)
        for text, size, colour, bold, height in self._coach_lines(box.width - px(36)):
            surface.blit(self.texts.render(text, size, colour, bold), (x, y))
            y += height

    def _paint_goodbye(self, surface: pygame.Surface) -> None:
        box, texts, px = self._coach_rect(), self.texts, self.layout.upx
        surface.blit(panel(box.size, px(16), (10, 34, 24, 246), GOLD, 3), box)
        title = gold_title(tr(f"{NS}.done.title"), px(28), box.width - px(40))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + px(4))))
        y = box.top + px(8) + title.get_height()
        for line in texts.wrap(tr(f"{NS}.done.text"), px(16), box.width - px(60)):
            text = texts.render(line, px(16), TEXT)
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += px(22)

    # ------------------------------------------------------------------ its buttons
    def _buttons(self) -> None:
        """The coach's buttons: leave the tutorial; at the end, the menu or a new game."""
        shown = (self.tutorial.index, self.tutorial.nudged, self.layout.size)
        if shown == self._shown and self.coach_buttons:
            return
        self._kill_buttons()
        self._shown = shown
        box, px = self._coach_rect(), self.layout.upx
        if self.tutorial.finished:
            bw = (box.width - px(60)) // 2
            rect = pygame.Rect(box.left + px(20), box.bottom - px(56), bw, px(42))
            self._button(rect, tr("common.menu"), self.leave, None)
            rect = rect.move(bw + px(20), 0)
            self._button(rect, tr(f"{NS}.play"), self.play, "@primary")
            return
        rect = pygame.Rect(0, 0, px(220), px(34))
        rect.bottomright = (box.right - px(14), box.bottom - px(10))
        self._button(rect, tr(f"{NS}.leave"), self.leave, "@flat")

    def _button(
        self, rect: pygame.Rect, text: str, command: Callable[[], None], cls: str | None
    ) -> None:
        object_id = ObjectID(class_id=cls) if cls else None
        button = UIButton(rect, text, self.app.manager, object_id=object_id,
                          command=lambda: self._later.append(command))  # fmt: skip
        self.coach_buttons.append(button)

    def _kill_buttons(self) -> None:
        for button in self.coach_buttons:
            button.kill()
        self.coach_buttons = []

    def leave(self) -> None:
        from carioca_desktop.ui.scenes.menu import MenuScene

        self.app.reset(MenuScene(self.app))

    def play(self) -> None:
        """A real Buraco match: the menu, then Buraco's new-game screen."""
        from carioca_desktop.ui.scenes.buraco.newgame import BuracoNewGameScene
        from carioca_desktop.ui.scenes.menu import MenuScene

        self.app.reset(MenuScene(self.app))
        self.app.push(BuracoNewGameScene(self.app))
