"""``GET /health``: is the service up, and can it use its database?"""

from __future__ import annotations

import time
from typing import Literal

import msgspec
from litestar import Response, get
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency

from service.runtime import Runtime


class DatabaseHealth(msgspec.Struct, kw_only=True):
    status: Literal["up", "down"]
    where: str
    embedded: bool
    server_version: str | None = None
    latency_ms: float | None = None
    error: str | None = None


class Health(msgspec.Struct, kw_only=True):
    status: Literal["ok", "degraded"]
    version: str
    database: DatabaseHealth


@get("/health", tags=["service"], summary="Service and database health")
async def health(runtime: NamedDependency[Runtime]) -> Response[Health]:
    from service import __version__

    started = time.perf_counter()
    try:
        await sync_to_thread(runtime.store.ping)
        database = DatabaseHealth(
            status="up",
            where=runtime.params.describe(),
            embedded=runtime.params.embedded,
            server_version=runtime.server_version,
            latency_ms=round((time.perf_counter() - started) * 1000, 2),
        )
    except Exception as exc:  # any failure to reach the database is the answer, not an error
        database = DatabaseHealth(
            status="down",
            where=runtime.params.describe(),
            embedded=runtime.params.embedded,
            error=str(exc).splitlines()[0] if str(exc) else type(exc).__name__,
        )
    ok = database.status == "up"
    return Response(
        Health(status="ok" if ok else "degraded", version=__version__, database=database),
        status_code=200 if ok else 503,
    )
