""" "How would hard have done?": a kept match's deal played again with one seat (the person's)
played by the ``hard`` bot and the other seats by the same bots, seeded as they were, shown
round by round beside what the seat really scored.

Carioca deals every round from the match seed alone, so each round is the same deal in both
matches; Buraco's later rounds are dealt from the shuffles the play went through, so only its
first round is the same deal (the comparison says so).
"""

from __future__ import annotations

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

    @property
    def totals(self) -> tuple[int, int]:
        return sum(self.played), sum(self.hard)


def _seat_points(game: AnyGame, seat: int, name: str) -> list[int]:
    if name == "buraco":
        return [int(r[seat % 2]) for r in game.observation(seat).history]  # type: ignore[union-attr]
    return [int(r[seat]) for r in game.round_points]  # type: ignore[union-attr]


def _bot_seed(match: MatchFile, seat: int) -> int:
    """The seed each seat's bot had: the app's sessions derive one per seat (play/session.py),
    the drivers give every seat the match seed."""
    if match.seeding == "session":
        return (match.seed * 7919 + seat * 104729) & 0x7FFFFFFF
    return match.seed


def _bots(match: MatchFile, seat: int) -> dict[int, Any]:
    if match.game == "buraco":
        from carioca_desktop.bots.buraco.driver import make_buraco_bot as make
    else:
        from carioca_desktop.bots.carioca.base import make_bot as make  # type: ignore[assignment]
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
    if match.game == "buraco":
        from carioca_desktop.bots.buraco.driver import buraco_step as step
    else:
        from carioca_desktop.bots.carioca.driver import bot_step as step  # type: ignore[assignment]
    result = Versus(match.game, seat, _seat_points(played, seat, match.game))
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        game.apply(step(game, bots))  # type: ignore[arg-type]
    result.finished = game.is_over
    result.hard = _seat_points(game, seat, match.game)
    rounds = min(len(result.played), len(result.hard))
    result.same_deals = rounds if match.game == "carioca" else min(1, rounds)
    return result


def versus_lines(v: Versus) -> list[str]:
    """The comparison as text lines (``carioca replay PATH --hard``)."""
    better = "lower" if v.game == "carioca" else "higher"
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
