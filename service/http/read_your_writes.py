"""Read your writes: a read of the read models waits until they have applied the event log up to the
position a write returned (``min_position``), at most ``WAIT_SECONDS``, then answers
``503 projection_lagging`` rather than stale data.

With a streaming replica (``DATABASE_READ_URL``) the read models are read from it: a write's answer also
carries the primary's WAL position (``X-Banquise-LSN``); a read waits, at most ``replica_max_lag``
seconds, until the replica has replayed past ``min_lsn`` and its copy of the read models has reached
``min_position``, then falls back to the primary (counted, and the read still correct). A replica that is
unreachable or lagging is bypassed until it recovers (``service/base/store/replica.py``).
"""

from __future__ import annotations

import contextvars
import logging
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, TypeVar
from uuid import UUID

import anyio
from litestar import Litestar
from litestar.concurrency import sync_to_thread
from litestar.datastructures import MutableScopeHeaders
from litestar.params import QueryParameter
from litestar.types import Message, Receive, Scope, Send

from service.base.asgi import HttpMiddleware
from service.base.refusals import Category, Refusal
from service.base.store.failures import is_retryable, is_unavailable
from service.base.store.replica import Replica, format_lsn, parse_lsn
from service.http.headers import LSN_HEADER, POSITION_HEADER, READ_FROM_HEADER
from service.runtime import Runtime

if TYPE_CHECKING:
    from projections.queries import ReadModels

log = logging.getLogger("banquise.replica")

WAIT_SECONDS = 5.0
MinPosition = Annotated[
    int | None,
    QueryParameter(
        ge=0,
        description=(
            "Read your writes: wait (at most 5 s) until the projections have applied the event log up to "
            "this position (the X-Banquise-Position header of a write); 503 projection_lagging otherwise."
        ),
    ),
]
MinLsn = Annotated[
    str | None,
    QueryParameter(
        pattern=r"^[0-9A-Fa-f]{1,8}/[0-9A-Fa-f]{1,8}$",
        description=(
            "With a read replica: read from it only once it has replayed the primary's WAL up to this position "
            "(the X-Banquise-LSN header of a write, e.g. 0/1A2B3C4D); after a bounded wait the read is "
            "answered by the primary. Without a replica every read is already past it."
        ),
    ),
]


class ProjectionLagging(Refusal):
    """A read asked for a position the read models have not reached in the time it may wait."""

    category = Category.UNAVAILABLE
    code = "projection_lagging"

    def __init__(self, position: int, min_position: int) -> None:
        super().__init__(
            f"the projections are at position {position}, not yet at {min_position}; retry shortly",
            title="Projections lagging",
            position=position,
            min_position=min_position,
        )


class UnknownPosition(Refusal):
    """A ``min_position`` past the end of the event log: no write returned it."""

    category = Category.UNPROCESSABLE
    code = "unknown_position"

    def __init__(self, written: int, min_position: int) -> None:
        super().__init__(
            f"the event log ends at position {written}; min_position {min_position} was never returned by a write",
            position=written,
        )


async def wait_for_projections(runtime: Runtime, min_position: int | None, timeout: float = WAIT_SECONDS) -> None:
    if not min_position:
        return
    deadline = time.monotonic() + timeout
    read_models = runtime.read_models
    await check_position(runtime, min_position)
    while True:
        if await sync_to_thread(read_models.reached, min_position):
            return
        if time.monotonic() >= deadline:
            raise ProjectionLagging(await sync_to_thread(read_models.position), min_position)
        await anyio.sleep(0.05)


async def check_position(runtime: Runtime, min_position: int) -> None:
    written = await sync_to_thread(runtime.store.max_notification_id)
    if min_position > written:
        # No write has reached that position: waiting could never succeed, so it is the client's error.
        raise UnknownPosition(written, min_position)


T = TypeVar("T")

# Where this request's reads of the read models were answered (a list shared by the request's contexts).
_read_from: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("banquise_read_from", default=None)


def _answered_by(source: str) -> None:
    found = _read_from.get()
    if found is not None:
        found.append(source)


