"""The tests' shared wait (tests/fixtures/waiting.py): it returns the condition's value as
soon as it holds, and its failure names what was awaited and shows what was seen."""

from __future__ import annotations

import pytest

from tests.fixtures.waiting import wait_until


def test_the_wait_returns_the_value_once_the_condition_holds() -> None:
    polls: list[int] = []
    got = wait_until(lambda: len(polls) >= 3 and "done", step=lambda: polls.append(1))
    assert got == "done" and len(polls) == 3


def test_the_wait_fails_naming_what_it_awaited_and_what_it_saw() -> None:
    seen = ["hello", "lobby"]
    with pytest.raises(AssertionError, match=r"the welcome: not within 0.05 s; seen: \['hello'"):
        wait_until(lambda: False, 0.05, "the welcome", lambda: seen)
