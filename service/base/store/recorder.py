"""The PostgreSQL recorder, extended so that a game's own rows commit with its events.

``eventsourcing`` calls ``_insert_events`` inside the transaction that inserts the events (this is how its
ProcessRecorder writes tracking rows). We use that hook to write the game's index row, an idempotency key
or an import id atomically with the events: all or nothing.

Unlike the library's recorder, no write takes the events table's ``EXCLUSIVE`` lock (migration 0028): the
appends of different games insert and commit in parallel, and one game's writes stay serialised by its
row (every writer updates the game's row first) and its version (the primary key). The library's lock kept
notification ids in commit order for the readers that tail the log; ours follow it by transaction id
below a watermark instead (``service.base.store.following``), which no commit order can fool.

Nor does a write transaction ``NOTIFY``: PostgreSQL serialises the commits of every notifying transaction
of the cluster (a lock held from before the commit record is written until it is flushed). A committed
write pokes the process's notifier instead (``service.base.store.notifying``), which announces it after
its commit on a connection of its own: the live streams wake on it as before, a write stays one round
trip, and a notification's failure is never the write's.

What else differs from the library's ``insert_events`` (measured by ``make bench``):

* the events go as four parallel arrays in binary format instead of one array of a composite type:
  psycopg adapts a composite array in Python, value by value in text with regular-expression
  escaping, the largest cost of a bulk import (item 1: ~30k rows/s composite, ~66k binary arrays);
* the whole transaction is sent in one go (BEGIN ... INSERT ... COMMIT, then one sync): the library read
  the INSERT's results before sending COMMIT, two round trips to Python and its GIL.

``insert_game_events`` is the same transaction for the events of one game at consecutive versions
(every write of the service): the game id and the first version go as two scalars, and the topics
and states as binary arrays built here in one join each (psycopg dumps a list element by element in
Python, ~1 us per event for the four arrays; ~0.25 us this way).
"""

from __future__ import annotations

import logging
import struct
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import wraps
from typing import Any, Literal, NamedTuple, TypeVar, cast
from uuid import UUID

import psycopg
from eventsourcing.persistence import Notification, ProgrammingError, StoredEvent
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg import Connection, Cursor
from psycopg.adapt import Dumper
from psycopg.pq import Format, TransactionStatus
from psycopg.rows import DictRow, tuple_row
from psycopg.sql import SQL, Identifier
from psycopg.sql import Literal as Literal_
from psycopg.types.json import Jsonb

from service.base.settings import DatabaseTimeouts
from service.base.store import chain, following
from service.base.store.failures import CommitUncertain, is_connection_lost, is_retryable
from service.base.store.notifying import Notifier

log = logging.getLogger("banquise.store")
# A function run in the events' transaction, on its cursor, before the events are inserted.
Within = Callable[[Cursor[DictRow]], None]

F = TypeVar("F", bound=Callable[..., Any])
CONFLICT_ATTEMPTS = 3


def retry_conflicts(func: F) -> F:
    """Run a write again when the server rolled it back to resolve a conflict (serialization failure,
    deadlock), and nothing else: a data or program-limit error fails the same way every time (the library's
    own loop retried those ten times, ~1.9 s), a timeout means the database is busy now, and a connection
    lost mid-write may have committed (the store finds out: ``GameLog``)."""

    @wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        for attempt in range(1, CONFLICT_ATTEMPTS + 1):
            try:
                return func(*args, **kwargs)
            except Exception as exc:
                if attempt == CONFLICT_ATTEMPTS or not is_retryable(exc):
                    raise
                time.sleep(0.02 * attempt)
        raise AssertionError("unreachable")

    return cast(F, run)


def retry_lost_read(func: F) -> F:
    """Run a read once more when its connection broke in use (a server restart between the pool's check
    and the query); never when no connection could be had (the pool already waited its timeout)."""

    @wraps(func)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except Exception as exc:
            if not is_connection_lost(exc):
                raise
        return func(*args, **kwargs)

    return cast(F, run)


