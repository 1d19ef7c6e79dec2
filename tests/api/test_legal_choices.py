"""``GET /games/{id}/legal-moves`` for every client: the table's choices grouped by player name, one
shape in full and public mode, and the cards a "card not seen yet" stands for — enough to record a whole
public game with nothing but what it lists."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctic.simulator import simulate, to_public
from domain.arctica.simulator import simulate as simulate_arctica
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
NAMES = ["Nanook", "Sila"]


def chosen(listed: dict[str, Any], move: dict[str, Any]) -> dict[str, Any]:
    """The move as a client builds it from the listed choices (a filled card among the choice's cards)."""
    for group in listed["groups"]:
        for choice in group["choices"]:
            if choice["move"] == move:
                return dict(choice["move"])
            fill = choice.get("fill")
            if fill and {**choice["move"], fill: move.get(fill)} == move and move[fill] in choice["cards"]:
                return {**choice["move"], fill: move[fill]}
    raise AssertionError(f"{move} is not among the choices {listed}")


def test_a_whole_public_game_is_recorded_from_the_listed_choices_alone(client: Client, api_key: str) -> None:
    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    made = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key)).json()
    game_id, version = made["id"], made["version"]
    for move in game.moves:
        response = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key))
        listed = response.json()
        assert listed["version"] == version and response.headers["etag"] == f'"{version}"'
        body = {"move": chosen(listed, msgspec.to_builtins(move))}
        sent = client.post(f"/games/{game_id}/moves", json=body, headers={**auth(api_key), "If-Match": f'"{version}"'})
        assert sent.status_code == 201, sent.text
        version = sent.json()["version"]
    assert client.get(f"/games/{game_id}").json()["status"] == "finished"
    final = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key)).json()
    assert final["groups"] == [] and final["count"] == 0


def test_public_choices_name_the_player_and_list_only_the_cards_not_seen_yet(client: Client, api_key: str) -> None:
    game = to_public(simulate(2, 23))
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    moves = [{"move": msgspec.to_builtins(m)} for m in game.moves[:6]]  # the six River reveals
    record = {"format": "banquise-record", "version": 1, "kind": "arctic", "setup": setup, "moves": moves}
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    listed = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key)).json()
    assert listed["kind"] == "arctic" and listed["mode"] == "public" and listed["players"] == NAMES
    river = [m["move"]["card"] for m in moves]
    place = next(g for g in listed["groups"] if g["type"] == "PlaceCard")
    assert place["seat"] == 0 and place["player"] == "Nanook" and place["title"] == "Nanook places a card"
    unseen = [c for c in place["choices"] if c.get("fill") == "card"]
    assert unseen and all(c["move"]["card"] == "<any unseen card>" for c in unseen)
    assert "a card not seen yet" in unseen[0]["text"]
    for choice in unseen:
        assert len(choice["cards"]) == 60 - 6 and not set(choice["cards"]) & set(river)
    assert listed["count"] == sum(len(c.get("cards") or [None]) for g in listed["groups"] for c in g["choices"])


def test_full_and_public_games_answer_in_the_same_shape(client: Client, api_key: str) -> None:
    full = simulate(2, 23)
    setup = {**msgspec.to_builtins(full.setup), "players": NAMES}
    game_id = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key)).json()["id"]
    listed = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key)).json()
    assert set(listed) == {"kind", "mode", "version", "players", "phase", "count", "groups"}
    assert listed["mode"] == "full" and listed["players"] == NAMES
    for group in listed["groups"]:
        assert set(group) == {"seat", "player", "type", "title", "choices"}
        assert group["player"] == NAMES[group["seat"]] and group["title"].startswith(group["player"])
        for choice in group["choices"]:
            assert "fill" not in choice and "cards" not in choice and choice["text"]
    moves = [c["move"] for g in listed["groups"] for c in g["choices"]]
    assert msgspec.to_builtins(full.moves[0]) in moves and listed["count"] == len(moves)


def test_arctica_choices_are_grouped_by_player_and_name_no_seat_number(client: Client, api_key: str) -> None:
    game = simulate_arctica(2, 4)
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    game_id = client.post("/games", json={"kind": "arctica", "setup": setup}, headers=auth(api_key)).json()["id"]
    listed = client.get(f"/games/{game_id}/legal-moves", headers=auth(api_key)).json()
    assert listed["kind"] == "arctica" and listed["players"] == NAMES and listed["groups"]
    seen = set()
    for group in listed["groups"]:
        assert (group["seat"], group["type"]) not in seen  # one group per player and kind of move
        seen.add((group["seat"], group["type"]))
        assert group["player"] in NAMES and group["player"] in group["title"]
        assert all(c["move"]["type"] == group["type"] for c in group["choices"])
