"""A game's lifecycle outside its play: voiding (an admin's decision: it leaves statistics and ratings
and takes no more moves), un-voiding (an admin restores it), abandoning (its owner gives up on a live
game). Each decision is an event of the game's admin stream, in order (the log stays immutable: an
un-void is a new event, never a deleted void), and the game's row says so in the same transaction (so
a move is refused without another query). The stream's version guards the decision: two racing
decisions cannot both be appended on the same lifecycle."""

from __future__ import annotations

from datetime import UTC, datetime
from uuid import UUID

import msgspec

from service.base.keys import ApiKey
from service.base.refusals import Category, GameNotFound, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.admin import (
    GameAbandoned,
    GameUnvoided,
    GameVoided,
    LifecycleEvent,
    admin_stream,
    is_voided,
)
from service.base.store.application import VersionConflict
from service.base.store.closing import GameClosed
from service.base.store.games_table import GamesTable
from service.base.store.recorder import Within
from service.base.store.rows import OwnerAndStatus
from service.games.game_rows import (
    FINDING,
    GameAbandonedRefusal,
    GameFinishedRefusal,
    GameVoidedRefusal,
    NotGameOwner,
    closed_refusal,
)


class GameAlreadyVoided(Refusal):
    """Voiding a game already voided."""

    category = Category.CONFLICT
    code = "game_already_voided"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} is already voided")


class GameNotVoided(Refusal):
    """Restoring a game that is not voided."""

    category = Category.CONFLICT
    code = "game_not_voided"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(f"game {game_id} is not voided: nothing to restore")


class VoidAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    reason: str
    voided_at: datetime
    position: int


class UnvoidAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    reason: str
    unvoided_at: datetime
    position: int


class AbandonAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    status: str
    reason: str
    abandoned_at: datetime
    position: int


class Lifecycle:
    """Voiding, un-voiding and abandoning games."""

    def __init__(self, store: GameLog, *, games_table: GamesTable) -> None:
        self.store = store
        self.games_table = games_table

    def _row(self, game_id: UUID) -> OwnerAndStatus:
        row = self.games_table.lifecycle_row(game_id)
        if row is None:
            raise GameNotFound(game_id)  # an imported play has a row here (it may be voided)
        return row

    def _lifecycle(self, game_id: UUID) -> list[LifecycleEvent]:
        return [r.event for r in self.store.read(admin_stream(game_id))]

    def _decide(
        self, game_id: UUID, version: int, event: LifecycleEvent, mark: Within, conflict: Refusal
    ) -> tuple[datetime, int]:
        """Append ``event`` as the stream's next (``version + 1``) and ``mark`` the game's row with it."""
        now = datetime.now(UTC)
        record = Recorded(
            originator_id=admin_stream(game_id), originator_version=version + 1, event=event, recorded_at=now
        )
        try:
            [position] = self.store.append([record], within=mark)
        except VersionConflict:
            raise conflict from None  # another decision won the race: re-read the game
        return now, position

    @refuses(GameNotFound, GameAlreadyVoided)
    def void(self, key: ApiKey, game_id: UUID, reason: str) -> VoidAccepted:
        self._row(game_id)
        events = self._lifecycle(game_id)
        if is_voided(events):
            raise GameAlreadyVoided(game_id)
        event = GameVoided(game_id=game_id, reason=reason, key_id=key.id)
        mark = GamesTable.mark_voided(game_id, True)
        now, position = self._decide(game_id, len(events), event, mark, GameAlreadyVoided(game_id))
        return VoidAccepted(game_id=game_id, reason=reason, voided_at=now, position=position)

    @refuses(GameNotFound, GameNotVoided)
    def unvoid(self, key: ApiKey, game_id: UUID, reason: str) -> UnvoidAccepted:
        self._row(game_id)
        events = self._lifecycle(game_id)
        if not is_voided(events):
            raise GameNotVoided(game_id)
        event = GameUnvoided(game_id=game_id, reason=reason, key_id=key.id)
        mark = GamesTable.mark_voided(game_id, False)
        now, position = self._decide(game_id, len(events), event, mark, GameNotVoided(game_id))
        return UnvoidAccepted(game_id=game_id, reason=reason, unvoided_at=now, position=position)

    @refuses(FINDING, NotGameOwner, GameAbandonedRefusal, GameFinishedRefusal, GameVoidedRefusal)
    def abandon(self, key: ApiKey, game_id: UUID, reason: str) -> AbandonAccepted:
        row = self._row(game_id)
        if row.owner_key != key.id:
            raise NotGameOwner()
        if row.status == "abandoned":
            raise GameAbandonedRefusal(game_id)
        if row.status == "finished":
            raise GameFinishedRefusal(game_id)
        events = self._lifecycle(game_id)
        if is_voided(events):
            raise GameVoidedRefusal(game_id)
        event = GameAbandoned(game_id=game_id, reason=reason, key_id=key.id)
        # Only a live row: should a move finish the game between the check and this write, the abandon is
        # refused and nothing stored (the game stays finished and counts). The row's lock orders it with
        # moves: a move in flight commits before it or finds the game abandoned (``service.base.store.closing``).
        mark = GamesTable.mark_abandoned(game_id)
        try:
            now, position = self._decide(game_id, len(events), event, mark, GameFinishedRefusal(game_id))
        except GameClosed as closed:
            raise closed_refusal(game_id, closed.state) from None
        return AbandonAccepted(game_id=game_id, status="abandoned", reason=reason, abandoned_at=now, position=position)
