"""A client connection that hands each whole text message to its reader on the thread that
read it from the socket, one thread hop fewer per message than websockets' own iterator.

websockets' threading connections read the socket on their own thread and queue each message
for a second thread (``for raw in ws``), which wakes to read it: per action, on every joining
computer, that wake-up (and on a busy machine, the wait for a core) was paid once more for
every message. (The host keeps websockets' path: reading there too made the in-process
latency bench's p99 worse in side-by-side runs, for no CPU the host measurably saved.)
Here a text message that came whole in one frame (every message our host sends) is given
to a ``deliver`` function right where it was read; anything else (a binary or fragmented
message, text that is not UTF-8) turns the connection back to websockets' own path for
good, the messages already held going first, so nothing is ever read out of order and a
hostile peer meets exactly the old checks. Messages that arrive before the reader is ready
(``open``) are held and given to it first, in order (a few: past ``EARLY`` the connection
goes websockets' way, whose queue stops reading a peer that floods).

``deliver`` runs on the socket's reading thread: it must not raise (it reports its own
failures) and must be quick (pings are answered by that thread too). The subclass is the
``create_connection`` websockets documents for this.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from websockets.frames import DATA_OPCODES, Frame, Opcode
from websockets.sync.client import ClientConnection

Deliver = Callable[[str], None]

EARLY = 8
"""Messages held before the reader is ready; one more goes websockets' way (its queue then
stops reading the socket), so a peer cannot heap up messages in the meantime."""


class Gate:
    """One connection's routing of whole text messages (see the module's words)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._deliver: Deliver | None = None
        self._early: list[Frame] = []  # whole texts read before ``open``
        self.direct = True  # False once the connection went back to websockets' path

    def open(self, deliver: Deliver) -> bool:
        """Start giving messages to ``deliver`` (the held ones first); False when the
        connection already went back to websockets' path (read it with ``for raw in ws``)."""
        with self._lock:
            if not self.direct:
                return False
            for frame in self._early:
                deliver(_text(frame) or "")
            self._early.clear()
            self._deliver = deliver
            return True

    def route(self, event: Any, slow: Callable[[Any], None]) -> None:
        """Give ``event`` to the reader, or hold it, or to websockets' ``slow`` path."""
        if not isinstance(event, Frame) or event.opcode not in DATA_OPCODES:
            return slow(event)  # pings, pongs, closes, the handshake
        with self._lock:
            text = _text(event) if self.direct else None
            if text is not None and (self._deliver is not None or len(self._early) < EARLY):
                if self._deliver is None:
                    self._early.append(event)
                else:
                    self._deliver(text)
                return None
            if self.direct:  # from here on websockets' path, the held messages first
                self.direct = False
                for frame in self._early:
                    slow(frame)
                self._early.clear()
        return slow(event)


def _text(frame: Frame) -> str | None:
    """A whole text message's words, or None (binary, fragmented, not UTF-8)."""
    if frame.opcode is not Opcode.TEXT or not frame.fin:
        return None
    try:
        return bytes(frame.data).decode("utf-8")
    except UnicodeDecodeError:
        return None


class DirectClient(ClientConnection):
    """A client connection with a ``gate`` (see the module's words)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.gate = Gate()
        super().__init__(*args, **kwargs)

    def process_event(self, event: Any) -> None:
        if self.response is None:  # the handshake's answer comes first
            return super().process_event(event)
        return self.gate.route(event, super().process_event)
