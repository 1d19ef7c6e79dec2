"""Issue 23: one game, one identity. A record exported from a game (``"id": "game:<uuid>"``) and
imported with another key is that game: ``409 game_already_recorded`` naming it, nothing stored, and
the players' statistics, ratings and head-to-head count it once."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import TestClient

from service.runtime import Runtime
from tests.helpers import auth, project
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]
NAMES = ["Oona Once", "Pim Once"]


def counts(client: Client) -> tuple[Any, Any, Any]:
    player = client.get("/players/oona once")
    assert player.status_code == 200, player.text
    games = client.get("/players/oona once/games")
    versus = client.get("/players/oona once/versus/pim once")
    assert games.status_code == 200 and versus.status_code == 200, versus.text
    return player.json(), len(games.json()["items"]), versus.json()


def test_the_same_game_imported_under_two_keys_counts_once(
    client: Client, api_key: str, other_key: str, runtime: Runtime
) -> None:
    # given a finished game recorded by one club
    body = msgspec.json.decode(record("arctic", 2, 231, NAMES))
    body.pop("id", None)
    first = client.post("/games/import", json=body, headers=auth(api_key))
    assert first.status_code == 201, first.text
    game_id = first.json()["id"]
    project(runtime)
    before = counts(client)
    assert before[1] == 1
    # when another club imports its export (the record names the game: "game:<uuid>")
    exported = client.get(f"/games/{game_id}/record", headers=auth(api_key)).json()
    assert exported["id"] == f"game:{game_id}"
    again = client.post("/games/import", json=exported, headers=auth(other_key))
    # then it is refused as that game, nothing stored, and nothing counts twice
    assert again.status_code == 409, again.text
    assert again.json()["code"] == "game_already_recorded" and again.json()["game_id"] == game_id
    listed = client.get("/games", params={"player": "oona once", "limit": 50}).json()["items"]
    assert [g["id"] for g in listed] == [game_id]
    project(runtime)
    assert counts(client) == before
    # and the owner importing it back is still that game (200)
    own = client.post("/games/import", json=exported, headers=auth(api_key))
    assert own.status_code == 200 and own.json()["id"] == game_id
