"""The golden transcripts (tests/golden/) replay byte for byte: behaviour did not change."""

from __future__ import annotations

import difflib

import pytest

from tests.golden.make import MATCHES, Match, path, transcript


@pytest.mark.parametrize("match", MATCHES, ids=lambda m: m.name)
def test_transcript_is_unchanged(match: Match) -> None:
    expected = path(match).read_text(encoding="utf-8")
    actual = transcript(match)
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail(
            f"{match.name} differs from {path(match)} (regenerate with "
            "`python -m tests.golden.make` only if the change is meant):\n"
            + "\n".join(list(diff)[:80])
        )


def test_transcripts_cover_buying_and_every_level() -> None:
    levels = {level for m in MATCHES for level in m.levels}
    assert levels >= {"random", "easy", "normal", "hard"}
    assert any(m.rules.get("buy") for m in MATCHES)
    text = path(MATCHES[0]).read_text(encoding="utf-8")
    assert '"do":"buy"' in text and "round 8/8" in text
