"""Recording and reading games: the write path (create, append, import) and the read path.

Everything here is synchronous (the event store is): the HTTP layer calls it in worker threads.
Each write validates in memory first, then stores its events, the game's index row, the snapshots
due and the idempotency key in one transaction: a failure stores nothing.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from functools import cached_property, partial
from typing import Any, cast
from uuid import UUID, uuid4

import msgspec
from eventsourcing.persistence import StoredEvent
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from domain.errors import RuleViolation
from domain.game import Language, Perspective, decide_and_evolve
from domain.players import handle_key
from service.games import codecs, decoding, limits
from service.games.errors import GameNotFound, IllegalMove, NotGameOwner, StaleVersion
from service.games.finished import Block, ReplayBlocks
from service.games.records import FORMAT, FORMAT_VERSION, GameRecord, KindHead, RecordedMove, RecordHead
from service.games.schemas import (
    EventOut,
    GameCreated,
    GameSummary,
    MoveAccepted,
    Replay,
    Status,
    Timeline,
    TimelineEntry,
)
from service.games.sight import Sight
from service.games.states import States
from service.keys import ApiKey
from service.refusals import Category, Refusal
from service.store import GameLog, Recorded, cursors
from service.store.application import VersionConflict
from service.store.kinds import Kind, Registry, encode_snapshot
from service.store.recorder import GameRow, Within

_json = msgspec.json.Encoder()
_canonical = msgspec.json.Encoder(order="deterministic")


class Opening(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Kept on a game's first event: the record header, so a record exports from events alone."""

    setup: msgspec.Raw
    tags: dict[str, str] = {}
    started_at: datetime | None = None
    record_id: str | None = None


_opening_decoder = msgspec.json.Decoder(Opening)


POSITION_HEADER = "x-banquise-position"

_INSERT_GAME = (
    "INSERT INTO games (id, kind, rules_version, owner_key, record_id, record_hash, players, handles, "
    "status, version, moves, created_at, updated_at, played_at) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s)"
)


class _GameRef(msgspec.Struct):
    """The game a stored reply is about (``id`` for creations, ``game_id`` for moves)."""

    id: UUID | None = None
    game_id: UUID | None = None

    def __post_init__(self) -> None:
        self.game_id = self.game_id or self.id


class Idempotency(msgspec.Struct, frozen=True):
    """A client's ``Idempotency-Key`` for one request (scoped to its API key and the request's hash)."""

    key_id: str
    key: str
    request_hash: str


class Reply(msgspec.Struct, kw_only=True):
    """An HTTP answer the service decided on: replayed verbatim for a retried idempotency key."""

    status: int
    body: bytes
    headers: dict[str, str] = {}


def request_hash(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + body).hexdigest()


def etag(version: int) -> str:
    return f'"{version}"'


def _decode_error(
    exc: msgspec.MsgspecError, what: str, *, body: bytes = b"", kind: Kind | None = None, wrapped_at: str = ""
) -> Refusal:
    if isinstance(exc, msgspec.ValidationError):
        extra = decoding.hint(exc, body, kind.rules.move_type, wrapped_at=wrapped_at) if kind is not None else {}
        sentence = extra.pop("sentence", None)
        detail = f"{what}: {exc}" + (f": {sentence}" if sentence else "")
        return Refusal(Category.INVALID, "invalid_request", detail, title="Invalid request", **extra)
    return Refusal(Category.INVALID, "invalid_json", f"{what} is not valid JSON: {exc}", title="Malformed JSON")


