"""What every use case on games shares: the store, the kinds, a game's row, its opening records, the
idempotency keys and the snapshots written with a write (their SQL: the store's named methods,
``service.base.store.games_table``, ``idempotency``, ``snapshots``).

Everything here is synchronous (the event store is): the HTTP layer calls it in worker threads.
Each write validates in memory first, then stores its events, the game's index row, the snapshots
due and the idempotency key in one transaction: a failure stores nothing.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from datetime import datetime
from typing import Any, cast
from uuid import UUID

import msgspec
from psycopg.types.json import Jsonb

from domain.errors import RuleViolation
from domain.players import handle_key
from service.base.keys import ApiKey
from service.base.store import Recorded
from service.base.store.corrections import Line, StepsAt, is_correction
from service.base.store.games_table import GamesTable, steps
from service.base.store.idempotency import IdempotencyKeys
from service.base.store.kinds import Kind
from service.base.store.recorder import GameRow, Within
from service.base.store.snapshots import Snapshots
from service.games.deps import GameDeps
from service.games.errors import IdempotencyKeyReused, IllegalMove
from service.games.records import FORMAT, FORMAT_VERSION
from service.games.schemas import (
    EventOut,
)

_json = msgspec.json.Encoder()
# The id of the record exported from a game imported without one: importing it back by its owner's key
# finds the game (``RecordImporter``).
EXPORTED = "game:"


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


class GameBase:
    """An application service on games: its dependencies (``GameDeps``, shared by all the services of a
    process) and the helpers every use case shares (a kind, a row, idempotency, a write's rows)."""

    def __init__(self, deps: GameDeps) -> None:
        self.deps = deps
        self.store = deps.store
        self.registry = deps.registry
        self.states = deps.states
        self.blocks = deps.blocks
        self.line_steps = deps.line_steps
        self.games_table = deps.games_table
        self.idempotency_keys = deps.idempotency_keys
        self.snapshot_table = deps.snapshot_table
        self.timeline_marks = deps.timeline_marks

    # ---------------------------------------------------------------- helpers
    def kind(self, name: str) -> Kind:
        return self.deps.kinds.get(name)

    def row(self, game_id: UUID) -> dict[str, Any]:
        return self.deps.rows.row(game_id)

    def steps_taken_back(self, row: dict[str, Any]) -> StepsAt:
        return self.deps.rows.steps_taken_back(row)

    def _replay_idempotent(self, idem: Idempotency | None) -> Reply | None:
        if idem is None:
            return None
        row = self.idempotency_keys.get(idem.key_id, idem.scope, idem.key)
        if row is None:
            return None
        if row["request_hash"] != idem.request_hash:
            raise IdempotencyKeyReused()
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
        return self.deps.rows.position(game_id)

    @staticmethod
    def within(*todo: Within | None) -> Within:
        return steps(*todo)

    @staticmethod
    def _store_idempotent(idem: Idempotency | None, reply: Reply) -> Within | None:
        if idem is None:
            return None
        headers = {"version": reply.version, "locate": str(reply.locate) if reply.locate else None}
        status = 1 if reply.created else 0
        return IdempotencyKeys.put(idem.key_id, idem.scope, idem.key, idem.request_hash, status, reply.body, headers)

    @staticmethod
    def snapshots(game_id: UUID, due: list[tuple[int, bytes]]) -> Within | None:
        return Snapshots.put(game_id, due)

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
        self, kind: Kind, game_id: UUID, setup: Any, now: datetime, opening: Opening, rules_version: str | None = None
    ) -> list[Recorded]:
        """The game's first events; ``rules_version``: an earlier version the kind still plays (an import)."""
        rules = kind.rules
        if rules_version is not None and rules_version != rules.rules_version:
            rules = rules.for_version(rules_version)  # type: ignore[attr-defined]
        try:
            events = rules.start(setup)
        except RuleViolation as exc:
            raise IllegalMove(exc, title="Invalid setup") from exc
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
            rules_version=rules_version_of(kind, state),
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
        return GamesTable.insert(row)

    def export(self, row: dict[str, Any]) -> dict[str, Any]:
        """The game of ``row`` as a record (the import format): exporting then importing gives the same
        events. Whoever calls this has checked that the caller may see it all."""
        return self.record_of(row, self.store.read(row["id"]))

    def record_of(self, row: dict[str, Any], stream: Iterable[Recorded]) -> dict[str, Any]:
        """``export`` of the game of ``row`` whose whole event stream (a fork's: from the origin's events
        copied into it) is ``stream``, read already (an export reads many games' at once)."""
        game_id = row["id"]
        opening: Opening | None = None
        moves: list[dict[str, Any]] = []
        # The corrected line: moves taken back are not part of the game's record.
        line: Line[None, Recorded] = Line(lambda state, _: state, None)
        for rec in stream:
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


def rules_version_of(kind: Kind, state: Any) -> str:
    """The rules version a game plays: the one its first event pinned (an imported or forked game may
    play an earlier version the kind still supports), else the kind's current one."""
    return getattr(state, "rules_version", None) or kind.rules.rules_version


def rules_versions(kind: Kind) -> tuple[str, ...]:
    """The rules versions ``kind`` plays (a kind without earlier versions: its current one)."""
    versions = getattr(kind.rules, "rules_versions", None)
    return tuple(versions()) if versions is not None else (kind.rules.rules_version,)
