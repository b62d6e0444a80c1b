"""Whole network matches through the commands: a host and three ``carioca join`` processes on
127.0.0.1 play the same match, byte for byte, as the same seeded match played locally: a short
Carioca match by default, a short Buraco one and a long one of each under ``slow``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.fixtures.netkit import bot_seed, local_final, start_host_cli, start_join_cli

NAMES = ["Bot 1", "Ana", "Beto", "Caro"]


def _network_match(tmp_path: Path, game: str, rules: dict[str, object], level: str,
                   seed: int) -> tuple[str, list[str], list[str]]:  # fmt: skip
    rules_file = tmp_path / "rules.json"
    rules_file.write_text(json.dumps(rules), encoding="utf-8")
    dump = tmp_path / "final.json"
    host, port = start_host_cli(
        ["--game", game, "--rules", str(rules_file), "--seats", f"{level},remote,remote,remote",
         "--seed", str(seed), "--dump", str(dump)],
        tmp_path / "host",
    )  # fmt: skip
    joins = [
        start_join_cli(port, NAMES[s], level, bot_seed(seed, s), tmp_path / f"join{s}")
        for s in (1, 2, 3)
    ]
    outs = [j.communicate(timeout=240)[0] for j in joins]
    host_out, host_err = host.communicate(timeout=60)
    assert host.returncode == 0, host_err
    assert [j.returncode for j in joins] == [0, 0, 0], [j.stderr.read() for j in joins if j.stderr]
    return dump.read_text(encoding="utf-8"), host_out.splitlines(), [o.splitlines() for o in outs]


@pytest.mark.timeout(300)
@pytest.mark.parametrize(
    ("game", "rules", "level", "seed"),
    [
        ("carioca", {"preset": "chico", "buy": True}, "normal", 11),
        # Buraco's under slow: by default its network match is played through the table
        # scene (tests/ui/nettable/test_match.py's short match) and these commands by Carioca.
        pytest.param("buraco", {"preset": "brasileiro"}, "normal", 5, marks=pytest.mark.slow),
    ],
)
def test_network_match_equals_the_local_match(tmp_path: Path, game: str, rules: dict[str, object],
                                              level: str, seed: int) -> None:  # fmt: skip
    final, host_lines, join_lines = _network_match(tmp_path, game, rules, level, seed)
    assert final == local_final(game, rules, NAMES, [level] * 4, seed)
    last = host_lines[-1]
    assert last.startswith("match over: scores [") and " winner " in last
    assert [lines[-1] for lines in join_lines] == [last] * 3
    rounds = [line for line in host_lines if line.startswith("round ")]
    assert rounds and all(lines[:-1] == rounds for lines in join_lines)
    if game == "carioca":
        assert '"buy"' in final  # buying was on and somebody bought: the offer went over the wire
    _recorded_on_each_computer(tmp_path)


def _recorded_on_each_computer(tmp_path: Path) -> None:
    """Bots played every seat: as a local all-bot match, no computer records it as its
    person's (neither statistics nor History), and the host cleared its autosave."""
    from carioca_desktop.storage import Paths
    from carioca_desktop.storage.replays import list_kept
    from carioca_desktop.storage.stats import load_stats

    for home in ("join1", "join2", "join3", "host"):
        paths = Paths.under(tmp_path / home)
        assert load_stats(paths)[0].records == (), home
        assert list_kept(paths) == [], home
    assert not Paths.under(tmp_path / "host").autosave_file.exists()


@pytest.mark.slow
@pytest.mark.timeout(900)
@pytest.mark.parametrize(
    ("game", "rules", "level", "seed"),
    [
        ("carioca", {"preset": "clasico", "buy": True}, "hard", 3),
        ("buraco", {"preset": "fechado"}, "hard", 8),
    ],
)
def test_long_network_match_equals_the_local_match(tmp_path: Path, game: str,
                                                   rules: dict[str, object], level: str,
                                                   seed: int) -> None:  # fmt: skip
    final, _, _ = _network_match(tmp_path, game, rules, level, seed)
    assert final == local_final(game, rules, NAMES, [level] * 4, seed)
