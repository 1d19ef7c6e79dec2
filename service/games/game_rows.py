"""The games' rows as the use cases read them (``GameRows``): a game's row, or ``GameNotFound``; its position
in the event log; a corrected game's steps taken back."""

from __future__ import annotations

from uuid import UUID

from service.base.refusals import Category, GameNotFound, Refusal, ResultOnlyGame
from service.base.store import GameLog
from service.base.store.corrections import StepsAt, StepsTakenBack
from service.base.store.games_table import GamesTable
from service.base.store.lru import Lru
from service.base.store.rows import IndexedGame


class NotGameOwner(Refusal):
    """A key other than the one that created the game."""

    category = Category.FORBIDDEN
    code = "not_game_owner"

    def __init__(self, detail: str = "only the key that created a game may append to it") -> None:
        super().__init__(detail)


# The version an If-Match asks for when no version matches it: a weak entity tag (``W/"12"``), since
# If-Match compares entity tags strongly (RFC 9110 §13.1.1). No game is ever at it.
NEVER_MATCHES = -1


class StaleVersion(Refusal):
    """Another move was stored first (or If-Match names another version): ``current_version``, also the ETag, is
    the version to reload and resubmit at."""

    category = Category.CONFLICT
    code = "version_conflict"

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
        super().__init__(detail, title="Stale version", current_version=current)
        self.current = current


class ClosedGame(Refusal):
    """A game that takes no more moves (or no such decision) in its present state."""

    category = Category.CONFLICT

    state = ""
    consequence = "it takes no more moves"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} is {self.state}: {self.consequence}", game_id=str(game_id))


class GameVoidedRefusal(ClosedGame):
    """A move to a voided game."""

    state = "voided"
    code = "game_voided"


class GameAbandonedRefusal(ClosedGame):
    """A move to (or a second abandon of) an abandoned game."""

    state = "abandoned"
    code = "game_abandoned"


class GameFinishedRefusal(ClosedGame):
    """Abandoning a finished game: it has its result (void it to remove it from statistics)."""

    state = "finished"
    code = "game_finished"
    consequence = "it cannot be abandoned (an admin may void it)"


# A game named by its id: there is none, or it has its results only (a play imported from another app).
FINDING = (GameNotFound, ResultOnlyGame)
# A write to a game: found, by its owner's key, at the version asked, still open.
WRITING = (*FINDING, NotGameOwner, StaleVersion, GameVoidedRefusal, GameAbandonedRefusal)


def closed_refusal(game_id: UUID, state: str) -> Refusal:
    """The refusal of a write that found its game closed in its own transaction (``GameClosed``)."""
    if state == "voided":
        return GameVoidedRefusal(game_id)
    if state == "abandoned":
        return GameAbandonedRefusal(game_id)
    return GameFinishedRefusal(game_id)


class GameRows:
    def __init__(self, store: GameLog, games_table: GamesTable, line_steps: Lru[UUID, StepsTakenBack]) -> None:
        self.store = store
        self.games_table = games_table
        # A corrected game's id -> its steps taken back and its corrections' steps (grown in place).
        self.line_steps = line_steps

    def row(self, game_id: UUID) -> IndexedGame:
        row = self.games_table.row(game_id)
        if row is None:
            raise self.missing(game_id)
        return row

    def missing(self, game_id: UUID) -> Refusal:
        """Why a game has no row: it is a play imported with its results only, or there is none."""
        return ResultOnlyGame(game_id) if self.games_table.result_only(game_id) else GameNotFound(game_id)

    def position(self, game_id: UUID) -> int:
        """How far the event log went with the game's last write."""
        return self.games_table.position(game_id)

    def steps_taken_back(self, row: IndexedGame) -> StepsAt:
        """A corrected game's steps taken back (-> the correction's step) and its corrections' steps at the
        row's version; kept per game, and brought up to a newer version by reading only the events after
        the one it knows (a step of a corrected game would otherwise read its whole stream)."""
        game_id, version = row.id, int(row.version)
        if not row.corrections:
            return StepsTakenBack().at(version)
        known = self.line_steps.get(game_id)
        if known is None:
            known = StepsTakenBack()
            self.line_steps.put(game_id, known)
        if known.version < version:
            read = self.store.read(game_id, after=known.version or None, upto=version)
            known.add((rec.originator_version, rec.event) for rec in read)
        return known.at(version)
