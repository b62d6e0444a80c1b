"""Keeping a long evening smooth (pygame-free): after a deal, what lives on (the solver's
caches, the match, the loaded modules) is moved out of the garbage collector's way.

Python's full collections walk every tracked object; a long session keeps the bots' solver
caches (bounded, but hundreds of thousands of objects), so by the thirtieth match one full
collection took seconds on a loaded machine and froze whatever it interrupted (a bot's
decision, a frame). ``gc.freeze()`` puts the objects alive now in a permanent generation that
collections skip; the young garbage is collected first (cheap) so that it is not frozen with
them. A frozen object is still freed when nothing refers to it (reference counting), but a
reference cycle frozen and dropped later stays for good: the screens alive at a match's first
deal (the New game screen that started it) and the table alive at its later deals are such
cycles, so each match left about 17 MB behind in the app (issue 23). One full collection a
match, at its second deal, thaws them: by then the screens that started the match are gone,
and so is the table of the match before. What a dropped table holds waits at most until then.
"""

from __future__ import annotations

import gc

_thaw_due = False  # the match's first deal froze screens that will be dropped
# The test suite turns the thaw off (tests/conftest.py): its process holds every test module's
# objects, so one full collection there costs seconds, and its memory fixture thaws after each
# test anyway. tests/play/test_settle.py turns it on again.
THAW_EACH_MATCH = True


def match_dealt() -> None:
    """A match was dealt (started or continued): its first deal. The screens alive now are
    frozen with the rest and thawed at the match's next deal."""
    global _thaw_due
    after_deal()
    _thaw_due = True


def after_deal() -> None:
    """A round was dealt: the young garbage goes (after a match's first deal, everything
    thawed and collected once), what lives on is frozen."""
    global _thaw_due
    if _thaw_due and THAW_EACH_MATCH:
        gc.unfreeze()
        gc.collect()
        _thaw_due = False
    else:
        gc.collect(1)
    gc.freeze()
