"""The ``arctica_editions`` table: Arctica editions a club stored (the packaged ones live in the domain).

A row is never changed in place — a trigger refuses UPDATE and DELETE — so an (id, version) always
stands for the same content: its ``sha256`` (the edition's canonical JSON, see
``domain.arctica.edition.fingerprint``), which the games recorded on it pin in their first event.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from psycopg import Connection
from psycopg.rows import tuple_row

from domain.arctica.edition import Edition

EDITIONS = """
CREATE TABLE arctica_editions (
    id         text NOT NULL,
    version    text NOT NULL,
    seq        bigint GENERATED ALWAYS AS IDENTITY,   -- the order versions were added: the latest is the default
    label      text NOT NULL,
    notice     text NOT NULL,
    sha256     text NOT NULL,                         -- of `document`
    document   bytea NOT NULL,                        -- the edition's canonical JSON
    added_by   text REFERENCES api_keys (id),         -- NULL when added with the CLI on the server
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (id, version)
);
CREATE FUNCTION arctica_editions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'an Arctica edition is never changed in place: add a new version';
END
$$;
CREATE TRIGGER arctica_editions_immutable BEFORE UPDATE OR DELETE ON arctica_editions
    FOR EACH ROW EXECUTE FUNCTION arctica_editions_immutable();
"""


class StoredEdition(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    version: str
    label: str
    notice: str
    sha256: str
    created_at: datetime


_COLUMNS = "id, version, label, notice, sha256, created_at"


def _row(row: Any) -> StoredEdition:
    return StoredEdition(id=row[0], version=row[1], label=row[2], notice=row[3], sha256=row[4], created_at=row[5])


def insert(
    conn: Connection[Any], edition: Edition, document: bytes, sha256: str, added_by: str | None
) -> tuple[StoredEdition, bool]:
    """Store the edition unless its (id, version) is taken; the row and whether this call added it."""
    cur = conn.cursor(row_factory=tuple_row)
    row = cur.execute(
        f"INSERT INTO arctica_editions (id, version, label, notice, sha256, document, added_by)"
        f" VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT (id, version) DO NOTHING RETURNING {_COLUMNS}",
        (edition.id, edition.version, edition.label, edition.notice, sha256, document, added_by),
    ).fetchone()
    if row is not None:
        return _row(row), True
    existing = cur.execute(
        f"SELECT {_COLUMNS} FROM arctica_editions WHERE id = %s AND version = %s", (edition.id, edition.version)
    ).fetchone()
    assert existing is not None  # rows are never deleted
    return _row(existing), False


def listing(conn: Connection[Any]) -> list[StoredEdition]:
    rows = (
        conn.cursor(row_factory=tuple_row)
        .execute(f"SELECT {_COLUMNS} FROM arctica_editions ORDER BY id, seq")
        .fetchall()
    )
    return [_row(r) for r in rows]


def head(conn: Connection[Any], edition_id: str, version: str | None) -> StoredEdition | None:
    """A stored edition's row without its document (the latest version added when ``version`` is None)."""
    cur = conn.cursor(row_factory=tuple_row)
    if version is None:
        row = cur.execute(
            f"SELECT {_COLUMNS} FROM arctica_editions WHERE id = %s ORDER BY seq DESC LIMIT 1", (edition_id,)
        ).fetchone()
    else:
        row = cur.execute(
            f"SELECT {_COLUMNS} FROM arctica_editions WHERE id = %s AND version = %s", (edition_id, version)
        ).fetchone()
    return None if row is None else _row(row)


def load(conn: Connection[Any], edition_id: str, version: str | None) -> tuple[StoredEdition, bytes] | None:
    """A stored edition and its canonical JSON (the latest version added when ``version`` is None)."""
    cur = conn.cursor(row_factory=tuple_row)
    if version is None:
        row = cur.execute(
            f"SELECT {_COLUMNS}, document FROM arctica_editions WHERE id = %s ORDER BY seq DESC LIMIT 1",
            (edition_id,),
        ).fetchone()
    else:
        row = cur.execute(
            f"SELECT {_COLUMNS}, document FROM arctica_editions WHERE id = %s AND version = %s",
            (edition_id, version),
        ).fetchone()
    return None if row is None else (_row(row), bytes(row[6]))