_BYTEA_OID, _BYTEA_ARRAY_OID = 17, 1001
_TEXT_OID, _TEXT_ARRAY_OID = 25, 1009
_INT4_OID, _INT4_ARRAY_OID = 23, 1007
_pack_length = struct.Struct(">i").pack
_pack_int4 = struct.Struct(">ii").pack  # length 4, value
_pack_head = struct.Struct(">iiIii").pack  # ndim 1, no null, element oid, length, lower bound 1
_pack_empty = struct.Struct(">iiI").pack  # ndim 0, no null, element oid


class _BinaryArray:
    """A one-dimensional PostgreSQL array already in its binary wire format."""

    __slots__ = ("data",)

    def __init__(self, element_oid: int, items: Sequence[bytes]) -> None:
        if not items:
            self.data = _pack_empty(0, 0, element_oid)
            return
        parts: list[bytes] = [b""] * (2 * len(items))
        parts[0::2] = map(_pack_length, map(len, items))  # no Python-level loop: ~2x a comprehension
        parts[1::2] = items
        self.data = _pack_head(1, 0, element_oid, len(items), 1) + b"".join(parts)


class _ByteaArray(_BinaryArray):
    __slots__ = ()


class _TextArray(_BinaryArray):
    __slots__ = ()


class _Int4Array(_BinaryArray):
    __slots__ = ()

    def __init__(self, items: Sequence[int]) -> None:
        if not items:
            self.data = _pack_empty(0, 0, _INT4_OID)
            return
        self.data = _pack_head(1, 0, _INT4_OID, len(items), 1) + b"".join([_pack_int4(4, i) for i in items])


class _ByteaArrayDumper(Dumper):
    format = Format.BINARY
    oid = _BYTEA_ARRAY_OID

    def dump(self, obj: _BinaryArray) -> bytes:
        return obj.data


class _TextArrayDumper(_ByteaArrayDumper):
    oid = _TEXT_ARRAY_OID


class _Int4ArrayDumper(_ByteaArrayDumper):
    oid = _INT4_ARRAY_OID


psycopg.adapters.register_dumper(_ByteaArray, _ByteaArrayDumper)
psycopg.adapters.register_dumper(_TextArray, _TextArrayDumper)
psycopg.adapters.register_dumper(_Int4Array, _Int4ArrayDumper)
_topic_bytes: dict[str, bytes] = {}


def _text_array(texts: Sequence[str]) -> _TextArray:
    """Topics (a few distinct ASCII strings, encoded once each) as a text[]."""
    encoded = _topic_bytes
    try:
        items = list(map(encoded.__getitem__, texts))
    except KeyError:
        for text in texts:
            encoded.setdefault(text, text.encode())
        items = list(map(encoded.__getitem__, texts))
    return _TextArray(_TEXT_OID, items)


Parts = Sequence[tuple[UUID, int, Sequence[str], Sequence[bytes]]]  # writes: game, first version, topics, states


def _columns(parts: Parts) -> tuple[list[UUID], list[int], list[str], list[bytes]]:
    """The events of several writes as the INSERT's columns: ids, versions, topics, states."""
    ids: list[UUID] = []
    versions: list[int] = []
    topics: list[str] = []
    states: list[bytes] = []
    for game_id, first_version, part_topics, part_states in parts:
        ids.extend([game_id] * len(part_states))
        versions.extend(range(first_version, first_version + len(part_states)))
        topics.extend(part_topics)
        states.extend(part_states)
    return ids, versions, topics, states


def _per_write(flat: list[int], parts: Parts) -> list[list[int]]:
    """The notification ids of the INSERT (in the order of its input), write by write."""
    out: list[list[int]] = []
    start = 0
    for _, _, _, part_states in parts:
        out.append(flat[start : start + len(part_states)])
        start += len(part_states)
    return out


