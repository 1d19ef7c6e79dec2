"""The process's notifier: after appends commit, one ``NOTIFY`` on the events' channel wakes the live streams'
listeners (``service.base.store.listening``) of every process.

The notification is not sent from the write's own transaction: PostgreSQL serialises the commits of every
transaction that notifies (a lock taken before the commit record is written and held until it is
flushed), which made a cluster-wide lock of it again (measured: 8 connections committing one row each,
~1,600 commits/s, fell to ~475/s with a NOTIFY in each). Nor is it a second statement on the write's
connection: a write stays one round trip. A writer only pokes the notifier (no I/O); the notifier's
thread sends one NOTIFY for all the writes committed since its last one, on a connection of its own, in a
transaction that does not wait for the disk (``synchronous_commit`` off: a notification is not durable
anyway, and it holds the notify lock for microseconds). It is sent after the commits it announces, so a
listener that reads on it sees them. A failure is logged and counted, then the connection is opened again
(a doubling backoff): the streams miss a wake-up, never a write, and catch up at their next one or at
their periodic re-check (``BANQUISE_LIVE_RECHECK``).
"""

from __future__ import annotations

import contextlib
import logging
import threading
from typing import Any

import psycopg
from psycopg import sql

from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts
from service.base.store.pool import session_kwargs

log = logging.getLogger("banquise.store")

BACKOFF_FIRST, BACKOFF_MAX = 0.2, 5.0
APPLICATION_NAME = "banquise/notify"


class Notifier:
    def __init__(self, params: ConnectionParams, channel: str, timeouts: DatabaseTimeouts) -> None:
        self.params = params
        self.timeouts = timeouts
        self.statement = sql.SQL("NOTIFY {}").format(sql.Identifier(channel))
        self._pending = threading.Event()
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._conn: psycopg.Connection[Any] | None = None
        # For /metrics and the tests: the NOTIFYs sent, and those that failed.
        self.sent = 0
        self.failures = 0

    def poke(self) -> None:
        """Writes committed: notify soon (from any thread; no I/O here)."""
        if self._thread is None:
            with self._lock:
                if self._thread is None and not self._stopped.is_set():
                    self._thread = threading.Thread(target=self._run, name="banquise-notify", daemon=True)
                    self._thread.start()
        self._pending.set()

    def close(self, timeout: float = 5.0) -> None:
        self._stopped.set()
        self._pending.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
        self._disconnect()

    def _run(self) -> None:
        backoff = BACKOFF_FIRST
        while True:
            self._pending.wait()
            if self._stopped.is_set():
                return
            self._pending.clear()
            try:
                self._connection().execute(self.statement)
                self.sent += 1
                backoff = BACKOFF_FIRST
            except Exception as exc:
                self.failures += 1
                log.warning("the notification of committed writes failed: %s", exc)
                self._disconnect()
                self._pending.set()  # the writes are still to be announced, once connected again
                if self._stopped.wait(backoff):
                    return
                backoff = min(backoff * 2, BACKOFF_MAX)

    def _connection(self) -> psycopg.Connection[Any]:
        if self._conn is None or self._conn.closed:
            kwargs = {**self.params.connect_kwargs(), **session_kwargs(self.timeouts, APPLICATION_NAME)}
            conn = psycopg.connect(autocommit=True, **kwargs)
            conn.execute("SET synchronous_commit = off")
            self._conn = conn
        return self._conn

    def _disconnect(self) -> None:
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(Exception):
                conn.close()
