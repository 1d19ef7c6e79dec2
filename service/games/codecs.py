"""Decoders of what clients send for a game kind: a new game, a move, a record (cached per kind); an exported
record typed as the kind's (``typed_record``)."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from service.base.store.kinds import Kind
from service.games.record_format import GameRecord, NewGame, RecordedMove


@cache
def new_game(kind: Kind) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(NewGame[kind.rules.setup_type])  # type: ignore[name-defined]


@cache
def move(kind: Kind) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(RecordedMove[kind.rules.move_type])  # type: ignore[name-defined]


@cache
def record(kind: Kind) -> msgspec.json.Decoder[Any]:
    return msgspec.json.Decoder(GameRecord[kind.rules.setup_type, kind.rules.move_type])  # type: ignore[name-defined]


_encoder = msgspec.json.Encoder()


def typed_record(kind: Kind, document: dict[str, Any]) -> GameRecord[Any, Any]:
    """An exported record (``GameRecords.record_of``'s plain JSON values) as the kind's typed record: the
    setup and moves decoded as the kind's, times as datetimes, as an import reads it."""
    typed: GameRecord[Any, Any] = record(kind).decode(_encoder.encode(document))
    return typed
