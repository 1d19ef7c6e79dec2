"""Tags in summaries and as ``GET /games`` filters; substring player search; handle rename and merge as
audited admin events that statistics, head-to-head and ratings follow (and a rebuild reproduces)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from projections import standard
from service.base import keys
from service.base.database import ConnectionParams
from service.runtime import Runtime
from tests.helpers import auth, import_game, project
from tests.projections.support import dump, record

Client = TestClient  # type: ignore[type-arg]


def tagged(body: bytes, tags: dict[str, str]) -> bytes:
    record_ = msgspec.json.decode(body)
    record_["tags"] = tags
    return msgspec.json.encode(record_)


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
    from service.base.store.tables import GAME_TAGS

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


# ---------------------------------------------------------------- rename and merge
# The read-model rows that follow a player's handle.
FOLLOWED = ["player_results", "player_stats", "head_to_head", "ratings", "rating_history", "players"]


def profile(client: Client, handle: str) -> dict[str, Any]:
    response = client.get(f"/players/{handle}")
    assert response.status_code == 200, response.text
    out: dict[str, Any] = response.json()
    out.pop("links")
    return out


def decide(client: Client, token: str, handle: str, what: str, body: dict[str, str]) -> Any:
    return client.post(
        f"/admin/players/{handle}/{what}", json={"reason": "asked at the club", **body}, headers=auth(token)
    )


def test_a_rename_moves_statistics_and_ratings_to_the_new_handle(
    client: Client, api_key: str, admin_key: str, runtime: Runtime
) -> None:
    games = [
        import_game(client, api_key, record("arctic", 2 + i % 2, 60 + i, ["Ren", "Opp", "Third"])) for i in range(4)
    ]
    project(runtime)
    before = profile(client, "Ren")
    versus = client.get("/players/Opp/versus/Ren").json()
    renamed = decide(client, admin_key, "ren", "rename", {"to": "Renata"})
    assert renamed.status_code == 200, renamed.text
    assert renamed.json()["handle"] == "Ren" and renamed.json()["now"] == "Renata"
    assert int(renamed.headers["x-banquise-position"]) == renamed.json()["position"]
    project(runtime)
    after = profile(client, "Renata")
    assert after == {**before, "handle": "Renata"}
    assert profile(client, "REN") == after  # the old handle is an alias
    assert client.get("/players/Opp/versus/Renata").json() == {**versus, "b": "Renata"}
    board = client.get("/leaderboards/arctic").json()["items"]
    assert "Renata" in [e["handle"] for e in board] and "Ren" not in [e["handle"] for e in board]
    assert handles(client, "ren") == ["Renata"]
    # The games' own events are unchanged; the games index lists them under either handle.
    assert client.get(f"/games/{games[0]['id']}").json()["players"][0] == "Ren"
    listed = sorted(g["id"] for g in client.get("/games", params={"player": "renata"}).json()["items"])
    assert listed == sorted(g["id"] for g in games)
    assert sorted(g["id"] for g in client.get("/games", params={"player": "Ren"}).json()["items"]) == listed
    # A game recorded later under the old handle counts for the new one.
    import_game(client, api_key, record("arctic", 2, 70, ["ren", "Opp"]))
    project(runtime)
    assert profile(client, "Renata")["games"] == before["games"] + 1
    incremental = dump(runtime.params, FOLLOWED)
    standard.runner(runtime.store, runtime.games.registry, batch_size=3).rebuild()
    assert dump(runtime.params, FOLLOWED) == incremental


def test_a_merge_rates_as_if_the_games_had_one_handle(
    client: Client, api_key: str, admin_key: str, runtime: Runtime
) -> None:
    # The same games twice, among other players: once under two handles for one person, once under one.
    split = ["Mia", "Mimi", "Mia", "Mimi", "Mia"]
    for i, name in enumerate(split):
        import_game(client, api_key, record("arctic", 2 + i % 2, 80 + i, [name, "Pat", "Quin"]))
        import_game(client, api_key, record("arctic", 2 + i % 2, 80 + i, ["Max", "Pete", "Quentin"]))
    project(runtime)
    assert profile(client, "Mia")["games"] == 3 and profile(client, "Mimi")["games"] == 2
    merged = decide(client, admin_key, "Mimi", "merge", {"into": "mia"})
    assert merged.status_code == 200, merged.text
    assert merged.json() | {"changed_at": None, "position": 0} == {
        "handle": "Mimi",
        "now": "Mia",
        "merged": True,
        "reason": "asked at the club",
        "changed_at": None,
        "position": 0,
    }
    project(runtime)
    assert profile(client, "Mia") == {**profile(client, "Max"), "handle": "Mia"}
    assert profile(client, "Mimi")["handle"] == "Mia"
    assert profile(client, "Pat") == {**profile(client, "Pete"), "handle": "Pat"}
    versus = client.get("/players/Mia/versus/Pat").json()
    assert versus == {**client.get("/players/Max/versus/Pete").json(), "a": "Mia", "b": "Pat"}
    games = client.get("/players/Mimi/games").json()["items"]
    assert len(games) == 5 and all(g["rating"] is not None for g in games)
    # Recorded later under both handles at one table: two seats, never one person playing themself.
    import_game(client, api_key, record("arctic", 2, 95, ["Mimi", "Mia"]))
    project(runtime)
    assert runtime.read_models.health()[1] == 0  # nothing quarantined
    assert profile(client, "Mia")["games"] == 6
    incremental = dump(runtime.params, FOLLOWED)
    standard.runner(runtime.store, runtime.games.registry, batch_size=5).rebuild()
    assert dump(runtime.params, FOLLOWED) == incremental


def test_refused_renames_and_merges_store_nothing(
    client: Client, api_key: str, admin_key: str, runtime: Runtime
) -> None:
    import_game(client, api_key, record("arctic", 2, 90, ["Bob", "Alf"]))
    import_game(client, api_key, record("arctic", 2, 91, ["Cy", "Dee"]))
    project(runtime)
    refusals = [
        ("Nobody", "rename", {"to": "Somebody"}, 404, "player_not_found"),
        ("Nobody", "merge", {"into": "Bob"}, 404, "player_not_found"),
        ("Bob", "merge", {"into": "Nobody"}, 404, "player_not_found"),
        ("Bob", "rename", {"to": "cy"}, 409, "handle_taken"),
        ("Bob", "merge", {"into": "BOB"}, 422, "merge_into_itself"),
        ("Bob", "merge", {"into": "Alf"}, 422, "players_met"),
        ("Dee", "rename", {"to": "B0b"}, 422, "confusable_handles"),
        ("Cy", "rename", {"to": "Dee"}, 409, "handle_taken"),
        ("Cy", "rename", {"to": "A1f"}, 422, "confusable_handles"),
        ("Cy", "rename", {"to": "\u0410lf"}, 422, "confusable_handles"),  # a Cyrillic A
        ("Cy", "rename", {"to": "a/b"}, 400, "invalid_handle"),
        ("Cy", "rename", {"to": "Cy"}, 422, "same_handle"),
    ]
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        count = conn.execute("SELECT count(*) FROM banquise_events").fetchone()
    for handle, what, body, status, code in refusals:
        response = decide(client, admin_key, handle, what, body)
        assert (response.status_code, response.json().get("code")) == (status, code), (
            handle,
            what,
            body,
            response.text,
        )
    blank = decide(client, admin_key, "Bob", "rename", {"to": "Robert", "reason": " "})
    assert blank.status_code == 400
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        assert conn.execute("SELECT count(*) FROM banquise_events").fetchone() == count
    # Permissions: an admin key only.
    assert decide(client, api_key, "Bob", "rename", {"to": "Robert"}).json()["code"] == "admin_required"
    assert decide(client, api_key, "Bob", "merge", {"into": "Cy"}).status_code == 403
    assert client.post("/admin/players/Bob/rename", json={"to": "Robert", "reason": "x"}).status_code == 401
    # A case change keeps the player; renaming back frees the new handle again.
    assert decide(client, admin_key, "cy", "rename", {"to": "CY"}).status_code == 200
    assert decide(client, admin_key, "Cy", "rename", {"to": "Cyrus"}).status_code == 200
    assert decide(client, admin_key, "Cyrus", "rename", {"to": "Cy"}).status_code == 200
    project(runtime)
    assert profile(client, "cyrus")["handle"] == "Cy"
    assert handles(client, "cy") == ["Cy"]


def test_two_concurrent_decisions_cannot_both_be_stored(client: Client, api_key: str, runtime: Runtime) -> None:
    from service.base.refusals import Refusal
    from service.base.store.aliases import HandleRenamed
    from service.games import renaming

    import_game(client, api_key, record("arctic", 2, 97, ["Racer", "Chaser"]))
    admin = keys.ApiKey(id="admin", name="admin", admin=True, created_at=datetime.now(UTC))
    seen = renaming._Decisions(runtime.store)  # the decisions as one request read them
    runtime.games.handles.rename(admin, "Racer", "Runner", "first")  # another request wins the race
    with pytest.raises(Refusal) as refused:
        seen.decide(HandleRenamed(handle="Racer", to="Sprinter", reason="second", key_id="admin"))
    assert refused.value.code == "handles_changed"
