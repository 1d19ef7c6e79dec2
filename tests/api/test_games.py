"""The games API against a real PostgreSQL: every endpoint and every error it promises."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic import RULES
from domain.arctic.simulator import simulate, to_public
from domain.game import state_hash
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def builtins(value: Any) -> Any:
    return msgspec.to_builtins(value)


def record_of(
    players: int = 2, seed: int = 7, record_id: str | None = None, moves: int | None = None
) -> dict[str, Any]:
    game = simulate(players, seed)
    chosen = game.moves if moves is None else game.moves[:moves]
    record: dict[str, Any] = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": builtins(game.setup),
        "moves": [{"move": builtins(m)} for m in chosen],
    }
    if record_id:
        record["id"] = record_id
    return record


@pytest.fixture(scope="module")
def created(client: Client, api_key: str) -> dict[str, Any]:
    game = simulate(2, 11)
    response = client.post("/games", json={"kind": "arctic", "setup": builtins(game.setup)}, headers=auth(api_key))
    assert response.status_code == 201, response.text
    return {"body": response.json(), "etag": response.headers["etag"], "moves": game.moves}


def test_create_returns_id_version_and_location(created: dict[str, Any]) -> None:
    body = created["body"]
    assert body["kind"] == "arctic" and body["status"] == "live"
    assert created["etag"] == f'"{body["version"]}"'
    assert body["players"] == ["player1", "player2"]


def test_create_needs_an_api_key(client: Client) -> None:
    response = client.post("/games", json={"kind": "arctic", "setup": {"players": ["a", "b"], "seed": 1}})
    assert response.status_code == 401
    assert response.json()["code"] == "api_key_required"


def test_a_wrong_api_key_is_401(client: Client) -> None:
    response = client.post("/games", json={}, headers=auth("bq_nope_nothing"))
    assert response.status_code == 401 and response.json()["code"] == "invalid_api_key"


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b"{not json", 400, "invalid_json"),
        (b'{"kind": "arctic", "setup": {"players": "ab"}}', 400, "invalid_request"),
        (
            b'{"kind": "arctic", "setup": {"players": ["a", "b"], "seed": 1}, "colour": "red"}',
            400,
            "invalid_request",
        ),
        (b'{"kind": "arctic", "setup": {"players": ["a", "b"], "seed": 1, "colour": "red"}}', 400, "invalid_request"),
        (b'{"kind": "chess", "setup": {}}', 422, "unknown_game_kind"),
        (b'{"kind": "arctic", "setup": {"players": ["solo"], "seed": 1}}', 422, "arctic.setup.player_count"),
    ],
)
def test_bad_new_games_are_rejected_and_nothing_is_stored(
    client: Client, api_key: str, body: bytes, status: int, code: str
) -> None:
    before = client.get("/games").json()["items"]
    response = client.post("/games", content=body, headers={**auth(api_key), "content-type": "application/json"})
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == code
    assert client.get("/games").json()["items"] == before


def test_moves_append_in_order_with_if_match(client: Client, api_key: str, created: dict[str, Any]) -> None:
    game_id = created["body"]["id"]
    etag = created["etag"]
    for move in created["moves"][:5]:
        response = client.post(
            f"/games/{game_id}/moves",
            json={"move": builtins(move)},
            headers={**auth(api_key), "If-Match": etag},
        )
        assert response.status_code == 201, response.text
        assert response.json()["events"], "a move produces at least one event"
        etag = response.headers["etag"]
    summary = client.get(f"/games/{game_id}").json()
    assert summary["moves"] == 5 and f'"{summary["version"]}"' == etag


def test_stale_if_match_is_409_with_the_current_version(client: Client, api_key: str, created: dict[str, Any]) -> None:
    game_id = created["body"]["id"]
    summary = client.get(f"/games/{game_id}").json()
    move = created["moves"][summary["moves"]]
    response = client.post(
        f"/games/{game_id}/moves", json={"move": builtins(move)}, headers={**auth(api_key), "If-Match": '"1"'}
    )
    assert response.status_code == 409
    problem = response.json()
    assert problem["code"] == "version_conflict"
    assert problem["current_version"] == summary["version"]
    assert client.get(f"/games/{game_id}").json()["version"] == summary["version"]


def test_illegal_move_is_422_with_code_step_and_alternatives(
    client: Client, api_key: str, created: dict[str, Any]
) -> None:
    game_id = created["body"]["id"]
    before = client.get(f"/games/{game_id}").json()
    state = RULES.fold(builtins_to_events(client, game_id, api_key))
    legal = RULES.legal_moves(state)
    seat = getattr(legal[0], "seat", 0)
    wrong_seat = {
        "type": type(legal[0]).__name__,
        **{k: v for k, v in builtins(legal[0]).items() if k != "type"},
    }
    wrong_seat["seat"] = 1 - seat
    response = client.post(f"/games/{game_id}/moves", json={"move": wrong_seat}, headers=auth(api_key))
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"].startswith("arctic.")
    assert problem["move_index"] == before["moves"]
    assert problem["version"] == before["version"]
    assert problem["legal"], "the legal alternatives are listed"
    assert client.get(f"/games/{game_id}").json()["version"] == before["version"]


def builtins_to_events(client: Client, game_id: str, token: str) -> list[Any]:
    """The game's events decoded back into the engine's types (omniscient: the owner may see all)."""
    response = client.get(f"/games/{game_id}/events", params={"perspective": "omniscient"}, headers=auth(token))
    assert response.status_code == 200, response.text
    events = response.json()
    return [msgspec.convert(e["event"], RULES.event_type) for e in events]


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        (b'{"move": {"type": "MoveTokens", ', 400, "invalid_json"),
        (b'{"move": {"type": "NoSuchMove"}}', 400, "invalid_request"),
        (b'{"move": {"type": "MoveTokens", "seat": "zero", "up": "fox"}}', 400, "invalid_request"),
        (b'{"move": {"type": "MoveTokens", "seat": 0, "up": "fox"}, "extra": 1}', 400, "invalid_request"),
        (b'{"move": {"type": "MoveTokens", "seat": 0, "up": "fox", "colour": "red"}}', 400, "invalid_request"),
    ],
)
def test_malformed_moves_are_400(
    client: Client, api_key: str, created: dict[str, Any], body: bytes, status: int, code: str
) -> None:
    game_id = created["body"]["id"]
    version = client.get(f"/games/{game_id}").json()["version"]
    response = client.post(
        f"/games/{game_id}/moves", content=body, headers={**auth(api_key), "content-type": "application/json"}
    )
    assert response.status_code == status, response.text
    assert response.json()["code"] == code
    assert client.get(f"/games/{game_id}").json()["version"] == version


def test_only_the_owner_may_append(client: Client, other_key: str, created: dict[str, Any]) -> None:
    game_id = created["body"]["id"]
    response = client.post(f"/games/{game_id}/moves", json={"move": {}}, headers=auth(other_key))
    assert response.status_code == 403 and response.json()["code"] == "not_game_owner"


def test_unknown_game_is_404(client: Client, api_key: str) -> None:
    missing = "00000000-0000-4000-8000-000000000000"
    for response in (
        client.get(f"/games/{missing}"),
        client.get(f"/games/{missing}/timeline"),
        client.get(f"/games/{missing}/replay/1"),
        client.get(f"/games/{missing}/record"),
        client.get(f"/games/{missing}/events"),
        client.post(f"/games/{missing}/moves", json={"move": {}}, headers=auth(api_key)),
    ):
        assert response.status_code == 404, response.text
        assert response.json()["code"] == "game_not_found"


def test_idempotency_key_retry_returns_the_first_response_and_stores_once(
    client: Client, api_key: str, created: dict[str, Any]
) -> None:
    game_id = created["body"]["id"]
    summary = client.get(f"/games/{game_id}").json()
    move = {"move": builtins(created["moves"][summary["moves"]])}
    headers = {**auth(api_key), "Idempotency-Key": "retry-1"}
    first = client.post(f"/games/{game_id}/moves", json=move, headers=headers)
    second = client.post(f"/games/{game_id}/moves", json=move, headers=headers)
    assert first.status_code == second.status_code == 201
    assert first.content == second.content
    assert client.get(f"/games/{game_id}").json()["moves"] == summary["moves"] + 1
    other = client.post(f"/games/{game_id}/moves", json={"move": {"type": "x"}}, headers=headers)
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_oversize_body_is_413(client: Client, api_key: str) -> None:
    response = client.post(
        "/games/import",
        content=b"[" + b" " * (5 * 1024 * 1024) + b"]",
        headers={**auth(api_key), "content-type": "application/json"},
    )
    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"


def test_import_stores_a_whole_game_and_export_round_trips(client: Client, api_key: str) -> None:
    record = record_of(3, 21, record_id="club/round-trip")
    response = client.post("/games/import", json=record, headers=auth(api_key))
    assert response.status_code == 201, response.text
    game_id = response.json()["id"]
    assert response.json()["status"] == "finished"
    exported = client.get(f"/games/{game_id}/record").json()
    assert exported["id"] == "club/round-trip"
    assert exported["moves"] == record["moves"]
    assert exported["setup"] == json.loads(json.dumps(record["setup"]))
    # Import the export as a new record: same events and same hash at every step.
    exported["id"] = "club/round-trip/copy"
    copy = client.post("/games/import", json=exported, headers=auth(api_key))
    assert copy.status_code == 201, copy.text
    original = client.get(f"/games/{game_id}/timeline").json()["entries"]
    again = client.get(f"/games/{copy.json()['id']}/timeline").json()["entries"]
    assert [(e["type"], e["state_hash"]) for e in original] == [(e["type"], e["state_hash"]) for e in again]


def test_importing_the_same_record_again_is_idempotent(client: Client, api_key: str) -> None:
    record = record_of(2, 5, record_id="club/once")
    first = client.post("/games/import", json=record, headers=auth(api_key))
    second = client.post("/games/import", json=record, headers=auth(api_key))
    assert first.status_code == 201 and second.status_code == 200
    assert first.json()["id"] == second.json()["id"]
    clash = record_of(2, 6, record_id="club/once")
    conflict = client.post("/games/import", json=clash, headers=auth(api_key))
    assert conflict.status_code == 409 and conflict.json()["code"] == "record_id_conflict"


def test_import_failure_names_the_first_failing_move_and_stores_nothing(client: Client, api_key: str) -> None:
    record = record_of(2, 9, record_id="club/broken")
    bad = record["moves"][10]["move"]
    bad["seat"] = 1 - bad["seat"]
    before = client.get("/games", params={"limit": 200}).json()["items"]
    response = client.post("/games/import", json=record, headers=auth(api_key))
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["move_index"] == 10
    assert problem["code"].startswith("arctic.")
    assert client.get("/games", params={"limit": 200}).json()["items"] == before


def test_timeline_marks_moves_and_turns_and_speaks_three_languages(client: Client, api_key: str) -> None:
    game_id = client.post("/games/import", json=record_of(2, 3), headers=auth(api_key)).json()["id"]
    english = client.get(f"/games/{game_id}/timeline").json()
    french = client.get(f"/games/{game_id}/timeline", headers={"Accept-Language": "fr-FR,fr;q=0.9"}).json()
    spanish = client.get(f"/games/{game_id}/timeline", params={"lang": "es"}).json()
    assert (english["language"], french["language"], spanish["language"]) == ("en", "fr", "es")
    entries = english["entries"]
    assert [e["step"] for e in entries] == list(range(1, len(entries) + 1))
    assert sum(e["turn_start"] for e in entries) > 2
    assert sum(e["move_start"] for e in entries) >= client.get(f"/games/{game_id}").json()["moves"]
    assert english["entries"][5]["description"] != french["entries"][5]["description"]
    assert all(e["state_hash"].startswith("sha256:") for e in entries)


def test_replay_matches_the_engine_fold_and_links_steps(client: Client, api_key: str) -> None:
    game = simulate(2, 13)
    record = record_of(2, 13)
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    state = RULES.initial_state()
    for step, event in enumerate(game.events, start=1):
        state = RULES.evolve(state, event)
        if step in (1, 2, len(game.events) // 2, len(game.events)):
            replay = client.get(f"/games/{game_id}/replay/{step}").json()
            assert replay["state_hash"] == state_hash(state)
            assert replay["steps"] == len(game.events)
    last = client.get(f"/games/{game_id}/replay/{len(game.events)}").json()
    assert last["links"]["next"] is None and last["links"]["previous"].endswith(
        f"/{len(game.events) - 1}?perspective=spectator"
    )
    assert client.get(f"/games/{game_id}/replay/0").json()["code"] == "step_not_found"


def test_live_game_hides_hands_from_spectators_and_refuses_omniscient_without_the_owner_key(
    client: Client, api_key: str
) -> None:
    record = record_of(2, 17, moves=4)
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    assert client.get(f"/games/{game_id}/replay/3", params={"perspective": "omniscient"}).status_code == 403
    assert client.get(f"/games/{game_id}/replay/3", params={"perspective": "seat:0"}).status_code == 403
    owner = client.get(f"/games/{game_id}/replay/3", params={"perspective": "omniscient"}, headers=auth(api_key))
    assert owner.status_code == 200
    spectator = client.get(f"/games/{game_id}/replay/3").json()
    assert json.dumps(spectator["view"]) != json.dumps(owner.json()["view"])
    assert (
        client.get(f"/games/{game_id}/replay/3", params={"perspective": "seat:9"}).json()["code"]
        == "invalid_perspective"
    )


def test_events_stream_as_ndjson(client: Client, api_key: str) -> None:
    game_id = client.post("/games/import", json=record_of(2, 19), headers=auth(api_key)).json()["id"]
    as_json = client.get(f"/games/{game_id}/events").json()
    response = client.get(f"/games/{game_id}/events", headers={"Accept": "application/x-ndjson"})
    assert response.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in response.text.splitlines()]
    assert lines == as_json
    assert [e["version"] for e in lines] == list(range(1, len(lines) + 1))


def test_list_filters_and_paginates(client: Client, api_key: str) -> None:
    for seed in range(30, 35):
        record = record_of(2, seed)
        record["setup"]["players"] = ["Nanook", f"guest{seed}"]
        assert client.post("/games/import", json=record, headers=auth(api_key)).status_code == 201
    page = client.get("/games", params={"player": "NANOOK", "limit": 2}).json()
    assert len(page["items"]) == 2 and page["next_cursor"]
    seen = [g["id"] for g in page["items"]]
    while page["next_cursor"]:
        page = client.get("/games", params={"player": "nanook", "limit": 2, "cursor": page["next_cursor"]}).json()
        seen += [g["id"] for g in page["items"]]
    assert len(seen) == len(set(seen)) == 5
    assert client.get("/games", params={"kind": "arctica", "player": "nanook"}).json()["items"] == []
    assert client.get("/games", params={"status": "finished", "player": "nanook"}).json()["items"]
    assert client.get("/games", params={"cursor": "garbage!"}).json()["code"] == "invalid_cursor"
    assert client.get("/games", params={"limit": 0}).status_code == 400


def test_legal_moves_are_listed_for_the_owner_only(client: Client, api_key: str, other_key: str) -> None:
    game = simulate(2, 23)
    record = record_of(2, 23, moves=3)
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    response = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key))
    assert response.status_code == 200
    listed = [c["move"] for g in response.json()["groups"] for c in g["choices"]]
    assert builtins(game.moves[3]) in listed
    anonymous = client.get(f"/games/{game_id}/legal-moves")
    assert anonymous.status_code == 401 and anonymous.json()["code"] == "api_key_required"
    assert anonymous.headers["www-authenticate"] == "Bearer"
    assert client.get(f"/games/{game_id}/legal-moves", headers=auth(other_key)).json()["code"] == "not_game_owner"


def test_spectators_never_see_hand_cards_or_the_deck(client: Client, api_key: str) -> None:
    record = record_of(2, 29, moves=12)
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    steps = client.get(f"/games/{game_id}").json()["version"]
    owner = client.get(f"/games/{game_id}/replay/{steps}", params={"perspective": "omniscient"}, headers=auth(api_key))
    hands = [card for p in owner.json()["view"]["players"] for card in p["hand"]]
    assert hands
    spectator = client.get(f"/games/{game_id}/replay/{steps}").text
    for card in hands:
        assert f'"{card}"' not in spectator, card
    opening = client.get(f"/games/{game_id}/events").json()[0]["event"]
    river = 5 * (2 - 1) + 3 * 2  # the dealing order: reserve, hands, then the six River cards
    shown = [c for c in opening["deck_order"] if c is not None]
    assert shown == opening["deck_order"][river : river + 6], "only the River is shown"
    full = client.get(f"/games/{game_id}/events", params={"perspective": "omniscient"}, headers=auth(api_key)).json()
    assert None not in full[0]["event"]["deck_order"]


def test_nul_characters_are_refused_not_a_server_error(client: Client, api_key: str) -> None:
    assert client.get("/games", params={"player": "a\x00b"}).json()["code"] == "invalid_characters"
    assert client.get("/games/%00").status_code in (400, 404)
    body = {"kind": "arctic", "setup": {"players": ["a\u0000b", "c"], "seed": 1}}
    response = client.post("/games", json=body, headers=auth(api_key))
    assert response.status_code == 400 and response.json()["code"] == "invalid_handle"
    record = record_of(2, 3, record_id="bad\x00id")
    assert client.post("/games/import", json=record, headers=auth(api_key)).json()["code"] == "invalid_text"


def test_one_person_cannot_hold_two_seats(client: Client, api_key: str) -> None:
    body = {"kind": "arctic", "setup": {"players": ["Nanook", "NANOOK"], "seed": 1}}
    response = client.post("/games", json=body, headers=auth(api_key))
    assert response.status_code == 422 and response.json()["code"] == "duplicate_player"


def test_every_replay_step_of_a_finished_game_served_from_memory_matches_the_fold(
    client: Client, api_key: str, runtime: Any
) -> None:
    game = simulate(3, 31)
    game_id = client.post("/games/import", json=record_of(3, 31), headers=auth(api_key)).json()["id"]
    state = RULES.initial_state()
    for step, event in enumerate(game.events, start=1):
        state = RULES.evolve(state, event)
        assert client.get(f"/games/{game_id}/replay/{step}").json()["state_hash"] == state_hash(state)
    blocks = runtime.games.replays.cache
    assert blocks.get(UUID(game_id), 0) is not None and blocks.finished_row(UUID(game_id)) is not None
    state = RULES.initial_state()
    for step, event in enumerate(game.events, start=1):  # again, now from memory
        state = RULES.evolve(state, event)
        assert client.get(f"/games/{game_id}/replay/{step}").json()["state_hash"] == state_hash(state)


def test_public_legal_moves_and_alternatives_speak_the_tables_terms(client: Client, api_key: str) -> None:
    """Issue 18: a public game lists "reveal the card turned into River slot 3" once, not 60 times."""
    pub = to_public(simulate(2, 23))
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": builtins(pub.setup),
        "moves": [{"move": builtins(m)} for m in pub.moves[:5]],  # five of the six River reveals
    }
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    listed = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key)).json()
    (group,) = listed["groups"]
    (choice,) = group["choices"]
    assert choice["text"] == "reveal the card turned into River slot 6"
    assert choice["move"] == {"type": "RevealRiver", "slot": 5, "card": "<any unseen card>"}
    assert choice["fill"] == "card" and len(choice["cards"]) == 60 - 5
    place = {"type": "PlaceCard", "seat": 0, "card": "d1-fox-1", "placement": "top"}
    problem = client.post(f"/games/{game_id}/moves", json={"move": place}, headers=auth(api_key)).json()
    assert problem["code"] == "arctic.reveal_required"
    assert problem["legal"] == [
        {
            "text": "reveal the card turned into River slot 6",
            "move": {"type": "RevealRiver", "slot": 5, "card": "<any unseen card>"},
            "fill": "card",
            "options": 60 - 5,
        }
    ]


def test_idempotency_replies_kept_in_their_former_http_form_still_replay(
    client: Client, api_key: str, database: Any
) -> None:
    """Replies stored before the use cases stopped speaking HTTP (status 201, an ETag and a Location)
    answer a retry exactly as they did."""
    import uuid

    import psycopg
    from psycopg.types.json import Jsonb

    from service.games.service import request_hash

    body = json.dumps({"kind": "arctic", "setup": {"players": ["Old", "Form"], "seed": 5}}).encode()
    game_id = uuid.uuid4()
    stored = json.dumps({"id": str(game_id), "kind": "arctic", "version": 2}).encode()
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(
            "INSERT INTO idempotency_keys (key_id, idem_key, request_hash, status, body, headers) "
            "VALUES (%s, %s, %s, %s, %s, %s)",
            (
                api_key.split("_")[1],
                "former-form",
                request_hash("POST", "/games", body),
                201,
                stored,
                Jsonb({"etag": '"2"', "location": f"/games/{game_id}"}),
            ),
        )
    response = client.post(
        "/games",
        content=body,
        headers={**auth(api_key), "content-type": "application/json", "Idempotency-Key": "former-form"},
    )
    assert response.status_code == 201, response.text
    assert response.content == stored
    assert response.headers["etag"] == '"2"' and response.headers["location"] == f"/games/{game_id}"
