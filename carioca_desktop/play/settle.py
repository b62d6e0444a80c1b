"""Keeping a long evening smooth (pygame-free): after a deal, what lives on (the solver's
caches, the match, the loaded modules) is moved out of the garbage collector's way.

Python's full collections walk every tracked object; a long session keeps the bots' solver
caches (bounded, but hundreds of thousands of objects), so by the thirtieth match one full
collection took seconds on a loaded machine and froze whatever it interrupted (a bot's
decision, a frame). ``gc.freeze()`` puts the objects alive now in a permanent generation that
collections skip; the young garbage is collected first (cheap) so that it is not frozen with
them. A frozen object is still freed when nothing refers to it (reference counting); only a
reference cycle frozen and dropped later would stay, and thirty matches measured no growth
from it (tools/bench/bench_long_evening.py: 113 MB against 115 MB without freezing). Thawing and
collecting at each match's end was measured too and dropped: that one collection walks the
same caches, a pause of seconds on a loaded machine."""

from __future__ import annotations

import gc


def after_deal() -> None:
    """A round was dealt: the young garbage goes, what lives on is frozen."""
    gc.collect(1)
    gc.freeze()
