"""The ``api_keys`` table through the event store's connections (its statements: ``service.base.keys``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from service.base import keys
from service.base.keys import ApiKey, KeyCache, NewKey, Verified

if TYPE_CHECKING:
    from service.base.store.application import GameLog


class ApiKeysTable:
    def __init__(self, store: GameLog) -> None:
        self._datastore = store.game_recorder.datastore

    def create(self, name: str, *, admin: bool) -> NewKey:
        with self._datastore.get_connection() as conn, conn.transaction():
            return keys.create(conn, name, admin=admin)

    def listing(self) -> list[ApiKey]:
        with self._datastore.get_connection() as conn:
            return keys.listing(conn)

    def revoke(self, key_id: str) -> bool:
        """False when there is no such live key."""
        with self._datastore.get_connection() as conn, conn.transaction():
            return keys.revoke(conn, key_id)

    def verify(self, cache: KeyCache, token: str) -> Verified | None:
        """The live key of ``token`` with the key-change count it was verified at (kept in ``cache``)."""
        with self._datastore.get_connection() as conn:
            return cache.verify(conn, token)
