"""The ``game_snapshots`` table: a game's state every so many events, and the reads that start there."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any
from uuid import UUID

from psycopg import AsyncClientCursor, AsyncConnection, ClientCursor, Connection, Cursor
from psycopg.rows import DictRow, tuple_row

from service.base.store import chain
from service.base.store.games_table import ROW
from service.base.store.recorder import Within
from service.base.store.rows import IndexedGame, typed

if TYPE_CHECKING:
    from service.base.store.application import GameLog


def _named(cur: ClientCursor[Any] | AsyncClientCursor[Any], found: tuple[Any, ...] | None) -> IndexedGame | None:
    """The first statement's row, the game's (its cursor still on that result)."""
    if found is None:
        return None
    return typed(dict(zip([column.name for column in cur.description or ()], found, strict=True)), IndexedGame)


class Snapshots:
    def __init__(self, store: GameLog) -> None:
        self._store = store
        self._datastore = store.game_recorder.datastore
        table = store.game_recorder.events_table_name
        self._block_query = (
            "WITH snap AS (SELECT version, state FROM game_snapshots "
            "WHERE game_id = %(game)s AND version <= %(before)s ORDER BY version DESC LIMIT 1) "
            "SELECT * FROM ("
            # The snapshot the block starts from, with the stored chain hash of the event at its version:
            # the link the events after it are checked from (``service.base.store.chain``).
            f'SELECT version AS v, NULL::text AS topic, state, (SELECT chain FROM "{table}" '
            "WHERE originator_id = %(game)s AND originator_version = snap.version) AS chain FROM snap "
            "UNION ALL "
            # The snapshots inside the span: the start states of its later blocks (a span of several).
            "SELECT version, NULL::text, state, NULL::bytea FROM game_snapshots "
            "WHERE game_id = %(game)s AND version > %(before)s AND version < %(last)s "
            "UNION ALL "
            f'SELECT originator_version, topic, state, chain FROM "{table}" '
            "WHERE originator_id = %(game)s AND originator_version <= %(last)s "
            "AND originator_version > COALESCE((SELECT version FROM snap), 0) "
            # The game's head (``chain.head_row``): the end a block reaching it is checked against.
            "UNION ALL "
            + chain.head_row(f'"{table}"', "games", "%(game)s")
            +
            # The snapshots first, then the events in a row: the reader slices blocks out of them as they
            # come. No game id per row: a UUID each to load.
            ") AS span ORDER BY topic IS NOT NULL, v"
        ).encode()
        self._row_and_block_query = f"{ROW} WHERE g.id = %(game)s; ".encode() + self._block_query

    def latest(self, game_id: UUID, upto: int | None = None) -> tuple[int, bytes] | None:
        """The newest snapshot (at or before version ``upto``): its version and state."""
        with self._datastore.get_connection() as conn:
            if upto is None:
                row = conn.execute(
                    "SELECT version, state FROM game_snapshots WHERE game_id = %s ORDER BY version DESC LIMIT 1",
                    (game_id,),
                ).fetchone()
            else:
                row = conn.execute(
                    "SELECT version, state FROM game_snapshots WHERE game_id = %s AND version <= %s "
                    "ORDER BY version DESC LIMIT 1",
                    (game_id, upto),
                ).fetchone()
        return None if row is None else (int(row["version"]), row["state"])

    @staticmethod
    def put(game_id: UUID, due: Sequence[tuple[int, bytes]]) -> Within | None:
        """Keep the snapshots ``due`` (version, state) in the write's transaction (None: none due)."""
        if not due:
            return None
        params = (game_id, [v for v, _ in due], [s for _, s in due])

        def run(cur: Cursor[DictRow]) -> None:
            # One statement for all of them (executemany sends one per row: ~45 us of CPU each).
            cur.execute(
                "INSERT INTO game_snapshots (game_id, version, state) "
                "SELECT %b, d.version, d.state FROM unnest(%b::integer[], %b::bytea[]) AS d(version, state) "
                "ON CONFLICT DO NOTHING",
                params,
            )

        return run

    def block(self, game_id: UUID, before: int, last: int) -> list[tuple[Any, ...]]:
        """The newest snapshot at or before version ``before`` (``(version, None, state, chain)``: the stored
        chain hash of the event at its version) and the snapshots after it before ``last`` (``(version,
        None, state, None)``), then the events after the first up to version ``last`` (``(version, topic,
        state, chain)``), each by version, and the game's head (``chain.head_row``: first), in one round
        trip. The reader checks the events' chain (``chain.check_after``, ``chain.check_end``)."""
        query, params = self._block_query, {"game": game_id, "before": before, "last": last}
        # Binary results: the stored bytes as they are, no hex text to parse (a quarter less CPU).
        return self._store.read_once(
            lambda conn: conn.cursor(row_factory=tuple_row).execute(query, params, binary=True).fetchall()
        )

    def row_and_block(self, game_id: UUID, before: int, last: int) -> tuple[IndexedGame | None, list[tuple[Any, ...]]]:
        """The game's row and its ``block``, in one round trip."""
        query, params = self._row_and_block_query, {"game": game_id, "before": before, "last": last}

        def read(conn: Connection[DictRow]) -> tuple[IndexedGame | None, list[tuple[Any, ...]]]:
            # Both statements in one message (bound on the client): one round trip. A pipeline sends them
            # together too, but then waits once more for its closing sync.
            cur = ClientCursor(conn, row_factory=tuple_row)
            cur.execute(query, params)
            row = _named(cur, cur.fetchone())
            cur.nextset()
            return row, cur.fetchall()

        return self._store.read_once(read)

    async def block_on_loop(self, game_id: UUID, before: int, last: int) -> list[tuple[Any, ...]]:
        """``block``, read on the event loop."""
        query, params = self._block_query, {"game": game_id, "before": before, "last": last}

        async def read(conn: AsyncConnection[Any]) -> list[tuple[Any, ...]]:
            cur = conn.cursor(row_factory=tuple_row)
            await cur.execute(query, params, binary=True)
            return await cur.fetchall()

        return await self._store.read_on_loop(read)

    async def row_and_block_on_loop(
        self, game_id: UUID, before: int, last: int
    ) -> tuple[IndexedGame | None, list[tuple[Any, ...]]]:
        """``row_and_block``, read on the event loop (both statements in one message, as there)."""
        query, params = self._row_and_block_query, {"game": game_id, "before": before, "last": last}

        async def read(conn: AsyncConnection[Any]) -> tuple[IndexedGame | None, list[tuple[Any, ...]]]:
            cur = AsyncClientCursor(conn, row_factory=tuple_row)
            await cur.execute(query, params)
            row = _named(cur, await cur.fetchone())
            cur.nextset()
            return row, await cur.fetchall()

        return await self._store.read_on_loop(read)
