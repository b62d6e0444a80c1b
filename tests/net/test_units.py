"""The network table's parts: the wire views (an observation rebuilt exactly, every message
under the cap, undo's shorter log), table codes and the slow-down, the message parser,
discovery on loopback, and the commands' bad arguments and refusals."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from carioca_desktop.net import protocol as p
from carioca_desktop.net.admission import (
    CODE_ALPHABET,
    FREE_TRIES,
    Throttle,
    new_code,
    normal_code,
)
from carioca_desktop.net.games import KINDS
from carioca_desktop.net.views import ClientLog, ClientView, SeatFeed
from tests.fixtures.netkit import ROOT, env
from tests.fixtures.waiting import PATIENCE, wait_until

pytestmark = pytest.mark.timeout(120)  # a hung socket fails in minutes, with its stack


def _feed_roundtrip(game: str, rules: dict[str, Any], seed: int) -> int:
    """Play a bot match; after every action each seat's rebuilt observation equals the
    engine's; a feed started from nothing at the end (a rejoin) also fits the cap."""
    kind = KINDS[game]
    g = kind.new_session(kind.load_rules({**rules, "players": 4}),
                         _bot_seats(), seed, None, False).game  # fmt: skip
    bots = [kind.make_bot("normal", s, s) for s in range(4)]
    feeds, views, biggest = [SeatFeed() for _ in range(4)], [ClientView(game) for _ in range(4)], 0
    while not g.is_over:
        g.apply(
            kind.next_round()
            if g.round_over
            else kind.decide(g, g.current_player, bots[g.current_player])
        )
        for s in range(4):
            biggest = max(biggest, _deliver(game, feeds[s], views[s], g.observation(s)))
    late = ClientView(game)
    biggest = max(biggest, _deliver(game, SeatFeed(), late, g.observation(1)))
    return biggest


def _deliver(game: str, feed: SeatFeed, view: ClientView, obs: Any) -> int:
    biggest = 0
    for msg in feed.messages(obs, 0):
        text = p.encode(msg)
        biggest = max(biggest, len(text.encode()))
        msg = json.loads(text)
        if msg["t"] == "state":
            assert view.read(msg) == obs
        else:
            view.log.extend(msg["at"], msg["events"])
    return biggest


def _bot_seats() -> list[Any]:
    from carioca_desktop.play.seated import SeatConfig

    return [SeatConfig(f"B{i}", "bot", "normal") for i in range(4)]


@pytest.mark.parametrize(("game", "rules"), [("carioca", {"preset": "chico", "buy": True}),
                                             ("buraco", {"preset": "italiano"})])  # fmt: skip
def test_each_seat_rebuilds_its_exact_observation_in_capped_messages(
    game: str, rules: dict[str, Any]
) -> None:
    assert _feed_roundtrip(game, rules, 3) < p.MAX_MESSAGE


def test_a_state_carries_only_the_fields_that_changed() -> None:
    """Whole after a (re)connection, then only what differs from the last state sent: the
    rules and an unchanged table are not sent again, and the client's view stays exact."""
    kind = KINDS["carioca"]
    g = kind.new_session(kind.load_rules({"preset": "chico", "players": 4}), _bot_seats(), 8,
                         None, False).game  # fmt: skip
    feed, view = SeatFeed(), ClientView("carioca")
    first = feed.messages(g.observation(1), 0)[-1]
    assert first["full"] is True and "rules" in first["obs"] and "hand" in first["obs"]
    view.read(json.loads(p.encode(first)))
    g.apply(kind.decide(g, g.current_player, kind.make_bot("normal", g.current_player, 1)))
    delta = feed.messages(g.observation(1), 1)[-1]
    assert delta["full"] is False
    assert {"stock_size", "phase"} <= set(delta["obs"]) and not {"rules", "names"} & set(
        delta["obs"]
    )
    assert view.read(json.loads(p.encode(delta))) == g.observation(1)
    feed.reset()  # a new connection: everything again
    assert feed.messages(g.observation(1), 1)[-1]["full"] is True


def test_a_delta_before_any_whole_state_is_refused() -> None:
    view = ClientView("carioca")
    with pytest.raises(p.ProtocolError):
        view.read({"t": "state", "seq": 1, "events_at": 0, "events": [], "full": False,
                    "obs": {"stock_size": 3}})  # fmt: skip
    assert view.values == {}


