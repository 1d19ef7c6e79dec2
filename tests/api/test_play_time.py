"""Play times: in UTC, never going back within a game, never ahead of the clock; a bad one is a 422
naming the move."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


def timed_record(seed: int, times: list[str], started_at: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = msgspec.json.decode(record("arctic", 2, seed, moves=len(times)))
    for move, at in zip(body["moves"], times, strict=True):
        move["at"] = at
    if started_at:
        body["started_at"] = started_at
    return body


def test_times_going_back_are_refused_naming_the_move(client: Client, api_key: str) -> None:
    body = timed_record(101, ["2026-11-30T19:00:00Z", "2026-11-30T19:01:00Z", "2026-11-30T18:59:00Z"])
    response = client.post("/games/import", json=body, headers=auth(api_key))
    assert response.status_code == 422, response.text
    problem = response.json()
    assert (problem["code"], problem["path"]) == ("play_time_out_of_order", "$.moves[2].at")


def test_a_move_before_the_start_is_refused(client: Client, api_key: str) -> None:
    body = timed_record(102, ["2026-11-30T18:00:00Z"], started_at="2026-11-30T19:00:00Z")
    response = client.post("/games/import", json=body, headers=auth(api_key))
    assert response.status_code == 422 and response.json()["path"] == "$.moves[0].at"


def test_times_ahead_of_the_clock_are_refused(client: Client, api_key: str) -> None:
    tomorrow = (datetime.now(UTC) + timedelta(days=1)).isoformat()
    response = client.post("/games/import", json=timed_record(103, [tomorrow]), headers=auth(api_key))
    assert response.status_code == 422 and response.json()["code"] == "play_time_in_future"
    created = client.post(
        "/games",
        json={"kind": "arctic", "setup": {"players": ["A", "B"], "seed": 1}, "started_at": tomorrow},
        headers=auth(api_key),
    )
    assert created.status_code == 422 and created.json()["path"] == "$.started_at"


def test_offsets_are_normalised_to_utc(client: Client, api_key: str) -> None:
    body = timed_record(104, ["2026-11-30T21:00:00+02:00", "2026-11-30T19:30:00Z"])
    imported = client.post("/games/import", json=body, headers=auth(api_key))
    assert imported.status_code == 201, imported.text
    game_id = imported.json()["id"]
    events = client.get(f"/games/{game_id}/events", headers=auth(api_key)).json()
    played = [e["played_at"] for e in events if e.get("played_at")]
    assert played[0].startswith("2026-11-30T19:00:00") and played[0].endswith("Z")


def test_a_move_played_before_the_previous_one_is_refused(client: Client, api_key: str) -> None:
    game = simulate(2, 105)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    game_id, version = created.json()["id"], created.json()["version"]
    moves = [msgspec.to_builtins(m) for m in game.moves]
    first = client.post(
        f"/games/{game_id}/moves", json={"move": moves[0], "at": "2026-11-30T19:05:00Z"}, headers=auth(api_key)
    )
    assert first.status_code == 201
    back = client.post(
        f"/games/{game_id}/moves", json={"move": moves[1], "at": "2026-11-30T19:04:00Z"}, headers=auth(api_key)
    )
    assert back.status_code == 422 and back.json()["code"] == "play_time_out_of_order", back.text
    assert back.json()["path"] == "$.at"
    assert client.get(f"/games/{game_id}", headers=auth(api_key)).json()["version"] == first.json()["version"] > version
