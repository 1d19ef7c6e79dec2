"""Group commit: writes that arrive while one is being stored go together in the next transaction.

Every append takes the events table's EXCLUSIVE lock (the library's ordering guarantee) and waits for
its commit's fsync: one write per transaction caps a whole deployment near that lock's bound. Here
the threads of a process hand their writes to one :class:`GroupWriter`. The first one in, finding no
write in flight, stores its own at once (a lone write waits for nothing); whoever arrives meanwhile
queues, and when the write in flight ends, one of the queued threads takes the whole queue and stores
it as one batch: one transaction, one lock, one round trip.

A write is a :class:`Job`. Its ``prepare`` runs in the thread storing the batch, in arrival order,
and decides what to store from what the batch already holds (``pending``, which the jobs before it
filled): two moves to one game in a batch are decided as if sequential. A job that refuses (raises)
answers its own caller only. When the database refuses the batch for one write's sake (a version or
an idempotency key taken by another process, a value it rejects, a cached key whose count of key
changes moved) each write is stored again alone, prepared afresh, so that only that one fails; any
other failure (the database unavailable, a commit whose outcome could not be learnt) fails every write
of the batch, with the store's own semantics.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from service.base.store.application import GameLog, VersionConflict
from service.base.store.closing import GameClosed
from service.base.store.envelope import Recorded
from service.base.store.failures import ValueRejected
from service.base.store.key_guard import KeysChanged
from service.base.store.recorder import Within

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

# At most this many writes in one transaction: a bound on its size (and on the lock's hold).
MAX_BATCH = 128


class Part(NamedTuple):
    """What a job stores: one game's records at consecutive versions, and rows in the same transaction."""

    records: Sequence[Recorded]
    within: Within | None = None


class Job(Protocol[T_co]):
    def prepare(self, pending: dict[Any, Any]) -> Part:
        """What to store, given what the batch holds so far. Raise to refuse (this job only); update
        ``pending`` only once nothing can fail any more, for the jobs after this one."""
        ...

    def done(self, positions: list[int]) -> T_co:
        """The caller's answer, once the part is committed (its records' notification ids). Runs before
        the next batch is prepared: a cache updated here is seen by it."""
        ...


class _Ticket(Generic[T]):
    __slots__ = ("error", "finished", "job", "result", "wake")

    def __init__(self, job: Job[T]) -> None:
        self.job = job
        self.finished = False
        self.result: T | None = None
        self.error: BaseException | None = None
        # Set once: when the write is finished, or when its thread is to store the queue.
        self.wake = threading.Event()

    def fail(self, error: BaseException) -> None:
        self.error, self.finished = error, True

    def answer(self) -> T:
        if self.error is not None:
            raise self.error
        return self.result  # type: ignore[return-value]


class GroupWriter:
    """One process's writer: ``write(job)`` from any thread, answered with that job's own result.

    Whoever stores a batch wakes each of its callers, then hands the queue to the first caller waiting in
    it (who stores the next batch); a waiting thread is woken once, for its own answer or its turn, not at
    every batch (dozens of threads woken per batch fought for the GIL)."""

    def __init__(self, store: GameLog, *, max_batch: int = MAX_BATCH) -> None:
        self.store = store
        self.max_batch = max_batch
        self._lock = threading.Lock()
        self._queue: list[_Ticket[Any]] = []
        self._writing = False  # a thread stores a batch now (the queue waits for it)
        # For tests and the bench: how many transactions, and how many writes went in them.
        self.batches = 0
        self.writes = 0

    def write(self, job: Job[T]) -> T:
        ticket = _Ticket(job)
        with self._lock:
            self._queue.append(ticket)
            # No write in flight: this thread stores its own write now (the queue was empty).
            lead, self._writing = not self._writing, True
        if not lead:
            ticket.wake.wait()
            if ticket.finished:
                return ticket.answer()
        # This thread's turn: its ticket is first in the queue (handed over, or it was alone).
        with self._lock:
            batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
        try:
            self._store(batch)
        finally:
            for other in batch:
                if not other.finished:
                    other.fail(RuntimeError("the write was not stored: its batch was interrupted"))
                if other is not ticket:
                    other.wake.set()
            with self._lock:
                successor = self._queue[0] if self._queue else None
                self._writing = successor is not None
            if successor is not None:
                successor.wake.set()
        return ticket.answer()

    def _store(self, batch: list[_Ticket[Any]]) -> None:
        pending: dict[Any, Any] = {}
        prepared: list[tuple[_Ticket[Any], Part]] = []
        for ticket in batch:
            try:
                prepared.append((ticket, ticket.job.prepare(pending)))
            except Exception as exc:
                ticket.fail(exc)
        if not prepared:
            return
        self.batches += 1
        self.writes += len(prepared)
        try:
            positions = self.store.append_batch([part for _, part in prepared])
        except (VersionConflict, ValueRejected, GameClosed, KeysChanged) as exc:
            if len(prepared) == 1:
                prepared[0][0].fail(exc)
                return
            # One write's fault: each one alone, prepared again (the ones before it may be stored now).
            for ticket, _ in prepared:
                self._store([ticket])
            return
        except Exception as exc:
            for ticket, _ in prepared:
                ticket.fail(exc)
            return
        for (ticket, _), ids in zip(prepared, positions, strict=True):
            try:
                ticket.result = ticket.job.done(ids)
                ticket.finished = True
            except Exception as exc:
                ticket.fail(exc)
