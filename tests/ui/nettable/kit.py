"""The network table's test kit: an in-process host on loopback (tests/fixtures/netkit.py),
this computer's seat(s) as SeatLinks, the app on the dummy driver, and a bot choosing the
person's moves through the scene's own action path."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from carioca_desktop.i18n import set_language
from carioca_desktop.net.client import Asked, NetClient, Started, Welcomed
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.link import SeatLink
from carioca_desktop.storage import Paths
from carioca_desktop.ui.app import App
from tests.fixtures.netkit import CODE, HostThread, new_host

_EARLY: dict[int, list[Any]] = {}  # what each client read while joining, by id


def join(port: int, name: str) -> NetClient:
    """A client once welcomed (so seats are taken in the order of the calls)."""
    client = NetClient(f"127.0.0.1:{port}", CODE, name)
    early = _EARLY.setdefault(id(client), [])
    end = time.monotonic() + 10
    while not any(isinstance(e, Welcomed) for e in early) and time.monotonic() < end:
        early.extend(client.poll(0.05))
    return client


def link(client: NetClient) -> SeatLink:
    """A joined seat once the host's ``start`` came (as the lobby hands it over)."""
    welcomed: Welcomed | None = None
    started: Started | None = None
    pending: list[Any] = []
    events = _EARLY.pop(id(client), [])
    end = time.monotonic() + 10
    while started is None and time.monotonic() < end:
        for event in events:
            if isinstance(event, Welcomed):
                welcomed = event
            elif isinstance(event, Started):
                started = event
            elif started is not None or welcomed is not None:
                pending.append(event)
        events = client.poll(0.05)
    pending.extend(events)  # what came in the same batch as ``start`` and after
    assert welcomed is not None and started is not None
    address = f"{client.host}:{client.port}"
    return SeatLink(client, address, CODE, "", welcomed, started, pending)


def table(tmp_path: Path, game: str, specs: str, seed: int = 5,
          rules: dict[str, Any] | None = None, size: tuple[int, int] = (1280, 720),
          fast: bool = True, here: int = 0, lang: str | None = None,
          **kw: Any) -> tuple[App, HostThread, list[SeatLink]]:  # fmt: skip
    """A host with ``specs`` seats ("remote" or a bot level); every remote seat joined, in
    seat order; the app showing the network table of the first ``here`` (0: all of them):
    the others are people at other computers."""
    host = new_host(game, rules or {}, specs, seed, **kw)
    thread = HostThread(host)
    names = ("Ana", "Beto", "Carla", "Diego")
    clients = [join(host.port, names[i]) for i in range(specs.split(",").count("remote"))]
    links = [link(c) for c in clients]
    app = App(size=size, paths=Paths.under(tmp_path), fast=fast)
    if lang is not None:  # the screenshots' language, before the table is built
        set_language(lang)
        app.manager.set_locale(lang)
    app.reset(app.routes.net_table(links[:here] if here else links))
    return app, thread, links


class Person:
    """A bot that plays this computer's seats through the table scene's ``perform``."""

    def __init__(self, game: str, seats: list[int], level: str = "normal") -> None:
        self.kind = KINDS[game]
        self.bots = {s: self.kind.make_bot(level, s, 7 + s) for s in seats}
        self.moves = 0

    def play(self, scene: Any) -> bool:
        """One move if one of this computer's seats is asked and nothing flies; True if so."""
        session = scene.session
        if scene.animator.busy or session.pending_bot_action() is not None:
            return False
        for feed in session.feeds:
            ask = feed.ask
            if ask is None or session.game.round_over:
                continue
            legal = tuple(self.kind.action_from_dict(a) for a in ask.legal)
            action = self.kind.driver_choice(self.bots[feed.seat], feed.obs, legal)
            scene.perform(action)
            self.moves += 1
            return True
        return False


def frames(app: App, seconds: float, until: Any = None, dt: float = 0.02) -> bool:
    """Frames for up to ``seconds`` of wall time (the host answers meanwhile)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.frame(dt)
        if until is not None and until():
            return True
        time.sleep(0.005)
    return until is None


def answered(app: App, scene: Any, seconds: float = 10) -> bool:
    """Frames until the person's move on its way is answered and shown (a move is sent
    without waiting: its state comes in later frames)."""
    session = scene.session
    return frames(app, seconds, lambda: session.sending is None and not session.answer_due)


@contextmanager
def partner_asked(tmp_path: Path, size: tuple[int, int] = (1280, 720), lang: str | None = None,
                  **options: Any) -> Iterator[tuple[NetClient, App, Any, Any]]:  # fmt: skip
    """Buraco with the partner question on: Ana (seat 0) at another computer asks her partner
    Carla (seat 2), whose table is this app's; yields Ana's client, the app, Carla's table and
    the question's dialog on top of it. ``options`` go to the host (e.g. ``buy_seconds``)."""
    from carioca_desktop.ui.scenes.confirm import ConfirmScene

    host = new_host("buraco", {"preset": "brasileiro", "ask_partner": True},
                    "remote,normal,remote,normal", 3, grace=600, **options)  # fmt: skip
    thread = HostThread(host)
    try:
        ana, carla = join(host.port, "Ana"), join(host.port, "Carla")
        ana_link, carla_link = link(ana), link(carla)
        app = App(size=size, paths=Paths.under(tmp_path), fast=True)
        if lang is not None:  # the screenshots' language, before the table is built
            set_language(lang)
            app.manager.set_locale(lang)
        app.reset(app.routes.net_table([carla_link]))  # this computer: Carla, seat 2
        table = app.stack.top
        got = list(ana_link.pending)
        while not any(isinstance(e, Asked) and e.seat == 0 for e in got):
            got += ana.poll(0.05)
            app.frame(0.016)
        ask = next(e for e in got if isinstance(e, Asked) and e.seat == 0)
        ana.send_partner_ask(ask.ask)
        assert frames(app, 10, lambda: isinstance(app.stack.top, ConfirmScene))
        yield ana, app, table, app.stack.top
    finally:
        thread.stop()
