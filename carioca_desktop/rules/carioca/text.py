"""A match written as a readable table (``str(game)``): for people, logs and golden files."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..melds import slot_text

if TYPE_CHECKING:
    from .state import State


def state_text(s: State) -> str:
    """Round and contract, whose move, each seat's hand size and lay-down, the melds (wilds
    written with what they stand for), the pozo, the stock and the scores."""
    rounds = len(s.rules.rounds)
    to_act = "-" if s.round_over else f"{s.turn} ({s.names[s.turn]})"
    lines = [
        f"round {s.round_index + 1}/{rounds} contract {s.rules.rounds[s.round_index]}"
        f" | turn {s.turn_number} phase {s.phase.value} to act {to_act} | dealer {s.dealer}",
    ]
    for seat, name in enumerate(s.names):
        down = "down" if s.laid_down_at[seat] is not None else "not down"
        lines.append(
            f"  seat {seat} {name}: {len(s.hands[seat])} cards, {down},"
            f" progress {s.progress[seat][0]}T{s.progress[seat][1]}E, buys {s.buys[seat]}"
        )
    lines.append(f"  table: {len(s.table)} melds")
    for i, meld in enumerate(s.table):
        cards = " ".join(slot_text(sl, s.cards[sl.ref]) for sl in meld.layout.slots)
        kind = meld.layout.special or meld.layout.kind
        extra = "" if meld.contract else " (extra)"
        lines.append(f"    [{i}] seat {meld.owner} {kind}{extra}: {cards}")
    top = s.cards[s.pozo[-1]].code if s.pozo else "-"
    lines.append(f"  pozo: {top} ({len(s.pozo)} cards) | stock: {len(s.stock)} cards")
    for r, points in enumerate(s.points):
        out = "-" if s.went_out[r] is None else str(s.went_out[r])
        lines.append(f"  round {r + 1} points: {' '.join(map(str, points))} (out: {out})")
    totals = [sum(p[seat] for p in s.points) for seat in range(s.players)]
    lines.append(f"  totals: {' '.join(map(str, totals))}")
    return "\n".join(lines)
