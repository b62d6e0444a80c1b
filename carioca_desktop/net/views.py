"""What one seat is sent: its observation as JSON, and the event log as deltas.

The host never serialises the game: it serialises ``game.observation(seat)``, the engine's own
censored value (another seat's hidden cards are only counted, the stock is a size, a morto a
count). Events go as deltas (``events_at`` says where they start) so no message grows with the
match and the 64 KiB cap holds; a rejoining client gets the whole log in chunks. The client
rebuilds the very same ``Observation`` value, so a bot on the client decides exactly as it
would on the host.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
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


def observation_from_wire(game: str, data: Any, events: Sequence[EventView[Any]]) -> AnyObservation:
    """Rebuild the seat's observation; ProtocolError when the host sent something else."""
    try:
        if not isinstance(data, dict):
            raise TypeError("an observation must be an object")
        from carioca_desktop.net.games import KINDS

        return KINDS[game].observation(dict(data), tuple(events))  # type: ignore[no-any-return]
    except (TypeError, ValueError, KeyError, AttributeError) as err:
        raise ProtocolError(BAD_FIELD, f"bad observation: {err}"[:160]) from None


class SeatFeed:
    """The host's side of one seat's stream: which events that client holds, and the
    messages that bring it to a new observation (events first, in chunks, then ``state``)."""

    def __init__(self) -> None:
        self.sent: tuple[EventView[Any], ...] = ()

    def reset(self) -> None:
        """A new connection holds nothing yet."""
        self.sent = ()

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
        out.append({
            "t": "state",
            "seq": seq,
            "events_at": start,
            "events": [event_to_wire(e) for e in now[start:]],
            "obs": observation_to_wire(obs),
        })  # fmt: skip
        self.sent = now
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
