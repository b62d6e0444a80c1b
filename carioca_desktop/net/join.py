"""``carioca join``'s player: a bot standing in for a person at a remote seat, seeing only
what a person would (the host's ``ask`` and its own observation), and the joiner's state
folder, which keeps the seat's token so the same computer can rejoin after a drop.

The bot is asked exactly where the host would ask its own bot of that seat (the bots'
drivers: the cap on moves in a turn, Buraco's safe move after a refusal), so a match whose
joining bots are seeded as a local match's (``--bot-seed``) plays the same match. Its state is
saved with the token after every choice, with the answer it gave, so a joiner killed and
started again resumes the very same bot, answering a repeated question the same way.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from carioca_desktop.net.client import (
    Asked,
    ClientEvent,
    Lost,
    MatchOver,
    NetClient,
    Refusal,
    Refused,
    RoundOver,
    StateChanged,
    Welcomed,
)
from carioca_desktop.net.games import KINDS, GameKind
from carioca_desktop.net.partner import PartnerQuestion, PartnerSaid
from carioca_desktop.net.protocol import PARTNER_FIRST
from carioca_desktop.rules.errors import RulesError
from carioca_desktop.storage import Paths
from carioca_desktop.storage.paths import default_paths

log = logging.getLogger(__name__)

TOKENS_CAP = 4 * 1024 * 1024
JOURNAL_LINES = 200
"""Moves appended to the journal before it is folded into the seats file."""


def seats_file(paths: Paths | None = None) -> Path:
    """The joiner's seats: per table address, the token and the stand-in bot's state."""
    return (paths or default_paths()).autosave_file.parent / "net-seats.json"


class SeatStore:
    """The joiner's kept seats: a small JSON file in the saves folder, and a journal beside it.

    The bot's state is kept after every move, before the move is sent (so a joiner killed
    and started again answers as it would have). Replacing the whole file each time costs a
    millisecond or more (ext4 flushes a file renamed over another), on the path of every
    action of the table; so a move is one line appended to ``net-seats.journal`` (tens of
    microseconds), read back over the file, and every ``JOURNAL_LINES`` lines the two are
    folded into the file (replaced whole, never torn). Not synced to the disk, which a move
    cannot wait for: a kill keeps it, only a power cut would not. A torn last line (a power
    cut) is skipped."""

    def __init__(self, paths: Paths | None = None) -> None:
        self.path = seats_file(paths)
        self.journal = self.path.with_name("net-seats.journal")
        self._entries: dict[str, dict[str, Any]] = {}  # what this process wrote, by address
        self._mine: dict[str, dict[str, Any] | None] = {}  # its last line for each address
        self._lines = 0  # lines appended since the last fold
        self._folder_made = False

    def _read(self, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
        """The file with the journal over it; the journal's lines for the addresses in
        ``skip`` are not even parsed (the caller holds their newest value)."""
        try:
            data = json.loads(self.path.read_bytes()[:TOKENS_CAP].decode("utf-8"))
        except (OSError, ValueError):
            data = {}
        data = data if isinstance(data, dict) else {}
        try:
            lines = self.journal.read_bytes()[: 4 * TOKENS_CAP].splitlines()
        except OSError:
            lines = []
        skipped = tuple(_line_start(a) for a in skip)
        for line in lines:
            if skipped and line.startswith(skipped):
                continue
            try:
                item = json.loads(line.decode("utf-8")) if line else None
            except ValueError:
                continue
            if isinstance(item, dict) and isinstance(item.get("a"), str):
                entry = item.get("e")
                if entry is None:
                    data.pop(item["a"], None)
                elif isinstance(entry, dict):
                    data[item["a"]] = entry
        return data

    def get(self, address: str) -> dict[str, Any]:
        if address in self._entries:  # the files are only read once, at start
            return dict(self._entries[address])
        entry = self._read().get(address)
        return entry if isinstance(entry, dict) else {}

    def put(self, address: str, entry: dict[str, Any] | None) -> None:
        if entry is None:
            self._entries.pop(address, None)
        else:
            self._entries[address] = dict(entry)
        self._mine[address] = self._entries.get(address)
        # The newline first: a line torn by a power cut is ended by the next one, not joined.
        line = b"\n" + json.dumps({"a": address, "e": entry}).encode("utf-8")
        try:
            if not self._folder_made:  # once: this is on the path of every move
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._folder_made = True
            with open(self.journal, "ab") as handle:
                handle.write(line)
            self._lines += 1
            if entry is None or self._lines >= JOURNAL_LINES:
                self._fold()
        except OSError as err:  # the match goes on; only a rejoin would need it
            log.warning("could not keep the seat's token: %s", err)

    def _fold(self) -> None:
        """The journal into the file: the file replaced whole, then the journal emptied (a
        kill between the two only replays lines the file already holds). This process's own
        lines are not parsed again: it holds their newest value (parsing every move's line,
        the bot's state included, cost the joiner as much as writing it)."""
        data = self._read(frozenset(self._mine))
        for address, entry in self._mine.items():
            if entry is None:
                data.pop(address, None)
            else:
                data[address] = entry
        temp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        temp.write_bytes(json.dumps(data).encode("utf-8"))
        os.replace(temp, self.path)
        self.journal.write_bytes(b"")
        self._lines = 0


def _line_start(address: str) -> bytes:
    """How the journal's lines for ``address`` begin (as ``SeatStore.put`` writes them)."""
    return b'{"a": ' + json.dumps(address).encode("utf-8") + b', "e": '


@dataclass
class JoinBot:
    """The joining bot's side of a match (see the module's words)."""

    kind: GameKind
    level: str
    seed: int
    seat: int = -1
    bot: Any = None
    obs: Any = None
    legal: tuple[Any, ...] = ()
    going: tuple[int, dict[str, Any]] | None = None  # a going out waiting for the partner

    def restore(self, seat: int, saved: dict[str, Any]) -> None:
        self.seat = seat
        state = saved.get("bot")
        if saved.get("seat") == seat and isinstance(state, dict):
            try:
                self.bot = self.kind.bot_from_dict(state)
                return
            except (KeyError, TypeError, ValueError) as err:
                log.warning("the kept bot could not be restored: %s", err)
        self.bot = self.kind.make_bot(self.level, seat, self.seed)

    def choose(self, ask: Asked) -> Any:
        self.legal = tuple(self.kind.action_from_dict(a) for a in ask.legal)
        return self.kind.action_to_dict(self.kind.driver_choice(self.bot, self.obs, self.legal))

    def fallback(self) -> dict[str, Any]:
        """What the bots' driver plays when the engine refuses a bot's choice."""
        return self.kind.action_to_dict(self.kind.fallback(self.legal))


def run_join(address: str, code: str, name: str, level: str, seed: int,
             paths: Paths | None = None, app: str = "") -> int:  # fmt: skip
    """Play a remote seat to the match's end: 0, or 1 with one line when refused or lost."""
    store = SeatStore(paths)
    kept = store.get(address)
    token = kept.get("token") if isinstance(kept.get("token"), str) else None
    seat = _Seat(store, address, kept, level, seed)
    # No reconnecting by itself: the command says at once that the host is gone (within
    # 5 s, docs/network.md) and a new ``carioca join`` rejoins with the kept token. The bot
    # answers on the network thread (``on_event``); this thread only waits for the end.
    client = NetClient(address, code, name, token, app, reconnect=False, on_event=seat,
                       lazy=True)  # fmt: skip
    try:
        while not seat.done.wait(1.0):
            if not client.running and not seat.done.is_set():
                print("carioca join: the connection ended", file=sys.stderr, flush=True)
                return 1
        return seat.code
    finally:
        client.close()


class _Seat:
    """The joiner's side of the match, fed every event on the client's network thread:
    ``done`` is set with the command's exit ``code``."""

    def __init__(self, store: SeatStore, address: str, kept: dict[str, Any], level: str,
                 seed: int) -> None:  # fmt: skip
        self.store, self.address, self.kept = store, address, kept
        self.level, self.seed = level, seed
        self.player: JoinBot | None = None
        self.code = 1
        self.done = threading.Event()

    def __call__(self, client: NetClient, event: ClientEvent) -> None:
        if self.done.is_set():
            return
        try:
            done = _handle(event, client, self.store, self.address, self.kept, self.level,
                           self.seed)  # fmt: skip
            if isinstance(done, JoinBot):
                self.player = done
            elif done is not None:
                self._end(done)
            elif self.player is not None:
                _play(event, self.player, client, self.store, self.address)
        except (RulesError, TypeError, ValueError, KeyError, AttributeError) as err:
            # What the host sent made no sense to the bot (a host of another build, or a
            # hostile one): one line, as for a lost host, never a traceback.
            print(f"carioca join: the host's game cannot be followed: {err}"[:200],
                  file=sys.stderr, flush=True)  # fmt: skip
            self._end(1)

    def _end(self, code: int) -> None:
        self.code = code
        self.done.set()


def _handle(event: ClientEvent, client: NetClient, store: SeatStore, address: str,
            kept: dict[str, Any], level: str, seed: int
            ) -> int | JoinBot | None:  # fmt: skip
    if isinstance(event, Welcomed):
        player = JoinBot(KINDS[event.game], level, seed)
        player.restore(event.seat, kept if kept.get("token") == event.token else {})
        store.put(address, {"token": event.token, "seat": event.seat, "bot": player.bot.to_dict()})
        print(f"joined as seat {event.seat}", flush=True)
        return player
    if isinstance(event, RoundOver):
        print(event.line, flush=True)
    elif isinstance(event, MatchOver):
        # A bot played this seat: as a local all-bot match, it is not the person's, so it
        # goes neither into this computer's statistics nor into its History.
        store.put(address, None)
        print(event.line, flush=True)
        return 0
    elif isinstance(event, Refused):
        print(f"carioca join: refused: {event.message}", file=sys.stderr, flush=True)
        if event.reason == "bad_token":
            store.put(address, None)  # a finished or foreign table: join afresh next time
        return 1
    elif isinstance(event, Lost):
        print(f"carioca join: {event.message}", file=sys.stderr, flush=True)
        return 1
    return None


def _play(event: ClientEvent, player: JoinBot, client: NetClient, store: SeatStore,
          address: str) -> None:  # fmt: skip
    if isinstance(event, StateChanged):
        player.obs = event.obs
        return
    if isinstance(event, (Asked, PartnerQuestion)):
        player.obs = client.observation()  # the lazy client's held states, built now
    if isinstance(event, Asked) and player.obs is not None:
        entry = store.get(address)
        answered = entry.get("answered")
        if isinstance(answered, dict) and answered.get("ask") == event.ask:
            client.send_action(event.ask, answered["action"])  # asked again after a rejoin
            return
        action = player.choose(event)
        entry.update(
            {"bot": player.bot.to_dict(), "answered": {"ask": event.ask, "action": action}}
        )
        store.put(address, entry)
        client.send_action(event.ask, action)
    elif isinstance(event, (Refusal, PartnerQuestion, PartnerSaid)):
        _answer(event, player, client, store.get(address))


def _answer(event: Refusal | PartnerQuestion | PartnerSaid, player: JoinBot, client: NetClient,
            entry: dict[str, Any]) -> None:  # fmt: skip
    """A refusal (Buraco's "ask your partner first": asked), the partner's answer (the
    going out again on yes, else what the driver falls back to), or this seat asked as a
    partner (answered as the host's bots answer)."""
    if isinstance(event, PartnerQuestion):
        if player.obs is None:
            return  # no view yet: the host's clock answers the default
        from carioca_desktop.bots.buraco.partner import agrees_to_go_out

        client.send_partner_answer(event.question, agrees_to_go_out(player.obs))
    elif isinstance(event, PartnerSaid):
        going, player.going = player.going, None
        if going is not None and event.seat == player.seat:
            ask, action = going
            client.send_action(ask, action if event.yes else player.fallback())
    elif event.ask is not None and player.legal:
        answered = entry.get("answered")
        if event.code == PARTNER_FIRST and isinstance(answered, dict):
            player.going = (event.ask, answered["action"])
            client.send_partner_ask(event.ask)
            return
        log.warning("the host refused the bot's move: %s", event.message)
        client.send_action(event.ask, player.fallback())
