"""The ``games`` index and the ``game_forks`` links: their SQL, as named methods of the store.

The use cases call these methods with plain values (the eventsourcing library's recorder style: the
recorder owns its statements, the application names what it wants). A write step (a ``Within``) runs
in the transaction of the events it goes with; a read takes a pooled connection of its own.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any
from uuid import UUID

import msgspec
from psycopg import Cursor, sql
from psycopg.rows import DictRow, tuple_row
from psycopg.types.json import Jsonb

from service.base.keys import ApiKey, KeyCheck
from service.base.store import chain
from service.base.store.closing import LIVE, OPEN
from service.base.store.envelope import Recorded
from service.base.store.mapper import recorded
from service.base.store.recorder import INSERT_GAME, GameRow, Within
from service.base.store.rows import ForkOf, ForkOrigin, IndexedGame, OwnerAndStatus, typed

if TYPE_CHECKING:
    from service.base.store.application import GameLog


def steps(*within: Within | None) -> Within:
    """The write steps of one transaction, in order (``None``: nothing to write)."""
    todo = [step for step in within if step is not None]

    def run(cur: Cursor[DictRow]) -> None:
        for step in todo:
            step(cur)

    return run


class GameFilter(msgspec.Struct, kw_only=True):
    """``GET /games``' conditions on the index (``None``: no condition)."""

    handles: list[str] | None = None  # any of these handle keys sat at the table
    kind: str | None = None
    status: str | None = None
    since: datetime | None = None  # the start at the table, inclusive
    until: datetime | None = None  # exclusive
    tags: dict[str, str] | None = None  # these tags with these values
    tags_present: list[str] | None = None  # these tags, any value
    nothing: bool = False  # a filter no game can meet (contradictory tags)
    before: tuple[datetime, UUID] | None = None  # the keyset cursor: (created_at, id) below this


# Whether the game (alias ``g``) carries hidden information of a game not finished yet (``secrets_of``: a
# fork of a live game, and forks of it), read with the row: ``Sight`` needs it on every read path. Most
# games carry none (an empty array: nothing to look up).
SEALED = "EXISTS (SELECT 1 FROM games s WHERE s.id = ANY(g.secrets_of) AND s.status <> 'finished') AS sealed"
ROW = f"SELECT g.*, {SEALED} FROM games g"

# The last event of each game (its payload is msgspec JSON: ``at`` recorded, ``p`` played).
_LAST = """
SELECT g.id, (e.payload ->> 'p')::timestamptz AS played, (e.payload ->> 'at')::timestamptz AS recorded
FROM unnest(%s::uuid[]) AS g(id) CROSS JOIN LATERAL (
    SELECT convert_from(state, 'UTF8')::jsonb AS payload FROM {events}
    WHERE originator_id = g.id ORDER BY originator_version DESC LIMIT 1
) e
"""
# A game whose last move has no time although earlier ones do: its latest time (rare; reads the game).
_LATEST = """
SELECT max((convert_from(state, 'UTF8')::jsonb ->> 'p')::timestamptz) AS played FROM {events}
WHERE originator_id = %s
"""
# Only the columns a move reads: ``g.*`` decoded the tags (JSON), the player arrays and three
# timestamps for nothing at every move. The count of key changes comes in the same round trip.
# Many games' events at once, in the primary key's order, a bounded chunk after a (game, version) cursor.
_STREAMS = """
SELECT originator_id, originator_version, topic, state, chain FROM {events}
WHERE originator_id = ANY(%s) AND (originator_id, originator_version) > (%s, %s)
ORDER BY originator_id, originator_version LIMIT %s
"""
# One game's stored rows with their chain hashes (``service.base.store.chain``), for a sealed export, and
# the game's head its row keeps (``chain.head_row``), in one statement.
_CHAINED = """
(SELECT originator_version, topic, state, chain FROM {events} WHERE originator_id = %s ORDER BY originator_version)
UNION ALL {head}
"""
# Events per chunk of ``streams``: the memory a read of many games holds beside the game being built.
STREAM_CHUNK = 5000
_MOVE_ROW = (
    "SELECT c.count AS banquise_key_changes, g.id, g.kind, g.owner_key, g.status, g.voided, g.version, "
    "g.moves, g.played_at, g.created_at, g.updated_at FROM api_key_changes c LEFT JOIN games g ON g.id = %s"
)
_TAKE_BACK = (
    "UPDATE games SET version = %s, moves = %s, updated_at = %s, corrections = corrections + 1 "
    f"WHERE id = %s AND {OPEN}"
).encode()
# Only a live row: should a move finish the game between the check and this write, the abandon is
# refused and nothing stored. The row's lock orders it with moves (``service.base.store.closing``).
_ABANDON = f"UPDATE games SET status = 'abandoned', updated_at = now() WHERE id = %s AND {LIVE}"


