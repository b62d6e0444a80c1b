"""``carioca replay PATH`` and bot matches written as match files (``simulate --record``)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carioca_desktop import games
from carioca_desktop.storage.match_file import (
    MatchFile,
    MatchFileError,
    dump_match,
    now_iso,
    read_match_file,
)
from carioca_desktop.storage.records import PlayerRecord
from carioca_desktop.storage.replay_check import AnyGame, encode_action, final_scores, replay

USAGE = "usage: carioca replay PATH [--hard] [--coach]"


@dataclass
class Recorder:
    """Collects a bot match's actions through the drivers' ``on_action`` hook (called with
    the game just before each action is applied) and keeps the game to read its end."""

    game_name: str
    actions: list[dict[str, Any]]
    game: AnyGame | None = None

    def __call__(self, game: AnyGame, action: Any) -> None:
        self.game = game
        self.actions.append(encode_action(self.game_name, action))


def record_bot_match(
    game_name: str, rules: Any, levels: Sequence[str], seed: int
) -> tuple[Any, MatchFile | None, AnyGame | None]:
    """Play a bot match with the game's driver, as the simulator does; returns the driver's
    result, the match file (None for an unfinished match) and the finished game."""
    recorder = Recorder(game_name, [])
    entry = games.entry(game_name)  # its whole-match driver, as the simulator plays it
    play = getattr(entry.module("driver"), entry.match_player)
    result: Any = play(rules, levels, seed, on_action=recorder)
    game = recorder.game
    if game is None or not game.is_over:
        return result, None, game
    names = game.to_dict()["names"]
    match = MatchFile(
        game=game_name,
        rules=rules.to_dict(),
        seats=tuple(PlayerRecord(n, "bot", lv) for n, lv in zip(names, levels, strict=True)),
        seed=seed,
        seeding="direct",  # the drivers deal with Game.new(rules, seed)
        actions=tuple(recorder.actions),
        final_scores=final_scores(game),
        match_id=f"sim-{game_name}-{seed & 0xFFFFFFFFFFFF:x}-{''.join(x[0] for x in levels)}",
        finished_at=now_iso(),
    )
    return result, match, game


def writer_to(folder: Path | None) -> Callable[[MatchFile, int], None]:
    """What ``simulate --record DIR`` calls with each finished match and its number."""

    def write(match: MatchFile, number: int) -> None:
        if folder is not None:
            path = folder / f"{match.game}-{number:05d}-seed{match.seed}.json"
            path.write_bytes(dump_match(match))

    return write


def main(argv: Sequence[str]) -> int:
    """Replay a match file without a window; 0 with the last line ``replayed N actions:
    final scores [...]``, 2 with one line saying why the file fails its checks."""
    hard, coach = "--hard" in argv, "--coach" in argv
    names = [a for a in argv if a not in ("--hard", "--coach")]
    if len(names) != 1 or names[0].startswith("-"):
        sys.stderr.write(f"carioca replay: give one match file\n{USAGE}\n")
        return 2
    path = Path(names[0])
    try:
        replayed = replay(read_match_file(path))
    except MatchFileError as err:
        sys.stderr.write(f"carioca replay: {path.name}: {err.reason}\n")
        return 2
    match = replayed.match
    print(f"{match.game}: {', '.join(p.name for p in match.seats)} (seed {match.seed})")
    if hard:  # "how would hard have done?": the same deal, the person's seat played by hard
        from carioca_desktop.play.versus import versus_hard, versus_lines

        print("\n".join(versus_lines(versus_hard(match))))
    if coach:  # each decision of the person judged by hard
        module = games.entry(match.game).module("coach")
        seat = match.human_seats[0] if match.human_seats else 0
        print(f"seat {seat}'s decisions judged by hard:")
        print("\n".join(module.coach_lines(module.judge(match, seat))))
    print(f"replayed {replayed.actions} actions: final scores {list(final_scores(replayed.game))}")
    return 0
