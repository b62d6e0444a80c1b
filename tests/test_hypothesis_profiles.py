"""The Hypothesis profiles: the default run tries a quarter of each property's examples, a run
of ``-m slow`` all of them, and the properties run again there."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests.conftest import full_run
from tests.fixtures.examples import FLOOR, examples


class _Config:
    def __init__(self, expr: str) -> None:
        self.expr = expr

    def getoption(self, name: str, default: Any = None) -> Any:
        return self.expr if name == "markexpr" else default


@pytest.mark.parametrize(
    ("expr", "full"),
    [("slow", True), (" slow ", True), ("slow and not net", True), ("not slow", False),
     ("not  slow", False), ("", False), ("properties", False)],
)  # fmt: skip
def test_only_a_run_of_the_slow_tests_is_a_full_run(expr: str, full: bool) -> None:
    assert full_run(_Config(expr)) is full  # type: ignore[arg-type]


def test_this_run_loaded_its_profile(pytestconfig: pytest.Config) -> None:
    if full_run(pytestconfig):
        assert settings.default.max_examples == 100
        assert examples(150) == 150 and examples(40) == 40
    else:
        assert settings.default.max_examples == 25
        assert examples(150) == 37 and examples(40) == FLOOR
    # Neither profile times an example: a loaded CI machine is no failure of a property.
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check


def test_the_properties_run_again_under_slow(pytestconfig: pytest.Config) -> None:
    """`-m slow` selects every property (they carry the marker), by the hook in conftest."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-o", "addopts=", "-m", "slow", "--collect-only", "-q",
         "tests/storage/test_settings.py", "tests/rules/buraco/test_fuzz.py"],
        capture_output=True, text=True, cwd=pytestconfig.rootpath, timeout=120,
    ).stdout  # fmt: skip
    assert "test_settings.py::test_any_settings_object_loads_without_crashing" in out
    assert "test_fuzz.py::TestBuracoFuzz::runTest" in out
    assert "test_unknown_objects_are_refused_not_crashed" not in out
