"""The event store: an ``eventsourcing`` Application on PostgreSQL holding every game's events."""

# Imported for its topic registration: voids stored under the admin events' former module decode.
from service.store import admin as _admin  # noqa: F401
from service.store.application import GameLog, StoredGameEvent
from service.store.envelope import Recorded

__all__ = ["GameLog", "Recorded", "StoredGameEvent"]
