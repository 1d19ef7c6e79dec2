"""The event-sourced application that stores every game's events."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Iterator, Sequence
from typing import Any, TypeVar, cast
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, Mapper, Notification
from eventsourcing.utils import get_topic
from psycopg import AsyncConnection, Connection, sql
from psycopg.errors import InsufficientPrivilege
from psycopg.rows import DictRow

from service.base.database import ConnectionParams
from service.base.settings import DatabaseTimeouts
from service.base.signing import SERVER_KEYS, server_key
from service.base.store import analyses, analysis_stats, chain, following, migrations
from service.base.store import heads as game_heads
from service.base.store.closing import CLOSED_GAME_FUNCTION, GAME_CLOSED, GameClosed
from service.base.store.editions import EDITIONS, EDITIONS_BY_KIND
from service.base.store.envelope import Recorded
from service.base.store.failures import (
    CommitUncertain,
    OutcomeUnknown,
    ValueRejected,
    is_rejected_value,
    is_unavailable,
    psycopg_error,
    reason,
)
from service.base.store.following import LogPosition
from service.base.store.heads import HeadAdvance
from service.base.store.key_guard import KEY_GUARD_FUNCTION, KEYS_CHANGED, KeysChanged
from service.base.store.loop_reads import LoopReads
from service.base.store.mapper import MsgspecMapper, recorded, topics_and_states
from service.base.store.notifying import Notifier
from service.base.store.pool import GuardedPool, session_kwargs
from service.base.store.recorder import GameRecorder, GameRow, Within, retry_lost_read
from service.base.store.tables import (
    FORK_SECRETS,
    GAME_FORKS,
    GAME_TAGS,
    GAMES_VOIDED,
    IDEMPOTENCY_SCOPE,
    IMPORTED_PLAYS,
    KEY_CHANGES,
    PLAY_TIME,
    RECORD_IDS_PER_KEY,
    SIGNED_GAMES,
    TABLES,
)

StoredGameEvent = Recorded
T = TypeVar("T")
log = logging.getLogger("banquise.store")

# A write whose connection broke and that had not committed is run again, at most this many times in all.
WRITE_ATTEMPTS = 3


class VersionConflict(Exception):
    """Another writer appended to the game first: the expected version is stale."""


class GameLog(Application[UUID]):
    """All games' events in one ``banquise_events`` table, with a global notification log."""

    name = "Banquise"

    def __init__(
        self,
        params: ConnectionParams,
        *,
        schema: str = "public",
        pool_size: int = 8,
        timeouts: DatabaseTimeouts | None = None,
    ) -> None:
        self.params = params
        self.schema = schema
        self.timeouts = timeouts = timeouts or DatabaseTimeouts()
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": params.dbname,
            "POSTGRES_HOST": params.hosts,
            "POSTGRES_PORT": params.ports,
            "POSTGRES_USER": params.user,
            "POSTGRES_PASSWORD": params.password,
            "POSTGRES_SCHEMA": schema,
            "POSTGRES_POOL_SIZE": str(pool_size),
            "POSTGRES_MAX_OVERFLOW": "2",
            "POSTGRES_CONNECT_TIMEOUT": str(max(2, round(timeouts.connect))),
            # Measured: the db-function insert path lets a tailing reader skip notifications.
            "POSTGRES_ENABLE_DB_FUNCTIONS": "n",
            # Tables are created by our migrations, under an advisory lock, exactly once.
            "CREATE_TABLE": "n",
            "APPLICATION_RECORDER_TOPIC": get_topic(GameRecorder),
        }
        super().__init__(env)
        # Our pool in place of the library's (not opened yet): timeouts, a check before lending, a watchdog.
        datastore = self.game_recorder.datastore
        # The library opens its pool: closed first, else its workers may still be connecting when it is
        # dropped, and its __del__, run by one of them, cannot join itself (a traceback on stderr).
        datastore.pool.close()
        datastore.pool = GuardedPool(
            kwargs=params.connect_kwargs(),
            timeouts=timeouts,
            min_size=pool_size,
            max_size=pool_size + 2,
        )
        self.game_recorder.use_timeouts(timeouts)
        # Every commit of events wakes the live streams, from a connection of its own (notifying.py).
        self.notifier = self.game_recorder.notifier = Notifier(params, self.game_recorder.channel_name, timeouts)
        self.loop_reads = LoopReads(params.connect_kwargs(), timeouts, size=min(4, pool_size))
        migrations.migrate(params.conninfo(), schema, store_steps(self))
        # Composite types exist now: let the recorder's connections use them.
        self.game_recorder.datastore.register_type_adapters()
        with self.game_recorder.datastore.get_connection() as conn:
            following.check_counter(conn, schema, self.game_recorder.events_table_name)
        # The deployment's signing key, made at the first start (every process then reads the same one).
        with self.game_recorder.datastore.get_connection() as conn:
            self.server_key = server_key(conn, schema)

    def close(self) -> None:
        self.notifier.close()
        super().close()

    def _follow_by_transaction(self) -> None:
        """Migration 0028: each event's transaction id and the followers' index (``following``), and the
        write functions without the table lock and the notification (``recorder``)."""
        with self.game_recorder.datastore.get_connection() as conn:
            following.migrate(conn, self.schema, self.game_recorder.events_table_name)
        self.game_recorder.create_new_game_function()
        self._create_append_moves_function()

    def _create_append_moves_function(self) -> None:
        self.game_recorder.create_append_moves_function(game_heads.advance_in_function(self.schema))

    def _chain_events(self) -> None:
        """Every event's chain hash (``service.base.store.chain``), the games stored before it chained,
        the new-game function that takes a new game's hashes, and the table of the server's signing key
        (``service.base.signing``)."""
        self.game_recorder.create_new_game_function()
        with self.game_recorder.datastore.get_connection() as conn:
            chain.migrate(conn, self.schema, self.game_recorder.events_table_name)
            with conn.transaction():
                conn.execute(sql.SQL(SERVER_KEYS).format(sql.Identifier(self.schema, "server_keys")))

    def construct_mapper(self) -> Mapper[UUID]:
        return MsgspecMapper()

    @property
    def game_recorder(self) -> GameRecorder:
        return cast(GameRecorder, self.recorder)

    def _create_event_tables(self) -> None:
        self.game_recorder.create_table()

    def _add_game_tags(self) -> None:
        """The ``tags`` column (filled from the games' opening commands) and the new-game function that
        writes it."""
        with self.game_recorder.datastore.get_connection() as conn, conn.transaction():
            conn.execute(GAME_TAGS)
        self.game_recorder.create_new_game_function()

    def append(self, records: Sequence[Recorded], *, within: Within | None = None) -> list[int]:
        """Store the records in one transaction (and ``within`` in the same one); their notification ids.

        Raises :class:`VersionConflict` when a record's position is already taken, ``ValueRejected`` when
        PostgreSQL refuses a value, ``OutcomeUnknown`` when the commit's outcome could not be learned.
        """
        # What ``save()`` does for events (map, insert, notification ids), without what only costs here:
        # its per-event ``isinstance(obj, DomainEventProtocol)`` (a runtime-checkable Protocol, ~30 us) and
        # a Recording and a Notification built per event that nobody reads. Measured by ``make bench``
        # (bulk import): the three were about a third of the server's CPU per imported event.
        if not records:
            return []
        first = records[0]
        game_id, version = first.originator_id, first.originator_version
        write: Callable[[], list[int]]
        if _one_game(records):
            # One game's events at consecutive versions (every write of the service): no StoredEvent
            # per event, the game id and first version sent once (``make bench``, item 1).
            topics, states = topics_and_states(records)

            chains = chain.first_links(game_id, version, topics, states)

            def write() -> list[int]:
                return self.game_recorder.insert_game_events(
                    game_id, version, topics, states, within=within, chains=chains
                )

        else:
            stored = list(map(self.mapper.to_stored_event, records))
            states = [stored[0].state]

            def write() -> list[int]:
                return list(self.recorder.insert_events(stored, within=within) or [])

        return self._exactly_once(game_id, version, len(records), states[0], write, list)

    def append_batch(
        self, writes: Sequence[tuple[Sequence[Recorded], Within | None]], heads: Sequence[HeadAdvance] = ()
    ) -> list[list[int]]:
        """``append`` of several writes in one transaction (group commit): each write is one game's records
        at consecutive versions, with its ``within`` rows; ``heads``: the new heads of the games moved (one
        update for all, before the events). All of them are stored or none. Their notification ids,
        write by write.

        Moves that write nothing else (no snapshot due, no Idempotency-Key) go in one statement
        (``GameRecorder.insert_moves``); otherwise the transaction is a pipeline of statements.

        The first record of the first write identifies the whole transaction when its commit reply is
        lost (``_exactly_once``): if it is stored, every write is.
        """
        if len(writes) == 1 and not heads:
            records, within = writes[0]
            return [self.append(records, within=within)]
        parts: list[tuple[UUID, int, Sequence[str], Sequence[bytes]]] = []
        for records, _ in writes:
            if not records:
                raise ValueError("each write of a batch has records")
            first = records[0]
            if not _one_game(records):
                raise ValueError("a write of a batch is one game's records at consecutive versions")
            topics, states = topics_and_states(records)
            parts.append((first.originator_id, first.originator_version, topics, states))
        write: Callable[[], list[list[int]]]
        if heads and all(within is None for _, within in writes):
            rows, other_keys = game_heads.advance_rows(heads)

            def write() -> list[list[int]]:
                return self.game_recorder.insert_moves(parts, rows, other_keys)

        else:
            steps = [game_heads.advance_heads(heads)] if heads else []
            steps += [within for _, within in writes if within is not None]

            def run_within(cur: Any) -> None:
                for step in steps:
                    step(cur)

            def write() -> list[list[int]]:
                return self.game_recorder.insert_batch(parts, within=run_within)

        def stored(_: list[int]) -> list[list[int]]:
            return self._stored_ids([(part[0], part[1], len(part[3])) for part in parts])

        head_id, head_version, _, head_states = parts[0]
        return self._exactly_once(head_id, head_version, len(head_states), head_states[0], write, stored)

    def _stored_ids(self, writes: Sequence[tuple[UUID, int, int]]) -> list[list[int]]:
        """The notification ids of writes known to be stored (a batch whose commit reply was lost)."""
        table = f'"{self.schema}"."{self.game_recorder.events_table_name}"'
        wanted = [(game_id, first + i) for game_id, first, count in writes for i in range(count)]
        with self.game_recorder.datastore.get_connection() as conn:
            rows = conn.execute(
                f"SELECT originator_id, originator_version, notification_id FROM {table} "
                "WHERE (originator_id, originator_version) IN (SELECT * FROM unnest(%s::uuid[], %s::bigint[]))",
                ([g for g, _ in wanted], [v for _, v in wanted]),
            ).fetchall()
        found = {(r["originator_id"], int(r["originator_version"])): int(r["notification_id"]) for r in rows}
        return [[found[(game_id, first + i)] for i in range(count)] for game_id, first, count in writes]

    def append_new_game(
        self, records: Sequence[Recorded], game: GameRow, snapshots: Sequence[tuple[int, bytes]]
    ) -> int:
        """``append`` of a new game's first records, with its ``games`` row and snapshots, in one statement
        (see ``GameRecorder.insert_new_game``); the records are one game's at consecutive versions, at
        least one. Returns the notification id of the last record (how far the log went).

        Raises :class:`VersionConflict` when a row is already taken (the game, a record id, a version).
        """
        if not records:
            raise ValueError("append_new_game takes a new game's records")
        first = records[0]
        if not _one_game(records):
            raise ValueError("append_new_game takes one game's records at consecutive versions")
        topics, states = topics_and_states(records)
        chains = chain.first_links(first.originator_id, first.originator_version, topics, states)

        def write() -> int:
            return self.game_recorder.insert_new_game(game, first.originator_version, topics, states, snapshots, chains)

        return self._exactly_once(
            first.originator_id, first.originator_version, len(records), states[0], write, lambda ids: ids[-1]
        )

    def _exactly_once(
        self,
        stream: UUID,
        first_version: int,
        count: int,
        first_state: bytes,
        write: Callable[[], T],
        from_ids: Callable[[list[int]], T],
    ) -> T:
        """Run a write so that it is stored once and its caller learns what happened.

        When the connection breaks mid-write (a lost COMMIT reply, a reset, a cut blackhole) the commit may
        have happened. The write's first event is its write id: its stream, version and exact bytes (the
        recording time to the microsecond included) were made by this process for this write. The store
        ends the server process that ran the write (its outcome is then final), looks the event up, and
        answers with the stored ids, or runs the write again when it had not committed (the versions'
        primary key keeps a second copy out whatever happens), or raises ``OutcomeUnknown``.
        """
        for _ in range(WRITE_ATTEMPTS):
            try:
                return write()
            except IntegrityError as exc:
                raise VersionConflict(str(exc)) from exc
            except CommitUncertain as lost:
                ids = self._settle(stream, first_version, count, first_state, lost)
                if ids is not None:
                    log.warning("a write's reply was lost; it had committed", extra={"fields": {"stream": str(stream)}})
                    return from_ids(ids)
                log.warning("a write's connection broke before it committed; running it again")
            except Exception as exc:
                refused = _refusal(exc, stream, first_version)
                if refused is not None:
                    raise refused from exc
                if is_rejected_value(exc):
                    # The data itself is refused: the same write fails the same way (never retried).
                    raise ValueRejected(reason(exc)) from exc
                raise
        raise OutcomeUnknown(f"the write was cut {WRITE_ATTEMPTS} times before committing", stream=stream)

    def _settle(
        self, stream: UUID, first_version: int, count: int, first_state: bytes, lost: CommitUncertain
    ) -> list[int] | None:
        """The notification ids of a lost write if it committed, None if it did not (and never will)."""
        deadline = time.monotonic() + self.timeouts.pool + self.timeouts.lock + 1.0
        table = f'"{self.schema}"."{self.game_recorder.events_table_name}"'
        while True:
            try:
                with self.game_recorder.datastore.get_connection() as conn:
                    if not self._ended(conn, lost, deadline):
                        raise OutcomeUnknown(
                            f"the server process of a lost write (pid {lost.backend_pid}) did not end in time",
                            stream=stream,
                        )
                    rows = conn.execute(
                        f"SELECT notification_id, state FROM {table} WHERE originator_id = %s "
                        "AND originator_version BETWEEN %s AND %s ORDER BY originator_version",
                        (stream, first_version, first_version + count - 1),
                    ).fetchall()
                break
            except OutcomeUnknown:
                raise
            except Exception as exc:
                if not is_unavailable(exc) or time.monotonic() >= deadline:
                    detail = f"a write's outcome could not be looked up: {reason(exc)}"
                    raise OutcomeUnknown(detail, stream=stream) from exc
                time.sleep(0.2)
        if not rows:
            return None
        if bytes(rows[0]["state"]) != first_state or len(rows) != count:
            raise VersionConflict(f"version {first_version} of {stream} was taken by another write")
        return [int(r["notification_id"]) for r in rows]

    def _ended(self, conn: Any, lost: CommitUncertain, deadline: float) -> bool:
        """End the server process that ran a lost write (its transaction is then committed or rolled back
        for good): True once it is gone. Pid and name together: the pid alone may have been reused."""
        wait_ms = max(100, int((deadline - time.monotonic()) * 1000))
        try:
            row = conn.execute(
                "SELECT pg_terminate_backend(pid, %s) AS ended FROM pg_stat_activity "
                "WHERE pid = %s AND application_name = %s",
                (wait_ms, lost.backend_pid, lost.application_name),
            ).fetchone()
            return row is None or bool(row["ended"])
        except Exception as exc:
            if not isinstance(psycopg_error(exc), InsufficientPrivilege):
                raise
        # Not allowed to end it (another role): wait for the server to (idle_in_transaction timeout).
        while time.monotonic() < deadline:
            row = conn.execute(
                "SELECT 1 FROM pg_stat_activity WHERE pid = %s AND application_name = %s",
                (lost.backend_pid, lost.application_name),
            ).fetchone()
            if row is None:
                return True
            time.sleep(0.1)
        return False

    def read(
        self, game_id: UUID, *, after: int | None = None, upto: int | None = None, limit: int | None = None
    ) -> Iterator[Recorded]:
        """A game's records in order; ``after``/``upto`` are versions (exclusive/inclusive). Their event chain
        is checked as they are read (``GameRecorder.select_checked``; ``ChainBroken``): every fold of a
        game's events, a state, a line, a timeline, its events' page, reads through here or a replay
        block (``Snapshots.block``, checked the same way)."""
        rows = self.game_recorder.select_checked(game_id, gt=after, lte=upto, limit=limit)
        stream = game_id if isinstance(game_id, UUID) else UUID(game_id)  # some callers give its text
        return (recorded(stream, version, topic, state) for version, topic, state, _ in rows)

    def last(self, game_id: UUID) -> Recorded | None:
        """The game's last record (None for an unknown game)."""
        rows = self.game_recorder.select_checked(game_id, desc=True, limit=1)
        return recorded(game_id, *rows[-1][:3]) if rows else None

    def version(self, game_id: UUID) -> int:
        """The game's current version (its number of events); 0 for an unknown game."""
        last = self.last(game_id)
        return last.originator_version if last else 0

    def notifications(self, start: int, limit: int, topics: Sequence[str] = ()) -> list[Notification]:
        """The final notifications from id ``start`` on, in follow order (``GameRecorder.select_notifications``:
        not a cursor; followers use ``follow``)."""
        return list(self.recorder.select_notifications(start=start, limit=limit, topics=topics))

    def follow(self, after: LogPosition, limit: int, upto: LogPosition | None = None) -> list[following.Row]:
        """The next events after ``after`` (at most ``limit``, up to ``upto``), below the watermark, in
        follow order: what a follower of the whole log reads (``service.base.store.following``)."""
        table = self.game_recorder.events_table_name

        def read() -> list[following.Row]:
            with self.game_recorder.datastore.get_connection() as conn:
                return following.read_page(conn, self.schema, table, after, limit, upto)

        return _read_again_if_lost(read)

    def position_of(self, notification_id: int) -> LogPosition | None:
        """Where the event ``notification_id`` stands in follow order (None: no such committed event)."""
        with self.game_recorder.datastore.get_connection() as conn:
            return following.position_of(conn, self.schema, self.game_recorder.events_table_name, notification_id)

    def decode(self, notification: Notification) -> Recorded:
        return cast(Recorded, self.mapper.to_domain_event(notification))

    def max_notification_id(self) -> int:
        return self.recorder.max_notification_id() or 0

    def ping(self, timeout: float = 0.8) -> Any:
        """One round trip on a pooled connection, all of it within ``timeout`` seconds (``/health``)."""
        pool = cast(GuardedPool, self.game_recorder.datastore.pool)
        pool.open(wait=False)
        with pool.connection(timeout=timeout / 2, budget=timeout / 2) as conn:
            return conn.execute("SELECT 1 AS ok").fetchone()

    def read_once(self, query: Callable[[Connection[DictRow]], T]) -> T:
        """A read-only ``query`` in one round trip: no check before lending a connection that has just
        answered (``GuardedPool.read``; the query may run twice, after a restart)."""
        pool = cast(GuardedPool, self.game_recorder.datastore.pool)
        pool.open(wait=False)
        return pool.read(query)

    async def read_on_loop(self, query: Callable[[AsyncConnection[Any]], Awaitable[T]]) -> T:
        """A read-only ``query`` on the event loop (``LoopReads``): one round trip, no worker thread."""
        return await self.loop_reads.read(query)

    @property
    def channel_name(self) -> str:
        """The channel a commit of events notifies (the live streams listen on it)."""
        return self.game_recorder.channel_name

    def pool_stats(self) -> dict[str, int]:
        """The connection pool's counters (``pool_size``, ``requests_waiting``...), for the metrics."""
        pool = getattr(self.game_recorder.datastore, "pool", None)
        return dict(pool.get_stats()) if pool is not None else {}

    def connect_kwargs(self, application_name: str) -> dict[str, Any]:
        """``psycopg.connect`` keywords for a connection of our own (the projection worker's): the same
        timeouts as the pool's."""
        return session_kwargs(self.timeouts, application_name)


