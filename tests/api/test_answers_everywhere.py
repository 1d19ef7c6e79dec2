"""One answer per situation on every route and whichever process answers: malformed JSON, a member named
twice, the key before the body, strict types; forks retried with their Idempotency-Key and made at any
step that ends a move or a correction; the race with the finishing move; security headers on pages."""

from __future__ import annotations

import re
from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store.rows import IndexedGame
from service.http.app import create_app
from service.runtime import Runtime
from tests.helpers import auth
from tests.watching import record

Client = TestClient  # type: ignore[type-arg]
GAME = "00000000-0000-4000-8000-000000000000"


@pytest.fixture(scope="module")
def live(client: Client, api_key: str) -> dict[str, Any]:
    made = client.post("/games/import", json=record("arctic", 2, 501, moves=6), headers=auth(api_key))
    assert made.status_code == 201, made.text
    return dict(made.json())


def writes(game_id: str) -> list[str]:
    return [
        "/games",
        "/games/import",
        f"/games/{game_id}/moves",
        f"/games/{game_id}/undo",
        f"/games/{game_id}/forks",
        f"/games/{game_id}/abandon",
        f"/games/{game_id}/void",
        f"/games/{game_id}/unvoid",
        "/admin/players/Ana/rename",
        "/admin/players/Ana/merge",
        "/editions",
    ]


@pytest.mark.parametrize("body", [b"{", b'{"at": 1,}', b"\xff\xfe", b"[1, 2"])
def test_malformed_json_is_one_answer_on_every_route(
    client: Client, admin_key: str, live: dict[str, Any], body: bytes
) -> None:
    for path in writes(live["id"]):
        answer = client.post(path, content=body, headers=auth(admin_key, **{"content-type": "application/json"}))
        assert answer.status_code == 400 and answer.json()["code"] == "invalid_json", (path, answer.text)


def test_a_member_named_twice_is_refused_everywhere(client: Client, admin_key: str, live: dict[str, Any]) -> None:
    body = b'{"reason": "a", "reason": "b", "at": 1, "moves": 1}'
    for path in writes(live["id"]):
        answer = client.post(path, content=body, headers=auth(admin_key, **{"content-type": "application/json"}))
        assert answer.status_code == 400, (path, answer.text)
        assert answer.json()["code"] == "duplicate_json_key" and answer.json()["member"] == "reason"
    nested = client.post(
        f"/games/{live['id']}/moves", content=b'{"move": {"seat": 0, "seat": 1}}', headers=auth(admin_key)
    )
    assert nested.json()["code"] == "duplicate_json_key"


def test_the_key_is_checked_before_the_body(client: Client, live: dict[str, Any]) -> None:
    for path in writes(live["id"]):
        for body in (b"{", b'{"unknown": 1}'):
            answer = client.post(path, content=body)
            assert answer.status_code == 401 and answer.json()["code"] == "api_key_required", (path, answer.text)
            unknown = client.post(path, content=body, headers=auth("bq_not_a_key"))
            assert unknown.status_code == 401, (path, unknown.text)


def test_fork_and_undo_take_their_numbers_as_numbers(client: Client, api_key: str, live: dict[str, Any]) -> None:
    fork = client.post(f"/games/{live['id']}/forks", json={"at": "3"}, headers=auth(api_key))
    undo = client.post(f"/games/{live['id']}/undo", json={"moves": "1"}, headers=auth(api_key))
    assert (
        (fork.status_code, fork.json()["code"]) == (undo.status_code, undo.json()["code"]) == (400, "invalid_request")
    )


def test_a_fork_retried_with_its_idempotency_key_is_made_once(client: Client, api_key: str) -> None:
    made = client.post("/games/import", json=record("arctic", 2, 502, moves=8), headers=auth(api_key)).json()
    at = client.get(f"/games/{made['id']}/replay", params={"move": 4}).json()["step"]
    answers = [
        client.post(f"/games/{made['id']}/forks", json={"at": at}, headers=auth(api_key, **{"idempotency-key": "f-1"}))
        for _ in range(3)
    ]
    assert {a.status_code for a in answers} == {201} and len({a.json()["id"] for a in answers}) == 1
    assert len({a.headers["location"] for a in answers}) == 1
    assert len(client.get(f"/games/{made['id']}/forks").json()["forks"]) == 1
    other = client.post(
        f"/games/{made['id']}/forks", json={"at": at + 0 - 1}, headers=auth(api_key, **{"idempotency-key": "f-1"})
    )
    assert other.status_code == 422 and other.json()["code"] == "idempotency_key_reused"


