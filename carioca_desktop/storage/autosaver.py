"""The autosave, written off the UI thread: latest wins, atomic, flushed on demand.

A frame that applies an action must not wait for the disk (an atomic write with two fsyncs
takes 7-11 ms here, far more on a slow disk). ``autosave_later`` hands the already-built match
dict to one background writer per file and returns at once. The writer starts on it at
once; a state submitted while a write is in progress replaces any older one still waiting
(coalescing: only the latest state matters), so the file on disk lags the game by at most
the write in progress plus one more write. ``flush_autosaves`` waits for the latest state to
be on disk: the app calls it when it quits, the storage functions call it before they read,
test for or delete the autosave (so Continue never sees an older state), and ``atexit``
calls it as a last resort. A kill loses at most the states still waiting (each write is
atomic, so the file is always one whole earlier state).

``after_autosave`` hands the same thread a job, run in order after the states handed in
before it and never dropped: the end of a match (its record, then the save's removal) is
done there at the table, so the frame that ends the match does not wait for the disk.

A failed write is logged and kept as ``last_error``; it is never raised into the game.
While the latest state's write has failed, ``autosave_failure`` says why (a full disk, a
read-only folder, a file where the saves folder should be), so the table can say once that
the match cannot be saved and the pause screen does not claim it is.
"""

from __future__ import annotations

import atexit
import errno
import logging
import os
import threading
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from carioca_desktop.storage.paths import Paths, default_paths

log = logging.getLogger(__name__)

_NOTHING = object()


class Job:
    """Work for the writer's thread, done in order after everything handed in before it and
    never dropped nor replaced (a finished match's record, then the save's removal)."""

    def __init__(self, run: Callable[[], None], name: str) -> None:
        self.run = run
        self.name = name


