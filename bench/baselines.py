"""Physical baselines, measured on the same PostgreSQL server in the same run as what they divide."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

from bench.core import in_threads
from bench.env import World

SCRATCH_EVENTS = """
DROP TABLE IF EXISTS {name};
CREATE TABLE {name} (
    notification_id    bigserial,
    originator_id      uuid NOT NULL,
    originator_version bigint NOT NULL,
    topic              text,
    state              bytea,
    PRIMARY KEY (originator_id, originator_version)
);
CREATE UNIQUE INDEX ON {name} (notification_id);
"""


def median_of(runs: int, measure: Callable[[], float]) -> tuple[float, list[float]]:
    values = [measure() for _ in range(runs)]
    return statistics.median(values), values


def event_rows(w: World, after: int, upto: int) -> tuple[bytes, int]:
    """The stored event rows ``after < notification_id <= upto``, as one binary COPY stream."""
    chunks: list[bytes] = []
    with w.connect() as conn, conn.cursor() as cur:
        query = (
            "COPY (SELECT originator_id, originator_version, topic, state FROM banquise_events "
            f"WHERE notification_id > {int(after)} AND notification_id <= {int(upto)} "
            "ORDER BY notification_id) TO STDOUT (FORMAT binary)"
        )
        with cur.copy(query) as copy:
            for chunk in copy:
                chunks.append(bytes(chunk))
        rows = conn.execute(
            "SELECT count(*) FROM banquise_events WHERE notification_id > %s AND notification_id <= %s", (after, upto)
        ).fetchone()
    return b"".join(chunks), int(rows[0]) if rows else 0


def copy_rate(w: World, stream: bytes, rows: int, *, runs: int = 3) -> tuple[float, list[float]]:
    """Rows/s of one ``COPY ... FROM STDIN`` of ``stream`` into a scratch copy of the event table
    (same columns and indexes), commit included; the median of ``runs``."""

    def once() -> float:
        with w.connect() as conn:
            conn.execute(SCRATCH_EVENTS.format(name="bench_copy_events"))
            conn.commit()
            started = time.perf_counter()
            with (
                conn.cursor() as cur,
                cur.copy(
                    "COPY bench_copy_events (originator_id, originator_version, topic, state) "
                    "FROM STDIN (FORMAT binary)"
                ) as copy,
            ):
                for i in range(0, len(stream), 1 << 20):
                    copy.write(stream[i : i + (1 << 20)])
            conn.commit()
            elapsed = time.perf_counter() - started
            conn.execute("DROP TABLE bench_copy_events")
            conn.commit()
        return rows / elapsed

    return median_of(runs, once)


def one_row_commits(
    w: World, clients: int, rows_per_client: int, payload: bytes, *, locked: bool = False, topic: str = "event"
) -> float:
    """Rows/s of ``clients`` connections each inserting ``rows_per_client`` rows, one commit per row
    (``topic``: the stored event's, as the event store writes it: ``module:Class``).

    ``locked``: each commit also takes the event store's ``LOCK TABLE ... IN EXCLUSIVE MODE`` and
    returns the new id, as every append to the event log does (the library's ordering guarantee)."""
    with w.connect(autocommit=True) as conn:
        conn.execute(SCRATCH_EVENTS.format(name="bench_row_commits"))
    import uuid

    conns = [w.connect(autocommit=True) for _ in range(clients)]
    try:

        def work(i: int) -> None:
            game = uuid.uuid4()
            conn = conns[i]
            for v in range(1, rows_per_client + 1):
                if locked:
                    with conn.transaction():
                        conn.execute("LOCK TABLE bench_row_commits IN EXCLUSIVE MODE")
                        conn.execute(
                            "INSERT INTO bench_row_commits (originator_id, originator_version, topic, state) "
                            "VALUES (%s, %s, %s, %s) RETURNING notification_id",
                            (game, v, topic, payload),
                        ).fetchall()
                else:
                    conn.execute(
                        "INSERT INTO bench_row_commits (originator_id, originator_version, topic, state) "
                        "VALUES (%s, %s, %s, %s)",
                        (game, v, topic, payload),
                    )

        elapsed = in_threads(clients, work)
    finally:
        for c in conns:
            c.close()
    with w.connect(autocommit=True) as conn:
        conn.execute("DROP TABLE bench_row_commits")
    return clients * rows_per_client / elapsed
