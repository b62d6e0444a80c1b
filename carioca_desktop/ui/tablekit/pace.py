"""How a game's table paces its bots where the games differ (the clock in pacing.py and the
round end in round_end.py read it; each table scene names its own)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Pace:
    """How a game's table paces its bots, where the games differ."""

    # True: a move whose cards fly waits only for its flight, the pause is for a move with
    # none, and at top speed a batch goes on past such moves (Buraco, whose moves all fly);
    # False: every move waits its pause after it lands (Carioca).
    flight_is_pause: bool
    # True: the beat before the scores is at least two bots' pauses (Carioca); False: BEAT.
    beat_follows_pace: bool
    # True: at top speed the scores come without the beat even with nobody driving (Buraco).
    scores_at_once_at_top_speed: bool
