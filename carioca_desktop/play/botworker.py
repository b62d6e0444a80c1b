"""A bot's next decision computed on a worker thread, while the table animates the last move.

The session starts a job as soon as it has applied an action (``MatchSession.apply``), so
the frame that applies a bot's move only applies it. The worker decides on a **clone** of
the game taken on the calling thread: it never reads the live game the UI keeps changing.
It does use the live bots (their memory and random generator advance as they choose, as
they would in the frame), so nothing else may touch the bots while a job runs: the session
waits for the job before it applies anything, and saves the bots' state from before it.

A job is stamped with the session's generation (one more after every applied action): a
result is taken only for the generation that asked for it, so no move is ever made from a
state older than the game's.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass
class _Job(Generic[T]):
    generation: int
    work: Callable[[], T]
    done: threading.Event = field(default_factory=threading.Event)
    result: T | None = None
    error: BaseException | None = None


class BotWorker(Generic[T]):
    """One daemon thread running one decision at a time (a newer job waits for the older)."""

    def __init__(self) -> None:
        self._job: _Job[T] | None = None
        self._cond = threading.Condition()
        self._queue: list[_Job[T]] = []
        self._thread: threading.Thread | None = None
        self._held: _Job[T] | None = None

    # ------------------------------------------------------------------ the caller's side
    def start(self, generation: int, work: Callable[[], T], hold: bool = False) -> None:
        """Compute ``work()`` in the background for ``generation`` (any older job is
        waited for first: its bot may be the same one). ``hold``: not before ``release``
        (or ``take``), so the frame that started it does not share the interpreter with it."""
        self.wait()
        job: _Job[T] = _Job(generation, work)
        self._job = job
        if hold:
            self._held = job
        else:
            self._hand_over(job)

    def release(self) -> None:
        """Let a held job run."""
        job, self._held = self._held, None
        if job is not None:
            self._hand_over(job)

    def _hand_over(self, job: _Job[T]) -> None:
        with self._cond:
            self._queue.append(job)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="bot-worker", daemon=True)
                self._thread.start()
            self._cond.notify()

    @property
    def busy(self) -> bool:
        """A job has been started and its result not yet taken or dropped."""
        return self._job is not None

    def ready(self, generation: int) -> bool:
        """The job for ``generation`` has finished (its result can be taken at once)."""
        job = self._job
        return job is not None and job.generation == generation and job.done.is_set()

    def running(self, generation: int) -> bool:
        """A job for ``generation`` was started (finished or not)."""
        job = self._job
        return job is not None and job.generation == generation

    def take(self, generation: int) -> T | None:
        """The result for ``generation``, waiting for it if needed; the job is then gone.
        Raises what the work raised. A job for another generation is an error: the caller
        asks ``running`` first."""
        job = self._job
        if job is None or job.generation != generation:
            raise LookupError(f"no decision was started for generation {generation}")
        self.release()
        job.done.wait()
        self._job = None
        if job.error is not None:
            raise job.error
        return job.result

    def wait(self) -> None:
        """Wait for the job in flight, if any, and drop it (its result is not wanted)."""
        job = self._job
        if job is not None:
            self.release()
            job.done.wait()
            self._job = None

    # ------------------------------------------------------------------ the worker
    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._queue))
                job = self._queue.pop(0)
            try:
                job.result = job.work()
            except BaseException as err:  # handed to the caller by take()
                job.error = err
            finally:
                job.done.set()
