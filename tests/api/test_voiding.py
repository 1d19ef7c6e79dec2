"""A voided game leaves statistics and takes no more moves."""

from __future__ import annotations

import msgspec
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def test_a_voided_live_game_refuses_moves(client: Client, api_key: str, admin_key: str) -> None:
    game = simulate(2, 71)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    game_id, version = created.json()["id"], created.json()["version"]
    voided = client.post(f"/games/{game_id}/void", json={"reason": "test table"}, headers=auth(admin_key))
    assert voided.status_code == 200, voided.text
    move = {"move": msgspec.to_builtins(game.moves[0])}
    refused = client.post(f"/games/{game_id}/moves", json=move, headers=auth(api_key))
    assert refused.status_code == 409 and refused.json()["code"] == "game_voided", refused.text
    assert client.get(f"/games/{game_id}", headers=auth(api_key)).json()["version"] == version
    again = client.post(f"/games/{game_id}/void", json={"reason": "twice"}, headers=auth(admin_key))
    assert again.status_code == 409 and again.json()["code"] == "game_already_voided"


def test_voiding_an_unknown_game_is_a_404(client: Client, admin_key: str) -> None:
    response = client.post(
        "/games/00000000-0000-4000-8000-000000000000/void", json={"reason": "x"}, headers=auth(admin_key)
    )
    assert response.status_code == 404 and response.json()["code"] == "game_not_found"
