"""What one seat is sent: its observation as JSON, and the event log as deltas.

The host never serialises the game: it serialises ``game.observation(seat)``, the engine's own
censored value (another seat's hidden cards are only counted, the stock is a size, a morto a
count). Events go as deltas (``events_at`` says where they start) so no message grows with the
match and the 64 KiB cap holds; a rejoining client gets the whole log in chunks. The
observation's fields go whole after a welcome (``full``), then only those that changed since
the last state sent to that connection (most actions change a handful: the rules and the table
are not sent again), which spares the host's encoding and each client's decoding. The client
(``ClientView``) merges them and rebuilds the very same ``Observation`` value, so a bot on the
client decides exactly as it would on the host.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from typing import Any

from carioca_desktop.net.common import frozen
from carioca_desktop.net.protocol import BAD_FIELD, ProtocolError
from carioca_desktop.rules.buraco import observation as bobs
from carioca_desktop.rules.carioca import observation as cobs
from carioca_desktop.rules.carioca.ruleset import CariocaRules
from carioca_desktop.rules.events import EventView

AnyObservation = cobs.Observation | bobs.BuracoObservation

EVENT_CHUNK = 120
"""Events per message: about 100 bytes each, so a chunk stays far below the 64 KiB cap."""

_EVENT_DEFAULTS: dict[str, Any] = {
    "cards": (),
    "secret": (),
    "hidden": 0,
    "meld": None,
    "melds": (),
    "source": "",
    "points": (),
}


def _plain(value: Any) -> Any:
    """A value of an observation as JSON: dataclasses as objects, tuples as lists."""
    if isinstance(value, enum.Enum):
        return value.value
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def observation_to_wire(obs: AnyObservation) -> dict[str, Any]:
    """The observation without its event log (sent as deltas, see ``SeatFeed``). Tuples are
    left as they are (the JSON encoder writes them as lists): this runs for every seat after
    every action, so only the nested dataclasses are converted."""
    out = {name: getattr(obs, name) for name in _names(type(obs)) if name != "events"}
    out["table"] = [{k: getattr(m, k) for k in _names(type(m))} for m in obs.table]
    if isinstance(obs, cobs.Observation):
        out["rules"] = _rules_dict(obs.rules)
        offer = obs.offer
        out["offer"] = None if offer is None else {"seat": offer.seat, "card": offer.card,
                                                   "drawer": offer.drawer}  # fmt: skip
    return out


_NAMES: dict[type[Any], tuple[str, ...]] = {}


def _names(cls: type[Any]) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in fields(cls))
    return names


@functools.lru_cache(maxsize=8)
def _rules_dict(rules: CariocaRules) -> dict[str, Any]:
    """A match has one rule set: its JSON is built once (the encoder only reads it)."""
    return rules.to_dict()


def event_to_wire(event: EventView[Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"n": event.n, "round": event.round, "seat": event.seat,
                           "kind": str(getattr(event.kind, "value", event.kind))}  # fmt: skip
    for key, default in _EVENT_DEFAULTS.items():
        value = getattr(event, key)
        if value != default:
            out[key] = _plain(value)
    return out


def event_from_wire(game: str, data: Any) -> EventView[Any]:
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ProtocolError(BAD_FIELD, "an event must be an object with a kind")
    from carioca_desktop.net.games import KINDS

    values = {k: frozen(v) for k, v in data.items()}
    values["kind"] = KINDS[game].event_kind(values["kind"])
    return EventView(**values)


def _build(
    game: str, values: dict[str, Any], full: bool, data: Any, events: tuple[EventView[Any], ...]
) -> tuple[dict[str, Any], AnyObservation]:
    """``values`` (the fields as rebuilt so far) with ``data``'s fields converted over them (or
    instead of them when ``full``), and the observation they make; ProtocolError when the
    host sent something else (a missing, unknown or malformed field)."""
    try:
        if not isinstance(data, dict):
            raise TypeError("an observation must be an object")
        from carioca_desktop.net.games import KINDS

        kind = KINDS[game]
        new = {name: kind.obs_field(name, value) for name, value in data.items()}
        merged = new if full else {**values, **new}
        return merged, kind.observation(merged, events)
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise ProtocolError(BAD_FIELD, f"bad observation: {err}"[:160]) from None


class SeatFeed:
    """The host's side of one seat's stream: which events that client holds, and the
    messages that bring it to a new observation (events first, in chunks, then ``state``)."""

    def __init__(self) -> None:
        self.sent: tuple[EventView[Any], ...] = ()
        self.fields: dict[str, Any] | None = None  # the observation's fields last sent

    def reset(self) -> None:
        """A new connection holds nothing yet."""
        self.sent, self.fields = (), None

    def messages(self, obs: AnyObservation, seq: int) -> list[dict[str, Any]]:
        now, old = obs.events, self.sent
        keep = min(len(old), len(now))
        # The log only grows, except when an undo takes its tail back: find where they part.
        while keep and old[keep - 1] != now[keep - 1]:
            keep -= 1
        out: list[dict[str, Any]] = []
        start = keep
        while len(now) - start > EVENT_CHUNK:
            chunk = now[start : start + EVENT_CHUNK]
            out.append({"t": "events", "at": start, "events": [event_to_wire(e) for e in chunk]})
            start += EVENT_CHUNK
        fields, last = observation_to_wire(obs), self.fields
        changed = fields if last is None else {k: v for k, v in fields.items() if v != last[k]}
        out.append({
            "t": "state",
            "seq": seq,
            "events_at": start,
            "events": [event_to_wire(e) for e in now[start:]],
            "full": last is None,
            "obs": changed,
        })  # fmt: skip
        self.sent, self.fields = now, fields
        return out


class ClientLog:
    """The client's copy of its seat's event log, kept from the host's deltas."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.events: list[EventView[Any]] = []

    def extend(self, at: Any, raw: Any) -> None:
        if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(self.events):
            raise ProtocolError(BAD_FIELD, "events: a delta must start inside the log")
        if not isinstance(raw, list):
            raise ProtocolError(BAD_FIELD, "events must be a list")
        try:
            new = [event_from_wire(self.game, e) for e in raw]
        except (TypeError, ValueError) as err:
            raise ProtocolError(BAD_FIELD, f"bad event: {err}"[:160]) from None
        del self.events[at:]
        self.events.extend(new)


