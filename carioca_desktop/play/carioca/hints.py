"""Pista: the move the strongest bot would make now, from the player's own observation, in words.

The bot sees only what the player sees (the Observation and the legal moves); it never gets
the Game. Nothing here draws: the table lights ``Advice.cards`` and ``Advice.target``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from carioca_desktop.i18n import tr
from carioca_desktop.play.text import card_label
from carioca_desktop.rules.cards import parse_card
from carioca_desktop.rules.carioca.actions import (
    POZO,
    Action,
    Add,
    Buy,
    Discard,
    Draw,
    LayDown,
    Swap,
)
from carioca_desktop.rules.carioca.observation import MeldView, Observation
from carioca_desktop.rules.melds import is_wild

log = logging.getLogger(__name__)

LEVEL = "hard"  # the strongest bot

Target = tuple[str, int]  # ("stock" | "pozo" | "slots" | "meld", meld index or -1)


@dataclass(frozen=True)
class Advice:
    """A suggested move: the action, the hand cards it uses, where it goes and why."""

    action: Action
    cards: tuple[str, ...]
    target: Target
    text: str


def advise(obs: Observation, legal: Sequence[Action], seed: int) -> Advice | None:
    """What the ``hard`` bot would do in the player's place now (None when it is not the
    player's turn, or the bot fails: a hint must never stop the game)."""
    if not obs.my_turn:
        return None
    moves = [a for a in legal if not isinstance(a, Buy)]
    if not moves:
        return None
    try:
        from carioca_desktop.bots.carioca.base import Pass, make_bot

        choice = make_bot(LEVEL, obs.seat, seed).choose(obs, moves)
    except Exception:
        log.exception("the hint bot failed")
        return None
    if isinstance(choice, Pass):
        return None
    return explain(obs, choice)


def explain(obs: Observation, action: Action) -> Advice:
    """The advice for ``action``: its cards, its target and a short sentence."""
    if isinstance(action, Draw):
        return _draw(obs, action)
    if isinstance(action, LayDown):
        cards = tuple(_bare(c) for meld in action.melds for c in meld)
        return Advice(action, cards, ("slots", -1), tr("table.advice.lay_down"))
    if isinstance(action, (Add, Swap)):
        meld = obs.table[action.meld]
        card = card_label(_bare(action.card))
        where = _meld_words(obs, meld)
        key = "table.advice.add" if isinstance(action, Add) else "table.advice.swap"
        return Advice(action, (_bare(action.card),), ("meld", meld.index),
                      tr(key, card=card, meld=where))  # fmt: skip
    if isinstance(action, Discard):
        text = tr("table.advice.discard", card=card_label(action.card))
        return Advice(action, (action.card,), ("pozo", -1), text)
    return Advice(action, (), ("pozo", -1), "")


def _draw(obs: Observation, action: Draw) -> Advice:
    top = obs.pozo_top
    if action.source != POZO or top is None:
        return Advice(action, (), ("stock", -1), _stock_words(obs, top))
    reason, partners = _why(obs, top)
    text = tr(f"table.advice.pozo_{reason}", card=card_label(top))
    return Advice(action, partners, ("pozo", -1), text)


def _stock_words(obs: Observation, top: str | None) -> str:
    """Why the stock: the pozo's card is called no use only when nothing in the hand goes
    with it; otherwise the words say what it goes with, and that the stock is the better bet."""
    if top is None:
        return tr("table.advice.stock")
    reason, partners = _why(obs, top)
    if partners:
        cards = ", ".join(card_label(c) for c in partners)
        return tr("table.advice.stock_over_pozo", card=card_label(top), cards=cards)
    if reason == "useful":
        return tr("table.advice.stock_no_use", card=card_label(top))
    return tr("table.advice.stock_better", card=card_label(top))


def _why(obs: Observation, code: str) -> tuple[str, tuple[str, ...]]:
    """Why the pozo's card helps: it makes a trío (or a pair), lengthens an escala, fits a
    meld on the table, or (the bot's own reasons) it simply helps; and the cards it joins."""
    if is_wild(parse_card(code), obs.rules):
        return "wild", ()
    rank, suit = code[:-1], code[-1]
    naturals = [c for c in obs.hand if not is_wild(parse_card(c), obs.rules)]
    same = tuple(c for c in naturals if c[:-1] == rank)
    if len(same) >= 2:
        return "trio", same
    near = tuple(c for c in naturals if c[-1] == suit and _gap(c, code) <= 2)
    if len(near) >= 2:
        return "escala", near
    if same:
        return "pair", same
    if obs.laid_down[obs.seat] and obs.table:
        return "table", ()
    return "useful", near


_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _gap(a: str, b: str) -> int:
    """How far apart two ranks are (the ace low or high, whichever is closer)."""
    x, y = _ORDER.index(a[:-1]), _ORDER.index(b[:-1])
    d = abs(x - y)
    if "A" in (a[:-1], b[:-1]):
        d = min(d, 13 - d)
    return d if d else 99  # the same rank is no escala neighbour


def _meld_words(obs: Observation, meld: MeldView) -> str:
    kind = "trio" if meld.kind == "trio" else "escala"
    if meld.owner == obs.seat:
        return tr(f"table.advice.your_{kind}")
    return tr(f"table.advice.their_{kind}", name=obs.names[meld.owner])


def _bare(code: str) -> str:
    """A card as it is in the hand: ``JK=7H`` is the joker."""
    return code.partition("=")[0]
