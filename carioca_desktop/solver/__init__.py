"""The lay-down solver, for bots and the Auto button: a search over hands, not rules (the
engine checks whatever it proposes).

- ``hand``: card faces as indexes, hands as counts, what a rule set means for one round;
- ``cover``: the cover search (the melds of a contract form that leave the fewest slots
  missing), over the escalas and tríos of ``targets``, placing wilds exactly with ``alloc``;
- ``distances``: distance and outs (how far a hand is, which draws bring it closer);
- ``laydown``: the lay-down search (which melds to put down now);
- ``thirteen``: the 13-card contracts (``ER``, ``ES``, ``EC``, ``EP``).

Caches that live for the process, each bounded (least recently used entries go first);
``clear_caches()`` empties them all:

============================  ========  ============================================
cache                         entries   key
============================  ========  ============================================
``distances._reach_cached``   200 000   sorted hand, rules, round, progress, suits
``distances._outs_cached``    100 000   the same and the distance
``distances._distance_near``  200 000   the same and the distance of one card more
``hand._rules``               256       rules and round
``hand._hand_of``             4 096     sorted hand, rules of the round
``hand._windows``             64        ace wrapping and escala size
``hand._wild_flags``          16        the wild 2s
``targets._window_table``     64        ace wrapping and escala size
``targets._targets``          4 096     ranks held per suit, escala sizes, rules
``targets._suit_targets``     8 192     suit, its ranks held, size, wrapping, wild limit
``laydown._penalties``        64        rules
============================  ========  ============================================

A reach entry is a few hundred bytes, so the largest cache stays under about 100 MB.
"""

from __future__ import annotations

from . import distances, hand, laydown, targets
from .cover import Reach
from .distances import (
    discard_distances,
    distance,
    missing_cards,
    outs,
    reach,
    useful_cards,
)
from .hand import FACES, Melds, Value, face_of
from .laydown import find_laydown, find_partial_laydown

__all__ = [
    "FACES",
    "Melds",
    "Reach",
    "Value",
    "clear_caches",
    "discard_distances",
    "distance",
    "face_of",
    "find_laydown",
    "find_partial_laydown",
    "missing_cards",
    "outs",
    "reach",
    "useful_cards",
]


def clear_caches() -> None:
    """Forget every hand searched so far (benchmarks start cold with it; a long-running
    process may call it between matches)."""
    for cached in (
        distances._reach_cached,
        distances._outs_cached,
        distances._distance_near,
        hand._rules,
        hand._hand_of,
        hand._windows,
        hand._wild_flags,
        targets._window_table,
        targets._targets,
        targets._suit_targets,
        laydown._penalties,
    ):
        cached.cache_clear()
