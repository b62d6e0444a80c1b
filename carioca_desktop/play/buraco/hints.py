"""The Pista at the Buraco table: what the hard bot would do in the person's place, in words
(pygame-free). The bot sees only the person's observation, as every bot does."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop.i18n import tr
from carioca_desktop.play.buraco.text import cards_text
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
    meld: int | None = None  # the side's meld it aims at (an add, a swap)
    # Several new melds in one lay-down: each one's cards, so the table can set all but the
    # last aside and pick the last (Lay down then puts them all down, as advised).
    melds: tuple[tuple[str, ...], ...] = ()
    marked: tuple[str, ...] = ()  # an add's cards as advised, a wild with its end (JK=6H)


def advise(game: BuracoGame, seat: int, seed: int = 0) -> Advice | None:
    """The hard bot's move for ``seat`` now, or None when it is not that seat's turn."""
    if game.current_player != seat or game.round_over:
        return None
    from carioca_desktop.bots.buraco.driver import make_buraco_bot

    bot = make_buraco_bot("hard", seat, seed)
    obs = game.observation(seat)
    action = bot.choose(obs, game.legal_actions(seat))
    return describe(action, obs.pile_top)


def describe(action: Action, top: str | None = None) -> Advice:
    """``action`` in words, with the hand cards it uses; ``top`` is the pile's top card (a
    take of the pile with new melds puts it in one of them: it is not in the hand)."""
    if isinstance(action, Draw):
        return Advice(tr("buraco.hint.draw"), ())
    if isinstance(action, TakePile):
        groups = _without_top(action.melds, top)
        used = tuple(c for m in groups for c in m)
        return Advice(tr("buraco.hint.take_pile"), used, action.add, groups)
    if isinstance(action, LayDown):
        melds = "  ".join(cards_text(m) for m in action.melds)
        return Advice(
            tr("buraco.hint.lay_down", cards=melds),
            tuple(c for m in action.melds for c in m),
            melds=action.melds,
        )
    if isinstance(action, Add):
        plain = tuple(c.split("=")[0] for c in action.cards)
        words = tr("buraco.hint.add", cards=cards_text(action.cards))
        return Advice(words, plain, action.meld, marked=action.cards)
    if isinstance(action, Swap):
        return Advice(
            tr("buraco.hint.swap", card=cards_text((action.card,))), (action.card,), action.meld
        )
    if isinstance(action, Discard):
        return Advice(tr("buraco.hint.discard", card=cards_text((action.card,))), (action.card,))
    return Advice(tr("buraco.hint.next_round"), ())


def _without_top(
    melds: tuple[tuple[str, ...], ...], top: str | None
) -> tuple[tuple[str, ...], ...]:
    """The new melds of a take of the pile without its top card (it comes from the pile), the
    meld that holds it last: the table joins the top card to the picked cards, and the hint
    picks the last meld and sets the others aside."""
    if top is None:
        return melds
    for k, meld in enumerate(melds):
        codes = [c.split("=")[0] for c in meld]
        if top in codes:
            rest = list(meld)
            del rest[codes.index(top)]
            return (*melds[:k], *melds[k + 1 :], tuple(rest))
    return melds