def test_a_fork_at_the_end_of_a_correction_or_two(client: Client, api_key: str) -> None:
    game = simulate(2, 503)
    created = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    gid = created.json()["id"]
    for move in game.moves[:5]:
        assert (
            client.post(
                f"/games/{gid}/moves", json={"move": msgspec.to_builtins(move)}, headers=auth(api_key)
            ).status_code
            == 201
        )
    first = client.post(f"/games/{gid}/undo", json={"moves": 1}, headers=auth(api_key)).json()
    second = client.post(f"/games/{gid}/undo", json={"moves": 1}, headers=auth(api_key)).json()
    for at, moves in ((first["version"], 4), (second["version"], 3)):
        fork = client.post(f"/games/{gid}/forks", json={"at": at}, headers=auth(api_key))
        assert fork.status_code == 201, fork.text
        assert fork.json()["moves"] == moves
    # the step before a correction ends the move it takes back: a fork there has it
    before = client.post(f"/games/{gid}/forks", json={"at": first["version"] - 1}, headers=auth(api_key))
    assert before.status_code == 201 and before.json()["moves"] == 5


def test_a_move_after_the_finishing_move_is_one_answer(
    client: Client, api_key: str, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished = client.post("/games/import", json=record("arctic", 2, 504), headers=auth(api_key)).json()
    last = msgspec.to_builtins(simulate(2, 504).moves[-1])
    late = client.post(f"/games/{finished['id']}/moves", json={"move": last}, headers=auth(api_key))
    assert late.status_code == 409 and late.json()["code"] == "game_finished", late.text
    # A process that read the row before the finishing move committed decides on the finished state.
    games = runtime.games.writer
    row, confirming = games.rows.row, games._row_confirming

    def as_live(found: IndexedGame) -> IndexedGame:
        return msgspec.structs.replace(found, status="live")

    monkeypatch.setattr(games.rows, "row", lambda game_id: as_live(row(game_id)))
    monkeypatch.setattr(games, "_row_confirming", lambda *a: as_live(confirming(*a)))
    raced = client.post(f"/games/{finished['id']}/moves", json={"move": last}, headers=auth(api_key))
    assert raced.status_code == 409 and raced.json()["code"] == "game_finished", raced.text


def test_pages_carry_security_headers(client: Client, live: dict[str, Any]) -> None:
    gid = live["id"]
    for path in (
        f"/games/{gid}/watch",
        "/static/viewer/viewer.js",
        f"/games/{gid}",
        f"/games/{GAME}",
    ):
        answer = client.get(path)
        policy = answer.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy and "unsafe" not in policy, path
        assert answer.headers["x-content-type-options"] == "nosniff"
        assert answer.headers["referrer-policy"] == "no-referrer"
    docs = client.get("/schema")
    assert docs.status_code == 200 and "frame-ancestors 'none'" in docs.headers["content-security-policy"]
    assert docs.headers["x-content-type-options"] == "nosniff"


# ---------------------------------------------------------------- a bad key: one answer on every route
# Every route of the app and every method it answers but OPTIONS, read from the app itself: a new route
# is covered without being listed here (issue #35).
ROUTES = [
    (method, route.path)
    for route in create_app(Settings(run_projections=False)).routes
    for method in sorted(getattr(route, "methods", ()))
    if method != "OPTIONS"
]
# A value for each kind of path parameter, so that every route is reached.
_PARAMETER = re.compile(r"\{(\w+):(\w+)\}")


def concrete(template: str, game_id: str) -> str:
    values = {"uuid": game_id, "int": "1", "str": "Ana", "path": "viewer.js"}
    return _PARAMETER.sub(lambda m: values[m.group(2)], template)


def every_request(game_id: str) -> list[tuple[str, str]]:
    """(method, path) of every route of the app, for the game ``game_id``."""
    return [(method, concrete(path, game_id)) for method, path in ROUTES]


@pytest.fixture(scope="module")
def revoked_key(database: ConnectionParams, store: Any) -> str:
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, "revoked")
        assert keys.revoke(conn, made.key.id)
        return made.token


def test_the_issues_routes_are_among_those_checked() -> None:
    # The routes the issue found answering 200 (or another status) to a garbage key.
    issue = {"/games", "/players", "/games/{game_id:uuid}/board", "/games/{game_id:uuid}/stats"}
    assert {("GET", path) for path in issue | {"/games/{game_id:uuid}/forks"}} <= set(ROUTES)


