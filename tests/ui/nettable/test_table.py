"""The network table on screen (dummy driver, loopback, an in-process TableHost): remote
moves reach the real table and animate, the person's moves are sent and applied, the
host's refusals are shown in words, a dropped seat's avatar counts down and then shows the
bot, this computer's reconnection keeps the hand, the host gone returns to the menu."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from carioca_desktop.i18n import set_language, tr
from carioca_desktop.net.host import GRACE
from carioca_desktop.play.netsession import REMOTE
from carioca_desktop.play.text import refusal_text
from carioca_desktop.rules.carioca.actions import Discard
from carioca_desktop.rules.errors import Refusal
from carioca_desktop.ui.scenes.carioca.nettable import NetCariocaTable
from tests.fixtures.netkit import HostThread
from tests.ui.nettable.kit import Person, answered, frames, table

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def hosts() -> Iterator[list[HostThread]]:
    started: list[HostThread] = []
    yield started
    for thread in started:
        thread.stop()


def test_a_remote_move_reaches_the_table_and_flies(tmp_path: Path, hosts: list[HostThread]) -> None:
    """Seat 0 is a bot at the host, so the first moves are another seat's: each arrives
    as a state, waits for the table's clock, and its cards fly as a bot's do."""
    app, thread, _links = table(tmp_path, "carioca", "normal,remote,normal", fast=False)
    hosts.append(thread)
    scene = app.stack.top
    assert isinstance(scene, NetCariocaTable)
    flights: list[object] = []
    add = scene.animator.add
    scene.animator.add = lambda f: (flights.append(f), add(f))[1]  # type: ignore[method-assign]
    start = len(scene.obs.events)
    assert frames(app, 20, lambda: len(scene.obs.events) > start + 1 and flights)
    assert scene.obs.events[start].seat == 0  # the host's bot moved, seen here
    assert scene.obs.hand == thread.host.game.observation(1).hand


def test_the_persons_move_is_sent_and_applied(tmp_path: Path, hosts: list[HostThread]) -> None:
    app, thread, _links = table(tmp_path, "carioca", "remote,normal,normal")
    hosts.append(thread)
    scene = app.stack.top
    person = Person("carioca", [0])
    assert frames(app, 10, lambda: person.play(scene))  # the draw
    assert answered(app, scene)
    assert thread.host.game.event_count >= 1
    assert scene.session.feeds[0].obs.hand == thread.host.game.observation(0).hand
    assert len(scene.obs.hand) == len(thread.host.game.hand(0))


def test_a_refusal_is_shown_in_words_and_changes_nothing(
    tmp_path: Path, hosts: list[HostThread]
) -> None:
    """A discard before drawing: the host's engine refuses, the table says why in Spanish."""
    app, thread, _links = table(tmp_path, "carioca", "remote,normal,normal")
    hosts.append(thread)
    scene = app.stack.top
    assert frames(app, 10, lambda: scene.session.feeds[0].ask is not None)
    before = thread.host.game.event_count
    scene.perform(Discard(0, scene.obs.hand[0]))  # sent: the answer comes in later frames
    expected = refusal_text(Refusal("must_draw_first", ""))
    assert frames(app, 10, lambda: expected in [t.text for t in scene.toasts])
    assert scene.session.sending is None
    assert thread.host.game.event_count == before
    assert scene.session.feeds[0].ask is not None  # still asked: the person may draw


def test_a_dropped_seat_counts_down_then_shows_the_bot(
    tmp_path: Path, hosts: list[HostThread]
) -> None:
    app, thread, links = table(tmp_path, "carioca", "remote,remote,normal", grace=3.0, here=1)
    hosts.append(thread)
    scene = app.stack.top
    other = links[1]  # the person at another computer: not on this table
    assert scene.net.status_words(1) == tr("net.table.seat_here")
    other.client.close()

    def away() -> bool:
        return scene.session.status.get(1) == "away"

    assert frames(app, 10, away)
    counts: list[str] = []
    frames(app, 10, lambda: counts.append(scene.net.status_words(1) or "") or
           scene.session.status.get(1) == "bot")  # fmt: skip
    shown = [tr("net.table.seat_away", seconds=n) for n in range(4)]
    away = [shown.index(w) for w in dict.fromkeys(counts) if w in shown]
    assert away and away == sorted(away, reverse=True), counts  # the grace's seconds, down
    assert frames(app, 10, lambda: scene.session.status.get(1) == "bot")
    assert scene.net.status_words(1) == tr("net.table.seat_bot")


