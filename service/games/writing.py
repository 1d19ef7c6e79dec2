"""Recording a game as it is played: a new game, then one move at a time (If-Match, Idempotency-Key)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any, NamedTuple
from uuid import UUID, uuid4

import anyio.to_thread
import msgspec

from domain.errors import RuleViolation
from service.base.keys import ApiKey, KeyCheck
from service.base.refusals import Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.batching import GroupWriter, Part
from service.base.store.closing import GameClosed
from service.base.store.games_table import GamesTable, steps
from service.base.store.heads import HeadAdvance
from service.base.store.key_guard import KeysChanged
from service.base.store.kinds import Kind
from service.base.store.lru import Lru
from service.base.store.rows import IndexedGame
from service.base.store.snapshots import Snapshots
from service.games import codecs, limits
from service.games.base import Idempotency, Opening, Reply
from service.games.decoding import DECODING, decode_error
from service.games.game_records import event_out
from service.games.game_rows import (
    WRITING,
    ClosedGame,
    GameAbandonedRefusal,
    GameRows,
    GameVoidedRefusal,
    NotGameOwner,
    StaleVersion,
    closed_refusal,
)
from service.games.keys import InvalidApiKey
from service.games.kind_lookup import KindLookup, UnknownGameKind
from service.games.limits import SETUP, TEXTS, TIMES
from service.games.openings import game_row, opening_records
from service.games.record_format import KindHead, RecordedMove
from service.games.replay_cache import ReplayCache
from service.games.replies import IdempotencyKeyReused, Replies, keep, positioned
from service.games.schemas import (
    GameCreated,
    MoveAccepted,
    Status,
)
from service.games.states import IllegalMove, States

_json = msgspec.json.Encoder()


class GameFinishedMove(ClosedGame):
    """A move to a finished game that its rules do not accept after the end (they take reveals only)."""

    state = "finished"
    code = "game_finished"
    consequence = "it takes no more moves, only the reveals its rules accept after the end"


class GameWriter:
    def __init__(
        self,
        store: GameLog,
        *,
        states: States,
        games_table: GamesTable,
        replay_cache: ReplayCache,
        kinds: KindLookup,
        rows: GameRows,
        replies: Replies,
        group: GroupWriter,
    ) -> None:
        self.store = store
        self.states = states
        self.games_table = games_table
        self.replay_cache = replay_cache
        self.kinds = kinds
        self.rows = rows
        self.replies = replies
        self.group = group  # the process's group-commit writer (``service.base.store.batching``)
        # Each game's head as this process last wrote it: a move decided while the one before it (to the
        # same game) was being stored starts from there, not from the row its request read.
        self._heads: Lru[UUID, _Head] = Lru(4096)
        # Moves decided from a held head: stored, or refused there and decided again from the row (metrics).
        self.held_stored = 0
        self.held_again = 0
        self._counting = threading.Lock()  # the event loop and worker threads both count
        # Games another process wrote to while this one held their head: their moves read the row.
        self._shared: Lru[UUID, bool] = Lru(4096)

    @refuses(DECODING, SETUP, UnknownGameKind, IllegalMove, IdempotencyKeyReused)
    def create(self, key: ApiKey, body: bytes, idem: Idempotency | None = None) -> Reply:
        replay = self.replies.stored(idem)
        if replay is not None:
            return replay
        limits.check_nesting(body)
        try:
            head = msgspec.json.decode(body, type=KindHead)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the new game") from exc
        kind = self.kinds.get(head.kind)
        try:
            new = codecs.new_game(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the new game", body=body, kind=kind, wrapped_at="$.setup") from exc
        limits.check_tags("$.tags", new.tags)
        new = msgspec.structs.replace(
            new,
            setup=limits.check_setup("$.setup", new.setup),
            started_at=limits.check_time("$.started_at", new.started_at),
        )
        game_id, now = uuid4(), datetime.now(UTC)
        limits.check_play_time("$.started_at", new.started_at, None, now)
        opening = Opening(setup=msgspec.Raw(_json.encode(new.setup)), tags=new.tags, started_at=new.started_at)
        records = opening_records(kind, game_id, new.setup, now, opening)
        state, due = self.states.fold(kind, kind.rules.initial_state(), records)
        created = GameCreated(
            id=game_id,
            kind=kind.name,
            rules_version=kind.rules.rules_version,
            version=len(records),
            moves=0,
            status="finished" if kind.rules.is_finished(state) else "live",
            players=list(kind.rules.players(state)),
        )
        reply = Reply(created=True, body=_json.encode(created), version=len(records), locate=game_id)
        within = steps(
            GamesTable.insert(game_row(game_id, kind, key, state, len(records), 0, now, new.started_at, tags=new.tags)),
            Snapshots.put(game_id, due),
            keep(idem, reply),
        )
        try:
            positions = self.store.append(records, within=within)
        except VersionConflict as conflict:
            return self.replies.stored_or_raise(idem, conflict)
        self.states.remember(game_id, len(records), state)
        return positioned(reply, positions)

    @refuses(WRITING, DECODING, TEXTS, TIMES, IllegalMove, GameFinishedMove, InvalidApiKey, IdempotencyKeyReused)
    async def append(
        self,
        key: ApiKey,
        game_id: UUID,
        body: bytes,
        if_match: int | None,
        idem: Idempotency | None = None,
        *,
        check: KeyCheck | None = None,
    ) -> Reply:
        """The one way a move is appended (``POST /games/{id}/moves``, the tests and the bench alike): the
        move checked once, against the game's head, and stored by the group-commit writer.

        The head (version, state, moves, owner, kind, play times) is the one this process left when it
        stored the game's last move, when it holds it: then nothing is read and no worker thread is taken
        (half of a move's CPU went to reading the row). Else it is read from the game's row in a worker
        thread, ``key`` (from the process's key cache: ``check``) confirmed in the same round trip. Either
        way the move's transaction checks what the row would say now (the version by the events' key, the
        game open, the key unrevoked, no answer kept under its Idempotency-Key). A held head that turns out
        stale is let go and the move decided again from the row, so a refusal is the same answer from every
        process; a refusal meets the answer a retry stored first under its Idempotency-Key, if any."""
        head = self._held(game_id, key)
        submitted: RecordedMove[Any] | None = None
        invalid: Refusal | None = None  # the move out of the service's bounds, seen from a held head
        reads = 0
        while True:
            held = head is not None
            try:
                if not held:
                    reads += 1
                head, submitted = await self._checked(key, game_id, body, head, submitted or invalid, check)
                keys_at = check.changes if held and check is not None else None
                kind = self.kinds.get(head.kind)
                job = _Append(self, kind, game_id, submitted, if_match, idem, head, keys_at=keys_at)
                reply: Reply = await self.group.submit(job)
            except (Refusal, VersionConflict, GameClosed, KeysChanged) as refused:
                if held:  # decided from a held head: again from the row, which may say otherwise
                    self._refused_held(game_id, if_match, refused)
                    if submitted is None and isinstance(refused, Refusal):
                        invalid = refused  # answered once the row says the game takes the move
                    head = None
                    continue
                if isinstance(refused, GameClosed):
                    raise closed_refusal(game_id, refused.state) from None
                if isinstance(refused, VersionConflict) and if_match is None and reads < 2:
                    # Another process wrote to the game first, or this request's batch was refused: the
                    # request said no version, so it is decided again on the game as it is now (a retry with
                    # its Idempotency-Key finds its stored answer).
                    replay = await anyio.to_thread.run_sync(self.replies.stored, idem)
                    if replay is not None:
                        return replay
                    head = None
                    continue
                # A concurrent retry with the same Idempotency-Key may have stored the move first (in
                # another process): then its answer is ours, not the refusal this one ran into.
                return await anyio.to_thread.run_sync(self._stored_or_refused, game_id, if_match, idem, refused)
            if held:
                self._count(stored=1)
            return reply

    def _stored_or_refused(
        self, game_id: UUID, if_match: int | None, idem: Idempotency | None, refused: Exception
    ) -> Reply:
        """The answer a retry stored first under the move's Idempotency-Key, else the refusal (a version taken:
        ``StaleVersion`` at the game's version now)."""
        if isinstance(refused, VersionConflict):
            refused = StaleVersion(self.store.version(game_id), if_match)
        return self.replies.stored_or_raise(idem, refused)

    async def _checked(
        self,
        key: ApiKey,
        game_id: UUID,
        body: bytes,
        head: _Head | None,
        checked: RecordedMove[Any] | Refusal | None,
        check: KeyCheck | None,
    ) -> tuple[_Head, RecordedMove[Any]]:
        """The head the move is decided from (read from the game's row when none is held: in a worker thread)
        and the move checked against it, once (``checked``: already, or its refusal; a game's kind never
        changes)."""
        if head is None:
            return await anyio.to_thread.run_sync(self._from_row, key, game_id, body, checked, check)
        if isinstance(checked, RecordedMove):
            return head, checked
        return head, self._submitted(self.kinds.get(head.kind), body, head)

    def _held(self, game_id: UUID, key: ApiKey) -> _Head | None:
        """The game's head as this process left it, if it holds it for this key's game: none while another
        process writes to the game too (a balancer sending a table's moves to several workers)."""
        head = self._heads.get(game_id)
        if head is None or head.owner != key.id or self._shared.peek(game_id):
            return None
        return head

    def _from_row(
        self,
        key: ApiKey,
        game_id: UUID,
        body: bytes,
        checked: RecordedMove[Any] | Refusal | None,
        check: KeyCheck | None,
    ) -> tuple[_Head, RecordedMove[Any]]:
        """The game's head read from its row (a worker thread's: it reads), checked for this key's move, and
        the move checked against it, unless it was already (``checked``: the move, or its refusal)."""
        row = self.rows.row(game_id) if check is None else self._row_confirming(game_id, key, check)
        if row.owner_key != key.id:
            raise NotGameOwner()
        if row.voided:
            raise GameVoidedRefusal(game_id)
        if row.status == "abandoned":
            raise GameAbandonedRefusal(game_id)
        kind = self.kinds.get(row.kind)
        version, state = self.states.current(kind, game_id, known=int(row.version))
        moves = row.moves if row.version == version else self.games_table.moves(game_id)
        head = _Head(version, state, moves, key.id, kind.name, row.played_at, None, read=True)
        if isinstance(checked, Refusal):
            raise checked
        return head, checked or self._submitted(kind, body, head, last=lambda: self._last_played(game_id))

    def _submitted(
        self, kind: Kind, body: bytes, head: _Head, last: Callable[[], datetime | None] | None = None
    ) -> RecordedMove[Any]:
        """The move as the request says it, within the service's bounds; its play time after the game's last
        (``last``: read it, where the head does not say)."""
        limits.check_nesting(body)
        try:
            submitted: RecordedMove[Any] = codecs.move(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the move", body=body, kind=kind, wrapped_at="$") from exc
        limits.check_comment("$.comment", submitted.comment)
        if submitted.at is not None:
            submitted.at = limits.check_time("$.at", submitted.at)
            played = head.last_played or (last() if last is not None else None) or head.started
            limits.check_play_time("$.at", submitted.at, played, datetime.now(UTC))
        return submitted

    def _count(self, *, stored: int = 0, again: int = 0) -> None:
        with self._counting:
            self.held_stored += stored
            self.held_again += again

    def _refused_held(self, game_id: UUID, if_match: int | None, refused: Exception) -> None:
        """A move decided from a held head and refused: counted; a stale head means another process writes to
        the game too, and then its moves read the row (a stale head fails its whole batch, each write of it
        stored again alone)."""
        self._count(again=1)
        ahead = isinstance(refused, StaleVersion) and if_match is not None and if_match > refused.current
        if isinstance(refused, VersionConflict) or ahead:  # (a client behind the head says nothing of it)
            self._shared.put(game_id, True)

    def _row_confirming(self, game_id: UUID, key: ApiKey, check: KeyCheck) -> IndexedGame:
        """The game's row, and the count of key changes in the same statement: when it moved since
        ``key`` was cached, the key is read again (refused if revoked meanwhile)."""
        row, live = self.games_table.move_row(game_id, key, check)
        if not live:
            raise InvalidApiKey()
        if row is None:
            raise self.rows.missing(game_id)
        return row

    def _last_played(self, game_id: UUID) -> datetime | None:
        """When the game's last event was played, if its recorder said."""
        last = self.store.last(game_id)
        return last.played_at if last is not None else None


class _Head(NamedTuple):
    """A game at one version: its state and how many moves it holds; and what a move reads of its row."""

    version: int
    state: Any
    moves: int
    owner: str
    kind: str
    started: datetime | None  # the row's ``played_at``: the start at the table, else the first move's time
    last_played: datetime | None  # the last event's ``played_at``
    read: bool = False  # read from the game's row (else: this process's own, held since its last move)

    def after(self, version: int, state: Any, moves: int, played_at: datetime | None) -> _Head:
        """The head once a move played at ``played_at`` is stored."""
        return self._replace(
            version=version,
            state=state,
            moves=moves,
            started=self.started or played_at,
            last_played=played_at,
            read=False,
        )


class _Append:
    """One move, as a job of the group-commit writer: decided in the batch, after the writes before it."""

    def __init__(
        self,
        writer: GameWriter,
        kind: Kind,
        game_id: UUID,
        submitted: RecordedMove[Any],
        if_match: int | None,
        idem: Idempotency | None,
        head: _Head,
        *,
        keys_at: int | None = None,
    ) -> None:
        self.writer, self.kind, self.game_id, self.submitted = writer, kind, game_id, submitted
        self.if_match, self.idem, self.head = if_match, idem, head
        self.keys_at = keys_at  # a cached key's count of key changes, confirmed in the transaction
        self.after: _Head | None = None
        self.reply: Reply | None = None
        self.late = False

    def prepare(self, pending: dict[Any, Any]) -> Part:
        writer, kind, game_id, submitted = self.writer, self.kind, self.game_id, self.submitted
        if self.idem is not None and ("idem", self.idem.key_id, self.idem.scope, self.idem.key) in pending:
            # The same key earlier in this batch: refused in the database, answered from it after.
            raise VersionConflict("the Idempotency-Key is being stored by an earlier write of the batch")
        head = self.head
        newer: _Head | None = pending.get(game_id) or writer._heads.get(game_id)
        if newer is not None and newer.version > head.version:
            head = newer
        version, state, move_index = head.version, head.state, head.moves
        if self.if_match is not None and self.if_match != version:
            raise StaleVersion(version, self.if_match)
        # After the end the rules accept only what completes the record (Arctic: the hands and face-down
        # cards shown, ``RevealCard``/``RevealPileCard``); such a move leaves the game finished.
        late = kind.rules.is_finished(state)
        try:
            events, new_state, due = writer.states.decide(kind, state, version, submitted.move)
        except RuleViolation as exc:
            if late and exc.code.endswith("game_finished"):
                # Anything but a reveal after the end (or a move that lost the race with the finishing
                # move): the same answer whichever process decided it, as when the row says so.
                raise GameFinishedMove(game_id) from exc
            raise IllegalMove(exc, move_index=move_index, version=version) from exc
        if not events:
            raise RuntimeError(f"{kind.name} decided no event for a legal move: {submitted.move!r}")
        now = datetime.now(UTC)
        command = msgspec.Raw(_json.encode(submitted.move))
        records = [
            Recorded(
                originator_id=game_id,
                originator_version=version + i + 1,
                event=event,
                recorded_at=now,
                move=move_index,
                played_at=submitted.at,
                comment=submitted.comment if i == 0 else None,
                command=command if i == 0 else None,
            )
            for i, event in enumerate(events)
        ]
        new_version = version + len(records)
        status: Status = "finished" if kind.rules.is_finished(new_state) else "live"
        accepted = MoveAccepted(
            game_id=game_id,
            move=move_index,
            version=new_version,
            status=status,
            events=[event_out(kind, r) for r in records],
        )
        reply = Reply(created=True, body=_json.encode(accepted), version=new_version)

        # Only an open game (a late reveal: a finished one): an abandon or a void may have committed since
        # the row was read. The batch's heads go in one statement.
        advance = HeadAdvance(game_id, new_version, move_index + 1, status, now, submitted.at, late, self.keys_at)
        snapshots, idempotent = Snapshots.put(game_id, due), keep(self.idem, reply)
        within = steps(snapshots, idempotent) if snapshots or idempotent else None
        self.after, self.reply = head.after(new_version, new_state, move_index + 1, submitted.at), reply
        self.late = late
        pending[game_id] = self.after
        if self.idem is not None:
            pending["idem", self.idem.key_id, self.idem.scope, self.idem.key] = True
        return Part(records, within, advance)

    def done(self, positions: list[int]) -> Reply:
        assert self.after is not None and self.reply is not None
        if self.late:  # a finished game grew: its replay blocks and row held here are out of date
            self.writer.replay_cache.forget(self.game_id)
        self.writer.states.remember(self.game_id, self.after.version, self.after.state)
        self.writer._heads.put(self.game_id, self.after)
        return positioned(self.reply, positions)
