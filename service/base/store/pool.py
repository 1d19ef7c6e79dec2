"""The event store's connection pool, made to fail fast and heal by itself.

* Every connection is opened with a connect timeout, TCP keepalives and the server-side
  ``statement_timeout``, ``lock_timeout`` and ``idle_in_transaction_session_timeout``.
* A connection is checked (an empty query) before it is lent, so connections left stale by a
  PostgreSQL restart are replaced before a request uses them; a connection that broke in use is
  discarded when it comes back (psycopg_pool does this for broken connections). A connection that
  came back in good order less than ``FRESH`` seconds ago, and on whose socket nothing arrived since
  (a restart's or a reset's goodbye makes it readable), is lent without that round trip: under load
  every connection is, and the check had been one round trip in three per append.
* A watchdog cuts a connection whose use overruns its budget: a network blackhole never reaches
  the server's timers (the server never sees the query), so only the client can end that wait.
* Reconnection after an outage retries every second at most (psycopg_pool doubles its delay from
  1 s, which after a 30 s outage could leave the pool empty for another 30 s).
"""

from __future__ import annotations

import logging
import os
import select
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from itertools import count
from typing import Any, TypeVar
from uuid import uuid4
from weakref import WeakKeyDictionary

import psycopg
from eventsourcing.postgres import ConnectionPool
from psycopg import Connection
from psycopg.pq import TransactionStatus
from psycopg.rows import DictRow, dict_row
from psycopg_pool import PoolTimeout
from psycopg_pool.base import AttemptWithBackoff

from service.base.settings import DatabaseTimeouts
from service.base.store.failures import READ_ONLY

log = logging.getLogger("banquise.database")

WATCH_INTERVAL = 0.1  # seconds between two looks of the watchdog
FRESH = 1.0  # seconds after a good use during which a quiet connection is lent unchecked
# A connection that answered this recently is lent to a read without the check first (``GuardedPool.read``).
RECENT = 1.0
T = TypeVar("T")
_process_tag = uuid4().hex[:8]
_serial = count(1)


def session_kwargs(timeouts: DatabaseTimeouts, application_name: str = "banquise") -> dict[str, Any]:
    """psycopg ``connect`` keywords that bound every wait on the server (any connection of the service)."""
    options = " ".join(
        [
            f"-c statement_timeout={int(timeouts.statement * 1000)}",
            f"-c lock_timeout={int(timeouts.lock * 1000)}",
            f"-c idle_in_transaction_session_timeout={int(timeouts.idle_in_transaction * 1000)}",
        ]
    )
    return {
        # libpq takes whole seconds and treats 1 as 2.
        "connect_timeout": max(2, round(timeouts.connect)),
        "keepalives": 1,
        "keepalives_idle": 5,
        "keepalives_interval": 2,
        "keepalives_count": 2,
        # Unacknowledged data on a dead link (TCP only; ignored on a unix socket).
        "tcp_user_timeout": int(timeouts.budget * 1000),
        "options": options,
        "application_name": application_name,
    }


def cut(conn: Connection[Any]) -> None:
    """Shut the connection's socket down from any thread: a call blocked on it fails at once."""
    with suppress(Exception):
        fd = conn.pgconn.socket
        dup = socket.socket(fileno=os.dup(fd))
        try:
            dup.shutdown(socket.SHUT_RDWR)
        finally:
            dup.close()


class Watchdog:
    """Cuts connections used past their deadline (one daemon thread per process, started on demand)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._watched: dict[int, tuple[float, Connection[Any]]] = {}
        self._tokens = count(1)
        self._thread: threading.Thread | None = None
        self.cuts = 0

    def watch(self, conn: Connection[Any], seconds: float) -> int:
        token = next(self._tokens)
        with self._lock:
            self._watched[token] = (time.monotonic() + seconds, conn)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="banquise-db-watchdog", daemon=True)
                self._thread.start()
        return token

    def release(self, token: int) -> None:
        # Under the lock: a connection is never cut after it went back to the pool.
        with self._lock:
            self._watched.pop(token, None)

    def _run(self) -> None:
        while True:
            time.sleep(WATCH_INTERVAL)
            now = time.monotonic()
            with self._lock:
                overdue = [token for token, (deadline, _) in self._watched.items() if deadline <= now]
                for token in overdue:
                    _, conn = self._watched.pop(token)
                    log.warning("no answer from PostgreSQL in time: connection cut")
                    cut(conn)
                    self.cuts += 1


WATCHDOG = Watchdog()


class CappedAttempt(AttemptWithBackoff):
    """psycopg_pool's reconnection backoff, capped at one second between attempts."""

    INITIAL_DELAY = 0.25
    MAX_DELAY = 1.0

    def update_delay(self, now: float) -> None:
        super().update_delay(now)
        self.delay = min(self.delay, self.MAX_DELAY)


def _checker(watchdog: Watchdog, seconds: float) -> Callable[[Connection[Any]], None]:
    """The check before lending: an empty query, cut if it gets no answer in time. (A function, not a
    bound method: the pool would hold a cycle to itself, then be collected in one of its own threads.)"""

    def check(conn: Connection[Any]) -> None:
        token = watchdog.watch(conn, seconds)
        try:
            conn.execute("")
        finally:
            watchdog.release(token)

    return check


