""" "How would hard have done?": a kept match's deal played again with one seat (the person's)
played by the ``hard`` bot and the other seats by the same bots, seeded as they were, shown
round by round beside what the seat really scored.

Carioca deals every round from the match seed alone, so each round is the same deal in both
matches; Buraco's later rounds are dealt from the shuffles the play went through, so only its
first round is the same deal (the comparison says so).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import AnyGame, new_game, replay

MAX_ACTIONS = 60_000  # a bot match that has not ended by then is cut (the drivers' caps)


@dataclass
class Versus:
    """Per round, the seat's points as played and as ``hard`` played them (Carioca: penalty
    points, lower is better; Buraco: the seat's side's points, higher is better)."""

    game: str
    seat: int
    played: list[int] = field(default_factory=list)
    hard: list[int] = field(default_factory=list)
    same_deals: int = 0  # how many rounds were dealt the same in both
    finished: bool = True
    players: int = 0  # seats at the table (Buraco's 2-player game has no partner to name)

    @property
    def totals(self) -> tuple[int, int]:
        return sum(self.played), sum(self.hard)


def _seat_points(game: AnyGame, seat: int, name: str) -> list[int]:
    return _GAMES[name].points(game, seat)


@dataclass(frozen=True)
class _Game:
    """What the comparison needs of each game."""

    points: Callable[[Any, int], list[int]]  # the seat's points per round
    bots: str  # module with make_bot / make_buraco_bot
    make: str
    driver: str  # module with the step function
    step: str
    all_deals_same: bool  # later rounds dealt from the seed alone
    better: str


_GAMES = {
    "carioca": _Game(lambda g, s: [int(r[s]) for r in g.round_points],
                     "carioca_desktop.bots.carioca.base", "make_bot",
                     "carioca_desktop.bots.carioca.driver", "bot_step", True, "lower"),
    "buraco": _Game(lambda g, s: [int(r[s % 2]) for r in g.observation(s).history],
                    "carioca_desktop.bots.buraco.driver", "make_buraco_bot",
                    "carioca_desktop.bots.buraco.driver", "buraco_step", False, "higher"),
}  # fmt: skip


def _bot_seed(match: MatchFile, seat: int) -> int:
    """The seed each seat's bot had: the app's sessions derive one per seat (play/session.py),
    the drivers give every seat the match seed."""
    if match.seeding == "session":
        return (match.seed * 7919 + seat * 104729) & 0x7FFFFFFF
    return match.seed


def _bots(match: MatchFile, seat: int) -> dict[int, Any]:
    known = _GAMES[match.game]
    make = getattr(importlib.import_module(known.bots), known.make)
    bots: dict[int, Any] = {}
    for i, player in enumerate(match.seats):
        level = "hard" if i == seat or player.level is None else player.level
        bots[i] = make(level, i, _bot_seed(match, i))
    return bots


def versus_hard(match: MatchFile, seat: int | None = None) -> Versus:
    """Replay ``match`` (MatchFileError if it fails its checks), then play its deal with
    ``seat`` (default: the first person, else seat 0) played by ``hard``; any other person's
    seat is played by ``hard`` too."""
    humans = match.human_seats
    seat = (humans[0] if humans else 0) if seat is None else seat
    played = replay(match).game
    game, bots = new_game(match), _bots(match, seat)
    known = _GAMES[match.game]
    step = getattr(importlib.import_module(known.driver), known.step)
    result = Versus(match.game, seat, _seat_points(played, seat, match.game))
    result.players = len(match.seats)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        game.apply(step(game, bots))
    result.finished = game.is_over
    result.hard = _seat_points(game, seat, match.game)
    rounds = min(len(result.played), len(result.hard))
    result.same_deals = rounds if known.all_deals_same else min(1, rounds)
    return result


def versus_lines(v: Versus) -> list[str]:
    """The comparison as text lines (``carioca replay PATH --hard``)."""
    better = _GAMES[v.game].better
    lines = [f"seat {v.seat} as played and as hard plays it ({better} is better):"]
    for r in range(max(len(v.played), len(v.hard))):
        mine = v.played[r] if r < len(v.played) else "-"
        hard = v.hard[r] if r < len(v.hard) else "-"
        note = "" if r < v.same_deals else " (another deal)"
        lines.append(f"  round {r + 1}: played {mine}, hard {hard}{note}")
    mine_total, hard_total = v.totals
    cut = "" if v.finished else " (hard's match was cut)"
    lines.append(f"  total: played {mine_total}, hard {hard_total}{cut}")
    return lines
