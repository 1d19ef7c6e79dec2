"""``/games/{id}/stats`` and ``/games/{id}/board``: a game's end-of-game statistics (permanent ids) and
its current board, read from the projections (the game is never replayed to answer)."""

from __future__ import annotations

from uuid import UUID

from litestar import get
from litestar.di import NamedDependency
from litestar.openapi import ResponseSpec
from litestar.params import FromPath

from projections.queries import Board, GameStats
from service.http.read_your_writes import MinLsn, MinPosition, read_game
from service.runtime import Runtime

GAME_PROBLEMS = {
    404: ResponseSpec(None, description="Unknown game"),
    422: ResponseSpec(None, description="unknown_position: min_position beyond the end of the event log"),
    503: ResponseSpec(None, description="projection_lagging: the projections have not reached the game yet"),
}


@get(
    "/games/{game_id:uuid}/stats",
    summary="A game's statistics: table and per-player values with permanent ids, scores, duration",
    tags=["games"],
    responses=GAME_PROBLEMS,
)
async def game_stats(
    game_id: FromPath[UUID],
    runtime: NamedDependency[Runtime],
    min_position: MinPosition = None,
    min_lsn: MinLsn = None,
) -> GameStats:
    return await read_game(runtime, game_id, min_position, lambda models, game: models.game_stats(game), min_lsn)


@get(
    "/games/{game_id:uuid}/board",
    summary="A game's current board (spectator view) and scores, from the projection",
    tags=["games"],
    responses=GAME_PROBLEMS,
)
async def game_board(
    game_id: FromPath[UUID],
    runtime: NamedDependency[Runtime],
    min_position: MinPosition = None,
    min_lsn: MinLsn = None,
) -> Board:
    return await read_game(runtime, game_id, min_position, lambda models, game: models.board(game), min_lsn)
