"""Playing a deal from its code: the same cards as the match the code came from, with the
seats the person chooses (their own seat first, bots of a chosen level in the others)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from carioca_desktop.play.carioca.session import SeatConfig
from carioca_desktop.storage.deal_codes import Deal, decode, rules_for
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
    rules = rules_for(deal, known_rules)
    seats = deal_seats(deal, person, levels)
    if deal.game == "buraco":
        from carioca_desktop.play.buraco.session import BuracoSession
        from carioca_desktop.rules.buraco.ruleset import BuracoRules

        return BuracoSession.new(BuracoRules.from_dict(rules), seats, deal.seed, paths=paths)
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.rules.carioca.ruleset import CariocaRules

    return MatchSession.new(CariocaRules.from_dict(rules), seats, deal.seed, paths=paths)