def test_an_undo_shortens_the_clients_log() -> None:
    import dataclasses

    from carioca_desktop.rules.buraco.game import BuracoGame
    from carioca_desktop.rules.events import EventView

    obs = BuracoGame.new(KINDS["buraco"].load_rules({}), 1).observation(0)
    feed, log = SeatFeed(), ClientLog("buraco")
    events = tuple(EventView(i, 0, 0, "draw") for i in range(5))
    for ev in (events, (*events[:3], EventView(9, 0, 1, "discard", ("7H",)))):
        msg = feed.messages(dataclasses.replace(obs, events=ev), 0)[-1]
        log.extend(msg["events_at"], json.loads(json.dumps(msg["events"])))
    assert [e.n for e in log.events] == [0, 1, 2, 9]


def test_a_delta_that_does_not_fit_the_log_is_refused() -> None:
    log = ClientLog("carioca")
    for at, events in ((3, []), (-1, []), (True, []), (0, "x"), (0, [{"kind": "nope"}])):
        with pytest.raises(p.ProtocolError):
            log.extend(at, events)


def test_table_codes_have_no_look_alikes_and_are_typed_loosely() -> None:
    assert not set("0O1IL") & set(CODE_ALPHABET)
    codes = {new_code() for _ in range(200)}
    assert len(codes) > 190 and all(normal_code(c) == c for c in codes)
    assert normal_code(" abcdef ") == "ABCDEF"
    assert normal_code("ABCDE0") is None and normal_code("ABCDEFG") is None


def test_repeated_failures_from_one_address_wait_longer_and_longer() -> None:
    now = [0.0]
    throttle = Throttle(lambda: now[0])
    waits = []
    for _ in range(FREE_TRIES + 4):
        throttle.failed("10.1.1.1")
        waits.append(throttle.wait("10.1.1.1"))
    assert waits[: FREE_TRIES - 1] == [0.0] * (FREE_TRIES - 1)
    assert waits[FREE_TRIES - 1 :] == [1.0, 2.0, 4.0, 8.0, 16.0]
    assert throttle.wait("10.1.1.2") == 0.0  # another address is not slowed
    now[0] = 100.0
    assert throttle.wait("10.1.1.1") == 0.0
    throttle.succeeded("10.1.1.1")
    throttle.failed("10.1.1.1")
    assert throttle.wait("10.1.1.1") == 0.0


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ("[]", p.MALFORMED), ("{}", p.MALFORMED), ('{"t": 3}', p.MALFORMED),
        ("{" * 100, p.MALFORMED), ("[" * 100_000, p.TOO_BIG), (b"{}", p.MALFORMED),
        ('{"t": "what"}', p.UNKNOWN), ('{"t": "action", "ask": true, "action": {}}', p.BAD_FIELD),
        ('{"t": "action", "ask": 1, "action": []}', p.BAD_FIELD),
        ('{"t": "hello", "protocol": 1, "app": "", "code": "X", "name": ""}', p.BAD_FIELD),
        ('{"t": "hello", "protocol": 1, "app": "", "code": "X", "name": "A", "token": 5}',
         p.BAD_FIELD),
        ('{"t": "ready"}', p.BAD_FIELD), ('{"t": "ready", "ready": 1}', p.BAD_FIELD),
        ('{"t": "ready", "ready": "yes"}', p.BAD_FIELD), ('{"t": "react"}', p.BAD_REACTION),
        ('{"t": "react", "key": "insult"}', p.BAD_REACTION),
        ('{"t": "react", "key": ["oops"]}', p.BAD_REACTION), ('{"t": "lobby"}', p.UNKNOWN),
    ],
)  # fmt: skip
def test_the_parser_names_what_is_wrong(raw: str | bytes, code: str) -> None:
    with pytest.raises(p.ProtocolError) as err:
        p.parse_client(raw)
    assert err.value.code == code


def test_ready_and_reactions_are_parsed() -> None:
    assert p.parse_client('{"t": "ready", "ready": true}') == p.Ready(True)
    assert [p.parse_client(p.encode({"t": "react", "key": k})) for k in p.REACTIONS] == [
        p.React(k) for k in p.REACTIONS
    ]


