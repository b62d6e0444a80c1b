"""The tutorial scene: the table with a coach who lights each step and waits for your move.

One short scripted round against Rosa (carioca_desktop/play/tutorial.py). Another legal
move than the step's gets a gentle word instead of being made; nothing ever locks.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import contract_text
from carioca_desktop.play.tutorial import STEPS, YOU, Tutorial, tutorial_session
from carioca_desktop.rules.carioca.actions import Action
from carioca_desktop.ui.scenes.table import marks as table_marks
from carioca_desktop.ui.scenes.table.scene import TableScene
from carioca_desktop.ui.sprites import panel
from carioca_desktop.ui.theme import GOLD, TEXT, TEXT_DIM
from carioca_desktop.ui.widgets import gold_title

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App

NUDGE = (255, 214, 150)
TOTAL = len(STEPS) - 1  # the last step is the goodbye


class TutorialScene(TableScene):
    """A TableScene whose moves a ``Tutorial`` vets, with the coach's panel on the left."""

    def __init__(self, app: App) -> None:
        name = app.settings.player_name or tr("common.you")
        self.tutorial = Tutorial()
        super().__init__(app, tutorial_session(name))
        self.tidy_deal = False  # sorting is one of the steps
        self.coach_buttons: list[Any] = []
        self._shown: object = None  # (step, window size) the buttons were made for
        self._later: list[Callable[[], None]] = []

    # ------------------------------------------------------------------ lifecycle
    def enter(self) -> None:
        super().enter()
        self._buttons()

    def exit(self) -> None:
        self._kill_buttons()
        super().exit()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self._buttons()

    def resume(self) -> None:
        super().resume()
        self._buttons()

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

    def update(self, dt: float) -> bool:
        todo, self._later = self._later, []
        for action in todo:  # button commands, run outside pygame_gui's event handling
            action()
        before = self.tutorial.index
        self.tutorial.watch(self.session.game)
        if self.tutorial.index != before:
            self.app.dirty()
        self._buttons()  # follow the coach's panel (a new step, a nudge)
        return super().update(dt)

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

    def _coach_lines(self, width: int) -> list[tuple[str, int, tuple[int, int, int], bool, int]]:
        """The coach's words as (text, size, colour, bold, line height)."""
        px, wrap, step = self.layout.upx, self.texts.wrap, self.tutorial.step
        head = tr("tutorial.progress", n=self.tutorial.index + 1, total=TOTAL)
        out = [(head, px(13), TEXT_DIM, True, px(24))]
        title = wrap(tr(f"tutorial.{step.id}.title"), px(22), width, bold=True)
        out += [(line, px(22), GOLD, True, px(30)) for line in title]
        out += [(line, px(16), TEXT, False, px(23))
                for line in wrap(tr(f"tutorial.{step.id}.text"), px(16), width)]  # fmt: skip
        if self.tutorial.nudged:
            nudge = wrap("→ " + tr(f"tutorial.{step.id}.nudge"), px(15), width, bold=True)
            out += [(line, px(15), NUDGE, True, px(21)) for line in nudge]
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.tutorial.finished:
            self._paint_goodbye(surface)
        else:
            self._paint_coach(surface)

    def _paint_coach(self, surface: pygame.Surface) -> None:
        box, px = self._coach_rect(), self.layout.upx
        surface.blit(panel(box.size, px(14), (10, 34, 24, 236), GOLD, 2), box)
        x, y = box.left + px(18), box.top + px(14)
        for text, size, colour, bold, height in self._coach_lines(box.width - px(36)):
            surface.blit(self.texts.render(text, size, colour, bold), (x, y))
            y += height

    def _paint_goodbye(self, surface: pygame.Surface) -> None:
        layout, texts, box = self.layout, self.texts, self._coach_rect()
        px = layout.upx
        surface.blit(panel(box.size, px(16), (10, 34, 24, 246), GOLD, 3), box)
        title = gold_title(tr("tutorial.done.title"), px(40), box.width - px(40))
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + px(12))))
        y = box.top + px(20) + title.get_height()
        for line in texts.wrap(tr("tutorial.done.text"), px(17), box.width - px(60)):
            text = texts.render(line, px(17), TEXT)
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += px(25)

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
            rect = pygame.Rect(box.left + px(20), box.bottom - px(64), bw, px(46))
            self._button(rect, tr("common.menu"), self.leave, None)
            rect = rect.move(bw + px(20), 0)
            self._button(rect, tr("tutorial.play"), self.play, "@primary")
            return
        rect = pygame.Rect(0, 0, px(210), px(36))
        rect.bottomright = (box.right - px(14), box.bottom - px(12))
        self._button(rect, tr("tutorial.leave"), self.leave, "@flat")

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
        from carioca_desktop.ui.scenes.menu import MenuScene
        from carioca_desktop.ui.scenes.newgame import NewGameScene

        self.app.reset(MenuScene(self.app))
        self.app.push(NewGameScene(self.app))
