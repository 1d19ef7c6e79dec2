"""Idempotency keys: one answer per (API key, endpoint and game, key) for a day, then forgotten."""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.database import ConnectionParams
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def new_game(client: Client, token: str, seed: int) -> tuple[str, list[Any]]:
    game = simulate(2, seed)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(token)
    )
    assert created.status_code == 201, created.text
    return created.json()["id"], [msgspec.to_builtins(m) for m in game.moves]


def test_a_phone_numbering_its_taps_per_game_reuses_them_in_every_game(client: Client, api_key: str) -> None:
    games = [new_game(client, api_key, seed) for seed in (61, 62)]
    for game_id, moves in games:
        for tap, move in enumerate(moves[:3], start=1):
            response = client.post(
                f"/games/{game_id}/moves",
                json={"move": move},
                headers=auth(api_key, **{"Idempotency-Key": f"tap-{tap}"}),
            )
            assert response.status_code == 201, response.text
    # Within one game, a key still answers its first request, and refuses another.
    game_id, moves = games[0]
    again = client.post(
        f"/games/{game_id}/moves", json={"move": moves[0]}, headers=auth(api_key, **{"Idempotency-Key": "tap-1"})
    )
    assert again.status_code == 201 and again.json()["move"] == 0
    other = client.post(
        f"/games/{game_id}/moves", json={"move": moves[3]}, headers=auth(api_key, **{"Idempotency-Key": "tap-1"})
    )
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_a_key_is_forgotten_after_a_day(client: Client, api_key: str, database: ConnectionParams) -> None:
    game_id, moves = new_game(client, api_key, 63)
    first = client.post(
        f"/games/{game_id}/moves", json={"move": moves[0]}, headers=auth(api_key, **{"Idempotency-Key": "day-old"})
    )
    assert first.status_code == 201
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE idem_key = 'day-old'")
    # A day later the same key names a new request: it is stored, not refused as a reuse.
    later = client.post(
        f"/games/{game_id}/moves", json={"move": moves[1]}, headers=auth(api_key, **{"Idempotency-Key": "day-old"})
    )
    assert later.status_code == 201, later.text
    assert later.json()["move"] == 1
    with psycopg.connect(database.conninfo()) as conn:
        rows = conn.execute("SELECT count(*) FROM idempotency_keys WHERE idem_key = 'day-old'").fetchone()
    assert rows is not None and rows[0] == 1  # the expired one is gone
