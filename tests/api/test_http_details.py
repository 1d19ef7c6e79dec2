"""HTTP as clients expect it (issue #25): HEAD wherever GET is, one charset, process metrics, error
titles that fit their codes, ``make run`` honouring HOST/PORT and BANQUISE_*, API keys over HTTP."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.runtime import Runtime
from tests.api.test_client_http import record_of
from tests.helpers import auth, project

Client = TestClient  # type: ignore[type-arg]
ROOT = Path(__file__).resolve().parents[2]
# Headers that differ between any two answers, whatever their method.
VARYING = {"date", "x-request-id", "server-timing"}


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str) -> dict[str, Any]:
    response = client.post("/games/import", json=record_of(31), headers=auth(api_key))
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def _get_paths(client: Client, game: dict[str, Any]) -> list[str]:
    """Every GET route of the app's route table, its parameters filled with a real game's."""
    values = {
        "game_id": game["id"],
        "step": "3",
        "handle": game["players"][0],
        "a": game["players"][0],
        "b": game["players"][1],
        "kind": "arctic",
        "edition_id": "demo-1",
        "key_id": "000000000000",
        "file_path": "viewer.js",
        "path": "swagger",
    }
    paths = []
    for route in client.app.routes:
        if "GET" not in getattr(route, "methods", ()):
            continue
        # A parameter named nowhere above: any value (both answers are then the same 404 or 400).
        path = re.sub(r"\{(\w+)(:\w+)?\}", lambda m: values.get(m.group(1), "unknown"), route.path)
        if route.path.startswith("/schema/assets/"):
            path = "/schema/assets/swagger-ui.css"
        paths.append(path)
    return paths


def test_head_answers_like_get_without_a_body(
    client: Client, runtime: Runtime, finished: dict[str, Any], admin_key: str
) -> None:
    project(runtime)  # the read models hold the game: each route answers as it does, not 503 after a wait
    paths = _get_paths(client, finished)
    assert len(paths) > 30
    for path in paths:
        if path.endswith("/live"):
            continue  # a stream: below
        got = client.get(path, headers=auth(admin_key))
        head = client.head(path, headers=auth(admin_key))
        assert got.status_code < 500, (path, got.text)
        assert head.status_code == got.status_code != 405, path
        assert head.content == b"", path
        # The metrics and the health (its database latency) change between two asks, so their length too.
        varying = VARYING | {"content-length"} if path in ("/metrics", "/health") else VARYING
        same = {k: v for k, v in got.headers.items() if k not in varying}
        assert {k: v for k, v in head.headers.items() if k not in varying} == same, path


def test_head_of_the_live_stream_sends_its_headers_and_ends(client: Client, finished: dict[str, Any]) -> None:
    head = client.head(f"/games/{finished['id']}/live")
    assert head.status_code == 200
    assert head.headers["content-type"].startswith("text/event-stream")
    assert head.content == b""


def test_head_is_logged_and_counted_as_head(client: Client) -> None:
    assert client.head("/health").status_code == 200
    metrics = client.get("/metrics").text
    assert 'banquise_http_requests_total{method="HEAD",route="/health",status="200"}' in metrics


def test_metrics_have_one_charset_and_the_process_series(client: Client) -> None:
    response = client.get("/metrics")
    assert response.headers["content-type"].count("charset") == 1
    for series in ("process_cpu_seconds_total", "process_resident_memory_bytes", "process_open_fds"):
        assert f"\n{series} " in response.text, series


def test_html_pages_have_one_charset(client: Client, finished: dict[str, Any]) -> None:
    for path in (f"/games/{finished['id']}/watch", "/schema"):
        assert client.get(path).headers["content-type"].count("charset") == 1, path


def test_a_setup_the_rules_refuse_is_titled_as_a_setup(client: Client, api_key: str) -> None:
    body = {"kind": "arctic", "setup": {"players": ["Aputsiaq"], "seed": 1}}
    response = client.post("/games", json=body, headers=auth(api_key))
    assert response.status_code == 422, response.text
    assert response.json()["title"] == "Invalid setup"


def test_an_illegal_move_is_still_titled_so(client: Client, api_key: str) -> None:
    body = {"kind": "arctic", "setup": {"players": ["Aputsiaq", "Nanook"], "seed": 42}}
    game = client.post("/games", json=body, headers=auth(api_key)).json()["id"]
    move = {"move": {"type": "PlaceCard", "seat": 1, "card": "d2-walrus-3"}}
    response = client.post(f"/games/{game}/moves", json=move, headers=auth(api_key))
    assert response.status_code == 422, response.text
    assert response.json()["title"] == "Illegal move"


def test_keyless_legal_moves_say_a_key_is_needed_to_read_them(client: Client, finished: dict[str, Any]) -> None:
    response = client.get(f"/games/{finished['id']}/legal-moves")
    assert response.status_code == 401
    detail = response.json()["detail"]
    assert "writing" not in detail and "legal moves" in detail


def test_the_undo_body_is_documented_as_optional_as_it_is(client: Client) -> None:
    # An empty body takes back one move (tests/api/test_undo.py): the document must not require one.
    undo = client.get("/schema/openapi.json").json()["paths"]["/games/{game_id}/undo"]["post"]
    assert undo["requestBody"]["required"] is False


def _make_run(*args: str, **env: str) -> str:
    out = subprocess.run(
        ["make", "-n", "--no-print-directory", "run", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", **env},
    ).stdout
    return next(line for line in out.splitlines() if "banquise serve" in line)


def test_make_run_takes_host_and_port_and_leaves_the_environment_to_the_server() -> None:
    assert _make_run("HOST=0.0.0.0", "PORT=9001").split()[-4:] == ["--host", "0.0.0.0", "--port", "9001"]
    # Without them, the command passes nothing: BANQUISE_HOST and BANQUISE_PORT decide (service/base/settings.py).
    assert "--port" not in _make_run(BANQUISE_PORT="9002")
    assert "--host" not in _make_run(HOST="a-shells-own-host")


# ---------------------------------------------------------------- keys over HTTP
def test_an_admin_creates_lists_and_revokes_keys(client: Client, admin_key: str) -> None:
    made = client.post("/admin/keys", json={"name": "club website", "scope": "recorder"}, headers=auth(admin_key))
    assert made.status_code == 201, made.text
    body = made.json()
    token, key_id = body["token"], body["key"]["id"]
    assert made.headers["location"] == f"/admin/keys/{key_id}"
    assert body["key"]["scope"] == "recorder" and body["key"]["name"] == "club website"
    # The new key writes at once.
    game = {"kind": "arctic", "setup": {"players": ["Aputsiaq", "Nanook"], "seed": 5}}
    assert client.post("/games", json=game, headers=auth(token)).status_code == 201
    listed = client.get("/admin/keys", headers=auth(admin_key))
    assert listed.status_code == 200
    entry = next(k for k in listed.json()["items"] if k["id"] == key_id)
    assert entry["revoked_at"] is None and "token" not in entry and token not in listed.text
    assert client.delete(f"/admin/keys/{key_id}", headers=auth(admin_key)).status_code == 204
    # Refused from the very next request, though this process had the key cached.
    refused = client.post("/games", json=game, headers=auth(token))
    assert refused.status_code == 401 and refused.json()["code"] == "invalid_api_key"
    again = client.delete(f"/admin/keys/{key_id}", headers=auth(admin_key))
    assert again.status_code == 404 and again.json()["code"] == "key_not_found"
    entry = next(k for k in client.get("/admin/keys", headers=auth(admin_key)).json()["items"] if k["id"] == key_id)
    assert entry["revoked_at"] is not None


def test_an_admin_key_made_over_http_is_an_admin(client: Client, admin_key: str) -> None:
    made = client.post("/admin/keys", json={"name": "second admin", "scope": "admin"}, headers=auth(admin_key))
    assert made.status_code == 201 and made.json()["key"]["scope"] == "admin"
    assert client.get("/admin/keys", headers=auth(made.json()["token"])).status_code == 200


def test_keys_are_managed_by_admins_only(client: Client, api_key: str) -> None:
    assert client.get("/admin/keys").status_code == 401
    for response in (
        client.get("/admin/keys", headers=auth(api_key)),
        client.post("/admin/keys", json={"name": "mine"}, headers=auth(api_key)),
        client.delete("/admin/keys/000000000000", headers=auth(api_key)),
    ):
        assert response.status_code == 403 and response.json()["code"] == "admin_required"


BAD_KEY_REQUESTS = [{}, {"name": ""}, {"name": "   "}, {"name": "x", "scope": "root"}, {"name": "x\u0000"}]


@pytest.mark.parametrize("body", BAD_KEY_REQUESTS)
def test_a_key_request_that_makes_no_sense_is_a_400(client: Client, admin_key: str, body: dict[str, Any]) -> None:
    response = client.post("/admin/keys", json=body, headers=auth(admin_key))
    assert response.status_code == 400, response.text
