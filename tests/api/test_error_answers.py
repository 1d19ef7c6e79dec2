"""Errors that say how to fix the request, and the same status for the same mistake everywhere."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic import simulator as arctic_sim
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def public_game(client: Client, api_key: str, seed: int, moves: int) -> tuple[str, list[Any], int]:
    sim = arctic_sim.to_public(arctic_sim.simulate(2, seed))
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": msgspec.to_builtins(sim.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in sim.moves[:moves]],
    }
    made = client.post("/games/import", json=record, headers=auth(api_key))
    assert made.status_code == 201, made.text
    return made.json()["id"], [msgspec.to_builtins(m) for m in sim.moves], made.json()["version"]


def test_a_seedless_arctic_setup_names_the_fields_left_to_draw(client: Client, api_key: str) -> None:
    setup = {"players": ["Ana", "Bo"], "mode": "public", "power_sides": {"fox": "A", "moose": "B"}}
    response = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key))
    assert response.status_code == 422
    problem = response.json()
    assert problem["code"] == "arctic.setup.seed_required"
    assert "power_sides" in problem["detail"] and "4 of 6" in problem["detail"]


def test_an_unknown_edition_lists_the_known_ones(client: Client, api_key: str) -> None:
    setup = {"players": ["Ana", "Bo"], "seed": 3, "edition": "deluxe"}
    response = client.post("/games", json={"kind": "arctica", "setup": setup}, headers=auth(api_key))
    assert response.status_code == 422
    assert response.json()["code"] == "arctica.unknown_edition"
    assert "demo-1" in response.json()["detail"]


def test_a_bad_move_type_lists_the_valid_ones(client: Client, api_key: str) -> None:
    game_id, _, _ = public_game(client, api_key, 5, 0)
    response = client.post(
        f"/games/{game_id}/moves", json={"move": {"type": "PlayCard", "seat": 0}}, headers=auth(api_key)
    )
    assert response.status_code == 400
    problem = response.json()
    assert problem["code"] == "invalid_request"
    assert "PlaceCard" in problem["valid_types"] and "RevealRiver" in problem["valid_types"]
    assert "PlaceCard" in problem["detail"]


def test_a_move_without_its_wrapper_shows_the_wrapper(client: Client, api_key: str) -> None:
    game_id, moves, _ = public_game(client, api_key, 6, 0)
    response = client.post(f"/games/{game_id}/moves", json=moves[0], headers=auth(api_key))
    assert response.status_code == 400
    assert '{"move": {"type"' in response.json()["detail"]


def test_public_mode_alternatives_are_grouped_by_move(client: Client, api_key: str) -> None:
    game_id, moves, version = public_game(client, api_key, 7, 6)
    response = client.post(
        f"/games/{game_id}/moves",
        json={"move": {"type": "EndStep", "seat": 1}},
        headers={**auth(api_key), "If-Match": f'"{version}"'},
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    # Public mode: the table's terms (domain.arctic.table), one entry per move whose card is "any unseen card".
    choices = problem["legal"]
    assert 0 < len(choices) < 40
    assert any(c.get("fill") and c["options"] > 1 for c in choices)
    # The move actually played next is one of the alternatives the choices stand for.
    played = moves[6]
    assert any(
        {k: v for k, v in c["move"].items() if k != c.get("fill")}
        == {k: v for k, v in played.items() if k != c.get("fill")}
        for c in choices
    )


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ({"type": "RevealRiver", "slot": 0, "card": "d9-nothing-1"}, "arctic.unknown_card"),
        ({"type": "RevealRiver", "slot": 9, "card": "d1-fox-4"}, "arctic.river_slot_invalid"),
    ],
)
def test_card_and_slot_errors_list_the_alternatives(
    client: Client, api_key: str, bad: dict[str, Any], code: str
) -> None:
    game_id, _, _ = public_game(client, api_key, 5, 0)
    response = client.post(f"/games/{game_id}/moves", json={"move": bad}, headers=auth(api_key))
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == code
    assert problem.get("legal") or problem.get("legal_groups")


def test_a_card_already_seen_lists_the_alternatives(client: Client, api_key: str) -> None:
    game_id, moves, _ = public_game(client, api_key, 5, 1)
    seen = moves[0]["card"]
    response = client.post(
        f"/games/{game_id}/moves",
        json={"move": {"type": "RevealRiver", "slot": 1, "card": seen}},
        headers=auth(api_key),
    )
    assert response.status_code == 422, response.text
    problem = response.json()
    assert problem["code"] == "arctic.card_already_seen"
    cards = [c for g in problem.get("legal_groups", []) for c in g.get("cards", [])] + [
        m.get("card") for m in problem.get("legal", [])
    ]
    assert cards and seen not in cards


@pytest.mark.parametrize(
    ("method", "path", "body"),
    [
        ("GET", "/leaderboards/chess", None),
        ("GET", "/games?kind=chess", None),
        ("POST", "/games", {"kind": "chess", "setup": {}}),
        (
            "POST",
            "/games/import",
            {"format": "banquise-record", "version": 1, "kind": "chess", "setup": {}, "moves": []},
        ),
    ],
)
def test_an_unknown_kind_is_the_same_422_everywhere(
    client: Client, api_key: str, method: str, path: str, body: Any
) -> None:
    response = client.request(method, path, json=body, headers=auth(api_key))
    assert response.status_code == 422, response.text
    assert response.json()["code"] == "unknown_game_kind"
    assert response.json()["known"] == ["arctic", "arctica"]


def test_legal_moves_without_a_key_is_401_like_every_keyed_read(client: Client, api_key: str) -> None:
    game_id, _, _ = public_game(client, api_key, 8, 0)
    response = client.get(f"/games/{game_id}/legal-moves")
    assert response.status_code == 401 and response.json()["code"] == "api_key_required"


def test_voiding_answers_200(client: Client, database: Any, api_key: str) -> None:
    import psycopg

    from service.base import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        admin = keys.create(conn, "admin", admin=True).token
    game_id, _, _ = public_game(client, api_key, 9, 0)
    response = client.post(f"/games/{game_id}/void", json={"reason": "test"}, headers=auth(admin))
    assert response.status_code == 200, response.text
    assert "location" not in response.headers


def test_if_match_star_is_any_version(client: Client, api_key: str) -> None:
    game_id, moves, _ = public_game(client, api_key, 10, 0)
    response = client.post(
        f"/games/{game_id}/moves", json={"move": moves[0]}, headers={**auth(api_key), "If-Match": "*"}
    )
    assert response.status_code == 201, response.text
