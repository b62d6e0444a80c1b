"""What changed at the Buraco table since a person last acted (pygame-free): the melds laid
down and the cards added since, which the table marks until the person acts (the one-line
summary for the hot-seat privacy screen is both games': news.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from carioca_desktop.play.news import since
from carioca_desktop.rules.buraco.observation import EventView


@dataclass(frozen=True)
class News:
    """Since the viewer's last action in this round: the new melds (table indexes) and, for
    older melds, the cards added to them (as written on the table, ``JK=9C``)."""

    melds: frozenset[int] = frozenset()
    added: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def marks(self, meld: int) -> tuple[bool, tuple[str, ...]]:
        """One meld's marks: whether it is new, and the cards added to it since."""
        return meld in self.melds, tuple(self.added.get(meld, ()))


def news(events: Sequence[EventView], viewer: int) -> News:
    melds: set[int] = set()
    added: dict[int, list[str]] = {}
    for event in since(events, viewer):
        if event.kind == "lay_down" and event.meld is not None:
            melds.update(range(event.meld, event.meld + len(event.melds)))
        elif event.kind in ("add", "swap") and event.meld is not None and event.meld not in melds:
            cards = event.cards[:1] if event.kind == "swap" else event.cards  # a swap: the natural
            added.setdefault(event.meld, []).extend(cards)
    return News(frozenset(melds), {k: tuple(v) for k, v in added.items()})