def test_a_hello_is_parsed_and_its_name_cleaned() -> None:
    hello = p.parse_client(p.encode(p.hello("1.0", "abcdef", " Ana\tMaría ", None)))
    assert hello == p.Hello(p.PROTOCOL, "1.0", "abcdef", "Ana María", None)


def test_discovery_answers_on_loopback_only_when_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    from carioca_desktop.net import discovery
    from tests.fixtures.netkit import new_host

    host = new_host("buraco", {"preset": "brasileiro"}, "normal,remote,normal,remote", 1)
    where, responder = _responder_on_a_free_port(discovery, host)
    try:
        # The responder's thread may be starved for a while on a loaded machine: search
        # again until it answers (what it answers is asserted below).
        found = wait_until(lambda: discovery.search(0.5, where), what="the responder's answer")
        assert found == [discovery.Found("127.0.0.1", host.port, "Carioca", "buraco",
                                         "brasileiro", 2)]  # fmt: skip
        monkeypatch.setattr(socket.socket, "sendto", _no_send)
        assert discovery.search(0.2, "off") == []  # off: nothing is sent
    finally:
        responder.stop()
        host.close()
    assert discovery.target("") == (discovery.BROADCAST, discovery.PORT)
    assert discovery.target("127.0.0.1") == ("127.0.0.1", discovery.PORT)
    assert discovery.target("[::1]:5") == ("::1", 5)


def _responder_on_a_free_port(discovery: Any, host: Any) -> tuple[str, Any]:
    """A responder on a loopback UDP port that was free a moment ago; another one if a
    parallel worker took it in between (the port is known only after the probe closed)."""
    for _ in range(5):
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.bind(("127.0.0.1", 0))
            where = f"127.0.0.1:{probe.getsockname()[1]}"
        responder = discovery.Responder.start(host, where)
        if responder is not None:
            return where, responder
    raise AssertionError("no free loopback UDP port for the responder in 5 tries")


def _no_send(*args: object) -> None:
    raise AssertionError("a search was sent while searching is off")


def test_own_addresses_are_read_not_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    from carioca_desktop.net.discovery import own_addresses

    monkeypatch.setattr(socket.socket, "sendto", _no_send)
    monkeypatch.setattr(socket.socket, "connect", _no_send)
    addresses = own_addresses()
    assert all(isinstance(a, str) and not a.startswith("127.") for a in addresses)


def _run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "carioca_desktop", *args], capture_output=True,
                          text=True, env=env(home), cwd=ROOT, timeout=90)  # fmt: skip


