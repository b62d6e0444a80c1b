"""The match log both games keep: one ``LogEvent`` for each thing that happened, saved as JSON
with the match, and the ``EventView`` of it one seat may see (another seat's hidden cards are
only counted). Each game names its own kinds (Carioca a ``str`` enum, Buraco plain strings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from .errors import StateError
from .jsonstate import as_int, as_ints, as_list, as_str, as_strs, need

K = TypeVar("K", bound=str)
E = TypeVar("E", bound="LogEvent[Any]")


@dataclass(frozen=True)
class EventView(Generic[K]):
    """An event as one seat sees it: ``secret`` holds only the viewer's own hidden cards,
    ``hidden`` how many hidden cards another seat got."""

    n: int
    round: int
    seat: int
    kind: K
    cards: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    hidden: int = 0
    meld: int | None = None
    melds: tuple[tuple[str, ...], ...] = ()
    source: str = ""
    points: tuple[int, ...] = ()


@dataclass(frozen=True)
class LogEvent(Generic[K]):
    """One thing that happened. ``secret`` cards are seen only by ``seat`` (and by everyone
    when hands are open); observations of other seats see how many there were."""

    n: int
    round: int
    seat: int
    kind: K
    cards: tuple[str, ...] = ()
    secret: tuple[str, ...] = ()
    meld: int | None = None
    melds: tuple[tuple[str, ...], ...] = ()
    source: str = ""
    points: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"n": self.n, "round": self.round, "seat": self.seat}
        out["kind"] = str(getattr(self.kind, "value", self.kind))
        if self.cards:
            out["cards"] = list(self.cards)
        if self.secret:
            out["secret"] = list(self.secret)
        if self.points:
            out["points"] = list(self.points)
        if self.melds:
            out["melds"] = [list(m) for m in self.melds]
        if self.meld is not None:
            out["meld"] = self.meld
        if self.source:
            out["source"] = self.source
        return out

    @classmethod
    def read_kind(cls, value: Any) -> K:
        """The event kind in a saved log; a game with a closed set of kinds checks it."""
        raise NotImplementedError

    @classmethod
    def read_cards(cls, value: Any) -> tuple[str, ...]:
        """A list of card codes in a saved log (a game may check each code)."""
        return as_strs(value)

    @classmethod
    def from_dict(cls: type[E], d: Any) -> E:
        need(isinstance(d, dict), "an event must be an object")
        try:
            return cls(
                n=as_int(d["n"]),
                round=as_int(d["round"]),
                seat=as_int(d["seat"]),
                kind=cls.read_kind(d["kind"]),
                cards=cls.read_cards(d["cards"]) if "cards" in d else (),
                secret=cls.read_cards(d["secret"]) if "secret" in d else (),
                meld=None if d.get("meld") is None else as_int(d["meld"]),
                melds=tuple(cls.read_cards(m) for m in as_list(d.get("melds", []))),
                source=as_str(d.get("source", "")),
                points=tuple(as_ints(d["points"])) if "points" in d else (),
            )
        except KeyError as err:
            raise StateError("bad_state", f"an event lacks {err}") from err

    def seen_by(self, seat: int, reveal: bool) -> EventView[K]:
        """This event as ``seat`` sees it (``reveal``: hands are open to everyone)."""
        mine = reveal or self.seat == seat
        return EventView(
            self.n,
            self.round,
            self.seat,
            self.kind,
            self.cards,
            self.secret if mine else (),
            0 if mine else len(self.secret),
            self.meld,
            self.melds,
            self.source,
            self.points,
        )
