"""What every use case on games shares: the store, the kinds, a game's row, its opening records, the
idempotency keys and the snapshots written with a write.

Everything here is synchronous (the event store is): the HTTP layer calls it in worker threads.
Each write validates in memory first, then stores its events, the game's index row, the snapshots
due and the idempotency key in one transaction: a failure stores nothing.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from typing import Any, cast
from uuid import UUID

import msgspec
from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from domain.errors import RuleViolation
from domain.players import handle_key
from service.games import decoding
from service.games.errors import GameNotFound, IllegalMove
from service.games.finished import ReplayBlocks
from service.games.records import FORMAT, FORMAT_VERSION
from service.games.schemas import (
    EventOut,
)
from service.games.states import States
from service.keys import ApiKey
from service.refusals import Category, Refusal
from service.store import GameLog, Recorded
from service.store.corrections import Line, is_correction
from service.store.kinds import Kind, Registry
from service.store.lru import Lru
from service.store.recorder import INSERT_GAME, GameRow, Within

_json = msgspec.json.Encoder()
# The id of the record exported from a game imported without one: importing it back by its owner's key
# finds the game (``RecordImporter``).
EXPORTED = "game:"
_canonical = msgspec.json.Encoder(order="deterministic")


class Opening(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Kept on a game's first event: the record header, so a record exports from events alone."""

    setup: msgspec.Raw
    tags: dict[str, str] = {}
    started_at: datetime | None = None
    record_id: str | None = None


_opening_decoder = msgspec.json.Decoder(Opening)


class _GameRef(msgspec.Struct):
    """The game a stored reply is about (``id`` for creations, ``game_id`` for moves)."""

    id: UUID | None = None
    game_id: UUID | None = None

    def __post_init__(self) -> None:
        self.game_id = self.game_id or self.id


# How long an Idempotency-Key is remembered: a retry comes within seconds or minutes; a day covers a
# table's session, then the key may name another request.
IDEMPOTENCY_HOURS = 24


class Idempotency(msgspec.Struct, frozen=True):
    """A client's ``Idempotency-Key`` for one request. A key is scoped to its API key and to ``scope``, the
    endpoint and the game it writes to (``POST /games/<id>/moves``): a phone numbering its taps per game
    may use the same numbers in every game. ``request_hash`` tells a retry from another request."""

    key_id: str
    key: str
    request_hash: str
    scope: str = ""


class Reply(msgspec.Struct, kw_only=True):
    """A write's outcome, kept as it was for a retried idempotency key. The HTTP layer answers it: 201
    when ``created``, else 200; the ETag of ``version``; ``Location`` of the game in ``locate``; and
    ``X-Banquise-Position`` of ``position``."""

    created: bool
    body: bytes  # the answer's JSON
    version: int  # the game's version after the write
    locate: UUID | None = None  # the game this answer names (a new game, a record's stored game)
    position: int | None = None  # how far the event log went


class _StoredReply(msgspec.Struct):
    """A reply's ``headers`` column: ours, or (rows kept before this form) the HTTP headers themselves."""

    version: int | None = None
    locate: UUID | None = None
    etag: str | None = None
    location: str | None = None

    def reply(self, created: bool, body: bytes) -> Reply:
        version = self.version if self.version is not None else int((self.etag or '"0"').strip('W/"'))
        locate = self.locate or (UUID(self.location.rsplit("/", 1)[1]) if self.location else None)
        return Reply(created=created, body=body, version=version, locate=locate)


def request_hash(method: str, path: str, body: bytes) -> str:
    return hashlib.sha256(method.encode() + b" " + path.encode() + b"\n" + body).hexdigest()


def _decode_error(
    exc: msgspec.MsgspecError, what: str, *, body: bytes = b"", kind: Kind | None = None, wrapped_at: str = ""
) -> Refusal:
    if isinstance(exc, msgspec.ValidationError):
        extra = decoding.hint(exc, body, kind.rules.move_type, wrapped_at=wrapped_at) if kind is not None else {}
        sentence = extra.pop("sentence", None)
        detail = f"{what}: {exc}" + (f": {sentence}" if sentence else "")
        return Refusal(Category.INVALID, "invalid_request", detail, title="Invalid request", **extra)
    return Refusal(Category.INVALID, "invalid_json", f"{what} is not valid JSON: {exc}", title="Malformed JSON")


