"""The game kinds the service knows: each one's rules and the codec of its stored states (snapshots).

The decoders of what clients send (new games, moves, records) belong to the use cases
(``service.games.codecs``); here is only what storage and the read models need.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime, time
from decimal import Decimal
from functools import cached_property
from typing import Any
from uuid import UUID

import msgspec

from domain.game import GameRules
from domain.kinds import registered_games


@dataclass(eq=False)
class Kind:
    """One game kind: its rules and the cached msgspec codec of its states."""

    rules: GameRules
    name: str = field(init=False)

    def __post_init__(self) -> None:
        self.name = self.rules.kind

    @cached_property
    def state_type(self) -> type[Any]:
        return type(self.rules.initial_state())

    @cached_property
    def snapshot_decoder(self) -> msgspec.msgpack.Decoder[Any]:
        return msgspec.msgpack.Decoder(self.state_type)

    @cached_property
    def _wide_snapshot_decoder(self) -> msgspec.msgpack.Decoder[Any]:
        # Reads the integers that encode_snapshot wrote as strings (strict=False parses "123" as an int).
        return msgspec.msgpack.Decoder(self.state_type, strict=False)

    def decode_snapshot(self, data: bytes) -> Any:
        """A state written by :func:`encode_snapshot` (either form)."""
        try:
            return self.snapshot_decoder.decode(data)
        except msgspec.ValidationError:
            return self._wide_snapshot_decoder.decode(data)


_snapshot_encoder = msgspec.msgpack.Encoder()

# msgpack integers are 64-bit. Games stored before the edge bounded seeds (e.g. a seed of 2**64) hold
# wider ones: their states are written with those integers as strings, read back by decode_snapshot.
_MSGPACK_INTS = range(-(2**63), 2**64)
_NATIVE = (bytes, bytearray, memoryview, datetime, date, time, UUID, Decimal)


def _widen(value: Any) -> Any:
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value if value in _MSGPACK_INTS else str(value)
    if isinstance(value, dict):
        return {k: _widen(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_widen(v) for v in value]
    return value


def encode_snapshot(state: Any) -> bytes:
    try:
        return _snapshot_encoder.encode(state)
    except OverflowError:
        return _snapshot_encoder.encode(_widen(msgspec.to_builtins(state, builtin_types=_NATIVE)))


class Registry:
    def __init__(self, kinds: list[Kind]) -> None:
        self._kinds = {k.name: k for k in kinds}

    @classmethod
    def default(cls) -> Registry:
        """Every game kind registered now (``domain.kinds``), in the order they are offered."""
        return cls([Kind(plugin.rules) for plugin in registered_games()])

    def get(self, name: str) -> Kind | None:
        return self._kinds.get(name)

    def names(self) -> list[str]:
        return list(self._kinds)

    def __iter__(self) -> Iterator[Kind]:
        return iter(self._kinds.values())
