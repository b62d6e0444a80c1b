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

from carioca_desktop import games
from carioca_desktop.play.session_base import bot_seed
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.replay_check import new_game, replay

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


def _bot_seed(match: MatchFile, seat: int) -> int:
    """The seed each seat's bot had: the app's sessions derive one per seat
    (play/session_base.py), the drivers give every seat the match seed."""
    return bot_seed(match.seed, seat) if match.seeding == "session" else match.seed


def _bots(match: MatchFile, seat: int) -> dict[int, Any]:
    known = games.entry(match.game)
    bots: dict[int, Any] = {}
    for i, player in enumerate(match.seats):
        level = "hard" if i == seat or player.level is None else player.level
        bots[i] = known.make_bot(level, i, _bot_seed(match, i))
    return bots


def versus_hard(match: MatchFile, seat: int | None = None) -> Versus:
    """Replay ``match`` (MatchFileError if it fails its checks), then play its deal with
    ``seat`` (default: the first person, else seat 0) played by ``hard``; any other person's
    seat is played by ``hard`` too."""
    humans = match.human_seats
    seat = (humans[0] if humans else 0) if seat is None else seat
    played = replay(match).game
    game, bots = new_game(match), _bots(match, seat)
    known = games.entry(match.game)
    result = Versus(match.game, seat, played.seat_round_points(seat))
    result.players = len(match.seats)
    for _ in range(MAX_ACTIONS):
        if game.is_over:
            break
        game.apply(known.bot_step(game, bots))
    result.finished = game.is_over
    result.hard = game.seat_round_points(seat)
    rounds = min(len(result.played), len(result.hard))
    result.same_deals = rounds if known.deals_from_seed else min(1, rounds)
    return result


def versus_lines(v: Versus) -> list[str]:
    """The comparison as text lines (``carioca replay PATH --hard``)."""
    better = "lower" if games.entry(v.game).lower_is_better else "higher"
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
