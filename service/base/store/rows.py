"""The rows the store answers, typed: what the use cases read of the ``games`` index, an idempotency key's
kept reply, a fork's links. Each is read by a named statement beside it (``games_table``,
``idempotency``); above the store nothing subscripts a row or names a psycopg type.

A read converts the driver's row into its Struct once; columns a later migration adds are ignored until
a Struct names them.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, Literal, TypeVar
from uuid import UUID

import msgspec

T = TypeVar("T")


class IndexedGame(msgspec.Struct, kw_only=True):
    """A game's row of the ``games`` index (``GamesTable.row``; ``move_row`` reads the columns a move
    needs, the others keep their defaults there)."""

    id: UUID
    kind: str
    owner_key: str
    status: Literal["live", "finished", "abandoned"]
    version: int  # the number of events
    moves: int
    created_at: datetime
    updated_at: datetime
    rules_version: str = ""
    record_id: str | None = None
    record_hash: str | None = None
    players: list[str] = []  # handles as written, by seat
    handles: list[str] = []  # lower-cased, for case-insensitive filters
    played_at: datetime | None = None  # when the game began at the table, if known
    voided: bool = False
    corrections: int = 0  # corrections (undos) on its line
    tags: dict[str, str] = {}
    secrets_of: list[UUID] = []  # the games whose hidden information a fork carries
    sealed: bool = False  # a fork of a game not finished yet (``games_table.SEALED``)
    head: bytes | None = None  # the chain hash of its last event (``chain.Head``; migration 0023)
    lost_from: int | None = None  # the first version a DELETE took from its events (never, normally)


class GameSight(msgspec.Struct, kw_only=True):
    """What deciding who sees a game reads of it (a read model's query reads it beside its own row)."""

    id: UUID
    owner_key: str
    status: str
    sealed: bool = False


class OwnerAndStatus(msgspec.Struct, kw_only=True):
    """What deciding a game's lifecycle reads of it."""

    owner_key: str
    status: str


class KeptReply(msgspec.Struct, kw_only=True):
    """A write's reply kept under an Idempotency-Key (``idempotency_keys``)."""

    request_hash: str
    status: int  # 1 created, 0 found (rows kept before: the HTTP status, 201 or 200)
    body: bytes
    headers: dict[str, Any]


class ForkOrigin(msgspec.Struct, kw_only=True):
    origin_id: UUID
    step: int


class ForkOf(msgspec.Struct, kw_only=True):
    fork_id: UUID
    step: int
    created_at: datetime


def typed(row: Mapping[str, Any], into: type[T]) -> T:
    """A driver's row as its Struct (a ``bytea`` may come as a memoryview: made bytes)."""
    return msgspec.convert(
        {k: bytes(v) if isinstance(v, memoryview) else v for k, v in row.items()}, into, from_attributes=False
    )
