"""Decode errors that say how to fix the body, not only where msgspec stopped.

msgspec reports ``Invalid value 'Nope' - at `$.move.type``` for an unknown move type and
``Object contains unknown field `type``` for a move sent without its ``{"move": …}`` wrapper. Both
are the commonest mistakes of a new recorder: the answer lists the move types of the game, or shows
the wrapper.
"""

from __future__ import annotations

import re
import typing
from typing import Any

import msgspec

from service.base.refusals import Category, Refusal
from service.base.store.kinds import Kind

_BAD_TAG = re.compile(r"Invalid value '(?P<value>[^']*)' - at `(?P<path>\$[^`]*\.type)`")


def decode_error(
    exc: msgspec.MsgspecError, what: str, *, body: bytes = b"", kind: Kind | None = None, wrapped_at: str = ""
) -> Refusal:
    if isinstance(exc, msgspec.ValidationError):
        extra = hint(exc, body, kind.rules.move_type, wrapped_at=wrapped_at) if kind is not None else {}
        sentence = extra.pop("sentence", None)
        detail = f"{what}: {exc}" + (f": {sentence}" if sentence else "")
        return InvalidRequest(detail, **extra)
    return InvalidJson(f"{what} is not valid JSON: {exc}")


class InvalidRequest(Refusal):
    """A body that does not decode to what the endpoint takes: wrong types, unknown fields, a move of no type
    the kind has (``valid_types`` lists them)."""

    category = Category.INVALID
    code = "invalid_request"

    def __init__(self, detail: str, **extra: Any) -> None:
        super().__init__(detail, title="Invalid request", **extra)


class InvalidJson(Refusal):
    """A body that is not JSON."""

    category = Category.INVALID
    code = "invalid_json"

    def __init__(self, detail: str) -> None:
        super().__init__(detail, title="Malformed JSON")


# A body decoded to what the use case takes.
DECODING = (InvalidJson, InvalidRequest)


def move_types(move_type: Any) -> list[str]:
    """The ``type`` tags of a game's move union, in declaration order."""
    members = typing.get_args(move_type) or (move_type,)
    return [str(m.__struct_config__.tag) for m in members if getattr(m, "__struct_config__", None)]


def hint(exc: msgspec.ValidationError, body: bytes, move_type: Any, *, wrapped_at: str) -> dict[str, Any]:
    """Extra problem members, and a sentence for the detail, for a body that failed to decode.

    ``wrapped_at`` names where a move lives in this body (``$`` for a move: ``{"move": …}``).
    """
    message = str(exc)
    if found := _BAD_TAG.search(message):
        valid = move_types(move_type)
        return {
            "sentence": f"{found['value']!r} is not a move type of this game; valid types: {', '.join(valid)}",
            "valid_types": valid,
        }
    if wrapped_at == "$" and message.startswith("Object contains unknown field") and "- at" not in message:
        try:
            top = msgspec.json.decode(body)
        except msgspec.DecodeError:
            return {}
        if isinstance(top, dict) and "type" in top and "move" not in top:
            return {
                "sentence": (
                    'a move is sent wrapped: {"move": {"type": …}, "at": "<time played, optional>", '
                    '"comment": "<optional>"}'
                )
            }
    return {}
