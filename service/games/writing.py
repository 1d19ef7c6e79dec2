"""Recording a game as it is played: a new game, then one move at a time (If-Match, Idempotency-Key)."""

from __future__ import annotations

import threading
from datetime import UTC, datetime
from typing import Any, NamedTuple
from uuid import UUID, uuid4

import msgspec

from domain.errors import RuleViolation
from service.base.keys import ApiKey, KeyCheck
from service.base.refusals import Refusal, refuses
from service.base.store import Recorded
from service.base.store.application import VersionConflict
from service.base.store.batching import Part
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
from service.games.deps import GameDeps
from service.games.game_records import event_out
from service.games.game_rows import (
    WRITING,
    ClosedGame,
    GameAbandonedRefusal,
    GameVoidedRefusal,
    NotGameOwner,
    StaleVersion,
    closed_refusal,
)
from service.games.keys import InvalidApiKey
from service.games.kind_lookup import UnknownGameKind
from service.games.limits import SETUP, TEXTS, TIMES
from service.games.openings import game_row, opening_records
from service.games.record_format import KindHead, RecordedMove
from service.games.replies import IdempotencyKeyReused, keep, positioned
from service.games.schemas import (
    GameCreated,
    MoveAccepted,
    Status,
)
from service.games.states import IllegalMove

_json = msgspec.json.Encoder()


class GameFinishedMove(ClosedGame):
    """A move to a finished game that its rules do not accept after the end (they take reveals only)."""

    state = "finished"
    code = "game_finished"
    consequence = "it takes no more moves, only the reveals its rules accept after the end"


