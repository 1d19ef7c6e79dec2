"""Players, leaderboards, head-to-head and voiding over HTTP, with the projection worker running inside
the app (as ``make run`` does); reads use ``min_position`` to see their own writes."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from service.base.settings import Settings
from tests.helpers import auth, import_game
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings(pool_size=8, run_projections=True)


@pytest.fixture(scope="module")
def played(client: Client, api_key: str) -> dict[str, Any]:
    """Twelve finished Arctic games between Alice, bob and Carol, two Arctica games, one live game."""
    games = []
    trio = ["Alice", "bob", "Carol"]
    for i in range(12):
        players = 2 + i % 2
        names = trio[i % 3 :] + trio[: i % 3]
        games.append(import_game(client, api_key, record("arctic", players, 100 + i, names)))
    for i in range(2):
        games.append(import_game(client, api_key, record("arctica", 2, 200 + i, ["alice", "Dmitri"])))
    live = import_game(client, api_key, record("arctic", 2, 300, ["Alice", "Eve"], moves=4))
    return {"games": games, "live": live, "position": live["position"]}


def test_players_list_with_prefix_search_and_cursor(client: Client, played: dict[str, Any]) -> None:
    response = client.get("/players", params={"min_position": played["position"]})
    assert response.status_code == 200, response.text
    handles = [p["handle"] for p in response.json()["items"]]
    assert handles == ["Alice", "bob", "Carol", "Dmitri", "Eve"]
    assert client.get("/players", params={"q": "C"}).json()["items"][0]["handle"] == "Carol"
    assert [p["handle"] for p in client.get("/players", params={"q": "AL"}).json()["items"]] == ["Alice"]
    seen = []
    cursor = None
    while True:
        params: dict[str, Any] = {"limit": 2}
        if cursor:
            params["cursor"] = cursor
        page = client.get("/players", params=params).json()
        seen += [p["handle"] for p in page["items"]]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert seen == handles


def test_a_bad_cursor_is_400(client: Client) -> None:
    response = client.get("/players", params={"cursor": "not-ours"})
    assert response.status_code == 400 and response.json()["code"] == "invalid_cursor"


def test_player_profile_has_stats_per_kind_and_count_and_ratings(client: Client, played: dict[str, Any]) -> None:
    response = client.get("/players/ALICE", params={"min_position": played["position"]})
    assert response.status_code == 200, response.text
    profile = response.json()
    assert profile["handle"] == "Alice"
    arctic_all = next(s for s in profile["stats"] if s["kind"] == "arctic" and s["player_count"] is None)
    by_count = [s for s in profile["stats"] if s["kind"] == "arctic" and s["player_count"] is not None]
    assert arctic_all["games"] == sum(s["games"] for s in by_count)
    assert {"runs", "diversity", "totem", "penalty"} <= set(arctic_all["avg_breakdown"])
    animals = ("fox", "moose", "walrus", "orca", "puffin", "polar_bear")
    assert set(arctic_all["totals"]) == {"powers_taken", *(f"powers_taken_{a}" for a in animals)}
    assert arctic_all["totals"]["powers_taken"] == sum(arctic_all["totals"][f"powers_taken_{a}"] for a in animals)
    assert arctic_all["totals"]["powers_taken"] == sum(s["totals"]["powers_taken"] for s in by_count)
    arctica = next(s for s in profile["stats"] if s["kind"] == "arctica" and s["player_count"] is None)
    assert arctica["games"] == 2 and "ecosystem_cards" in arctica["avg_breakdown"]
    assert {r["kind"] for r in profile["ratings"]} == {"arctic", "arctica"}
    for r in profile["ratings"]:
        assert r["rating"] == pytest.approx(r["mu"] - 3 * r["sigma"])


def test_unknown_player_is_404(client: Client) -> None:
    for path in ("/players/nobody", "/players/nobody/games", "/players/nobody/versus/Alice"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.json()["code"] == "player_not_found"
        assert response.headers["content-type"].startswith("application/problem+json")


def test_player_games_newest_first_with_filters_and_pages(client: Client, played: dict[str, Any]) -> None:
    page = client.get("/players/bob/games", params={"min_position": played["position"], "limit": 3}).json()
    assert page["handle"] == "bob" and len(page["items"]) == 3 and page["next_cursor"]
    everything = []
    cursor = None
    while True:
        params: dict[str, Any] = {"limit": 5}
        if cursor:
            params["cursor"] = cursor
        got = client.get("/players/bob/games", params=params).json()
        everything += got["items"]
        cursor = got["next_cursor"]
        if not cursor:
            break
    bob_games = [g for g in played["games"] if "bob" in g["players"]]
    assert {g["game_id"] for g in everything} == {g["id"] for g in bob_games}
    assert all(g["rating"] is not None for g in everything)
    three = client.get("/players/bob/games", params={"player_count": 3}).json()["items"]
    assert three and all(g["player_count"] == 3 for g in three)
    assert client.get("/players/bob/games", params={"kind": "arctica"}).json()["items"] == []


def test_versus_counts_who_finished_ahead(client: Client, played: dict[str, Any]) -> None:
    response = client.get("/players/alice/versus/BOB", params={"min_position": played["position"]})
    assert response.status_code == 200, response.text
    v = response.json()
    assert (v["a"], v["b"]) == ("Alice", "bob")
    both = [g for g in played["games"] if {"Alice", "bob"} <= set(g["players"])]
    assert v["games"] == len(both) == v["a_ahead"] + v["b_ahead"] + v["ties"]
    reverse = client.get("/players/bob/versus/alice").json()
    assert (reverse["a_ahead"], reverse["b_ahead"]) == (v["b_ahead"], v["a_ahead"])
    same = client.get("/players/bob/versus/BOB")
    assert same.status_code == 400 and same.json()["code"] == "same_player"


def test_leaderboard_orders_by_conservative_rating(client: Client, played: dict[str, Any]) -> None:
    response = client.get("/leaderboards/arctic", params={"min_position": played["position"]})
    assert response.status_code == 200, response.text
    board = response.json()
    ratings = [e["rating"] for e in board["items"]]
    assert ratings == sorted(ratings, reverse=True)
    assert {e["handle"] for e in board["items"]} == {"Alice", "bob", "Carol"}
    assert [e["position"] for e in board["items"]] == [1, 2, 3]
    # Pages continue the numbering.
    first = client.get("/leaderboards/arctic", params={"limit": 2}).json()
    second = client.get("/leaderboards/arctic", params={"limit": 2, "cursor": first["next_cursor"]}).json()
    assert [e["handle"] for e in first["items"] + second["items"]] == [e["handle"] for e in board["items"]]
    assert second["items"][0]["position"] == 3


def test_leaderboard_filters(client: Client, played: dict[str, Any]) -> None:
    three = client.get("/leaderboards/arctic", params={"player_count": 3}).json()["items"]
    assert three and all(e["games_at_count"] >= 1 for e in three)
    assert client.get("/leaderboards/arctic", params={"min_games": 1000}).json()["items"] == []
    # Eight or so games each: everyone is still provisional (fewer than 10 rated games).
    strict = client.get("/leaderboards/arctic", params={"exclude_provisional": "true"}).json()["items"]
    assert all(not e["provisional"] for e in strict)
    arctica = client.get("/leaderboards/arctica").json()["items"]
    assert {e["handle"] for e in arctica} == {"alice".capitalize(), "Dmitri"}


def test_unknown_leaderboard_kind_is_404(client: Client) -> None:
    response = client.get("/leaderboards/chess")
    assert response.status_code == 422 and response.json()["code"] == "unknown_game_kind"
    assert response.json()["known"] == ["arctic", "arctica"]


def test_reads_wait_for_their_writes(client: Client, api_key: str, played: dict[str, Any]) -> None:
    created = import_game(client, api_key, record("arctic", 2, 400, ["Newcomer", "Alice"]))
    response = client.get("/players/newcomer", params={"min_position": created["position"]})
    assert response.status_code == 200, response.text
    assert response.json()["games"] == 1


def test_a_position_no_write_returned_is_422_not_a_wait(client: Client) -> None:
    response = client.get("/players", params={"min_position": 10**12})
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "unknown_position" and problem["position"] < 10**12


def test_voiding_needs_an_admin_key(client: Client, api_key: str, played: dict[str, Any]) -> None:
    game_id = played["games"][0]["id"]
    anonymous = client.post(f"/games/{game_id}/void", json={"reason": "x"})
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "api_key_required"
    recorder = client.post(f"/games/{game_id}/void", json={"reason": "x"}, headers=auth(api_key))
    assert recorder.status_code == 403 and recorder.json()["code"] == "admin_required"


def test_voiding_errors(client: Client, admin_key: str, played: dict[str, Any]) -> None:
    missing = client.post(
        "/games/00000000-0000-4000-8000-000000000000/void", json={"reason": "x"}, headers=auth(admin_key)
    )
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
    game_id = played["games"][1]["id"]
    for body in ({}, {"reason": ""}, {"reason": "   "}, {"reason": "x", "extra": 1}):
        response = client.post(f"/games/{game_id}/void", json=body, headers=auth(admin_key))
        assert response.status_code == 400, body


def test_voiding_removes_the_game_from_statistics(client: Client, admin_key: str, played: dict[str, Any]) -> None:
    game = played["games"][2]
    player = game["players"][0]
    before = client.get(f"/players/{player}", params={"min_position": played["position"]}).json()
    arctic_before = next(s for s in before["stats"] if s["kind"] == "arctic" and s["player_count"] is None)
    response = client.post(f"/games/{game['id']}/void", json={"reason": "duplicate upload"}, headers=auth(admin_key))
    assert response.status_code == 200, response.text
    position = int(response.headers["x-banquise-position"])
    assert response.json()["reason"] == "duplicate upload"
    after = client.get(f"/players/{player}", params={"min_position": position}).json()
    arctic_after = next(s for s in after["stats"] if s["kind"] == "arctic" and s["player_count"] is None)
    assert arctic_after["games"] == arctic_before["games"] - 1
    listed = client.get(f"/players/{player}/games", params={"include_voided": "true"}).json()["items"]
    assert any(g["game_id"] == game["id"] and g["voided"] and g["rating"] is None for g in listed)
    hidden = client.get(f"/players/{player}/games").json()["items"]
    assert all(g["game_id"] != game["id"] for g in hidden)
    stats = client.get(f"/games/{game['id']}/stats").json()
    assert stats["voided"] and stats["void_reason"] == "duplicate upload"
    again = client.post(f"/games/{game['id']}/void", json={"reason": "again"}, headers=auth(admin_key))
    assert again.status_code == 409 and again.json()["code"] == "game_already_voided"
