"""A game's lifecycle: its owner abandons it (no more moves, never counts), an admin un-voids a voided
game (it counts again, its ratings replayed as if it had never been voided, and it takes moves)."""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from projections import standard
from service.runtime import Runtime
from tests.helpers import auth, project
from tests.projections.support import dump, record

Client = TestClient  # type: ignore[type-arg]

# The read-model rows a void and an un-void change (game_summaries also keeps the void's reason).
COUNTED = ["player_results", "player_stats", "head_to_head", "ratings", "rating_history", "voided_games"]


def live_game(client: Client, token: str, seed: int, players: list[str]) -> tuple[str, list[Any]]:
    game = simulate(2, seed)
    setup = msgspec.to_builtins(game.setup)
    setup["players"] = players
    created = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(token))
    assert created.status_code == 201, created.text
    return created.json()["id"], [{"move": msgspec.to_builtins(m)} for m in game.moves]


def import_game(client: Client, token: str, body: bytes) -> str:
    response = client.post("/games/import", content=body, headers={**auth(token), "content-type": "application/json"})
    assert response.status_code in (200, 201), response.text
    return str(response.json()["id"])


def test_an_abandoned_game_refuses_moves_and_never_counts(client: Client, api_key: str, runtime: Runtime) -> None:
    game_id, moves = live_game(client, api_key, 301, ["Quitter", "Stayer"])
    for move in moves[:4]:
        assert client.post(f"/games/{game_id}/moves", json=move, headers=auth(api_key)).status_code == 201
    abandoned = client.post(f"/games/{game_id}/abandon", json={"reason": "table closed"}, headers=auth(api_key))
    assert abandoned.status_code == 200, abandoned.text
    assert abandoned.json()["status"] == "abandoned" and abandoned.json()["reason"] == "table closed"
    refused = client.post(f"/games/{game_id}/moves", json=moves[4], headers=auth(api_key))
    assert refused.status_code == 409 and refused.json()["code"] == "game_abandoned", refused.text
    summary = client.get(f"/games/{game_id}", headers=auth(api_key)).json()
    assert summary["status"] == "abandoned" and summary["moves"] == 4
    again = client.post(f"/games/{game_id}/abandon", json={"reason": "twice"}, headers=auth(api_key))
    assert again.status_code == 409 and again.json()["code"] == "game_abandoned"
    project(runtime)
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        status = conn.execute("SELECT status FROM game_summaries WHERE game_id = %s", (game_id,)).fetchone()
        assert status == ("abandoned",)
        assert conn.execute("SELECT count(*) FROM player_results WHERE game_id = %s", (game_id,)).fetchone() == (0,)
        for table in ("player_stats", "ratings", "head_to_head"):
            rows = conn.execute(f"SELECT count(*) FROM {table} WHERE handle_key = 'quitter'").fetchone()
            assert rows == (0,), table
    profile = client.get("/players/Quitter")
    if profile.status_code == 200:  # known from the game's start: no statistics, no rating
        assert profile.json()["games"] == 0 and profile.json()["stats"] == [] and profile.json()["ratings"] == []
    else:
        assert profile.status_code == 404, profile.text


def test_only_the_owner_abandons_and_only_a_live_game(
    client: Client, api_key: str, other_key: str, admin_key: str
) -> None:
    game_id, _ = live_game(client, api_key, 302, ["Ana", "Bo"])
    for token in (other_key, admin_key):
        refused = client.post(f"/games/{game_id}/abandon", json={"reason": "not mine"}, headers=auth(token))
        assert refused.status_code == 403 and refused.json()["code"] == "not_game_owner", refused.text
    assert client.post(f"/games/{game_id}/abandon", json={"reason": "x"}).status_code == 401
    blank = client.post(f"/games/{game_id}/abandon", json={"reason": "  "}, headers=auth(api_key))
    assert blank.status_code == 400
    assert client.get(f"/games/{game_id}", headers=auth(api_key)).json()["status"] == "live"
    finished = import_game(client, api_key, record("arctic", 2, 303, ["Ana", "Bo"]))
    late = client.post(f"/games/{finished}/abandon", json={"reason": "too late"}, headers=auth(api_key))
    assert late.status_code == 409 and late.json()["code"] == "game_finished", late.text
    unknown = "00000000-0000-4000-8000-000000000000"
    assert client.post(f"/games/{unknown}/abandon", json={"reason": "x"}, headers=auth(api_key)).status_code == 404


