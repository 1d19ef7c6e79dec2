"""``GET /games``: filters and keyset pagination over the games index."""

from __future__ import annotations

from datetime import datetime
from typing import cast
from uuid import UUID

import msgspec

from domain.game import PlayerResult
from service.base.refusals import InvalidCursor, refuses
from service.base.store import cursors
from service.base.store.games_table import GameFilter, GamesTable
from service.base.store.rows import IndexedGame
from service.games import limits
from service.games import tags as tag_filters
from service.games.kind_lookup import KindLookup, UnknownGameKind
from service.games.limits import TimeOutOfRange
from service.games.reading import GameReader
from service.games.renaming import Handles
from service.games.schemas import GamePage
from service.games.sight import public
from service.games.states import States
from service.games.tags import InvalidTagFilter

MAX_LIMIT = 200


class Listing:
    """``GET /games``."""

    def __init__(self, *, states: States, games_table: GamesTable, kinds: KindLookup, handles: Handles) -> None:
        self.states = states
        self.games_table = games_table
        self.kinds = kinds
        self.handles = handles

    @refuses(InvalidCursor, InvalidTagFilter, TimeOutOfRange, UnknownGameKind)
    def list_games(
        self,
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
        where = self.filter(player=player, kind=kind, status=status, since=since, until=until, tags=tags)
        if cursor:
            after = decode_cursor(cursor)
            where.before = (after.created_at, after.id)
        rows, more, finished_at = self.games_table.page(where, limit)
        return GamePage(
            items=[GameReader.summary_of(r, self._final_results(r), finished_at.get(r.id)) for r in rows],
            next_cursor=encode_cursor(rows[-1].created_at, rows[-1].id) if more and rows else None,
        )

    def filter(
        self,
        *,
        player: str | None = None,
        kind: str | None = None,
        status: str | None = None,
        since: datetime | None = None,
        until: datetime | None = None,
        tags: list[str] | None = None,
    ) -> GameFilter:
        """``GET /games``' filters as the index's conditions (the exports take the same ones)."""
        where = GameFilter()
        if player:
            # Renamed or merged handles included (service/games/renaming.py).
            where.handles = self.handles.handles_of(player)
        if kind:
            self.kinds.get(kind)  # an unknown kind is an error (422, with the known ones), not an empty page
            where.kind = kind
        where.status = status or None
        where.since, where.until = limits.check_time("since", since), limits.check_time("until", until)
        if tags:
            wanted = tag_filters.parse(tags)
            where.nothing, where.tags, where.tags_present = wanted.contradictory, wanted.values, wanted.present
        return where

    def _final_results(self, row: IndexedGame) -> list[PlayerResult] | None:
        """A public game's results (the game is over); a live game's scores, and a sealed fork's, are left
        to its summary, where the caller's sight decides what they show."""
        if not public(row):
            return None
        kind = self.kinds.get(row.kind)
        _, state = self.states.current(kind, row.id, known=row.version)
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
        raise InvalidCursor(str(exc)) from exc