def _alone(conn: psycopg.Connection[Any], statement: bytes, params: Sequence[Any]) -> list[tuple[Any, ...]]:
    """One statement as its own transaction (the pool's connections are in autocommit mode); its rows."""
    try:
        with conn.cursor(row_factory=tuple_row) as out:
            out.execute(statement, params)
            rows = out.fetchall()
        if not conn.autocommit:
            conn.commit()
    except BaseException:
        if conn.info.transaction_status != TransactionStatus.IDLE:
            conn.rollback()
        raise
    return rows


def _as_bytes(query: Any, conn: psycopg.Connection[Any]) -> bytes:
    if isinstance(query, bytes):
        return query
    if isinstance(query, str):
        return query.encode()
    return bytes(query.as_bytes(conn))


class GameRow(NamedTuple):
    """A new game's row in ``games`` (written with its first events)."""

    id: UUID
    kind: str
    rules_version: str
    owner_key: str
    record_id: str | None
    record_hash: str | None
    players: list[str]
    handles: list[str]
    status: str
    version: int
    moves: int
    created_at: Any
    updated_at: Any
    played_at: Any
    tags: dict[str, str] | None = None  # the game's tags: public metadata, filtered by GET /games

    def params(self) -> tuple[Any, ...]:
        """The row as the statements' parameters (the tags as JSON)."""
        return (*self[:-1], Jsonb(self.tags or {}))


# A new game's row, as the service inserts it beside its first events (the new-game function below
# inserts the same columns in one statement with the events).
INSERT_GAME = (
    f"INSERT INTO games ({', '.join(GameRow._fields)}) VALUES ({', '.join(['%s'] * len(GameRow._fields))})"
).encode()


_NEW_GAME_FUNCTION = """
CREATE OR REPLACE FUNCTION {schema}.banquise_insert_new_game(
    p_lock_timeout text, p_first_version bigint, p_topics text[], p_states bytea[], p_chains bytea[],
    p_snapshot_versions integer[], p_snapshot_states bytea[],
    p_id uuid, p_kind text, p_rules_version text, p_owner_key text, p_record_id text, p_record_hash text,
    p_players text[], p_handles text[], p_status text, p_version integer, p_moves integer,
    p_created_at timestamptz, p_updated_at timestamptz, p_played_at timestamptz, p_tags jsonb
) RETURNS TABLE (o_count bigint, o_last bigint) LANGUAGE plpgsql AS $body$
BEGIN
    {announce};
    INSERT INTO {schema}.games (id, kind, rules_version, owner_key, record_id, record_hash, players, handles,
                                status, version, moves, created_at, updated_at, played_at, tags)
    VALUES (p_id, p_kind, p_rules_version, p_owner_key, p_record_id, p_record_hash, p_players, p_handles,
            p_status, p_version, p_moves, p_created_at, p_updated_at, p_played_at, p_tags);
    INSERT INTO {schema}.game_snapshots (game_id, version, state)
    SELECT p_id, d.version, d.state FROM unnest(p_snapshot_versions, p_snapshot_states) AS d(version, state)
    ON CONFLICT DO NOTHING;
    PERFORM set_config('lock_timeout', p_lock_timeout, true);
    RETURN QUERY
    WITH e_ids AS (
        INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state, chain)
        SELECT p_id, p_first_version - 1 + e.n, e.topic, e.state, e.chain
        FROM unnest(p_topics, p_states, p_chains) WITH ORDINALITY AS e(topic, state, chain, n)
        RETURNING notification_id
    )
    SELECT count(*), max(e_ids.notification_id) FROM e_ids;
END
$body$
"""


