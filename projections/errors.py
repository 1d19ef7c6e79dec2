"""The read models' refusals, one class per stable code (the HTTP layer translates every ``Refusal`` once)."""

from __future__ import annotations

from uuid import UUID

from service.base.refusals import Category, Refusal


class InvalidCursor(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "invalid_cursor", detail)


class PlayerNotFound(Refusal):
    def __init__(self, handle: str) -> None:
        super().__init__(Category.NOT_FOUND, "player_not_found", f"no player has the handle {handle!r}")


class SamePlayer(Refusal):
    """A head-to-head of a player against itself (the same handle, or two handles of one renamed player)."""

    def __init__(self, detail: str = "head-to-head needs two different players") -> None:
        super().__init__(Category.INVALID, "same_player", detail)


class GameNotFound(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(Category.NOT_FOUND, "game_not_found", f"there is no game {game_id}")


class GameNotProjectedYet(Refusal):
    """A game stored but not reached by the read models yet: retry (503)."""

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.UNAVAILABLE,
            "projection_lagging",
            f"game {game_id} is stored but the projections have not reached it yet; retry, or pass min_position",
        )
