"""Taking back moves: ``POST /games/{id}/undo`` appends a correction, never rewrites the log.

The owner of a live game takes back the last ``k`` moves of its line (a move being one submitted move,
however many events it made): a ``MovesTakenBack`` event in the game's own stream names them by their
events' versions, and every fold (``service.base.store.corrections.Line``) leaves them out from there on.
The game goes on from the state before them, at the next version; the next move takes the index of the
first move taken back. What a taken-back move revealed stays in ``/events`` and in the timeline
(marked as taken back); the state hides it again, exactly as before the move.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any
from uuid import UUID

import msgspec

from domain.game import state_hash
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.closing import GameClosed
from service.base.store.corrections import Line, MovesTakenBack, TakenBackMove, follow_moves, moves_of
from service.base.store.games_table import GamesTable, steps
from service.base.store.kinds import Kind, encode_snapshot
from service.base.store.lru import Lru
from service.base.store.snapshots import Snapshots
from service.games import limits
from service.games.base import Idempotency, Reply
from service.games.decoding import DECODING, decode_error
from service.games.game_rows import (
    WRITING,
    GameAbandonedRefusal,
    GameRows,
    GameVoidedRefusal,
    NotGameOwner,
    StaleVersion,
    closed_refusal,
)
from service.games.kind_lookup import KindLookup
from service.games.replies import IdempotencyKeyReused, Replies, keep, positioned
from service.games.schemas import TakenBack
from service.games.states import States

_json = msgspec.json.Encoder()


class GameFinishedUndo(Refusal):
    """Taking back moves of a finished game (void it instead)."""

    category = Category.CONFLICT
    code = "game_finished"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"game {game_id} is finished: its moves cannot be taken back (void it instead)", game_id=str(game_id)
        )


class UndoOutOfRange(Refusal):
    """Fewer than 1 move, or more than the line has, to take back."""

    category = Category.UNPROCESSABLE
    code = "undo_out_of_range"

    def __init__(self, asked: int, played: int) -> None:
        super().__init__(
            f"$.moves: {asked} moves cannot be taken back: "
            + (f"the game has {played} moves on its line" if asked > played else "take back at least 1"),
            path="$.moves",
            moves_played=played,
        )


class UndoRequest(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    moves: int = 1  # how many of the last moves to take back
    reason: str | None = None  # the table's note (shown with the correction to whoever sees comments)


class UndoAccepted(msgspec.Struct, kw_only=True):
    game_id: UUID
    version: int  # the game's version after the correction (the next If-Match)
    moves: int  # the moves left on the line: the next move's index
    # oldest first: each move's 1-based number (as the timeline counts moves) and its first and last steps
    taken_back: list[TakenBack]
    status: str
    state_hash: str  # the engine's hash of the state the game goes on from


_SNAPSHOTS_BACK = 3  # snapshots tried, newest first, before the fold from the start


class GameUndoer:
    def __init__(self, store: GameLog, *, states: States, kinds: KindLookup, rows: GameRows, replies: Replies) -> None:
        self.store = store
        self.states = states
        self.kinds = kinds
        self.rows = rows
        self.replies = replies
        # A game's id -> a version and the moves on its line then, oldest first: an undo reaching before the last
        # correction folds only up to the moves it takes back.
        self.line_moves: Lru[UUID, tuple[int, list[TakenBackMove]]] = Lru(1024)

    @refuses(WRITING, DECODING, GameFinishedUndo, UndoOutOfRange, IdempotencyKeyReused)
    def undo(
        self, key: ApiKey, game_id: UUID, body: bytes, if_match: int | None, idem: Idempotency | None = None
    ) -> Reply:
        replay = self.replies.stored(idem)
        if replay is not None:
            return replay
        row = self.rows.row(game_id)
        if row.owner_key != key.id:
            raise NotGameOwner("only the key that created a game may take back its moves")
        if row.voided:
            raise GameVoidedRefusal(game_id)
        if row.status == "abandoned":
            raise GameAbandonedRefusal(game_id)
        if row.status == "finished":
            raise GameFinishedUndo(game_id)
        kind = self.kinds.get(row.kind)
        limits.check_nesting(body)
        try:
            request = msgspec.json.decode(body or b"{}", type=UndoRequest)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the undo") from exc
        if request.reason is not None:
            limits.check_text("$.reason", request.reason, limits.MAX_REASON, what="a reason")
        try:
            # Concurrent writes to the game are ordered by the database (a version is a primary key).
            return self._take_back(kind, key, game_id, request, if_match, idem)
        except Refusal as refusal:
            return self.replies.stored_or_raise(idem, refusal)

    def _known_moves(self, kind: Kind, game_id: UUID) -> tuple[int, Any, list[TakenBackMove]] | None:
        """The game's version, state and every move on its line now, from the moves this process knew of
        it at an earlier version (``line_moves``, kept by the undos) and the events since: None when it
        knows none. What an undo reaching before the game's last correction needs, without a fold of the
        game's history (issue #35: two undos in a row after many move+undo cycles folded it all)."""
        known = self.line_moves.get(game_id)
        if known is None:
            return None
        version, state = self.states.current(kind, game_id)
        if known[0] > version:  # (this process's cached state is behind another's undo: it is read again)
            return None
        since = self.store.read(game_id, after=known[0], upto=version) if known[0] < version else []
        moves = follow_moves(list(known[1]), ((r.originator_version, r.event, r.move) for r in since))
        return version, state, moves

    def _last_moves(
        self, kind: Kind, game_id: UUID, wanted: int
    ) -> tuple[Line[Any, Recorded], list[TakenBackMove], int]:
        """The game's line now, folded from a snapshot that leaves at least ``wanted`` whole moves after
        it (from the start only when the game has no more): its last moves, oldest first, and the number
        of moves on it. The moves' indexes run 0, 1, 2… on a line, so the last one's says how many."""
        below: int | None = None
        for attempt in range(_SNAPSHOTS_BACK + 1):
            line = self.states.line(kind, game_id, below=below)
            spans = moves_of(line.kept, lambda rec: rec.move)
            if line.start == 0:
                return line, spans, len(spans)
            # The first move after a snapshot may have begun before it: whole only when the snapshot's own
            # step is a correction or another move's (one indexed row to tell).
            whole = spans[1:]
            if spans and spans[0].first == line.start + 1:
                before = next(iter(self.store.read(game_id, after=line.start - 1, upto=line.start)), None)
                if before is not None and (isinstance(before.event, MovesTakenBack) or before.move != spans[0].move):
                    whole = spans
            if whole and len(whole) >= wanted:
                return line, whole, whole[-1].move + 1
            # An earlier snapshot, a few times; then the start (more moves than a few snapshots hold).
            below = line.start - 1 if attempt < _SNAPSHOTS_BACK - 1 else 0
        raise AssertionError("the fold from the start returned")

    def _take_back(
        self,
        kind: Kind,
        key: ApiKey,
        game_id: UUID,
        request: UndoRequest,
        if_match: int | None,
        idem: Idempotency | None,
    ) -> Reply:
        replay = self.replies.stored(idem)
        if replay is not None:
            return replay
        known = self._known_moves(kind, game_id)
        line: Line[Any, Recorded] | None = None
        if known is not None:
            version, state, played = known
            count = len(played)
        else:
            line, played, count = self._last_moves(kind, game_id, request.moves)
            version, state = line.version, line.state
        if if_match is not None and if_match != version:
            raise StaleVersion(version, if_match)
        if kind.rules.is_finished(state):
            raise GameFinishedUndo(game_id)
        if not 1 <= request.moves <= count:
            raise UndoOutOfRange(request.moves, count)
        taken = played[len(played) - request.moves :]
        now = datetime.now(UTC)
        correction = MovesTakenBack(moves=taken, key_id=key.id, reason=request.reason)
        record = Recorded(originator_id=game_id, originator_version=version + 1, event=correction, recorded_at=now)
        new_version, moves_left = version + 1, count - request.moves
        if line is not None:
            line.add(new_version, correction, record)
            after = line.state
        else:
            # The line once its last moves are taken back is its line before the first of them.
            after = self.states.line(kind, game_id, upto=taken[0].first - 1).state
        accepted = UndoAccepted(
            game_id=game_id,
            version=new_version,
            moves=moves_left,
            taken_back=[TakenBack(number=m.move + 1, first_step=m.first, last_step=m.last) for m in taken],
            status="live",
            state_hash=state_hash(after),
        )
        reply = Reply(created=False, body=_json.encode(accepted), version=new_version)

        update_row = GamesTable.take_back_head(game_id, new_version, moves_left, now)
        # A snapshot at every correction, not only every ``interval`` events: a snapshot taken just before
        # a move that is then taken back can start no later fold (``BeforeBase``), and a game corrected
        # move after move would otherwise have none left but the start. From this one, folds go on.
        due = [(new_version, encode_snapshot(after))]
        within = steps(update_row, Snapshots.put(game_id, due), keep(idem, reply))
        try:
            positions = self.store.append([record], within=within)
        except VersionConflict:
            return self.replies.stored_or_raise(idem, StaleVersion(self.store.version(game_id), if_match))
        except GameClosed as closed:
            raise closed_refusal(game_id, closed.state) from None
        self.states.remember(game_id, new_version, after)
        if known is not None or (line is not None and line.start == 0):  # every move on the line is known
            self.line_moves.put(game_id, (new_version, played[: len(played) - request.moves]))
        return positioned(reply, positions)
