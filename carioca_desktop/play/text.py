"""Words for the table: refusals, contracts, cards and move-log lines, in the chosen language."""

from __future__ import annotations

import re
from collections.abc import Sequence

from carioca_desktop.i18n import has, tr
from carioca_desktop.rules.carioca.contracts import parse_contract
from carioca_desktop.rules.carioca.observation import EventView
from carioca_desktop.rules.errors import Refusal

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CARD_RE = re.compile(r"\b(JK|A|[2-9]|10|J|Q|K)([SHDC])?(?:=(A|[2-9]|10|J|Q|K)([SHDC])?)?\b")
# Refusals whose count parameter picks a singular form (``<code>_one``) when it is 1.
_COUNTED = {
    "too_short": "missing",
    "special_13": "missing",
    "too_many_wilds": "limit",
    "buy_limit": "limit",
}
# Codes whose own text uses the ``meld`` parameter; others get a "Meld n:" prefix.
_OWN_MELD = frozenset({"exact_laydown", "no_such_meld"})


def card_label(code: str) -> str:
    """A card for reading: ``7H`` → ``7♥``, ``JK`` → the word for a wild, ``JK=7H`` → ``JK(7♥)``."""
    if "=" in code:
        head, _, tail = code.partition("=")
        return f"{card_label(head)}({_plain(tail)})"
    if code == "JK":
        return tr("table.joker")
    return _plain(code)


def _plain(code: str) -> str:
    suit = code[-1:]
    return code[:-1] + _SUITS[suit] if suit in _SUITS else code


def pretty_cards(text: str) -> str:
    """Every card code inside a message written with suit symbols (``JK=9H or JK=JH``)."""

    def one(match: re.Match[str]) -> str:
        return card_label(match.group(0))

    return _CARD_RE.sub(one, text)


def refusal_text(refusal: Refusal) -> str:
    """The refusal in the player's language; the engine's English message if no key exists."""
    params = {k: _param(k, v) for k, v in refusal.params.items()}
    key = f"refusal.{refusal.code}"
    count = _COUNTED.get(refusal.code)
    if count and refusal.params.get(count) == 1 and has(f"{key}_one", "es"):
        key = f"{key}_one"
    if not has(key, "es"):
        return pretty_cards(refusal.message)
    text = tr(key, **params)
    if "meld" in refusal.params and refusal.code not in _OWN_MELD:
        text = tr("refusal.in_meld", meld=refusal.params["meld"], text=text)
    return text


def _param(key: str, value: str | int) -> str:
    if key == "special" and isinstance(value, str):
        return tr(f"table.contract.{value}")
    if isinstance(value, str):
        return pretty_cards(value)
    return str(value)


def contract_text(code: str) -> str:
    """``1T1E`` → "1 trío + 1 escala", ``4T|4E`` → "4 tríos o 4 escalas", ``ER`` → "escala real"."""
    contract = parse_contract(code)
    if contract.special:
        return tr(f"table.contract.{contract.special}")
    forms = []
    for form in contract.forms:
        parts = []
        if form.trios:
            parts.append(_count("trios", form.trios))
        if form.escalas:
            parts.append(_count("escalas", form.escalas))
        forms.append(tr("table.contract.plus").join(parts))
    return tr("table.contract.or").join(forms)


def _count(what: str, n: int) -> str:
    return tr(f"table.contract.{what}_one") if n == 1 else tr(f"table.contract.{what}", n=n)


def level_text(level: str | None) -> str:
    return tr(f"table.level.{level}") if level else ""


def event_line(event: EventView, names: Sequence[str], viewer: int, you: bool = True) -> str | None:
    """One line of the move log for an event, or None for events not worth a line. With
    ``you`` the viewer's own moves are told in the second person ("Botaste el 8♣")."""
    name = names[event.seat] if 0 <= event.seat < len(names) else ""
    card = card_label(event.cards[0]) if event.cards else ""
    kind: str = str(event.kind)
    if kind == "draw" and event.source != "pozo":
        if event.secret and event.seat == viewer:
            kind, card = "draw_stock_seen", card_label(event.secret[0])
        else:
            kind = "draw_stock"
    elif kind == "draw":
        kind = "draw_pozo"
    elif kind == "deal":
        return tr("table.log.deal", name=name, n=(event.points[0] + 1) if event.points else 1)
    if kind not in _LOGGED:
        return None
    melds = "  ".join(" ".join(card_label(c) for c in meld) for meld in event.melds)
    if you and event.seat == viewer and has(f"table.log.{_YOU.get(kind, kind)}_you", "es"):
        return tr(f"table.log.{_YOU.get(kind, kind)}_you", card=card, melds=melds)
    return tr(f"table.log.{kind}", name=name, card=card, melds=melds)


_LOGGED = frozenset(
    {"pozo_start", "draw_stock", "draw_stock_seen", "draw_pozo", "discard", "lay_down", "add",
     "swap", "buy", "go_out", "reshuffle", "stock_out", "blocked"}
)  # fmt: skip
_YOU = {"draw_stock_seen": "draw_stock"}
