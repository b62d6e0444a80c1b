"""What the ``hard`` bot remembers of a round: every card it has seen go by, and what each
opponent took, refused and threw away. Built only from the bot's own observations."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.rules.cards import base_code
from carioca_desktop.rules.carioca.actions import POZO
from carioca_desktop.rules.carioca.observation import EventView, Observation


@dataclass
class Memory:
    """Incremental: ``update`` reads the events this seat has not read yet."""

    cursor: int = 0
    pozo: list[str] = field(default_factory=list)
    holds: dict[int, Counter[str]] = field(default_factory=dict)
    took: dict[int, list[str]] = field(default_factory=dict)
    refused: dict[int, set[str]] = field(default_factory=dict)
    thrown: dict[int, list[str]] = field(default_factory=dict)

    def update(self, obs: Observation) -> None:
        events = obs.events
        if self.cursor > len(events) or (events and self.cursor and events[0].n != 0):
            self.__init__()  # type: ignore[misc]  # a different match: start over
        for event in events[self.cursor :]:
            self._read(event)
        self.cursor = len(events)

    def _read(self, ev: EventView) -> None:
        kind, seat = ev.kind, ev.seat
        if kind == "deal":
            self.pozo, self.holds, self.took, self.refused, self.thrown = [], {}, {}, {}, {}
        elif kind == "pozo_start":
            self.pozo = [ev.cards[0]]
        elif kind == "draw":
            self._draw(ev)
        elif kind == "buy":
            card = self.pozo.pop() if self.pozo else ev.cards[0]
            self._gain(seat, card)
            self.took.setdefault(seat, []).append(card)
        elif kind == "discard":
            self.pozo.append(ev.cards[0])
            self._lose(seat, ev.cards[0])
            self.thrown.setdefault(seat, []).append(ev.cards[0])
        elif kind == "lay_down":
            for meld in ev.melds:
                for text in meld:
                    self._lose(seat, base_code(text))
        elif kind == "add":
            self._lose(seat, base_code(ev.cards[0]))
        elif kind == "swap":
            self._lose(seat, ev.cards[0])
            self._gain(seat, ev.cards[1])
        elif kind == "reshuffle":
            self.pozo = self.pozo[-1:]  # the rest went back into the stock: live again

    def _draw(self, ev: EventView) -> None:
        if ev.source == POZO:
            card = self.pozo.pop() if self.pozo else ev.cards[0]
            self._gain(ev.seat, card)
            self.took.setdefault(ev.seat, []).append(card)
        elif self.pozo:
            self.refused.setdefault(ev.seat, set()).add(self.pozo[-1])

    def _gain(self, seat: int, card: str) -> None:
        self.holds.setdefault(seat, Counter())[card] += 1

    def _lose(self, seat: int, card: str) -> None:
        held = self.holds.get(seat)
        if held and held[card] > 0:
            held[card] -= 1

    # ------------------------------------------------------------------ queries
    def out_of_play(self, me: int) -> Counter[str]:
        """Cards that cannot come to this seat now: the pozo and what opponents hold."""
        gone: Counter[str] = Counter(self.pozo)
        for seat, held in self.holds.items():
            if seat != me:
                gone.update(+held)
        return gone

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        return {
            "cursor": self.cursor,
            "pozo": list(self.pozo),
            "holds": {str(s): dict(sorted((+c).items())) for s, c in sorted(self.holds.items())},
            "took": {str(s): list(v) for s, v in sorted(self.took.items())},
            "refused": {str(s): sorted(v) for s, v in sorted(self.refused.items())},
            "thrown": {str(s): list(v) for s, v in sorted(self.thrown.items())},
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Memory:
        if not data:
            return cls()
        return cls(
            cursor=int(data["cursor"]),
            pozo=[str(c) for c in data["pozo"]],
            holds={
                int(s): Counter({str(k): int(n) for k, n in c.items()})
                for s, c in data["holds"].items()
            },
            took={int(s): [str(c) for c in v] for s, v in data["took"].items()},
            refused={int(s): {str(c) for c in v} for s, v in data["refused"].items()},
            thrown={int(s): [str(c) for c in v] for s, v in data["thrown"].items()},
        )
