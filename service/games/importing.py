"""Importing a whole game record: validated in memory, stored in one transaction, recognised by its id."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from functools import partial
from typing import Any
from uuid import UUID, uuid4

import msgspec

from domain.errors import RuleViolation
from domain.game import decide_and_evolve
from service.base.keys import ApiKey
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog, Recorded
from service.base.store.application import VersionConflict
from service.base.store.games_table import GamesTable, steps
from service.base.store.kinds import Kind, encode_snapshot
from service.base.store.rows import IndexedGame
from service.base.store.snapshots import Snapshots
from service.games import codecs, limits, sealing
from service.games.base import EXPORTED, Idempotency, Opening, Reply, rules_version_of, rules_versions
from service.games.decoding import DECODING, decode_error
from service.games.game_records import GameRecords
from service.games.game_rows import GameRows
from service.games.kind_lookup import KindLookup, UnknownGameKind
from service.games.limits import SETUP
from service.games.openings import game_row, opening_records
from service.games.record_format import FORMAT, FORMAT_VERSION, GameRecord, RecordHead
from service.games.replies import IdempotencyKeyReused, Replies, keep, positioned
from service.games.schemas import (
    GameCreated,
)
from service.games.states import IllegalMove, States

_json = msgspec.json.Encoder()
_canonical = msgspec.json.Encoder(order="deterministic")


class UnsupportedRecordFormat(Refusal):
    """A record format or version this server does not read."""

    category = Category.UNPROCESSABLE
    code = "unsupported_record_format"

    def __init__(self, reads: str, version: int, format: str, format_version: int) -> None:
        super().__init__(f"this server reads {reads} version {version}, not {format} version {format_version}")


class UnsupportedRulesVersion(Refusal):
    """A rules version this server does not play."""

    category = Category.UNPROCESSABLE
    code = "unsupported_rules_version"

    def __init__(self, asked: str, plays: tuple[str, ...]) -> None:
        super().__init__(f"the record follows rules {asked!r}; this server plays " + ", ".join(repr(v) for v in plays))


class RecordIdConflict(Refusal):
    """A record's id names a stored game whose record differs from it."""

    category = Category.CONFLICT
    code = "record_id_conflict"

    def __init__(self, detail: str, game_id: UUID) -> None:
        super().__init__(detail, game_id=str(game_id))


class GameAlreadyRecorded(Refusal):
    """A record of a game another key recorded here (``game_id``): nothing is stored."""

    category = Category.CONFLICT
    code = "game_already_recorded"

    def __init__(self, game_id: UUID) -> None:
        super().__init__(
            f"this record is game {game_id}, already recorded on this server by another key: "
            "it is not stored a second time",
            game_id=str(game_id),
        )


class SignedGameRecorded(Refusal):
    """A sealed record whose signed identity (its signer and its game there) is already a game here."""

    category = Category.CONFLICT
    code = "signed_game_recorded"

    def __init__(self, game_id: UUID, signer: str, origin: UUID) -> None:
        super().__init__(
            f"this record is game {origin} as {signer} sealed it, already recorded on this server as game "
            f"{game_id}: a signed game is stored once, whoever sends it",
            game_id=str(game_id),
        )


class RecordSignatureInvalid(Refusal):
    """A sealed record whose seal does not hold (docs/RECORDS.md): changed after it was signed, or unreadable."""

    category = Category.UNPROCESSABLE
    code = "record_signature_invalid"

    def __init__(self, detail: str, key_id: str | None = None) -> None:
        extra = {} if key_id is None else {"key_id": key_id}
        super().__init__(detail, **extra)


class RecordSignerUntrusted(Refusal):
    """A sealed record signed by a key this server does not trust (``BANQUISE_TRUSTED_KEYS``)."""

    category = Category.UNPROCESSABLE
    code = "record_signer_untrusted"

    def __init__(self, detail: str, key_id: str) -> None:
        super().__init__(detail, key_id=key_id)