class ClientView:
    """The client's side of its seat's stream: the event log and the observation's fields,
    kept from the host's deltas; ``read`` gives the observation each ``state`` message makes.
    Only the fields that changed are converted again (the others are the same values).

    ``hold`` keeps a message's fields as they came and builds nothing: a joining bot that is
    not asked needs no observation, so the fields of the states between two of its turns are
    merged as sent and converted once, by ``observation`` when it is asked (each state built
    in full cost every joiner more than reading the message)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.log = ClientLog(game)
        self.values: dict[str, Any] = {}
        self._held: dict[str, Any] = {}  # fields sent since the last build, as sent
        self._held_full = False  # a whole state is among them (it replaced what was before)
        self._obs: AnyObservation | None = None
        self._stale = False

    def read(self, d: dict[str, Any]) -> AnyObservation:
        """The observation after one ``state`` message; ProtocolError (nothing kept of the
        fields) when it does not fit what this client holds."""
        self.hold(d)
        obs = self.observation()
        assert obs is not None  # a state was just held
        return obs

    def hold(self, d: dict[str, Any]) -> None:
        """Take one ``state`` message without building its observation (its events are
        checked and kept now); ProtocolError when its frame is malformed."""
        self.log.extend(d.get("events_at"), d.get("events"))
        full, obs = d.get("full"), d.get("obs")
        if not isinstance(full, bool):
            raise ProtocolError(BAD_FIELD, "state: full must be true or false")
        if not isinstance(obs, dict):
            raise ProtocolError(BAD_FIELD, "bad observation: an observation must be an object")
        if full:
            self._held, self._held_full = dict(obs), True
        else:
            self._held.update(obs)
        self._stale = True

    def observation(self) -> AnyObservation | None:
        """The observation the states taken so far make (None before the first);
        ProtocolError when the fields held do not make one (nothing of them is kept)."""
        if self._stale:
            held, full = self._held, self._held_full
            self._held, self._held_full, self._stale = {}, False, False
            self.values, self._obs = _build(self.game, self.values, full, held,
                                            tuple(self.log.events))  # fmt: skip
        return self._obs
