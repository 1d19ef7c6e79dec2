"""One answer for a request body that is not JSON, or JSON with a key twice, whatever the route.

A body sent as another media type (``text/plain``, a form) is refused first, 415
``unsupported_media_type`` (``check_media_type``): every body of this API is JSON, and a body a client
labelled otherwise was not written for it. A body without a ``Content-Type`` is read as JSON (RFC 9110
§8.3 lets a recipient examine the data; ``check_json`` does), so that a bare ``fetch`` or HTTP library
call still works.

Routes decode their bodies in different places (Litestar for a typed ``data``, the use cases for the
raw bytes they hash or stream), and each decoder had its own word for malformed JSON. The app checks
every body once before any of them (``screen_body``): 400 ``invalid_json``, or 400
``duplicate_json_key`` for an object naming a member twice (JSON decoders keep the last silently, so a
client's mistake would be stored as if meant). Bodies are bounded (``BANQUISE_MAX_BODY_BYTES``) and
nested at most ``limits.MAX_NESTING`` deep before they get here.
"""

from __future__ import annotations

from service.base.refusals import Category, Refusal
from service.games import limits
from service.games.decoding import InvalidJson
from service.games.limits import DuplicateJsonKey, JsonTooDeep


class BodyTooLarge(Refusal):
    """A body larger than BANQUISE_MAX_BODY_BYTES (a route taking files says its own bound)."""

    category = Category.TOO_LARGE
    code = "body_too_large"

    def __init__(self, detail: str) -> None:
        super().__init__(detail)


class UnsupportedMediaType(Refusal):
    """A body sent as another media type than JSON (application/json or +json; a body without Content-Type
    is read as JSON)."""

    category = Category.UNSUPPORTED
    code = "unsupported_media_type"

    def __init__(self, content_type: str) -> None:
        super().__init__(
            f"a request body is JSON, sent as Content-Type: application/json, not {content_type!r}",
            title="Unsupported media type",
        )


# What is checked of every JSON body before its route: JSON, sent as JSON, no member named twice, not
# nested deeper than any request needs.
JSON_BODY = (InvalidJson, UnsupportedMediaType, DuplicateJsonKey, JsonTooDeep)


def check_media_type(content_type: str | None) -> None:
    """Refuse a body whose ``Content-Type`` is not JSON: ``application/json`` or a ``+json`` type
    (``application/merge-patch+json``), with any parameters; none at all is read as JSON."""
    if content_type is None:
        return
    media = content_type.partition(";")[0].strip().lower()
    kind, _, subtype = media.partition("/")
    if kind == "application" and (subtype == "json" or subtype.endswith("+json")):
        return
    raise UnsupportedMediaType(content_type)


def check_json(body: bytes) -> None:
    """Refuse ``body`` unless it is one well-formed JSON document whose objects name each member once
    (``limits.check_json``: 400 ``invalid_json``, ``duplicate_json_key``, ``json_too_deep``)."""
    limits.check_json(body)