class RecordImporter:
    def __init__(
        self,
        store: GameLog,
        *,
        states: States,
        games_table: GamesTable,
        kinds: KindLookup,
        rows: GameRows,
        replies: Replies,
        records: GameRecords,
        trusted_keys: tuple[bytes, ...] = (),
    ) -> None:
        self.store = store
        self.states = states
        self.games_table = games_table
        self.kinds = kinds
        self.rows = rows
        self.replies = replies
        self.records = records
        # The signing keys whose sealed records an import accepts (``BANQUISE_TRUSTED_KEYS``).
        self.trusted_keys = trusted_keys

    def _import_events(
        self, kind: Kind, record: GameRecord[Any, Any], game_id: UUID, now: datetime
    ) -> tuple[list[Recorded], Any, list[tuple[int, bytes]], int]:
        """A record's events validated (the opening, then each move): the records to store, the final
        state, the snapshots due and the version."""
        limits.check_tags("$.tags", record.tags)
        limits.check_moves("$.moves", record.moves)
        limits.check_record_times(record, now)
        record = msgspec.structs.replace(record, setup=limits.check_setup("$.setup", record.setup))
        opening = Opening(
            setup=msgspec.Raw(_json.encode(record.setup)),
            tags=record.tags,
            started_at=record.started_at,
            record_id=record.id,
        )
        records = opening_records(kind, game_id, record.setup, now, opening, record.rules_version)
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

    def _decode_record(self, body: bytes) -> tuple[Kind, GameRecord[Any, Any]]:
        """The record in ``body``, in its game kind's own types (format, kind and rules version checked)."""
        limits.check_nesting(body)
        try:
            head = msgspec.json.decode(body, type=RecordHead)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the record") from exc
        if head.format != FORMAT or head.version != FORMAT_VERSION:
            raise UnsupportedRecordFormat(FORMAT, FORMAT_VERSION, head.format, head.version)
        kind = self.kinds.get(head.kind)
        try:
            record: GameRecord[Any, Any] = codecs.record(kind).decode(body)
        except msgspec.MsgspecError as exc:
            raise decode_error(exc, "the record", body=body, kind=kind, wrapped_at="$.moves") from exc
        if record.rules_version is not None and record.rules_version not in rules_versions(kind):
            raise UnsupportedRulesVersion(record.rules_version, rules_versions(kind))
        return kind, record

    @refuses(
        DECODING,
        SETUP,
        UnknownGameKind,
        IllegalMove,
        UnsupportedRecordFormat,
        UnsupportedRulesVersion,
        RecordIdConflict,
        GameAlreadyRecorded,
        SignedGameRecorded,
        RecordSignatureInvalid,
        RecordSignerUntrusted,
        IdempotencyKeyReused,
    )
    def import_record(self, key: ApiKey, body: bytes, idem: Idempotency | None = None) -> Reply:
        replay = self.replies.stored(idem)
        if replay is not None:
            return replay
        kind, record = self._decode_record(body)
        signed_by = self._signer(body, record)
        record = limits.normalise_times(record)
        limits.check_record_id("$.id", record.id)
        exported = self._exported_game(key, kind, record)
        if exported is not None:
            return exported
        digest = record_digest(kind, record) if record.id else None
        signed = self._signed_game(key, record, signed_by, digest)
        if signed is not None:
            return signed
        game_id, now = uuid4(), datetime.now(UTC)
        try:
            records, state, due, version = self._import_events(kind, record, game_id, now)
        except Exception:
            # A record id already stored answers for the record, whatever the rest of it says (200 for the
            # same record, 409 for another): asked only when this one fails here or when its insert meets
            # the stored id (below), not before every import (one query per imported game).
            if record.id is not None:
                existing = self._existing_import(key, kind, record.id, digest, record)
                if existing is not None:
                    return existing
            raise
        created = GameCreated(
            id=game_id,
            kind=kind.name,
            rules_version=rules_version_of(kind, state),
            version=version,
            moves=len(record.moves),
            status="finished" if kind.rules.is_finished(state) else "live",
            players=list(kind.rules.players(state)),
            record_id=record.id,
            signed_by=signed_by,
        )
        reply = Reply(created=True, body=_json.encode(created), version=version, locate=game_id)
        # The game's start at the table: the record's, else its first move's time (service/games/playtime.py).
        started = record.started_at or next((m.at for m in record.moves if m.at is not None), None)
        row = game_row(
            game_id, kind, key, state, version, len(record.moves), now, started, record.id, digest, record.tags
        )
        try:
            if idem is None and signed_by is None:
                # The game's row, snapshots and events in one statement (same rows, one transaction).
                positions = [self.store.append_new_game(records, row, due)]
            else:
                within = steps(
                    GamesTable.insert(row),
                    Snapshots.put(game_id, due),
                    # Its signed identity: a second import of it (any key, at once) fails on its key.
                    GamesTable.sign(signed_by, record.seal.game_id, game_id) if signed_by and record.seal else None,
                    keep(idem, reply) if idem is not None else None,
                )
                positions = self.store.append(records, within=within)
        except VersionConflict:
            again = self.replies.stored(idem)
            if again is not None:
                return again
            signed = self._signed_game(key, record, signed_by, digest)
            if signed is not None:
                return signed
            if record.id is not None:
                existing = self._existing_import(key, kind, record.id, digest, record)
                if existing is not None:
                    return existing
            raise
        if not kind.rules.is_finished(state):
            # A finished import is seldom appended to (a reveal after the end at most): caching it would
            # only evict the states of live games (and grow the process with every imported game).
            self.states.remember(game_id, version, state)
        return positioned(reply, positions)

    def _signer(self, body: bytes, record: GameRecord[Any, Any]) -> str | None:
        """The trusted key that sealed ``record`` (docs/RECORDS.md); None when no key is trusted here or the
        record has no seal. A seal that does not hold, or by a key not trusted, refuses the import."""
        trusted = list(self.trusted_keys)
        if not trusted or record.seal is None:
            return None
        try:
            key_id, valid, by_trusted, problem = sealing.signature_of(msgspec.json.decode(body), trusted)
        except sealing.Unreadable as exc:
            raise RecordSignatureInvalid(str(exc)) from exc
        if not valid:
            raise RecordSignatureInvalid(
                f"the record's seal by {key_id} does not hold: the record was changed after it was signed", key_id
            )
        if not by_trusted:
            raise RecordSignerUntrusted(
                problem or f"signed by {key_id}, which this server does not trust (BANQUISE_TRUSTED_KEYS)", key_id
            )
        return key_id

    def _signed_game(
        self, key: ApiKey, record: GameRecord[Any, Any], signed_by: str | None, digest: str | None
    ) -> Reply | None:
        """The game already stored for a sealed record's signed identity (its signer, its game there): the
        same key's same record is that game (200, nothing stored); any other import of it is refused (409
        ``signed_game_recorded``, naming it), so that one game played counts once wherever it is sent.
        None when the record is not signed by a trusted key, or is new here."""
        if signed_by is None or record.seal is None:
            return None
        row = self.games_table.signed(signed_by, record.seal.game_id)
        if row is None:
            return None
        if row.owner_key == key.id and digest is not None and row.record_hash == digest:
            return self._found(row, row.record_id)
        raise SignedGameRecorded(row.id, signed_by, record.seal.game_id)

    def _existing_import(
        self, key: ApiKey, kind: Kind, record_id: str, digest: str | None, record: GameRecord[Any, Any]
    ) -> Reply | None:
        """The game this key already stored under ``record_id`` (ids are the client's own: each key has its own)."""
        row = self.games_table.owned_by_record(key.id, record_id)
        if row is None:
            return None
        if row.record_hash not in (digest, legacy_digest(record), record_digest(kind, record, row.rules_version)):
            raise RecordIdConflict(
                f"a different record with id {record_id!r} is already stored as game {row.id}", row.id
            )
        return self._found(row, record_id)

    def _exported_game(self, key: ApiKey, kind: Kind, record: GameRecord[Any, Any]) -> Reply | None:
        """The game a record exported from this server names (id ``game:<uuid>``). One of this key's
        games: the same record is that game (200, nothing stored), another is a conflict. Another key's
        game: refused (409 ``game_already_recorded``, nothing stored) — one game, one identity, never
        counted twice in statistics, ratings or head-to-head. None when the id names no stored game
        (then it is a client's id like any other)."""
        if record.id is None or not record.id.startswith(EXPORTED):
            return None
        try:
            game_id = UUID(record.id.removeprefix(EXPORTED))
        except ValueError:
            return None
        row = self.games_table.row(game_id)
        if row is None:
            return None
        if row.owner_key != key.id:
            raise GameAlreadyRecorded(game_id)
        stored = codecs.typed_record(kind, self.records.export(row))
        if _canonical.encode(stored) != _canonical.encode(msgspec.structs.replace(record, seal=None)):
            raise RecordIdConflict(
                f"this record names game {game_id}, exported from this server, but differs from it", game_id
            )
        return self._found(row, row.record_id)

    def _found(self, row: IndexedGame, record_id: str | None) -> Reply:
        """The answer for a record that is a game already stored (200, its id and version)."""
        created = GameCreated(
            id=row.id,
            kind=row.kind,
            rules_version=row.rules_version,
            version=row.version,
            moves=row.moves,
            status=row.status,
            players=list(row.players),
            record_id=record_id,
        )
        reply = Reply(created=False, body=_json.encode(created), version=row.version, locate=row.id)
        return positioned(reply, [self.rows.position(row.id)])


def record_digest(kind: Kind, record: GameRecord[Any, Any], rules_version: str | None = None) -> str:
    """What tells one record from another: its content, decoded, with the rules version it plays under
    made explicit (a record that omits it and the same record exported from the game are one record).
    ``rules_version``: the version a record that omits it was stored under (an earlier current one)."""
    version = record.rules_version or rules_version or kind.rules.rules_version
    explicit = msgspec.structs.replace(record, rules_version=version, seal=None)
    return hashlib.sha256(_canonical.encode(explicit)).hexdigest()


def legacy_digest(record: GameRecord[Any, Any]) -> str:
    """The digest of records imported before ``record_digest`` (the record as decoded)."""
    return hashlib.sha256(_canonical.encode(msgspec.structs.replace(record, seal=None))).hexdigest()
