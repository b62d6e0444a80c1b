"""A network match's replay for every computer's History: the host sends each joiner the
finished match's file (docs/match-file.md) in ``replay`` parts just before ``match_over``
(never earlier: its seed deals every hidden card), and the joiner checks it as any opened
match file (shape, then the engine's replay to the same final scores) before keeping it with
its own people's seats as "my view". A bad replay is refused with a reason, never a crash,
and changes nothing here."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from carioca_desktop.storage.match_file import FILE_CAP, MatchFileError, dump_match, parse_match

log = logging.getLogger(__name__)

REPLAY = "replay"
# The file is ASCII JSON, so one character takes at most two in the message (a quote or a
# backslash escaped): a part of this many characters stays well under MAX_MESSAGE (64 KiB).
PART_CHARS = 30_000
MAX_PARTS = FILE_CAP // PART_CHARS + 1


def replay_messages(session: Any) -> list[dict[str, Any]]:
    """The host's ``replay`` messages for a finished match (none when the session kept no
    actions). The file names no computer's seats: each joiner marks its own."""
    if not session.game.is_over:
        raise ValueError("a replay is sent only once the match is over")
    try:
        match = session.match_file()
        if match is None:
            return []
        text = dump_match(dataclasses.replace(match, network=None)).decode("ascii")
    except (ValueError, TypeError, KeyError, AttributeError) as err:
        # The match's end must not fail for its replay: the joiners just keep none.
        log.error("the match's replay could not be built: %s", err)
        return []
    parts = [text[i : i + PART_CHARS] for i in range(0, len(text), PART_CHARS)]
    return [{"t": REPLAY, "part": i, "of": len(parts), "text": part}
            for i, part in enumerate(parts)]  # fmt: skip


@dataclass(frozen=True)
class Received:
    """What came for the replay by ``match_over``: the file's bytes, or why there are none."""

    data: bytes | None
    problem: str = ""


class ReplayParts:
    """The joiner's side: the parts in order, bounded in count and size (read on the
    client's thread, taken with ``match_over``)."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.of = 0
        self.problem = ""

    def add(self, d: dict[str, Any]) -> None:
        part, of, text = d.get("part"), d.get("of"), d.get("text")
        if part == 0:  # a new replay (e.g. after a rejoin) starts afresh
            self.parts, self.of, self.problem = [], 0, ""
        if not self.problem:
            self.problem = self._problem(part, of, text)

    def _problem(self, part: object, of: object, text: object) -> str:
        """Why this part cannot be the next one ("" when it is, and then it is kept)."""
        if not (_count(part) and _count(of) and isinstance(text, str)):
            return "a replay part is not a part"
        assert isinstance(part, int) and isinstance(of, int) and isinstance(text, str)
        if of == 0 or of > MAX_PARTS or (self.of and of != self.of):
            return "the replay's part count is impossible"
        if part != len(self.parts) or part >= of:
            return "the replay's parts came out of order"
        self.of = of
        self.parts.append(text)
        return ""

    def take(self) -> Received | None:
        """The replay received (None when the host sent none), then forget it."""
        parts, of, problem = self.parts, self.of, self.problem
        self.parts, self.of, self.problem = [], 0, ""
        if problem:
            return Received(None, problem)
        if not parts:
            return None
        if len(parts) != of:
            return Received(None, f"the replay came in {len(parts)} of its {of} parts")
        try:
            return Received("".join(parts).encode("ascii"))
        except UnicodeEncodeError:
            return Received(None, "the replay is not a match file (not ASCII JSON)")


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def keep_replay(received: Received | None, match_id: str, seats_here: list[int],
                paths: Any) -> str | None:  # fmt: skip
    """Check the received replay as an opened match file of match ``match_id`` and keep it
    in History with ``seats_here`` (this computer's people) as its own seats; the reason
    when it is refused (logged too), None when kept or when the host sent none."""
    if received is None:
        return None
    try:
        reason = _keep(received, match_id, seats_here, paths)
    except OSError as err:  # a full disk: the statistics record is kept all the same
        reason = f"the replay could not be written: {err.strerror or type(err).__name__}"
    if reason is not None:
        log.warning("the network match's replay was not kept: %s", reason)
    return reason


def keep_later(received: Received | None, match_id: str, seats_here: list[int], paths: Any,
               told: Callable[[str | None], None]) -> None:  # fmt: skip
    """``keep_replay`` on the autosave's writer thread, as a local match's file is kept
    (checking replays the whole match: 0.15-0.6 s at load 30, too long for a frame); reading
    the statistics waits for it; ``told`` gets its answer there."""
    from carioca_desktop.storage.autosaver import after_autosave

    after_autosave(lambda: told(keep_replay(received, match_id, seats_here, paths)),
                   "keeping the network match's replay", paths)  # fmt: skip


def _keep(received: Received, match_id: str, seats_here: list[int], paths: Any) -> str | None:
    from carioca_desktop.storage.replay_check import replay
    from carioca_desktop.storage.replays import keep_match

    if received.data is None:
        return received.problem
    try:
        match = parse_match(received.data)
        if match.match_id != match_id:
            raise MatchFileError("the replay is of another match")
        if match.network is not None:
            raise MatchFileError("the host's replay names a computer's own seats")
        match = dataclasses.replace(match, network=tuple(seats_here))
        match = parse_match(dump_match(match))  # this computer's seats checked as a file's
        replay(match)
    except MatchFileError as err:
        return err.reason
    keep_match(match, paths)
    return None
