"""The server's Ed25519 key: it signs the records this server exports (docs/RECORDS.md).

One key per deployment, made at the first start and kept with the data (the ``server_keys`` table, made
by migration 0018), so every process and worker of the deployment signs with the same key and a backup
of the database keeps it. Its id is derived from the public key alone: anyone holding the public key
can compute it.
"""

from __future__ import annotations

import base64
import hashlib
from typing import Any

import msgspec
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, NoEncryption, PrivateFormat, PublicFormat
from psycopg import Connection, sql
from psycopg.rows import tuple_row

ALGORITHM = "ed25519"

# Migration 0018 (``{}``: the schema's table). One row: the deployment's key.
SERVER_KEYS = """
CREATE TABLE IF NOT EXISTS {} (
    one         boolean PRIMARY KEY DEFAULT true CHECK (one),
    private_key bytea NOT NULL,                   -- the raw 32-byte Ed25519 seed
    public_key  bytea NOT NULL,                   -- the raw 32-byte public key
    created_at  timestamptz NOT NULL DEFAULT now()
);
"""


def key_id(public: bytes) -> str:
    """A public key's id: ``ed25519:`` and the first 16 hex digits of the SHA-256 of its 32 raw bytes."""
    return f"{ALGORITHM}:{hashlib.sha256(public).hexdigest()[:16]}"


class PublicKey(msgspec.Struct, frozen=True, kw_only=True):
    """A public key as the API serves it and ``--key``/``BANQUISE_TRUSTED_KEYS`` take it."""

    algorithm: str
    key_id: str
    public_key: str  # the 32 raw bytes, base64 (standard alphabet, padded)


class BadKey(ValueError):
    """Text that is not a public key in any form we read."""


def public_key_text(public: bytes) -> str:
    return base64.b64encode(public).decode()


def parse_public_key(text: str) -> bytes:
    """A public key's 32 raw bytes from its base64 (``public_key``), hex, or the JSON ``GET /keys/server``
    answers (``{"public_key": …}``)."""
    text = text.strip()
    if text.startswith("{"):
        try:
            text = msgspec.json.decode(text, type=PublicKey).public_key
        except msgspec.MsgspecError as exc:
            raise BadKey(f"not a Banquise public key document: {exc}") from exc
    raw: bytes | None = None
    if len(text) == 64:
        try:
            raw = bytes.fromhex(text)
        except ValueError:
            raw = None
    if raw is None:
        try:
            raw = base64.b64decode(text, validate=True)
        except ValueError as exc:
            raise BadKey("a public key is 32 bytes in base64 or hex") from exc
    if len(raw) != 32:
        raise BadKey(f"an Ed25519 public key is 32 bytes, not {len(raw)}")
    return raw


def verify(public: bytes, signature: bytes, message: bytes) -> bool:
    """Whether ``signature`` is ``public``'s over ``message``."""
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, message)
    except (InvalidSignature, ValueError):
        return False
    return True


class SigningKey:
    """A private key and what it publishes."""

    def __init__(self, private: Ed25519PrivateKey) -> None:
        self._private = private
        self.public = private.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        self.id = key_id(self.public)

    @classmethod
    def generate(cls) -> SigningKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_seed(cls, seed: bytes) -> SigningKey:
        return cls(Ed25519PrivateKey.from_private_bytes(seed))

    def seed(self) -> bytes:
        return self._private.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())

    def sign(self, message: bytes) -> bytes:
        return self._private.sign(message)

    def described(self) -> PublicKey:
        return PublicKey(algorithm=ALGORITHM, key_id=self.id, public_key=public_key_text(self.public))


def server_key(conn: Connection[Any], schema: str) -> SigningKey:
    """The deployment's key, made now if this is the first start. Processes starting together make one
    each, and all keep the one stored first (the table has one row)."""
    table = sql.Identifier(schema, "server_keys")
    cur = conn.cursor(row_factory=tuple_row)
    made = SigningKey.generate()
    with conn.transaction():
        cur.execute(
            sql.SQL("INSERT INTO {} (private_key, public_key) VALUES (%s, %s) ON CONFLICT DO NOTHING").format(table),
            (made.seed(), made.public),
        )
        row = cur.execute(sql.SQL("SELECT private_key FROM {}").format(table)).fetchone()
    if row is None:
        raise RuntimeError("server_keys has no row")
    return SigningKey.from_seed(bytes(row[0]))