class GamesTable:
    """The ``games`` rows (and forks' links) of one store."""

    def __init__(self, store: GameLog) -> None:
        self._datastore = store.game_recorder.datastore
        self._events = sql.Identifier(store.game_recorder.events_table_name)

    def connection(self) -> Any:
        return self._datastore.get_connection()

    # ---------------------------------------------------------------- reads
    def row(self, game_id: UUID) -> IndexedGame | None:
        with self._datastore.get_connection() as conn:
            row = conn.execute(f"{ROW} WHERE g.id = %s", (game_id,)).fetchone()
        return None if row is None else typed(row, IndexedGame)

    def move_row(self, game_id: UUID, key: ApiKey, check: KeyCheck) -> tuple[IndexedGame | None, bool]:
        """The columns a move reads, and whether the caller's cached ``key`` is still live: the count of API
        key changes is read in the same round trip (``KeyCheck.confirms``)."""
        with self._datastore.get_connection() as conn:
            found = conn.execute(_MOVE_ROW, (game_id,)).fetchone()
            if found is None:
                raise RuntimeError("api_key_changes has no row")
            row = dict(found)
            live = check.confirms(conn, key, int(row.pop("banquise_key_changes")))
        return (None if row.get("id") is None else typed(row, IndexedGame)), live

    def result_only(self, game_id: UUID) -> bool:
        """Whether ``game_id`` is a play imported with its results only (``imports``): no row here."""
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT 1 FROM imported_plays WHERE game_id = %s", (game_id,)).fetchone()
        return row is not None

    def moves(self, game_id: UUID) -> int:
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT moves FROM games WHERE id = %s", (game_id,)).fetchone()
        return int(row["moves"]) if row else 0

    def lifecycle_row(self, game_id: UUID) -> OwnerAndStatus | None:
        """Who owns the game and its status (what a lifecycle decision checks)."""
        with self._datastore.get_connection() as conn:
            # An imported play (``imports``) is a finished game of its importer's: it may be voided too.
            row = conn.execute(
                "SELECT owner_key, status FROM games WHERE id = %s "
                "UNION ALL SELECT owner_key, 'finished' FROM imported_plays WHERE game_id = %s",
                (game_id, game_id),
            ).fetchone()
        return None if row is None else typed(row, OwnerAndStatus)

    def owned_by_record(self, key_id: str, record_id: str) -> IndexedGame | None:
        """The game ``key_id`` imported under ``record_id`` (the client's own id)."""
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT * FROM games WHERE owner_key = %s AND record_id = %s", (key_id, record_id)
            ).fetchone()
        return None if row is None else typed(row, IndexedGame)

    def signed(self, signer: str, origin: UUID) -> IndexedGame | None:
        """The game stored for the record ``signer`` sealed as its game ``origin`` (``sign``)."""
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                f"{ROW} JOIN signed_games s ON s.game_id = g.id WHERE s.signer = %s AND s.origin = %s", (signer, origin)
            ).fetchone()
        return None if row is None else typed(row, IndexedGame)

    def position(self, game_id: UUID) -> int:
        """How far the event log went for this game (its last event's notification id; 0: none)."""
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT max(notification_id) AS position FROM banquise_events WHERE originator_id = %s", (game_id,)
            ).fetchone()
        return int(row["position"] or 0) if row else 0

    def page(self, where: GameFilter, limit: int) -> tuple[list[IndexedGame], bool, dict[UUID, datetime]]:
        """Up to ``limit`` rows meeting ``where``, newest recorded first; whether more follow; and the
        finished ones' finish times (``finish_times``), on one connection."""
        conditions, params = _conditions(where)
        query: sql.Composable = sql.SQL(ROW)
        if conditions:
            query += sql.SQL(" WHERE ") + sql.SQL(" AND ").join(conditions)
        query += sql.SQL(" ORDER BY created_at DESC, id DESC LIMIT %s")
        with self._datastore.get_connection() as conn:
            rows = [typed(r, IndexedGame) for r in conn.execute(query, [*params, limit + 1]).fetchall()]
            more = len(rows) > limit
            rows = rows[:limit]
            return rows, more, self._finish_times(conn, rows)

    def pages(self, where: GameFilter, size: int) -> Iterator[tuple[list[IndexedGame], dict[UUID, datetime]]]:
        """Every row meeting ``where``, newest recorded first, ``size`` at a time with their finish times: one
        keyset query per page, on a connection lent for that page only, so an export of any length holds one
        page and no connection while its reader is slow."""
        where = msgspec.structs.replace(where)
        while True:
            rows, more, finished_at = self.page(where, size)
            if rows:
                yield rows, finished_at
            if not more or not rows:
                return
            where.before = (rows[-1].created_at, rows[-1].id)

    def streams(
        self, game_ids: Sequence[UUID], chunk: int = STREAM_CHUNK, heads: Mapping[UUID, chain.Head] | None = None
    ) -> Iterator[tuple[UUID, list[Recorded] | chain.ChainBroken]]:
        """Each of ``game_ids``' whole event stream (a game without events is left out), one game after the
        other in the order of their ids (not of ``game_ids``): ``chunk`` events per query, each on
        a connection lent for that query only. One query per chunk rather than one per game (an export's
        page of games); what it holds is one chunk and the game being yielded, whatever their lengths.

        Each event's chain is checked as it is read, and each stream's end against the game's head in
        ``heads`` (read before the events: a game may have gone on since, never back). A game whose chain
        is broken is yielded as its ``ChainBroken`` (logged, counted), and the others still are."""
        ids = sorted(set(game_ids))
        if not ids:
            return
        query = sql.SQL(_STREAMS).format(events=self._events)
        after: tuple[UUID, int] = (ids[0], 0)
        game: UUID | None = None
        events: list[Recorded] = []
        broken: chain.ChainBroken | None = None
        previous = chain.GENESIS
        heads = heads or {}

        def ended() -> tuple[UUID, list[Recorded] | chain.ChainBroken]:
            assert game is not None
            if broken is None:
                head = heads.get(game)
                last = events[-1].originator_version if events else 0
                if head is not None and head.lost is not None:
                    return game, chain.broken_at(game, head.lost, "the event was deleted")
                if head is not None and last < head.version:
                    return game, chain.broken_at(
                        game,
                        last + 1,
                        f"the events from version {last + 1} on are missing: the game's head "
                        f"is at version {head.version}",
                    )
            return game, broken if broken is not None else events

        while True:
            with self._datastore.get_connection() as conn:
                # Tuples: a dict per row cost as much as decoding its event.
                rows = conn.cursor(row_factory=tuple_row).execute(query, (ids, *after, chunk)).fetchall()
            for game_id, version, topic, state, stored in rows:
                if game_id != game:
                    if game is not None:
                        yield ended()
                    game, events, previous, broken = game_id, [], chain.GENESIS, None
                if broken is not None:
                    continue
                try:
                    # Each event's hash checked as it is read (``ChainBroken``: the store was changed).
                    expected = events[-1].originator_version + 1 if events else 1
                    if version != expected:
                        raise chain.broken_at(game_id, expected, "the event is missing")
                    previous = chain.check(game_id, ((version, topic, state, stored),), previous)
                    head = heads.get(game_id)
                    if head is not None and version == head.version and head.chain not in (None, previous):
                        raise chain.broken_at(
                            game_id, version, "the last event is not the game's head: its hash is not the one kept"
                        )
                except chain.ChainBroken as exc:
                    broken, events = exc, []
                    continue
                events.append(recorded(game_id, version, topic, state))
            if len(rows) < chunk:
                break
            after = (rows[-1][0], rows[-1][1])
        if game is not None:
            yield ended()

    def chained(self, game_id: UUID) -> tuple[list[tuple[int, str, bytes, bytes | None]], chain.Head | None]:
        """A game's stored rows (version, topic, state, chain hash), in order, and the head its row keeps."""
        head = sql.SQL(chain.head_row("{events}", "games", "%s")).format(events=self._events)
        query = sql.SQL(_CHAINED).format(events=self._events, head=head)
        with self._datastore.get_connection() as conn:
            found = conn.cursor(row_factory=tuple_row).execute(query, (game_id, game_id)).fetchall()
        rows, kept = chain.split_head(found)
        return [(int(v), t, bytes(s), None if c is None else bytes(c)) for v, t, s, c in rows], kept

    def finish_times(self, rows: Iterable[IndexedGame]) -> dict[UUID, datetime]:
        with self._datastore.get_connection() as conn:
            return self._finish_times(conn, rows)

    def _finish_times(self, conn: Any, rows: Iterable[IndexedGame]) -> dict[UUID, datetime]:
        """``finished_at`` of the finished games among ``rows`` (``games`` rows): one query for them all.
        Times never go back within a game, so the last event's play time, when it has one, is the latest."""
        finished = {r.id: r for r in rows if r.status == "finished"}
        if not finished:
            return {}
        out: dict[UUID, datetime] = {}
        for r in conn.execute(sql.SQL(_LAST).format(events=self._events), (list(finished),)).fetchall():
            game_id, played, recorded = r["id"], r["played"], r["recorded"]
            if played is None and finished[game_id].played_at is not None:
                latest = sql.SQL(_LATEST).format(events=self._events)
                played = conn.execute(latest, (game_id,)).fetchone()["played"]
            out[game_id] = played if played is not None else recorded
        return out

    def spellings(self, key: str) -> list[str]:
        """Up to 50 handles as recorded at tables where the handle key ``key`` sat."""
        with self._datastore.get_connection() as conn:
            rows = conn.execute(
                "SELECT p FROM games, unnest(players) AS p WHERE handles @> ARRAY[%s]::text[] LIMIT 50", (key,)
            ).fetchall()
        return [r["p"] for r in rows]

    def has_handle(self, key: str) -> bool:
        with self._datastore.get_connection() as conn:
            found = conn.execute("SELECT 1 FROM games WHERE handles @> ARRAY[%s]::text[] LIMIT 1", (key,)).fetchone()
        return found is not None

    def handles(self) -> list[str]:
        """Every handle recorded, as written."""
        with self._datastore.get_connection() as conn:
            return [r["p"] for r in conn.execute("SELECT DISTINCT p FROM games, unnest(players) AS p").fetchall()]

    def met(self, a: Sequence[str], b: Sequence[str]) -> bool:
        """Whether a handle key of ``a`` and one of ``b`` sat at one table."""
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT 1 FROM games WHERE handles && %s::text[] AND handles && %s::text[] LIMIT 1",
                (list(a), list(b)),
            ).fetchone()
        return row is not None

    def fork_origin(self, game_id: UUID) -> ForkOrigin | None:
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT origin_id, step FROM game_forks WHERE fork_id = %s", (game_id,)).fetchone()
        return None if row is None else typed(row, ForkOrigin)

    def forks_of(self, game_id: UUID) -> list[ForkOf]:
        with self._datastore.get_connection() as conn:
            rows = conn.execute(
                "SELECT fork_id, step, created_at FROM game_forks WHERE origin_id = %s ORDER BY created_at, fork_id",
                (game_id,),
            ).fetchall()
        return [typed(r, ForkOf) for r in rows]

    # ---------------------------------------------------------------- write steps
    @staticmethod
    def insert(row: GameRow) -> Within:
        """A new game's row."""
        return _step(INSERT_GAME, row.params())

    @staticmethod
    def sign(signer: str, origin: UUID, game_id: UUID) -> Within:
        """A signed record's identity, stored with its game (a second one fails the transaction: its key)."""
        return _step(
            "INSERT INTO signed_games (signer, origin, game_id) VALUES (%s, %s, %s)", (signer, origin, game_id)
        )

    @staticmethod
    def take_back_head(game_id: UUID, version: int, moves: int, now: datetime) -> Within:
        """A correction's new head: one correction more (refused if the game was closed meanwhile)."""
        return _step(_TAKE_BACK, (version, moves, now, game_id))

    @staticmethod
    def count_corrections(game_id: UUID, corrections: int) -> Within:
        """A fork's copy holds corrections: its readers fold its line."""
        return _step("UPDATE games SET corrections = %s WHERE id = %s", (corrections, game_id))

    @staticmethod
    def link_fork(fork_id: UUID, origin_id: UUID, step: int, now: datetime) -> Within:
        return _step(
            "INSERT INTO game_forks (fork_id, origin_id, step, created_at) VALUES (%s, %s, %s, %s)",
            (fork_id, origin_id, step, now),
        )

    @staticmethod
    def carry_secrets(fork_id: UUID, games: list[UUID]) -> Within | None:
        """The games whose hidden information a new fork carries (None: none, the column's default)."""
        if not games:
            return None
        return _step("UPDATE games SET secrets_of = %s WHERE id = %s", (games, fork_id))

    @staticmethod
    def mark_voided(game_id: UUID, voided: bool) -> Within:
        return _step("UPDATE games SET voided = %s WHERE id = %s", (voided, game_id))

    @staticmethod
    def mark_abandoned(game_id: UUID) -> Within:
        """Only a live game (else the transaction fails with ``GameClosed``)."""
        return _step(_ABANDON, (game_id,))


