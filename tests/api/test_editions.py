"""``/editions``: a club stores its Arctica edition, lists and reads it, and records games on it that
are decided and scored again after a restart."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctica import RULES, editions
from domain.arctica.edition import canonical_json, fingerprint
from domain.arctica.simulator import public_record, simulate, table_record
from domain.game import state_hash
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests.domain.arctica.support import club_edition
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]

CLUB = club_edition("club-api", "2026.1")


def document(**changes: Any) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads(canonical_json(CLUB))
    doc.update(changes)
    return doc


@pytest.fixture(scope="module")
def stored(client: Client, admin_key: str) -> dict[str, Any]:
    response = client.post("/editions", json=document(), headers=auth(admin_key))
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_adding_an_edition_needs_an_admin_key(client: Client, api_key: str) -> None:
    assert client.post("/editions", json=document()).status_code == 401
    refused = client.post("/editions", json=document(), headers=auth(api_key))
    assert refused.status_code == 403 and refused.json()["code"] == "admin_required"


def test_a_stored_edition_is_listed_with_its_fingerprint(client: Client, stored: dict[str, Any]) -> None:
    assert stored["sha256"] == fingerprint(CLUB) and stored["source"] == "stored"
    listed = {(e["id"], e["version"]): e for e in client.get("/editions").json()}
    assert listed[("club-api", "2026.1")]["sha256"] == fingerprint(CLUB)
    demo = listed[("demo-1", "1.0.0")]
    assert demo["source"] == "packaged" and demo["sha256"] == fingerprint(editions.demo())
    assert "invented" in demo["label"] and demo["notice"]


def test_an_edition_reads_back_whole(client: Client, stored: dict[str, Any]) -> None:
    shown = client.get("/editions/club-api").json()
    assert shown["summary"] == stored
    assert shown["edition"] == json.loads(msgspec.json.encode(CLUB))
    assert client.get("/editions/club-api", params={"version": "2026.1"}).json()["summary"] == stored
    assert client.get("/editions/demo-1").json()["edition"]["id"] == "demo-1"
    for path, params in (("/editions/nope", {}), ("/editions/club-api", {"version": "9"})):
        missing = client.get(path, params=params)
        assert missing.status_code == 404 and missing.json()["code"] == "edition_not_found"


def test_posting_the_same_content_again_stores_nothing_new(
    client: Client, admin_key: str, stored: dict[str, Any]
) -> None:
    again = client.post("/editions", json=document(), headers=auth(admin_key))
    assert again.status_code == 200 and again.json() == stored


def test_an_edition_is_never_changed_in_place(
    client: Client, admin_key: str, stored: dict[str, Any], database: ConnectionParams
) -> None:
    changed = client.post("/editions", json=document(long_slots=9), headers=auth(admin_key))
    assert changed.status_code == 409 and changed.json()["code"] == "edition_version_exists"
    assert changed.json()["sha256"] == stored["sha256"]
    assert client.get("/editions/club-api").json()["edition"]["long_slots"] == CLUB.long_slots
    with psycopg.connect(database.conninfo(), autocommit=True) as conn, pytest.raises(psycopg.errors.RaiseException):
        conn.execute("UPDATE editions SET label = 'edited' WHERE id = 'club-api'")


def test_a_packaged_id_cannot_be_stored(client: Client, admin_key: str) -> None:
    refused = client.post("/editions", json=document(id="demo-1", version="2"), headers=auth(admin_key))
    assert refused.status_code == 409 and refused.json()["code"] == "edition_reserved"


def test_a_document_off_the_schema_is_refused_naming_the_json_path(client: Client, admin_key: str) -> None:
    doc = document(id="club-bad", version="1")
    doc["cards"][3]["family"] = "yeti"
    refused = client.post("/editions", json=doc, headers=auth(admin_key))
    assert refused.status_code == 422 and refused.headers["content-type"].startswith("application/problem+json")
    assert refused.json()["code"] == "invalid_edition" and refused.json()["path"] == "$.cards[3].family"
    assert all(e["id"] != "club-bad" for e in client.get("/editions").json())


def test_an_inconsistent_edition_is_refused_with_its_problems(client: Client, admin_key: str) -> None:
    doc = document(id="club-bad", version="1")
    doc["connections"].append(doc["connections"][0])
    doc["round_cards"][0]["regions"] = [0, 0]
    refused = client.post("/editions", json=doc, headers=auth(admin_key))
    assert refused.status_code == 422 and refused.json()["code"] == "inconsistent_edition"
    problems = refused.json()["problems"]
    assert len(problems) == 2 and all("more than once" in p for p in problems)
    assert all(e["id"] != "club-bad" for e in client.get("/editions").json())


def test_a_nul_in_a_label_is_a_4xx(client: Client, admin_key: str) -> None:
    refused = client.post("/editions", json=document(version="nul", label="a\x00b"), headers=auth(admin_key))
    assert refused.status_code == 422 and refused.json()["code"] == "invalid_edition"


@pytest.fixture
def restarted(settings: Settings, database: ConnectionParams, stored: dict[str, Any]) -> Iterator[Client]:
    """A new process on the same database: its registry knows only the packaged editions."""
    editions.forget_stored()
    runtime = Runtime(settings=settings, params=database, store=GameLog(database), server_version="test")
    try:
        with TestClient(create_app(settings, runtime=runtime)) as client:
            yield client
    finally:
        runtime.close()


def test_a_public_game_on_a_stored_edition_is_recorded_after_a_restart(
    restarted: Client, api_key: str, stored: dict[str, Any]
) -> None:
    game = simulate(3, 21, CLUB)
    setup, moves = public_record(game)
    assert setup.mode == "public" and setup.seed is None and setup.hands is None
    # The direct computation: the engine folding the same public record, with the edition in hand.
    final = RULES.fold(RULES.start(setup))
    for move in moves:
        final = RULES.fold(RULES.decide(final, move), final)
    assert [r.total for r in RULES.results(final)] == [r.total for r in RULES.results(RULES.fold(game.events))]
    editions.forget_stored()
    body = {
        "kind": "arctica",
        "setup": {
            "players": list(setup.players),
            "edition": "club-api",
            "mode": "public",
            "start_player": setup.start_player,
            "edition_sha256": stored["sha256"],
        },
    }
    created = restarted.post("/games", json=body, headers=auth(api_key))
    assert created.status_code == 201, created.text
    game_id, etag = created.json()["id"], created.headers["etag"]
    started = restarted.get(f"/games/{game_id}/events").json()[0]["event"]
    assert started["edition_id"] == "club-api" and started["edition_sha256"] == stored["sha256"]
    assert started["chance"] == "public" and started["seed"] is None
    for move in moves:
        response = restarted.post(
            f"/games/{game_id}/moves",
            json={"move": msgspec.to_builtins(move)},
            headers={**auth(api_key), "If-Match": etag},
        )
        assert response.status_code == 201, response.text
        etag = response.headers["etag"]
    summary = restarted.get(f"/games/{game_id}").json()
    assert summary["status"] == "finished"
    assert [r["total"] for r in summary["results"]] == [r.total for r in RULES.results(final)]
    last = restarted.get(f"/games/{game_id}/replay/{summary['version']}").json()
    assert last["state_hash"] == state_hash(final)
    timeline = restarted.get(f"/games/{game_id}/timeline", params={"lang": "fr"}).json()
    assert any("carte de manche" in e["description"] for e in timeline["entries"])


def test_a_table_game_on_a_stored_edition_imports(client: Client, api_key: str, stored: dict[str, Any]) -> None:
    setup, moves = table_record(simulate(2, 9, CLUB))
    body = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctica",
        "setup": msgspec.to_builtins(setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in moves],
    }
    imported = client.post("/games/import", json=body, headers=auth(api_key))
    assert imported.status_code == 201, imported.text
    assert client.get(f"/games/{imported.json()['id']}").json()["status"] == "finished"


def test_a_setup_expecting_another_fingerprint_is_refused(client: Client, api_key: str, stored: dict[str, Any]) -> None:
    setup = {"players": ["A", "B"], "edition": "club-api", "seed": 1, "edition_sha256": "0" * 64}
    refused = client.post("/games", json={"kind": "arctica", "setup": setup}, headers=auth(api_key))
    assert refused.status_code == 422 and refused.json()["code"] == "arctica.edition_mismatch"
