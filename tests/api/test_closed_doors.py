"""The small doors the fifth round of hostile probes found open (#49, item 6): a sealed fork's family
answered anyone, a move was built decision by decision on a game that takes no move, and a handle of
combining marks alone was a name."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from tests.helpers import auth

Client = TestClient[Any]
NAMES = ["Nanook", "Sila"]


def live_game(client: Client, key: str, seed: int) -> tuple[str, dict[str, Any]]:
    game = simulate(2, seed)
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    made = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(key))
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    for move in game.moves[:6]:
        sent = client.post(f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(move)}, headers=auth(key))
        assert sent.status_code == 201, sent.text
    return game_id, made.json()


def test_a_sealed_forks_family_is_its_owners_as_every_read_of_it(client: Client, api_key: str, other_key: str) -> None:
    """Given a fork of a live game, when anyone but its owner asks for its forks, then 403 fork_hidden;
    its owner reads them; the origin's family stays public (ids and steps)."""
    origin, _ = live_game(client, api_key, 4901)
    at = client.get(f"/games/{origin}", headers=auth(api_key)).json()["version"]
    fork = client.post(f"/games/{origin}/forks", json={"at": at}, headers=auth(api_key))
    assert fork.status_code == 201, fork.text
    fork_id = fork.json()["id"]
    for headers in ({}, auth(other_key)):
        refused = client.get(f"/games/{fork_id}/forks", headers=headers)
        assert refused.status_code == 403 and refused.json()["code"] == "fork_hidden", refused.text
    mine = client.get(f"/games/{fork_id}/forks", headers=auth(api_key))
    assert mine.status_code == 200 and mine.json()["forked_from"]["game_id"] == origin
    family = client.get(f"/games/{origin}/forks")
    assert family.status_code == 200 and [f["game_id"] for f in family.json()["forks"]] == [fork_id]


@pytest.mark.parametrize("close", ["abandon", "void"])
def test_no_decision_is_offered_on_a_game_that_takes_no_move(
    client: Client, api_key: str, admin_key: str, close: str
) -> None:
    """Given a live game whose next move is offered decision by decision, when it is abandoned (or voided),
    then ``/moves/next`` refuses as ``/moves`` does (409 game_abandoned / game_voided)."""
    game_id, _ = live_game(client, api_key, 4902 if close == "abandon" else 4903)
    offered = client.post(f"/games/{game_id}/moves/next", json={"made": []}, headers=auth(api_key))
    assert offered.status_code == 200 and offered.json()["next"] is not None, offered.text
    closer = api_key if close == "abandon" else admin_key
    closed = client.post(f"/games/{game_id}/{close}", json={"reason": "probe"}, headers=auth(closer))
    assert closed.status_code == 200, closed.text
    code = "game_abandoned" if close == "abandon" else "game_voided"
    for path, body in (("moves/next", {"made": []}), ("moves", {"move": offered.json()["next"]})):
        answer = client.post(f"/games/{game_id}/{path}", json=body, headers=auth(api_key))
        assert answer.status_code == 409 and answer.json()["code"] == code, (path, answer.text)


@pytest.mark.parametrize(
    "handle",
    [
        "\u0301",  # a combining acute accent alone
        "\u0301\u0302\u0303\u0304",  # combining marks only
        "\u20dd\u20de",  # enclosing marks
        "\u0301Nanook",  # a name that starts with a mark (it joins the character printed before it)
        "\u200d\u0301",  # a joiner and a mark
    ],
)
def test_a_handle_of_combining_marks_is_refused_and_nothing_stored(client: Client, api_key: str, handle: str) -> None:
    setup = {**msgspec.to_builtins(simulate(2, 4904).setup), "players": ["Sila", handle]}
    before = client.get("/games", params={"limit": 200}).json()["items"]
    made = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key))
    assert made.status_code == 400 and made.json()["code"] == "invalid_handle", made.text
    assert made.json()["path"] == "$.setup.players[1]"
    assert client.get("/games", params={"limit": 200}).json()["items"] == before


def test_handles_with_marks_on_letters_stay_names(client: Client, api_key: str) -> None:
    """Marks after a letter (decomposed accents, Devanagari vowel signs) are ordinary names."""
    setup = {**msgspec.to_builtins(simulate(2, 4905).setup), "players": ["Zoe\u0301", "\u0915\u093f\u0930\u0923"]}
    made = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key))
    assert made.status_code == 201, made.text
