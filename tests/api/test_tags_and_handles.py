"""Tags in summaries and as ``GET /games`` filters; substring player search; handle rename and merge as
audited admin events that statistics, head-to-head and ratings follow (and a rebuild reproduces)."""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from service import keys
from service.database import ConnectionParams
from projections import standard
from service.runtime import Runtime
from tests.projections.support import dump, record

Client = TestClient  # type: ignore[type-arg]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture(scope="module")
def admin_key(database: ConnectionParams, store: Any) -> str:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "admin", admin=True).token


def tagged(body: bytes, tags: dict[str, str]) -> bytes:
    record_ = msgspec.json.decode(body)
    record_["tags"] = tags
    return msgspec.json.encode(record_)


def import_game(client: Client, token: str, body: bytes) -> dict[str, Any]:
    response = client.post("/games/import", content=body, headers={**auth(token), "content-type": "application/json"})
    assert response.status_code == 201, response.text
    out: dict[str, Any] = response.json()
    out["position"] = int(response.headers["x-banquise-position"])
    return out


def project(runtime: Runtime) -> None:
    runner = standard.runner(runtime.store, runtime.games.registry)
    try:
        runner.run()
    finally:
        runner.close()


def ids(client: Client, *tags: str, **params: Any) -> list[str]:
    response = client.get("/games", params={"tag": list(tags), **params})
    assert response.status_code == 200, response.text
    return [g["id"] for g in response.json()["items"]]


# ---------------------------------------------------------------- tags
def test_tags_are_shown_and_filter_games(client: Client, api_key: str) -> None:
    lyon = import_game(client, api_key, tagged(record("arctic", 2, 1, ["T1", "T2"]), {"site": "Lyon", "event": "Club"}))
    paris = import_game(client, api_key, tagged(record("arctic", 2, 2, ["T1", "T2"]), {"site": "Paris"}))
    created = client.post(
        "/games",
        json={"kind": "arctic", "setup": {"players": ["T3", "T4"], "seed": 5}, "tags": {"site": "Lyon", "x:y": "a:b"}},
        headers=auth(api_key),
    )
    assert created.status_code == 201, created.text
    live = created.json()["id"]
    assert client.get(f"/games/{lyon['id']}").json()["tags"] == {"site": "Lyon", "event": "Club"}
    assert client.get(f"/games/{live}").json()["tags"] == {"site": "Lyon", "x:y": "a:b"}
    listed = {g["id"]: g["tags"] for g in client.get("/games").json()["items"]}
    assert listed[paris["id"]] == {"site": "Paris"}
    assert ids(client, "site:Lyon") == [live, lyon["id"]]
    assert ids(client, "site:Lyon", "event:Club") == [lyon["id"]]  # repeated: AND
    assert ids(client, "event") == [lyon["id"]]  # presence
    assert ids(client, "site", "event") == [lyon["id"]]
    assert ids(client, "site:Lyon", "site:Paris") == []
    assert ids(client, "site:lyon") == []  # values are compared as written
    assert ids(client, "x:y:a:b") == []  # the first colon separates: name "x", value "y:a:b"
    assert ids(client, "site") == [live, paris["id"], lyon["id"]]
    # Cursors keep the filter's pages.
    first = client.get("/games", params={"tag": "site", "limit": 2}).json()
    assert [g["id"] for g in first["items"]] == [live, paris["id"]]
    rest = client.get("/games", params={"tag": "site", "limit": 2, "cursor": first["next_cursor"]}).json()
    assert [g["id"] for g in rest["items"]] == [lyon["id"]] and rest["next_cursor"] is None


@pytest.mark.parametrize("bad", ["", ":Lyon", "a\u202eb:c", "n" * 65, "site:" + "v" * 513])
def test_a_malformed_tag_filter_is_400(client: Client, bad: str) -> None:
    response = client.get("/games", params={"tag": bad})
    assert response.status_code == 400, response.text
    assert response.json()["code"] == "invalid_tag_filter"


def test_too_many_tag_filters_are_400(client: Client) -> None:
    response = client.get("/games", params={"tag": [f"t{i}" for i in range(33)]})
    assert response.status_code == 400 and response.json()["code"] == "invalid_tag_filter"


def test_the_migration_fills_the_tags_of_games_stored_before_it(client: Client, database: ConnectionParams) -> None:
    from service.store.tables import GAME_TAGS

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        before = dict(conn.execute("SELECT id, tags FROM games").fetchall())
        assert any(before.values())
        conn.execute("UPDATE games SET tags = '{}'")
        conn.execute(GAME_TAGS)  # the step is re-runnable: its column and index are kept
        assert dict(conn.execute("SELECT id, tags FROM games").fetchall()) == before


# ---------------------------------------------------------------- substring search
def handles(client: Client, q: str, **params: Any) -> list[str]:
    response = client.get("/players", params={"q": q, **params})
    assert response.status_code == 200, response.text
    return [p["handle"] for p in response.json()["items"]]


def test_player_search_by_substring_ranks_prefixes_first(client: Client, api_key: str, runtime: Runtime) -> None:
    for seed, names in enumerate([["Nanook", "nookie"], ["Anouk", "BigNookHunter"], ["Snook", "Kanoo"]]):
        import_game(client, api_key, record("arctic", 2, 40 + seed, names))
    project(runtime)
    # Prefix matches first, then the closest (shortest) handles holding it; case-insensitive.
    assert handles(client, "nook") == ["nookie", "Snook", "Nanook", "BigNookHunter"]
    assert handles(client, "NOOK") == handles(client, "nook")
    assert handles(client, "anoo") == ["Kanoo", "Nanook"]
    assert handles(client, "nooks") == []
    # One or two characters: no trigram, still a substring search.
    assert handles(client, "no") == ["nookie", "Anouk", "Kanoo", "Snook", "Nanook", "BigNookHunter"]
    assert handles(client, "k")[:1] == ["Kanoo"]
    # Pages follow the ranking.
    seen, cursor = [], None
    while True:
        page = client.get("/players", params={"q": "nook", "limit": 1, **({"cursor": cursor} if cursor else {})})
        assert page.status_code == 200, page.text
        seen += [p["handle"] for p in page.json()["items"]]
        cursor = page.json()["next_cursor"]
        if cursor is None:
            break
    assert seen == handles(client, "nook")
    bad = client.get("/players", params={"q": "nook", "cursor": "nope"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_cursor"
