"""A record id already stored answers for the record, whatever the rest of the record says.

The service looks the id up only when the new record fails (validation) or when its insert meets
the stored id: these pin that the answers are those of a look-up made first.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.api.test_games import Client, record_of
from tests.helpers import auth


def broken(record: dict[str, Any]) -> dict[str, Any]:
    """The record with its 11th move played by the wrong seat (a rule violation)."""
    bad = copy.deepcopy(record)
    move = bad["moves"][10]["move"]
    move["seat"] = 1 - move["seat"]
    return bad


def test_an_identical_record_again_is_the_stored_game(client: Client, api_key: str) -> None:
    record = record_of(2, 11, record_id="existing/same")
    first = client.post("/games/import", json=record, headers=auth(api_key))
    assert first.status_code == 201, first.text
    for _ in range(2):
        again = client.post("/games/import", json=record, headers=auth(api_key))
        assert again.status_code == 200, again.text
        assert (again.json()["id"], again.json()["version"]) == (first.json()["id"], first.json()["version"])
        assert again.headers["location"] == first.headers["location"]
    listed = client.get("/games", params={"limit": 200}).json()["items"]
    assert [g["record_id"] for g in listed].count("existing/same") == 1


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(broken, id="illegal move"),
        pytest.param(lambda r: {**r, "setup": {**r["setup"], "players": ["x", "X"]}}, id="duplicate players"),
        pytest.param(lambda r: {**r, "moves": r["moves"][:5]}, id="valid but different"),
    ],
)
def test_another_record_under_a_stored_id_is_a_conflict(client: Client, api_key: str, change: Any) -> None:
    record = record_of(2, 12, record_id=f"existing/{change.__name__}-{id(change)}")
    first = client.post("/games/import", json=record, headers=auth(api_key))
    assert first.status_code == 201, first.text
    other = client.post("/games/import", json=change(record), headers=auth(api_key))
    assert other.status_code == 409, other.text
    assert other.json()["code"] == "record_id_conflict"
    assert other.json()["game_id"] == first.json()["id"]


def test_an_illegal_record_under_a_new_id_is_still_refused(client: Client, api_key: str) -> None:
    response = client.post(
        "/games/import", json=broken(record_of(2, 13, record_id="existing/new-broken")), headers=auth(api_key)
    )
    assert response.status_code == 422, response.text
    assert response.json()["move_index"] == 10
