"""Voiding a game (an admin's decision): it leaves statistics and ratings and takes no more moves; its
events are kept. The decision is an event of the game's admin stream, and the game's row says so in
the same transaction (so a move to a voided game is refused without another query)."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

import msgspec
from psycopg import Cursor
from psycopg.rows import DictRow

from service.games.errors import GameNotFound
from service.keys import ApiKey
from service.refusals import Category, Refusal
from service.store import GameLog, Recorded
from service.store.admin import GameVoided, admin_stream
from service.store.application import VersionConflict


class VoidAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    reason: str
    voided_at: datetime
    position: int


class GameAlreadyVoided(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(Category.CONFLICT, "game_already_voided", f"game {game_id} is already voided")


class GameVoidedRefusal(Refusal):
    """A move to a voided game."""

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.CONFLICT, "game_voided", f"game {game_id} is voided: it takes no more moves", game_id=str(game_id)
        )


def void(store: GameLog, key: ApiKey, game_id: UUID, reason: str) -> VoidAccepted:
    with store.game_recorder.datastore.get_connection() as conn:
        if conn.execute("SELECT 1 FROM games WHERE id = %s", (game_id,)).fetchone() is None:
            raise GameNotFound(game_id)
    stream = admin_stream(game_id)
    if store.version(stream) > 0:
        raise GameAlreadyVoided(game_id)
    now = datetime.now(UTC)
    record = Recorded(
        originator_id=stream,
        originator_version=1,
        event=GameVoided(game_id=game_id, reason=reason, key_id=key.id),
        recorded_at=now,
    )

    def mark(cur: Cursor[DictRow]) -> None:
        cur.execute("UPDATE games SET voided = true WHERE id = %s", (game_id,))

    try:
        [position] = store.append([record], within=mark)
    except VersionConflict:
        raise GameAlreadyVoided(game_id) from None
    return VoidAccepted(game_id=game_id, reason=reason, voided_at=now, position=position)