def test_reconnection_keeps_the_hand_as_it_was(tmp_path: Path, hosts: list[HostThread]) -> None:
    app, thread, links = table(tmp_path, "carioca", "remote,normal,normal", grace=20.0)
    hosts.append(thread)
    scene = app.stack.top
    person = Person("carioca", [0])
    assert frames(app, 10, lambda: person.play(scene))
    assert answered(app, scene)  # the draw's card is in the hand
    scene.model.hand.sort("rank")
    scene.model.hand.cards.reverse()  # an order no sort gives
    order = [c.code for c in scene.model.hand.cards]
    staged = scene.model.hand.cards[0].uid
    scene.model.slots.place(staged, 0)  # a card put in the first lay-down slot
    scene.refresh()
    links[0].client.drop()
    assert frames(app, 10, lambda: scene.net.notice() is not None)
    assert scene.net.notice() is not None and "Reconectando" in scene.net.notice()
    assert frames(app, 10, lambda: scene.net.notice() is None and links[0].client.connected)
    frames(app, 0.5)
    assert [c.code for c in scene.model.hand.cards] == order
    assert scene.model.slots.where(staged) == 0  # the staged card is still staged
    assert app.stack.top is scene
    moves = person.moves
    assert frames(app, 10, lambda: person.play(scene) or person.moves > moves)  # plays on


def test_the_host_gone_returns_to_the_menu_with_the_message(
    tmp_path: Path, hosts: list[HostThread]
) -> None:
    app, thread, _links = table(tmp_path, "buraco", "remote,normal,normal,normal")
    scene = app.stack.top
    thread.stop()
    t0 = time.monotonic()
    assert frames(app, 8, lambda: app.stack.top is not scene)
    # At once, not after trying to reconnect for the host's grace (60 s); the bound leaves
    # room for a loaded machine (it is about 0.1 s on an idle one).
    assert time.monotonic() - t0 < GRACE / 3
    menu = app.stack.top
    assert type(menu).__name__ == "MenuScene"
    assert tr("net.table.host_gone") in menu.messages


def test_a_remote_move_never_comes_before_its_turn(tmp_path: Path, hosts: list[HostThread]) -> None:
    """The states queue: the table asks for the next one only when nothing flies, and the
    person is asked only once every move before the ask is shown."""
    app, thread, _links = table(tmp_path, "carioca", "normal,normal,remote")
    hosts.append(thread)
    scene = app.stack.top
    assert frames(app, 15, lambda: scene.session.feeds[0].ask is not None)
    assert scene.session.pending_bot_action() is not REMOTE
    assert scene.obs.turn == 2 and scene.session.shown == thread.host.applied


def test_the_buy_offer_counts_the_hosts_seconds(tmp_path: Path, hosts: list[HostThread]) -> None:
    """Asked to buy, the person sees the offer with the host's countdown (``ask.seconds``)."""
    app, thread, _links = table(
        tmp_path, "carioca", "remote,normal,normal", seed=2, rules={"buy": True}
    )
    hosts.append(thread)
    scene = app.stack.top
    feed = scene.session.feeds[0]
    person = Person("carioca", [0])

    def offered() -> bool:
        if feed.ask is not None and feed.obs.phase == "offer":
            return True
        person.play(scene)
        return False

    assert frames(app, 30, offered)
    app.frame(0.02)
    assert feed.ask is not None and feed.ask.seconds is not None
    assert scene.offer is not None and scene.offer.visible
    assert scene.offer.clock.seconds == feed.ask.seconds


def test_a_buraco_refusal_is_shown_in_words(tmp_path: Path, hosts: list[HostThread]) -> None:
    from carioca_desktop.rules.buraco.actions import Discard as BuracoDiscard

    app, thread, _links = table(tmp_path, "buraco", "remote,normal,normal,normal")
    hosts.append(thread)
    scene = app.stack.top
    assert frames(app, 10, lambda: scene.session.feeds[0].ask is not None)
    before = thread.host.game.event_count
    scene.perform(BuracoDiscard(0, scene.obs.hand[0]))
    expected = refusal_text(Refusal("must_draw_first", ""))
    assert frames(app, 10, lambda: expected in [t.text for t in scene.toasts])
    assert thread.host.game.event_count == before


