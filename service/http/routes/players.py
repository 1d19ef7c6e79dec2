"""``/players``: search, profiles (statistics and ratings), games, head-to-head. Reads precomputed rows.

Every read accepts ``min_position`` (the ``X-Banquise-Position`` a write returned): the read waits until
the projections have reached it, at most ``WAIT_SECONDS``, then answers ``503 projection_lagging``. With a
read replica they are answered by it, and ``min_lsn`` (``X-Banquise-LSN``) is honoured too.
"""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, get
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, QueryParameter

from projections.errors import SamePlayer
from projections.queries import PlayerGamePage, PlayerPage, PlayerProfile, Versus
from service.base.refusals import InvalidCursor, PlayerNotFound
from service.http.errors import answers
from service.http.read_your_writes import MinLsn, MinPosition, ProjectionLagging, UnknownPosition, read_projection
from service.runtime import Runtime

MAX_LIMIT = 200

Limit = Annotated[int, QueryParameter(ge=1, le=MAX_LIMIT)]
# Which games count: every one (the default), those recorded here move by move, or those imported from
# BG Stats or BGG with their results only (projections/scoped.py).
GameSource = Annotated[
    Literal["all", "recorded", "imported"],
    QueryParameter(
        description="the games counted: all (default), recorded (here, move by move) or imported (from BG Stats "
        "or BGG, results only)"
    ),
]

# A read of the read models: a player, a page cursor, a position they may have to wait for.
READ_PROBLEMS = (PlayerNotFound, InvalidCursor, SamePlayer, UnknownPosition, ProjectionLagging)


class PlayersController(Controller):
    path = "/players"
    tags = ["players"]

    @get(
        "/",
        summary="Players, by handle; q finds the handles holding it (prefix matches first), with cursor pagination",
        responses=answers(READ_PROBLEMS),
    )
    async def list_players(
        self,
        runtime: NamedDependency[Runtime],
        q: Annotated[
            str | None,
            QueryParameter(
                description="part of a handle, case-insensitive: handles starting with it first, then the others "
                "holding it, the closest (shortest) first",
                max_length=100,
            ),
        ] = None,
        limit: Limit = 50,
        cursor: FromQuery[str | None] = None,
        min_position: MinPosition = None,
        min_lsn: MinLsn = None,
    ) -> PlayerPage:
        return await read_projection(runtime, min_position, lambda models: models.players(q, limit, cursor), min_lsn)

    @get(
        "/{handle:str}",
        summary="A player's statistics per game kind and player count, and ratings",
        responses=answers(READ_PROBLEMS),
    )
    async def profile(
        self,
        handle: FromPath[str],
        runtime: NamedDependency[Runtime],
        source: GameSource = "all",
        min_position: MinPosition = None,
        min_lsn: MinLsn = None,
    ) -> PlayerProfile:
        return await read_projection(runtime, min_position, lambda models: models.profile(handle, source), min_lsn)

    @get("/{handle:str}/games", summary="A player's finished games, newest first", responses=answers(READ_PROBLEMS))
    async def games(
        self,
        handle: FromPath[str],
        runtime: NamedDependency[Runtime],
        kind: FromQuery[str | None] = None,
        player_count: Annotated[int | None, QueryParameter(ge=2, le=5)] = None,
        include_voided: FromQuery[bool] = False,
        limit: Limit = 50,
        cursor: FromQuery[str | None] = None,
        source: GameSource = "all",
        min_position: MinPosition = None,
        min_lsn: MinLsn = None,
    ) -> PlayerGamePage:
        return await read_projection(
            runtime,
            min_position,
            lambda models: models.player_games(
                handle,
                kind=kind,
                player_count=player_count,
                include_voided=include_voided,
                limit=limit,
                cursor=cursor,
                source=source,
            ),
            min_lsn,
        )

    @get(
        "/{a:str}/versus/{b:str}",
        summary="Head-to-head: how often each player finished ahead of the other",
        responses=answers(READ_PROBLEMS),
    )
    async def versus(
        self,
        a: FromPath[str],
        b: FromPath[str],
        runtime: NamedDependency[Runtime],
        source: GameSource = "all",
        min_position: MinPosition = None,
        min_lsn: MinLsn = None,
    ) -> Versus:
        return await read_projection(runtime, min_position, lambda models: models.versus(a, b, source), min_lsn)
