"""``/games/{id}/stats`` and ``/games/{id}/board``: a game's end-of-game statistics (permanent ids) and
its current board, read from the projections (the game is never replayed to answer). A sealed fork's
(``service.games.sight``) are its owner's: the caller's sight is checked on the games row read with them."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar
from uuid import UUID

from litestar import get
from litestar.di import NamedDependency, Provide
from litestar.params import FromPath

from projections.errors import GameNotProjectedYet
from projections.queries import Board, GameStats, ReadModels, Sees
from service.base.keys import ApiKey
from service.base.refusals import GameNotFound
from service.games.sight import ForkHidden, Sight
from service.http.auth import caller
from service.http.errors import answers
from service.http.read_your_writes import MinLsn, MinPosition, ProjectionLagging, UnknownPosition, read_game
from service.http.routes.games import KEY_OPTIONAL
from service.runtime import Runtime

T = TypeVar("T")
# A game's row of the read models: found, seen with the caller's sight, reached by the projections.
GAME_PROBLEMS = answers(GameNotFound, ForkHidden, GameNotProjectedYet, UnknownPosition, ProjectionLagging)


# What both routes share: one game's row of the read models, seen with the caller's sight.
_GAME_READ: dict[str, Any] = {
    "tags": ["games"],
    "security": KEY_OPTIONAL,
    "dependencies": {"key": Provide(caller)},
    "responses": GAME_PROBLEMS,
}


async def _read(
    read: Callable[[ReadModels, UUID, Sees], T],
    runtime: Runtime,
    game_id: UUID,
    key: ApiKey | None,
    min_position: int | None,
    min_lsn: str | None,
) -> T:
    sees = partial(Sight.of, key=key)
    return await read_game(runtime, game_id, min_position, lambda models, game: read(models, game, sees), min_lsn)


@get(
    "/games/{game_id:uuid}/stats",
    summary="A game's statistics: table and per-player values with permanent ids, scores, duration",
    **_GAME_READ,
)
async def game_stats(
    game_id: FromPath[UUID],
    runtime: NamedDependency[Runtime],
    key: NamedDependency[ApiKey | None],
    min_position: MinPosition = None,
    min_lsn: MinLsn = None,
) -> GameStats:
    return await _read(ReadModels.game_stats, runtime, game_id, key, min_position, min_lsn)


@get(
    "/games/{game_id:uuid}/board",
    summary="A game's current board (spectator view) and scores, from the projection",
    **_GAME_READ,
)
async def game_board(
    game_id: FromPath[UUID],
    runtime: NamedDependency[Runtime],
    key: NamedDependency[ApiKey | None],
    min_position: MinPosition = None,
    min_lsn: MinLsn = None,
) -> Board:
    return await _read(ReadModels.board, runtime, game_id, key, min_position, min_lsn)
