"""Melds (RULES.md §3): tríos and escalas with positional wilds, adding to them, swapping wilds.

Import from here: ``layout`` says what a meld is and the limits it always keeps, ``reading``
reads cards as one meld (its cache is cleared by ``clear_caches``), ``adding`` adds a card
to a meld or swaps a wild out of it.
"""

from __future__ import annotations

from .adding import extend, swap_slot, swapped
from .layout import (
    ESCALA,
    TRIO,
    Entry,
    Layout,
    MeldRules,
    Slot,
    check_layout,
    is_wild,
    position_rank,
    slot_text,
)
from .reading import analyse, clear_caches

__all__ = [
    "ESCALA",
    "TRIO",
    "Entry",
    "Layout",
    "MeldRules",
    "Slot",
    "analyse",
    "check_layout",
    "clear_caches",
    "extend",
    "is_wild",
    "position_rank",
    "slot_text",
    "swap_slot",
    "swapped",
]
