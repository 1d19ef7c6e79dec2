"""``/games/{id}/stats`` and ``/games/{id}/board``: read from the projections (run here by hand: this
module's app has ``run_projections`` off, as API processes beside a ``banquise worker`` do)."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from projections import gamestats, standard
from service.runtime import Runtime
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


def import_game(client: Client, token: str, body: bytes) -> dict[str, Any]:
    response = client.post("/games/import", content=body, headers={**auth(token), "content-type": "application/json"})
    assert response.status_code == 201, response.text
    return dict(response.json())


@pytest.fixture(scope="module")
def stored(client: Client, api_key: str, runtime: Runtime) -> dict[str, Any]:
    games = {
        "arctic": import_game(client, api_key, record("arctic", 3, 5, ["Ana", "Bo", "Cy"])),
        "arctica": import_game(client, api_key, record("arctica", 2, 6, ["Ana", "Bo"])),
        "live": import_game(client, api_key, record("arctic", 2, 7, ["Ana", "Bo"], moves=6)),
    }
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    runner.close()
    return games


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_finished_game_stats_carry_permanent_ids(client: Client, stored: dict[str, Any], kind: str) -> None:
    game = stored[kind]
    response = client.get(f"/games/{game['id']}/stats")
    assert response.status_code == 200, response.text
    stats = response.json()
    assert stats["kind"] == kind and stats["status"] == "finished" and not stats["voided"]
    assert stats["players"] == game["players"] and stats["player_count"] == len(game["players"])
    assert stats["winners"] and set(stats["winners"]) <= set(game["players"])
    assert stats["events"] == game["version"] and stats["turns"] > 0
    table = {s["name"]: s for s in stats["table"]}
    for s in stats["table"]:
        assert gamestats.TABLE_STATS[kind][s["id"]] == s["name"]
    assert table["events"]["value"] == game["version"]
    assert len(stats["players_stats"]) == len(game["players"])
    for seat in stats["players_stats"]:
        values = {s["name"]: s["value"] for s in seat["stats"]}
        for s in seat["stats"]:
            assert gamestats.PLAYER_STATS[kind][s["id"]] == s["name"]
        assert values["score_total"] == seat["total"] and values["rank"] == seat["rank"]
    by_seat = {s["seat"]: s for s in stats["scores"]}
    assert sorted(by_seat) == list(range(len(game["players"])))


def test_arctic_stats_agree_with_the_score(client: Client, stored: dict[str, Any]) -> None:
    stats = client.get(f"/games/{stored['arctic']['id']}/stats").json()
    for seat in stats["players_stats"]:
        values = {s["name"]: s["value"] for s in seat["stats"]}
        assert values["score_penalty"] == -values["penalty_cards"]
        parts = ("score_runs", "score_diversity", "score_totem", "score_penalty")
        assert sum(values[p] for p in parts) == values["score_total"]
        assert values["powers_taken"] == sum(
            values[f"powers_taken_{a}"] for a in ("fox", "moose", "walrus", "orca", "puffin", "polar_bear")
        )
        assert values["cards_placed"] >= max(values[f"longest_run_{a}"] for a in ("fox", "moose", "orca"))
    table = {s["name"]: s["value"] for s in stats["table"]}
    assert all(0 <= table[f"token_position_{a}"] <= 5 for a in ("fox", "moose", "walrus", "orca", "puffin"))


def test_a_live_game_has_a_summary_but_no_end_of_game_stats(client: Client, stored: dict[str, Any]) -> None:
    stats = client.get(f"/games/{stored['live']['id']}/stats").json()
    assert stats["status"] == "live" and stats["winners"] == [] and stats["players_stats"] == []


def test_the_board_is_the_replay_of_the_last_step(client: Client, stored: dict[str, Any]) -> None:
    for game in stored.values():
        board = client.get(f"/games/{game['id']}/board")
        assert board.status_code == 200, board.text
        replay = client.get(f"/games/{game['id']}/replay/{game['version']}").json()
        assert board.json()["view"] == replay["view"]
        assert board.json()["version"] == game["version"]
        summary = client.get(f"/games/{game['id']}").json()
        assert board.json()["results"] == summary["results"]


def test_unknown_game_is_404(client: Client) -> None:
    for path in ("stats", "board"):
        response = client.get(f"/games/00000000-0000-4000-8000-000000000000/{path}")
        assert response.status_code == 404 and response.json()["code"] == "game_not_found"


def test_a_game_not_yet_projected_is_503_projection_lagging(client: Client, api_key: str, stored: Any) -> None:
    game = import_game(client, api_key, record("arctic", 2, 8, ["Ana", "Bo"]))
    response = client.get(f"/games/{game['id']}/stats")
    assert response.status_code == 503 and response.json()["code"] == "projection_lagging"
    assert response.headers["retry-after"] == "1"
