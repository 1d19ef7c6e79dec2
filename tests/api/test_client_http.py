"""What a client meets around the routes: offline docs, CORS, gzip, conditional GETs, metrics."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.settings import Settings, SettingsError
from service.http.app import create_app
from service.runtime import Runtime
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
APP_ORIGIN = "https://recorder.example"


def record_of(seed: int, moves: int | None = None) -> dict[str, Any]:
    game = simulate(2, seed)
    chosen = game.moves if moves is None else game.moves[:moves]
    return {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": msgspec.to_builtins(game.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in chosen],
    }


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str) -> str:
    response = client.post("/games/import", json=record_of(31), headers=auth(api_key))
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


@pytest.fixture(scope="module")
def cors_client(settings: Settings, runtime: Runtime) -> Iterator[Client]:
    with TestClient(create_app(msgspec.structs.replace(settings, cors_origins=(APP_ORIGIN,)), runtime=runtime)) as c:
        yield c


def test_the_docs_page_loads_everything_from_the_app_itself(client: Client) -> None:
    page = client.get("/schema")
    assert page.status_code == 200
    urls = re.findall(r"""(?:src|href)=["']([^"']+)["']""", page.text)
    assert urls and all(url.startswith("/schema/assets/") for url in urls), urls
    for url in urls:
        asset = client.get(url)
        assert asset.status_code == 200, url
        assert len(asset.content) > 500
    assert "SwaggerUIBundle" in client.get("/schema/assets/swagger-ui-bundle.js").text


def test_unknown_docs_paths_are_problem_json(client: Client) -> None:
    for path in ("/schema/nothing-here", "/schema/assets/nothing.js"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert response.headers["content-type"].startswith("application/problem+json"), path
        assert response.json()["code"] == "not_found"


def test_cors_is_off_by_default(client: Client) -> None:
    response = client.get("/health", headers={"Origin": APP_ORIGIN})
    assert "access-control-allow-origin" not in response.headers


def test_cors_lets_a_named_origin_write_and_read_the_headers_it_needs(cors_client: Client, api_key: str) -> None:
    preflight = cors_client.options(
        "/games",
        headers={
            "Origin": APP_ORIGIN,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "authorization, content-type, if-match",
        },
    )
    assert preflight.status_code in (200, 204)
    assert preflight.headers["access-control-allow-origin"] == APP_ORIGIN
    allowed = preflight.headers["access-control-allow-headers"].lower()
    assert {"authorization", "if-match", "content-type"} <= {h.strip() for h in allowed.split(",")}
    game = simulate(2, 3)
    made = cors_client.post(
        "/games",
        json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)},
        headers={**auth(api_key), "Origin": APP_ORIGIN},
    )
    assert made.status_code == 201
    assert made.headers["access-control-allow-origin"] == APP_ORIGIN
    exposed = {h.strip().lower() for h in made.headers["access-control-expose-headers"].split(",")}
    assert {"etag", "location", "x-banquise-position"} <= exposed
    other = cors_client.get("/health", headers={"Origin": "https://elsewhere.example"})
    assert "access-control-allow-origin" not in other.headers


def test_cors_origins_are_read_from_the_environment() -> None:
    env = {"BANQUISE_CORS_ORIGINS": "https://a.example, http://localhost:5173/"}
    assert Settings.from_env(env).cors_origins == ("https://a.example", "http://localhost:5173")
    assert Settings.from_env({}).cors_origins == ()
    with pytest.raises(SettingsError, match="BANQUISE_CORS_ORIGINS"):
        Settings.from_env({"BANQUISE_CORS_ORIGINS": "a.example/path"})


def test_large_responses_are_gzipped_small_ones_are_not(client: Client, finished: str) -> None:
    timeline = client.get(f"/games/{finished}/timeline", headers={"Accept-Encoding": "gzip"})
    assert timeline.headers.get("content-encoding") == "gzip"
    assert timeline.json()["entries"]  # the client decoded it
    raw = client.get("/health/ping", headers={"Accept-Encoding": "gzip"})
    assert "content-encoding" not in raw.headers
    plain = client.get(f"/games/{finished}/timeline", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert len(gzip.compress(plain.content)) < len(plain.content) / 3


@pytest.mark.parametrize("path", ["/replay/5", "/record", "/timeline"])
def test_immutable_reads_answer_304_to_their_etag(client: Client, finished: str, path: str) -> None:
    first = client.get(f"/games/{finished}{path}")
    assert first.status_code == 200
    etag = first.headers["etag"]
    again = client.get(f"/games/{finished}{path}", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert again.headers["etag"] == etag
    listed = client.get(f"/games/{finished}{path}", headers={"If-None-Match": f'"nope", {etag}'})
    assert listed.status_code == 304
    stale = client.get(f"/games/{finished}{path}", headers={"If-None-Match": '"something-else"'})
    assert stale.status_code == 200 and stale.json() == first.json()


def test_different_views_never_share_an_etag(client: Client, api_key: str) -> None:
    live = client.post("/games/import", json=record_of(37, moves=6), headers=auth(api_key)).json()["id"]
    spectator = client.get(f"/games/{live}/replay/4?perspective=spectator")
    seat = client.get(f"/games/{live}/replay/4?perspective=seat:0", headers=auth(api_key))
    assert spectator.status_code == seat.status_code == 200
    assert spectator.headers["etag"] != seat.headers["etag"]
    french = client.get(f"/games/{live}/timeline?lang=fr")
    english = client.get(f"/games/{live}/timeline?lang=en")
    assert french.headers["etag"] != english.headers["etag"]
    assert "accept-language" in french.headers["vary"].lower()


def _sample(text: str, name: str, **labels: str) -> float:
    for line in text.splitlines():
        if line.startswith(name + "{") or line.startswith(name + " "):
            found = dict(re.findall(r'(\w+)="([^"]*)"', line.rsplit(" ", 1)[0]))
            if all(found.get(k) == v for k, v in labels.items()):
                return float(line.rsplit(" ", 1)[1])
    raise AssertionError(f"no sample {name} {labels} in metrics")


def test_metrics_count_requests_by_route_and_writes(client: Client, api_key: str, finished: str) -> None:
    before = client.get("/metrics").text
    route = "/games/{game_id}/timeline"
    count = lambda text: _sample(text, "banquise_http_requests_total", route=route, method="GET", status="200")  # noqa: E731
    seen_before = count(before) if route in before else 0.0
    imports_before = _sample(before, "banquise_writes_total", write="imports")
    client.get(f"/games/{finished}/timeline")
    client.get(f"/games/{finished}/timeline")
    client.post("/games/import", json=record_of(41), headers=auth(api_key))
    client.get("/no/such/route")
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/plain")
    text = response.text
    assert count(text) == seen_before + 2
    assert _sample(text, "banquise_writes_total", write="imports") == imports_before + 1
    assert _sample(text, "banquise_http_request_duration_seconds_count", route=route, method="GET") >= 2
    assert _sample(text, "banquise_http_requests_total", route="unmatched", method="GET", status="404") >= 1
    assert _sample(text, "banquise_db_pool_connections") >= 1
    assert _sample(text, "banquise_projection_lag_events") >= 1  # this module runs no projection worker
    assert _sample(text, "banquise_event_log_position") >= _sample(text, "banquise_projection_lag_events")