class GameWriter:
    def __init__(self, deps: GameDeps) -> None:
        self.deps = deps
        self.store = deps.store
        self.states = deps.states
        self.games_table = deps.games_table
        self.blocks = deps.blocks
        self.kinds = deps.kinds
        self.rows = deps.rows
        self.replies = deps.replies
        self.group = deps.group  # the process's group-commit writer for moves (``service.base.store.batching``)
        self._heads: Lru[UUID, _Head] = deps.heads
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
    def append(
        self,
        key: ApiKey,
        game_id: UUID,
        body: bytes,
        if_match: int | None,
        idem: Idempotency | None = None,
        *,
        check: KeyCheck | None = None,
        held: bool = True,
    ) -> Reply:
        """``check``: ``key`` came from the process's key cache; it is confirmed in the round trip that
        reads the game's row (no round trip of its own), or, for a game whose head this process holds, in
        the move's own transaction (no row read at all: ``held_move``). ``held=False``: the caller tried
        that already (the route, on the event loop); decide from the row."""
        if check is not None and held:
            job = self.held_move(key, game_id, body, if_match, idem, check)
            written = self._write_held(job) if job is not None else None
            if written is not None:
                return written
        row = self.rows.row(game_id) if check is None else self._row_confirming(game_id, key, check)
        replay = self.replies.stored(idem)
        if replay is not None:
            return replay
        if row.owner_key != key.id:
            raise NotGameOwner()
        if row.voided:
            raise GameVoidedRefusal(game_id)
        if row.status == "abandoned":
            raise GameAbandonedRefusal(game_id)
        kind = self.kinds.get(row.kind)
        limits.check_nesting(body)
        try:
            submitted: RecordedMove[Any] = codecs.move(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the move", body=body, kind=kind, wrapped_at="$") from exc
        limits.check_comment("$.comment", submitted.comment)
        if submitted.at is not None:
            submitted.at = limits.check_time("$.at", submitted.at)
            limits.check_play_time("$.at", submitted.at, self._last_played(game_id, row), datetime.now(UTC))
        for attempt in (1, 2):
            version, state = self.states.current(kind, game_id, known=int(row.version))
            moves = row.moves if row.version == version else self._move_count(game_id)
            # The last event's time matters only to the next move, which this one's replaces.
            read = _Head(version, state, moves, key.id, kind.name, row.played_at, None)
            job = _Append(self, kind, game_id, submitted, if_match, idem, read)
            try:
                return self.group.write(job)
            except GameClosed as closed:
                raise closed_refusal(game_id, closed.state) from None
            except VersionConflict:
                if if_match is not None or attempt == 2:
                    return self.replies.stored_or_raise(idem, StaleVersion(self.store.version(game_id), if_match))
                # Another process wrote to the game first, or this request's batch was refused: the
                # request said no version, so it is decided again on the game as it is now (a retry with
                # its Idempotency-Key finds its stored answer).
                replay = self.replies.stored(idem)
                if replay is not None:
                    return replay
                row = self.rows.row(game_id)
            except Refusal as refusal:
                # A concurrent retry with the same Idempotency-Key may have stored the move first
                # (in another process): then its answer is ours, not the conflict this one ran into.
                return self.replies.stored_or_raise(idem, refusal)
        raise AssertionError("unreachable")

    def held_move(
        self,
        key: ApiKey,
        game_id: UUID,
        body: bytes,
        if_match: int | None,
        idem: Idempotency | None,
        check: KeyCheck,
    ) -> _Append | None:
        """A move to a game whose head this process wrote, as a job for the group-commit writer, made
        without any I/O (an event loop may call it): None when the head is not held, or the move is
        refused from it. Stored, it is a move the long way would have stored: its transaction checks what
        the row would have said (the version by the events' key, the game open, the key unrevoked, no
        stored answer under its Idempotency-Key). Half of a move's CPU went to reading that row."""
        head = self._heads.get(game_id)
        if head is None or head.owner != key.id or self._shared.peek(game_id):
            return None
        try:
            kind = self.kinds.get(head.kind)
            limits.check_nesting(body)
            submitted: RecordedMove[Any] = codecs.move(kind).decode(body)
            limits.check_comment("$.comment", submitted.comment)
            if submitted.at is not None:
                submitted.at = limits.check_time("$.at", submitted.at)
                last = head.last_played or head.started
                limits.check_play_time("$.at", submitted.at, last, datetime.now(UTC))
        except (Refusal, msgspec.MsgspecError):
            return None
        return _Append(self, kind, game_id, submitted, if_match, idem, head, keys_at=check.changes)

    async def store_held(self, job: _Append) -> Reply | None:
        """``job`` stored by the group-commit writer, awaited on the event loop; None when anything
        refused it (a stale head, a void or an abandon committed elsewhere, a key changed, an answer
        stored under its Idempotency-Key): the move is then decided again the long way, from the row,
        so that a refusal is the same answer from every process."""
        try:
            reply = await self.group.submit(job)
        except (Refusal, VersionConflict, GameClosed, KeysChanged) as refused:
            self._refused_held(job, refused)
            return None
        self._stored_held()
        return reply

    def _write_held(self, job: _Append) -> Reply | None:
        """``store_held`` from a thread."""
        try:
            reply = self.group.write(job)
        except (Refusal, VersionConflict, GameClosed, KeysChanged) as refused:
            self._refused_held(job, refused)
            return None
        self._stored_held()
        return reply

    def _stored_held(self) -> None:
        with self._counting:
            self.held_stored += 1

    def _refused_held(self, job: _Append, refused: Exception) -> None:
        """A held move refused: counted; a stale head means another process writes to the game too (a
        balancer sending a table's moves to several workers), and then its moves go the long way: a
        stale head fails its whole batch (each write of it is stored again alone)."""
        with self._counting:
            self.held_again += 1
        ahead = isinstance(refused, StaleVersion) and job.if_match is not None and job.if_match > refused.current
        if isinstance(refused, VersionConflict) or ahead:  # (a client behind the head says nothing of it)
            self._shared.put(job.game_id, True)

    def _row_confirming(self, game_id: UUID, key: ApiKey, check: KeyCheck) -> IndexedGame:
        """The game's row, and the count of key changes in the same statement: when it moved since
        ``key`` was cached, the key is read again (refused if revoked meanwhile)."""
        row, live = self.games_table.move_row(game_id, key, check)
        if not live:
            raise InvalidApiKey()
        if row is None:
            raise self.rows.missing(game_id)
        return row

    def _last_played(self, game_id: UUID, row: IndexedGame) -> datetime | None:
        """When the game's last event was played, if its recorder said (else when the game began)."""
        last = self.store.last(game_id)
        return (last.played_at if last is not None else None) or row.played_at

    def _move_count(self, game_id: UUID) -> int:
        return self.games_table.moves(game_id)


class _Head(NamedTuple):
    """A game at one version: its state and how many moves it holds; and what a move reads of its row."""

    version: int
    state: Any
    moves: int
    owner: str
    kind: str
    started: datetime | None  # the row's ``played_at``: the start at the table, else the first move's time
    last_played: datetime | None  # the last event's ``played_at``

    def after(self, version: int, state: Any, moves: int, played_at: datetime | None) -> _Head:
        """The head once a move played at ``played_at`` is stored."""
        return self._replace(
            version=version,
            state=state,
            moves=moves,
            started=self.started or played_at,
            last_played=played_at,
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
        read: _Head,
        *,
        keys_at: int | None = None,
    ) -> None:
        self.writer, self.kind, self.game_id, self.submitted = writer, kind, game_id, submitted
        self.if_match, self.idem, self.read = if_match, idem, read
        self.keys_at = keys_at  # a cached key's count of key changes, confirmed in the transaction
        self.after: _Head | None = None
        self.reply: Reply | None = None
        self.late = False

    def prepare(self, pending: dict[Any, Any]) -> Part:
        writer, kind, game_id, submitted = self.writer, self.kind, self.game_id, self.submitted
        if self.idem is not None and ("idem", self.idem.key_id, self.idem.scope, self.idem.key) in pending:
            # The same key earlier in this batch: refused in the database, answered from it after.
            raise VersionConflict("the Idempotency-Key is being stored by an earlier write of the batch")
        head = self.read
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
            self.writer.blocks.forget(self.game_id)
        self.writer.states.remember(self.game_id, self.after.version, self.after.state)
        self.writer._heads.put(self.game_id, self.after)
        return positioned(self.reply, positions)