@pytest.mark.parametrize(
    "args",
    [
        ["host", "--game", "carioca", "--seats", "remote,wizard"],
        ["host", "--game", "carioca", "--seats", "remote"],
        ["host", "--game", "buraco", "--seats", "remote,remote,remote"],
        ["host", "--game", "chess", "--seats", "remote,remote"],
        ["host", "--game", "carioca", "--seats", "remote,hard", "--code", "OOOOOO"],
        ["host", "--game", "carioca", "--seats", "remote,hard", "--port", "70000"],
        ["host", "--seats", "remote,hard"],
        ["host", "--continue", "--game", "carioca"],
        ["host", "--game", "carioca", "--seats", "remote,hard", "--buy-seconds", "0"],
        ["host", "--game", "carioca", "--seats", "remote,hard", "--buy-seconds", "soon"],
        ["join", "nowhere", "--code", "ABCDEF", "--bot", "hard"],
        ["join", "127.0.0.1:5", "--code", "ABC", "--bot", "hard"],
        ["join", "127.0.0.1:5", "--code", "ABCDEF", "--bot", "wizard"],
        ["join", "127.0.0.1:5", "--code", "ABCDEF"],
    ],
)
def test_bad_arguments_say_why_in_one_line_and_exit_2(args: list[str], tmp_path: Path) -> None:
    result = _run(args, tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines()[0].startswith(f"carioca {args[0]}: ")
    assert result.stdout == ""


def test_the_buy_countdown_is_a_number_of_seconds_or_none() -> None:
    from carioca_desktop.net.cli import host_parser

    base = ["--game", "carioca", "--seats", "remote,hard"]
    assert host_parser().parse_args(base).buy_seconds == 10.0
    assert host_parser().parse_args([*base, "--buy-seconds", "20"]).buy_seconds == 20.0
    assert host_parser().parse_args([*base, "--buy-seconds", "None"]).buy_seconds is None


def test_a_wrong_code_or_no_host_is_one_line_and_exit_1(tmp_path: Path) -> None:
    from tests.fixtures.netkit import start_host_cli

    host, port = start_host_cli(["--game", "carioca", "--seats", "remote,easy"], tmp_path / "h")
    try:
        result = _run(["join", f"127.0.0.1:{port}", "--code", "ZZZZZZ", "--bot", "easy"], tmp_path)
        assert result.returncode == 1 and result.stdout == ""
        assert result.stderr.strip() == "carioca join: refused: wrong table code"
    finally:
        host.kill()
        host.communicate()
    with socket.socket() as sock:  # bound, never listening: refused, and nobody else's
        sock.bind(("127.0.0.1", 0))
        closed = sock.getsockname()[1]
        result = _run(
            ["join", f"127.0.0.1:{closed}", "--code", "ABCDEF", "--bot", "easy"], tmp_path
        )
    assert result.returncode == 1 and len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("carioca join: cannot reach 127.0.0.1:")


def test_a_version_mismatch_is_told_on_both_sides() -> None:
    from carioca_desktop.net.client import NetClient, Refused
    from tests.fixtures.netkit import new_host

    host = new_host("carioca", {}, "remote,easy", 1)
    client = NetClient(f"127.0.0.1:{host.port}", "ABCDEF", "Vieja")
    client._hello["protocol"] = p.PROTOCOL + 1  # an app from another version
    try:
        lines: list[str] = []
        seen: list[Any] = []

        def told() -> tuple[bool, bool]:
            return (
                any(isinstance(e, Refused) and e.reason == p.VERSION for e in seen),
                any(f"refused a client of protocol {p.PROTOCOL + 1}" in ln for ln in lines),
            )

        # Wait for what is asserted, not for the first of anything: under a loaded run the
        # host's line and the client's event come in either order and with other lines.
        deadline = time.monotonic() + 30
        while told() != (True, True) and time.monotonic() < deadline:
            lines += [e.line for e in host.poll(0.02)]
            seen += client.poll(0.02)
        assert told() == (True, True), (seen, lines)
    finally:
        client.close()
        host.close()


ERRORS = (p.MALFORMED, p.TOO_BIG, p.UNKNOWN, p.BAD_FIELD, p.NOT_WELCOMED, p.ALREADY,
          p.NOT_STARTED, p.NOT_YOUR_TURN, p.OTHER_SEAT, p.STALE, p.BAD_ACTION,
          p.REFUSED, p.STARTED, p.BAD_REACTION, p.TOO_FAST, p.RULE_OFF, p.ASKED_ALREADY,
          p.NO_QUESTION, p.PARTNER_FIRST, p.PARTNER_NO)  # fmt: skip
REFUSALS = (p.WRONG_CODE, p.VERSION, p.TABLE_FULL, p.BAD_TOKEN, p.SLOW_DOWN, p.GAME_OVER,
            p.REMOVED)  # fmt: skip


@pytest.mark.parametrize("lang", ["es", "en", "fr", "it", "pt", "sv"])
def test_every_error_and_refusal_key_a_client_gets_is_translated(lang: str) -> None:
    from carioca_desktop import i18n

    keys = [p.error(c, "")["key"] for c in ERRORS] + [p.refused(r, "")["key"] for r in REFUSALS]
    keys += [f"net.react.{key}" for key in p.REACTIONS]
    texts = [i18n.tr(key, lang) for key in keys]
    assert all(t and t != k for t, k in zip(texts, keys, strict=True)), texts
    assert len(set(texts)) == len(texts)


def test_the_host_may_start_with_open_seats_played_by_bots(tmp_path: Path) -> None:
    from tests.fixtures.netkit import HostThread, join_in_thread, new_host

    host = new_host("buraco", {}, "remote,easy,remote,easy", 2, stand_in="easy")
    joiner = join_in_thread(host.port, "Sola", "easy", 1, tmp_path)
    wait_until(
        lambda: host.remote[0].token_hash is not None,
        what="the joiner's seat",
        step=lambda: host.poll(0.01),
    )
    events = host.start_now()
    assert [e.kind for e in events] == ["started"]
    assert [s.kind for s in host.session.seats] == ["human", "bot", "bot", "bot"]
    assert host.session.seats[2].level == "easy" and list(host.remote) == [0]
    runner = HostThread(host)
    try:
        joiner.join(PATIENCE * 3)  # a whole match of bots: a few seconds when idle
        assert joiner.code == 0 and host.finished, (joiner.code, host.finished)  # type: ignore[attr-defined]
    finally:
        runner.stop()


@pytest.mark.parametrize(
    "sent",
    [
        ["not json"],
        ['{"t": "state", "seq": 1, "events_at": 0, "events": [], "obs": {}}'],
        ['{"t": "welcome", "seat": 0, "token": "t", "game": "chess", "grace": 1}'],
        ['{"t": "welcome", "seat": 0, "token": "t", "game": "carioca", "grace": 1}',
         '{"t": "state", "seq": 1, "events_at": 5, "events": [], "obs": {}}'],
        ['{"t": "welcome", "seat": 0, "token": "t", "game": "buraco", "grace": 1}',
         '{"t": "state", "seq": 1, "events_at": 0, "events": [], "obs": {"hand": 3}}'],
        ["x" * (p.MAX_MESSAGE + 1)],
    ],
)  # fmt: skip
def test_a_client_ends_with_a_message_when_the_host_sends_nonsense(sent: list[str]) -> None:
    import threading

    from websockets.sync.server import serve

    from carioca_desktop.net.client import Lost, NetClient

    def handler(ws: Any) -> None:
        ws.recv()
        for text in sent:
            ws.send(text)
        ws.recv()  # until the client leaves

    with serve(handler, "127.0.0.1", 0, compression=None) as server:
        threading.Thread(target=server.serve_forever, daemon=True).start()
        client = NetClient(f"127.0.0.1:{server.socket.getsockname()[1]}", "ABCDEF", "Ana")
        events: list[Any] = []
        try:
            wait_until(
                lambda: any(isinstance(e, Lost) for e in events),
                what="the client's end",
                seen=lambda: events,
                step=lambda: events.extend(client.poll(0.1)),
            )
        finally:
            client.close()
        server.shutdown()
    lost = [e for e in events if isinstance(e, Lost)]
    assert lost and lost[0].message.startswith("the host sent a bad message")


def test_a_damaged_or_foreign_kept_table_is_not_resumed(tmp_path: Path) -> None:
    from carioca_desktop.net.host import TableHost
    from carioca_desktop.net.resume import table_file
    from carioca_desktop.storage import Paths

    paths = Paths.under(tmp_path)
    with pytest.raises(ValueError, match="no network table"):
        TableHost.resume(paths)
    table_file(paths).parent.mkdir(parents=True)
    damaged = ["[]", "{", '{"game": "chess", "remote": {}}',
               '{"game": "carioca", "remote": {"x": 1}, "code": "ABCDEF", "grace": 1}']  # fmt: skip
    for text in damaged:
        table_file(paths).write_text(text, encoding="utf-8")
        with pytest.raises(ValueError):
            TableHost.resume(paths)
    kept = {"game": "carioca", "code": "ABCDEF", "grace": 5, "match_id": "m",
            "remote": {"1": {"name": "A", "token_hash": "h"}}}  # fmt: skip
    table_file(paths).write_text(json.dumps(kept), encoding="utf-8")
    with pytest.raises(ValueError, match="no saved match"):
        TableHost.resume(paths)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(raw=st.binary(max_size=200) | st.text(max_size=200)
       | st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                      lambda c: st.lists(c, max_size=3) | st.dictionaries(
                          st.sampled_from(["t", "ask", "action", "protocol", "app", "code",
                                           "name", "token", "ready", "key", "x"]), c,
                          max_size=6),
                      max_leaves=10).map(json.dumps))  # fmt: skip