def _step(statement: Any, params: tuple[Any, ...]) -> Within:
    """A write step: one statement run in the write's own transaction."""

    def run(cur: Cursor[DictRow]) -> None:
        cur.execute(statement, params)

    return run


def _conditions(where: GameFilter) -> tuple[list[sql.Composable], list[Any]]:
    conditions: list[sql.Composable] = []
    params: list[Any] = []
    if where.handles is not None:
        conditions.append(sql.SQL("handles && %s::text[]"))
        params.append(where.handles)
    if where.kind:
        conditions.append(sql.SQL("kind = %s"))
        params.append(where.kind)
    if where.status:
        conditions.append(sql.SQL("status = %s"))
        params.append(where.status)
    # The expression of the games_by_play_time index (migration 0012).
    if where.since:
        conditions.append(sql.SQL("coalesce(played_at, created_at) >= %s"))
        params.append(where.since)
    if where.until:
        conditions.append(sql.SQL("coalesce(played_at, created_at) < %s"))
        params.append(where.until)
    # The tags' conditions are index-backed (GIN); their values go in as literals quoted by psycopg.
    if where.nothing:
        conditions.append(sql.SQL("false"))
    if where.tags:
        conditions.append(sql.SQL("tags @> {}").format(sql.Literal(Jsonb(where.tags))))
    if where.tags_present:
        conditions.append(sql.SQL("tags ?& {}::text[]").format(sql.Literal(where.tags_present)))
    if where.before is not None:
        conditions.append(sql.SQL("(created_at, id) < (%s, %s)"))
        params.extend(where.before)
    return conditions, params
