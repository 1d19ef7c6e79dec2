"""The batched projection runner.

One step = one transaction on one connection:

1. lock the projections' rows in ``projection_positions`` (``FOR UPDATE``: several runners — API
   processes and ``banquise worker`` — take turns, never process the same notifications twice);
2. read the next page of events after the lowest position, in follow order and below the watermark
   (``service.base.store.following``: a position is the (transaction id, notification id) of the last
   event applied; an append that commits late is read when it has, never passed over). Only the
   projections at the lowest position take part, and the page stops at the next projection's position:
   every projection of a step has applied exactly the events before the page;
3. fold every event onto its game's state, kept in an in-memory LRU; a game not in the cache is
   loaded from ``game_boards`` (its state as msgpack), never refolded per event;
4. turn the page into facts (games touched, started, finished, voided) and let every projection
   write its rows for the facts after its own position, with set-based SQL;
5. write the new positions in the same transaction and commit.

The step runs in pipeline mode (writes are queued; only the reads the code needs cost a round trip),
and, while the server runs a step's writes (and reads the page after the next), the runner folds the
next page: the next step uses that fold if its positions still start where this one ended.

A crash anywhere before the commit leaves no trace (the in-memory cache is dropped on any failure),
so every event has exactly one effect.

A step that fails for a reason other than the connection is redone game by game, each game in a
savepoint that is always rolled back: the games that fail alone are **quarantined**
(``projection_quarantine``), their events from there on skipped by every projection, and the step runs
again without them. ``retry`` applies a quarantined game's skipped events after a fix and releases it.

``rebuild`` builds a projection's tables beside the live ones (a scratch schema first in the
``search_path``) and swaps them in, in one transaction, at the end: the rows are the same as those
built incrementally, reads meanwhile see the old tables, and a failed rebuild leaves them in place.
"""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import psycopg
from psycopg import sql
from psycopg.rows import dict_row, tuple_row

from projections import rebuilding, schema
from projections.batch import Batch, Cursor, Projection
from projections.fold import Folder
from service.base.store import GameLog
from service.base.store.following import SET_WATERMARK, WATERMARK, LogPosition
from service.base.store.kinds import Registry

log = logging.getLogger("banquise.projections")

DEFAULT_BATCH = 1000
DEFAULT_CACHE = 10_000  # live games whose state stays in memory (a few kB each)
APPLICATION_NAME = "banquise-projections"