class GuardedPool(ConnectionPool[Connection[DictRow]]):
    """eventsourcing's pool with the timeouts, the check before lending and the watchdog."""

    def __init__(
        self,
        *,
        kwargs: dict[str, Any],
        timeouts: DatabaseTimeouts,
        min_size: int,
        max_size: int,
        watchdog: Watchdog = WATCHDOG,
    ) -> None:
        self.timeouts = timeouts
        self.watchdog = watchdog
        # id(connection) -> when it last came back in good order (monotonic seconds).
        self._good: dict[int, float] = {}
        self.checks = 0  # empty-query checks made (tests count them)
        super().__init__(
            connection_class=Connection[DictRow],
            kwargs={**kwargs, **session_kwargs(timeouts), "row_factory": dict_row},
            min_size=min_size,
            max_size=max_size,
            open=False,
            configure=self._configure,
            check=_checker(watchdog, timeouts.connect),
            timeout=timeouts.pool,
            max_lifetime=60 * 60.0,
            # After this long without a successful connection the pool stops retrying until asked again.
            reconnect_timeout=5 * 60.0,
        )

    @staticmethod
    def _configure(conn: Connection[Any]) -> None:
        conn.autocommit = True
        # A name of its own: after a lost commit reply the store finds this very server process
        # (pid and name together: a pid may be reused) and ends it before looking the write up.
        conn.execute("SELECT set_config('application_name', %s, false)", (f"banquise/{_process_tag}/{next(_serial)}",))

    def _getconn_with_check_loop(self, deadline: float) -> Connection[DictRow]:
        # psycopg_pool sleeps with a backoff (1 s, then 2 s...) after each failed check: after a restart
        # every pooled connection is stale, and the wait for a good one overran the pool timeout. A stale
        # connection is dropped (replaced in the background) and the next one is tried at once.
        while True:
            conn = self._getconn_unchecked(deadline - time.monotonic())
            try:
                if not self._fresh(conn):
                    self.checks += 1
                    self._check_connection(conn)
            except Exception:
                self._putconn(conn, from_getconn=True)
                if time.monotonic() >= deadline:
                    raise PoolTimeout(f"no working connection within {self.timeout:.1f} s") from None
                continue
            except BaseException:
                self._putconn(conn, from_getconn=True)
                raise
            return conn

    def _fresh(self, conn: Connection[DictRow]) -> bool:
        """Used well just now, and nothing arrived on it since (no error, no end of the connection)."""
        good = self._good.pop(id(conn), None)
        if good is None or time.monotonic() - good > FRESH or conn.closed:
            return False
        try:
            readable, _, _ = select.select([conn.pgconn.socket], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable

    def _add_connection(self, attempt: AttemptWithBackoff | None, growing: bool = False) -> None:
        super()._add_connection(attempt or CappedAttempt(timeout=self.reconnect_timeout), growing)

    @contextmanager
    def connection(self, timeout: float | None = None, budget: float | None = None) -> Iterator[Connection[DictRow]]:
        conn = self.getconn(timeout=timeout)
        token = self.watchdog.watch(conn, self.timeouts.budget if budget is None else budget)
        try:
            try:
                with conn:
                    yield conn
            except psycopg.Error as exc:
                if exc.sqlstate == READ_ONLY:
                    conn.close()  # a demoted primary: the pool replaces it with one to the new primary
                raise
            if not conn.closed and not conn.broken and conn.info.transaction_status == TransactionStatus.IDLE:
                self._good[id(conn)] = time.monotonic()
            self._answered[conn] = time.monotonic()
        finally:
            self.watchdog.release(token)
            self.putconn(conn)

    @property
    def _answered(self) -> WeakKeyDictionary[Connection[DictRow], float]:
        """When each connection last answered (a property: psycopg_pool's constructor lends none yet)."""
        try:
            return self.__answered
        except AttributeError:
            self.__answered: WeakKeyDictionary[Connection[DictRow], float] = WeakKeyDictionary()
            return self.__answered

    def read(self, query: Callable[[Connection[DictRow]], T]) -> T:
        """``query`` (read-only: it may run twice) in one round trip rather than two.

        The check before lending is an empty query, a round trip of its own: a connection that answered
        less than ``RECENT`` seconds ago is lent without it. Should it have gone stale all the same (a
        restart within that second), it is dropped and the read runs again on a checked connection, so
        a restart still fails no request."""
        self._check_open_getconn()
        conn = self._getconn_unchecked(self.timeout)
        answered = self._answered.get(conn)
        checked = answered is None or time.monotonic() - answered > RECENT
        if checked:
            try:
                self._check_connection(conn)
            except Exception:
                self._putconn(conn, from_getconn=True)
                with self.connection() as other:  # the next ones, checked (a restart: all stale)
                    return query(other)
            except BaseException:
                self._putconn(conn, from_getconn=True)
                raise
        token = self.watchdog.watch(conn, self.timeouts.budget)
        try:
            with conn:
                result = query(conn)
            self._answered[conn] = time.monotonic()
            return result
        except psycopg.OperationalError:
            # Only a connection lent unchecked whose link is gone is worth a second try.
            if checked or not (conn.closed or conn.broken):
                raise
        finally:
            self.watchdog.release(token)
            self.putconn(conn)
        with self.connection() as other:
            return query(other)
