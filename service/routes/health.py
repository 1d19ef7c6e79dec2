"""``GET /health``: is the service up, and can it use its database?"""

from __future__ import annotations

import asyncio
import os
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


class ProjectionsHealth(msgspec.Struct, kw_only=True):
    # degraded: some games are quarantined (their read models stop at the failing event; every other
    # game goes on). `banquise projections status` names them, `banquise projections retry` retries them.
    status: Literal["ok", "degraded"]
    position: int  # the lowest projection position (a notification id)
    quarantined: int


class Health(msgspec.Struct, kw_only=True):
    status: Literal["ok", "degraded"]
    version: str
    database: DatabaseHealth
    projections: ProjectionsHealth | None = None  # None when the database is down
    # The id of the process that answered: with ``banquise serve --workers N``, which of them.
    process: int = 0


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
    projections = None
    if ok:
        try:
            # Bounded like the ping: /health answers within a second in every state.
            position, quarantined = await asyncio.wait_for(
                anyio.to_thread.run_sync(runtime.read_models.health, abandon_on_cancel=True), PING_TIMEOUT
            )
            projections = ProjectionsHealth(
                status="degraded" if quarantined else "ok", position=position, quarantined=quarantined
            )
        except Exception as exc:  # the answer, not an error (the database went away in between)
            error = f"no answer within {PING_TIMEOUT} s" if isinstance(exc, TimeoutError) else reason(exc)
            database = msgspec.structs.replace(database, status="down", error=error)
            ok = False
    # Quarantined games degrade the read models, not the service: still 200 (a load balancer keeps it).
    degraded = not ok or (projections is not None and projections.status == "degraded")
    return Response(
        Health(
            status="degraded" if degraded else "ok",
            version=__version__,
            database=database,
            projections=projections,
            process=os.getpid(),
        ),
        status_code=200 if ok else 503,
        headers=None if ok else {"retry-after": str(RETRY_AFTER_SECONDS)},
    )
