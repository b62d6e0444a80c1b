"""Contract codes of RULES.md §4 (``2T`` … ``4T|4E``, ``ER``, ``ES``, ``EC``, ``EP``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from ..errors import RuleSetError

SPECIALS = ("ER", "ES", "EC", "EP")
"""The 13-card contracts: escala real, sucia, de color, pintada."""

_MIXED_RE = re.compile(r"^(?:([1-9])T)?(?:([1-9])E)?$")
_CHOICE_RE = re.compile(r"^([1-9])T\|([1-9])E$")


@dataclass(frozen=True)
class Form:
    """One way to fulfil a contract: so many tríos and so many escalas."""

    trios: int
    escalas: int


@dataclass(frozen=True)
class Contract:
    """A round's contract. ``forms`` has two entries only for a choice such as ``4T|4E``."""

    code: str
    forms: tuple[Form, ...]
    special: str | None = None

    @property
    def is_choice(self) -> bool:
        return len(self.forms) > 1

    @property
    def kinds(self) -> frozenset[str]:
        """The meld kinds the contract names ("trio", "escala")."""
        out: set[str] = set()
        for form in self.forms:
            if form.trios:
                out.add("trio")
            if form.escalas:
                out.add("escala")
        return frozenset(out)

    def escala_length(self, escala_min: int) -> int:
        """Least cards in one escala of this contract: 3 in a choice round (§4), 13 in specials."""
        if self.special:
            return 13
        return 3 if self.is_choice else escala_min

    def min_cards(self, escala_min: int) -> int:
        """Fewest cards that lay the contract down (the easiest form)."""
        if self.special:
            return 13
        length = self.escala_length(escala_min)
        return min(3 * f.trios + length * f.escalas for f in self.forms)

    def describe(self) -> str:
        """English words, e.g. ``1 trío + 1 escala``; the UI translates from ``forms``."""
        if self.special:
            return {"ER": "escala real", "ES": "escala sucia", "EC": "escala de color"}.get(
                self.special, "escala pintada"
            )

        def one(form: Form) -> str:
            parts = []
            if form.trios:
                parts.append(f"{form.trios} trío" + ("s" if form.trios > 1 else ""))
            if form.escalas:
                parts.append(f"{form.escalas} escala" + ("s" if form.escalas > 1 else ""))
            return " + ".join(parts)

        return " or ".join(one(f) for f in self.forms)


@cache  # bounded in practice: only valid codes are cached, and rule sets name a handful
def parse_contract(code: str) -> Contract:
    """Parse a contract code, or raise RuleSetError saying what a valid code looks like."""
    if not isinstance(code, str):
        raise RuleSetError("bad_contract", f"a contract code must be a string, not {code!r}")
    if code in SPECIALS:
        return Contract(code, (Form(0, 1),), special=code)
    choice = _CHOICE_RE.match(code)
    if choice:
        return Contract(code, (Form(int(choice.group(1)), 0), Form(0, int(choice.group(2)))))
    mixed = _MIXED_RE.match(code)
    if mixed and (mixed.group(1) or mixed.group(2)):
        return Contract(code, (Form(int(mixed.group(1) or 0), int(mixed.group(2) or 0)),))
    raise RuleSetError(
        "bad_contract",
        f"{code!r} is not a contract code (examples: 2T, 1T1E, 3E, 4T|4E, ER, ES, EC, EP)",
        contract=code,
    )