# Migration 0016: the moves of a group-commit batch in one statement (one implicit transaction): the
# games' new heads (``{advance}``: ``service.base.store.heads``' update over the ``h_`` arrays, with its
# conditions), the other counts of key changes the batch's cached keys were verified at, and the events,
# as ``insert_batch`` does in a pipeline of statements (~45 us of CPU each in psycopg; a lone move cost
# ~400 us on the writer's thread, ~310 us so). Since 0028 without the table lock and the notification, and
# announced as a writer first (``_ANNOUNCE``); ``lock_timeout`` still bounds the insert's wait for a lock
# someone holds on the events table (a migration, an operator's LOCK TABLE), as it bounded the table lock's.
_APPEND_MOVES_FUNCTION = """
CREATE OR REPLACE FUNCTION {schema}.banquise_append_moves(
    p_lock_timeout text, p_ids uuid[], p_versions bigint[], p_topics text[], p_states bytea[],
    h_games uuid[], h_versions integer[], h_moves integer[], h_status text[], h_updated timestamptz[],
    h_played timestamptz[], h_late boolean[], h_keys bigint[], p_other_keys bigint[]
) RETURNS SETOF bigint LANGUAGE plpgsql AS $body$
BEGIN
    {announce};
    {advance};
    PERFORM {schema}.banquise_keys_unchanged(k) FROM unnest(p_other_keys) AS k;
    PERFORM set_config('lock_timeout', p_lock_timeout, true);
    RETURN QUERY WITH e AS (
        INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state)
        SELECT * FROM unnest(p_ids, p_versions, p_topics, p_states) RETURNING notification_id
    ) SELECT e.notification_id FROM e;
END
$body$
"""
_APPEND_MOVES_TYPES = (
    *("text", "uuid[]", "bigint[]", "text[]", "bytea[]"),
    *("uuid[]", "integer[]", "integer[]", "text[]", "timestamptz[]", "timestamptz[]", "boolean[]", "bigint[]"),
    "bigint[]",
)


# The first statement of every write (the functions above, ``GameRecorder._insert``), before anything gives
# its transaction an id: the writers' lock, an advisory lock every writer holds shared (no writer waits for
# another), which is how the followers' watermark tells a transaction that may write events from any other
# (``service.base.store.following``). The writes keep their order of before (the games' rows, then the
# events), so a write waiting for a lock on the events table still holds its game's row.
_ANNOUNCE = "PERFORM pg_advisory_xact_lock_shared({key})"
# ``_ANNOUNCE`` as a statement of its own (a transaction's first).
_ANNOUNCE_STATEMENT = "SELECT pg_advisory_xact_lock_shared({key})"

# The function's parameter types, in order (explicit casts: psycopg types an int by its size and an empty
# list as text[]).
_NEW_GAME_TYPES = (
    *("text", "bigint", "text[]", "bytea[]", "bytea[]", "integer[]", "bytea[]"),
    *("uuid", "text", "text", "text", "text", "text", "text[]", "text[]", "text", "integer", "integer"),
    *("timestamptz", "timestamptz", "timestamptz", "jsonb"),
)
# Its signatures before 0018 (the events' chain hashes, ``p_chains``) and before 0011 (the tags).
_NEW_GAME_TYPES_BEFORE_CHAIN = _NEW_GAME_TYPES[:4] + _NEW_GAME_TYPES[5:]
_NEW_GAME_TYPES_BEFORE_TAGS = _NEW_GAME_TYPES_BEFORE_CHAIN[:-1]


