"""API keys on a real PostgreSQL: stored hashed, verified, listed, revoked."""

from __future__ import annotations

import psycopg
import pytest
from litestar.testing import TestClient

from service.base import keys
from service.base.database import ConnectionParams
from service.base.store import GameLog
from service.games.decoding import InvalidRequest
from service.games.keys import ApiKeys, KeyNotFound


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


def test_the_keys_use_case_creates_lists_verifies_and_revokes(store: GameLog) -> None:
    # given the use case over the store, with a key cache of its own
    api_keys = ApiKeys(store, keys.KeyCache())
    # when a key is made with a padded name, then its name is kept stripped and its token verifies
    made = api_keys.create("  club laptop  ", admin=True)
    assert made.key.name == "club laptop" and made.key.admin
    verified = api_keys.verify(made.token)
    assert verified is not None and verified.key == made.key
    assert api_keys.cached(made.token) is not None  # this process verified it: no round trip next time
    assert api_keys.verify("not-a-key") is None
    # when it is revoked, then it no longer verifies, is listed as revoked, and a second revoke is refused
    api_keys.revoke(made.key.id)
    assert api_keys.verify(made.token) is None
    assert {k.id: k for k in api_keys.listing()}[made.key.id].revoked_at is not None
    with pytest.raises(KeyNotFound):
        api_keys.revoke(made.key.id)
    # and a blank name is refused before anything is stored
    with pytest.raises(InvalidRequest):
        api_keys.create("   ")
