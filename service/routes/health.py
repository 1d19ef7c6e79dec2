"""``GET /health``: is the service up, and can it use its database?"""

from __future__ import annotations

import asyncio
import time
from typing import Literal

import anyio.to_thread
import msgspec
from litestar import Response, get
from litestar.di import NamedDependency

from service.errors import RETRY_AFTER_SECONDS
from service.runtime import Runtime
from service.store.failures import reason

# /health answers within a second in every state: a stalled database is "down" after this long.
PING_TIMEOUT = 0.8


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
        # The thread is abandoned if the ping overruns (the pool's watchdog frees its connection later).
        await asyncio.wait_for(
            anyio.to_thread.run_sync(runtime.store.ping, PING_TIMEOUT, abandon_on_cancel=True), PING_TIMEOUT + 0.1
        )
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
            error=f"no answer within {PING_TIMEOUT} s" if isinstance(exc, TimeoutError) else reason(exc),
        )
    ok = database.status == "up"
    return Response(
        Health(status="ok" if ok else "degraded", version=__version__, database=database),
        status_code=200 if ok else 503,
        headers=None if ok else {"retry-after": str(RETRY_AFTER_SECONDS)},
    )