class GameService:
    def __init__(self, store: GameLog, registry: Registry, *, snapshot_interval: int = 64) -> None:
        self.store = store
        self.registry = registry
        self.states = States(store, interval=snapshot_interval)
        self.blocks = ReplayBlocks(interval=snapshot_interval)
        self._datastore = store.game_recorder.datastore
        # Serialises writers to one game inside this process: they would only collide in the database.
        self._game_locks: dict[UUID, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    # ---------------------------------------------------------------- helpers
    def kind(self, name: str) -> Kind:
        kind = self.registry.get(name)
        if kind is None:
            raise Refusal(
                Category.UNPROCESSABLE,
                "unknown_game_kind",
                f"unknown game kind {name!r}; known kinds: {', '.join(self.registry.names())}",
                known=self.registry.names(),
            )
        return kind

    def _row(self, game_id: UUID) -> dict[str, Any]:
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT * FROM games WHERE id = %s", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return dict(row)

    def _replay_idempotent(self, idem: Idempotency | None) -> Reply | None:
        if idem is None:
            return None
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT request_hash, status, body, headers FROM idempotency_keys WHERE key_id = %s AND idem_key = %s",
                (idem.key_id, idem.key),
            ).fetchone()
        if row is None:
            return None
        if row["request_hash"] != idem.request_hash:
            raise Refusal(
                Category.UNPROCESSABLE,
                "idempotency_key_reused",
                "this Idempotency-Key was already used for a different request",
            )
        reply = Reply(status=row["status"], body=bytes(row["body"]), headers=dict(row["headers"]))
        game_id = msgspec.json.decode(reply.body, type=_GameRef).game_id
        return self._positioned(reply, [self._game_position(game_id)] if game_id else [])

    @staticmethod
    def _positioned(reply: Reply, positions: list[int]) -> Reply:
        """Tell the client how far the event log went: reads can wait for projections to get there."""
        if positions:
            reply.headers = {**reply.headers, POSITION_HEADER: str(positions[-1])}
        return reply

    def _game_position(self, game_id: UUID) -> int:
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT max(notification_id) AS position FROM banquise_events WHERE originator_id = %s", (game_id,)
            ).fetchone()
        return int(row["position"] or 0) if row else 0

    @staticmethod
    def _within(*steps: Within | None) -> Within:
        def run(cur: Cursor[DictRow]) -> None:
            for step in steps:
                if step is not None:
                    step(cur)

        return run

    @staticmethod
    def _store_idempotent(idem: Idempotency | None, reply: Reply) -> Within | None:
        if idem is None:
            return None

        def run(cur: Cursor[DictRow]) -> None:
            cur.execute(
                "INSERT INTO idempotency_keys (key_id, idem_key, request_hash, status, body, headers) "
                "VALUES (%s, %s, %s, %s, %s, %s)",
                (idem.key_id, idem.key, idem.request_hash, reply.status, reply.body, Jsonb(reply.headers)),
            )

        return run

    def _snapshots(self, game_id: UUID, due: list[tuple[int, bytes]]) -> Within | None:
        if not due:
            return None

        def run(cur: Cursor[DictRow]) -> None:
            # One statement for all of them (executemany sends one per row: ~45 us of CPU each).
            cur.execute(
                "INSERT INTO game_snapshots (game_id, version, state) "
                "SELECT %b, d.version, d.state FROM unnest(%b::integer[], %b::bytea[]) AS d(version, state) "
                "ON CONFLICT DO NOTHING",
                (game_id, [v for v, _ in due], [s for _, s in due]),
            )

        return run

    def _lock(self, game_id: UUID) -> threading.Lock:
        with self._locks_guard:
            lock = self._game_locks.get(game_id)
            if lock is None:
                if len(self._game_locks) > 10_000:
                    self._game_locks.clear()
                lock = self._game_locks[game_id] = threading.Lock()
            return lock

    def _event_out(self, kind: Kind, rec: Recorded, event: Any | None = None) -> EventOut:
        ev = rec.event if event is None else event
        return EventOut(
            version=rec.originator_version,
            type=type(rec.event).__name__,
            recorded_at=rec.recorded_at,
            played_at=rec.played_at,
            move=rec.move,
            actor=kind.rules.actor(rec.event),
            event=ev,
        )

    # ---------------------------------------------------------------- write path
    def _opening_records(
        self, kind: Kind, game_id: UUID, setup: Any, now: datetime, opening: Opening
    ) -> list[Recorded]:
        try:
            events = kind.rules.start(setup)
        except RuleViolation as exc:
            raise IllegalMove(exc) from exc
        command = msgspec.Raw(_json.encode(opening))
        return [
            Recorded(
                originator_id=game_id,
                originator_version=i + 1,
                event=event,
                recorded_at=now,
                played_at=opening.started_at,
                command=command if i == 0 else None,
            )
            for i, event in enumerate(events)
        ]

    def _game_row(
        self,
        game_id: UUID,
        kind: Kind,
        key: ApiKey,
        state: Any,
        version: int,
        moves: int,
        now: datetime,
        started_at: datetime | None,
        record_id: str | None = None,
        record_hash: str | None = None,
    ) -> GameRow:
        players = list(kind.rules.players(state))
        return GameRow(
            id=game_id,
            kind=kind.name,
            rules_version=kind.rules.rules_version,
            owner_key=key.id,
            record_id=record_id,
            record_hash=record_hash,
            players=players,
            handles=[handle_key(p) for p in players],
            status="finished" if kind.rules.is_finished(state) else "live",
            version=version,
            moves=moves,
            created_at=now,
            updated_at=now,
            played_at=started_at,
        )

    @staticmethod
    def _insert_row(row: GameRow) -> Within:
        def run(cur: Cursor[DictRow]) -> None:
            cur.execute(_INSERT_GAME, tuple(row))

        return run

    def create(self, key: ApiKey, body: bytes, idem: Idempotency | None = None) -> Reply:
        replay = self._replay_idempotent(idem)
        if replay is not None:
            return replay
        limits.check_nesting(body)
        try:
            head = msgspec.json.decode(body, type=KindHead)
        except msgspec.MsgspecError as exc:
            raise _decode_error(exc, "the new game") from exc
        kind = self.kind(head.kind)
        try:
            new = codecs.new_game(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise _decode_error(exc, "the new game", body=body, kind=kind, wrapped_at="$.setup") from exc
        limits.check_tags("$.tags", new.tags)
        new = msgspec.structs.replace(new, setup=limits.check_setup("$.setup", new.setup))
        game_id, now = uuid4(), datetime.now(UTC)
        opening = Opening(setup=msgspec.Raw(_json.encode(new.setup)), tags=new.tags, started_at=new.started_at)
        records = self._opening_records(kind, game_id, new.setup, now, opening)
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
        reply = Reply(
            status=201,
            body=_json.encode(created),
            headers={"etag": etag(len(records)), "location": f"/games/{game_id}"},
        )
        within = self._within(
            self._insert_row(self._game_row(game_id, kind, key, state, len(records), 0, now, new.started_at)),
            self._snapshots(game_id, due),
            self._store_idempotent(idem, reply),
        )
        try:
            positions = self.store.append(records, within=within)
        except VersionConflict:
            again = self._replay_idempotent(idem)
            if again is not None:
                return again
            raise
        self.states.remember(game_id, len(records), state)
        return self._positioned(reply, positions)

    def append(
        self, key: ApiKey, game_id: UUID, body: bytes, if_match: int | None, idem: Idempotency | None = None
    ) -> Reply:
        replay = self._replay_idempotent(idem)
        if replay is not None:
            return replay
        row = self._row(game_id)
        if row["owner_key"] != key.id:
            raise NotGameOwner()
        kind = self.kind(row["kind"])
        limits.check_nesting(body)
        try:
            submitted: RecordedMove[Any] = codecs.move(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise _decode_error(exc, "the move", body=body, kind=kind, wrapped_at="$") from exc
        limits.check_comment("$.comment", submitted.comment)
        try:
            with self._lock(game_id):
                return self._append_locked(kind, row, game_id, submitted, if_match, idem)
        except Refusal:
            # A concurrent retry with the same Idempotency-Key may have stored the move first
            # (in another process): then its answer is ours, not the conflict this one ran into.
            again = self._replay_idempotent(idem)
            if again is not None:
                return again
            raise

    def _append_locked(
        self,
        kind: Kind,
        row: dict[str, Any],
        game_id: UUID,
        submitted: RecordedMove[Any],
        if_match: int | None,
        idem: Idempotency | None,
    ) -> Reply:
        replay = self._replay_idempotent(idem)
        if replay is not None:
            return replay
        version, state = self.states.current(kind, game_id, known=int(row["version"]))
        if if_match is not None and if_match != version:
            raise StaleVersion(version, if_match)
        move_index = row["moves"] if row["version"] == version else self._move_count(game_id)
        try:
            events = kind.rules.decide(state, submitted.move)
        except RuleViolation as exc:
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
        new_state, due = self.states.fold(kind, state, records)
        new_version = version + len(records)
        status: Status = "finished" if kind.rules.is_finished(new_state) else "live"
        accepted = MoveAccepted(
            game_id=game_id,
            move=move_index,
            version=new_version,
            status=status,
            events=[self._event_out(kind, r) for r in records],
        )
        reply = Reply(status=201, body=_json.encode(accepted), headers={"etag": etag(new_version)})

        def update_row(cur: Cursor[DictRow]) -> None:
            cur.execute(
                "UPDATE games SET version = %s, moves = %s, status = %s, updated_at = %s WHERE id = %s",
                (new_version, move_index + 1, status, now, game_id),
            )

        within = self._within(update_row, self._snapshots(game_id, due), self._store_idempotent(idem, reply))
        try:
            positions = self.store.append(records, within=within)
        except VersionConflict:
            again = self._replay_idempotent(idem)
            if again is not None:
                return again
            raise StaleVersion(self.store.version(game_id), if_match) from None
        self.states.remember(game_id, new_version, new_state)
        return self._positioned(reply, positions)

    def _move_count(self, game_id: UUID) -> int:
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT moves FROM games WHERE id = %s", (game_id,)).fetchone()
        return int(row["moves"]) if row else 0

    def _import_events(
        self, kind: Kind, record: GameRecord[Any, Any], game_id: UUID, now: datetime
    ) -> tuple[list[Recorded], Any, list[tuple[int, bytes]], int]:
        """A record's events validated (the opening, then each move): the records to store, the final
        state, the snapshots due and the version."""
        limits.check_tags("$.tags", record.tags)
        limits.check_moves("$.moves", record.moves)
        record = msgspec.structs.replace(record, setup=limits.check_setup("$.setup", record.setup))
        opening = Opening(
            setup=msgspec.Raw(_json.encode(record.setup)),
            tags=record.tags,
            started_at=record.started_at,
            record_id=record.id,
        )
        records = self._opening_records(kind, game_id, record.setup, now, opening)
        state, due = self.states.fold(kind, kind.rules.initial_state(), records)
        interval = self.states.interval
        rules = kind.rules
        evolve = rules.evolve
        step = getattr(rules, "decide_and_evolve", None) or partial(decide_and_evolve, rules)
        append = records.append
        version = len(records)
        for index, recorded in enumerate(record.moves):
            try:
                events, after = step(state, recorded.move)
            except RuleViolation as exc:
                raise IllegalMove(exc, move_index=index, version=version) from exc
            if not events:
                continue
            played_at = recorded.at
            append(
                Recorded(
                    originator_id=game_id,
                    originator_version=version + 1,
                    event=events[0],
                    recorded_at=now,
                    move=index,
                    played_at=played_at,
                    comment=recorded.comment,
                    command=msgspec.Raw(_json.encode(recorded.move)),
                )
            )
            for i in range(1, len(events)):
                append(
                    Recorded(
                        originator_id=game_id,
                        originator_version=version + i + 1,
                        event=events[i],
                        recorded_at=now,
                        move=index,
                        played_at=played_at,
                    )
                )
            last = version + len(events)
            if last // interval != version // interval:
                # A snapshot falls within this move: the states between its events are folded again.
                for event in events:
                    state = evolve(state, event)
                    version += 1
                    if version % interval == 0:
                        due.append((version, encode_snapshot(after if version == last else state)))
            state, version = after, last
        return records, state, due, version

    def import_record(self, key: ApiKey, body: bytes, idem: Idempotency | None = None) -> Reply:
        replay = self._replay_idempotent(idem)
        if replay is not None:
            return replay
        limits.check_nesting(body)
        try:
            head = msgspec.json.decode(body, type=RecordHead)
        except msgspec.MsgspecError as exc:
            raise _decode_error(exc, "the record") from exc
        if head.format != FORMAT or head.version != FORMAT_VERSION:
            raise Refusal(
                Category.UNPROCESSABLE,
                "unsupported_record_format",
                f"this server reads {FORMAT} version {FORMAT_VERSION}, not {head.format} version {head.version}",
            )
        kind = self.kind(head.kind)
        try:
            record: GameRecord[Any, Any] = codecs.record(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise _decode_error(exc, "the record", body=body, kind=kind, wrapped_at="$.moves") from exc
        if record.rules_version is not None and record.rules_version != kind.rules.rules_version:
            raise Refusal(
                Category.UNPROCESSABLE,
                "unsupported_rules_version",
                f"the record follows rules {record.rules_version!r}; this server plays {kind.rules.rules_version!r}",
            )
        limits.check_record_id("$.id", record.id)
        digest = hashlib.sha256(_canonical.encode(record)).hexdigest() if record.id else None
        game_id, now = uuid4(), datetime.now(UTC)
        try:
            records, state, due, version = self._import_events(kind, record, game_id, now)
        except Exception:
            # A record id already stored answers for the record, whatever the rest of it says (200 for the
            # same record, 409 for another): asked only when this one fails here or when its insert meets
            # the stored id (below), not before every import (one query per imported game).
            if record.id is not None:
                existing = self._existing_import(key, record.id, digest)
                if existing is not None:
                    return existing
            raise
        created = GameCreated(
            id=game_id,
            kind=kind.name,
            rules_version=kind.rules.rules_version,
            version=version,
            moves=len(record.moves),
            status="finished" if kind.rules.is_finished(state) else "live",
            players=list(kind.rules.players(state)),
            record_id=record.id,
        )
        reply = Reply(
            status=201,
            body=_json.encode(created),
            headers={"etag": etag(version), "location": f"/games/{game_id}"},
        )
        row = self._game_row(
            game_id, kind, key, state, version, len(record.moves), now, record.started_at, record.id, digest
        )
        try:
            if idem is None:
                # The game's row, snapshots and events in one statement (same rows, one transaction).
                positions = [self.store.append_new_game(records, row, due)]
            else:
                within = self._within(
                    self._insert_row(row),
                    self._snapshots(game_id, due),
                    self._store_idempotent(idem, reply),
                )
                positions = self.store.append(records, within=within)
        except VersionConflict:
            again = self._replay_idempotent(idem)
            if again is not None:
                return again
            if record.id is not None:
                existing = self._existing_import(key, record.id, digest)
                if existing is not None:
                    return existing
            raise
        if not kind.rules.is_finished(state):
            # A finished import is never appended to: caching it would only evict the states of live
            # games (and grow the process with every imported game until the cache is full).
            self.states.remember(game_id, version, state)
        return self._positioned(reply, positions)

    def _existing_import(self, key: ApiKey, record_id: str, digest: str | None) -> Reply | None:
        """The game this key already stored under ``record_id`` (ids are the client's own: each key has its own)."""
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT * FROM games WHERE owner_key = %s AND record_id = %s", (key.id, record_id)
            ).fetchone()
        if row is None:
            return None
        if row["record_hash"] != digest:
            raise Refusal(
                Category.CONFLICT,
                "record_id_conflict",
                f"a different record with id {record_id!r} is already stored as game {row['id']}",
                game_id=str(row["id"]),
            )
        created = GameCreated(
            id=row["id"],
            kind=row["kind"],
            rules_version=row["rules_version"],
            version=row["version"],
            moves=row["moves"],
            status=row["status"],
            players=list(row["players"]),
            record_id=record_id,
        )
        reply = Reply(
            status=200,
            body=_json.encode(created),
            headers={"etag": etag(row["version"]), "location": f"/games/{row['id']}"},
        )
        return self._positioned(reply, [self._game_position(row["id"])])

    # ---------------------------------------------------------------- read path
    def summary(self, game_id: UUID, key: ApiKey | None = None) -> GameSummary:
        row = self._row(game_id)
        kind = self.kind(row["kind"])
        _, state = self.states.current(kind, game_id)
        return self._summary(row, Sight.of(row, key).results(kind.rules, state))

    @staticmethod
    def _summary(row: dict[str, Any], results: Any) -> GameSummary:
        gid = row["id"]
        return GameSummary(
            id=gid,
            kind=row["kind"],
            rules_version=row["rules_version"],
            status=row["status"],
            players=list(row["players"]),
            version=row["version"],
            moves=row["moves"],
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            started_at=row["played_at"],
            record_id=row["record_id"],
            results=results,
            links={
                "self": f"/games/{gid}",
                "record": f"/games/{gid}/record",
                "events": f"/games/{gid}/events",
                "timeline": f"/games/{gid}/timeline",
                "replay": f"/games/{gid}/replay/{row['version']}",
            },
        )

    def record(self, game_id: UUID, key: ApiKey | None = None) -> tuple[int, dict[str, Any]]:
        """The game as a record (the import format); exporting then importing gives the same events.
        A live game's record is its owner's (see ``Sight.require_record``)."""
        row = self._row(game_id)
        Sight.of(row, key).require_record(game_id)
        opening: Opening | None = None
        moves: list[dict[str, Any]] = []
        for rec in self.store.read(game_id):
            if rec.command is None:
                continue
            if rec.move is None:
                opening = _opening_decoder.decode(rec.command)
                continue
            entry: dict[str, Any] = {"move": msgspec.json.decode(rec.command)}
            if rec.played_at is not None:
                entry["at"] = rec.played_at
            if rec.comment is not None:
                entry["comment"] = rec.comment
            moves.append(entry)
        if opening is None:
            raise RuntimeError(f"game {game_id} has no opening command")
        record: dict[str, Any] = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "kind": row["kind"],
            "id": opening.record_id or f"game:{game_id}",
            "rules_version": row["rules_version"],
            "tags": opening.tags,
            "setup": msgspec.json.decode(opening.setup),
            "moves": moves,
        }
        if opening.started_at is not None:
            record["started_at"] = opening.started_at
        return row["version"], record

    def parse_perspective(self, text: str, players: int) -> Perspective:
        try:
            perspective = Perspective.parse(text)
        except ValueError as exc:
            raise Refusal(Category.INVALID, "invalid_perspective", str(exc)) from exc
        if perspective.kind == "seat" and not 0 <= (perspective.seat or 0) < players:
            raise Refusal(
                Category.INVALID, "invalid_perspective", f"seat {perspective.seat} is not a seat of this game"
            )
        return perspective

    def events(
        self,
        game_id: UUID,
        perspective_text: str,
        key: ApiKey | None,
        after: int = 0,
        limit: int | None = None,
    ) -> Iterator[EventOut]:
        row = self._row(game_id)
        kind = self.kind(row["kind"])
        sight = Sight.of(row, key, self.parse_perspective(perspective_text, len(row["players"])))
        return self._events(kind, game_id, sight, after, limit)

    def _events(self, kind: Kind, game_id: UUID, sight: Sight, after: int, limit: int | None) -> Iterator[EventOut]:
        rules = kind.rules
        state = self.states.at(kind, game_id, after) if after else rules.initial_state()
        for rec in self.store.read(game_id, after=after, limit=limit):
            state = rules.evolve(state, rec.event)
            yield self._event_out(kind, rec, sight.event(rules, rec.event, state))

    def legal_moves(self, game_id: UUID, key: ApiKey | None) -> tuple[int, list[Any]]:
        """The moves the engine accepts next (they may name hidden cards: the owner's key is needed)."""
        row = self._row(game_id)
        if key is None or key.id != row["owner_key"]:
            raise NotGameOwner("the legal moves of a game may name hidden cards: only its owner's key sees them")
        kind = self.kind(row["kind"])
        version, state = self.states.current(kind, game_id)
        # a game may describe them in the table's terms (Arctic public mode: grouped by "any unseen card")
        listing = getattr(kind.rules, "table_moves", kind.rules.legal_moves)
        return version, [msgspec.to_builtins(m) for m in listing(state)]

    def timeline(self, game_id: UUID, language: Language, key: ApiKey | None = None) -> Timeline:
        row = self._row(game_id)
        kind = self.kind(row["kind"])
        sight = Sight.of(row, key)
        rules = kind.rules
        players = list(row["players"])
        state = rules.initial_state()
        entries: list[TimelineEntry] = []
        previous_move: int | None = -1
        turn = 0
        for rec in self.store.read(game_id):
            state = rules.evolve(state, rec.event)
            actor = rules.actor(rec.event)
            turn_start = rules.is_turn_start(rec.event)
            turn += turn_start
            entries.append(
                TimelineEntry(
                    step=rec.originator_version,
                    type=type(rec.event).__name__,
                    description=rules.describe(sight.event(rules, rec.event, state), language),
                    state_hash=sight.state_hash(rules, state),
                    recorded_at=rec.recorded_at,
                    played_at=rec.played_at,
                    move=rec.move,
                    move_start=rec.move != previous_move,
                    turn_start=turn_start,
                    actor=actor,
                    player=players[actor] if actor is not None and 0 <= actor < len(players) else None,
                    move_number=0 if rec.move is None else rec.move + 1,
                    turn=turn,
                )
            )
            previous_move = rec.move
        return Timeline(game_id=game_id, kind=kind.name, language=language, steps=len(entries), entries=entries)

    def _replay_row(self, game_id: UUID) -> dict[str, Any]:
        row = self.blocks.finished_row(game_id)
        if row is None:
            row = self._row(game_id)
            self.blocks.keep_row(row)
        return row

    def _replay_state(self, kind: Kind, row: dict[str, Any], step: int) -> tuple[Any, Recorded | None]:
        """The state after ``step`` events and that event, from a held block when possible."""
        game_id = row["id"]
        if row["status"] != "finished":
            return self.states.at_step(kind, game_id, step)
        index = self.blocks.block_of(step)
        block = self.blocks.get(game_id, index)
        if block is None:
            first = index * self.blocks.interval + 1
            last = min(first + self.blocks.interval - 1, int(row["version"]))
            _, start, stored = self._block_rows(kind, game_id, first - 1, last)
            to_domain_event = self.store.mapper.to_domain_event
            records: list[Recorded] = []
            for rec in (cast(Recorded, to_domain_event(e)) for e in stored):
                if rec.originator_version < first:
                    start = kind.rules.evolve(start, rec.event)
                else:
                    records.append(rec)
            block = Block(start=start, first=first, records=records)
            self.blocks.put(game_id, index, block)
        return block.state_at(step, kind.rules.evolve)

    def _block_rows(self, kind: Kind, game_id: UUID, before: int, last: int) -> tuple[int, Any, list[StoredEvent]]:
        """The newest snapshot at or before ``before`` and the events after it up to ``last``, in one
        round trip (a cold replay step was two)."""
        query = self._block_query
        with self._datastore.get_connection() as conn:
            rows = conn.execute(query, {"game": game_id, "before": before, "last": last}).fetchall()
        version, start = 0, kind.rules.initial_state()
        stored: list[StoredEvent] = []
        for row in rows:
            if row["topic"] is None:
                version, start = int(row["v"]), kind.decode_snapshot(row["state"])
            else:
                stored.append(StoredEvent(game_id, int(row["v"]), row["topic"], bytes(row["state"])))
        return version, start, stored

    @cached_property
    def _block_query(self) -> bytes:
        table = self.store.game_recorder.events_table_name
        return (
            "WITH snap AS (SELECT version, state FROM game_snapshots "
            "WHERE game_id = %(game)s AND version <= %(before)s ORDER BY version DESC LIMIT 1) "
            "SELECT 0 AS k, version AS v, state, NULL::text AS topic FROM snap "
            "UNION ALL "
            f'SELECT 1, originator_version, state, topic FROM "{table}" '
            "WHERE originator_id = %(game)s AND originator_version <= %(last)s "
            "AND originator_version > COALESCE((SELECT version FROM snap), 0) "
            "ORDER BY k, v"
        ).encode()

    def replay(self, game_id: UUID, step: int, perspective_text: str, key: ApiKey | None) -> Replay:
        row = self._replay_row(game_id)
        kind = self.kind(row["kind"])
        steps = int(row["version"])
        if not 1 <= step <= steps:
            raise Refusal(
                Category.NOT_FOUND,
                "step_not_found",
                f"this game has steps 1 to {steps}, not {step}",
                steps=steps,
            )
        sight = Sight.of(row, key, self.parse_perspective(perspective_text, len(row["players"])))
        rules = kind.rules
        state, rec = self._replay_state(kind, row, step)
        if rec is None:
            rec = next(iter(self.store.read(game_id, after=step - 1, upto=step)))
        base = f"/games/{game_id}/replay/"
        query = f"?perspective={perspective_text}"
        return Replay(
            game_id=game_id,
            kind=kind.name,
            step=step,
            steps=steps,
            perspective=perspective_text,
            state_hash=sight.state_hash(rules, state),
            event=self._event_out(kind, rec, sight.event(rules, rec.event, state)),
            view=sight.view(rules, state),
            links={
                "first": f"{base}1{query}",
                "previous": f"{base}{step - 1}{query}" if step > 1 else None,
                "next": f"{base}{step + 1}{query}" if step < steps else None,
                "last": f"{base}{steps}{query}",
            },
        )


class Cursor_(msgspec.Struct, array_like=True):
    created_at: datetime
    id: UUID


def encode_cursor(created_at: datetime, game_id: UUID) -> str:
    return cursors.encode(Cursor_(created_at, game_id))


def decode_cursor(text: str) -> Cursor_:
    try:
        return cast(Cursor_, cursors.decode(text, Cursor_))
    except cursors.InvalidCursor as exc:
        raise Refusal(Category.INVALID, "invalid_cursor", str(exc)) from exc
