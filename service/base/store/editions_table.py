"""The ``editions`` table of one store, by named methods (its statements: ``editions``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.editions import EditionDocument
from service.base.store.editions import StoredEdition, head, insert, listing, load

if TYPE_CHECKING:
    from service.base.store.application import GameLog


class EditionsTable:
    """Each method on a pooled connection of its own."""

    def __init__(self, store: GameLog) -> None:
        self._datastore = store.game_recorder.datastore

    @property
    def closed(self) -> bool:
        """The store was closed (its pool holds no connection any more)."""
        return bool(self._datastore.pool.closed)

    def insert(
        self, kind: str, edition: EditionDocument, document: bytes, sha256: str, added_by: str | None
    ) -> tuple[StoredEdition, bool]:
        with self._datastore.get_connection() as conn, conn.transaction():
            return insert(conn, kind, edition, document, sha256, added_by)

    def listing(self) -> list[StoredEdition]:
        with self._datastore.get_connection() as conn:
            return listing(conn)

    def load(self, kind: str, edition_id: str, version: str | None) -> tuple[StoredEdition, bytes] | None:
        with self._datastore.get_connection() as conn:
            return load(conn, kind, edition_id, version)

    def head(self, kind: str, edition_id: str, version: str | None) -> StoredEdition | None:
        """An edition's row without its document (the latest version when ``version`` is None)."""
        with self._datastore.get_connection() as conn:
            return head(conn, kind, edition_id, version)
