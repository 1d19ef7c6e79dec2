"""Arctica through the same API: created, recorded move by move, imported, replayed, exported."""

from __future__ import annotations

import json
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctica import RULES
from domain.arctica.simulator import simulate, table_record
from domain.game import state_hash
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def record(setup: Any, moves: list[Any], record_id: str | None = None) -> dict[str, Any]:
    body: dict[str, Any] = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctica",
        "setup": msgspec.to_builtins(setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in moves],
    }
    if record_id:
        body["id"] = record_id
    return body


def test_an_arctica_game_recorded_move_by_move_replays_as_the_engine_folds(client: Client, api_key: str) -> None:
    game = simulate(3, 4)
    created = client.post(
        "/games", json={"kind": "arctica", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    assert created.status_code == 201, created.text
    game_id, etag = created.json()["id"], created.headers["etag"]
    for move in game.moves:
        response = client.post(
            f"/games/{game_id}/moves",
            json={"move": msgspec.to_builtins(move)},
            headers={**auth(api_key), "If-Match": etag},
        )
        assert response.status_code == 201, response.text
        etag = response.headers["etag"]
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "finished" and summary["kind"] == "arctica"
    final = RULES.fold(game.events)
    assert summary["version"] == len(game.events)
    assert [r["total"] for r in summary["results"]] == [r.total for r in RULES.results(final)]
    assert {"board_tokens", "flora", "ecosystem_cards"} <= set(summary["results"][0]["breakdown"])
    last = client.get(f"/games/{game_id}/replay/{summary['version']}").json()
    assert last["state_hash"] == state_hash(final)
    middle = len(game.events) // 2
    assert client.get(f"/games/{game_id}/replay/{middle}").json()["state_hash"] == state_hash(
        RULES.fold(game.events[:middle])
    )


def test_an_arctica_table_record_imports_and_exports_identically(client: Client, api_key: str) -> None:
    game = simulate(2, 8)
    setup, moves = table_record(game)
    body = record(setup, moves, record_id="arctica/table/8")
    response = client.post("/games/import", json=body, headers=auth(api_key))
    assert response.status_code == 201, response.text
    game_id = response.json()["id"]
    exported = client.get(f"/games/{game_id}/record").json()
    assert exported["moves"] == json.loads(json.dumps(body["moves"]))
    timeline = client.get(f"/games/{game_id}/timeline", params={"lang": "es"}).json()
    state = RULES.fold(RULES.start(setup))
    for move in moves:
        state = RULES.fold(RULES.decide(state, move), state)
    assert timeline["entries"][-1]["state_hash"] == state_hash(state)
    assert [r.total for r in RULES.results(state)] == [r.total for r in RULES.results(RULES.fold(game.events))]
    assert any(e["turn_start"] for e in timeline["entries"])


def test_an_illegal_arctica_move_names_its_rule(client: Client, api_key: str) -> None:
    game = simulate(2, 9)
    bad = record(game.setup, game.moves[:5])
    wrong = dict(bad["moves"][4]["move"])
    bad["moves"][4]["move"] = {**wrong, "type": "draw"} if wrong.get("type") != "draw" else {**wrong, "type": "flora"}
    response = client.post("/games/import", json=bad, headers=auth(api_key))
    assert response.status_code in (400, 422), response.text
    problem = response.json()
    if response.status_code == 422:
        assert problem["code"].startswith("arctica.")
        assert problem["move_index"] == 4


def test_spectators_do_not_see_arctica_hands(client: Client, api_key: str) -> None:
    game = simulate(2, 10)
    response = client.post("/games/import", json=record(game.setup, game.moves[:6]), headers=auth(api_key))
    game_id = response.json()["id"]
    version = response.json()["version"]
    owner = client.get(
        f"/games/{game_id}/replay/{version}", params={"perspective": "omniscient"}, headers=auth(api_key)
    ).json()
    spectator = client.get(f"/games/{game_id}/replay/{version}").json()
    assert owner["view"] != spectator["view"]
    # The engine's hash would let a guessed hand be checked: a spectator gets its own view's hash.
    assert owner["state_hash"] != spectator["state_hash"]
    assert spectator["state_hash"] == state_hash(spectator["view"])
