"""What the service answers when it will not do what it was asked: a category, a stable code, a detail.

Use cases (``service.games``) and read models (``projections``) raise a :class:`Refusal`; they know
nothing of HTTP. The HTTP layer turns each category into a status, once, in one table
(``service.http.errors``); the CLI prints the detail. A refusal's ``code`` is the stable,
machine-readable name clients branch on; ``extra`` members travel with it (``current_version``,
``legal``, ``path``...).
"""

from __future__ import annotations

import enum
from typing import Any
from uuid import UUID


class Category(enum.Enum):
    """Why a request was refused, in the caller's terms (each one HTTP status, in the HTTP layer)."""

    INVALID = "invalid"  # the request itself is malformed: a body, a parameter, a cursor
    UNAUTHENTICATED = "unauthenticated"  # no key, or one the service does not know
    FORBIDDEN = "forbidden"  # a known caller, not allowed this
    NOT_FOUND = "not_found"  # what it names does not exist
    CONFLICT = "conflict"  # the state moved on, or the name is taken
    UNPROCESSABLE = "unprocessable"  # well formed, but the rules or the service's bounds refuse it
    TOO_MANY = "too_many"  # this caller asked for more than its share: again later (``retry_after``)
    UNAVAILABLE = "unavailable"  # try again later: the database, or read models still catching up


class Refusal(Exception):
    """``Refusal(Category.NOT_FOUND, "game_not_found", "there is no game …")``."""

    def __init__(self, category: Category, code: str, detail: str, *, title: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.category = category
        self.code = code
        self.detail = detail
        self.title = title or code.replace("_", " ").replace(".", ": ").capitalize()
        self.extra = extra


# ---------------------------------------------------------------- refusals both sides raise
# The use cases (``service.games.errors``) and the read models (``projections.errors``) sit side by side
# and name these from here, so one code is one class.
class GameNotFound(Refusal):
    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(Category.NOT_FOUND, "game_not_found", f"there is no game {game_id}")
        self.game_id = game_id


class PlayerNotFound(Refusal):
    def __init__(self, handle: str) -> None:
        super().__init__(Category.NOT_FOUND, "player_not_found", f"no player has the handle {handle!r}")


class InvalidCursor(Refusal):
    def __init__(self, detail: str) -> None:
        super().__init__(Category.INVALID, "invalid_cursor", detail)


class ResultOnlyGame(Refusal):
    """An imported play (BG Stats, BGG) has its results and no moves: nothing to replay, step through,
    append to, fork or analyse."""

    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(
            Category.CONFLICT,
            "game_result_only",
            f"game {game_id} was imported from another app with its results only: it has no moves to replay, "
            f"step through or play on (its results: GET /games/{game_id}/stats)",
            title="Result-only game",
            game_id=str(game_id),
        )
