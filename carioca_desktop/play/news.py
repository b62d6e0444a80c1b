"""What happened at a table since a person last acted (pygame-free, both games): the other
seats' events since then, a one-line summary of them for the hot-seat privacy screen, and
``News``: the melds and added cards each table marks until the person acts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.i18n import tr
from carioca_desktop.rules.events import EventView


@dataclass(frozen=True)
class News:
    """Since the viewer's last action in this round: the new melds (table indexes) and, for
    older melds, the cards added to them (as written on the table, ``JK=9C``)."""

    melds: frozenset[int] = frozenset()
    added: Mapping[int, tuple[str, ...]] = field(default_factory=dict)

    def marks(self, meld: int) -> tuple[bool, tuple[str, ...]]:
        """One meld's marks: whether it is new, and the cards added to it since."""
        return meld in self.melds, tuple(self.added.get(meld, ()))


def since(events: Sequence[EventView[Any]], viewer: int) -> list[EventView[Any]]:
    """The other seats' events since ``viewer`` last acted (its deal, at a round's start)."""
    start = 0
    for k in range(len(events) - 1, -1, -1):
        if events[k].seat == viewer or events[k].kind == "deal":
            start = k + 1 if events[k].seat == viewer else k
            break
    return [e for e in events[start:] if e.seat != viewer]


def summary(events: Sequence[EventView[Any]], viewer: int, names: Sequence[str]) -> str:
    """'Since your last turn: Beto laid down 2 melds · Carla added 3 cards' (empty when
    nothing happened), one clause per seat in the order they played; both games' events
    (Buraco's pile and morto, Carioca's pozo card and buys)."""
    counts: dict[int, dict[str, int]] = {}
    for event in since(events, viewer):
        tally = counts.setdefault(event.seat, {})
        if event.kind == "lay_down":
            tally["melds"] = tally.get("melds", 0) + len(event.melds)
        elif event.kind == "add":
            tally["added"] = tally.get("added", 0) + len(event.cards)
        elif event.kind == "take_pile":
            tally["pile"] = tally.get("pile", 0) + len(event.cards)
        elif event.kind == "draw" and event.source == "pozo":
            tally["pozo"] = 1
        elif event.kind == "buy":
            tally["buy"] = tally.get("buy", 0) + 1
        elif event.kind == "morto":
            tally["morto"] = 1
    parts = []
    for seat, done in counts.items():
        if not done or not 0 <= seat < len(names):
            continue
        what = [tr(f"news.{kind}_one") if n == 1 else tr(f"news.{kind}", n=n)
                for kind, n in done.items()]  # fmt: skip
        parts.append(tr("news.seat", name=names[seat], what=", ".join(what)))
    return tr("news.since", what=" · ".join(parts)) if parts else ""
