"""The lay-down slots: one per meld the player still owes (``rules.observation.owed_melds``),
each checked live by the engine."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from carioca_desktop.i18n import tr
from carioca_desktop.rules.cards import parse_marked
from carioca_desktop.rules.carioca.actions import LayDown
from carioca_desktop.rules.carioca.observation import OwedMeld
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.rules.melds import ESCALA, TRIO, Layout, analyse


@dataclass
class Slot:
    spec: OwedMeld
    uids: list[int] = field(default_factory=list)


class SlotsModel:
    """Which hand cards sit in which slot. The cards stay in the engine's hand until Bajarse."""

    def __init__(self) -> None:
        self.slots: list[Slot] = []

    def reset(self, specs: list[OwedMeld]) -> None:
        """New specs (a new round, or after laying down); keeps cards only if nothing changed."""
        if [s.spec for s in self.slots] != specs:
            self.slots = [Slot(spec) for spec in specs]

    def clear(self) -> None:
        for slot in self.slots:
            slot.uids.clear()

    def where(self, uid: int) -> int | None:
        return next((k for k, s in enumerate(self.slots) if uid in s.uids), None)

    @property
    def placed(self) -> set[int]:
        return {uid for slot in self.slots for uid in slot.uids}

    def place(self, uid: int, k: int) -> None:
        self.remove(uid)
        if 0 <= k < len(self.slots):
            self.slots[k].uids.append(uid)

    def remove(self, uid: int) -> None:
        for slot in self.slots:
            if uid in slot.uids:
                slot.uids.remove(uid)

    def keep_only(self, uids: set[int]) -> None:
        """Drop cards that left the hand (a discard, a new round)."""
        for slot in self.slots:
            slot.uids[:] = [u for u in slot.uids if u in uids]

    def is_empty(self) -> bool:
        return not any(s.uids for s in self.slots)


def verdict(codes: list[str], spec: OwedMeld, rules: CariocaRules) -> Layout | Refusal | None:
    """The engine's reading of one slot: its layout, the reason it is not a meld, or None."""
    if not codes:
        return None
    entries = [parse_marked(c) for c in codes]
    if spec.special:
        return analyse(entries, rules, special=spec.special)
    return analyse(entries, rules, spec.kind, spec.min_len)


def slot_title(spec: OwedMeld) -> str:
    """A slot's name: "Trío", "Escala (4+)", "Trío o escala", "Juego extra"…"""
    if spec.extra:
        return tr("table.slot.extra")
    if spec.special:
        return tr("table.slot.special", name=tr(f"table.contract.{spec.special}"))
    if spec.kind is None:
        return tr("table.slot.either")
    if spec.kind == TRIO:
        return tr("table.slot.trio")
    return tr("table.slot.escala", n=spec.min_len)


def missing_words(
    slots: SlotsModel, code_of: Callable[[int], str], rules: CariocaRules
) -> str | None:
    """What keeps the slots from being laid down, in words, slot by slot ("Escala (4+): falta
    1 carta"); None when every slot the contract needs holds a meld (the engine then judges
    the lay-down as a whole). For the greyed Bajarse button and the L key."""
    from carioca_desktop.play.text import refusal_text

    problems = []
    for slot in slots.slots:
        result = verdict([code_of(u) for u in slot.uids], slot.spec, rules)
        if result is None and not slot.spec.extra:
            problems.append(tr("table.missing.empty", slot=slot_title(slot.spec)))
        elif isinstance(result, Refusal):
            problems.append(
                tr("table.missing.slot", slot=slot_title(slot.spec), why=refusal_text(result))
            )
    return " · ".join(problems) or None


def ordered(codes: list[str], layout: Layout | Refusal | None) -> list[tuple[str, str | None]]:
    """The slot's cards as they would lie on the table: in escala order, each wild with the
    card it would stand for; unchanged when the slot is not a meld yet."""
    if not isinstance(layout, Layout):
        return [(c, None) for c in codes]
    out = []
    for slot in layout.slots:
        text = slot.marker.code if slot.wild else None
        out.append((codes[slot.ref], text))
    return out


def laydown_action(seat: int, groups: list[list[str]]) -> LayDown | None:
    """The LayDown of the non-empty slots (the engine judges it), or None if all are empty."""
    melds = tuple(tuple(g) for g in groups if g)
    return LayDown(seat, melds) if melds else None


def assign(
    melds: list[list[str]], specs: list[OwedMeld], rules: CariocaRules
) -> list[list[str]] | None:
    """Put a solver's melds into the slots by kind (tríos to trío slots, and so on)."""
    out: list[list[str]] = [[] for _ in specs]
    for meld in melds:
        kind = _kind_of(meld, rules)
        k = next(
            (i for i, s in enumerate(specs) if not out[i] and s.kind in (None, kind)),
            next((i for i, _ in enumerate(specs) if not out[i]), None),
        )
        if k is None:
            return None
        out[k] = [code.partition("=")[0] for code in meld]
    return out


def _kind_of(meld: list[str], rules: CariocaRules) -> str:
    """How the engine reads the solver's meld (a trío, else an escala)."""
    layout = analyse([parse_marked(c) for c in meld], rules, None, 3)
    return layout.kind if isinstance(layout, Layout) else ESCALA