@pytest.mark.parametrize(("method", "route"), ROUTES)
def test_a_bad_key_is_one_answer_on_every_route(
    client: Client, live: dict[str, Any], revoked_key: str, method: str, route: str
) -> None:
    """A key that is sent is checked on every route, the public lists and pages included: 401
    ``invalid_api_key`` whether it is garbage, unknown, revoked or not a Bearer token, before anything
    else the request says (its body, its parameters)."""
    path = concrete(route, live["id"])
    bad = {
        "garbage": "Bearer garbage",
        "unknown": "Bearer bq_000000000000_unknown",
        "revoked": f"Bearer {revoked_key}",
        "not bearer": "Basic QW5hOnNlY3JldA==",
    }
    # A write's body is malformed too: the key is answered first.
    content = b"{" if method in ("POST", "PUT", "PATCH") else None
    for what, header in bad.items():
        headers = {"authorization": header, "content-type": "application/json"}
        answer = client.request(method, path, content=content, headers=headers)
        assert answer.status_code == 401, (what, answer.status_code, answer.text[:200])
        assert answer.headers["www-authenticate"] == "Bearer"
        if method != "HEAD":
            assert answer.json()["code"] == "invalid_api_key", what


def test_a_good_key_is_no_401_anywhere_it_is_not_needed(client: Client, api_key: str, live: dict[str, Any]) -> None:
    for path in ("/games", "/players", f"/games/{live['id']}/forks", f"/games/{live['id']}", "/health"):
        answer = client.get(path, headers=auth(api_key))
        assert answer.status_code == 200, (path, answer.text)


# ---------------------------------------------------------------- a body that is not JSON: 415
# The imports read a file another app wrote, whatever its label (a BG Stats backup sent by curl is
# form-urlencoded, a BGG answer XML): they name what is wrong with the file instead (tests/imports).
FILE_ROUTES = {"/imports/bgstats", "/imports/bgg"}


def bodied(game_id: str) -> list[str]:
    """The path of every route that takes a JSON body (every POST of the app but the imports' files)."""
    return [
        path
        for method, path in every_request(game_id)
        if method in ("POST", "PUT", "PATCH") and path not in FILE_ROUTES
    ]


@pytest.mark.parametrize(
    "media", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "text/json"]
)
def test_a_body_not_sent_as_json_is_a_415_on_every_route(
    client: Client, admin_key: str, live: dict[str, Any], media: str
) -> None:
    paths = bodied(live["id"])
    assert set(writes(live["id"])) <= set(paths)
    for path in paths:
        # A body the route would take, had it been labelled JSON: the label alone is refused.
        answer = client.post(path, content=b'{"moves": 1}', headers=auth(admin_key, **{"content-type": media}))
        assert answer.status_code == 415, (path, answer.text)
        problem = answer.json()
        assert problem["code"] == "unsupported_media_type" and answer.headers["accept-post"] == "application/json"
    before = client.get(f"/games/{live['id']}").json()["version"]
    assert before == live["version"]  # nothing stored


def test_the_key_is_checked_before_the_media_type(client: Client, live: dict[str, Any]) -> None:
    for path in writes(live["id"]):
        answer = client.post(path, content=b"a=1", headers={"content-type": "application/x-www-form-urlencoded"})
        assert answer.status_code == 401 and answer.json()["code"] == "api_key_required", (path, answer.text)


@pytest.mark.parametrize(
    "media", [None, "application/json", "application/json; charset=utf-8", "APPLICATION/JSON", "application/x+json"]
)
def test_json_under_any_json_media_type_or_none_is_read(client: Client, api_key: str, media: str | None) -> None:
    headers = auth(api_key, **({"content-type": media} if media else {}))
    body = msgspec.json.encode({"kind": "arctic", "setup": {"players": ["Ana", "Bo"], "seed": 3}})
    answer = client.post("/games", content=body, headers=headers)
    assert answer.status_code == 201, answer.text


def test_a_post_without_a_body_takes_no_media_type(client: Client, admin_key: str, live: dict[str, Any]) -> None:
    """No body, nothing to label: ``curl -X POST`` (sent as a form, empty) is answered as the body-less
    request it is (here: a void needs its reason)."""
    answer = client.post(
        f"/games/{live['id']}/void",
        content=b"",
        headers=auth(admin_key, **{"content-type": "application/x-www-form-urlencoded"}),
    )
    assert answer.status_code == 400 and answer.json()["code"] != "unsupported_media_type", answer.text
