"""The event store: an ``eventsourcing`` Application on PostgreSQL holding every game's events."""

# Imported for its topic registration: voids stored under the admin events' former module decode.
from service.base.store import admin as _admin  # noqa: F401
from service.base.store.application import GameLog, StoredGameEvent
from service.base.store.envelope import Recorded

__all__ = ["GameLog", "Recorded", "StoredGameEvent"]
