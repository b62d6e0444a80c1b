"""Opening a network table from the host's screen: the ``TableHost`` with the chosen game,
rules and seats, served by the app on every screen (``App.serve``), and a loopback client
for each of this computer's own people with the token the host made for that seat, so the
host's person plays through the same client and table screen as a joiner. No pygame."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from carioca_desktop import version
from carioca_desktop.i18n import tr
from carioca_desktop.net.seats import LOCAL, REMOTE, SeatSpec
from carioca_desktop.play.carioca.offer import offer_seconds
from carioca_desktop.ui.joining import Joining, LocalPeople

if TYPE_CHECKING:
    from carioca_desktop.ui.scene import Host
    from carioca_desktop.ui.serving import ServedTable

PORT = 47470  # `carioca host`'s default; another free port when it is taken
BIND = "0.0.0.0"  # every interface: the other computers reach it by this one's address
ME, PERSON = "me", "remote"


def seat_specs(kinds: Sequence[str]) -> list[SeatSpec]:
    """The screen's seat choices (me, a person who joins, a bot level) as the host's specs."""
    return [SeatSpec(LOCAL) if k == ME else SeatSpec(REMOTE) if k == PERSON
            else SeatSpec("bot", k) for k in kinds]  # fmt: skip


def local_names(kinds: Sequence[str], name: str) -> dict[int, str]:
    """This computer's people by seat: the first is ``name``, more are "Jugador 2"..."""
    seats = [i for i, k in enumerate(kinds) if k == ME]
    return {s: name if n == 0 else tr("newgame.person", n=n + 1) for n, s in enumerate(seats)}


def open_table(app: Host, game: str, rules: Any, kinds: Sequence[str], name: str,
               port: int = PORT, bind: str = BIND) -> tuple[ServedTable, LocalPeople]:  # fmt: skip
    """Listen, serve the table on every screen and seat this computer's people; OSError when
    no port can be listened on."""
    from carioca_desktop.net.host import TableHost

    def make(at: int) -> TableHost:
        return TableHost(game, rules, seat_specs(kinds), random.SystemRandom().randrange(2**31),
                         paths=app.paths, bind=bind, port=at, app=version(), auto_start=False,
                         buy_seconds=offer_seconds(app.settings.buy_seconds))  # fmt: skip

    try:
        host = make(port)
    except OSError:
        if port == 0:
            raise
        host = make(0)  # the usual port is taken (another table, another program)
    return _seated(app, host, local_names(kinds, name), name)


def reopen_table(app: Host, port: int = PORT, bind: str = BIND) -> tuple[ServedTable, LocalPeople]:
    """The network table this computer's network autosave holds, open again on the usual
    port (the joiners' kept tokens are by address), its own people seated again; its other
    people rejoin with their tokens. ValueError when there is none, OSError when no port."""
    from carioca_desktop.net.host import TableHost

    try:
        host = TableHost.resume(app.paths, bind=bind, port=port, app=version())
    except OSError:
        if port == 0:
            raise
        host = TableHost.resume(app.paths, bind=bind, port=0, app=version())
    mine = {s: r.name or tr("common.you") for s, r in host.remote.items() if r.local}
    return _seated(app, host, mine, next(iter(mine.values()), ""))


def _seated(
    app: Host, host: Any, people: dict[int, str], name: str
) -> tuple[ServedTable, LocalPeople]:
    """Serve ``host`` on every screen and connect this computer's ``people`` (by seat)."""
    served = app.serve(host, name)
    address = f"127.0.0.1:{host.port}"
    return served, LocalPeople([Joining.open(address, host.code, who, None,
                                             token=host.local_token(seat))
                                for seat, who in people.items()])  # fmt: skip
