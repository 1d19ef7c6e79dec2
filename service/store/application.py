"""The event-sourced application that stores every game's events."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, cast
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import IntegrityError, Mapper, Notification
from eventsourcing.utils import get_topic

from service.database import ConnectionParams
from service.store import migrations
from service.store.envelope import Recorded
from service.store.mapper import MsgspecMapper, topics_and_states
from service.store.recorder import GameRecorder, GameRow, Within
from service.store.tables import GAME_FORKS, RECORD_IDS_PER_KEY, TABLES

StoredGameEvent = Recorded


class VersionConflict(Exception):
    """Another writer appended to the game first: the expected version is stale."""


class GameLog(Application[UUID]):
    """All games' events in one ``banquise_events`` table, with a global notification log."""

    name = "Banquise"

    def __init__(self, params: ConnectionParams, *, schema: str = "public", pool_size: int = 8) -> None:
        self.params = params
        self.schema = schema
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": params.dbname,
            "POSTGRES_HOST": params.host,
            "POSTGRES_PORT": str(params.port),
            "POSTGRES_USER": params.user,
            "POSTGRES_PASSWORD": params.password,
            "POSTGRES_SCHEMA": schema,
            "POSTGRES_POOL_SIZE": str(pool_size),
            "POSTGRES_MAX_OVERFLOW": "2",
            "POSTGRES_CONNECT_TIMEOUT": "10",
            # Measured: the db-function insert path lets a tailing reader skip notifications.
            "POSTGRES_ENABLE_DB_FUNCTIONS": "n",
            # Tables are created by our migrations, under an advisory lock, exactly once.
            "CREATE_TABLE": "n",
            "APPLICATION_RECORDER_TOPIC": get_topic(GameRecorder),
        }
        super().__init__(env)
        migrations.migrate(
            params.conninfo(),
            schema,
            [
                ("0001_event_store", self._create_event_tables),
                *TABLES,
                ("0004_new_game_function", self.game_recorder.create_new_game_function),
                # The function now returns the last notification id only (0004 made one returning them all).
                ("0005_insert_new_game_function", self.game_recorder.create_new_game_function),
                ("0006_record_ids_per_key", RECORD_IDS_PER_KEY),
                ("0007_game_forks", GAME_FORKS),
            ],
        )
        # Composite types exist now: let the recorder's connections use them.
        self.game_recorder.datastore.register_type_adapters()

    def construct_mapper(self) -> Mapper[UUID]:
        return MsgspecMapper()

    @property
    def game_recorder(self) -> GameRecorder:
        return cast(GameRecorder, self.recorder)

    def _create_event_tables(self) -> None:
        self.game_recorder.create_table()

    def append(self, records: Sequence[Recorded], *, within: Within | None = None) -> list[int]:
        """Store the records in one transaction (and ``within`` in the same one); their notification ids.

        Raises :class:`VersionConflict` when a record's position is already taken.
        """
        # What ``save()`` does for events (map, insert, notification ids), without what only costs here:
        # its per-event ``isinstance(obj, DomainEventProtocol)`` (a runtime-checkable Protocol, ~30 us) and
        # a Recording and a Notification built per event that nobody reads. Measured by ``make bench``
        # (bulk import): the three were about a third of the server's CPU per imported event.
        if not records:
            return []
        first = records[0]
        game_id, version = first.originator_id, first.originator_version
        try:
            if all(
                (rec.originator_id is game_id or rec.originator_id == game_id) and rec.originator_version == version + i
                for i, rec in enumerate(records)
            ):
                # One game's events at consecutive versions (every write of the service): no StoredEvent
                # per event, the game id and first version sent once (``make bench``, item 1).
                topics, states = topics_and_states(records)
                return self.game_recorder.insert_game_events(game_id, version, topics, states, within=within)
            stored = list(map(self.mapper.to_stored_event, records))
            ids = self.recorder.insert_events(stored, within=within)
        except IntegrityError as exc:
            raise VersionConflict(str(exc)) from exc
        return list(ids or [])

    def append_new_game(
        self, records: Sequence[Recorded], game: GameRow, snapshots: Sequence[tuple[int, bytes]]
    ) -> int:
        """``append`` of a new game's first records, with its ``games`` row and snapshots, in one statement
        (see ``GameRecorder.insert_new_game``); the records are one game's at consecutive versions, at
        least one. Returns the notification id of the last record (how far the log went).

        Raises :class:`VersionConflict` when a row is already taken (the game, a record id, a version).
        """
        if not records:
            raise ValueError("append_new_game takes a new game's records")
        first = records[0]
        if not all(
            (rec.originator_id is first.originator_id or rec.originator_id == first.originator_id)
            and rec.originator_version == first.originator_version + i
            for i, rec in enumerate(records)
        ):
            raise ValueError("append_new_game takes one game's records at consecutive versions")
        topics, states = topics_and_states(records)
        try:
            return self.game_recorder.insert_new_game(game, first.originator_version, topics, states, snapshots)
        except IntegrityError as exc:
            raise VersionConflict(str(exc)) from exc

    def read(
        self, game_id: UUID, *, after: int | None = None, upto: int | None = None, limit: int | None = None
    ) -> Iterator[Recorded]:
        """A game's records in order; ``after``/``upto`` are versions (exclusive/inclusive)."""
        return cast(Iterator[Recorded], self.events.get(game_id, gt=after, lte=upto, limit=limit))

    def version(self, game_id: UUID) -> int:
        """The game's current version (its number of events); 0 for an unknown game."""
        last = list(self.events.get(game_id, desc=True, limit=1))
        return cast(Recorded, last[0]).originator_version if last else 0

    def notifications(self, start: int, limit: int, topics: Sequence[str] = ()) -> list[Notification]:
        return list(self.recorder.select_notifications(start=start, limit=limit, topics=topics))

    def decode(self, notification: Notification) -> Recorded:
        return cast(Recorded, self.mapper.to_domain_event(notification))

    def max_notification_id(self) -> int:
        return self.recorder.max_notification_id() or 0

    def ping(self) -> Any:
        with self.game_recorder.datastore.transaction(commit=False) as curs:
            curs.execute("SELECT 1 AS ok")
            return curs.fetchone()
