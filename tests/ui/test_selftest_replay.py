"""``--selftest`` draws the replay screens: History with a kept match of each game, both
replay viewers with every hand face up, and the coach's panel with a judged round."""

from __future__ import annotations

from pathlib import Path

import pytest

from carioca_desktop import selftest

pytestmark = pytest.mark.timeout(300)


@pytest.mark.slow  # two short bot matches and a judged round: ~3 s quiet, ~8 s at load 19
def test_the_selftest_draws_history_both_viewers_and_the_coach(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CARIOCA_HOME", str(tmp_path))
    check = dict(selftest.CHECKS)["replay screens"]
    detail = check()
    assert detail.startswith("drew history, both replay viewers with all hands, the coach (")
    for name in ("history with matches", "carioca replay all hands",
                 "buraco replay all hands", "replay coach"):  # fmt: skip
        assert (tmp_path / f"{name}.png").stat().st_size > 0