class _Statements(NamedTuple):
    # ``_ANNOUNCE``, the first statement of a write's transaction.
    announce: bytes
    # ``SET LOCAL lock_timeout``: the insert waits that long at most for a lock held on the events table.
    lock_timeout: bytes
    insert_columns: bytes
    insert_game: bytes
    new_game: bytes
    append_moves: bytes


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
        # ``chain``: the events' chain hashes when the writer has the whole game (a new game's first events),
        # else an empty array (NULLs: the table's trigger computes them; ``service.base.store.chain``).
        self.insert_game_statement = SQL(
            "INSERT INTO {schema}.{table} (originator_id, originator_version, topic, state, chain) "
            "SELECT %b::{id_type}, %b::bigint + e.n, e.topic, e.state, e.chain "
            "FROM unnest(%b::text[], %b::bytea[], %b::bytea[]) WITH ORDINALITY AS e(topic, state, chain, n) "
            "RETURNING notification_id"
        ).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
            id_type=Identifier(self.datastore.originator_id_type),
        )
        self._statements: _Statements | None = None
        self._checked_statements: dict[tuple[bool, bool, bool, bool], bytes] = {}
        self.lock_timeout_text = f"{self.datastore.lock_timeout}s"
        # No table lock (the library took one per insert: see the module's docstring), only its timeout.
        self.lock_table_statements = self.lock_table_statements[:1]
        # Poked after every commit (the live streams' wake-up): ``GameLog`` sets it.
        self.notifier: Notifier | None = None

    def use_timeouts(self, timeouts: DatabaseTimeouts) -> None:
        """Wait at most ``timeouts.lock`` for a lock held on the events table (the library's statement has
        whole seconds, and 0, no limit, by default)."""
        self.lock_timeout_text = f"{int(timeouts.lock * 1000)}ms"
        self.lock_table_statements[0] = SQL("SET LOCAL lock_timeout = {0}").format(Literal_(self.lock_timeout_text))
        self._statements = None

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Any:
        """Not offered: the library's subscription tails the log by notification id, which only the table
        lock it relied on kept in commit order. Follow the log with ``service.base.store.following``."""
        raise NotImplementedError("follow the event log by transaction id: service.base.store.following")

    @retry_lost_read
    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        """The library's read of the notification log, restricted to what is final: the events whose
        notification id is from ``start`` (to ``stop``) and whose transaction lies below the watermark, in
        follow order. Not a cursor (a later call may return a lower id): followers use
        ``service.base.store.following``."""
        conditions = [f"xid < {following.WATERMARK}"]  # (set first, below)
        params: list[Any] = []
        if start is not None:
            conditions.append("notification_id >= %s" if inclusive_of_start else "notification_id > %s")
            params.append(start)
        if stop is not None:
            conditions.append("notification_id <= %s")
            params.append(stop)
        if topics:
            conditions.append("topic = ANY(%s)")
            params.append(list(topics))
        params.append(limit)
        statement = SQL(
            "SELECT notification_id, originator_id, originator_version, topic, state FROM {events} WHERE "
            + " AND ".join(conditions)
            + " ORDER BY xid, notification_id LIMIT %s"
        ).format(events=Identifier(self.datastore.schema, self.events_table_name))
        with self.datastore.get_connection() as conn, conn.transaction(), conn.cursor(row_factory=tuple_row) as cur:
            cur.execute(following.SET_WATERMARK)
            rows = cur.execute(statement, params).fetchall()
        return [
            Notification(id=r[0], originator_id=r[1], originator_version=r[2], topic=r[3], state=bytes(r[4]))
            for r in rows
        ]

    # The library's reads retry any OperationalError ten times (a pool timeout included: ~20 s down).
    select_events = retry_lost_read(PostgresApplicationRecorder.select_events.__wrapped__)
    max_notification_id = retry_lost_read(PostgresApplicationRecorder.max_notification_id.__wrapped__)

    @retry_lost_read
    def select_checked(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[tuple[int, str, bytes, bytes | None]]:
        """``select_events``' rows (version, topic, state, stored hash), in ascending order whatever
        ``desc``, with their event chain checked (``chain.check_read``; ``ChainBroken``). The row before
        the first asked is read too, for its stored hash (the link the first one's is checked from): one
        row more per read, not the game's whole stream."""
        if gt is not None and gt <= 0:
            gt = None
        # The row at ``gt`` itself; with ``desc`` and a limit, one row more (the last asked's predecessor).
        ahead = limit is not None and (gt is not None or desc)
        statement = self._select_checked(gt is not None, lte is not None, desc, limit is not None)
        params: list[Any] = [originator_id]
        params += [gt] if gt is not None else []
        params += [lte] if lte is not None else []
        params += [limit + 1 if ahead else limit] if limit is not None else []
        params.append(originator_id)  # the game's head (``chain.head_row``), in the same statement
        with self.datastore.get_connection() as conn:
            # Binary results: the stored bytes as they are, no hex text to parse.
            cur = conn.cursor(row_factory=tuple_row)
            found: list[tuple[int, str, bytes, bytes | None]] = cur.execute(
                statement, params, prepare=True, binary=True
            ).fetchall()
        rows, head = chain.split_head(found)
        if desc:
            rows.reverse()
        after = gt
        if desc and limit is not None and len(rows) == limit + 1:
            after = rows[0][0]
        # A read its limit stopped is not expected to reach the head (a descending one always ends there).
        cut = not desc and limit is not None and len(rows) >= limit + (1 if ahead else 0)
        game_id = originator_id if isinstance(originator_id, UUID) else UUID(originator_id)
        return chain.check_read(game_id, rows, after, head, upto=lte, cut=cut)

    def _select_checked(self, gt: bool, lte: bool, desc: bool, limit: bool) -> bytes:
        """The statement of ``select_checked`` for the bounds given (rendered once each)."""
        key = (gt, lte, desc, limit)
        statement = self._checked_statements.get(key)
        if statement is None:
            events = f'"{self.datastore.schema}"."{self.events_table_name}"'
            text = f"(SELECT originator_version, topic, state, chain FROM {events} WHERE originator_id = %s"
            text += " AND originator_version >= %s" if gt else ""
            text += " AND originator_version <= %s" if lte else ""
            text += " ORDER BY originator_version" + (" DESC" if desc else "")
            text += " LIMIT %s" if limit else ""
            text += ") UNION ALL " + chain.head_row(events, f'"{self.datastore.schema}".games', "%s")
            statement = self._checked_statements[key] = text.encode()
        return statement

    @contextmanager
    def writing(self) -> Iterator[Connection[DictRow]]:
        """A pooled connection for one write transaction. When it breaks in use the commit may or may not
        have happened: ``CommitUncertain`` names the server process, for the store to settle the outcome.
        (No connection in time raises the pool's timeout: then nothing was sent.)"""
        with self.datastore.get_connection() as conn:
            pid = conn.info.backend_pid
            name = conn.info.parameter_status("application_name")
            try:
                yield conn
            except Exception as exc:
                if is_connection_lost(exc):
                    raise CommitUncertain(pid, name) from exc
                raise

    def _rendered(self, conn: psycopg.Connection[Any]) -> _Statements:
        """The transaction's fixed statements as bytes, rendered once: psycopg renders an ``sql.Composed``
        again at every execute (~15 us of CPU per statement, and these run for every write)."""
        rendered = self._statements
        if rendered is None:
            rendered = self._statements = _Statements(
                announce=SQL(_ANNOUNCE_STATEMENT).format(key=Literal_(following.WRITERS_LOCK)).as_bytes(conn),
                lock_timeout=_as_bytes(self.lock_table_statements[0], conn),
                insert_columns=self.insert_columns_statement.as_bytes(conn),
                insert_game=self.insert_game_statement.as_bytes(conn),
                new_game=SQL("SELECT * FROM {schema}.banquise_insert_new_game({params})")
                .format(
                    schema=Identifier(self.datastore.schema), params=SQL(", ".join(f"%b::{t}" for t in _NEW_GAME_TYPES))
                )
                .as_bytes(conn),
                append_moves=SQL("SELECT * FROM {schema}.banquise_append_moves({params})")
                .format(
                    schema=Identifier(self.datastore.schema),
                    params=SQL(", ".join(f"%b::{t}" for t in _APPEND_MOVES_TYPES)),
                )
                .as_bytes(conn),
            )
        return rendered

    def _lock_table(self, curs: Cursor[DictRow]) -> None:
        """The library's insert path (not used by the service): the lock's timeout, not the table's lock.
        (The writers' lock is then the INSERT's own lock on the table: its first statement.)"""
        curs.execute(self._rendered(curs.connection).lock_timeout, prepare=True)

    def _notify_channel(self, curs: Cursor[DictRow]) -> None:
        """Nothing in the write's transaction: the notifier announces it after its commit."""

    def _committed(self) -> None:
        """A write committed: the notifier announces it (``service.base.store.notifying``)."""
        if self.notifier is not None:
            self.notifier.poke()

    @retry_conflicts
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        """One transaction, sent in one go: BEGIN, the writers' lock (``_ANNOUNCE``), the ``within`` rows,
        the lock timeout, the events, COMMIT; then a single sync. A failure (an ``IntegrityError`` for a
        taken version) rolls everything back."""
        if not stored_events:
            return []
        columns = (
            [e.originator_id for e in stored_events],
            [e.originator_version for e in stored_events],
            [e.topic for e in stored_events],
            [e.state for e in stored_events],
        )
        return self._insert("insert_columns", columns, len(stored_events), stored_events, **kwargs)

    @retry_conflicts
    def insert_game_events(
        self,
        originator_id: UUID,
        first_version: int,
        topics: Sequence[str],
        states: Sequence[bytes],
        *,
        within: Within | None = None,
        chains: Sequence[bytes] = (),
    ) -> list[int]:
        """``insert_events`` for the events of one game at versions ``first_version``, +1, ... (the
        same transaction and guarantees); the notification ids, in order. ``chains``: their chain hashes,
        if the caller has them (else the table's trigger computes them)."""
        if not states:
            return []
        params = (
            originator_id,
            first_version - 1,
            _text_array(topics),
            _ByteaArray(_BYTEA_OID, states),
            _ByteaArray(_BYTEA_OID, chains),
        )
        return self._insert("insert_game", params, len(states), (), within=within)

    @retry_conflicts
    def insert_batch(
        self,
        parts: Sequence[tuple[UUID, int, Sequence[str], Sequence[bytes]]],
        *,
        within: Within | None = None,
    ) -> list[list[int]]:
        """The events of several writes — each one game's events from its first version on — in one
        ``insert_events`` transaction (one INSERT, one round trip): group commit. Their
        notification ids, write by write (the INSERT returns them in the order of its input)."""
        ids, versions, topics, states = _columns(parts)
        if not states:
            return [[] for _ in parts]
        params = (ids, versions, _text_array(topics), _ByteaArray(_BYTEA_OID, states))
        return _per_write(self._insert("insert_columns", params, len(states), (), within=within), parts)

    def _announce(self) -> Any:
        return SQL(_ANNOUNCE).format(key=Literal_(following.WRITERS_LOCK))

    def create_new_game_function(self) -> None:
        """The function ``insert_new_game`` calls (a migration step; it replaces ``banquise_new_game``,
        which returned every notification id)."""
        statement = SQL(_NEW_GAME_FUNCTION).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
            announce=self._announce(),
        )
        with self.datastore.get_connection() as conn:
            conn.execute(
                SQL("DROP FUNCTION IF EXISTS {schema}.banquise_new_game").format(
                    schema=Identifier(self.datastore.schema)
                )
            )
            # The signatures before the games had tags (0011) and the events a chain (0018): CREATE OR
            # REPLACE would keep them beside.
            for old in (_NEW_GAME_TYPES_BEFORE_TAGS, _NEW_GAME_TYPES_BEFORE_CHAIN):
                conn.execute(
                    SQL("DROP FUNCTION IF EXISTS {schema}.banquise_insert_new_game({types})").format(
                        schema=Identifier(self.datastore.schema), types=SQL(", ".join(old))
                    )
                )
            conn.execute(statement)

    def create_append_moves_function(self, advance: str) -> None:
        """The function ``insert_moves`` calls (a migration step); ``advance``: the games' update over the
        ``h_`` arrays."""
        statement = SQL(_APPEND_MOVES_FUNCTION).format(
            schema=Identifier(self.datastore.schema),
            table=Identifier(self.events_table_name),
            announce=self._announce(),
            advance=SQL(advance),  # the store's own text (``service.base.store.heads``), not input
        )
        with self.datastore.get_connection() as conn:
            conn.execute(statement)

    @retry_conflicts
    def insert_moves(
        self,
        parts: Sequence[tuple[UUID, int, Sequence[str], Sequence[bytes]]],
        heads: Sequence[Sequence[Any]],
        other_keys: Sequence[int],
    ) -> list[list[int]]:
        """``insert_batch`` of moves that write nothing beside their events but their games' heads
        (``heads``: the columns of the games' update, ``heads.advance_rows``): one statement, its own
        transaction. Their notification ids, write by write."""
        ids, versions, topics, states = _columns(parts)
        params = (
            self.lock_timeout_text,
            ids,
            versions,
            _text_array(topics),
            _ByteaArray(_BYTEA_OID, states),
            *heads,
            list(other_keys),
        )
        with self.writing() as conn:
            flat = [row[0] for row in _alone(conn, self._rendered(conn).append_moves, params)]
        self._committed()
        if len(flat) != len(states):
            raise ProgrammingError(f"Couldn't get all notification IDs (got {len(flat)}, expected {len(states)})")
        return _per_write(flat, parts)

    @retry_conflicts
    def insert_new_game(
        self,
        game: GameRow,
        first_version: int,
        topics: Sequence[str],
        states: Sequence[bytes],
        snapshots: Sequence[tuple[int, bytes]],
        chains: Sequence[bytes] = (),
    ) -> int:
        """A new game's row, its snapshots and its first events in one statement (one implicit transaction):
        what ``insert_game_events`` does with the game's row and snapshots written ``within``, the same
        rows in the same order, the same table lock and notification, but one statement instead of
        nine in a pipeline (~45 us of CPU each in psycopg): ``make bench``, item 1. The notification id
        of the last event (a writer only reports how far the log went; not every id is sent back)."""
        if not states:
            raise ValueError("a new game has events")
        with self.writing() as conn:
            encoding = conn.info.encoding
            params = (
                self.lock_timeout_text,
                first_version,
                _text_array(topics),
                _ByteaArray(_BYTEA_OID, states),
                _ByteaArray(_BYTEA_OID, chains),
                # Arrays in their wire format: psycopg dumps a list element by element in Python.
                _Int4Array([v for v, _ in snapshots]),
                _ByteaArray(_BYTEA_OID, [s for _, s in snapshots]),
                *game[:6],
                _TextArray(_TEXT_OID, [p.encode(encoding) for p in game.players]),
                _TextArray(_TEXT_OID, [h.encode(encoding) for h in game.handles]),
                *game.params()[8:],
            )
            found = _alone(conn, self._rendered(conn).new_game, params)
        self._committed()
        row = found[0] if found else None
        if row is None or row[0] != len(states):
            raise ProgrammingError(f"Couldn't insert all events (got {row and row[0]}, expected {len(states)})")
        return int(row[1])

    def _insert(
        self,
        statement: Literal["insert_columns", "insert_game"],
        params: Sequence[Any],
        expected: int,
        stored_events: Sequence[StoredEvent],
        **kwargs: Any,
    ) -> list[int]:
        """The transaction of ``insert_events`` around one INSERT of ``expected`` rows; their notification ids."""
        with self.writing() as conn:
            rendered = self._rendered(conn)
            try:
                with conn.cursor() as curs, conn.cursor(row_factory=tuple_row) as out:
                    # The pipeline's exit sends the one Sync and reads every result: a ``pipeline.sync()``
                    # here would be a second round trip (the exit syncs again, and waits).
                    with conn.pipeline():
                        curs.execute(b"BEGIN")
                        curs.execute(rendered.announce, prepare=True)
                        self._insert_events(curs, stored_events, **kwargs)
                        curs.execute(rendered.lock_timeout, prepare=True)
                        out.execute(getattr(rendered, statement), params)
                        curs.execute(b"COMMIT")
                    ids = [row[0] for row in out.fetchall()]
            except BaseException:
                if conn.info.transaction_status != TransactionStatus.IDLE:
                    conn.rollback()
                raise
        self._committed()
        if len(ids) != expected:
            raise ProgrammingError(f"Couldn't get all notification IDs (got {len(ids)}, expected {expected})")
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
