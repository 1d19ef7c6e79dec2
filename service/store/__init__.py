"""The event store: an ``eventsourcing`` Application on PostgreSQL holding every game's events."""

from service.store.application import GameLog, StoredGameEvent
from service.store.envelope import Recorded

__all__ = ["GameLog", "Recorded", "StoredGameEvent"]
