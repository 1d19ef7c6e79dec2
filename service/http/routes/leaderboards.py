"""``/leaderboards/{kind}``: players by conservative rating (openskill mu - 3 sigma)."""

from __future__ import annotations

from typing import Annotated

from litestar import get
from litestar.di import NamedDependency
from litestar.params import FromPath, FromQuery, QueryParameter

from projections.queries import Leaderboard
from service.games.kind_lookup import KindLookup, UnknownGameKind
from service.http.errors import answers
from service.http.read_your_writes import MinLsn, MinPosition, read_projection
from service.http.routes.players import READ_PROBLEMS, GameSource, Limit
from service.runtime import Runtime


@get(
    "/leaderboards/{kind:str}",
    summary="Leaderboard of a game kind, by conservative rating (mu - 3 sigma)",
    tags=["players"],
    responses=answers(READ_PROBLEMS, UnknownGameKind),
)
async def leaderboard(
    kind: FromPath[str],
    runtime: NamedDependency[Runtime],
    kinds: NamedDependency[KindLookup],
    player_count: Annotated[
        int | None,
        QueryParameter(ge=2, le=5, description="only players with games at this player count (min_games of them)"),
    ] = None,
    min_games: Annotated[int, QueryParameter(ge=0, le=100_000, description="minimum rated games")] = 0,
    exclude_provisional: FromQuery[bool] = False,
    limit: Limit = 50,
    cursor: FromQuery[str | None] = None,
    source: GameSource = "all",
    min_position: MinPosition = None,
    min_lsn: MinLsn = None,
) -> Leaderboard:
    kinds.get(kind)  # 422 unknown_game_kind with the known kinds, as for bodies and the games list
    return await read_projection(
        runtime,
        min_position,
        lambda models: models.leaderboard(
            kind,
            player_count=player_count,
            min_games=min_games,
            exclude_provisional=exclude_provisional,
            limit=limit,
            cursor=cursor,
            source=source,
        ),
        min_lsn,
    )
