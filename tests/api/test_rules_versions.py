"""Issue 23: rules versions over HTTP. New games play ``arctic-2``; a record naming ``arctic-1`` (a game
exported before the change) is replayed under it, to the same events, and stays ``arctic-1``."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctic.events import Event
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
FIXTURE = Path(__file__).parents[1] / "domain" / "arctic" / "fixtures" / "recorded_before_issue23.json.gz"


def old_game() -> dict[str, Any]:
    """A full game recorded by main's engine before the change, with a Moose B wait at an empty hand."""
    games = json.loads(gzip.decompress(FIXTURE.read_bytes()))
    return next(g for g in games if g["mode"] == "full" and g["shortfall_waits"])


def body(game: dict[str, Any], rules_version: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": json.loads(game["setup"]),
        "moves": [{"move": m} for m in json.loads(game["moves"])],
    }
    if rules_version is not None:
        out["rules_version"] = rules_version
    return out


def test_an_arctic_1_record_replays_under_arctic_1(client: Client, api_key: str) -> None:
    game = old_game()
    made = client.post("/games/import", json=body(game, "arctic-1"), headers=auth(api_key))
    assert made.status_code == 201, made.text
    assert made.json()["rules_version"] == "arctic-1" and made.json()["status"] == "finished"
    gid = made.json()["id"]
    assert client.get(f"/games/{gid}").json()["rules_version"] == "arctic-1"
    events = [e["event"] for e in client.get(f"/games/{gid}/events", params={"perspective": "omniscient"}).json()]
    assert msgspec.json.encode(events) == msgspec.json.encode(msgspec.json.decode(game["events"], type=list[Event]))
    record = client.get(f"/games/{gid}/record").json()
    assert record["rules_version"] == "arctic-1"
    # the same moves under the current rules: Moose B lowered the count by itself, so the old
    # declaration at the empty hand is refused
    current = client.post("/games/import", json=body(game, None), headers=auth(api_key))
    assert current.status_code == 422, current.text
    unknown = client.post("/games/import", json=body(game, "arctic-0"), headers=auth(api_key))
    assert unknown.status_code == 422 and unknown.json()["code"] == "unsupported_rules_version"


def test_new_games_play_arctic_2(client: Client, api_key: str) -> None:
    made = client.post(
        "/games",
        json={"kind": "arctic", "setup": {"players": ["Vera Two", "Wim Two"], "seed": 23}},
        headers=auth(api_key),
    )
    assert made.status_code == 201 and made.json()["rules_version"] == "arctic-2", made.text
