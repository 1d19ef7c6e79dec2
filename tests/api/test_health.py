"""``GET /health``, the problem+json error shape, request ids."""

from __future__ import annotations

from litestar.testing import TestClient


def test_health_reports_the_database_up(client: TestClient) -> None:  # type: ignore[type-arg]
    response = client.get("/health")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["database"]["status"] == "up"
    assert body["database"]["latency_ms"] >= 0


def test_every_response_carries_a_request_id_and_echoes_the_clients(client: TestClient) -> None:  # type: ignore[type-arg]
    assert len(client.get("/health").headers["x-request-id"]) == 32
    assert client.get("/health", headers={"X-Request-ID": "abc-123"}).headers["x-request-id"] == "abc-123"


def test_unknown_route_is_a_problem_with_a_stable_code(client: TestClient) -> None:  # type: ignore[type-arg]
    response = client.get("/no/such/thing", headers={"X-Request-ID": "r1"})
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["code"] == "not_found"
    assert body["status"] == 404
    assert body["request_id"] == "r1"
    assert body["type"].endswith("/not_found")


def test_wrong_method_is_405_problem(client: TestClient) -> None:  # type: ignore[type-arg]
    response = client.delete("/health")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"


def test_schema_ui_is_served(client: TestClient) -> None:  # type: ignore[type-arg]
    assert client.get("/schema/openapi.json").json()["info"]["title"] == "Banquise"
    assert client.get("/schema").status_code == 200
