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

A coroutine on the event loop hands its write over with ``await submit(job)`` instead of taking a
worker thread: its write goes in the same queue, and when no thread of its own can store it, the
writer's one thread does. That thread answers a whole batch's coroutines with one wake of their loop,
not one thread hop each way per write (on 2 cores they were a fifth of an append's server CPU).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Sequence
from contextlib import suppress
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from service.base.store.application import GameLog, VersionConflict
from service.base.store.chain import ChainBroken
from service.base.store.closing import GameClosed
from service.base.store.envelope import Recorded
from service.base.store.failures import ValueRejected
from service.base.store.heads import HeadAdvance
from service.base.store.key_guard import KeysChanged
from service.base.store.recorder import Within

log = logging.getLogger("banquise.store")

T = TypeVar("T")
T_co = TypeVar("T_co", covariant=True)

# At most this many writes in one transaction: a bound on its size (and on the lock's hold).
MAX_BATCH = 128


class Part(NamedTuple):
    """What a job stores: one game's records at consecutive versions, rows in the same transaction, and
    the game's new head (the batch's heads go in one update)."""

    records: Sequence[Recorded]
    within: Within | None = None
    head: HeadAdvance | None = None


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
    __slots__ = ("error", "finished", "future", "job", "result", "wake")

    def __init__(self, job: Job[T], future: asyncio.Future[T] | None = None) -> None:
        self.job = job
        self.finished = False
        self.result: T | None = None
        self.error: BaseException | None = None
        # A thread's write: set once, when the write is finished or when its thread is to store the queue.
        self.wake = threading.Event()
        # A coroutine's write: answered on its loop; the writer's thread stores it when its turn comes.
        self.future = future

    def fail(self, error: BaseException) -> None:
        self.error, self.finished = error, True

    def answer(self) -> T:
        if self.error is not None:
            raise self.error
        return self.result  # type: ignore[return-value]


def _answer(tickets: list[_Ticket[Any]]) -> None:
    """On a coroutine's loop: each ticket's answer to its future (unless its request went away)."""
    for ticket in tickets:
        future = ticket.future
        if future is None or future.done():
            continue
        if ticket.error is not None:
            future.set_exception(ticket.error)
        else:
            future.set_result(ticket.result)


class GroupWriter:
    """One process's writer: ``write(job)`` from any thread, or ``await submit(job)`` on an event loop,
    answered with that job's own result.

    Whoever stores a batch answers each of its callers, then hands the queue to the first one waiting in
    it (a thread stores the next batch itself; a coroutine's turn goes to the writer's thread); a waiting
    thread is woken once, for its own answer or its turn, not at every batch (dozens of threads woken per
    batch fought for the GIL)."""

    def __init__(self, store: GameLog, *, max_batch: int = MAX_BATCH) -> None:
        self.store = store
        self.max_batch = max_batch
        self._lock = threading.Lock()
        self._queue: list[_Ticket[Any]] = []
        self._writing = False  # someone stores a batch now, or has the turn to (the queue waits for it)
        self._turn = threading.Event()  # the writer's thread has the turn
        self._thread: threading.Thread | None = None
        self._closed = False
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
        self._run()
        return ticket.answer()

    async def submit(self, job: Job[T]) -> T:
        """``write(job)`` for a coroutine: the loop goes on serving while the write is stored."""
        loop = asyncio.get_running_loop()
        ticket: _Ticket[T] = _Ticket(job, loop.create_future())
        with self._lock:
            if self._closed:
                raise RuntimeError("the group-commit writer is closed")
            self._queue.append(ticket)
            lead, self._writing = not self._writing, True
            # Started for the first coroutine's write: its turn may come from a thread's batch, later.
            if self._thread is None:
                self._thread = threading.Thread(target=self._serve, name="banquise-group-commit", daemon=True)
                self._thread.start()
        if lead:
            self._turn.set()
        assert ticket.future is not None
        return await ticket.future

    def close(self, timeout: float = 30.0) -> None:
        """Stop the writer's thread (when the process ends: no coroutine waits for a write then), waiting
        ``timeout`` seconds at most for the batch in progress (a daemon: a decision that takes longer is
        left unfinished, its writes never committed)."""
        with self._lock:
            self._closed = True
            thread = self._thread
        self._turn.set()
        if thread is not None:
            thread.join(timeout=timeout)
            if thread.is_alive():
                log.error("stopping with a batch of moves still being decided: it is left unfinished, never stored")

    def _serve(self) -> None:
        """The writer's thread: stores the batches whose turn came to a coroutine's write."""
        while True:
            self._turn.wait()
            self._turn.clear()
            if self._closed:
                return
            self._run()

    def _run(self) -> None:
        """Store the batch at the head of the queue (the caller has the turn), answer it, pass the turn."""
        with self._lock:
            batch, self._queue = self._queue[: self.max_batch], self._queue[self.max_batch :]
        try:
            self._store(batch)
        finally:
            waiting: dict[asyncio.AbstractEventLoop, list[_Ticket[Any]]] = {}
            for other in batch:
                if not other.finished:
                    other.fail(RuntimeError("the write was not stored: its batch was interrupted"))
                if other.future is not None:
                    waiting.setdefault(other.future.get_loop(), []).append(other)
                else:
                    other.wake.set()  # (the leader's own too: nobody waits on it, and no turn is lost)
            for loop, tickets in waiting.items():
                with suppress(RuntimeError):  # the loop closed meanwhile: nobody is waiting any more
                    loop.call_soon_threadsafe(_answer, tickets)
            with self._lock:
                successor = self._queue[0] if self._queue else None
                self._writing = successor is not None
            if successor is not None:
                if successor.future is None:
                    successor.wake.set()
                else:
                    self._turn.set()

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
            positions = self.store.append_batch(
                [(part.records, part.within) for _, part in prepared],
                [part.head for _, part in prepared if part.head is not None],
            )
        except (VersionConflict, ValueRejected, GameClosed, KeysChanged, ChainBroken) as exc:
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
