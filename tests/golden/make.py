"""Golden transcripts: a few seeded all-bot matches written as text, the proof that a change
meant to keep behaviour (a restructuring) kept it.

``python -m tests.golden.make`` rewrites the files; ``tests/test_golden.py`` replays the
matches and compares byte for byte. Each applied action is a line, followed by the events it
logged (without their log index; the buy offer's ``pass`` answers are left out, so the
format does not depend on how the offer is asked); ``str(game)`` follows every finished
round.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carioca_desktop.bots.carioca.base import make_bot
from carioca_desktop.bots.carioca.driver import bot_step
from carioca_desktop.rules.carioca.actions import NextRound, action_to_dict
from carioca_desktop.rules.carioca.game import Game
from carioca_desktop.rules.carioca.ruleset import CariocaRules

HERE = Path(__file__).parent
MAX_ACTIONS = 20_000


@dataclass(frozen=True)
class Match:
    name: str
    rules: dict[str, Any]
    levels: tuple[str, ...]
    seed: int


MATCHES = (
    Match(
        "clasico_buy_4",
        {"preset": "clasico", "buy": True},
        ("random", "easy", "normal", "hard"),
        11,
    ),
    Match("chico_3", {"preset": "chico", "players": 3}, ("hard", "easy", "normal"), 5),
    Match(
        "familiar_buy_6",
        {"preset": "familiar", "players": 6, "buy": True, "buy_limit": 1},
        ("easy", "normal", "random", "hard", "normal", "easy"),
        7,
    ),
    Match(
        "peruano_5",
        {"preset": "peruano", "players": 5, "wild_twos": "red", "extra_melds": True},
        ("normal", "hard", "easy", "normal", "random"),
        3,
    ),
)


def _line(data: dict[str, Any]) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def transcript(match: Match) -> str:
    """Play ``match`` and write it down."""
    game = Game.new(CariocaRules.from_dict(match.rules), match.seed)
    bots = [make_bot(level, seat, match.seed) for seat, level in enumerate(match.levels)]
    lines = [f"# {match.name}: rules {_line(match.rules)} levels {' '.join(match.levels)}"]
    lines.append(f"# seed {match.seed}")
    lines.append(str(game))
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        action = bot_step(game, bots)
        assert action is not None, "every seat is a bot, so some bot must act"
        before = len(game.state.events)
        game.apply(action)
        done = action_to_dict(action)
        if done["do"] == "pass":
            continue
        lines.append(_line(done))
        for event in game.state.events[before:]:
            seen = event.to_dict()
            del seen["n"]
            lines.append(f"  -> {_line(seen)}")
        if game.phase.value in ("round_over", "match_over") and not isinstance(action, NextRound):
            lines.append(str(game))
    else:
        raise AssertionError(f"{match.name} did not finish in {MAX_ACTIONS} actions")
    return "\n".join(lines) + "\n"


def path(match: Match) -> Path:
    return HERE / f"{match.name}.txt"


def main(argv: list[str]) -> int:
    for match in MATCHES:
        if argv and match.name not in argv:
            continue
        text = transcript(match)
        path(match).write_text(text, encoding="utf-8")
        print(f"{path(match)}: {text.count(chr(10))} lines")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
