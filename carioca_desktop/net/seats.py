"""The host's view of its seats: what each one is (a bot, a remote person, a person at the
host's own computer), who holds a person's seat now, its token, its ready mark, its grace
after a dropped connection and its stand-in bot."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from carioca_desktop.net.views import SeatFeed

REMOTE = "remote"
LOCAL = "local"
"""A person at the host's own computer: seated by the host's screen through a loopback
``NetClient`` with ``TableHost.local_token(seat)``, never given to a joiner."""
PEOPLE = (REMOTE, LOCAL)


@dataclass(frozen=True)
class SeatSpec:
    """One seat: ``remote``, ``local`` (the host's own person), or a bot of ``level``."""

    kind: str  # "remote" | "local" | "bot"
    level: str | None = None


def parse_seats(text: str, levels: tuple[str, ...]) -> list[SeatSpec]:
    """``remote,hard,remote,normal`` -> specs; ValueError with a one-line reason."""
    out: list[SeatSpec] = []
    for entry in text.split(","):
        word = entry.strip().lower()
        if word == REMOTE:
            out.append(SeatSpec(REMOTE))
        elif word in levels:
            out.append(SeatSpec("bot", word))
        else:
            raise ValueError(f"bad seat {entry.strip()[:20]!r}: use remote or {', '.join(levels)}")
    if not 2 <= len(out) <= 8:
        raise ValueError(f"{len(out)} seats: a table has 2 to 8")
    return out


@dataclass
class RemoteSeat:
    """A seat a person plays through a connection: from another computer, or (``local``)
    from the host's own, whose token the host made itself."""

    local: bool = False
    ready: bool = False  # the person's mark in the lobby (cleared when they drop)
    name: str | None = None
    token_hash: str | None = None
    conn: int | None = None
    away_since: float | None = None  # when its connection dropped (None while here)
    standin: Any = None  # the bot playing it once the grace is over
    feed: SeatFeed = field(default_factory=SeatFeed)

    @property
    def status(self) -> str:
        if self.standin is not None:
            return "bot"
        if self.conn is not None:
            return "here"
        return "away" if self.token_hash else "open"
