"""The tutorial coach both games' tutorial scenes share: the panel of words for the step
(progress, title, text, and the nudge after another move), the goodbye at the end, and the
coach's buttons (leave; at the end, the menu or a real match). Each scene says where the
panel goes (``_coach_rect``), what "play" opens, and its text sizes (``CoachType``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import pygame
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton

from carioca_desktop.i18n import tr
from carioca_desktop.ui.scene import Scene
from carioca_desktop.ui.sprites import TextCache, panel
from carioca_desktop.ui.tablekit.wordsize import speak_up
from carioca_desktop.ui.theme import GOLD, TEXT, TEXT_DIM
from carioca_desktop.ui.widgets import gold_title

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host

NUDGE = (255, 214, 150)
Line = tuple[str, int, tuple[int, int, int], bool, int]  # text, size, colour, bold, height


@dataclass(frozen=True)
class CoachType:
    """Text sizes and line heights (unscaled px) of the coach's panel and goodbye."""

    title: tuple[int, int]  # size, line height
    text: tuple[int, int]
    nudge: tuple[int, int]
    progress_gap: int
    goodbye_title: int
    goodbye_text: tuple[int, int]
    goodbye_top: tuple[int, int]  # the goodbye's title and words below the box's top
    button_height: int  # the goodbye's two buttons
    button_bottom: int  # their distance from the box's bottom
    leave_size: tuple[int, int]
    leave_gap: tuple[int, int]  # the leave button's gap from the box's right and bottom


class Coach(Scene):
    """The coach's part of a tutorial scene, first among its bases (``Coach, TableScene``) so
    that its lifecycle wraps the table's. The scene provides ``app``, ``layout`` (with
    ``upx``), ``texts``, ``session`` (``game``), ``tutorial`` (``step.id``, ``index``,
    ``nudged``, ``finished``, ``watch(game)``), ``_coach_rect()`` and ``play()``;
    ``coach_ns`` names its translation keys."""

    coach_ns: ClassVar[str]
    coach_total: ClassVar[int]
    coach_type: ClassVar[CoachType]

    if TYPE_CHECKING:
        app: Host
        layout: Any
        texts: TextCache
        session: Any
        tutorial: Any

        def _coach_rect(self) -> pygame.Rect: ...

        def play(self) -> None: ...

    def _init_coach(self) -> None:
        self.coach_buttons: list[Any] = []
        self._shown: object = None  # (step, nudged, size) the buttons were made for
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
        if hasattr(self, "coach_buttons"):  # a table may call this from its constructor
            self._shown = None
            self._buttons()

    def resume(self) -> None:
        super().resume()
        self._buttons()

    def update(self, dt: float) -> bool:
        """The coach's button commands, then the script follows the game (a new step is
        drawn), and the buttons follow the panel (a new step, a nudge)."""
        self._run_later()
        before = self.tutorial.index
        self.tutorial.watch(self.session.game)
        if self.tutorial.index != before:
            self.app.dirty()
        self._buttons()
        return super().update(dt)

    def _run_later(self) -> None:
        """Button commands, run outside pygame_gui's event handling."""
        todo, self._later = self._later, []
        for command in todo:
            command()

    def _coach_lines(self, width: int) -> list[Line]:
        """The coach's words as (text, size, colour, bold, line height)."""
        px, wrap, step, kind = self.layout.upx, self.texts.wrap, self.tutorial.step, self.coach_type
        ns = self.coach_ns
        head = tr(f"{ns}.progress", n=self.tutorial.index + 1, total=self.coach_total)
        out: list[Line] = [(head, px(13), TEXT_DIM, True, px(kind.progress_gap))]
        (ts, th), (xs, xh), (ns_, nh) = kind.title, kind.text, kind.nudge
        title = wrap(tr(f"{ns}.{step.id}.title"), px(ts), width, bold=True)
        out += [(line, px(ts), GOLD, True, px(th)) for line in title]
        out += [(line, px(xs), TEXT, False, px(xh))
                for line in wrap(tr(f"{ns}.{step.id}.text"), px(xs), width)]  # fmt: skip
        if self.tutorial.nudged:
            nudge = wrap("→ " + tr(f"{ns}.{step.id}.nudge"), px(ns_), width, bold=True)
            out += [(line, px(ns_), NUDGE, True, px(nh)) for line in nudge]
        return out

    def _paint_coach(self, surface: pygame.Surface) -> None:
        box, px = self._coach_rect(), self.layout.upx
        surface.blit(panel(box.size, px(14), (10, 34, 24, 236), GOLD, 2), box)
        x, y = box.left + px(18), box.top + px(14)
        for text, size, colour, bold, height in self._coach_lines(box.width - px(36)):
            surface.blit(self.texts.render(text, size, colour, bold), (x, y))
            y += height

    def _paint_goodbye(self, surface: pygame.Surface) -> None:
        box, texts, px, kind = self._coach_rect(), self.texts, self.layout.upx, self.coach_type
        surface.blit(panel(box.size, px(16), (10, 34, 24, 246), GOLD, 3), box)
        title = gold_title(tr(f"{self.coach_ns}.done.title"), px(kind.goodbye_title),
                           box.width - px(40))  # fmt: skip
        title_top, words_top = kind.goodbye_top
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.top + px(title_top))))
        y = box.top + px(words_top) + title.get_height()
        size, gap = kind.goodbye_text
        for line in texts.wrap(tr(f"{self.coach_ns}.done.text"), px(size), box.width - px(60)):
            text = texts.render(line, px(size), TEXT)
            surface.blit(text, text.get_rect(midtop=(box.centerx, y)))
            y += px(gap)

    def _buttons(self) -> None:
        """The coach's buttons: leave the tutorial; at the end, the menu or a new game."""
        shown = (self.tutorial.index, self.tutorial.nudged, self.layout.size)
        if shown == self._shown and self.coach_buttons:
            return
        self._kill_buttons()
        self._shown = shown
        box, px, kind = self._coach_rect(), self.layout.upx, self.coach_type
        if self.tutorial.finished:
            bw = (box.width - px(60)) // 2
            top = box.bottom - px(kind.button_bottom)
            rect = pygame.Rect(box.left + px(20), top, bw, px(kind.button_height))
            self._button(rect, tr("common.menu"), self.leave, None)
            rect = rect.move(bw + px(20), 0)
            self._button(rect, tr(f"{self.coach_ns}.play"), self.play, "@primary")
            return
        rect = pygame.Rect(0, 0, px(kind.leave_size[0]), px(kind.leave_size[1]))
        rect.bottomright = (box.right - px(kind.leave_gap[0]), box.bottom - px(kind.leave_gap[1]))
        self._button(rect, tr(f"{self.coach_ns}.leave"), self.leave, "@flat")

    def _button(
        self, rect: pygame.Rect, text: str, command: Callable[[], None], cls: str | None
    ) -> None:
        object_id = ObjectID(class_id=cls) if cls else None
        button = UIButton(rect, text, self.app.manager, object_id=object_id,
                          command=lambda: self._later.append(command))  # fmt: skip
        speak_up(self.app.manager, [button], float(self.layout.grow))  # the table's size
        self.coach_buttons.append(button)

    def _kill_buttons(self) -> None:
        for button in self.coach_buttons:
            button.kill()
        self.coach_buttons = []

    def leave(self) -> None:
        self.app.reset(self.app.routes.menu())
