"""Followers of the whole event log in the soak: what a projection, an export or any reader of "everything
since position P" does, as plainly as it can be done — ``service.base.store.following.read_page`` from a
position kept in memory. One reads through the database's fault proxy (it meets every database fault the
API meets, and starts again from its position after each), one straight. What each is handed goes into
the history; the checker's ``followers`` property judges it (``tests/nemesis/deliveries.py``).
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import psycopg

from service.base.store.following import START, LogPosition, read_page
from tests.nemesis.history import Recorder

PAGE = 100
# Bounds for a connection through the proxy: a blackhole must not hang the follower.
SESSION = "-c statement_timeout=5000 -c idle_in_transaction_session_timeout=5000"


class LogFollower(threading.Thread):
    def __init__(self, name: str, conninfo: str, recorder: Recorder) -> None:
        super().__init__(name=f"follower {name}", daemon=True)
        self.label = name
        self.conninfo = conninfo
        self.after = START
        self.handed: list[tuple[str, int, int, int]] = recorder.history.followed.setdefault(name, [])
        self.stop = threading.Event()
        self.restarts = 0
        self._conn: psycopg.Connection[Any] | None = None

    def poll(self) -> int:
        """Read every page below the watermark after the position; the number of events handed."""
        if self._conn is None or self._conn.closed:
            self._conn = psycopg.connect(
                self.conninfo, autocommit=True, connect_timeout=3, options=SESSION, keepalives_idle=5
            )
        n = 0
        while rows := read_page(self._conn, "public", "banquise_events", self.after, PAGE):
            self.handed.extend((str(r.originator_id), r.originator_version, r.xid, r.id) for r in rows)
            self.after = rows[-1].position
            n += len(rows)
        return n

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.poll()
            except Exception:
                # A restart: nothing kept but the position.
                self.restarts += 1
                self.close()
                self.stop.wait(0.2)
                continue
            self.stop.wait(0.02)

    def drain(self, conninfo: str, timeout: float = 60.0) -> None:
        """Once every fault is healed: read (straight) until the position reaches the log's last event."""
        # The thread was told to stop before the heal, but a read it had blocked in a blackhole ends only with
        # the heal; until then it owns the connection, and reading beside it each would close the other's (a
        # soak broke off so: "connection socket closed" in this drain).
        if self.is_alive():
            self.join(timeout)
        if self.is_alive():
            raise AssertionError(f"{self.name} still reading {timeout:.0f} s after the heal: a hang")
        self.close()
        self.conninfo = conninfo
        deadline = time.monotonic() + timeout
        while True:
            self.poll()
            assert self._conn is not None
            row = self._conn.execute(
                "SELECT xid, notification_id FROM banquise_events ORDER BY xid DESC, notification_id DESC LIMIT 1"
            ).fetchone()
            if row is None or LogPosition(int(row[0]), int(row[1])) <= self.after:
                break
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name} never reached the end of the log ({self.after} < {row})")
            time.sleep(0.1)
        self.close()

    def close(self) -> None:
        if self._conn is not None:
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None