def _read_again_if_lost(read: Callable[[], T]) -> T:
    return cast(T, retry_lost_read(read)())


def _keep_heads(store: GameLog) -> None:
    with store.game_recorder.datastore.get_connection() as conn:
        chain.keep_heads(conn, store.schema, store.game_recorder.events_table_name)


def _refusal(exc: Exception, stream: UUID, first_version: int) -> Exception | None:
    """What a write's own transaction refused, named (None: not one of ours)."""
    found = psycopg_error(exc)
    state = None if found is None else found.sqlstate
    if found is None or state not in (GAME_CLOSED, KEYS_CHANGED, chain.NO_EVENT_BEFORE):
        return None
    if state == GAME_CLOSED:
        return GameClosed(found.diag.message_detail or "closed")
    if state == KEYS_CHANGED:
        return KeysChanged()
    # The game lost events (the one the first links to, or any: its ``lost_from``): it takes no more.
    detail = found.diag.message_detail or ""
    return chain.broken_at(stream, int(detail) if detail.isdigit() else first_version - 1, "the event is missing")


def _one_game(records: Sequence[Recorded]) -> bool:
    """The records are one game's, at consecutive versions."""
    first = records[0]
    return all(
        (rec.originator_id is first.originator_id or rec.originator_id == first.originator_id)
        and rec.originator_version == first.originator_version + i
        for i, rec in enumerate(records)
    )


