"""The Pista at the Buraco table: what the hard bot would do in the person's place, in words
(pygame-free). The bot sees only the person's observation, as every bot does."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco_text import cards_text
from carioca_desktop.rules.buraco.actions import (
    Action,
    Add,
    Discard,
    Draw,
    LayDown,
    Swap,
    TakePile,
)
from carioca_desktop.rules.buraco.game import BuracoGame


@dataclass(frozen=True)
class Advice:
    words: str
    cards: tuple[str, ...]  # hand cards the advice uses (to light them)
    meld: int | None = None


def advise(game: BuracoGame, seat: int, seed: int = 0) -> Advice | None:
    """The hard bot's move for ``seat`` now, or None when it is not that seat's turn."""
    if game.current_player != seat or game.round_over:
        return None
    from carioca_desktop.bots.buraco_driver import make_buraco_bot

    bot = make_buraco_bot("hard", seat, seed)
    action = bot.choose(game.observation(seat), game.legal_actions(seat))
    return describe(action)


def describe(action: Action) -> Advice:
    if isinstance(action, Draw):
        return Advice(tr("buraco.hint.draw"), ())
    if isinstance(action, TakePile):
        used = tuple(c for m in action.melds for c in m[1:])
        return Advice(tr("buraco.hint.take_pile"), used, action.add)
    if isinstance(action, LayDown):
        melds = "  ".join(cards_text(m) for m in action.melds)
        return Advice(
            tr("buraco.hint.lay_down", cards=melds), tuple(c for m in action.melds for c in m)
        )
    if isinstance(action, Add):
        plain = tuple(c.split("=")[0] for c in action.cards)
        return Advice(tr("buraco.hint.add", cards=cards_text(action.cards)), plain, action.meld)
    if isinstance(action, Swap):
        return Advice(
            tr("buraco.hint.swap", card=cards_text((action.card,))), (action.card,), action.meld
        )
    if isinstance(action, Discard):
        return Advice(tr("buraco.hint.discard", card=cards_text((action.card,))), (action.card,))
    return Advice(tr("buraco.hint.next_round"), ())
