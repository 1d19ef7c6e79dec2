"""Group commit: writes that arrive while one is being stored go together in the next transaction.

Every append waits for its commit's fsync, and costs a transaction's fixed work (a round trip, the
statement, the commit): one write per transaction would spend most of a process's time there. So the
threads of a process hand their writes to one :class:`GroupWriter`. The first one in, finding no write in
flight, stores its own at once (a lone write waits for nothing); whoever arrives meanwhile queues, and
when the write in flight ends, one of the queued threads takes the whole queue and stores it as one
batch: one transaction, one round trip. When many wait, a second batch goes in flight beside the first
(the appends take no table lock since #47: their commits overlap), never with a write to a game the
first one writes to.

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
import queue
import threading
import time
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

# At most this many writes in one transaction: a bound on its size.
MAX_BATCH = 128
# Batches stored at once, and the writes that must wait before a second one starts (below it, they wait for
# the batch in flight: one transaction of several writes costs less than two): ``make bench``, item 2.
LANES = 2
MIN_PARALLEL = 5
# In the streams in flight: a batch whose job did not say its game, stored with nothing beside it.
_ALONE = object()


class Part(NamedTuple):
    """What a job stores: one game's records at consecutive versions, rows in the same transaction, and
    the game's new head (the batch's heads go in one update)."""

    records: Sequence[Recorded]
    within: Within | None = None
    head: HeadAdvance | None = None


class Job(Protocol[T_co]):
    """A write. One that has a ``game_id`` (the game it writes) may go in a batch beside another batch in
    flight, never one that writes the same game; one without goes alone."""

    def prepare(self, pending: dict[Any, Any]) -> Part:
        """What to store, given what the batch holds so far. Raise to refuse (this job only); update
        ``pending`` only once nothing can fail any more, for the jobs after this one."""
        ...

    def done(self, positions: list[int]) -> T_co:
        """The caller's answer, once the part is committed (its records' notification ids). Runs before
        the next batch is prepared: a cache updated here is seen by it."""
        ...


class _Ticket(Generic[T]):
    __slots__ = ("error", "finished", "future", "job", "result", "stream", "wake")

    def __init__(self, job: Job[T], future: asyncio.Future[T] | None = None) -> None:
        self.job = job
        self.stream = getattr(job, "game_id", None)  # the game it writes (None: unknown, stored alone)
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
    it (a thread stores the next batch itself; a coroutine's turn goes to one of the writer's threads); a
    waiting thread is woken once, for its own answer or its turn, not at every batch (dozens of threads
    woken per batch fought for the GIL).

    Up to ``lanes`` batches are stored at once (the appends take no table lock: their transactions
    commit side by side, and one's commit waits for the disk while the next is decided). A second
    batch starts only when ``min_parallel`` writes wait that it may take — fewer wait for the batch in
    flight (one transaction is cheaper than two) — and it never takes a write to a game a batch in flight
    writes to: that write waits for its outcome, so a game's writes are still decided one after the
    other. A job tells its game by its ``game_id`` (a job without one is stored with nothing beside it)."""

    def __init__(
        self, store: GameLog, *, max_batch: int = MAX_BATCH, lanes: int = LANES, min_parallel: int = MIN_PARALLEL
    ) -> None:
        self.store = store
        self.max_batch = max_batch
        self.lanes = max(1, lanes)
        self.min_parallel = min_parallel
        self._lock = threading.Lock()
        self._queue: list[_Ticket[Any]] = []
        self._busy = 0  # batches being stored, or whose leader has the turn to store one
        self._streams: set[Any] = set()  # the games the batches in flight write to (_ALONE: a job's alone)
        self._turns: queue.SimpleQueue[_Ticket[Any] | None] = queue.SimpleQueue()  # for the writer's threads
        self._threads: list[threading.Thread] = []
        self._closed = False
        # For tests and the bench: how many transactions, and how many writes went in them.
        self.batches = 0
        self.writes = 0

    @property
    def _writing(self) -> bool:
        """A batch is being stored, or someone has the turn to store one."""
        return self._busy > 0

    @property
    def _thread(self) -> threading.Thread | None:
        """The first of the writer's threads (None: no coroutine has written yet)."""
        return self._threads[0] if self._threads else None

    def write(self, job: Job[T]) -> T:
        ticket = _Ticket(job)
        with self._lock:
            self._queue.append(ticket)
            lead = self._dispatch(ticket)
        if not lead:
            ticket.wake.wait()
            if ticket.finished:
                return ticket.answer()
        # This thread's turn: its ticket leads the next batch (handed over, or it found a free lane).
        self._run(ticket)
        return ticket.answer()

    async def submit(self, job: Job[T]) -> T:
        """``write(job)`` for a coroutine: the loop goes on serving while the write is stored."""
        loop = asyncio.get_running_loop()
        ticket: _Ticket[T] = _Ticket(job, loop.create_future())
        with self._lock:
            if self._closed:
                raise RuntimeError("the group-commit writer is closed")
            self._queue.append(ticket)
            # Started for the first coroutine's write: its turn may come from a thread's batch, later.
            while len(self._threads) < self.lanes:
                thread = threading.Thread(target=self._serve, name="banquise-group-commit", daemon=True)
                self._threads.append(thread)
                thread.start()
            self._dispatch()
        assert ticket.future is not None
        return await ticket.future

    def close(self, timeout: float = 30.0) -> None:
        """Stop the writer's threads (when the process ends: no coroutine waits for a write then), waiting
        ``timeout`` seconds at most for the batches in progress (daemons: a decision that takes longer is
        left unfinished, its writes never committed)."""
        with self._lock:
            self._closed = True
            threads = list(self._threads)
        for _ in threads:
            self._turns.put(None)
        deadline = time.monotonic() + timeout
        for thread in threads:
            thread.join(timeout=max(0.0, deadline - time.monotonic()))
            if thread.is_alive():
                log.error("stopping with a batch of moves still being decided: it is left unfinished, never stored")

    def _serve(self) -> None:
        """A writer's thread: stores the batches whose turn came to a coroutine's write."""
        while True:
            leader = self._turns.get()
            if leader is None:
                return
            self._run(leader)

    def _dispatch(self, caller: _Ticket[Any] | None = None) -> bool:
        """Under the lock: give the free lanes to the first waiting writes that may go (each leads a batch),
        and say whether ``caller``'s is one of them (its own thread then stores the batch)."""
        got = False
        while self._busy < self.lanes and self._queue and _ALONE not in self._streams:
            free = [t for t in self._queue if t.stream not in self._streams]
            if not free or (self._busy and (len(free) < self.min_parallel or free[0].stream is None)):
                break
            leader = free[0]
            self._queue.remove(leader)
            self._busy += 1
            self._streams.add(_ALONE if leader.stream is None else leader.stream)
            if leader is caller:
                got = True
            elif leader.future is None:
                leader.wake.set()
            else:
                self._turns.put(leader)
        return got

    def _run(self, leader: _Ticket[Any]) -> None:
        """Store the batch ``leader`` leads (its lane is taken; it is out of the queue): with it, the waiting
        writes no other batch in flight writes to, in arrival order. Answer it; give the lanes out again."""
        with self._lock:
            own = {_ALONE if leader.stream is None else leader.stream}
            batch = [leader]
            if leader.stream is not None:
                kept: list[_Ticket[Any]] = []
                for ticket in self._queue:
                    if (
                        len(batch) < self.max_batch
                        and ticket.stream is not None
                        and (ticket.stream in own or ticket.stream not in self._streams)
                    ):
                        batch.append(ticket)
                        own.add(ticket.stream)
                    else:
                        kept.append(ticket)
                self._queue = kept
                self._streams |= own
        try:
            self._store(batch)
        finally:
            # The lane is given back before the answers: a caller answered finds its write out of flight.
            with self._lock:
                self._streams -= own
                self._busy -= 1
                if not self._closed or any(t.future is None for t in self._queue):
                    self._dispatch()
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
