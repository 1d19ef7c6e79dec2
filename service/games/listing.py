"""``GET /games``: filters and keyset pagination over the games index."""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast
from uuid import UUID

import msgspec
from psycopg import sql

from domain.game import PlayerResult
from service.games import playtime, renaming
from service.games import tags as tag_filters
from service.games.schemas import GamePage
from service.games.service import GameService
from service.refusals import Category, Refusal
from service.store import cursors

MAX_LIMIT = 200


def list_games(
    service: GameService,
    *,
    player: str | None = None,
    kind: str | None = None,
    status: str | None = None,
    since: datetime | None = None,
    until: datetime | None = None,
    limit: int = 50,
    cursor: str | None = None,
    tags: list[str] | None = None,
) -> GamePage:
    """Newest recorded first. ``player`` matches a handle case-insensitively; ``since``/``until`` bound
    the game's start at the table (inclusive/exclusive): its ``started_at``, else its first move's
    ``at``, else — a game recorded without any time — when it was stored (``playtime.started_at``).
    The order, and so the cursors, stay those of the recording time: a filter never moves a cursor."""
    where: list[sql.Composable] = []
    params: list[Any] = []
    if player:
        # Renamed or merged handles included (service/games/renaming.py).
        where.append(sql.SQL("handles && %s::text[]"))
        params.append(renaming.handles_of(service.store, player))
    if kind:
        service.kind(kind)  # an unknown kind is an error (422, with the known ones), not an empty page
        where.append(sql.SQL("kind = %s"))
        params.append(kind)
    if status:
        where.append(sql.SQL("status = %s"))
        params.append(status)
    # The expression of the games_by_play_time index (migration 0012).
    if since:
        where.append(sql.SQL("coalesce(played_at, created_at) >= %s"))
        params.append(since)
    if until:
        where.append(sql.SQL("coalesce(played_at, created_at) < %s"))
        params.append(until)
    if tags:
        where.extend(tag_filters.where(tag_filters.parse(tags)))
    if cursor:
        after = decode_cursor(cursor)
        where.append(sql.SQL("(created_at, id) < (%s, %s)"))
        params.extend([after.created_at, after.id])
    query: sql.Composable = sql.SQL("SELECT * FROM games")
    if where:
        query += sql.SQL(" WHERE ") + sql.SQL(" AND ").join(where)
    query += sql.SQL(" ORDER BY created_at DESC, id DESC LIMIT %s")
    params.append(limit + 1)
    recorder = service.store.game_recorder
    with recorder.datastore.get_connection() as conn:
        rows = [dict(r) for r in conn.execute(query, params).fetchall()]
        more = len(rows) > limit
        rows = rows[:limit]
        finished_at = playtime.finish_times(conn, recorder.events_table_name, rows)
    return GamePage(
        items=[GameService.summary_of(r, _final_results(service, r), finished_at.get(r["id"])) for r in rows],
        next_cursor=encode_cursor(rows[-1]["created_at"], rows[-1]["id"]) if more and rows else None,
    )


def _final_results(service: GameService, row: dict[str, Any]) -> list[PlayerResult] | None:
    """A finished game's results (public: the game is over); a live game's scores are left to its
    summary, where the caller's sight decides what they show."""
    if row["status"] != "finished":
        return None
    kind = service.kind(row["kind"])
    _, state = service.states.current(kind, row["id"], known=row["version"])
    return kind.rules.results(state)


class Cursor_(msgspec.Struct, array_like=True):
    created_at: datetime
    id: UUID


def encode_cursor(created_at: datetime, game_id: UUID) -> str:
    return cursors.encode(Cursor_(created_at, game_id))


def decode_cursor(text: str) -> Cursor_:
    try:
        return cast(Cursor_, cursors.decode(text, Cursor_))
    except cursors.InvalidCursor as exc:
        raise Refusal(Category.INVALID, "invalid_cursor", str(exc)) from exc
