"""A PostgreSQL streaming replica for the reads that may be a moment behind: its pool, and whether to use it.

A monitor thread looks at the replica every ``PROBE_INTERVAL``: can it be reached, and how far behind is
it? Lag is measured in time, not bytes: each look samples the primary's flushed WAL position, and the
replica is as far behind as the oldest sample it has not replayed yet. A replica that cannot be reached,
or is behind by more than ``max_lag`` seconds, is bypassed (reads go to the primary, each one counted)
until a look finds it well again; the state changes are logged once, not per request.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, Literal

import msgspec
import psycopg
from psycopg.rows import dict_row

from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts
from service.base.store.failures import reason
from service.base.store.pool import GuardedPool, session_kwargs

log = logging.getLogger("banquise.replica")

PROBE_INTERVAL = 0.25  # seconds between two looks of the monitor
Status = Literal["up", "lagging", "down"]
# Why a read went to the primary although a replica is configured.
FallbackReason = Literal["lag", "lagging", "down", "conflict", "error"]


def parse_lsn(text: str) -> int:
    """``16/B374D848`` (PostgreSQL's ``pg_lsn`` text) as a byte position in the WAL."""
    high, _, low = text.partition("/")
    return (int(high, 16) << 32) | int(low, 16)


def format_lsn(lsn: int) -> str:
    return f"{lsn >> 32:X}/{lsn & 0xFFFFFFFF:X}"


def written_lsn(conn: psycopg.Connection[Any]) -> int:
    """The primary's WAL write position: past the commit record of every transaction committed so far."""
    row = conn.execute("SELECT pg_current_wal_lsn()::text AS lsn").fetchone()
    return parse_lsn(row["lsn"] if isinstance(row, dict) else row[0]) if row else 0


def flushed_lsn(conn: psycopg.Connection[Any]) -> int:
    """The primary's flushed WAL position: what a standby can have received."""
    row = conn.execute("SELECT pg_current_wal_flush_lsn()::text AS lsn").fetchone()
    return parse_lsn(row["lsn"] if isinstance(row, dict) else row[0]) if row else 0


def replay_progress(
    conn: psycopg.Connection[Any], projections: list[str], min_position: int = 0
) -> tuple[int | None, bool]:
    """How far a standby has replayed the WAL (None: it is not a standby any more) and whether every one of
    ``projections`` has applied the event ``min_position`` in its copy of the read models (the lowest
    position at or past that event in follow order: ``service.base.store.following``; an id no event has is
    reached once the log went past it), in one round trip."""
    row = conn.execute(
        "SELECT pg_last_wal_replay_lsn()::text AS lsn, coalesce((SELECT (e.xid, e.notification_id) <= "
        "(lo.xid, lo.position) FROM banquise_events e, (SELECT xid, position FROM projection_positions "
        "WHERE name = ANY(%(names)s) ORDER BY xid, position LIMIT 1) lo WHERE e.notification_id = %(id)s), "
        "%(id)s <= (SELECT coalesce(max(notification_id), 0) FROM banquise_events)) AS reached",
        {"names": projections, "id": min_position},
    ).fetchone()
    if row is None:
        return None, False
    return (parse_lsn(row["lsn"]) if row["lsn"] else None), bool(row["reached"])


class ReplicaState(msgspec.Struct, frozen=True, kw_only=True):
    """What the monitor last saw (for ``/health`` and ``/metrics``)."""

    status: Status
    where: str
    replay_lsn: str | None = None
    lag_seconds: float | None = None  # None: not measured (the replica or the primary did not answer)
    error: str | None = None
    reads: int = 0  # reads the replica answered
    fallbacks: dict[str, int] = {}  # reads sent to the primary instead, by reason


class Replica:
    """The replica's pool and the monitor deciding whether reads may use it.

    ``primary_lsn`` returns the primary's flushed WAL position: called from the monitor thread only.
    """

    def __init__(
        self,
        params: ConnectionParams,
        *,
        primary_lsn: Callable[[], int],
        timeouts: DatabaseTimeouts,
        pool_size: int,
        max_lag: float,
        probe_interval: float = PROBE_INTERVAL,
    ) -> None:
        self.params = params
        self.max_lag = max_lag
        self.probe_interval = probe_interval
        self._primary_lsn = primary_lsn
        # A read that finds the replica gone falls back after at most a second, not the primary's wait.
        self._timeouts = msgspec.structs.replace(timeouts, pool=min(timeouts.pool, 1.0))
        self.pool = GuardedPool(
            kwargs=params.connect_kwargs(),
            timeouts=self._timeouts,
            min_size=1,
            max_size=pool_size,
        )
        self._lock = threading.Lock()
        self._status: Status = "down"
        self._error: str | None = "not looked at yet"
        self._replay_lsn: int | None = None
        self._lag: float | None = None
        self._reads = 0
        self._fallbacks: Counter[str] = Counter()
        # (when, the primary's flushed LSN then), oldest first: the samples the replica has not replayed yet.
        # Bounded: a replica gone for long is "behind by at least" the span kept (17 minutes).
        self._samples: deque[tuple[float, int]] = deque(maxlen=4096)
        self._probe_conn: psycopg.Connection[Any] | None = None
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ lifecycle
    def open(self) -> None:
        self.pool.open(wait=False)
        self.look()  # the first requests already know where to go
        self._thread = threading.Thread(target=self._watch, name="banquise-replica-monitor", daemon=True)
        self._thread.start()

    def close(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
        if self._probe_conn is not None:
            self._probe_conn.close()
        self.pool.close()

    # ------------------------------------------------------------------ reads
    @property
    def status(self) -> Status:
        return self._status

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled replica connection (dict rows, autocommit, the service's timeouts)."""
        with self.pool.connection() as conn:
            yield conn

    def replay_lsn(self, conn: psycopg.Connection[Any]) -> int | None:
        """How far ``conn``'s server has replayed the primary's WAL (None: it is not a standby any more)."""
        row = conn.execute("SELECT pg_last_wal_replay_lsn()::text AS lsn").fetchone()
        value = row["lsn"] if isinstance(row, dict) else (row[0] if row else None)
        return parse_lsn(value) if value else None

    def served(self) -> None:
        with self._lock:
            self._reads += 1

    def fell_back(self, why: FallbackReason) -> None:
        with self._lock:
            self._fallbacks[why] += 1

    def failed(self, exc: BaseException) -> None:
        """A read could not use the replica: bypass it until the monitor can reach it again."""
        self.fell_back("down")
        self._set("down", error=reason(exc), lag=None)

    def state(self) -> ReplicaState:
        with self._lock:
            return ReplicaState(
                status=self._status,
                where=self.params.describe(),
                replay_lsn=format_lsn(self._replay_lsn) if self._replay_lsn is not None else None,
                lag_seconds=round(self._lag, 3) if self._lag is not None else None,
                error=self._error,
                reads=self._reads,
                fallbacks={why: self._fallbacks[why] for why in ("lag", "lagging", "down", "conflict", "error")},
            )

    # ------------------------------------------------------------------ the monitor
    def _watch(self) -> None:
        while not self._stopping.wait(self.probe_interval):
            self.look()

    def look(self) -> None:
        """One look: sample the primary, then ask the replica how far it has replayed."""
        now = time.monotonic()
        # The primary's own troubles are /health's "database": without a sample the lag is just less known.
        with suppress(Exception):
            self._samples.append((now, self._primary_lsn()))
        try:
            replayed = self._probe()
        except Exception as exc:
            if self._probe_conn is not None:
                self._probe_conn.close()
                self._probe_conn = None
            self._set("down", error=reason(exc), lag=None)
            return
        # Not in recovery (promoted): nothing to wait for.
        while self._samples and (replayed is None or self._samples[0][1] <= replayed):
            self._samples.popleft()
        lag = now - self._samples[0][0] if self._samples else 0.0
        self._set("lagging" if lag > self.max_lag else "up", error=None, lag=lag, replayed=replayed)

    def _probe(self) -> int | None:
        if self._probe_conn is None or self._probe_conn.closed:
            self._probe_conn = psycopg.connect(
                self.params.conninfo(),
                autocommit=True,
                row_factory=dict_row,
                **session_kwargs(self._timeouts, "banquise-replica-monitor"),
            )
        return self.replay_lsn(self._probe_conn)

    def _set(self, status: Status, *, error: str | None, lag: float | None, replayed: int | None = None) -> None:
        with self._lock:
            before = self._status
            self._status, self._error, self._lag = status, error, lag
            if replayed is not None:
                self._replay_lsn = replayed
        if status == before:
            return
        fields = {"replica": self.params.describe(), "status": status, "was": before}
        if status == "up":
            log.info("replica in use", extra={"fields": fields})
        elif status == "lagging":
            log.warning("replica lagging: reads go to the primary", extra={"fields": {**fields, "lag_seconds": lag}})
        else:
            log.warning("replica unreachable: reads go to the primary", extra={"fields": {**fields, "error": error}})
