"""The OpenAPI document says what the API does: errors, security, examples, links."""

from __future__ import annotations

import json
import typing
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
            assert response["content"]["application/problem+json"]["schema"]["$ref"].endswith("/Problem")
        if "{" in path:
            assert "404" in errors, (method, path)


# Reads of a game that show its owner's key more while it is live (hidden information, seats), or
# while it is a fork of a game not finished yet (its board and statistics too: ``fork_hidden``).
OWNER_SEES_MORE = (
    "",
    "/events",
    "/replay/{step}",
    "/replay",
    "/record",
    "/timeline",
    "/live",
    "/watch",
    "/analysis",  # a live game's analysis: its owner's (#37)
    "/analysis/moves/{move}",
    "/bgstats",  # a sealed fork's play is its owner's
    "/bgg",
    "/board",
    "/stats",
    "/forks",  # a sealed fork's family is its owner's (#49)
)


def test_security_is_marked_only_where_a_key_is_needed(document: dict[str, Any]) -> None:
    for method, path, op in operations(document):
        security = op.get("security")
        # Asking for an analysis: a key queues one (#49), without one an analysis asked already is answered.
        anyone_may_ask = (method, path) == ("post", "/games/{game_id}/analysis")
        if (
            (method in ("post", "delete") and not anyone_may_ask)
            or path.endswith("/legal-moves")
            or path.startswith("/admin/")
        ):
            assert security == [{"apiKey": []}], (method, path)
            assert "401" in op["responses"], (method, path)
        elif (
            path.startswith("/games/{game_id}") and path.removeprefix("/games/{game_id}") in OWNER_SEES_MORE
        ) or path.startswith("/exports/"):  # an export holds the caller's own games too (and a live game's analysis)
            assert security == [{}, {"apiKey": []}], (method, path)  # optional: the owner sees more
        else:
            # Said all the same (security: []): linters and generators want every operation to say it.
            assert security == [], (method, path)


def test_every_request_body_has_an_example_the_api_accepts(
    client: Client, document: dict[str, Any], api_key: str
) -> None:
    bodies = [(m, p, op) for m, p, op in operations(document) if "requestBody" in op]
    assert {p for _, p, _ in bodies} >= {"/games", "/games/import", "/games/{game_id}/moves", "/games/{game_id}/void"}
    examples = {}
    for method, path, op in bodies:
        # A JSON body; an import's is a file another app wrote (JSON, or XML as bytes).
        media = next(iter(op["requestBody"]["content"].values()))
        assert "example" in media, (method, path)
        examples[path] = media["example"]
    headers = {"Authorization": f"Bearer {api_key}"}
    for path, body in (("/imports/bgstats", json.dumps(examples["/imports/bgstats"])), ("/imports/bgg", None)):
        content = (body or examples[path]).encode()
        planned = client.post(path, content=content, params={"dry_run": "true"}, headers=headers)
        assert planned.status_code == 200 and planned.json()["new"] == 1, planned.text
    created = client.post("/games", json=examples["/games"], headers=headers)
    assert created.status_code == 201, created.text
    imported = client.post("/games/import", json=examples["/games/import"], headers=headers)
    assert imported.status_code in (200, 201), imported.text
    # The move example is the first move of the README's worked example (seed 42).
    game = created.json()["id"]
    built = client.post(f"/games/{game}/moves/next", json=examples["/games/{game_id}/moves/next"], headers=headers)
    assert built.status_code == 200, built.text
    assert built.json()["move"] == {**examples["/games/{game_id}/moves"]["move"], "placement": "top"}
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


