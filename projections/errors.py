"""The read models' refusals, one class per stable code (the HTTP layer translates every ``Refusal`` once)."""

from __future__ import annotations

from uuid import UUID

from service.base.refusals import Category, Refusal

# Raised by both the use cases and the read models, named here too (one code, one class).
from service.base.refusals import GameNotFound as GameNotFound
from service.base.refusals import InvalidCursor as InvalidCursor
from service.base.refusals import PlayerNotFound as PlayerNotFound
from service.base.refusals import ResultOnlyGame as ResultOnlyGame


class SamePlayer(Refusal):
    """A head-to-head of a player against itself (the same handle, or two handles of one renamed player)."""

    category = Category.INVALID
    code = "same_player"

    def __init__(self, detail: str = "head-to-head needs two different players") -> None:
        super().__init__(detail)


class GameNotProjectedYet(Refusal):
    """A game stored but not reached by the read models yet: retry (503)."""

    category = Category.UNAVAILABLE
    code = "projection_lagging"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} is stored but the projections have not reached it yet; retry, or pass min_position"
        )
