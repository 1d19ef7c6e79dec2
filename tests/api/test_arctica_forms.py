"""A club's edition written in the composable effect forms, through the API: stored with
``POST /editions`` (a malformed form refused naming its JSON path), then after a restart a
public-information game recorded on it move by move to the end, effect decisions included, scoring as
a direct computation; a decision left over is a 422 that stores nothing."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient
from msgspec.structs import replace

from domain.arctica import editions
from domain.arctica import moves as mv
from domain.arctica.edition import canonical_json
from domain.arctica.simulator import public_record, simulate
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests.domain.arctica.test_arctica_forms_edition import direct_scores
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
CLUB = replace(editions.get("forms-1"), id="club-forms", version="1", label="A club's edition in effect forms")


def decided(move: mv.Move) -> bool:
    """Whether the move records decisions inside an effect."""
    return any(o.choices for o in (getattr(move, "outcomes", None) or {}).values())


def create(client: Client, api_key: str, setup: Any) -> tuple[str, str]:
    setup_body = {"players": list(setup.players), "edition": "club-forms", "mode": "public"}
    body = {"kind": "arctica", "setup": {**setup_body, "start_player": setup.start_player}}
    created = client.post("/games", json=body, headers=auth(api_key))
    assert created.status_code == 201, created.text
    return created.json()["id"], created.headers["etag"]


def post(client: Client, api_key: str, game_id: str, etag: str, move: mv.Move) -> Any:
    headers = {**auth(api_key), "If-Match": etag}
    return client.post(f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(move)}, headers=headers)


@pytest.fixture(scope="module")
def stored(client: Client, admin_key: str) -> dict[str, Any]:
    response = client.post("/editions", json=json.loads(canonical_json(CLUB)), headers=auth(admin_key))
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_a_malformed_form_is_refused_naming_its_json_path(client: Client, admin_key: str) -> None:
    doc = json.loads(canonical_json(CLUB))
    doc["version"] = "bad"
    doc["cards"][0]["flash"] = {"then": {"op": "choice", "options": [{"op": "gain", "bp": 1}]}}
    refused = client.post("/editions", json=doc, headers=auth(admin_key))
    assert refused.status_code == 422 and refused.json()["code"] == "inconsistent_edition"
    assert refused.json()["problems"] == ["$.cards[0].flash.then.options: a choice needs at least two options"]
    doc["cards"][0]["flash"] = {"then": {"op": "teleport"}}
    refused = client.post("/editions", json=doc, headers=auth(admin_key))
    assert refused.status_code == 422 and refused.json()["path"] == "$.cards[0].flash.then.op"


@pytest.fixture
def restarted(settings: Settings, database: ConnectionParams, stored: dict[str, Any]) -> Iterator[Client]:
    editions.forget_stored()
    runtime = Runtime(settings=settings, params=database, store=GameLog(database), server_version="test")
    try:
        with TestClient(create_app(settings, runtime=runtime)) as client:
            yield client
    finally:
        runtime.close()


def test_a_public_game_with_effect_decisions_is_recorded_to_the_end(
    restarted: Client, api_key: str, stored: dict[str, Any]
) -> None:
    editions.register(CLUB)  # this process simulates the game it then records through the API
    game = simulate(4, 33, CLUB)
    setup, moves = public_record(game)
    assert any(o.choices for m in moves for o in (getattr(m, "outcomes", None) or {}).values())
    expected = direct_scores(list(game.events))
    editions.forget_stored()
    body = {
        "kind": "arctica",
        "setup": {
            "players": list(setup.players),
            "edition": "club-forms",
            "mode": "public",
            "start_player": setup.start_player,
        },
    }
    created = restarted.post("/games", json=body, headers=auth(api_key))
    assert created.status_code == 201, created.text
    game_id, etag = created.json()["id"], created.headers["etag"]
    for move in moves:
        answer = restarted.post(
            f"/games/{game_id}/moves",
            json={"move": msgspec.to_builtins(move)},
            headers={**auth(api_key), "If-Match": etag},
        )
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
    summary = restarted.get(f"/games/{game_id}").json()
    assert summary["status"] == "finished"
    assert {r["seat"]: r["total"] for r in summary["results"]} == expected


def test_a_decision_left_over_is_a_422_that_stores_nothing(
    client: Client, api_key: str, stored: dict[str, Any]
) -> None:
    editions.register(CLUB)
    setup, moves = public_record(simulate(3, 5, CLUB))
    index = next(i for i, m in enumerate(moves) if decided(m))
    game_id, etag = create(client, api_key, setup)
    for move in moves[:index]:
        etag = post(client, api_key, game_id, etag, move).headers["etag"]
    move: Any = moves[index]
    extra = {k: replace(o, choices=(*o.choices, mv.Done(), mv.Done())) for k, o in move.outcomes.items()}
    before = client.get(f"/games/{game_id}").json()["version"]
    refused = post(client, api_key, game_id, etag, replace(move, outcomes=extra))
    assert refused.status_code == 422 and refused.json()["code"] == "arctica.bad_decision", refused.text
    assert client.get(f"/games/{game_id}").json()["version"] == before
    assert post(client, api_key, game_id, etag, move).status_code == 201
