"""One LISTEN connection per process, fanning the event store's notifications out to the live streams.

Every write to the event store NOTIFYs its channel (``GameRecorder``: in the write's own transaction,
so the notification arrives after the commit). A process holds one dedicated connection, outside the
pool, that LISTENs on it; the streams of a game wait on an ``asyncio.Event`` and never touch the
database while nothing happens. On a notification the hub reads the rows of the games that have
streams (one query for all of them, notifications arriving together coalesced) and wakes the streams
of each game whose row changed (its version, its status, its voiding). The streams of a game woken
together share their read of its new events (one per perspective and caller, ``share``).

A notification lost while the connection was down is made up for: on every (re)connection the hub
wakes every stream (each reads what it missed), and a slow safety re-check (``recheck`` seconds,
``BANQUISE_LIVE_RECHECK``, 30 s by default) reads the rows again when no notification came, should
one ever be missed. The connection is reopened with a doubling backoff (0.5 s up to 10 s).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, TypeVar, cast
from uuid import UUID

import psycopg
from psycopg import sql

from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts
from service.base.store.pool import session_kwargs

log = logging.getLogger("banquise.live")
T = TypeVar("T")

COALESCE = 0.005  # seconds to gather the notifications arriving together (one read of the rows for all)
BACKOFF_FIRST, BACKOFF_MAX = 0.5, 10.0


@dataclass(frozen=True)
class GameMark:
    """What a stream needs to know of a game's row: how far it has got and whether it is closed."""

    version: int
    status: str
    voided: bool

    @property
    def closed(self) -> str | None:
        """Why the game takes no more moves (``finished``, ``abandoned``, ``voided``), or None."""
        if self.voided:
            return "voided"
        return None if self.status == "live" else self.status


@dataclass(eq=False)
class Subscription:
    game_id: UUID
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class LiveHub:
    """The process's listener and its streams' subscriptions (one per app, on the app's event loop)."""

    def __init__(
        self,
        params: ConnectionParams,
        *,
        schema: str,
        channel: str,
        timeouts: DatabaseTimeouts,
        recheck: float = 30.0,
    ) -> None:
        self.params = params
        self.schema = schema
        self.channel = channel
        self.timeouts = timeouts
        self.recheck = recheck
        self._subscriptions: dict[UUID, set[Subscription]] = {}
        self._marks: dict[UUID, GameMark] = {}
        self._task: asyncio.Task[None] | None = None
        self._reads: dict[Hashable, asyncio.Future[Any]] = {}
        self.connected = asyncio.Event()
        # For tests and /metrics: how often the hub read the rows, and the notifications it received.
        self.reads = 0
        self.notifications = 0

    # The streams' side.

    def subscribe(self, game_id: UUID) -> Subscription:
        """Wake the returned subscription's ``changed`` whenever the game's row changes (from now on)."""
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="banquise-live-listener")
        sub = Subscription(game_id)
        self._subscriptions.setdefault(game_id, set()).add(sub)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subscriptions.get(sub.game_id)
        if subs is None:
            return
        subs.discard(sub)
        if not subs:
            del self._subscriptions[sub.game_id]
            self._marks.pop(sub.game_id, None)

    def mark(self, game_id: UUID) -> GameMark | None:
        """The game's row as the hub last read it (None: not read yet)."""
        return self._marks.get(game_id)

    async def share(self, key: Hashable, read: Callable[[], Awaitable[T]]) -> T:
        """``read()``, or the same read already under way for ``key``: the streams of a game woken by
        one append read its new events once per perspective, not once each."""
        future = self._reads.get(key)
        if future is None:
            future = asyncio.ensure_future(read())
            self._reads[key] = future
            future.add_done_callback(lambda _: self._reads.pop(key, None))
        # A stream that leaves while waiting does not cancel the others' read.
        return cast("T", await asyncio.shield(future))

    @property
    def streams(self) -> int:
        return sum(len(s) for s in self._subscriptions.values())

    async def close(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    # The listener's side.

    async def _run(self) -> None:
        backoff = BACKOFF_FIRST
        listen = sql.SQL("LISTEN {0}").format(sql.Identifier(self.channel))
        while True:
            try:
                kwargs: dict[str, Any] = {
                    **self.params.connect_kwargs(),
                    **session_kwargs(self.timeouts, application_name="banquise/live"),
                }
                conn = await psycopg.AsyncConnection.connect(autocommit=True, **kwargs)
            except (psycopg.Error, OSError) as exc:
                log.warning("live listener cannot connect", extra={"fields": {"error": str(exc), "retry": backoff}})
                await asyncio.sleep(backoff)
                backoff = min(backoff * 2, BACKOFF_MAX)
                continue
            try:
                async with conn:
                    await conn.execute(listen)
                    backoff = BACKOFF_FIRST
                    self.connected.set()
                    # Whatever was written while nobody listened: every stream looks once.
                    self._wake_all()
                    await self._listen(conn)
            except (psycopg.Error, OSError) as exc:
                log.warning("live listener lost its connection", extra={"fields": {"error": str(exc)}})
            finally:
                self.connected.clear()
            await asyncio.sleep(backoff)
            backoff = min(backoff * 2, BACKOFF_MAX)

    async def _listen(self, conn: psycopg.AsyncConnection[Any]) -> None:
        while True:
            got = 0
            async for _ in conn.notifies(timeout=self.recheck, stop_after=1):
                got += 1
            if got:
                async for _ in conn.notifies(timeout=COALESCE):
                    got += 1
                self.notifications += got
            if self._subscriptions:
                await self._refresh(conn)

    async def _refresh(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """Read the watched games' rows once; wake the streams of those that changed."""
        ids = list(self._subscriptions)
        query = sql.SQL("SELECT id, version, status, voided FROM {0}.games WHERE id = ANY(%s)").format(
            sql.Identifier(self.schema)
        )
        self.reads += 1
        cur = await conn.execute(query, (ids,))
        for game_id, version, status, voided in await cur.fetchall():
            mark = GameMark(int(version), str(status), bool(voided))
            if self._marks.get(game_id) != mark:
                self._marks[game_id] = mark
                for sub in self._subscriptions.get(game_id, ()):
                    sub.changed.set()

    def _wake_all(self) -> None:
        self._marks.clear()
        for subs in self._subscriptions.values():
            for sub in subs:
                sub.changed.set()