def test_reactions_go_out_and_show_by_the_senders_seat(
    tmp_path: Path, hosts: list[HostThread]
) -> None:
    """F5 sends this person's first reaction; another computer's arrives as a bubble by its
    seat, in this computer's language, and goes after a few seconds."""
    import pygame

    from carioca_desktop.net.protocol import REACTIONS

    app, thread, links = table(tmp_path, "carioca", "remote,remote,normal", here=1)
    hosts.append(thread)
    scene = app.stack.top
    set_language("pt")
    links[1].client.send_reaction("thanks")
    app.process(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F5, mod=0, unicode=""))

    def both() -> bool:
        return {(b.seat, b.text) for b in scene.net.bubbles} >= {
            (1, tr("net.react.thanks")), (0, tr(f"net.react.{REACTIONS[0]}"))}  # fmt: skip

    assert frames(app, 10, both)
    assert tr("net.react.thanks") == tr("net.react.thanks", "pt") != tr("net.react.thanks", "es")
    for bubble in scene.net.bubbles:
        bubble.until = 0.0  # their few seconds are over
    app.frame(0.02)
    assert scene.net.bubbles == []


def test_the_reactions_button_opens_the_row_and_a_click_sends(
    tmp_path: Path, hosts: list[HostThread]
) -> None:
    app, thread, _links = table(tmp_path, "buraco", "remote,normal,normal,normal")
    hosts.append(thread)
    scene = app.stack.top
    assert scene.net.toggle is not None and not scene.net.buttons
    scene.net.open_row()
    assert len(scene.net.buttons) == 6
    scene.net.react("oops")
    assert not scene.net.buttons  # the row closes once one is sent
    assert frames(app, 10, lambda: any(b.seat == 0 for b in scene.net.bubbles))


def test_leaving_the_table_closes_this_computers_connection(
    tmp_path: Path, hosts: list[HostThread]
) -> None:
    """Back to the menu: the seat's connection closes, the host keeps the seat for its grace."""
    app, thread, links = table(tmp_path, "carioca", "remote,remote,normal", here=1)
    hosts.append(thread)
    assert frames(app, 5, lambda: thread.host.remote[0].conn is not None)
    app.reset(app.routes.menu())
    assert frames(app, 5, lambda: thread.host.remote[0].conn is None)
    assert not links[0].client.connected


def test_a_host_gone_as_the_table_opens_leaves_at_the_menu(tmp_path: Path) -> None:
    """The host stops as the lobby hands the seat over: the table never sticks, the menu
    says the host left."""
    from carioca_desktop.storage import Paths
    from carioca_desktop.ui.app import App
    from tests.fixtures.netkit import new_host
    from tests.ui.nettable.kit import join, link

    host = new_host("carioca", {}, "remote,normal,normal", 5)
    thread = HostThread(host)
    lone = link(join(host.port, "Ana"))
    lone.pending.clear()  # the first state may never reach the table
    thread.stop()
    app = App(size=(1280, 720), paths=Paths.under(tmp_path), fast=True)
    app.reset(app.routes.net_table([lone]))
    assert frames(app, 10, lambda: type(app.stack.top).__name__ == "MenuScene")
    assert tr("net.table.host_gone") in app.stack.top.messages


@pytest.mark.parametrize("game", ["carioca", "buraco"])
def test_the_hint_reads_the_seats_view_at_a_network_table(
    tmp_path: Path, hosts: list[HostThread], game: str
) -> None:
    """The Pista: the strongest bot's move from this seat's observation and the host's
    legal list (the first move of a turn: a draw)."""
    specs = "remote,normal,normal" if game == "carioca" else "remote,normal,normal,normal"
    app, thread, _links = table(tmp_path, game, specs)
    hosts.append(thread)
    scene = app.stack.top
    assert frames(app, 10, lambda: scene.session.feeds[0].ask is not None)
    scene.ask_hint()
    words = [t.text for t in scene.toasts]
    if game == "carioca":
        assert scene.advice.current is not None, words
    else:
        assert words and tr("buraco.hint.not_now") not in words, words
