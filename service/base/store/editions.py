"""The ``editions`` table: the editions a club stored, of every kind that has editions (the packaged
ones live in the kind's package, ``GamePlugin.editions``).

A row is never changed in place — a trigger refuses UPDATE and DELETE — so a (kind, id, version) always
stands for the same content: its ``sha256`` (the edition's canonical JSON, fingerprinted by the kind),
which the games recorded on it pin in their first event.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

import msgspec
from psycopg import Connection
from psycopg.rows import tuple_row

from domain.editions import EditionDocument

_TABLE = """
CREATE TABLE IF NOT EXISTS editions (
    kind       text NOT NULL,                         -- the game kind (its plug-in decodes the document)
    id         text NOT NULL,
    version    text NOT NULL,
    seq        bigint GENERATED ALWAYS AS IDENTITY,   -- the order versions were added: the latest is the default
    label      text NOT NULL,
    notice     text NOT NULL,
    sha256     text NOT NULL,                         -- of `document`
    document   bytea NOT NULL,                        -- the edition's canonical JSON
    added_by   text REFERENCES api_keys (id),         -- NULL when added with the CLI on the server
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, id, version)
);
CREATE OR REPLACE FUNCTION editions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'an edition is never changed in place: add a new version';
END
$$;
DROP TRIGGER IF EXISTS editions_immutable ON editions;
CREATE TRIGGER editions_immutable BEFORE UPDATE OR DELETE ON editions
    FOR EACH ROW EXECUTE FUNCTION editions_immutable();
"""

# Step 0010 (first release: one table per kind, ``<kind>_editions``, without a kind column) creates the
# generic table since; a database migrated before keeps its ``<kind>_editions`` table until step 0018
# folds it in, in the order its versions were added, and drops it.
EDITIONS = _TABLE
EDITIONS_BY_KIND = (
    _TABLE
    + r"""
DO $$
DECLARE
    t record;
BEGIN
    FOR t IN SELECT tablename FROM pg_tables
             WHERE schemaname = current_schema() AND tablename LIKE '%\_editions' ORDER BY tablename
    LOOP
        EXECUTE format(
            'INSERT INTO editions (kind, id, version, label, notice, sha256, document, added_by, created_at) '
            'SELECT %L, id, version, label, notice, sha256, document, added_by, created_at FROM %I ORDER BY seq',
            left(t.tablename, -length('_editions')), t.tablename);
        EXECUTE format('DROP TABLE %I', t.tablename);
        EXECUTE format('DROP FUNCTION IF EXISTS %I()', t.tablename || '_immutable');
    END LOOP;
END
$$;
"""
)


class StoredEdition(msgspec.Struct, frozen=True, kw_only=True):
    kind: str
    id: str
    version: str
    label: str
    notice: str
    sha256: str
    created_at: datetime


_COLUMNS = "kind, id, version, label, notice, sha256, created_at"


def _row(row: Any) -> StoredEdition:
    return StoredEdition(
        kind=row[0], id=row[1], version=row[2], label=row[3], notice=row[4], sha256=row[5], created_at=row[6]
    )


def insert(
    conn: Connection[Any], kind: str, edition: EditionDocument, document: bytes, sha256: str, added_by: str | None
) -> tuple[StoredEdition, bool]:
    """Store the edition unless its (kind, id, version) is taken; the row and whether this call added it."""
    cur = conn.cursor(row_factory=tuple_row)
    row = cur.execute(
        "INSERT INTO editions (kind, id, version, label, notice, sha256, document, added_by)"
        f" VALUES (%s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (kind, id, version) DO NOTHING RETURNING {_COLUMNS}",
        (kind, edition.id, edition.version, edition.label, edition.notice, sha256, document, added_by),
    ).fetchone()
    if row is not None:
        return _row(row), True
    existing = cur.execute(
        f"SELECT {_COLUMNS} FROM editions WHERE kind = %s AND id = %s AND version = %s",
        (kind, edition.id, edition.version),
    ).fetchone()
    assert existing is not None  # rows are never deleted
    return _row(existing), False


def listing(conn: Connection[Any]) -> list[StoredEdition]:
    rows = (
        conn.cursor(row_factory=tuple_row).execute(f"SELECT {_COLUMNS} FROM editions ORDER BY kind, id, seq").fetchall()
    )
    return [_row(r) for r in rows]


def head(conn: Connection[Any], kind: str, edition_id: str, version: str | None) -> StoredEdition | None:
    """A stored edition's row without its document (the latest version added when ``version`` is None)."""
    cur = conn.cursor(row_factory=tuple_row)
    if version is None:
        row = cur.execute(
            f"SELECT {_COLUMNS} FROM editions WHERE kind = %s AND id = %s ORDER BY seq DESC LIMIT 1",
            (kind, edition_id),
        ).fetchone()
    else:
        row = cur.execute(
            f"SELECT {_COLUMNS} FROM editions WHERE kind = %s AND id = %s AND version = %s",
            (kind, edition_id, version),
        ).fetchone()
    return None if row is None else _row(row)


def load(conn: Connection[Any], kind: str, edition_id: str, version: str | None) -> tuple[StoredEdition, bytes] | None:
    """A stored edition and its canonical JSON (the latest version added when ``version`` is None)."""
    cur = conn.cursor(row_factory=tuple_row)
    if version is None:
        row = cur.execute(
            f"SELECT {_COLUMNS}, document FROM editions WHERE kind = %s AND id = %s ORDER BY seq DESC LIMIT 1",
            (kind, edition_id),
        ).fetchone()
    else:
        row = cur.execute(
            f"SELECT {_COLUMNS}, document FROM editions WHERE kind = %s AND id = %s AND version = %s",
            (kind, edition_id, version),
        ).fetchone()
    return None if row is None else (_row(row), bytes(row[7]))