class GameBase:
    def __init__(self, store: GameLog, registry: Registry, *, snapshot_interval: int = 64) -> None:
        self.store = store
        self.registry = registry
        self.states = States(store, interval=snapshot_interval)
        self.blocks = ReplayBlocks(interval=snapshot_interval)
        # A corrected game's id -> a version, its steps taken back then and its corrections' steps.
        self.line_steps: Lru[UUID, tuple[int, dict[int, int], set[int]]] = Lru(1024)
        # (game, step) -> where its timeline stands after that step (``GameReader.timeline``'s pages).
        self.timeline_marks: Lru[tuple[UUID, int], Any] = Lru(16384)
        self._datastore = store.game_recorder.datastore

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

    def row(self, game_id: UUID) -> dict[str, Any]:
        with self._datastore.get_connection() as conn:
            row = conn.execute("SELECT * FROM games WHERE id = %s", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(game_id)
        return dict(row)

    def _replay_idempotent(self, idem: Idempotency | None) -> Reply | None:
        if idem is None:
            return None
        with self._datastore.get_connection() as conn:
            # Scope '': keys stored before they were scoped (they expire like the others).
            row = conn.execute(
                "SELECT request_hash, status, body, headers FROM idempotency_keys "
                "WHERE key_id = %s AND scope IN (%s, '') AND idem_key = %s "
                "AND created_at > now() - make_interval(hours => %s) ORDER BY scope DESC LIMIT 1",
                (idem.key_id, idem.scope, idem.key, IDEMPOTENCY_HOURS),
            ).fetchone()
        if row is None:
            return None
        if row["request_hash"] != idem.request_hash:
            raise Refusal(
                Category.UNPROCESSABLE,
                "idempotency_key_reused",
                "this Idempotency-Key was already used for a different request",
            )
        stored = msgspec.convert(row["headers"], _StoredReply)
        # ``status``: 1 created, 0 found (rows kept before this form: the HTTP status, 201 or 200).
        reply = stored.reply(created=row["status"] in (1, 201), body=bytes(row["body"]))
        game_id = msgspec.json.decode(reply.body, type=_GameRef).game_id
        return self.positioned(reply, [self.game_position(game_id)] if game_id else [])

    def _replayed_or_raise(self, idem: Idempotency | None, instead: Exception) -> Reply:
        """After a write met a stored one: the stored answer of this Idempotency-Key (a retry stored
        first, in another process), else ``instead``."""
        again = self._replay_idempotent(idem)
        if again is not None:
            return again
        raise instead

    @staticmethod
    def positioned(reply: Reply, positions: list[int]) -> Reply:
        """Tell the client how far the event log went: reads can wait for projections to get there."""
        if positions:
            reply.position = positions[-1]
        return reply

    def game_position(self, game_id: UUID) -> int:
        with self._datastore.get_connection() as conn:
            row = conn.execute(
                "SELECT max(notification_id) AS position FROM banquise_events WHERE originator_id = %s", (game_id,)
            ).fetchone()
        return int(row["position"] or 0) if row else 0

    @staticmethod
    def within(*steps: Within | None) -> Within:
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
            # Forget expired keys: this one (its name may be reused) and a few of the oldest. This one only
            # once expired: a live row means a concurrent request with the key stored first, and then the
            # INSERT's conflict makes this write answer with that stored reply instead of storing twice.
            cur.execute(
                "DELETE FROM idempotency_keys WHERE ((key_id, scope, idem_key) = (%s, %s, %s) "
                "AND created_at <= now() - make_interval(hours => %s)) "
                "OR ctid = ANY(ARRAY(SELECT ctid FROM idempotency_keys "
                "WHERE created_at <= now() - make_interval(hours => %s) ORDER BY created_at LIMIT 100))",
                (idem.key_id, idem.scope, idem.key, IDEMPOTENCY_HOURS, IDEMPOTENCY_HOURS),
            )
            cur.execute(
                "INSERT INTO idempotency_keys (key_id, scope, idem_key, request_hash, status, body, headers) "
                "VALUES (%s, %s, %s, %s, %s, %s, %s)",
                (
                    idem.key_id,
                    idem.scope,
                    idem.key,
                    idem.request_hash,
                    1 if reply.created else 0,
                    reply.body,
                    Jsonb({"version": reply.version, "locate": str(reply.locate) if reply.locate else None}),
                ),
            )

        return run

    def snapshots(self, game_id: UUID, due: list[tuple[int, bytes]]) -> Within | None:
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

    def _event_out(self, kind: Kind, rec: Recorded, event: Any | None = None, *, comments: bool = True) -> EventOut:
        """``comments``: whether the caller may read the recorder's comments (see ``Sight.comment``)."""
        ev = rec.event if event is None else event
        return EventOut(
            version=rec.originator_version,
            type=type(rec.event).__name__,
            recorded_at=rec.recorded_at,
            played_at=rec.played_at,
            move=rec.move,
            actor=None if is_correction(rec.event) else kind.rules.actor(rec.event),
            event=ev,
            comment=rec.comment if comments else None,
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

    def game_row(
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
        tags: dict[str, str] | None = None,
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
            tags=Jsonb(tags or {}),
        )

    @staticmethod
    def insert_row(row: GameRow) -> Within:
        def run(cur: Cursor[DictRow]) -> None:
            cur.execute(INSERT_GAME, tuple(row))

        return run

    def export(self, row: dict[str, Any]) -> dict[str, Any]:
        """The game of ``row`` as a record (the import format): exporting then importing gives the same
        events. Whoever calls this has checked that the caller may see it all."""
        game_id = row["id"]
        opening: Opening | None = None
        moves: list[dict[str, Any]] = []
        # The corrected line: moves taken back are not part of the game's record.
        line: Line[None, Recorded] = Line(lambda state, _: state, None)
        for rec in self.store.read(game_id):
            line.add(rec.originator_version, rec.event, rec)
        for _, _, kept in line.kept:
            rec = cast(Recorded, kept)
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
            "id": opening.record_id or f"{EXPORTED}{game_id}",
            "rules_version": row["rules_version"],
            "tags": opening.tags,
            "setup": msgspec.json.decode(opening.setup),
            "moves": moves,
        }
        if opening.started_at is not None:
            record["started_at"] = opening.started_at
        return record
