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

from service.base.store.failures import reason
from service.http.errors import RETRY_AFTER_SECONDS
from service.runtime import Runtime

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


class ReplicaHealth(msgspec.Struct, kw_only=True):
    # up: reads of the read models go to it; lagging (behind by more than BANQUISE_REPLICA_MAX_LAG) or
    # down: they go to the primary until it recovers.
    status: Literal["up", "lagging", "down"]
    where: str
    replay_lsn: str | None = None
    lag_seconds: float | None = None
    error: str | None = None
    reads: int  # answered by the replica since the process started
    fallbacks: dict[str, int]  # answered by the primary instead, by reason (lag, lagging, down, conflict, error)


class Health(msgspec.Struct, kw_only=True):
    status: Literal["ok", "degraded"]
    version: str
    database: DatabaseHealth
    projections: ProjectionsHealth | None = None  # None when the database is down
    replica: ReplicaHealth | None = None  # None without DATABASE_READ_URL
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
    replica = None
    if runtime.replica is not None:
        # The monitor's last look (taken every 0.25 s): no round trip here.
        replica = msgspec.convert(msgspec.to_builtins(runtime.replica.state()), ReplicaHealth)
    # Quarantined games, or a replica out of use, degrade the service, not stop it: still 200 (a load
    # balancer keeps it; reads go to the primary).
    degraded = (
        not ok
        or (projections is not None and projections.status == "degraded")
        or (replica is not None and replica.status != "up")
    )
    return Response(
        Health(
            status="degraded" if degraded else "ok",
            version=__version__,
            database=database,
            projections=projections,
            replica=replica,
            process=os.getpid(),
        ),
        status_code=200 if ok else 503,
        headers=None if ok else {"retry-after": str(RETRY_AFTER_SECONDS)},
    )
