"""A Buraco bot asked by its partner whether they may go out (the ``ask_partner`` house rule):
it answers from its own observation only. Going out ends the round with every hand counted
against its side, so it says no while it holds many points the stock still leaves time to
meld, and yes otherwise."""

from __future__ import annotations

from typing import Any

from .cards import Spec

HOLDING = 40  # card points in hand above which, with time left, the bot would meld first
TIME_LEFT = 12  # stock cards that leave a turn or two to meld them


def agrees_to_go_out(obs: Any) -> bool:
    """Yes, unless the bot's hand holds more than ``HOLDING`` card points and the stock
    still has more than ``TIME_LEFT`` cards."""
    spec = Spec.of(obs.rules)
    held = sum(spec.value(card) for card in obs.hand)
    return held <= HOLDING or obs.stock_size <= TIME_LEFT
