"""History's rows: each kept match as what the list shows (date, game, variant, players,
result, the person's place, its deal code), filtered by game and sorted; no pygame."""

from __future__ import annotations

from dataclasses import dataclass

from carioca_desktop import games
from carioca_desktop.storage.deal_codes import Deal, encode, fingerprint
from carioca_desktop.storage.match_file import MatchFile
from carioca_desktop.storage.paths import Paths
from carioca_desktop.storage.replay_index import headers
from carioca_desktop.storage.replays import Kept


@dataclass(frozen=True)
class Row:
    """One finished match in History."""

    kept: Kept
    header: MatchFile
    place: int | None  # the first person's place (1 = won); None: no person, or not ranked
    code: str | None  # its deal code; None when no code can name it

    @property
    def match_id(self) -> str:
        return self.header.match_id

    @property
    def preset(self) -> str:
        return str(self.header.rules.get("preset", ""))


def place_of(header: MatchFile) -> int | None:
    """The first person's place: Carioca by penalty total (lowest first; a match scored by
    rounds won is not ranked here), Buraco by side (1 or 2)."""
    humans = header.people_here  # at a network table, the person at this computer
    if not humans:
        return None
    place: int | None = games.entry(header.game).in_match_file("place")(
        header, humans[0], header.final_scores
    )
    return place


def code_of(header: MatchFile) -> str | None:
    """The deal code of a kept match dealt as the app deals (``seeding`` "session")."""
    if header.seeding != "session":
        return None
    preset = str(header.rules.get("preset", ""))
    players = len(header.seats)
    try:
        return encode(Deal(header.game, preset, players, fingerprint(header.rules), header.seed))
    except ValueError:
        return None


def rows(paths: Paths | None = None, game: str | None = None, newest: bool = True) -> list[Row]:
    """The kept matches of ``game`` (None: both), newest or oldest first."""
    out = [
        Row(kept, header, place_of(header), code_of(header))
        for kept, header in headers(paths)
        if game is None or header.game == game
    ]
    return out if newest else out[::-1]