# SQLSTATE classes of failures that are not a game's fault: the step fails whole and is retried later.
# Connection exception, transaction rollback (serialization, deadlock), insufficient resources,
# operator intervention, system error.
_TRANSIENT = {"08", "40", "53", "57", "58"}
SWAP_ATTEMPTS = 5
REBUILD_LOCK_KEY = 0x42414E5152454255  # any constant shared by all Banquise processes ("BANQREBU")
_QUARANTINED = "SELECT game_id::text AS key, position, error FROM projection_quarantine ORDER BY position, 1"
# What a page row holds (``Folder.fold`` reads the first five): notification id, stream, version, topic,
# state, then the transaction id (the row's place in follow order, with its notification id).
_COLUMNS = "e.notification_id, e.originator_id::text, e.originator_version, e.topic, e.state, e.xid"
# A quarantined game's events from its quarantine up to where the projections stand (one stream's events
# are in the same order by notification id as by transaction: its writes are serialised).
_GAME_EVENTS = (
    f"SELECT {_COLUMNS} FROM banquise_events e WHERE e.originator_id = %s::uuid "
    "AND e.notification_id >= %s AND (e.xid, e.notification_id) <= (%s::text::xid8, %s) "
    "ORDER BY e.xid, e.notification_id"
)
# The projections' positions, locked (runners take turns).
_LOCK_POSITIONS = "SELECT name, xid, position FROM projection_positions WHERE name = ANY(%s) ORDER BY name FOR UPDATE"
# The next page: the events after the lowest position of the runner's projections, up to the next one's
# position (a projection ahead of the others, after a rebuild of the others: it waits for them there), below
# the watermark. Read as the positions are once the lock is held (queued behind it, one round trip).
_FIRST_PAGE = f"""
SELECT {_COLUMNS} FROM
    (SELECT xid, position FROM projection_positions WHERE name = ANY(%(names)s) ORDER BY xid, position LIMIT 1) lo
    LEFT JOIN LATERAL (
        SELECT xid, position FROM projection_positions
        WHERE name = ANY(%(names)s) AND (xid, position) > (lo.xid, lo.position) ORDER BY xid, position LIMIT 1
    ) hi ON true
    CROSS JOIN LATERAL (
        SELECT * FROM banquise_events e WHERE (e.xid, e.notification_id) > (lo.xid, lo.position)
            AND (e.xid, e.notification_id)
                <= (coalesce(hi.xid, '18446744073709551615'::xid8), coalesce(hi.position, 9223372036854775807))
            AND e.xid < {WATERMARK}
        ORDER BY e.xid, e.notification_id LIMIT %(limit)s
    ) e
ORDER BY e.xid, e.notification_id
"""
# The page after a known position (every projection of the runner at one position).
_NEXT_PAGE = (
    f"SELECT {_COLUMNS} FROM banquise_events e WHERE (e.xid, e.notification_id) > (%s::text::xid8, %s) "
    f"AND e.xid < {WATERMARK} ORDER BY e.xid, e.notification_id LIMIT %s"
)
_ADVANCE = (
    "UPDATE projection_positions SET xid = %s::text::xid8, position = %s "
    "WHERE name = ANY(%s) AND (xid, position) < (%s::text::xid8, %s)"
)
_RESULTS_HELD = "SELECT DISTINCT game_id FROM player_results WHERE game_id = ANY(%s)"
_VOID_SUMMARY = (
    "UPDATE game_summaries s SET voided = true, void_reason = v.reason "
    "FROM voided_games v WHERE v.game_id = s.game_id AND s.game_id = %s::uuid"
)


def _last(rows: list[tuple[Any, ...]]) -> LogPosition:
    """The position of a page's last row."""
    return LogPosition(int(rows[-1][5]), int(rows[-1][0]))


@dataclass(frozen=True)
class _Ahead:
    """A page folded during the previous step: valid if the positions all still stand at ``start``.
    ``following``: the page after it, read in the previous step too."""

    start: LogPosition
    batch: Batch
    rows: int
    following: list[tuple[Any, ...]]
    quarantined: dict[str, int]  # the quarantine the page was folded with
    last: LogPosition  # the position of the page's last row


@dataclass(frozen=True)
class Retried:
    """A quarantined game after ``retry``: released (``error`` None) or still quarantined."""

    game_id: str
    position: int
    error: str | None


def _positions(rows: Sequence[Mapping[str, Any]]) -> dict[str, LogPosition]:
    """``projection_positions`` rows (name, xid, position) as positions by name."""
    return {r["name"]: LogPosition(int(r["xid"]), int(r["position"])) for r in rows}


class _Trial(Exception):
    """Rolls back a game's savepoint once it has been tried."""


def _describe(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}"[:2000] if text else type(exc).__name__


