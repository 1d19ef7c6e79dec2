"""The use cases' own refusals, named for what went wrong (the HTTP layer gives each its status)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

from domain.errors import RuleViolation, SetupError
from service.games import alternatives
from service.refusals import Category, Refusal


class GameNotFound(Refusal):
    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(Category.NOT_FOUND, "game_not_found", f"there is no game {game_id}")
        self.game_id = game_id


class NotGameOwner(Refusal):
    def __init__(self, detail: str = "only the key that created a game may append to it") -> None:
        super().__init__(Category.FORBIDDEN, "not_game_owner", detail)


class StaleVersion(Refusal):
    """Another move was stored first: ``current`` is the version to reload and resubmit at."""

    def __init__(self, current: int, expected: int | None) -> None:
        detail = (
            f"the game is at version {current}, not {expected}: reload it and resubmit"
            if expected is not None
            else f"another move was stored first; the game is now at version {current}"
        )
        super().__init__(Category.CONFLICT, "version_conflict", detail, title="Stale version", current_version=current)
        self.current = current


def violation_title(violation: RuleViolation) -> str:
    """A refusal's title by what was refused: a setup that cannot start a game is no move."""
    return "Invalid setup" if isinstance(violation, SetupError) else "Illegal move"


class IllegalMove(Refusal):
    """The rules refuse a move (or a setup): the rule's own code, its alternatives, and where it happened."""

    def __init__(self, violation: RuleViolation, *, title: str | None = None, **where: Any) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            violation.code,
            violation.message,
            title=title or violation_title(violation),
            rule=violation.rule,
            **alternatives.present(violation.legal),
            **where,
        )
        self.violation = violation
