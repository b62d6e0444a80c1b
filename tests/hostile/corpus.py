"""A corpus of hostile files for CARIOCA_HOME (issue 15), and what the game must do with each.

Each kind is one file (settings.json, stats.json or the autosave) and an expected outcome:

- ``aside``: moved to ``<name>.corrupt-<stamp>`` with its bytes (or the FIFO / folder itself)
  intact; for settings the app then writes fresh defaults in its place;
- ``repaired``: a copy of the original bytes is kept aside and a repaired file written;
- ``kept``: left exactly as it was (valid, or a newer version's file, never touched);
- ``dropped``: removed without a copy (a finished match's save already in the statistics).

Homes group one settings, one stats and one autosave kind, since a start checks all three.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from itertools import zip_longest
from pathlib import Path
from typing import Any

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.storage import MatchRecord, Paths, PlayerRecord, write_autosave
from carioca_desktop.storage.carioca.records import record_to_dict
from tests.fixtures.hostile_base import base_session_dict, play_step, stand_ins

HUGE = "1" + "0" * 400
DEEP = "[" * 5000 + "]" * 5000
LIST_ROUND = {"rounds": [["2T"]]}


@dataclass(frozen=True)
class Kind:
    name: str
    file: str  # "settings" | "stats" | "save"
    outcome: str  # "aside" | "repaired" | "kept" | "dropped"
    make: Callable[[Path], None]  # writes the thing at the given path


def text(body: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(body, encoding="utf-8")


def raw(body: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(body)


def fifo(path: Path) -> None:
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.mkdir()
    (path / "inside.txt").write_text("kept")


def device(path: Path) -> None:
    os.symlink("/dev/zero", path)


def settings(**values: Any) -> Callable[[Path], None]:
    return text(json.dumps({"schema": 1, **values}))


# ---------------------------------------------------------------------- stats
def record(match_id: str | None = "m1", name: str = "Ana", totals: Any = None) -> dict[str, Any]:
    rec = MatchRecord(
        finished_at="2026-01-01T10:00:00+00:00",
        preset="chico",
        rules={"preset": "chico", "players": 2},
        players=[PlayerRecord("Tú", "human"), PlayerRecord(name, "bot", "easy")],
        round_points=[[0, 10], [5, 0], [0, 7], [3, 0]],
        totals=[8, 17],
        winners=[0],
        scoring="penalty",
        human_seats=[0],
        match_id=match_id,
    )
    out = record_to_dict(rec)
    if totals is not None:
        out["totals"] = totals
    return out


def stats(*records: dict[str, Any], tail: str = "") -> Callable[[Path], None]:
    return text(json.dumps({"schema": 1, "matches": list(records)}) + tail)


# ---------------------------------------------------------------------- saves
def small_session(seed: int = 8, steps: int = 30) -> MatchSession:
    rules = CariocaRules.from_dict({"preset": "chico", "players": 2})
    seats = [SeatConfig("Tú", "human"), SeatConfig("Ana", "bot", "easy")]
    session = MatchSession.new(rules, seats, seed, autosave=False)
    players = stand_ins(session)
    for _ in range(steps):
        play_step(session, players)
    return session


def save_of(match: dict[str, Any]) -> Callable[[Path], None]:
    def make(path: Path) -> None:
        staging = path.parent / "staging"
        write_autosave(match, Paths.under(staging))
        path.write_bytes(Paths.under(staging).autosave_file.read_bytes())
        for leftover in sorted(staging.rglob("*"), reverse=True):
            leftover.unlink() if leftover.is_file() else leftover.rmdir()
        staging.rmdir()

    return make


def spoilt(name: str) -> Callable[[Path], None]:
    from tests.rules.carioca.test_hostile_state import CASES

    data = base_session_dict()
    CASES[name](data)
    return save_of(data)


def finished_save() -> tuple[Callable[[Path], None], str]:
    session = small_session(steps=0)
    data = session.to_dict()
    return save_of(data), session.match_id


def _kinds() -> list[Kind]:
    valid = small_session().to_dict()
    finished, finished_id = finished_save()
    k = Kind
    return [
        # settings.json
        k("s_huge_volume", "settings", "repaired", text(f'{{"schema": 1, "volume": {HUGE}}}')),
        k("s_huge_ui_scale", "settings", "repaired", text(f'{{"schema":1,"ui_scale":{HUGE}}}')),
        k("s_nan_volume", "settings", "aside", text('{"schema": 1, "volume": NaN}')),
        k("s_infinity", "settings", "aside", text('{"schema": 1, "ui_scale": Infinity}')),
        k("s_zero_width_name", "settings", "repaired", settings(player_name="\u200bAna")),
        k("s_bidi_name", "settings", "repaired", settings(player_name="\u202eanA")),
        k("s_bom_name", "settings", "repaired", settings(player_name="\ufeff\u2060")),
        k("s_nul_name", "settings", "repaired", settings(player_name="A\x00na")),
        k("s_10000_char_name", "settings", "repaired", settings(player_name="N" * 10_000)),
        k("s_window_16384", "settings", "kept", settings(window_size=[16384, 16384])),
        k("s_float_card_back", "settings", "repaired", settings(card_back=0.5, volume=0.3)),
        k("s_rules_rounds_list", "settings", "repaired", settings(house_rules=LIST_ROUND)),
        k("s_fifo", "settings", "aside", fifo),
        k("s_folder", "settings", "aside", folder),
        k("s_device", "settings", "aside", device),
        k("s_binary", "settings", "aside", raw(b"\xff\xfe\x00garbage\x80")),
        k("s_deep", "settings", "aside", text(DEEP)),
        k("s_list", "settings", "aside", text("[1, 2, 3]")),
        k("s_truncated", "settings", "aside", text('{"schema": 1, "volume": 0.')),
        k("s_empty", "settings", "aside", text("")),
        k("s_newer", "settings", "kept", text('{"schema": 7, "volume": 0.2}')),
        # stats.json
        k("t_valid", "stats", "kept", stats(record())),
        k("t_valid_without_ids", "stats", "kept", stats(record(None), record(None))),
        k("t_fifo", "stats", "aside", fifo),
        k("t_folder", "stats", "aside", folder),
        k("t_nan", "stats", "aside", text('{"schema": 1, "matches": [NaN]}')),
        k(
            "t_huge_total",
            "stats",
            "repaired",
            text(
                json.dumps({"schema": 1, "matches": [record("m2")]}).replace(
                    '"totals": [8, 17]', f'"totals": [8, {HUGE}]'
                )
            ),
        ),
        k("t_name_with_tab", "stats", "repaired", stats(record("m3"), record("m4", "A\tB"))),
        k("t_deep", "stats", "aside", text(DEEP)),
        k("t_matches_not_list", "stats", "aside", text('{"schema": 1, "matches": {}}')),
        k("t_too_large", "stats", "aside", raw(b" " * (16 * 1024 * 1024 + 1))),
        k("t_newer", "stats", "kept", text('{"schema": 9, "matches": "later"}')),
        # the autosave
        k("a_valid", "save", "kept", save_of(valid)),
        k("a_trio_of_three_ranks", "save", "aside", spoilt("trio_of_three_ranks")),
        k("a_memory_ZZ", "save", "aside", spoilt("hard_bot_memory_ZZ")),
        k("a_nul_name", "save", "aside", spoilt("nul_in_seat_name")),
        k("a_10000_char_name", "save", "aside", spoilt("name_of_10000_chars")),
        k("a_score_10e200", "save", "aside", spoilt("score_10e200")),
        k("a_escala_real_of_4", "save", "aside", spoilt("escala_real_of_4")),
        k("a_all_zero_rng", "save", "aside", spoilt("all_zero_rng")),
        k("a_rng_word_2e40", "save", "aside", spoilt("rng_word_out_of_range")),
        k("a_turn_minus_1000", "save", "aside", spoilt("turn_number_minus_1000")),
        k("a_40000_rounds", "save", "aside", spoilt("rounds_40000")),
        k("a_event_explode", "save", "aside", spoilt("event_kind_explode")),
        k("a_deck_of_30", "save", "aside", spoilt("deck_of_30_cards")),
        k("a_hand_of_30", "save", "aside", spoilt("hand_of_30_cards")),
        k("a_huge_seed", "save", "aside", save_of({**valid, "seed": 10**400})),
        k("a_fifo", "save", "aside", fifo),
        k("a_folder", "save", "aside", folder),
        k("a_truncated", "save", "aside", lambda p: (save_of(valid)(p), _truncate(p))),
        k("a_newer", "save", "kept", text('{"schema": 5, "match": {}}')),
        k("a_finished_recorded:" + finished_id, "save", "dropped", finished),
    ]


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


_CACHE: list[Kind] = []


def kinds() -> list[Kind]:
    if not _CACHE:
        _CACHE.extend(_kinds())
    return list(_CACHE)


@dataclass(frozen=True)
class Home:
    name: str
    kinds: tuple[Kind, ...]

    def build(self, root: Path) -> Paths:
        """Write this home's files under ``root``; its Paths."""
        paths = Paths.under(root)
        paths.autosave_file.parent.mkdir(parents=True, exist_ok=True)
        for kind in self.kinds:
            target = {"settings": paths.settings_file, "stats": paths.stats_file,
                      "save": paths.autosave_file}[kind.file]  # fmt: skip
            kind.make(target)
            if kind.name.startswith("a_finished_recorded:"):
                match_id = kind.name.split(":", 1)[1]
                stats(record(match_id))(paths.stats_file)
        return paths


def homes() -> list[Home]:
    """One settings, one stats and one autosave kind per home (fewer app starts)."""
    by_file: dict[str, list[Kind]] = {"settings": [], "stats": [], "save": []}
    for kind in kinds():
        by_file[kind.file].append(kind)
    finished = [k for k in by_file["save"] if k.outcome == "dropped"]
    others = [k for k in by_file["save"] if k.outcome != "dropped"]
    trios = zip_longest(by_file["settings"], by_file["stats"], others)
    out = [Home(f"home{i:02d}", tuple(k for k in trio if k is not None))
           for i, trio in enumerate(trios)]  # fmt: skip
    out += [Home(f"home{len(out):02d}", tuple(finished))]  # its stats file comes with it
    return out
