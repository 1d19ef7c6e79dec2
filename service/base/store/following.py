"""Following the whole event log: every event once, in one order, none skipped — without a lock on the log.

Appends take no table-wide lock (migration 0028): transactions of different games insert and commit in
parallel, so notification ids (a sequence, taken at insert time) no longer commit in their order, and a
reader of "ids after the last one I saw" could pass over an id whose transaction commits later (the
library's table lock existed to prevent exactly that; measured here before it was kept: with 8 writers
and no lock, a tailing reader skipped 29 of 3,208 notifications). Instead, each event keeps the id of the
transaction that wrote it (``xid``, ``pg_current_xact_id()``, the column's default) and a follower reads
in **(xid, notification id)** order, and only the events whose transaction lies below the **watermark**
``pg_snapshot_xmin(pg_current_snapshot())``: the oldest transaction still running. Every transaction below
it has committed or rolled back for good, and any transaction that starts later gets a higher id, so
the part of the log below the watermark never changes again: a follower that read it up to a position
will never see an event appear before that position (no skip), and a transaction that is slow to commit
holds the followers back until it ends (committed: its events are read; rolled back or cut: nothing to
read), never past it. Nothing is ever skipped after a timeout.

The order is consistent with each game's versions: one game's writes are serialised (its row's lock and
its version check), and the second begins after the first committed, so it has the higher transaction id;
within a transaction the ids follow the insert (a batch inserts in version order). Writes one after the
other (a client's move after the answer to its previous one) follow each other too.

**The watermark counts only the transactions that may write events.** PostgreSQL's own
``pg_snapshot_xmin(pg_current_snapshot())`` is the oldest transaction running anywhere in the cluster: a
rebuild's batch, an analysis job, another database's work would hold every follower back for nothing (and
a rebuild's own transactions would hold back the live projections beside it). So every transaction that
inserts events announces itself **before it has a transaction id**: its first statement takes the
writers' lock (``WRITERS_LOCK``, an advisory lock held shared: no writer waits for another; ``GameRecorder``),
before the game's row is touched. ``banquise_watermark()`` is the oldest transaction of the snapshot held by
a session that holds the writers' lock or a lock on the events table stronger than a reader's (an INSERT's
own: a writer outside Banquise whose first statement is its INSERT is counted too), found in ``pg_locks``
(and in ``pg_stat_activity``, its transaction id), else the snapshot's next transaction id. Why that is
safe: a writer that had a transaction id at the snapshot has held its lock since before it, so it is
counted while it runs; one that ended after the snapshot has committed (or not) before the page is read,
which is why a follower reads the page with a statement after the one that computed the watermark (a new
snapshot: followers read in READ COMMITTED); one that gets its id later gets one above the snapshot's next
id. When a lock holder cannot be seen (another role's session without ``pg_read_all_stats``, a prepared
transaction), the watermark falls back to the snapshot's oldest transaction: slower, never wrong.

A position is a :class:`LogPosition`, ``(xid, notification id)`` of the last event applied. The events stored
before migration 0028 have ``xid`` 0: they keep their notification-id order (their commit order, under
the old lock), before every later event; a position ``P`` of the old kind (a notification id) is
``(0, P)``, which is how the projections' positions are upgraded in place (migration p0028).

What holds the followers back (the "reason" a follower waits) is an append still open: a slow one
(bounded by the statement and idle-in-transaction timeouts), a stalled one, one whose connection was cut
until the server ends it — and nothing else.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import psycopg
from psycopg import Connection, sql
from psycopg.types.numeric import Int8BinaryLoader, IntLoader

# xid8 read as a Python int (its values are 64-bit: an epoch and a 32-bit transaction id), text and binary.
psycopg.adapters.register_loader("xid8", IntLoader)
psycopg.adapters.register_loader("xid8", Int8BinaryLoader)

# The transaction's watermark (``SET_WATERMARK``), as its pages read it: a scalar evaluated once, an index
# bound.
WATERMARK = "(SELECT current_setting('banquise.watermark')::xid8)"
# The watermark computed and kept for the transaction's later statements, which read below it.
SET_WATERMARK = "SELECT set_config('banquise.watermark', banquise_watermark()::text, true)"
INDEX = "banquise_events_follow"
# The writers' lock (``pg_advisory_xact_lock_shared``): "BANQWRIT" in ASCII. pg_locks shows it as class id
# 0x42414E51 and object id 0x57524954, object sub-id 1 (a bigint key).
WRITERS_LOCK = 0x42414E5157524954


class LogPosition(NamedTuple):
    """Where a follower stands: the last event it applied, as (transaction id, notification id)."""

    xid: int
    id: int

    def __str__(self) -> str:
        return f"{self.xid}/{self.id}"


START = LogPosition(0, 0)


class Row(NamedTuple):
    """An event as a follower reads it."""

    xid: int
    id: int
    originator_id: Any
    originator_version: int
    topic: str
    state: bytes

    @property
    def position(self) -> LogPosition:
        return LogPosition(self.xid, self.id)


# Migration 0028: the column (the events already stored get 0: a constant default is recorded in the
# catalogue, no row is rewritten), its default for every later insert, the followers' index and the
# watermark. The table lock waits for the appends of processes still running the old code (their
# transactions hold it) and keeps new ones out while the column is added.
#
# The watermark is one statement (its snapshot is taken before it reads the locks), after the transaction's
# cached view of the other sessions is dropped (their transaction ids are read now, not as first seen).
_MIGRATION = """
LOCK TABLE {events} IN EXCLUSIVE MODE;
ALTER TABLE {events} ADD COLUMN IF NOT EXISTS xid xid8 NOT NULL DEFAULT '0';
ALTER TABLE {events} ALTER COLUMN xid SET DEFAULT pg_current_xact_id();
CREATE INDEX IF NOT EXISTS {index} ON {events} (xid, notification_id);
CREATE OR REPLACE FUNCTION {schema}.banquise_watermark() RETURNS xid8 LANGUAGE plpgsql VOLATILE AS $body$
BEGIN
    PERFORM pg_stat_clear_snapshot();
    RETURN (
        WITH holders AS MATERIALIZED (
            SELECT DISTINCT l.pid FROM pg_locks l
            WHERE l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                AND (l.locktype = 'relation' AND l.relation = {events_literal}::regclass
                     AND l.mode NOT IN ('AccessShareLock', 'RowShareLock')
                     OR l.locktype = 'advisory' AND l.classid = 1111576145 AND l.objid = 1465010516
                     AND l.objsubid = 1)
        ), sessions AS MATERIALIZED (
            SELECT h.pid, a.pid IS NOT NULL AS seen, a.backend_xid,
                coalesce(pg_has_role(current_user, 'pg_read_all_stats', 'USAGE')
                         OR pg_has_role(current_user, a.usesysid, 'USAGE'), false) AS visible
            FROM holders h LEFT JOIN pg_stat_activity a ON a.pid = h.pid
        )
        SELECT CASE
            WHEN EXISTS (SELECT 1 FROM sessions WHERE pid IS NULL OR NOT seen OR NOT visible)
                THEN pg_snapshot_xmin(s.snap)
            ELSE coalesce(
                (SELECT min(x) FROM pg_snapshot_xip(s.snap) x
                 WHERE x::text::bigint % 4294967296 IN (
                     SELECT backend_xid::text::bigint FROM sessions WHERE backend_xid IS NOT NULL)),
                pg_snapshot_xmax(s.snap))
        END
        FROM (SELECT pg_current_snapshot() AS snap) s
    );