def test_the_parser_raises_only_protocol_errors(raw: str | bytes) -> None:
    try:
        msg = p.parse_client(raw)
    except p.ProtocolError as err:
        assert err.code in {p.MALFORMED, p.TOO_BIG, p.UNKNOWN, p.BAD_FIELD, p.BAD_REACTION}
    else:
        assert isinstance(msg, (p.Hello, p.ActionMsg, p.Ready, p.React, p.Bye))


def test_the_joiners_seats_are_kept_in_a_journal_folded_into_the_file(tmp_path: Path) -> None:
    from carioca_desktop.net import join
    from carioca_desktop.storage import Paths

    paths = Paths.under(tmp_path)
    store = join.SeatStore(paths)
    store.put("h:1", {"token": "t1", "seat": 1})
    for move in range(join.JOURNAL_LINES + 5):  # folded once on the way
        store.put("h:2", {"token": "t2", "answered": {"ask": move}})
    assert join.seats_file(paths).exists() and store.journal.stat().st_size > 0
    with store.journal.open("ab") as torn:
        torn.write(b'\n{"a": "h:2", "e": {"tok')  # a power cut in the middle of a line
    again = join.SeatStore(paths)  # a joiner started again reads the file and the journal
    assert again.get("h:1") == {"token": "t1", "seat": 1}
    assert again.get("h:2")["answered"] == {"ask": join.JOURNAL_LINES + 4}
    again.put("h:1", None)  # a finished match: gone, and folded at once
    assert join.SeatStore(paths).get("h:1") == {} and again.journal.stat().st_size == 0
    assert join.SeatStore(paths).get("h:2")["token"] == "t2"


