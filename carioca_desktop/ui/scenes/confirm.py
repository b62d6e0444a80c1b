"""A yes/no question over the dimmed screen below ("Abandon the match in progress?").

Enter answers the focused button (the safe answer, "no", is focused first and is the
highlighted one), Esc answers no.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.ui import theme
from carioca_desktop.ui.widgets import UIScene, draw_text, font, gold_title, panel, wrap

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


class ConfirmScene(UIScene):
    """``question`` as a title, ``details`` as lines under it, and two buttons; ``on_yes``
    runs after the dialog has closed (so it may replace the scene below). With ``on_no`` the
    left button is an answer too (a choice between two things; Esc still answers nothing);
    ``focus_yes`` focuses the right one first; ``choice`` draws both alike; ``settled``, asked
    each frame, closes it unanswered once true (the question was settled elsewhere)."""

    opaque = False
    dim_alpha = 170

    def __init__(
        self,
        app: Host,
        question: str,
        details: Sequence[str],
        yes: str,
        no: str,
        on_yes: Callable[[], object],
        on_no: Callable[[], object] | None = None,
        focus_yes: bool = False,
        choice: bool = False,
        settled: Callable[[], bool] | None = None,
    ) -> None:
        super().__init__(app)
        self.settled = settled
        self.question, self.details = question, list(details)
        self.yes_text, self.no_text = yes, no
        self.on_yes, self.on_no = on_yes, on_no
        self.focus_yes, self.choice = focus_yes, choice
        self.answered: bool | None = None

    def _box(self) -> tuple[pygame.Rect, list[str]]:
        w, h = self.size
        width = min(w - 40, round(max(660 * self.u, 660 * self.t)))
        body = font(round(16 * self.t))
        lines = [line for text in self.details for line in wrap(text, body, width - 80)]
        bh = round(50 * self.u)
        height = round(96 * self.t) + len(lines) * body.get_linesize() + bh + round(60 * self.u)
        box = pygame.Rect(0, 0, width, min(h - 20, height))
        box.center = (w // 2, h // 2)
        return box, lines

    def build(self) -> None:
        box, _ = self._box()
        bh, gap = round(50 * self.u), round(20 * self.u)
        bw = (box.w - 80 - gap) // 2
        y = box.bottom - bh - round(30 * self.u)
        # The safe answer is the highlighted default, the destructive one plain; a choice
        # between two equal answers (which end for a wild) highlights neither.
        left = self.back if self.on_no is None else self.refuse
        self.button(pygame.Rect(box.x + 40, y, bw, bh), self.no_text, left,
                    None if self.choice else "primary")  # fmt: skip
        self.button(pygame.Rect(box.right - 40 - bw, y, bw, bh), self.yes_text, self.confirm)
        self.focus.restore(1 if self.focus_yes else 0)

    def paint(self, surface: pygame.Surface) -> None:
        box, lines = self._box()
        panel(surface, box, alpha=255, border=theme.GOLD)
        title = gold_title(self.question, round(30 * self.t), box.w - 60)
        surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + round(18 * self.t))))
        body = font(round(16 * self.t))
        y = box.y + round(86 * self.t)
        for line in lines:
            draw_text(surface, line, body, (box.centerx, y), theme.TEXT, "midtop")
            y += body.get_linesize()

    def update(self, dt: float) -> bool:
        moving = super().update(dt)
        if self.settled is not None and self.answered is None and self.settled():
            self.answered = False
            self.app.pop()
        return moving

    def back(self) -> None:
        """Esc or the "no" button: close, nothing else happens."""
        self.answered = False
        self.app.pop()

    def refuse(self) -> None:
        """The left button when it is an answer (``on_no``): close, then run it."""
        self.answered = False
        self.app.pop()
        if self.on_no is not None:
            self.on_no()

    def confirm(self) -> None:
        self.answered = True
        self.app.pop()
        self.on_yes()
