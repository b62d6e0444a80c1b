"""Which end of a run a wild goes to, asked at both tables when a lone wild is dropped on a
run whose two ends are both open: a two-answer question (the router's confirm), one button
per end, the low end on the left; Esc leaves the wild in the hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import card_label

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host


def stands_for(text: str) -> str:
    """``JK=9H`` → ``9H``: the card a marked wild stands for; an unmarked card (a natural 2
    in its own place) stands for itself."""
    return text.partition("=")[2] or text


def ask_wild_end(
    app: Host, ends: Sequence[tuple[str, Callable[[], object]]], prefer_high: bool = False
) -> None:
    """``ends``: (the marked wild, e.g. ``JK=4C``, and what placing it there does), the low
    end first. The end on the side the wild was dropped (``prefer_high``) has the focus, so
    Enter takes it."""
    (low, place_low), (high, place_high) = ends[0], ends[-1]
    question = app.routes.confirm(
        tr("wild.title", card=card_label(low.partition("=")[0])),
        [tr("wild.details")],
        tr("wild.as", card=card_label(stands_for(high))),
        tr("wild.as", card=card_label(stands_for(low))),
        place_high,
        on_no=place_low,
        focus_yes=prefer_high,
        choice=True,
    )
    app.push(question)
