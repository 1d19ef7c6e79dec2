"""Addressing a replay by move or by turn rather than by event (a game of 237 moves has ~500 steps); a
corrected game's moves and turns are those of its line (``service.base.store.corrections``)."""

from __future__ import annotations

from uuid import UUID

from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.corrections import Line, moves_of
from service.base.store.rows import IndexedGame
from service.games.game_rows import FINDING, GameRows
from service.games.kind_lookup import KindLookup
from service.games.sight import ForkHidden, Sight


class NotInGame(Refusal):
    """A ``unit`` number the game has not reached: it has ``first`` to ``count`` (``{unit}s``: the count)."""

    category = Category.NOT_FOUND

    unit = ""
    first = 1

    def __init__(self, asked: int, count: int) -> None:
        units = f"{self.unit}s"
        detail = f"this game has {units} {self.first} to {count}, not {asked}"
        super().__init__(detail)
        self.extra[units] = count


class MoveNotFound(NotInGame):
    """A move number the game has not reached (move 0 is its setup)."""

    code = "move_not_found"
    unit = "move"
    first = 0  # move 0: the game before its first move (its setup)


class TurnNotFound(NotInGame):
    """A turn number the game has not reached."""

    code = "turn_not_found"
    unit = "turn"


class Navigation:
    """A replay's step by move or by turn."""

    def __init__(self, store: GameLog, *, kinds: KindLookup, rows: GameRows) -> None:
        self.store = store
        self.kinds = kinds
        self.rows = rows

    def _row(self, game_id: UUID, key: ApiKey | None) -> IndexedGame:
        """The game's row, once the caller may read the game at all (a sealed fork: ``Sight``)."""
        row = self.rows.row(game_id)
        Sight.of(row, key)
        return row

    @refuses(FINDING, ForkHidden, MoveNotFound)
    def step_after_move(self, game_id: UUID, move: int, key: ApiKey | None) -> int:
        """The step after the game's first ``move`` moves (``0``: after the opening events)."""
        row = self._row(game_id, key)
        if not 0 <= move <= int(row.moves):
            raise MoveNotFound(move, int(row.moves))
        if row.corrections:
            line = self._line(game_id)
            if move > 0:
                return moves_of(line.kept, lambda rec: rec.move)[move - 1].last
            return max((v for v, _, rec in line.kept if rec is not None and rec.move is None), default=0)
        step = 0
        for rec in self.store.read(game_id):
            if rec.move is not None and rec.move >= move:
                break
            step = rec.originator_version
        return step

    def _line(self, game_id: UUID) -> Line[None, Recorded]:
        """The game's corrected line (its events, not its states: navigation only needs where moves are)."""
        line: Line[None, Recorded] = Line(lambda state, _: state, None)
        for rec in self.store.read(game_id):
            line.add(rec.originator_version, rec.event, rec)
        return line

    @refuses(FINDING, ForkHidden, TurnNotFound)
    def step_at_turn(self, game_id: UUID, turn: int, key: ApiKey | None) -> int:
        """The step of the event that opens turn ``turn`` (1-based): the board as that turn starts."""
        row = self._row(game_id, key)
        rules = self.kinds.get(row.kind).rules
        seen = 0
        # A corrected game's turns are those of its line.
        events = (
            ((v, e) for v, e, _ in self._line(game_id).kept)
            if row.corrections
            else ((r.originator_version, r.event) for r in self.store.read(game_id))
        )
        for version, event in events:
            if rules.is_turn_start(event):
                seen += 1
                if seen == turn:
                    return version
        raise TurnNotFound(turn, seen)
