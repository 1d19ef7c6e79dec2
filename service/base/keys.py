"""API keys: ``bq_<id>_<secret>``, stored as a sha256 hash, never in clear.

Keys are random (160 bits of secret), so a fast hash is the right tool: there is nothing to
brute-force, and verifying must stay cheap on every write.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from datetime import datetime
from typing import Any, NamedTuple

import msgspec
import psycopg
from psycopg.rows import tuple_row

PREFIX = "bq_"


class ApiKey(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str
    admin: bool
    created_at: datetime
    revoked_at: datetime | None = None


class NewKey(msgspec.Struct, frozen=True, kw_only=True):
    key: ApiKey
    token: str  # shown once, at creation


def _hash(token: str) -> bytes:
    return hashlib.sha256(token.encode()).digest()


def _cur(conn: psycopg.Connection) -> psycopg.Cursor[tuple]:
    # Callers may hand us connections with any row factory (the event store's use dict rows).
    return conn.cursor(row_factory=tuple_row)


def split(token: str) -> str | None:
    """The key id inside a token, or None when the token is not shaped like one of ours."""
    if not token.startswith(PREFIX):
        return None
    parts = token[len(PREFIX) :].split("_", 1)
    if len(parts) != 2 or not parts[0].isalnum() or not parts[1]:
        return None
    return parts[0]


def create(conn: psycopg.Connection[Any], name: str, *, admin: bool = False) -> NewKey:
    key_id = secrets.token_hex(6)
    token = f"{PREFIX}{key_id}_{secrets.token_urlsafe(20)}"
    row = (
        _cur(conn)
        .execute(
            "INSERT INTO api_keys (id, name, secret_hash, admin) VALUES (%s, %s, %s, %s) RETURNING created_at",
            (key_id, name, _hash(token), admin),
        )
        .fetchone()
    )
    assert row is not None
    return NewKey(key=ApiKey(id=key_id, name=name, admin=admin, created_at=row[0]), token=token)


def verify(conn: psycopg.Connection, token: str) -> ApiKey | None:
    """The live key a token belongs to, or None (unknown, revoked, or wrong secret)."""
    key_id = split(token)
    if key_id is None:
        return None
    row = (
        _cur(conn)
        .execute("SELECT name, admin, created_at, revoked_at, secret_hash FROM api_keys WHERE id = %s", (key_id,))
        .fetchone()
    )
    if row is None or row[3] is not None or not hmac.compare_digest(bytes(row[4]), _hash(token)):
        return None
    return ApiKey(id=key_id, name=row[0], admin=row[1], created_at=row[2])


def listing(conn: psycopg.Connection[Any]) -> list[ApiKey]:
    rows = _cur(conn).execute("SELECT id, name, admin, created_at, revoked_at FROM api_keys ORDER BY created_at, id")
    return [ApiKey(id=r[0], name=r[1], admin=r[2], created_at=r[3], revoked_at=r[4]) for r in rows]


def revoke(conn: psycopg.Connection[Any], key_id: str) -> bool:
    """Revoke a key; False when there is no such live key."""
    cur = _cur(conn).execute("UPDATE api_keys SET revoked_at = now() WHERE id = %s AND revoked_at IS NULL", (key_id,))
    return cur.rowcount == 1


class Verified(msgspec.Struct, frozen=True):
    """A key as verified, and the count of key changes (``api_key_changes``) it was verified at."""

    key: ApiKey
    changes: int


class KeyCache:
    """Keys verified by this process, by their token's hash, each with the key-change count it was verified
    at. A cached key is good while that count has not moved: whoever trusts one reads the count in a round
    trip it makes anyway (a move reads its game's row) and calls ``confirm`` when it moved — any change
    to any key moves it, so a revocation is seen on the very next request, by every process.

    The cache is per process (the tokens' hashes only), bounded, and emptied when full: keys are few."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._by_hash: dict[bytes, Verified] = {}
        self._lock = threading.Lock()

    def cached(self, token: str) -> Verified | None:
        return self._by_hash.get(_hash(token))

    def verify(self, conn: psycopg.Connection[Any], token: str) -> Verified | None:
        """``verify``, in one round trip with the change count; the answer is kept for ``cached``."""
        key_id = split(token)
        if key_id is None:
            return None
        row = (
            _cur(conn)
            .execute(
                "SELECT c.count, k.name, k.admin, k.created_at, k.revoked_at, k.secret_hash "
                "FROM api_key_changes c LEFT JOIN api_keys k ON k.id = %s",
                (key_id,),
            )
            .fetchone()
        )
        digest = _hash(token)
        if row is None or row[1] is None or row[4] is not None or not hmac.compare_digest(bytes(row[5]), digest):
            self._forget(key_id)
            return None
        verified = Verified(ApiKey(id=key_id, name=row[1], admin=row[2], created_at=row[3]), int(row[0]))
        with self._lock:
            if len(self._by_hash) >= self.size:
                self._by_hash.clear()
            self._by_hash[digest] = verified
        return verified

    def confirm(self, conn: psycopg.Connection[Any], key: ApiKey, changes: int) -> ApiKey | None:
        """A cached ``key`` again, now that the change count is ``changes``: the key as it is, or None when
        it is revoked or gone (then forgotten). The secret was checked when it was cached, and a key's id and
        secret never change."""
        row = (
            _cur(conn)
            .execute("SELECT name, admin, created_at, revoked_at FROM api_keys WHERE id = %s", (key.id,))
            .fetchone()
        )
        if row is None or row[3] is not None:
            self._forget(key.id)
            return None
        fresh = ApiKey(id=key.id, name=row[0], admin=row[1], created_at=row[2])
        with self._lock:
            for digest, verified in list(self._by_hash.items()):
                if verified.key.id == key.id:
                    self._by_hash[digest] = Verified(fresh, changes)
        return fresh

    def _forget(self, key_id: str) -> None:
        with self._lock:
            for digest in [d for d, v in self._by_hash.items() if v.key.id == key_id]:
                del self._by_hash[digest]


class KeyCheck(NamedTuple):
    """A key taken from a ``KeyCache`` and not yet confirmed: the count it was verified at, for the use
    case to compare with the one it reads (``GameWriter.append``)."""

    cache: KeyCache
    changes: int

    def confirms(self, conn: psycopg.Connection[Any], key: ApiKey, changes: int) -> bool:
        """Whether ``key`` is still live now that the change count is ``changes`` (read again if it moved)."""
        return changes == self.changes or self.cache.confirm(conn, key, changes) is not None