async def read_projection(
    runtime: Runtime, min_position: int | None, read: Callable[[ReadModels], T], min_lsn: str | None = None
) -> T:
    """``read`` run on the read models: the replica's when it is usable and has caught up with the read's
    positions in time, else the primary's (after today's wait for the projections)."""
    replica = runtime.replica
    if replica is None:
        await wait_for_projections(runtime, min_position)
        return await sync_to_thread(read, runtime.read_models)
    if replica.status != "up":
        replica.fell_back("down" if replica.status == "down" else "lagging")
    else:
        try:
            caught_up = await _wait_for_replica(runtime, replica, min_position, parse_lsn(min_lsn) if min_lsn else 0)
            if caught_up:
                try:
                    result = await _on_replica(read, runtime.replica_models)
                except Refusal:  # answered there all the same (an unknown player is unknown on both)
                    replica.served()
                    _answered_by("replica")
                    raise
                replica.served()
                _answered_by("replica")
                return result
            replica.fell_back("lag")
        except _ReplicaFailed as failure:
            if is_retryable(failure.cause):
                # Cancelled by the replay of a conflicting change (a vacuum on the primary): the replica is
                # fine, this one read is answered by the primary.
                replica.fell_back("conflict")
            elif is_unavailable(failure.cause):
                log.warning("replica unreachable: answered by the primary", extra={"fields": {"error": str(failure)}})
                replica.failed(failure.cause)
            else:
                # Not the replica's state but its content or ours: the primary answers (or fails the same way).
                log.error("replica read failed: answered by the primary", exc_info=failure.cause)
                replica.fell_back("error")
    await wait_for_projections(runtime, min_position)
    result = await sync_to_thread(read, runtime.read_models)
    _answered_by("primary")
    return result


class _ReplicaFailed(Exception):
    """The replica could not answer (unreachable, a query cancelled by replay, any other failure): the
    primary will."""

    def __init__(self, cause: Exception) -> None:
        super().__init__(str(cause))
        self.cause = cause


async def _on_replica(call: Callable[..., T], *args: object) -> T:
    """``call`` in a thread, its database failures told apart from the primary's (which stay 503s)."""
    try:
        return await sync_to_thread(call, *args)
    except Refusal:
        raise
    except Exception as exc:  # any other failure there (even a missing table: a wrong DATABASE_READ_URL)
        raise _ReplicaFailed(exc) from exc


async def _wait_for_replica(runtime: Runtime, replica: Replica, min_position: int | None, min_lsn: int) -> bool:
    """Whether the replica reached both positions within ``max_lag`` (one round trip per look)."""
    if not min_position and not min_lsn:
        return True
    deadline = time.monotonic() + replica.max_lag
    checked = False
    while True:
        replayed, reached = await _on_replica(runtime.replica_progress, min_position or 0)
        if (replayed is None or replayed >= min_lsn) and reached:
            return True
        if min_position and not checked:
            # Only now ask the primary whether a write ever reached that position: a read the replica
            # can answer at once costs the primary nothing.
            await check_position(runtime, min_position)
            checked = True
        if time.monotonic() >= deadline:
            return False
        await anyio.sleep(0.02)


async def read_game(
    runtime: Runtime,
    game_id: UUID,
    min_position: int | None,
    read: Callable[[ReadModels, UUID], T],
    min_lsn: str | None = None,
) -> T:
    """A read model's row of one game. A game stored but not projected yet is waited for (its own
    position is the ``min_position`` its writer would have sent): reading a game just written works."""
    try:
        return await read_projection(runtime, min_position, lambda models: read(models, game_id), min_lsn)
    except Refusal as refusal:
        # A replica may not have replayed the game's creation yet: only the primary may say it does not exist.
        stale = refusal.code == "game_not_found" and runtime.replica is not None
        if refusal.code != "projection_lagging" and not stale:
            raise
        position = await sync_to_thread(runtime.games.rows.position, game_id)
        if not position:
            raise
    return await read_projection(runtime, position, lambda models: read(models, game_id), min_lsn)


class ReplicaHeaders(HttpMiddleware):
    """With a replica: a write's answer carries the primary's WAL position after its commit
    (``X-Banquise-LSN``), and a read of the read models says where it was answered (``X-Banquise-Read-From``).
    Without one, nothing is added and nothing is asked of the database."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        runtime: Runtime | None = getattr(Litestar.from_scope(scope).state, "runtime", None)
        if runtime is None or runtime.replica is None:
            await self.app(scope, receive, send)
            return
        sources: list[str] = []
        token = _read_from.set(sources)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableScopeHeaders.from_message(message)
                if sources:
                    headers.add(READ_FROM_HEADER, sources[-1])
                if headers.get(POSITION_HEADER) is not None and 200 <= message["status"] < 300:
                    try:
                        # Read after the commit: at or past its commit record.
                        lsn = await sync_to_thread(runtime.primary_written_lsn)
                    except Exception as exc:  # the write is done: its answer goes out, without the LSN
                        log.warning("no WAL position for a write's answer", extra={"fields": {"error": str(exc)}})
                    else:
                        headers.add(LSN_HEADER, format_lsn(lsn))
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        finally:
            _read_from.reset(token)
