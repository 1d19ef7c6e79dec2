"""A record exported from a game and imported again by its owner is that game: 200, same id, nothing stored."""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.database import ConnectionParams
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


def games(database: ConnectionParams) -> int:
    with psycopg.connect(database.conninfo()) as conn:
        row = conn.execute("SELECT count(*) FROM games").fetchone()
    assert row is not None
    return int(row[0])


def round_trip(client: Client, token: str, game_id: str, database: ConnectionParams) -> Any:
    exported = client.get(f"/games/{game_id}/record", headers=auth(token))
    assert exported.status_code == 200, exported.text
    before = games(database)
    again = client.post("/games/import", json=exported.json(), headers=auth(token))
    assert games(database) == before, "nothing stored"
    return exported.json(), again


def test_a_recorded_game_exported_and_imported_back_is_the_same_game(
    client: Client, api_key: str, database: ConnectionParams
) -> None:
    game = simulate(2, 91)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    game_id = created.json()["id"]
    for i, move in enumerate(game.moves[:6]):
        body = {"move": msgspec.to_builtins(move), "at": f"2026-11-30T19:0{i}:00Z", "comment": f"move {i}"}
        assert client.post(f"/games/{game_id}/moves", json=body, headers=auth(api_key)).status_code == 201
    exported, again = round_trip(client, api_key, game_id, database)
    assert exported["id"] == f"game:{game_id}"
    assert again.status_code == 200, again.text
    assert again.json()["id"] == game_id and again.headers["location"] == f"/games/{game_id}"


def test_an_imported_record_exported_and_imported_back_is_the_same_game(
    client: Client, api_key: str, database: ConnectionParams
) -> None:
    body = msgspec.json.decode(record("arctic", 2, 92))
    body["id"] = "club/identity-1"
    imported = client.post("/games/import", json=body, headers=auth(api_key))
    assert imported.status_code == 201, imported.text
    _, again = round_trip(client, api_key, imported.json()["id"], database)
    assert again.status_code == 200 and again.json()["id"] == imported.json()["id"]


def test_a_changed_export_is_a_conflict_and_another_key_is_refused(
    client: Client, api_key: str, other_key: str, database: ConnectionParams
) -> None:
    imported = client.post(
        "/games/import", content=record("arctic", 2, 93), headers={**auth(api_key), "content-type": "application/json"}
    )
    game_id = imported.json()["id"]
    exported = client.get(f"/games/{game_id}/record", headers=auth(api_key)).json()
    changed = {**exported, "moves": exported["moves"][:-1]}
    conflict = client.post("/games/import", json=changed, headers=auth(api_key))
    assert conflict.status_code == 409 and conflict.json()["code"] == "record_id_conflict", conflict.text
    # Another club importing the same export (or a changed one) is told it is that game: nothing stored.
    before = games(database)
    for body in (exported, changed):
        copy = client.post("/games/import", json=body, headers=auth(other_key))
        assert copy.status_code == 409, copy.text
        assert copy.json()["code"] == "game_already_recorded" and copy.json()["game_id"] == game_id
    assert games(database) == before
