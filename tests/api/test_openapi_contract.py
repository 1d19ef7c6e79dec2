"""The OpenAPI document says what the API does: errors, security, examples, links."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

Client = TestClient  # type: ignore[type-arg]
METHODS = ("get", "post", "put", "patch", "delete")


@pytest.fixture(scope="module")
def document(client: Client) -> dict[str, Any]:
    return client.get("/schema/openapi.json").json()  # type: ignore[no-any-return]


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(m, p, op) for p, item in document["paths"].items() for m, op in item.items() if m in METHODS]


def test_every_error_response_is_problem_json(document: dict[str, Any]) -> None:
    for method, path, op in operations(document):
        errors = {s: r for s, r in op["responses"].items() if s[0] in "45"}
        assert "500" in errors, (method, path)
        for status, response in errors.items():
            assert list(response["content"]) == ["application/problem+json"], (method, path, status)
            assert response["content"]["application/problem+json"]["schema"]["$ref"].endswith("banquise.Problem")
        if "{" in path:
            assert "404" in errors, (method, path)


# Reads of a game that show its owner's key more while it is live (hidden information, seats).
OWNER_SEES_MORE = (
    "",
    "/events",
    "/replay/{step}",
    "/replay",
    "/record",
    "/timeline",
    "/live",
    "/watch",
)


def test_security_is_marked_only_where_a_key_is_needed(document: dict[str, Any]) -> None:
    for method, path, op in operations(document):
        security = op.get("security")
        if method == "post" or path.endswith("/legal-moves"):
            assert security == [{"apiKey": []}], (method, path)
            assert "401" in op["responses"], (method, path)
        elif path.startswith("/games/{game_id}") and path.removeprefix("/games/{game_id}") in OWNER_SEES_MORE:
            assert security == [{}, {"apiKey": []}], (method, path)  # optional: the owner sees more
        else:
            assert not security, (method, path)


def test_every_request_body_has_an_example_the_api_accepts(
    client: Client, document: dict[str, Any], api_key: str
) -> None:
    bodies = [(m, p, op) for m, p, op in operations(document) if "requestBody" in op]
    assert {p for _, p, _ in bodies} >= {"/games", "/games/import", "/games/{game_id}/moves", "/games/{game_id}/void"}
    examples = {}
    for method, path, op in bodies:
        media = op["requestBody"]["content"]["application/json"]
        assert "example" in media, (method, path)
        examples[path] = media["example"]
    headers = {"Authorization": f"Bearer {api_key}"}
    created = client.post("/games", json=examples["/games"], headers=headers)
    assert created.status_code == 201, created.text
    imported = client.post("/games/import", json=examples["/games/import"], headers=headers)
    assert imported.status_code in (200, 201), imported.text
    # The move example is the first move of the README's worked example (seed 42).
    game = created.json()["id"]
    moved = client.post(f"/games/{game}/moves", json=examples["/games/{game_id}/moves"], headers=headers)
    assert moved.status_code == 201, moved.text
    undone = client.post(f"/games/{game}/undo", json=examples["/games/{game_id}/undo"], headers=headers)
    assert undone.status_code == 200, undone.text


def test_a_new_game_links_to_its_follow_ups(document: dict[str, Any]) -> None:
    ids = {op["operationId"] for _, _, op in operations(document)}
    for path, statuses in (("/games", ["201"]), ("/games/import", ["200", "201"])):
        for status in statuses:
            links = document["paths"][path]["post"]["responses"][status]["links"]
            assert {"AppendMove", "Stats", "Player", "Versus"} <= set(links)
            assert {link["operationId"] for link in links.values()} <= ids


def test_what_make_fuzz_found_is_documented(document: dict[str, Any]) -> None:
    # schemathesis saw these answers and media types undocumented (make fuzz, response conformance).
    events = document["paths"]["/games/{game_id}/events"]["get"]["responses"]["200"]["content"]
    assert {"application/json", "application/x-ndjson"} <= set(events)
    for path in ("/games/{game_id}/stats", "/games/{game_id}/board"):
        assert "422" in document["paths"][path]["get"]["responses"], path
