"""Conditional GETs: an ETag computed from the body, and ``304 Not Modified`` when the client has it.

Used on what does not change once written — a replay step, a record, a timeline of a finished game
(every step of a live game too, until the game finishes and its hidden information is revealed).
The tag is the body's digest rather than the game's version: what a reader sees depends on who
asks (hidden information), and two different bodies must never share a tag. It is weak (``W/``)
because the bytes on the wire may be gzipped while the representation is the same.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec
from litestar import Request, Response
from litestar.status_codes import HTTP_304_NOT_MODIFIED

_json = msgspec.json.Encoder()
# A shared cache must not hand one reader's view to another, nor one language's timeline to another.
VARY = "Authorization, Accept-Language"


def etag_of(body: bytes) -> str:
    return 'W/"' + hashlib.sha256(body).hexdigest()[:32] + '"'


def matches(if_none_match: str | None, etag: str) -> bool:
    """RFC 9110 §13.1.2: weak comparison against each listed tag, or ``*``."""
    if not if_none_match:
        return False
    opaque = etag.removeprefix("W/")
    for candidate in if_none_match.split(","):
        candidate = candidate.strip()
        if candidate == "*" or candidate.removeprefix("W/") == opaque:
            return True
    return False


def conditional(request: Request[Any, Any, Any], value: Any) -> Response[Any]:
    """``value`` as JSON with its ETag, or an empty 304 when ``If-None-Match`` already names it."""
    return conditional_body(request, _json.encode(value))


def conditional_body(request: Request[Any, Any, Any], body: bytes) -> Response[Any]:
    """The same for a body already encoded as JSON."""
    etag = etag_of(body)
    headers = {"etag": etag, "vary": VARY}
    if matches(request.headers.get("if-none-match"), etag):
        return Response(content=b"", status_code=HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(content=body, media_type="application/json", headers=headers)
