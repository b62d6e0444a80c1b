"""Fuzzed actions against both engines in the default suite (issue 29 item 9; the 10^5 run is
``python -m tests.fixtures.fuzz_engines 100000``): no untyped exception, no refusal that changes the
game or carries a long message, and every kind of junk reaches a refusal with a code."""

from __future__ import annotations

import pytest

from tests.fixtures.fuzz_engines import bad, fuzz


@pytest.mark.parametrize("engine", ["carioca", "buraco"])
def test_fuzzed_actions_are_applied_or_refused_with_a_code(engine: str) -> None:
    counts, _ = fuzz(engine, 3000, seed=7)
    assert bad(counts) == 0, {k: n for k, n in counts.items() if "untyped" in k or "broken" in k}
    assert counts["legal: applied"] > 500
    assert counts["parse refused: bad_action"] > 300  # the codec refuses JSON junk
    assert counts["object: refused bad_action"] > 300  # the engine refuses malformed values
