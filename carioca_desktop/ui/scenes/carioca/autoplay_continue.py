"""``carioca --autoplay --continue``: resume the autosave with every seat a bot and play it to
the end of the match at top speed (INTERFACES.md). The player's files are only read: the
resumed match is played without autosave, so the save stays as it was. A save that cannot be
resumed is set aside by the loader (bytes intact) and reported in one line on stderr."""

from __future__ import annotations

import sys
from dataclasses import replace
from typing import TYPE_CHECKING

from carioca_desktop.play.carioca.session import MatchSession
from carioca_desktop.play.seated import SeatConfig

if TYPE_CHECKING:
    from carioca_desktop.storage import Notice
    from carioca_desktop.ui.scene import AutoplayOptions, Host


def all_bots(session: MatchSession) -> MatchSession:
    """The same match with a bot (normal) in every person's seat, never saved."""
    from carioca_desktop.bots.carioca.base import make_bot

    seats = [s if s.kind == "bot" else SeatConfig(s.name, "bot", "normal") for s in session.seats]
    bots = dict(session.bots)
    for seat in session.human_seats:
        bots[seat] = make_bot("normal", seat, (session.seed + 7919 * seat) & 0x7FFFFFFF)
    out = MatchSession(
        session.game, seats, session.seed, session.preset, bots, session.paths, False, False
    )
    out.match_id = session.match_id
    return out


def notice_line(notice: Notice) -> str:
    moved = f"; set aside as {notice.moved_to}" if notice.moved_to else ""
    detail = " ".join(notice.detail.split())[:200]
    return f"carioca: saved game not continued: {notice.problem} ({detail}){moved}"


def start_continue(app: Host, options: AutoplayOptions) -> bool:
    """Open the table on the resumed match; False (and a line on stderr) if there is none."""
    from carioca_desktop.play.carioca.session import MatchSession
    from carioca_desktop.play.resume import load_resumable
    from carioca_desktop.ui.autoplay import AutoplayDriver
    from carioca_desktop.ui.scenes.carioca import TableScene

    session, notices = load_resumable(app.paths)
    # The app's start already checked the save (and set a bad one aside): say that too.
    notices = [n for n in app.take_notices() if n.file == "save"] + notices
    if session is None:
        lines = list(dict.fromkeys(notice_line(n) for n in notices))  # each said once
        lines = lines or ["carioca: no saved game to continue"]
        sys.stderr.write("\n".join(lines[:3]) + "\n")
        return False
    if not isinstance(session, MatchSession):  # a Buraco save: left as it is
        sys.stderr.write("carioca: --autoplay --continue plays on Carioca saves only\n")
        return False
    resumed = all_bots(session)
    rounds = len(resumed.game.rules.rounds)
    driver = AutoplayDriver(replace(options, rounds=rounds))
    app.push(TableScene(app, resumed, autoplay=driver))
    return True
