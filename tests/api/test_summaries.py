"""Summaries that answer a table's questions: whose turn, the phase, results in lists, move comments."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctic import RULES
from domain.arctic.simulator import simulate
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def record_of(players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    game = simulate(players, seed)
    chosen = game.moves if moves is None else game.moves[:moves]
    return {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": msgspec.to_builtins(game.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in chosen],
    }


def test_a_live_summary_says_whose_turn_it_is_and_the_phase(client: Client, api_key: str, other_key: str) -> None:
    game = simulate(3, 41)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    assert created.status_code == 201, created.text
    game_id, etag = created.json()["id"], created.headers["etag"]
    players = created.json()["players"]
    events = client.get(f"/games/{game_id}/events").json()
    seat = next(e["event"]["seat"] for e in events if e["type"] == "TurnStarted")
    turns_seen: set[int] = set()
    for count, move in enumerate(game.moves[:40], start=1):
        response = client.post(
            f"/games/{game_id}/moves",
            json={"move": msgspec.to_builtins(move)},
            headers={**auth(api_key), "If-Match": etag},
        )
        assert response.status_code == 201, response.text
        etag = response.headers["etag"]
        started = [e["event"]["seat"] for e in response.json()["events"] if e["type"] == "TurnStarted"]
        seat = started[-1] if started else seat
        turns_seen.add(seat)
        # a spectator (no key) and another key see the same public facts as the owner
        for headers in ({}, auth(other_key), auth(api_key)):
            summary = client.get(f"/games/{game_id}", headers=headers).json()
            assert summary["moves"] == count
            assert summary["turn"] == {"seat": seat, "player": players[seat]}
            assert summary["phase"] in {"place", "tokens", "walrus", "draw", "discard", "give"}
            assert summary["winners"] is None
    assert len(turns_seen) > 1, "the turn passed from seat to seat"


def test_a_finished_summary_has_no_turn_and_names_the_winners(client: Client, api_key: str) -> None:
    imported = client.post("/games/import", json=record_of(3, 43), headers=auth(api_key))
    assert imported.status_code == 201, imported.text
    summary = client.get(f"/games/{imported.json()['id']}").json()
    assert summary["status"] == "finished" and summary["phase"] == "finished" and summary["turn"] is None
    first = [r for r in summary["results"] if r["rank"] == 1]
    assert summary["winners"] == [
        {"seat": r["seat"], "player": r["player"]} for r in sorted(first, key=lambda r: r["seat"])
    ]
    game = simulate(3, 43)
    state = RULES.fold(RULES.start(game.setup))
    for move in game.moves:
        for event in RULES.decide(state, move):
            state = RULES.evolve(state, event)
    assert summary["results"] == msgspec.to_builtins(RULES.results(state))


def test_list_items_carry_results_once_finished(client: Client, api_key: str) -> None:
    finished = record_of(2, 45)
    finished["setup"]["players"] = ["Siku", "Tulok"]
    live = record_of(2, 46, moves=12)
    live["setup"]["players"] = ["Siku", "Aput"]
    finished_id = client.post("/games/import", json=finished, headers=auth(api_key)).json()["id"]
    live_id = client.post("/games/import", json=live, headers=auth(api_key)).json()["id"]
    items = {g["id"]: g for g in client.get("/games", params={"player": "siku"}).json()["items"]}
    assert set(items) == {finished_id, live_id}
    summary = client.get(f"/games/{finished_id}").json()
    assert items[finished_id]["results"] == summary["results"] and items[finished_id]["winners"] == summary["winners"]
    assert len(items[finished_id]["results"]) == 2
    # a live game's scores stay in its summary, where the caller's sight decides what they show
    assert items[live_id]["status"] == "live" and items[live_id]["results"] is None
    assert items[live_id]["winners"] is None


def test_move_comments_reach_the_timeline_events_and_replay(client: Client, api_key: str) -> None:
    record = record_of(2, 47, moves=10)
    record["moves"][3]["comment"] = "misread the river, but it stands"
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    owner = auth(api_key)
    entries = client.get(f"/games/{game_id}/timeline", headers=owner).json()["entries"]
    commented = [(e["move"], e["comment"]) for e in entries if e["comment"] is not None]
    assert commented == [(3, "misread the river, but it stands")]
    step = next(e["step"] for e in entries if e["move"] == 3 and e["move_start"])
    events = client.get(f"/games/{game_id}/events", headers=owner).json()
    assert [(e["version"], e["comment"]) for e in events if e["comment"]] == [
        (step, "misread the river, but it stands")
    ]
    replay = client.get(f"/games/{game_id}/replay/{step}", headers=owner).json()
    assert replay["event"]["comment"] == "misread the river, but it stands"
    assert client.get(f"/games/{game_id}/replay/{step + 1}", headers=owner).json()["event"]["comment"] is None
    # A comment is the recorder's free text, which may name a hidden card: a spectator of a live game
    # reads none (everyone does once the game is finished).
    assert all(e["comment"] is None for e in client.get(f"/games/{game_id}/timeline").json()["entries"])
    assert all(e["comment"] is None for e in client.get(f"/games/{game_id}/events").json())
    assert client.get(f"/games/{game_id}/replay/{step}").json()["event"]["comment"] is None