END
$body$;
"""


def migrate(conn: Connection[Any], schema: str, table: str) -> None:
    """Migration 0028 on ``conn``, in one transaction."""
    with conn.transaction():
        conn.execute(
            sql.SQL(_MIGRATION).format(
                events=sql.Identifier(schema, table),
                events_literal=sql.Literal(f'"{schema}"."{table}"'),
                schema=sql.Identifier(schema),
                index=sql.Identifier(INDEX),
            )
        )


def page_statement(schema: str, table: str, *, upto: bool = False) -> sql.Composed:
    """The next events after a position (parameters: its xid, its id[, the last position to read: xid, id],
    the limit), below the watermark, in follow order."""
    text = (
        "SELECT xid, notification_id, originator_id, originator_version, topic, state FROM {events} "
        "WHERE (xid, notification_id) > (%s::text::xid8, %s) AND xid < " + WATERMARK
    )
    if upto:
        text += " AND (xid, notification_id) <= (%s::text::xid8, %s)"
    text += " ORDER BY xid, notification_id LIMIT %s"
    return sql.SQL(text).format(events=sql.Identifier(schema, table))


def read_page(
    conn: Connection[Any], schema: str, table: str, after: LogPosition, limit: int, upto: LogPosition | None = None
) -> list[Row]:
    """Up to ``limit`` events after ``after`` (and at or before ``upto``), below the watermark, in order: the
    watermark, then the page, two statements of one transaction (the page's snapshot is taken after the
    watermark's look at the writers)."""
    params: list[Any] = [after.xid, after.id]
    if upto is not None:
        params += [upto.xid, upto.id]
    params.append(limit)
    with conn.transaction(), conn.cursor(row_factory=psycopg.rows.tuple_row) as cur:
        cur.execute(SET_WATERMARK)
        rows = cur.execute(page_statement(schema, table, upto=upto is not None), params, binary=True).fetchall()
    return [Row(int(r[0]), int(r[1]), r[2], int(r[3]), r[4], bytes(r[5])) for r in rows]


def watermark(conn: Connection[Any]) -> int:
    """The watermark now: every event of a transaction below it is final (``banquise_watermark()``)."""
    return int(_first(conn.execute("SELECT banquise_watermark()").fetchone()))


def _first(row: Any) -> Any:
    assert row is not None
    return next(iter(row.values())) if isinstance(row, dict) else row[0]


def position_of(conn: Connection[Any], schema: str, table: str, notification_id: int) -> LogPosition | None:
    """Where the event ``notification_id`` stands in follow order (None: no such event, or not committed)."""
    row = conn.execute(
        sql.SQL("SELECT xid, notification_id FROM {} WHERE notification_id = %s").format(sql.Identifier(schema, table)),
        (notification_id,),
    ).fetchone()
    if row is None:
        return None
    values = tuple(row.values()) if isinstance(row, dict) else tuple(row)
    return LogPosition(int(values[0]), int(values[1]))


# The check at start-up that the server's transaction ids are past every stored event's: a logical copy of
# the database (pg_dump and restore) into another PostgreSQL cluster keeps the events' xid but not the
# cluster's counter, and the new cluster's transactions would then sort before events already followed.
_AHEAD = (
    "SELECT (SELECT xid FROM {events} ORDER BY xid DESC LIMIT 1) AS stored, "
    "pg_snapshot_xmax(pg_current_snapshot()) AS now"
)
# What to run on such a copy (docs/operations/backups.md): every event's order becomes its notification id's,
# and the read models are rebuilt from the start.
RENUMBER = "UPDATE banquise_events SET xid = '0'; UPDATE projection_positions SET xid = '0', position = 0"


class TransactionIdsBehind(RuntimeError):
    """The database's events carry transaction ids this PostgreSQL cluster has not reached."""


def check_counter(conn: Connection[Any], schema: str, table: str) -> None:
    """Raise :class:`TransactionIdsBehind` when a stored event's xid is not below the cluster's next one."""
    row = conn.execute(sql.SQL(_AHEAD).format(events=sql.Identifier(schema, table))).fetchone()
    values = tuple(row.values()) if isinstance(row, dict) else tuple(row or (None, 0))
    stored, now = values
    if stored is not None and int(stored) >= int(now):
        raise TransactionIdsBehind(
            f"the event log holds transaction id {stored} but this PostgreSQL cluster is at {now}: the database "
            "was copied from another cluster (pg_dump and restore), and new events would sort before events "
            f"already followed. Renumber the log, then rebuild the read models: `{RENUMBER}`, then "
            "`banquise projections rebuild` (docs/operations/backups.md)."
        )
