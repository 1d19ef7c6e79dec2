"""An edition's size is bounded; a game on a stored edition reads its row, not its whole document, and the
registry of stored editions a process holds is bounded."""

from __future__ import annotations

import json
from typing import Any

import pytest
from litestar.testing import TestClient

from domain.arctica import editions
from domain.arctica.edition import canonical_json
from service.base.store import editions as table
from service.games.editions import MAX_EDITION_BYTES, MAX_EDITION_CARDS
from service.runtime import Runtime
from tests.domain.arctica.support import club_edition
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def doc(edition_id: str, version: str = "1") -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(canonical_json(club_edition(edition_id, version)))
    return loaded


def test_an_edition_past_its_bounds_is_refused_with_a_code(client: Client, admin_key: str) -> None:
    big = doc("club-big")
    big["notice"] = "x" * (MAX_EDITION_BYTES + 1)
    refused = client.post("/editions", json=big, headers=auth(admin_key))
    assert refused.status_code == 422 and refused.json()["code"] == "edition_too_large", refused.text
    assert refused.json()["limit"] == MAX_EDITION_BYTES
    many = doc("club-many")
    card = many["cards"][0]
    many["cards"] = [{**card, "id": 10_000 + i} for i in range(MAX_EDITION_CARDS + 1)]
    refused = client.post("/editions", json=many, headers=auth(admin_key))
    assert refused.status_code == 422 and refused.json()["code"] == "edition_too_large", refused.text


def test_games_on_the_latest_stored_version_read_its_document_once(
    client: Client, admin_key: str, api_key: str, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored = client.post("/editions", json=doc("club-once"), headers=auth(admin_key))
    assert stored.status_code == 201, stored.text
    loads: list[tuple[str, str | None]] = []
    original = table.load

    def counting(conn: Any, edition_id: str, version: str | None) -> Any:
        loads.append((edition_id, version))
        return original(conn, edition_id, version)

    monkeypatch.setattr(table, "load", counting)
    body = {"kind": "arctica", "setup": {"players": ["Ana", "Bo"], "seed": 3, "edition": "club-once"}}
    for _ in range(3):
        created = client.post("/games", json=body, headers=auth(api_key))
        assert created.status_code == 201, created.text
    assert len(loads) <= 1, loads


def test_the_registry_holds_a_bounded_number_of_stored_editions() -> None:
    for i in range(editions.MAX_STORED + 8):
        editions.register(club_edition(f"club-bound-{i}", "1"))
    held = [key for key in editions._REGISTRY if key[0] not in editions.PACKAGED]
    assert len(held) == editions.MAX_STORED
    assert ("club-bound-0", "1") not in editions._REGISTRY
    assert (f"club-bound-{editions.MAX_STORED + 7}", "1") in editions._REGISTRY
    editions.forget_stored()
