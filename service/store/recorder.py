"""The PostgreSQL recorder, extended so that a game's own rows commit with its events.

``eventsourcing`` calls ``_insert_events`` inside the transaction that inserts the events, before it
takes the table lock (this is how its ProcessRecorder writes tracking rows). We use that hook to write
the game's index row, an idempotency key or an import id atomically with the events: all or nothing.

``insert_events`` keeps the library's transaction (the same table lock, the same
``RETURNING notification_id`` in insertion order) and changes two things, both measured by
``make bench``:

* the events go as four parallel arrays in binary format instead of one array of a composite type:
  psycopg adapts a composite array in Python, value by value in text with regular-expression
  escaping, the largest cost of a bulk import (item 1: ~30k rows/s composite, ~66k binary arrays);
* the whole transaction is sent in one go (BEGIN ... LOCK ... INSERT ... COMMIT, then one sync): the
  library read the INSERT's results before sending COMMIT, so the EXCLUSIVE lock was held across two
  round trips to Python and its GIL, and concurrent writers queued behind them (item 2: 8 writers
  ~2x faster in-process).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError, ProgrammingError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import retry
from psycopg import Cursor
from psycopg.pq import TransactionStatus
from psycopg.rows import DictRow, tuple_row
from psycopg.sql import SQL, Identifier

# A function run in the events' transaction, on its cursor, before the events are inserted.
Within = Callable[[Cursor[DictRow]], None]


class GameRecorder(PostgresApplicationRecorder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.insert_columns_statement = SQL(
            "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state) "
            "SELECT * FROM unnest(%b::{id_type}[], %b::bigint[], %b::text[], %b::bytea[]) "
            "RETURNING notification_id"
        ).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
            id_type=Identifier(self.datastore.originator_id_type),
        )

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """One transaction, sent in one go: BEGIN, the ``within`` rows, the table lock, the events, COMMIT;
        then a single sync. A failure (an ``IntegrityError`` for a taken version) rolls everything back."""
        if not stored_events:
            return []
        with self.datastore.get_connection() as conn:
            try:
                with conn.pipeline() as pipeline, conn.cursor() as curs, conn.cursor(row_factory=tuple_row) as out:
                    curs.execute("BEGIN")
                    self._insert_events(curs, stored_events, **kwargs)
                    self._lock_table(curs)
                    self._notify_channel(curs)
                    out.execute(
                        self.insert_columns_statement,
                        (
                            [e.originator_id for e in stored_events],
                            [e.originator_version for e in stored_events],
                            [e.topic for e in stored_events],
                            [e.state for e in stored_events],
                        ),
                    )
                    curs.execute("COMMIT")
                    pipeline.sync()
                    ids = [row[0] for row in out.fetchall()]
            except BaseException:
                if conn.info.transaction_status != TransactionStatus.IDLE:
                    conn.rollback()
                raise
        if len(ids) != len(stored_events):
            raise ProgrammingError(f"Couldn't get all notification IDs (got {len(ids)}, expected {len(stored_events)})")
        return ids

    def _insert_events(
        self,
        curs: Cursor[DictRow],
        stored_events: Sequence[StoredEvent],
        *,
        within: Within | None = None,
        **kwargs: Any,
    ) -> None:
        super()._insert_events(curs, stored_events, **kwargs)
        if within is not None:
            within(curs)