def test_unvoid_needs_an_admin_and_a_voided_game(client: Client, api_key: str, admin_key: str) -> None:
    game_id, _ = live_game(client, api_key, 304, ["Ana", "Bo"])
    not_voided = client.post(f"/games/{game_id}/unvoid", json={"reason": "x"}, headers=auth(admin_key))
    assert not_voided.status_code == 409 and not_voided.json()["code"] == "game_not_voided", not_voided.text
    assert client.post(f"/games/{game_id}/void", json={"reason": "x"}, headers=auth(admin_key)).status_code == 200
    owner = client.post(f"/games/{game_id}/unvoid", json={"reason": "mine"}, headers=auth(api_key))
    assert owner.status_code == 403 and owner.json()["code"] == "admin_required"
    assert client.post(f"/games/{game_id}/unvoid", json={"reason": "x"}).status_code == 401
    unknown = "00000000-0000-4000-8000-000000000000"
    assert client.post(f"/games/{unknown}/unvoid", json={"reason": "x"}, headers=auth(admin_key)).status_code == 404


def test_an_unvoided_game_takes_moves_again_and_can_be_voided_again(
    client: Client, api_key: str, admin_key: str
) -> None:
    game_id, moves = live_game(client, api_key, 305, ["Ana", "Bo"])
    assert client.post(f"/games/{game_id}/void", json={"reason": "wrong"}, headers=auth(admin_key)).status_code == 200
    refused = client.post(f"/games/{game_id}/moves", json=moves[0], headers=auth(api_key))
    assert refused.status_code == 409 and refused.json()["code"] == "game_voided"
    restored = client.post(f"/games/{game_id}/unvoid", json={"reason": "was fine"}, headers=auth(admin_key))
    assert restored.status_code == 200, restored.text
    assert client.post(f"/games/{game_id}/moves", json=moves[0], headers=auth(api_key)).status_code == 201
    twice = client.post(f"/games/{game_id}/unvoid", json={"reason": "again"}, headers=auth(admin_key))
    assert twice.status_code == 409 and twice.json()["code"] == "game_not_voided"
    assert client.post(f"/games/{game_id}/void", json={"reason": "now"}, headers=auth(admin_key)).status_code == 200
    refused = client.post(f"/games/{game_id}/moves", json=moves[1], headers=auth(api_key))
    assert refused.status_code == 409 and refused.json()["code"] == "game_voided"


def test_void_then_unvoid_restores_statistics_and_ratings(
    client: Client, api_key: str, admin_key: str, runtime: Runtime
) -> None:
    names = ["Uma", "Vic", "Wes"]
    ids = [import_game(client, api_key, record("arctic", 3, seed, names)) for seed in (311, 312, 313)]
    project(runtime)
    before = dump(runtime.params, COUNTED)
    middle = ids[1]
    assert client.post(f"/games/{middle}/void", json={"reason": "typo"}, headers=auth(admin_key)).status_code == 200
    project(runtime)
    voided = dump(runtime.params, COUNTED)
    assert voided["ratings"] != before["ratings"] and voided["player_stats"] != before["player_stats"]
    assert client.get(f"/games/{middle}/stats").json()["voided"] is True
    restored = client.post(f"/games/{middle}/unvoid", json={"reason": "fine"}, headers=auth(admin_key))
    assert restored.status_code == 200, restored.text
    project(runtime)
    assert dump(runtime.params, COUNTED) == before
    assert client.get(f"/games/{middle}/stats").json()["voided"] is False
    # A rebuild from the log (void and un-void in one page) gives the same rows.
    incremental = dump(runtime.params, [*COUNTED, "game_summaries"])
    standard.runner(runtime.store, runtime.games.registry, batch_size=4096).rebuild()
    assert dump(runtime.params, [*COUNTED, "game_summaries"]) == incremental
