"""A person's answer to a buy offer (RULES.md §5; the engine's offer phase, issue 11).

After the next player draws from the stock, the engine asks the seats that may buy the
discard one at a time, in turn order (``Phase.OFFER``; ``game.current_player`` is the seat
asked; ``observation.offer`` is ``Offer(seat, card, drawer)`` or None). A bot answers through
its ``choose``; a person answers on the table, with a prompt ("Comprar / Pasar", keys B / N).

The table must not stall while a person thinks, so the prompt passes by itself after
``OFFER_SECONDS``. Ten seconds: long enough to read the card and decide (buying is a quick
yes/no, and the card is the one just discarded, already seen), short enough that the table
does not seem to hang for the others; the countdown is on screen, and it stands still while
the game is paused (the table is not the top scene then, so it does not tick). Passing, not
buying, is the default because buying costs a card from the stock and must be a choice.

At a hot seat (two or more people) people are not offered buys: asking each privately would
pass the screen round after every discard, and asking on screen would show the player at the
keyboard what another would do. The session answers ``Pass`` for them (``MatchSession``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from carioca_desktop.rules.carioca.actions import Action, Pass
from carioca_desktop.rules.carioca.observation import Observation, Offer

OFFER_SECONDS = 10.0


def current_offer(obs: Observation) -> Offer | None:
    """The observation's ``offer`` (None when nobody is being asked)."""
    return obs.offer


def pass_action(seat: int) -> Action:
    """The engine's ``Pass(seat)`` (the seat asked declines the offer)."""
    return Pass(seat)


@dataclass
class OfferClock:
    """The countdown of one offer to a person: ``restart`` for a new offer (``key`` tells
    offers apart), ``tick`` while the table runs; True once the time is up."""

    seconds: float = OFFER_SECONDS
    left: float = OFFER_SECONDS
    key: object = None

    def restart(self, key: object) -> None:
        if key != self.key:
            self.key, self.left = key, self.seconds

    def stop(self) -> None:
        self.key = None

    @property
    def running(self) -> bool:
        return self.key is not None

    def tick(self, dt: float) -> bool:
        if self.key is None:
            return False
        self.left = max(0.0, self.left - dt)
        return self.left <= 0.0

    @property
    def shown(self) -> int:
        """Whole seconds left, as the prompt shows them (10, 9, … 1)."""
        return max(1, math.ceil(self.left - 1e-9))
