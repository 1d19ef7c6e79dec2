"""``/players``: search, profiles (statistics and ratings), games, head-to-head. Reads precomputed rows.

Every read accepts ``min_position`` (the ``X-Banquise-Position`` a write returned): the read waits until
the projections have reached it, at most ``WAIT_SECONDS``, then answers ``503 projection_lagging``.
"""

from __future__ import annotations

import time
from typing import Annotated

import anyio
from litestar import Controller, get
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, FromQuery, QueryParameter

from projections.queries import PlayerGamePage, PlayerPage, PlayerProfile, Versus
from service.errors import ProblemError
from service.runtime import Runtime

WAIT_SECONDS = 5.0
MAX_LIMIT = 200

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
Limit = Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)]

READ_PROBLEMS = {
    400: ResponseSpec(None, description="Invalid parameter or cursor (problem+json)"),
    404: ResponseSpec(None, description="Unknown player"),
    422: ResponseSpec(None, description="unknown_position: min_position beyond the end of the event log"),
    503: ResponseSpec(None, description="projection_lagging: min_position not reached in time"),
}


async def wait_for_projections(runtime: Runtime, min_position: int | None, timeout: float = WAIT_SECONDS) -> None:
    if not min_position:
        return
    deadline = time.monotonic() + timeout
    read_models = runtime.read_models
    written = await sync_to_thread(runtime.store.max_notification_id)
    if min_position > written:
        # No write has reached that position: waiting could never succeed, so it is the client's error.
        raise ProblemError(
            422,
            "unknown_position",
            f"the event log ends at position {written}; min_position {min_position} was never returned by a write",
            position=written,
        )
    while True:
        position = await sync_to_thread(read_models.position)
        if position >= min_position:
            return
        if time.monotonic() >= deadline:
            raise ProblemError(
                503,
                "projection_lagging",
                f"the projections are at position {position}, not yet at {min_position}; retry shortly",
                title="Projections lagging",
                headers={"retry-after": "1"},
                position=position,
                min_position=min_position,
            )
        await anyio.sleep(0.05)


class PlayersController(Controller):
    path = "/players"
    tags = ["players"]

    @get(
        "/",
        summary="Players, by handle (case-insensitive prefix search), with cursor pagination",
        responses=READ_PROBLEMS,
    )
    async def list_players(
        self,
        runtime: NamedDependency[Runtime],
        q: Annotated[str | None, QueryParameter(description="handle prefix, case-insensitive", max_length=100)] = None,
        limit: Limit = 50,
        cursor: FromQuery[str | None] = None,
        min_position: MinPosition = None,
    ) -> PlayerPage:
        await wait_for_projections(runtime, min_position)
        return await sync_to_thread(runtime.read_models.players, q, limit, cursor)

    @get(
        "/{handle:str}",
        summary="A player's statistics per game kind and player count, and ratings",
        responses=READ_PROBLEMS,
    )
    async def profile(
        self, handle: FromPath[str], runtime: NamedDependency[Runtime], min_position: MinPosition = None
    ) -> PlayerProfile:
        await wait_for_projections(runtime, min_position)
        return await sync_to_thread(runtime.read_models.profile, handle)

    @get("/{handle:str}/games", summary="A player's finished games, newest first", responses=READ_PROBLEMS)
    async def games(
        self,
        handle: FromPath[str],
        runtime: NamedDependency[Runtime],
        kind: FromQuery[str | None] = None,
        player_count: Annotated[int | None, QueryParameter(ge=2, le=5)] = None,
        include_voided: FromQuery[bool] = False,
        limit: Limit = 50,
        cursor: FromQuery[str | None] = None,
        min_position: MinPosition = None,
    ) -> PlayerGamePage:
        await wait_for_projections(runtime, min_position)
        return await sync_to_thread(
            lambda: runtime.read_models.player_games(
                handle,
                kind=kind,
                player_count=player_count,
                include_voided=include_voided,
                limit=limit,
                cursor=cursor,
            )
        )

    @get(
        "/{a:str}/versus/{b:str}",
        summary="Head-to-head: how often each player finished ahead of the other",
        responses=READ_PROBLEMS,
    )
    async def versus(
        self, a: FromPath[str], b: FromPath[str], runtime: NamedDependency[Runtime], min_position: MinPosition = None
    ) -> Versus:
        await wait_for_projections(runtime, min_position)
        return await sync_to_thread(runtime.read_models.versus, a, b)
