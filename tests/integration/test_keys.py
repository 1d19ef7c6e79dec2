"""API keys on a real PostgreSQL: stored hashed, verified, listed, revoked."""

from __future__ import annotations

import psycopg
from litestar.testing import TestClient

from service.base import keys
from service.base.database import ConnectionParams


def test_a_key_is_stored_hashed_and_verifies_only_with_its_secret(database: ConnectionParams, store: object) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "scorer")
        raw = conn.execute("SELECT secret_hash FROM api_keys WHERE id = %s", (made.key.id,)).fetchone()
        assert raw is not None and made.token.encode() not in bytes(raw[0])
        assert keys.verify(conn, made.token) == made.key
        assert keys.verify(conn, made.token + "x") is None
        assert keys.verify(conn, "not-a-key") is None
        assert keys.verify(conn, f"bq_{made.key.id}_wrong") is None


def test_revoked_keys_stop_working_and_are_listed_as_revoked(database: ConnectionParams, store: object) -> None:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "old phone")
        assert keys.revoke(conn, made.key.id)
        assert not keys.revoke(conn, made.key.id)
        assert keys.verify(conn, made.token) is None
        listed = {k.id: k for k in keys.listing(conn)}
        assert listed[made.key.id].revoked_at is not None


def test_a_revoked_key_gets_401_from_the_api(database: ConnectionParams, client: TestClient) -> None:  # type: ignore[type-arg]
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "lost tablet")
        keys.revoke(conn, made.key.id)
    response = client.post(
        "/games",
        json={"kind": "arctic", "setup": {"players": ["a", "b"], "seed": 1}},
        headers={"Authorization": f"Bearer {made.token}"},
    )
    assert response.status_code == 401
    assert response.json()["code"] == "invalid_api_key"
    assert response.headers["www-authenticate"] == "Bearer"