class Runner:
    """Applies the log to the read models, one batch per transaction. Not thread-safe: one per thread."""

    def __init__(
        self,
        store: GameLog,
        registry: Registry,
        projections: Mapping[str, Projection],
        *,
        names: Sequence[str] = schema.NAMES,
        batch_size: int = DEFAULT_BATCH,
        cache_size: int = DEFAULT_CACHE,
        before_commit: Callable[[Batch], None] | None = None,
        search_path: Sequence[str] | None = None,
    ) -> None:
        unknown = set(names) - set(schema.NAMES)
        if unknown:
            raise ValueError(f"unknown projections: {', '.join(sorted(unknown))}")
        self.store = store
        self.registry = registry
        self.names = list(names)
        self.batch_size = batch_size
        self.folder = Folder(registry, cache_size)
        self.cache = self.folder.cache
        self.before_commit = before_commit  # tests: fail between the handlers and the commit
        # Where the read-model tables are looked up (a rebuild puts its scratch schema first).
        self.search_path = list(search_path or [store.schema])
        # Games whose events from a position on are skipped (by game id, as text): read every step.
        self.quarantined: dict[str, int] = {}
        self.projections = projections
        self._handlers = {name: projection.handle for name, projection in projections.items()}
        self._order = [name for name in projections if name in self.names]
        self._conn: psycopg.Connection[dict[str, Any]] | None = None
        self._ahead: _Ahead | None = None
        # Seconds spent per phase since this runner started ("read", "fold", each projection, "commit").
        self.timings: dict[str, float] = {}
        # Games not in the cache, by where their state came from ("board" or, rarely, "refold").
        self.loads = self.folder.loads
        schema.ensure_tables(store)

    # ------------------------------------------------------------ connection
    def connection(self) -> psycopg.Connection[dict[str, Any]]:
        if self._conn is None or self._conn.closed:
            conn = psycopg.connect(
                self.store.params.conninfo(),
                autocommit=True,
                row_factory=dict_row,
                # The store's timeouts; the name is how operators (and tests) spot it in pg_stat_activity.
                **self.store.connect_kwargs(APPLICATION_NAME),
            )
            conn.execute(
                sql.SQL("SET search_path TO {}").format(sql.SQL(", ").join(map(sql.Identifier, self.search_path)))
            )
            self._conn = conn
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    # ------------------------------------------------------------ running
    def step(self) -> int:
        """Process one batch; the number of notifications applied (0 when caught up)."""
        # A step allocates a few objects per event (payloads, events, states), nearly all freed by
        # reference counting: the cyclic collector (every 700 net allocations) took ~8% of a rebuild.
        # Paused for the step (a few milliseconds), it runs at the next allocation after it.
        collecting = gc.isenabled()
        if collecting:
            gc.disable()
        try:
            try:
                return self._step()
            except Exception as exc:
                if not self._isolates(exc):
                    raise
                log.warning("projection batch failed (%s): looking for the game that fails", _describe(exc))
                if not self._quarantine_failing():
                    raise  # no game fails alone: not a game's fault (the step is retried whole, later)
                return self._step()
        finally:
            if collecting:
                gc.enable()

    def _step(self) -> int:
        conn = self.connection()
        clock = time.perf_counter()
        ahead, self._ahead = self._ahead, None
        try:
            # One pipeline for the whole step: only the reads the code waits for cost a round trip.
            with conn.pipeline(), conn.transaction(), conn.cursor() as cur:
                # Derived rows and their positions commit together (a crash loses whole steps, replayed).
                cur.execute("SET LOCAL synchronous_commit = off")
                # The watermark first: the pages below read under it, with later snapshots (following.py).
                cur.execute(SET_WATERMARK)
                cur.execute(_LOCK_POSITIONS, (self.names,))
                with conn.cursor(row_factory=tuple_row) as raw, conn.cursor(row_factory=tuple_row) as held:
                    # Queued behind the lock: it reads the positions as they are once the lock is held.
                    # This page and the next one (folded ahead, at the end of the step). When the previous
                    # step folded this page already, it also read the next one: nothing to read here.
                    held.execute("SELECT game_id::text, position FROM projection_quarantine")
                    if ahead is None:
                        self._read(raw, None, 2 * self.batch_size)
                    positions = _positions(cur.fetchall())
                    quarantined = {key: int(p) for key, p in held.fetchall()}
                    start = min(positions.values())
                    if ahead is not None and (
                        set(positions.values()) != {ahead.start} or quarantined != ahead.quarantined
                    ):
                        # Another runner went on in between (or a game was quarantined or released): what
                        # was folded ahead is not this page.
                        self.cache.clear()
                        ahead = None
                        self._read(raw, None, 2 * self.batch_size)
                    self.quarantined = quarantined
                    # Moved: those at the lowest position (the page stops at the next one's), each new to it.
                    moving = [name for name in self._order if positions[name] == start]
                    level = len(set(positions.values())) == 1
                    if ahead is not None:
                        batch, n, following, last = ahead.batch, ahead.rows, ahead.following, ahead.last
                        clock = self._clock("read", clock)
                    else:
                        rows = raw.fetchall()
                        if not rows:
                            return 0
                        rows, following = rows[: self.batch_size], rows[self.batch_size :]
                        n = len(rows)
                        last = _last(rows)
                        clock = self._clock("read", clock)
                        batch = self.folder.fold(cur, rows, self.quarantined)
                        clock = self._clock("fold", clock)
                    for name in moving:
                        self._handlers[name](cur, batch, 0)  # (``after`` 0: every fact of the page is new)
                        clock = self._clock(name, clock)
                    cur.execute(_ADVANCE, (last.xid, last.id, moving, last.xid, last.id))
                    following = following if level else []  # (a page that stops at a projection's position)
                    if following:
                        # The page after the next one, read while this step's writes run and the next page
                        # is folded: the next step starts with no page to wait for.
                        self._read(raw, _last(following), self.batch_size)
                    if self.before_commit is not None:
                        self.before_commit(batch)
                    if following:
                        # While the server runs this step's writes: fold the next page onto the cache. The
                        # next step uses it only if its positions all stand where this batch ends.
                        folded = self._fold_ahead(following)
                        if folded is not None:
                            self._ahead = _Ahead(
                                last, folded, len(following), raw.fetchall(), dict(self.quarantined), _last(following)
                            )
                        clock = self._clock("fold", clock)
            self._clock("commit", clock)
            return n
        except BaseException:
            # The transaction rolled back: what the cache learnt in it may not be in the tables.
            self.cache.clear()
            self._ahead = None
            if conn.broken:
                self.close()
            raise

    def _isolates(self, exc: Exception) -> bool:
        """Whether a failed step may be a game's fault (not the connection's, the server's, a conflict's)."""
        if self._conn is None or self._conn.closed or self._conn.broken:
            return False
        state = exc.sqlstate if isinstance(exc, psycopg.Error) else None
        return state is None or state[:2] not in _TRANSIENT

    def _lock(self, cur: Cursor) -> dict[str, LogPosition]:
        return _positions(cur.execute(_LOCK_POSITIONS, (self.names,)).fetchall())

    def _unquarantined(self, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
        held = self.quarantined
        return [r for r in rows if (since := held.get(r[1])) is None or r[0] < since]

    def _quarantine_failing(self) -> bool:
        """Redo the next page game by game, each in a savepoint rolled back after it; quarantine the games
        that fail alone (committed). False when none does. The slow path: a few round trips per game."""
        self.cache.clear()
        self._ahead = None
        conn = self.connection()
        failed: dict[str, tuple[int, str]] = {}
        with conn.transaction(), conn.cursor() as cur:
            cur.execute(SET_WATERMARK)
            positions = self._lock(cur)
            self.quarantined = {
                r["key"]: int(r["position"])
                for r in cur.execute("SELECT game_id::text AS key, position FROM projection_quarantine")
            }
            with conn.cursor(row_factory=tuple_row) as raw:
                self._read(raw, None, self.batch_size)
                rows = self._unquarantined(raw.fetchall())
            streams: dict[str, list[tuple[Any, ...]]] = {}
            for row in rows:
                streams.setdefault(row[1], []).append(row)
            start = min(positions.values())
            for game_id, own in streams.items():
                try:
                    with conn.transaction():
                        batch = self.folder.fold(cur, own, self.quarantined)
                        for name in self._order:
                            if positions[name] == start:
                                self._handlers[name](cur, batch, 0)
                        raise _Trial
                except _Trial:
                    pass
                except Exception as exc:
                    if not self._isolates(exc):
                        raise
                    failed[game_id] = (int(own[0][0]), _describe(exc))
                finally:
                    self.cache.clear()
            if len(failed) > 1 and len(failed) == len(streams):
                # Every game of the page fails, even alone: more likely the server or the code than the games.
                log.error("every game of the page fails alone: none quarantined (%s)", next(iter(failed.values()))[1])
                return False
            for game_id, (position, error) in failed.items():
                log.error("game %s quarantined from notification %s: %s", game_id, position, error)
                cur.execute(
                    "INSERT INTO projection_quarantine (game_id, position, error) VALUES (%s::uuid, %s, %s) "
                    "ON CONFLICT (game_id) DO NOTHING",
                    (game_id, position, error),
                )
        return bool(failed)

    def quarantine(self) -> list[Retried]:
        """The quarantined games, oldest first."""
        rows = self.connection().execute(_QUARANTINED).fetchall()
        return [Retried(r["key"], int(r["position"]), r["error"]) for r in rows]

    def retry(self) -> list[Retried]:
        """Apply each quarantined game's skipped events (up to where the projections stand), each in a
        savepoint: a game that now projects is released, one that still fails keeps its quarantine with
        the new error. Finished games applied late are re-rated in finishing order (each projection's ``reorder``):
        the tables end as a clean build's. Assumes the projections stand together (one runner moves
        them together; a rebuild swaps them in at one position)."""
        self.cache.clear()
        self._ahead = None
        conn = self.connection()
        out: list[Retried] = []
        with conn.transaction(), conn.cursor() as cur:
            positions = self._lock(cur)
            upto = min(positions.values())
            held = cur.execute(
                "SELECT game_id::text AS key, position FROM projection_quarantine ORDER BY position, 1"
            ).fetchall()
            self.quarantined = {}
            for q in held:
                game_id, since = q["key"], int(q["position"])
                try:
                    with conn.transaction():
                        with conn.cursor(row_factory=tuple_row) as raw:
                            rows = raw.execute(
                                _GAME_EVENTS, (game_id, since, upto.xid, upto.id), binary=True
                            ).fetchall()
                        if rows:
                            batch = self.folder.fold(cur, rows, self.quarantined)
                            if "stats" in self.names and batch.finished:
                                # A finish the stats already hold (a rebuild of stats alone applied it).
                                finished_ids = [f.game_id for f in batch.finished]
                                done = {r["game_id"] for r in cur.execute(_RESULTS_HELD, (finished_ids,))}
                                batch.finished = [f for f in batch.finished if f.game_id not in done]
                            for name in self._order:
                                self._handlers[name](cur, batch, since - 1)
                            for name in self._order:
                                self.projections[name].reorder(cur, batch.finished)
                            if {"stats", "boards"} <= set(self.names):
                                # Voided while quarantined: the void found no summary to mark then.
                                cur.execute(_VOID_SUMMARY, (game_id,))
                        cur.execute("DELETE FROM projection_quarantine WHERE game_id = %s::uuid", (game_id,))
                    out.append(Retried(game_id, since, None))
                    log.info("game %s released from quarantine", game_id)
                except Exception as exc:
                    if not self._isolates(exc):
                        raise
                    error = _describe(exc)
                    cur.execute(
                        "UPDATE projection_quarantine SET error = %s, failed_at = now() WHERE game_id = %s::uuid",
                        (error, game_id),
                    )
                    out.append(Retried(game_id, since, error))
                finally:
                    self.cache.clear()
        self.quarantined = {}
        return out

    def _read(self, raw: psycopg.Cursor[tuple[Any, ...]], after: LogPosition | None, limit: int) -> None:
        """Queue the read of the next ``limit`` events after ``after`` (None: the next page of the lowest
        projections, as the positions are once locked), in follow order, below the watermark."""
        if after is None:
            raw.execute(_FIRST_PAGE, {"names": self.names, "limit": limit}, binary=True)
        else:
            # binary: no hex for the payloads, on either side
            raw.execute(_NEXT_PAGE, (after.xid, after.id, limit), binary=True)

    def _fold_ahead(self, rows: list[tuple[Any, ...]]) -> Batch | None:
        """Fold ``rows`` onto the cache when no game needs a database read (else None, cache untouched)."""
        try:
            return self.folder.fold(None, rows, self.quarantined)
        except Exception:
            # It will fail again, in its own step, and say why there.
            self.cache.clear()
            return None

    def _clock(self, phase: str, since: float) -> float:
        now = time.perf_counter()
        self.timings[phase] = self.timings.get(phase, 0.0) + now - since
        return now

    def run(self, *, until: int | None = None) -> int:
        """Process batches until caught up (or past ``until``); the number of notifications applied."""
        total = 0
        while True:
            n = self.step()
            total += n
            if n == 0 or (until is not None and self.position() >= until):
                return total

    def positions(self) -> list[tuple[str, int]]:
        """Every projection's position, by name (this runner's or not): the notification id of the last
        event it applied (``log_positions``: with its transaction id)."""
        return [(name, at.id) for name, at in self.log_positions()]

    def log_positions(self) -> list[tuple[str, LogPosition]]:
        """Every projection's position in follow order, by name."""
        rows = self.connection().execute("SELECT name, xid, position FROM projection_positions ORDER BY name")
        return sorted(_positions(rows.fetchall()).items())

    def position(self) -> int:
        """The notification id of the lowest position of this runner's projections."""
        return self.log_position().id

    def log_position(self) -> LogPosition:
        """The lowest position of this runner's projections, in follow order."""
        rows = self.connection().execute(
            "SELECT name, xid, position FROM projection_positions WHERE name = ANY(%s)", (self.names,)
        )
        return min(_positions(rows.fetchall()).values(), default=LogPosition(0, 0))

    def rebuild(self) -> int:
        """Replay the whole log into new tables for this runner's projections, beside the live ones (a
        scratch schema), and swap them in, in one transaction, once caught up. Until then reads see the
        live tables, which the worker keeps up to date; on any failure they stay as they were. One
        rebuild at a time per database. The number of notifications replayed."""
        live = self.store.schema
        scratch = f"{live}_rebuild"
        conn = self.connection()
        if not conn.execute("SELECT pg_try_advisory_lock(%s) AS got", (REBUILD_LOCK_KEY,)).fetchone()["got"]:  # type: ignore[index]
            raise RuntimeError("another rebuild is running on this database")
        try:
            rebuilding.drop_scratch(conn, scratch)
            try:
                kept = rebuilding.prepare_scratch(conn, self.store, scratch, self.names)
                builder = Runner(
                    self.store,
                    self.registry,
                    self.projections,
                    names=self.names,
                    batch_size=self.batch_size,
                    cache_size=self.cache.size,
                    before_commit=self.before_commit,
                    search_path=[scratch, *self.search_path],
                )
                try:
                    n = builder.run()
                    self.timings = builder.timings
                    self.loads.update(builder.loads)
                finally:
                    builder.close()
                for attempt in range(1, SWAP_ATTEMPTS + 1):
                    try:
                        rebuilding.swap(conn, live, scratch, sorted(kept), self.names)
                        break
                    except psycopg.errors.DeadlockDetected:
                        # A reader held one table and waited for another this transaction had taken: it
                        # rolled back whole, the new tables are still there; try again.
                        if attempt == SWAP_ATTEMPTS:
                            raise
                        log.warning("rebuild: the swap met a deadlock, trying again")
            finally:
                rebuilding.drop_scratch(conn, scratch)
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (REBUILD_LOCK_KEY,))
            self.cache.clear()
            self._ahead = None
        return n

    def reset(self) -> None:
        """Empty this runner's projections and set their positions to 0 (the next steps replay the log)."""
        conn = self.connection()
        with conn.transaction():
            conn.execute(
                "SELECT position FROM projection_positions WHERE name = ANY(%s) ORDER BY name FOR UPDATE",
                (self.names,),
            )
            tables = [t for name in self.names for t in schema.TABLES[name]]
            conn.execute(sql.SQL("TRUNCATE {}").format(sql.SQL(", ").join(map(sql.Identifier, tables))))
            conn.execute("UPDATE projection_positions SET xid = '0', position = 0 WHERE name = ANY(%s)", (self.names,))
        self.cache.clear()
        self._ahead = None
