"""Keeping a long evening smooth (pygame-free): after a deal, what lives on (the solver's
caches, the match, the loaded modules) is moved out of the garbage collector's way.

Python's full collections walk every tracked object; a long session keeps the bots' solver
caches (bounded, but hundreds of thousands of objects), so a full collection grew to about
1 s by the thirtieth match and froze whatever it interrupted. ``gc.freeze()`` puts the
objects alive now in a permanent generation that collections skip; the young garbage is
collected first (cheap) so that it is not frozen with them. A frozen object is still freed
when nothing refers to it; only a reference cycle frozen and dropped later stays, so at a
match's end (``match_over``) the generation is thawed and collected once, where a pause is
not felt (measured in tests/bench_long_evening.py)."""

from __future__ import annotations

import gc


def after_deal() -> None:
    """A round was dealt: the young garbage goes, what lives on is frozen."""
    gc.collect(1)
    gc.freeze()


def match_over() -> None:
    """The match ended: thaw and collect once, so cycles frozen and dropped since go too."""
    gc.unfreeze()
    gc.collect()
