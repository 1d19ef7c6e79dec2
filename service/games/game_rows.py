"""The games' rows as the use cases read them (``GameRows``): a game's row, or ``GameNotFound``; its position
in the event log; a corrected game's steps taken back."""

from __future__ import annotations

from uuid import UUID

from service.base.refusals import Refusal
from service.base.store import GameLog
from service.base.store.corrections import StepsAt, StepsTakenBack
from service.base.store.games_table import GamesTable
from service.base.store.lru import Lru
from service.base.store.rows import IndexedGame
from service.games.errors import GameNotFound, ResultOnlyGame


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
