"""Page cursors: opaque to clients, a base64url JSON value to us (one codec for every paged list)."""

from __future__ import annotations

import base64
from datetime import UTC, datetime
from typing import Any

import msgspec

_json = msgspec.json.Encoder()
_INT64 = range(-(2**63), 2**63)


class InvalidCursor(ValueError):
    """The text is not a cursor this service made (or one made for another list)."""


def encode(value: Any) -> str:
    return base64.urlsafe_b64encode(_json.encode(value)).decode().rstrip("=")


def decode(text: str, type_: Any) -> Any:
    """The value ``encode`` made, as ``type_``; :class:`InvalidCursor` for anything else.

    A cursor comes back from the client, so it is input like any other: every string in it must be
    storable text, every integer a PostgreSQL bigint and every time one Python holds in UTC, or the query
    it feeds would fail on the server.
    """
    try:
        raw = base64.urlsafe_b64decode(text.encode("ascii") + b"=" * (-len(text) % 4))
        value = msgspec.json.decode(raw, type=type_)
    except (ValueError, msgspec.MsgspecError) as exc:
        raise InvalidCursor("this cursor was not made by this API") from exc
    _check(value)
    return value


def _check(value: Any) -> None:
    if isinstance(value, str):
        if not value.isprintable():
            raise InvalidCursor("this cursor was not made by this API")
    elif isinstance(value, bool):
        return
    elif isinstance(value, int):
        if value not in _INT64:
            raise InvalidCursor("this cursor was not made by this API")
    elif isinstance(value, datetime):
        # The cursor's own times are the server's clock: one PostgreSQL and Python both hold in UTC.
        try:
            value.astimezone(UTC)
        except OverflowError:
            raise InvalidCursor("this cursor was not made by this API") from None
        if value.tzinfo is None:
            raise InvalidCursor("this cursor was not made by this API")
    elif isinstance(value, tuple | list):
        for item in value:
            _check(item)
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            _check(getattr(value, field))
