"""Plays brought in from other apps (BG Stats backups, BGG plays): result-only games. Each is one event,
``PlayImported``, the whole of its own stream (the play's Banquise id, version 1), stored with its row of
``imported_plays`` in the same transaction. The read models fold the event as a finished game (results,
no moves); the row answers the use cases (is this id an imported play, which of a file's plays are here
already, a filter's plays for an export) and keeps the play's provenance.

A play's Banquise id is derived from where it came from (``imported_id``: its app and its id there), so
the same play imported twice is the same stream: a second import of a file, or of a later backup, adds
only what is new, and two imports racing for one play store it once (the events' primary key).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

import msgspec
from psycopg import Cursor, sql
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from domain.players import handle_key
from service.base.store.games_table import GameFilter
from service.base.store.recorder import Within
from service.base.store.rows import typed

if TYPE_CHECKING:
    from service.base.store.application import GameLog

# Fixed forever: an imported play's id is derived from its app and its id there with it.
NAMESPACE = UUID("0b4f6b1e-7a52-5c1d-9e3a-6d2c8f1a4b70")


def imported_id(source: str, source_id: str) -> UUID:
    """The Banquise id of the play ``source_id`` of app ``source`` (BG Stats uuids in any case)."""
    return uuid5(NAMESPACE, f"{source}:{source_id.lower()}")


class PlayImported(msgspec.Struct, frozen=True, kw_only=True):
    """A finished play of kind ``kind`` brought in from another app: who sat where, their scores and
    ranks (1: a winner), who started, when and where it was played, and where it came from."""

    game_id: UUID
    kind: str
    players: list[str]  # handles as written, by seat
    scores: list[int]
    ranks: list[int]
    start_seat: int | None
    played_at: datetime  # its start at the table (UTC)
    duration_min: int | None
    location: str | None
    source: str  # "bgstats" | "bgg"
    source_id: str  # the play's id in its app, as the file wrote it
    file: str  # the file's name, as the importer gave it
    import_id: UUID
    key_id: str
    tags: dict[str, str] = {}

    def finished_at(self) -> datetime:
        """Its end at the table: its start and its length."""
        return self.played_at + timedelta(minutes=self.duration_min or 0)


_COLUMNS = (
    "game_id",
    "kind",
    "source",
    "source_id",
    "file",
    "import_id",
    "owner_key",
    "players",
    "handles",
    "scores",
    "ranks",
    "start_seat",
    "played_at",
    "duration_min",
    "location",
    "tags",
    "created_at",
)


class ImportedPlay(msgspec.Struct, kw_only=True):
    """A row of ``imported_plays``."""

    game_id: UUID
    kind: str
    source: str
    source_id: str
    file: str
    import_id: UUID
    owner_key: str
    players: list[str]
    handles: list[str]
    scores: list[int]
    ranks: list[int]
    start_seat: int | None
    played_at: datetime
    duration_min: int | None
    location: str | None
    tags: dict[str, str]
    created_at: datetime


class ImportedPlays:
    """The ``imported_plays`` rows of one store."""

    def __init__(self, store: GameLog) -> None:
        self._datastore = store.game_recorder.datastore

    def row(self, game_id: UUID) -> ImportedPlay | None:
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT * FROM imported_plays WHERE game_id = %s", (game_id,)).fetchone()
        return None if row is None else typed(row, ImportedPlay)

    def present(self, game_ids: Sequence[UUID]) -> set[UUID]:
        """Which of ``game_ids`` are imported plays already."""
        if not game_ids:
            return set()
        with self._datastore.get_connection() as conn:
            rows = conn.execute(
                "SELECT game_id FROM imported_plays WHERE game_id = ANY(%s)", (list(game_ids),)
            ).fetchall()
        return {r["game_id"] for r in rows}

    def games_between(self, start: datetime, end: datetime) -> list[UUID]:
        """Every game, recorded or imported, that started at the table between ``start`` and ``end``
        (Banquise's own plays coming back in a file are recognised by their derived ids)."""
        with self._datastore.get_connection() as conn:
            rows = conn.execute(
                "SELECT id FROM games WHERE coalesce(played_at, created_at) BETWEEN %s AND %s "
                "UNION ALL SELECT game_id FROM imported_plays WHERE played_at BETWEEN %s AND %s",
                (start, end, start, end),
            ).fetchall()
        return [r["id"] for r in rows]

    def existing(self, game_ids: Sequence[UUID]) -> set[UUID]:
        """Which of ``game_ids`` are games here, recorded or imported."""
        if not game_ids:
            return set()
        with self._datastore.get_connection() as conn:
            rows = conn.execute(
                "SELECT id FROM games WHERE id = ANY(%s) UNION ALL "
                "SELECT game_id FROM imported_plays WHERE game_id = ANY(%s)",
                (list(game_ids), list(game_ids)),
            ).fetchall()
        return {r["id"] for r in rows}

    def known_handles(self, keys: Sequence[str]) -> set[str]:
        """Which of the handle keys ``keys`` sat at a game here (recorded or imported), or are an alias."""
        if not keys:
            return set()
        with self._datastore.get_connection() as conn:
            rows = conn.execute(
                "SELECT k FROM unnest(%s::text[]) AS k WHERE "
                "EXISTS (SELECT 1 FROM games WHERE handles @> ARRAY[k]) OR "
                "EXISTS (SELECT 1 FROM imported_plays WHERE handles @> ARRAY[k])",
                (list(keys),),
            ).fetchall()
        return {r["k"] for r in rows}

    def matching(self, where: GameFilter, limit: int) -> list[ImportedPlay]:
        """The imported plays a filter of ``GET /games`` finds (its status aside: every one is finished),
        oldest first, at most ``limit``."""
        conditions, params = _conditions(where)
        query: sql.Composable = sql.SQL("SELECT * FROM imported_plays")
        if conditions:
            query += sql.SQL(" WHERE ") + sql.SQL(" AND ").join(conditions)
        query += sql.SQL(" ORDER BY played_at, game_id LIMIT %s")
        with self._datastore.get_connection() as conn:
            return [typed(r, ImportedPlay) for r in conn.execute(query, [*params, limit]).fetchall()]

    @staticmethod
    def insert(plays: Sequence[PlayImported], owner_key: str, at: datetime) -> Within:
        """The plays' rows, in the transaction of their events."""
        rows = [
            (
                p.game_id,
                p.kind,
                p.source,
                p.source_id,
                p.file,
                p.import_id,
                owner_key,
                p.players,
                [handle_key(name) for name in p.players],
                p.scores,
                p.ranks,
                p.start_seat,
                p.played_at,
                p.duration_min,
                p.location,
                Jsonb(p.tags),
                at,
            )
            for p in plays
        ]
        statement = sql.SQL("INSERT INTO imported_plays ({}) VALUES ({})").format(
            sql.SQL(", ").join(map(sql.Identifier, _COLUMNS)), sql.SQL(", ").join(sql.Placeholder() * len(_COLUMNS))
        )

        def run(cur: Cursor[DictRow]) -> None:
            cur.executemany(statement, rows)

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
    if where.status and where.status != "finished":
        conditions.append(sql.SQL("false"))
    if where.since:
        conditions.append(sql.SQL("played_at >= %s"))
        params.append(where.since)
    if where.until:
        conditions.append(sql.SQL("played_at < %s"))
        params.append(where.until)
    if where.nothing:
        conditions.append(sql.SQL("false"))
    if where.tags:
        conditions.append(sql.SQL("tags @> {}").format(sql.Literal(Jsonb(where.tags))))
    if where.tags_present:
        conditions.append(sql.SQL("tags ?& {}::text[]").format(sql.Literal(where.tags_present)))
    return conditions, params
