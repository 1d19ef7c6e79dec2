"""The PostgreSQL recorder, extended so that a game's own rows commit with its events.

``eventsourcing`` calls ``_insert_events`` inside the transaction that inserts the events, before it
takes the table lock (this is how its ProcessRecorder writes tracking rows). We use that hook to write
the game's index row, an idempotency key or an import id atomically with the events: all or nothing.

The events themselves are sent as four parallel arrays in binary format instead of the library's one
array of a composite type: psycopg adapts a composite array in Python, value by value in text with
regular-expression escaping, which was the largest cost of a bulk import (``make bench``, item 1:
composite ~30k rows/s, parallel binary arrays ~66k rows/s). Same statement shape, same table lock,
same ``RETURNING notification_id`` in insertion order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import Cursor
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

    def _fetch_ids_after_insert_events(
        self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **_: Any
    ) -> Sequence[int] | None:
        # The new ids as plain tuples: a dict per inserted row was a measurable share of an import.
        curs.row_factory = tuple_row  # type: ignore[assignment]
        ids = [row[0] for row in cast(list[tuple[int]], curs.fetchall())]
        if len(ids) != len(stored_events):
            from eventsourcing.persistence import ProgrammingError

            raise ProgrammingError(f"Couldn't get all notification IDs (got {len(ids)}, expected {len(stored_events)})")
        return ids

    def _insert_stored_events(self, curs: Cursor[DictRow], stored_events: Sequence[StoredEvent], **_: Any) -> None:
        self._lock_table(curs)
        self._notify_channel(curs)
        curs.execute(
            self.insert_columns_statement,
            (
                [e.originator_id for e in stored_events],
                [e.originator_version for e in stored_events],
                [e.topic for e in stored_events],
                [e.state for e in stored_events],
            ),
        )
