"""``GET /health/ping``: a constant answer that touches nothing (no database, no thread).

A liveness probe for load balancers, and the hello-world baseline of ``make bench``: it goes through
the same server, middleware and app as every other route, and does nothing else.
"""

from __future__ import annotations

from litestar import Response, get

_PONG = b'{"ping":"pong"}'


@get("/health/ping", include_in_schema=False, sync_to_thread=False)
def ping() -> Response[bytes]:
    return Response(_PONG, media_type="application/json")
