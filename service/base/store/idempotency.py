"""The ``idempotency_keys`` table: a write's reply kept under its client's Idempotency-Key."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from psycopg import Cursor
from psycopg.rows import DictRow
from psycopg.types.json import Jsonb

from service.base.store.recorder import Within
from service.base.store.rows import KeptReply, typed

if TYPE_CHECKING:
    from service.base.store.application import GameLog

# How long an Idempotency-Key is remembered: a retry comes within seconds or minutes; a day covers a
# table's session, then the key may name another request.
IDEMPOTENCY_HOURS = 24

# Scope '': keys stored before they were scoped (they expire like the others).
_GET = (
    "SELECT request_hash, status, body, headers FROM idempotency_keys "
    "WHERE key_id = %s AND scope IN (%s, '') AND idem_key = %s "
    "AND created_at > now() - make_interval(hours => %s) ORDER BY scope DESC LIMIT 1"
)
# Forget expired keys: this one (its name may be reused) and a few of the oldest. This one only once
# expired: a live row means a concurrent request with the key stored first, and then the INSERT's
# conflict makes this write answer with that stored reply instead of storing twice.
_FORGET = (
    "DELETE FROM idempotency_keys WHERE ((key_id, scope, idem_key) = (%s, %s, %s) "
    "AND created_at <= now() - make_interval(hours => %s)) "
    "OR ctid = ANY(ARRAY(SELECT ctid FROM idempotency_keys "
    "WHERE created_at <= now() - make_interval(hours => %s) ORDER BY created_at LIMIT 100))"
)
_PUT = (
    "INSERT INTO idempotency_keys (key_id, scope, idem_key, request_hash, status, body, headers) "
    "VALUES (%s, %s, %s, %s, %s, %s, %s)"
)


class IdempotencyKeys:
    def __init__(self, store: GameLog) -> None:
        self._datastore = store.game_recorder.datastore

    def get(self, key_id: str, scope: str, key: str) -> KeptReply | None:
        """The live row of this key (``request_hash``, ``status``, ``body``, ``headers``), if any."""
        with self._datastore.get_connection() as conn:
            row = conn.execute(_GET, (key_id, scope, key, IDEMPOTENCY_HOURS)).fetchone()
        return None if row is None else typed(row, KeptReply)

    @staticmethod
    def put(
        key_id: str, scope: str, key: str, request_hash: str, status: int, body: bytes, headers: dict[str, Any]
    ) -> Within:
        """Keep a reply under its key, in the write's transaction (a live row of the key fails it)."""

        def run(cur: Cursor[DictRow]) -> None:
            cur.execute(_FORGET, (key_id, scope, key, IDEMPOTENCY_HOURS, IDEMPOTENCY_HOURS))
            cur.execute(_PUT, (key_id, scope, key, request_hash, status, body, Jsonb(headers)))

        return run