def test_a_fold_does_not_parse_the_lines_its_own_process_wrote(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each line holds the bot's whole state: parsing them all again at every fold cost the
    joiner as much as writing them. Another process's lines are still read."""
    from carioca_desktop.net import join
    from carioca_desktop.storage import Paths

    paths = Paths.under(tmp_path)
    join.SeatStore(paths).put("other:1", {"token": "t0"})  # an earlier joiner's line
    store = join.SeatStore(paths)
    parsed: list[str] = []
    loads = json.loads

    def counted(text: Any) -> Any:
        value = loads(text)
        parsed.append(value.get("a", "file") if isinstance(value, dict) else "?")
        return value

    monkeypatch.setattr(join.json, "loads", counted)
    for move in range(join.JOURNAL_LINES):  # the last one folds
        store.put("h:2", {"token": "t2", "answered": {"ask": move}})
    assert store.journal.stat().st_size == 0  # folded
    assert "h:2" not in parsed and "other:1" in parsed
    monkeypatch.setattr(join.json, "loads", loads)
    again = join.SeatStore(paths)
    assert again.get("h:2") == {"token": "t2", "answered": {"ask": join.JOURNAL_LINES - 1}}
    assert again.get("other:1") == {"token": "t0"}


@pytest.mark.parametrize(("game", "rules"), [("carioca", {"preset": "chico", "buy": True}),
                                             ("buraco", {"preset": "italiano"})])  # fmt: skip
def test_held_states_build_one_observation_when_asked_and_it_is_exact(
    game: str, rules: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A joining bot that is not asked builds nothing: the states between two of its turns
    are held as sent and make the engine's very observation when it is asked."""
    from carioca_desktop.net import views

    built: list[int] = []
    build = views._build
    monkeypatch.setattr(views, "_build", lambda *a: built.append(1) or build(*a))
    kind = KINDS[game]
    g = kind.new_session(kind.load_rules({**rules, "players": 4}),
                         _bot_seats(), 3, None, False).game  # fmt: skip
    bots = [kind.make_bot("normal", s, s) for s in range(4)]
    feed, view, asked, held = SeatFeed(), ClientView(game), 0, 0
    while not g.is_over and asked < 40:
        g.apply(kind.next_round() if g.round_over
                else kind.decide(g, g.current_player, bots[g.current_player]))  # fmt: skip
        for msg in feed.messages(g.observation(2), 0):
            msg = json.loads(p.encode(msg))
            if msg["t"] == "state":
                view.hold(msg)
                held += 1
            else:
                view.log.extend(msg["at"], msg["events"])
        if not g.round_over and g.current_player == 2:  # this seat is asked
            assert view.observation() == g.observation(2)
            asked += 1
    assert asked == 40 and held > 2 * asked and len(built) == asked