# ---------------------------------------------------------------- what generators need (issue #25)
def _nodes(node: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    if isinstance(node, dict):
        found.append(node)
        for value in node.values():
            found.extend(_nodes(value))
    elif isinstance(node, list):
        for value in node:
            found.extend(_nodes(value))
    return found


def test_one_schema_per_name_titled_by_it(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    for name, schema in schemas.items():
        # Generators name classes and files after titles: msgspec's were whole generic types (~630 characters).
        assert schema["title"] == name and name.isidentifier() and len(name) < 40, name
    # Litestar's copies of the edition's Structs are gone: one MoveTokens per game kind.
    assert {n for n in schemas if n.endswith("MoveTokens")} == {"ArcticMoveTokens", "ArcticaMoveTokens"}
    refs = {n["$ref"] for n in _nodes(document) if isinstance(n.get("$ref"), str)}
    assert {ref.removeprefix("#/components/schemas/") for ref in refs} <= set(schemas)


def test_every_array_has_an_items_schema(document: dict[str, Any]) -> None:
    arrays = [n for n in _nodes(document) if n.get("type") == "array" or "prefixItems" in n]
    assert arrays
    for node in arrays:
        assert isinstance(node.get("items"), dict), node


def test_game_kinds_are_told_apart_by_a_discriminator(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    paths = document["paths"]
    for schema in (
        paths["/games"]["post"]["requestBody"]["content"]["application/json"]["schema"],
        paths["/games/import"]["post"]["requestBody"]["content"]["application/json"]["schema"],
        paths["/games/{game_id}/record"]["get"]["responses"]["200"]["content"]["application/json"]["schema"],
    ):
        assert schema["discriminator"]["propertyName"] == "kind"
        mapping = schema["discriminator"]["mapping"]
        assert set(mapping) == {"arctic", "arctica"}
        for kind, ref in mapping.items():
            assert schemas[ref.rsplit("/", 1)[1]]["properties"]["kind"]["const"] == kind
    # The README's first example is an Arctic game, and nothing else.
    example = paths["/games"]["post"]["requestBody"]["content"]["application/json"]["example"]
    assert example["kind"] == "arctic"


def test_events_views_and_legal_moves_are_typed(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    event = schemas["EventOut"]["properties"]["event"]
    kinds = {r["$ref"].rsplit("/", 1)[1] for r in event["anyOf"]}
    assert kinds == {"ArcticEvent", "ArcticaEvent", "MovesTakenBack"}  # a correction: every kind's
    assert schemas["ArcticEvent"]["discriminator"]["propertyName"] == "type"
    for view in (schemas["Replay"]["properties"]["view"], schemas["Board"]["properties"]["view"]):
        assert {r["$ref"].rsplit("/", 1)[1] for r in view["anyOf"]} == {"ArcticView", "ArcticaView"}
    assert schemas["Board"]["properties"]["results"]["items"]["$ref"].endswith("/PlayerResult")
    legal = document["paths"]["/games/{game_id}/legal-moves"]["get"]["responses"]["200"]["content"]
    assert legal["application/json"]["schema"]["$ref"].endswith("/LegalMoves")
    move = schemas["MoveChoice"]["properties"]["move"]
    assert {r["$ref"].rsplit("/", 1)[1] for r in move["anyOf"]} == {"ArcticMove", "ArcticaMove"}
    assert schemas["GameSummary"]["properties"]["winners"]["oneOf"][0]["items"]["$ref"].endswith("/Seat")


def test_operation_ids_are_what_a_person_would_write(document: dict[str, Any]) -> None:
    from service.http.openapi_finish import OPERATION_IDS

    ids = {(m, p): op["operationId"] for m, p, op in operations(document)}
    unnamed = set(ids) - set(OPERATION_IDS)
    assert not unnamed, f"name these operations in service/http/openapi_finish.py OPERATION_IDS: {sorted(unnamed)}"
    assert ids == OPERATION_IDS
    assert len(set(ids.values())) == len(ids)
    assert ids[("post", "/games/{game_id}/moves")] == "appendMove"
    assert ids[("get", "/games/{game_id}/replay/{step}")] == "getReplayStep"


@pytest.mark.parametrize("kind", ["arctic", "arctica"])
def test_answers_hold_to_the_typed_schemas(client: Client, api_key: str, kind: str) -> None:
    """The events and views a spectator gets (hidden information removed) decode strictly as the kinds' own
    types, the ones their schemas are generated from: redaction never leaves the documented shape."""
    import msgspec

    from domain.arctic.simulator import simulate as simulate_arctic
    from domain.arctica.simulator import simulate as simulate_arctica
    from service.base.store.kinds import Registry

    game = (simulate_arctic if kind == "arctic" else simulate_arctica)(2, 77)
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": msgspec.to_builtins(game.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in game.moves[: len(game.moves) // 2]],
    }
    headers = {"Authorization": f"Bearer {api_key}"}
    imported = client.post("/games/import", json=record, headers=headers)
    assert imported.status_code == 201, imported.text
    game_id, version = imported.json()["id"], imported.json()["version"]
    rules = next(k for k in Registry.default() if k.name == kind).rules
    view_type = typing.get_type_hints(rules.view).get("return", Any)
    for perspective in ("spectator", "seat:1"):
        events = client.get(f"/games/{game_id}/events", params={"perspective": perspective}, headers=headers).json()
        assert len(events) == version
        for event in events:
            msgspec.convert(event["event"], rules.event_type)
        for step in (1, version // 2, version):
            replay = client.get(f"/games/{game_id}/replay/{step}", params={"perspective": perspective}, headers=headers)
            msgspec.convert(replay.json()["view"], view_type)
    legal = client.get(f"/games/{game_id}/legal-moves", headers=headers).json()
    moves = [choice["move"] for group in legal["groups"] for choice in group["choices"]]
    assert moves and legal["count"] >= len(groups := legal["groups"]) > 0, groups
    msgspec.convert(moves, list[rules.move_type])  # type: ignore[name-defined]


def test_a_body_documented_as_required_is_required(client: Client, document: dict[str, Any], api_key: str) -> None:
    headers = {"Authorization": f"Bearer {api_key}", "Content-Type": "application/json"}
    paths = document["paths"]

    def example(path: str) -> Any:
        return paths[path]["post"]["requestBody"]["content"]["application/json"]["example"]

    game = client.post("/games", json=example("/games"), headers=headers).json()["id"]
    moved = client.post(f"/games/{game}/moves", json=example("/games/{game_id}/moves"), headers=headers)
    assert moved.status_code == 201, moved.text  # a move to take back, for the undo without a body
    values = {"game_id": game, "handle": "Aputsiaq", "key_id": "000000000000"}
    for method, path, op in operations(document):
        body = op.get("requestBody")
        if body is None:
            continue
        url = path.format(**{k: v for k, v in values.items() if "{" + k + "}" in path})
        answer = client.request(method.upper(), url, content=b"", headers=headers)
        if body["required"]:
            assert 400 <= answer.status_code < 500, (method, path, answer.status_code)
        else:
            assert answer.status_code < 300, (method, path, answer.text)  # documented optional: works without
