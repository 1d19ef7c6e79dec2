"""The PostgreSQL recorder, extended so that a game's own rows commit with its events.

``eventsourcing`` calls ``_insert_events`` inside the transaction that inserts the events, before it
takes the table lock (this is how its ProcessRecorder writes tracking rows). We use that hook to write
the game's index row, an idempotency key or an import id atomically with the events: all or nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import Cursor
from psycopg.rows import DictRow

# A function run in the events' transaction, on its cursor, before the events are inserted.
Within = Callable[[Cursor[DictRow]], None]


class GameRecorder(PostgresApplicationRecorder):
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
