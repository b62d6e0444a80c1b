"""Playing a deal from its code: the same cards as the match the code came from, with the
seats the person chooses (their own seat first, bots of a chosen level in the others)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from carioca_desktop import games
from carioca_desktop.play.carioca.session import SeatConfig
from carioca_desktop.storage.deal_codes import Deal, decode, load_rules, rules_for
from carioca_desktop.storage.paths import Paths

BOT_NAMES = ("Beto", "Carla", "Diego", "Elena", "Fabián", "Gabi", "Hugo")


def deal_seats(deal: Deal, person: str, levels: Sequence[str]) -> list[SeatConfig]:
    """The person at seat 0, bots in the rest (``levels`` cycled over them)."""
    bots = [
        SeatConfig(BOT_NAMES[i % len(BOT_NAMES)], "bot", levels[i % len(levels)])
        for i in range(deal.players - 1)
    ]
    return [SeatConfig(person, "human"), *bots]


def start_deal(
    code: str,
    person: str,
    levels: Sequence[str],
    known_rules: Iterable[Mapping[str, Any]] = (),
    paths: Paths | None = None,
) -> Any:
    """A new session (Carioca's or Buraco's) dealing the code's cards; DealCodeError (one
    line) for a code that cannot be read or whose house rules are unknown here."""
    deal = decode(code)
    rules = load_rules(deal.game, rules_for(deal, known_rules))
    seats = deal_seats(deal, person, levels)
    session_type: Any = games.entry(deal.game).session_type  # the registry's (games.py)
    return session_type.new(rules, seats, deal.seed, paths=paths)
