"""A write's reply kept under its client's Idempotency-Key: ``Replies`` finds a kept one (a retry),
``keep`` is the write step that keeps one, ``positioned`` says how far the event log went (their SQL:
``service.base.store.idempotency``)."""

from __future__ import annotations

from uuid import UUID

import msgspec

from service.base.refusals import Category, Refusal
from service.base.store.idempotency import IdempotencyKeys
from service.base.store.recorder import Within
from service.games.base import Idempotency, Reply
from service.games.game_rows import GameRows


class IdempotencyKeyReused(Refusal):
    """An Idempotency-Key used before for another request."""

    category = Category.UNPROCESSABLE
    code = "idempotency_key_reused"

    def __init__(self) -> None:
        super().__init__("this Idempotency-Key was already used for a different request")


class _GameRef(msgspec.Struct):
    """The game a stored reply is about (``id`` for creations, ``game_id`` for moves)."""

    id: UUID | None = None
    game_id: UUID | None = None

    def __post_init__(self) -> None:
        self.game_id = self.game_id or self.id


class _StoredReply(msgspec.Struct):
    """A reply's ``headers`` column: ours, or (rows kept before this form) the HTTP headers themselves."""

    version: int | None = None
    locate: UUID | None = None
    etag: str | None = None
    location: str | None = None

    def reply(self, created: bool, body: bytes) -> Reply:
        version = self.version if self.version is not None else int((self.etag or '"0"').strip('W/"'))
        locate = self.locate or (UUID(self.location.rsplit("/", 1)[1]) if self.location else None)
        return Reply(created=created, body=body, version=version, locate=locate)


class Replies:
    def __init__(self, idempotency_keys: IdempotencyKeys, rows: GameRows) -> None:
        self.idempotency_keys = idempotency_keys
        self.rows = rows

    def stored(self, idem: Idempotency | None) -> Reply | None:
        """The answer kept under this Idempotency-Key, if any (a retry); refused for another request."""
        if idem is None:
            return None
        row = self.idempotency_keys.get(idem.key_id, idem.scope, idem.key)
        if row is None:
            return None
        if row.request_hash != idem.request_hash:
            raise IdempotencyKeyReused()
        stored = msgspec.convert(row.headers, _StoredReply)
        # ``status``: 1 created, 0 found (rows kept before this form: the HTTP status, 201 or 200).
        reply = stored.reply(created=row.status in (1, 201), body=bytes(row.body))
        game_id = msgspec.json.decode(reply.body, type=_GameRef).game_id
        return positioned(reply, [self.rows.position(game_id)] if game_id else [])

    def stored_or_raise(self, idem: Idempotency | None, instead: Exception) -> Reply:
        """After a write met a stored one: the stored answer of this Idempotency-Key (a retry stored
        first, in another process), else ``instead``."""
        again = self.stored(idem)
        if again is not None:
            return again
        raise instead


def positioned(reply: Reply, positions: list[int]) -> Reply:
    """Tell the client how far the event log went: reads can wait for projections to get there."""
    if positions:
        reply.position = positions[-1]
    return reply


def keep(idem: Idempotency | None, reply: Reply) -> Within | None:
    """The write step keeping ``reply`` under its Idempotency-Key, in the write's transaction."""
    if idem is None:
        return None
    headers = {"version": reply.version, "locate": str(reply.locate) if reply.locate else None}
    status = 1 if reply.created else 0
    return IdempotencyKeys.put(idem.key_id, idem.scope, idem.key, idem.request_hash, status, reply.body, headers)