def store_steps(log: GameLog) -> list[migrations.Step]:
    """The store's schema steps, in the order a new database takes them (released ones never change)."""
    return [
        ("0001_event_store", log._create_event_tables),
        *TABLES,
        ("0004_new_game_function", log.game_recorder.create_new_game_function),
        # The function now returns the last notification id only (0004 made one returning them all).
        ("0005_insert_new_game_function", log.game_recorder.create_new_game_function),
        ("0006_record_ids_per_key", RECORD_IDS_PER_KEY),
        ("0007_game_forks", GAME_FORKS),
        ("0008_idempotency_scope", IDEMPOTENCY_SCOPE),
        ("0009_games_voided", GAMES_VOIDED),
        ("0010_editions", EDITIONS),
        ("0011_game_tags", log._add_game_tags),
        ("0012_play_time", PLAY_TIME),
        ("0013_closed_games", CLOSED_GAME_FUNCTION),
        ("0014_key_changes", KEY_CHANGES),
        ("0015_key_guard", KEY_GUARD_FUNCTION),
        ("0016_append_moves_function", log._create_append_moves_function),
        ("0017_fork_secrets", FORK_SECRETS),
        ("0018_editions_by_kind", EDITIONS_BY_KIND),
        # Both numbered 0018 (two branches): ids are unique, the order is this list's.
        ("0018_event_chain", log._chain_events),
        # Game analyses and their job queue (PgQueuer's tables): service/base/store/analyses.py.
        ("0020_analysis", analyses.migration()),
        # Finished analyses' per-player statistics (accuracy...): service/base/store/analysis_stats.py.
        ("0021_analysis_stats", analysis_stats.TABLE),
        # Plays imported from BG Stats and BGG, result-only games: service/base/store/imports.py.
        ("0022_imported_plays", IMPORTED_PLAYS),
        ("0023_chain_heads", lambda: _keep_heads(log)),  # each game's head in its row: store/chain.py
        ("0023_signed_games", SIGNED_GAMES),  # one game per signed identity (#49)
        # How many runs of an analysis job a dead worker cut short (the fourth gives up): store/analyses.py.
        ("0025_analysis_attempts", analyses.ATTEMPTS),
        # Appends without the table lock, followers by transaction id: store/following.py (#47).
        ("0028_follow_by_transaction", log._follow_by_transaction),
    ]
