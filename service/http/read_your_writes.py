"""Read your writes: a read of the read models waits until they have applied the event log up to the
position a write returned (``min_position``), at most ``WAIT_SECONDS``, then answers
``503 projection_lagging`` rather than stale data."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Annotated, TypeVar
from uuid import UUID

import anyio
from litestar.concurrency import sync_to_thread
from litestar.params import QueryParameter

from service.refusals import Category, Refusal
from service.runtime import Runtime

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


async def wait_for_projections(runtime: Runtime, min_position: int | None, timeout: float = WAIT_SECONDS) -> None:
    if not min_position:
        return
    deadline = time.monotonic() + timeout
    read_models = runtime.read_models
    written = await sync_to_thread(runtime.store.max_notification_id)
    if min_position > written:
        # No write has reached that position: waiting could never succeed, so it is the client's error.
        raise Refusal(
            Category.UNPROCESSABLE,
            "unknown_position",
            f"the event log ends at position {written}; min_position {min_position} was never returned by a write",
            position=written,
        )
    while True:
        position = await sync_to_thread(read_models.position)
        if position >= min_position:
            return
        if time.monotonic() >= deadline:
            raise Refusal(
                Category.UNAVAILABLE,
                "projection_lagging",
                f"the projections are at position {position}, not yet at {min_position}; retry shortly",
                title="Projections lagging",
                position=position,
                min_position=min_position,
            )
        await anyio.sleep(0.05)


T = TypeVar("T")


async def read_game(runtime: Runtime, game_id: UUID, min_position: int | None, read: Callable[[UUID], T]) -> T:
    """A read model's row of one game. A game stored but not projected yet is waited for (its own
    position is the ``min_position`` its writer would have sent): reading a game just written works."""
    await wait_for_projections(runtime, min_position)
    try:
        return await sync_to_thread(read, game_id)
    except Refusal as refusal:
        if refusal.code != "projection_lagging":
            raise
    await wait_for_projections(runtime, await sync_to_thread(runtime.games.game_position, game_id))
    return await sync_to_thread(read, game_id)
