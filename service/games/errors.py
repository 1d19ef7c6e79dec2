"""The use cases' refusals, all of them, named for what went wrong (the HTTP layer gives each its
status, ``service.http.errors``)."""

from __future__ import annotations

from typing import Any
from uuid import UUID

import msgspec

from domain.errors import RuleViolation, SetupError
from service.base.refusals import Category, Refusal
from service.base.store.kinds import Kind
from service.games import alternatives, decoding


class GameNotFound(Refusal):
    def __init__(self, game_id: UUID | str) -> None:
        super().__init__(Category.NOT_FOUND, "game_not_found", f"there is no game {game_id}")
        self.game_id = game_id


class NotGameOwner(Refusal):
    def __init__(self, detail: str = "only the key that created a game may append to it") -> None:
        super().__init__(Category.FORBIDDEN, "not_game_owner", detail)


# The version an If-Match asks for when no version matches it: a weak entity tag (``W/"12"``), since
# If-Match compares entity tags strongly (RFC 9110 §13.1.1). No game is ever at it.
NEVER_MATCHES = -1


class StaleVersion(Refusal):
    """Another move was stored first: ``current`` is the version to reload and resubmit at."""

    def __init__(self, current: int, expected: int | None) -> None:
        if expected == NEVER_MATCHES:
            detail = (
                f"a weak entity tag never matches (If-Match compares strongly): the game is at version {current}, "
                f'send If-Match: "{current}"'
            )
        elif expected is not None:
            detail = f"the game is at version {current}, not {expected}: reload it and resubmit"
        else:
            detail = f"another move was stored first; the game is now at version {current}"
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


def decode_error(
    exc: msgspec.MsgspecError, what: str, *, body: bytes = b"", kind: Kind | None = None, wrapped_at: str = ""
) -> Refusal:
    if isinstance(exc, msgspec.ValidationError):
        extra = decoding.hint(exc, body, kind.rules.move_type, wrapped_at=wrapped_at) if kind is not None else {}
        sentence = extra.pop("sentence", None)
        detail = f"{what}: {exc}" + (f": {sentence}" if sentence else "")
        return Refusal(Category.INVALID, "invalid_request", detail, title="Invalid request", **extra)
    return Refusal(Category.INVALID, "invalid_json", f"{what} is not valid JSON: {exc}", title="Malformed JSON")


class GameFinishedUndo(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.CONFLICT,
            "game_finished",
            f"game {game_id} is finished: its moves cannot be taken back (void it instead)",
            game_id=str(game_id),
        )


class UndoOutOfRange(Refusal):
    def __init__(self, asked: int, played: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "undo_out_of_range",
            f"$.moves: {asked} moves cannot be taken back: "
            + (f"the game has {played} moves on its line" if asked > played else "take back at least 1"),
            path="$.moves",
            moves_played=played,
        )


class GameAlreadyVoided(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(Category.CONFLICT, "game_already_voided", f"game {game_id} is already voided")


class GameNotVoided(Refusal):
    def __init__(self, game_id: UUID) -> None:
        super().__init__(Category.CONFLICT, "game_not_voided", f"game {game_id} is not voided: nothing to restore")


class _Closed(Refusal):
    """A game that takes no more moves (or no such decision) in its present state."""

    state = ""
    consequence = "it takes no more moves"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            Category.CONFLICT,
            f"game_{self.state}",
            f"game {game_id} is {self.state}: {self.consequence}",
            game_id=str(game_id),
        )


class GameVoidedRefusal(_Closed):
    """A move to a voided game."""

    state = "voided"


class GameAbandonedRefusal(_Closed):
    """A move to (or a second abandon of) an abandoned game."""

    state = "abandoned"


class GameFinishedRefusal(_Closed):
    """Abandoning a finished game: it has its result (void it to remove it from statistics)."""

    state = "finished"
    consequence = "it cannot be abandoned (an admin may void it)"


class GameFinishedMove(_Closed):
    """A move to a finished game that its rules do not accept after the end (they take reveals only)."""

    state = "finished"
    consequence = "it takes no more moves, only the reveals its rules accept after the end"


def closed_refusal(game_id: UUID, state: str) -> Refusal:
    """The refusal of a write that found its game closed in its own transaction (``GameClosed``)."""
    if state == "voided":
        return GameVoidedRefusal(game_id)
    if state == "abandoned":
        return GameAbandonedRefusal(game_id)
    return GameFinishedRefusal(game_id)


class PlayerNotFound(Refusal):
    def __init__(self, handle: str) -> None:
        super().__init__(Category.NOT_FOUND, "player_not_found", f"no player has the handle {handle!r}")


class PositionAhead(Refusal):
    """A stream asked to start after a version the game has not reached (a Last-Event-ID of another
    game, or of another database): it would wait for events that may never come."""

    def __init__(self, game_id: UUID, after: int, version: int, source: str) -> None:
        super().__init__(
            Category.INVALID,
            "position_ahead",
            f"{source} is {after} but game {game_id} is at version {version}",
            version=version,
        )


class DecisionRefused(Refusal):
    """A move built decision by decision went wrong: a decision not offered at its place
    (``unknown_decision``, 422, ``at``: its index in ``made``), or nothing to decide now
    (``no_decision``, 409: the game waits for no move)."""

    def __init__(self, code: str, detail: str, at: int) -> None:
        category = Category.CONFLICT if code == "no_decision" else Category.UNPROCESSABLE
        super().__init__(category, code, detail, at=at)


class GameNotFinished(Refusal):
    """A play (BG Stats, BGG) is a finished game's: a live or abandoned game has no final scores to log."""

    def __init__(self, game_id: UUID, status: str) -> None:
        super().__init__(
            Category.CONFLICT,
            "game_not_finished",
            f"game {game_id} is {status}: only a finished game is a play another app can log",
            title="Game not finished",
            game_status=status,
        )


class ExportTooLarge(Refusal):
    """A play file (one JSON or XML document) is built whole: past its bound, narrow the filters (or take
    the records, streamed)."""

    def __init__(self, bound: int) -> None:
        super().__init__(
            Category.UNPROCESSABLE,
            "export_too_large",
            f"more than {bound} games match: narrow the filters (since/until, tag, kind), or stream the "
            "records (GET /exports/records)",
            title="Export too large",
            bound=bound,
        )
