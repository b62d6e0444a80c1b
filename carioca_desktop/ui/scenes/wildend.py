"""Which end of a run a wild goes to, asked when a lone wild is dropped on a run whose two
ends are both open (both tables): one button per end, Esc or a click away leaves the wild
in the hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import card_label
from carioca_desktop.ui.scenes.confirm import ConfirmScene

if TYPE_CHECKING:
    from carioca_desktop.ui.app import App


def stands_for(text: str) -> str:
    """``JK=9H`` → ``9H``: the card a marked wild stands for."""
    return text.partition("=")[2]


class WildEndScene(ConfirmScene):
    """``ends``: (the marked wild, e.g. ``JK=4C``, and what placing it there does), the low
    end first. The left button places it at the low end, the right one at the high end; the
    one on the side the wild was dropped (``prefer_high``) has the focus, so Enter takes it."""

    def __init__(
        self,
        app: App,
        ends: Sequence[tuple[str, Callable[[], object]]],
        prefer_high: bool = False,
    ) -> None:
        low, high = ends[0], ends[-1]
        wild = card_label(low[0].partition("=")[0])
        super().__init__(
            app,
            tr("wild.title", card=wild),
            [tr("wild.details")],
            tr("wild.as", card=card_label(stands_for(high[0]))),
            tr("wild.as", card=card_label(stands_for(low[0]))),
            high[1],
        )
        self.on_low = low[1]
        self.prefer_high = prefer_high

    def build(self) -> None:
        box, _ = self._box()
        bh, gap = round(50 * self.u), round(20 * self.u)
        bw = (box.w - 80 - gap) // 2
        y = box.bottom - bh - round(30 * self.u)
        self.button(pygame.Rect(box.x + 40, y, bw, bh), self.no_text, self.low)
        self.button(pygame.Rect(box.right - 40 - bw, y, bw, bh), self.yes_text, self.confirm)
        self.focus.restore(1 if self.prefer_high else 0)

    def low(self) -> None:
        self.answered = True
        self.app.pop()
        self.on_low()