class BackgroundWriter:
    """One daemon thread that writes the latest item handed to ``submit`` with ``write``, and
    runs the jobs handed to ``then`` in their turn."""

    def __init__(self, write: Callable[[Any], None], name: str = "autosave") -> None:
        self._write = write
        self._name = name
        self._cond = threading.Condition()
        # What waits, in order: jobs, and at most one state after the last of them (a state
        # handed in while another still waits replaces it).
        self._queue: deque[Any] = deque()
        self._held = False  # the queue waits for ``release`` (or a flush)
        self._busy = False
        self._thread: threading.Thread | None = None
        self.submitted = 0  # items handed in
        self.written = 0  # items written (successfully or not); the rest were superseded
        self.failures = 0
        self.last_error: BaseException | None = None
        self.failing: BaseException | None = None  # the latest state's write failed so

    def submit(self, item: Any, hold: bool = False) -> None:
        """Queue ``item`` for writing, replacing one that is still waiting; never blocks.
        With ``hold`` it is written once ``release`` (or ``flush``) is called: the frame
        that applied a move ends before the save is encoded beside it."""
        with self._cond:
            if self._queue and not isinstance(self._queue[-1], Job):
                self._queue[-1] = item
            else:
                self._queue.append(item)
            self._held = hold
            self.submitted += 1
            self._start()
            self._cond.notify_all()

    def then(self, job: Job, hold: bool = False) -> None:
        """Run ``job`` on the writer's thread once everything handed in before it is written;
        never blocks. ``hold`` as for ``submit``."""
        with self._cond:
            self._queue.append(job)
            self._held = hold
            self._start()
            self._cond.notify_all()

    def release(self) -> None:
        """Let a held item be written."""
        with self._cond:
            if self._held:
                self._held = False
                self._cond.notify_all()

    def start(self) -> None:
        """Start the thread now (it waits for work), so the first ``submit`` need not."""
        with self._cond:
            self._start()

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
            self._thread.start()

    def _on_own_thread(self) -> bool:
        """Called from a job: everything handed in before it is written already, and
        waiting for the rest would wait for the job itself."""
        return threading.current_thread() is self._thread

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until everything submitted is written (held or not); False if ``timeout``
        ran out first."""
        if self._on_own_thread():
            return True
        with self._cond:
            self._held = False
            self._cond.notify_all()
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    def discard(self, timeout: float | None = None) -> bool:
        """Drop the states that wait and wait for what is in progress and the jobs to end
        (before a delete). From a job, nothing handed in before it waits any more."""
        if self._on_own_thread():
            return True
        with self._cond:
            jobs = [item for item in self._queue if isinstance(item, Job)]
            self._queue = deque(jobs)
            if jobs:
                self._held = False
                self._cond.notify_all()
            return self._cond.wait_for(lambda: not self._queue and not self._busy, timeout)

    @property
    def idle(self) -> bool:
        with self._cond:
            return not self._queue and not self._busy

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._queue) and not self._held)
                item = self._queue.popleft()
                self._busy = True
            try:
                if isinstance(item, Job):
                    item.run()
                else:
                    self._write(item)
                    self.failing = None
            except Exception as err:  # a full disk or a bug must not stop the game
                self.failures += 1
                self.last_error = err
                if not isinstance(item, Job):
                    self.failing = err
                what = item.name if isinstance(item, Job) else self._name
                log.warning("%s failed: %s", what, err)
            finally:
                with self._cond:
                    self._busy = False
                    if not isinstance(item, Job):
                        self.written += 1
                    self._cond.notify_all()


Match = Mapping[str, object]
_writers: dict[str, BackgroundWriter] = {}
_registry = threading.Lock()


def writer_for(paths: Paths | None = None) -> BackgroundWriter:
    """The one background writer of this autosave file."""
    paths = paths or default_paths()
    key = os.path.abspath(paths.autosave_file)
    with _registry:
        writer = _writers.get(key)
        if writer is None:
            from carioca_desktop.storage.saves import write_autosave

            def write(match: Match | Callable[[], Match]) -> None:
                write_autosave(match() if callable(match) else match, paths)

            writer = _writers[key] = BackgroundWriter(write)
        return writer


def autosave_later(
    match: Match | Callable[[], Match], paths: Paths | None = None, hold: bool = False
) -> None:
    """Write ``match`` as the autosave, off the calling thread: a fresh dict nobody mutates
    afterwards, or a function that builds one from a snapshot (called on the writer's thread,
    and only for the latest state: superseded snapshots are never built). With ``hold``, not
    before ``release_autosave`` (the next frame) or a flush."""
    writer_for(paths).submit(match, hold)


def after_autosave(
    run: Callable[[], None], name: str, paths: Paths | None = None, hold: bool = False
) -> None:
    """Run ``run`` on the autosave's writer thread once every state handed in before it is
    written (in order with them; never dropped): the end of a match's record and clearing,
    which need not keep the frame that ends the match waiting. ``hold`` as for
    ``autosave_later``."""
    writer_for(paths).then(Job(run, name), hold)


def release_autosave(paths: Paths | None = None) -> None:
    """Let a held autosave be written (the table calls it at the start of each frame)."""
    writer = _pending_for(paths)
    if writer is not None:
        writer.release()


def start_autosaver(paths: Paths | None = None) -> None:
    """Start the autosave's writer before the first save (a thread's start costs a frame a
    fraction of a millisecond, and the first move's frame is already the busiest)."""
    writer_for(paths).start()


def flush_autosaves(timeout: float | None = None) -> bool:
    """Wait until every autosave handed in is on disk; False if ``timeout`` ran out."""
    with _registry:
        writers = list(_writers.values())
    return all(w.flush(timeout) for w in writers)


def _pending_for(paths: Paths | None) -> BackgroundWriter | None:
    key = os.path.abspath((paths or default_paths()).autosave_file)
    with _registry:
        return _writers.get(key)


def flush_pending(paths: Paths | None = None) -> None:
    """Before reading the autosave: let the latest state reach the file."""
    writer = _pending_for(paths)
    if writer is not None:
        writer.flush()


def autosave_failure(paths: Paths | None = None) -> str | None:
    """Why the latest autosave could not be written, or None while saving works: "full"
    (no space left), "read_only" (no permission, a read-only disk), "not_a_folder" (a file
    where the saves folder should be) or "other"."""
    writer = _pending_for(paths)
    err = writer.failing if writer is not None else None
    return None if err is None else failure_reason(err)


def failure_reason(err: BaseException) -> str:
    """The kind of a write's failure, for the player's words."""
    number = getattr(err, "errno", None)
    if number in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "full"
    if isinstance(err, PermissionError) or number == errno.EROFS:
        return "read_only"
    if isinstance(err, (NotADirectoryError, FileExistsError)) or number == errno.ENOTDIR:
        return "not_a_folder"
    return "other"


def discard_pending(paths: Paths | None = None) -> None:
    """Before deleting the autosave: drop states not yet written, wait for one being written."""
    writer = _pending_for(paths)
    if writer is not None:
        writer.discard()


atexit.register(flush_autosaves, 5.0)
