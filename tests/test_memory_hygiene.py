"""The release between tests (tests/fixtures/memory.py): what a test froze or left queued
is freed once the test is over, so the one process of the default run does not grow."""

from __future__ import annotations

import gc
import weakref

import pygame
import pytest

from tests.fixtures.memory import (
    release_test_leftovers,
    resident_bytes,
    return_freed_memory,
    trim_if_grown,
)


class Screen:
    """A stand-in for a screen and its widgets: a reference cycle."""

    def __init__(self) -> None:
        self.me = self


def test_a_cycle_frozen_by_a_deal_is_freed_once_the_test_is_over() -> None:
    screen = Screen()
    gone = weakref.ref(screen)
    gc.freeze()  # as play/settle.py does at each deal, the screen still alive
    del screen
    gc.collect()
    assert gone() is not None  # frozen: the collector does not see it
    release_test_leftovers()
    gc.collect()
    assert gone() is None


def test_events_left_queued_are_dropped_with_what_they_hold() -> None:
    pygame.display.init()
    screen = Screen()
    gone = weakref.ref(screen)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT, ui_element=screen))
    del screen
    gc.collect()
    assert gone() is not None  # the queue holds it, as pygame_gui's button events do
    assert release_test_leftovers() >= 1
    gc.collect()
    assert gone() is None
    assert pygame.event.peek() is False


def test_freed_memory_goes_back_on_linux() -> None:
    import sys

    assert return_freed_memory() is sys.platform.startswith("linux")


@pytest.mark.skipif(resident_bytes() is None, reason="reads Linux's /proc/self/statm")
def test_a_module_is_collected_after_once_the_process_has_grown() -> None:
    """The module-end collection and trim wait for growth: each walks the whole worker."""
    step = 32 * 1024 * 1024
    assert trim_if_grown(0)  # the last trim is now
    assert not trim_if_grown(step)  # nothing grew since
    held = bytearray(b"x") * (2 * step)  # written, so resident
    assert trim_if_grown(step), "grown by twice the step"
    assert not trim_if_grown(step)  # measured again from the trim that just ran
    del held
