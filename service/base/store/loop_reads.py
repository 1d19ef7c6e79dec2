"""Read-only queries run on the event loop, over psycopg's ``AsyncConnection``: no worker thread.

A request that reads once and then computes (a cold replay step) spent more CPU handing its read to a
worker thread and back (the thread's wake, the GIL passed between it and the loop) than on the read
itself: measured on this machine, ~250 us of the process's CPU per read through a thread against
~120 us on the loop. The pool here is small: a read holds its connection for one round trip only.

Each event loop has its own pool (an ``AsyncConnectionPool`` belongs to the loop that opened it), opened
and closed by the app's lifespan (``open``, ``close``; a loop without one opens it on its first read).
The pool behaves as the store's ``GuardedPool`` does for reads: the same session timeouts; a connection
that answered within ``RECENT`` seconds is lent without a check first; a connection found broken (a
restart) has the pool checked and the read run once more on a working one; the whole read is bounded by
the request budget, and a connection that overran it is closed (a network blackhole never reaches the
server's timers).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

import psycopg
from psycopg import AsyncConnection
from psycopg_pool import AsyncConnectionPool
from psycopg_pool.base import AttemptWithBackoff

from service.base.settings import DatabaseTimeouts
from service.base.store import pool as guarded
from service.base.store.failures import StoreUnavailable
from service.base.store.pool import CappedAttempt, session_kwargs

T = TypeVar("T")
Query = Callable[[AsyncConnection[Any]], Awaitable[T]]


class _Broken(Exception):
    """The connection lent broke during the read (its link is gone): worth one more try elsewhere."""


class _CappedPool(AsyncConnectionPool[AsyncConnection[Any]]):
    """psycopg_pool's reconnection backoff capped at one second, as the store's pool does."""

    async def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        await super()._add_connection(attempt or CappedAttempt(timeout=self.reconnect_timeout), growing)


class LoopReads:
    """The process's reads on its event loops (one pool per loop)."""

    def __init__(self, kwargs: dict[str, Any], timeouts: DatabaseTimeouts, *, size: int = 4) -> None:
        self.kwargs = {**kwargs, **session_kwargs(timeouts, "banquise/reads"), "autocommit": True}
        self.timeouts = timeouts
        self.size = size
        self._pools: dict[asyncio.AbstractEventLoop, AsyncConnectionPool[AsyncConnection[Any]]] = {}
        self._answered: WeakKeyDictionary[AsyncConnection[Any], float] = WeakKeyDictionary()

    async def read(self, query: Query[T]) -> T:
        """``query`` (read-only: it may run twice) on a connection of this loop's pool.

        Raises ``StoreUnavailable`` when the database does not answer within the request budget, and
        psycopg's errors as they are otherwise (the HTTP layer answers 503 to those that mean "later")."""
        pool = await self.pool()
        try:
            async with asyncio.timeout(self.timeouts.budget):
                try:
                    return await self._once(pool, query, check=False)
                except _Broken:
                    # After a restart every idle connection is stale: the pool drops them, then once more.
                    await pool.check()
                    try:
                        return await self._once(pool, query, check=True)
                    except _Broken as broken:
                        raise broken.__cause__ or broken from None
        except TimeoutError:
            raise StoreUnavailable(f"no answer from PostgreSQL within {self.timeouts.budget:.1f} s") from None

    async def _once(self, pool: AsyncConnectionPool[AsyncConnection[Any]], query: Query[T], *, check: bool) -> T:
        conn = await pool.getconn(timeout=self.timeouts.pool)
        try:
            answered = self._answered.get(conn)
            if check or answered is None or time.monotonic() - answered > guarded.RECENT:
                await conn.execute("")
            result = await query(conn)
        except psycopg.OperationalError as exc:
            await pool.putconn(conn)  # a broken connection is closed by the pool, not lent again
            if conn.broken or conn.closed:
                raise _Broken from exc
            raise
        except BaseException:
            # Cancelled mid-query (the budget): the pool closes a connection it gets back busy.
            await pool.putconn(conn)
            raise
        self._answered[conn] = time.monotonic()
        await pool.putconn(conn)
        return result

    async def pool(self) -> AsyncConnectionPool[AsyncConnection[Any]]:
        """The running loop's pool, opened on first use."""
        loop = asyncio.get_running_loop()
        pool = self._pools.get(loop)
        if pool is None:
            pool = _CappedPool(
                kwargs=self.kwargs,
                # One connection opened with the app, more (up to ``size``) when reads wait for one. Measured
                # on cold replay steps: four opened at once cost a third more CPU per request than this.
                min_size=1,
                max_size=self.size,
                open=False,
                timeout=self.timeouts.pool,
                max_lifetime=60 * 60.0,
                reconnect_timeout=5 * 60.0,
                name="banquise-loop-reads",
            )
            self._pools[loop] = pool
            await pool.open(wait=False)
        return pool

    async def open(self) -> None:
        """Open the running loop's pool (the app's lifespan, at start-up; without it, the first read).
        Returns at once: the connections are made in the background, and a read waits for one."""
        await self.pool()

    async def close(self) -> None:
        """Close the running loop's pool (the app's lifespan, at shutdown)."""
        pool = self._pools.pop(asyncio.get_running_loop(), None)
        if pool is not None:
            await pool.close()
