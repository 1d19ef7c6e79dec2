"""OpenAPI documentation for the bodies the games API decodes itself.

Moves, setups and records have one schema per game kind, and the service decodes them with the
kind's own msgspec decoder (fast, strict). Their schemas are generated from the same msgspec types,
prefixed by kind (``arctic.PlaceCard``, published as ``ArcticPlaceCard`` by service/http/openapi_finish.py),
added to the document's components, and referenced from the request bodies of ``POST /games``,
``POST /games/{id}/moves`` and ``POST /games/import``; the kinds' moves, events and views type the answers.
"""

from __future__ import annotations

import typing
from typing import Any

import msgspec
from litestar.openapi.spec import (
    Link,
    OpenAPI,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Reference,
    RequestBody,
    Schema,
)

from domain.kinds import registered_games
from service.base.store.corrections import MovesTakenBack
from service.base.store.kinds import Registry
from service.games.record_format import GameRecord, NewGame, RecordedMove, schema_components
from service.games.undoing import UndoRequest
from service.http.errors import Problem

REF = "#/components/schemas/"


def kind_components(registry: Registry) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """Per body name, the component names of its per-kind schemas; and every component."""
    bodies: dict[str, list[str]] = {"new_game": [], "move": [], "record": [], "moves": [], "event": [], "view": []}
    components: dict[str, Any] = {}
    for kind in registry:
        rules = kind.rules
        types = [
            NewGame[rules.setup_type],  # type: ignore[name-defined]
            RecordedMove[rules.move_type],  # type: ignore[name-defined]
            GameRecord[rules.setup_type, rules.move_type],  # type: ignore[name-defined]
            # The answers a kind types: its moves (the legal ones), its events, its views of a state.
            rules.move_type,
            rules.event_type,
            typing.get_type_hints(rules.view).get("return", Any),
        ]
        schemas, comps = schema_components(kind.name, types, REF)
        components.update(comps)
        for body, schema in zip(("new_game", "move", "record"), schemas[:3], strict=True):
            bodies[body].append(schema["$ref"].removeprefix(REF))
        # The unions (and a view that is no Struct) have no component of their own: named here.
        for body, name, schema in zip(("moves", "event", "view"), ("Move", "Event", "View"), schemas[3:], strict=True):
            if "$ref" in schema:
                bodies[body].append(schema["$ref"].removeprefix(REF))
                continue
            if not schema:
                schema = {"type": "object", "description": f"The {kind.name} board as the perspective sees it"}
            if f"{kind.name}.{name}" in components:
                raise ValueError(f"{kind.name} has a component named {name} already")
            components[f"{kind.name}.{name}"] = schema
            bodies[body].append(f"{kind.name}.{name}")
    # A correction is an event of every kind's games, the service's own (service/base/store/corrections.py).
    banquise, problem_comps = schema_components("banquise", [Problem, UndoRequest, MovesTakenBack], REF)
    components.update(problem_comps)
    bodies["undo"] = [banquise[1]["$ref"].removeprefix(REF)]
    bodies["event"].append(banquise[2]["$ref"].removeprefix(REF))
    return bodies, components


# The request body of each write that takes a game kind's own types: the kinds' component names (from
# ``kind_components``) under one of these keys, and a description.
REQUEST_BODIES: dict[tuple[str, str], tuple[str, str]] = {
    ("post", "/games"): ("new_game", "A game kind and its setup."),
    ("post", "/games/import"): ("record", "A game record (see GET /records/schema)."),
    ("post", "/games/{game_id}/moves"): ("move", "One move, with an optional time and comment."),
    ("post", "/games/{game_id}/undo"): ("undo", "How many of the last moves to take back (default 1), and why."),
    ("post", "/games/{game_id}/forks"): (
        "fork",
        "The origin's step the fork starts from: one that ends a move or a correction.",
    ),
    ("post", "/editions"): (
        "edition",
        "An edition document of the kind `kind` names (GET /editions shows the packaged ones; schema: the "
        "kind's Edition component).",
    ),
}


# Bodies that may be left out: an undo without one takes back one move.
OPTIONAL_BODIES = {"undo"}
# Bodies the routes type as optional (``JSONBody[X | None] = None``), which Litestar documents as required.
OPTIONAL_GENERATED_BODIES = {("post", "/games/{game_id}/analysis")}


def _request_body(names: list[str], description: str, *, required: bool = True) -> RequestBody:
    refs: list[Reference | Schema] = [Reference(ref=REF + name) for name in names]
    schema = Schema(one_of=refs) if len(refs) != 1 else refs[0]
    return RequestBody(
        required=required, description=description, content={"application/json": OpenAPIMediaType(schema=schema)}
    )


# ------------------------------------------------------------------ the document as clients read it
PROBLEM_REF = REF + "banquise.Problem"
PROBLEM_MEDIA = "application/problem+json"
NDJSON = "application/x-ndjson"

# The writes whose example is a game kind's (its plug-in's ``examples``, by body; ``next``: the decisions
# made so far of a move built decision by decision): the first registered kind offering one gives it.
KIND_EXAMPLES: dict[tuple[str, str], str] = {
    ("post", "/games"): "new_game",
    ("post", "/games/{game_id}/moves"): "move",
    ("post", "/games/import"): "record",
    ("post", "/games/{game_id}/moves/next"): "next",
}

# A request body example per write: what a new user pastes into Swagger UI first.
BODY_EXAMPLES: dict[tuple[str, str], dict[str, Any]] = {
    ("post", "/games/{game_id}/undo"): {"moves": 1, "reason": "the card went to the wrong seat"},
    ("post", "/games/{game_id}/void"): {"reason": "duplicate upload"},
    ("post", "/games/{game_id}/unvoid"): {"reason": "voided by mistake: the game was played"},
    ("post", "/games/{game_id}/abandon"): {"reason": "the table closed before the end"},
    ("post", "/games/{game_id}/forks"): {"at": 12},
    ("post", "/admin/players/{handle}/rename"): {"to": "Nanuq", "reason": "the player asked for this spelling"},
    ("post", "/admin/players/{handle}/merge"): {"into": "Nanook", "reason": "one person, recorded as nook at home"},
    ("post", "/admin/keys"): {"name": "club website", "scope": "recorder"},
    ("post", "/games/{game_id}/analysis"): {"budget": 16},
}


def kind_example(body: str) -> dict[str, Any] | None:
    """The example of a body of a game kind's types: the first registered kind's that offers one."""
    for plugin in registered_games():
        if body in plugin.examples:
            return dict(plugin.examples[body])
    return None


def _edition_example() -> dict[str, Any] | None:
    """The packaged demo edition under a club's own id and version: a whole document that validates."""
    for plugin in registered_games():
        if plugin.editions is not None:
            document: dict[str, Any] = msgspec.to_builtins(plugin.editions.demo())
            return {**document, "id": "my-club", "version": "2026.1", "label": "My club's edition"}
    return None


# Links from a created or imported game to what can be done with it next: clients (and the
# stateful fuzzer, ``make fuzz``) follow them with the new game's id and players.
GAME_LINKS = {
    "AppendMove": ("GamesGameIdMovesAppend", {"game_id": "$response.body#/id"}),
    "Summary": ("GamesGameIdSummary", {"game_id": "$response.body#/id"}),
    "Record": ("GamesGameIdRecordRecord", {"game_id": "$response.body#/id"}),
    "Timeline": ("GamesGameIdTimelineTimeline", {"game_id": "$response.body#/id"}),
    "Events": ("GamesGameIdEventsEvents", {"game_id": "$response.body#/id"}),
    "LegalMoves": ("GamesGameIdLegalMovesLegalMoves", {"game_id": "$response.body#/id"}),
    "Replay": ("GamesGameIdReplayStepReplay", {"game_id": "$response.body#/id", "step": "$response.body#/version"}),
    "Stats": ("GamesGameIdStatsGameStats", {"game_id": "$response.body#/id"}),
    "Board": ("GamesGameIdBoardGameBoard", {"game_id": "$response.body#/id"}),
    "Player": ("PlayersHandleProfile", {"handle": "$response.body#/players/0"}),
    "PlayerGames": ("PlayersHandleGamesGames", {"handle": "$response.body#/players/0"}),
    "Versus": ("PlayersAVersusBVersus", {"a": "$response.body#/players/0", "b": "$response.body#/players/1"}),
}
LINKED = {("post", "/games"): ("201",), ("post", "/games/import"): ("200", "201")}


def refine(document: OpenAPI, bodies: dict[str, list[str]]) -> None:
    """Make the generated document say what the API does.

    - every error response (4xx, 5xx) is problem+json, including the 400 Litestar documents with its
      own ``{status_code, detail, extra}`` shape, which the API never sends;
    - an operation with a path parameter may answer 404, a keyed one 401, every one 500;
    - the request body of each write that takes a game kind's types (``bodies``: the kinds' component
      names by body), an example for each write, and links from a new game to its follow-ups.
    """
    for path, item in (document.paths or {}).items():
        for method in ("get", "post", "put", "patch", "delete"):
            operation: Operation | None = getattr(item, method, None)
            if operation is None:
                continue
            responses = operation.responses = dict(operation.responses or {})
            if "{" in path:
                responses.setdefault("404", OpenAPIResponse(description="not_found: no such resource"))
            if operation.security and {} not in operation.security:
                responses.setdefault("401", OpenAPIResponse(description="api_key_required or invalid_api_key"))
            responses.setdefault("500", OpenAPIResponse(description="internal_error: a bug on our side, logged"))
            for status, response in responses.items():
                if status[0] in "45" and isinstance(response, OpenAPIResponse):
                    response.content = {PROBLEM_MEDIA: OpenAPIMediaType(schema=Reference(ref=PROBLEM_REF))}
            if (method, path) in REQUEST_BODIES:
                body_of, description = REQUEST_BODIES[(method, path)]
                names = bodies[body_of]
                operation.request_body = _request_body(names, description, required=body_of not in OPTIONAL_BODIES)
            example = BODY_EXAMPLES.get((method, path))
            if (method, path) in KIND_EXAMPLES:
                example = kind_example(KIND_EXAMPLES[(method, path)])
            if (method, path) == ("post", "/editions"):
                example = _edition_example()
            body = operation.request_body
            if (method, path) in OPTIONAL_GENERATED_BODIES and isinstance(body, RequestBody):
                body.required = False
            if example is not None and isinstance(body, RequestBody):
                for media in body.content.values():
                    media.example = example
            ok = responses.get("200")
            if path.endswith("/events") and isinstance(ok, OpenAPIResponse) and ok.content:
                # The same events, one JSON object per line, with Accept: application/x-ndjson or format=ndjson.
                ok.content[NDJSON] = OpenAPIMediaType(
                    schema=Schema(type=OpenAPIType.STRING, description="One event per line, as in the JSON array")
                )
            for status in LINKED.get((method, path), ()):
                linked = responses.get(status)
                if isinstance(linked, OpenAPIResponse):
                    linked.links = {
                        name: Link(operation_id=op_id, parameters=dict(params))
                        for name, (op_id, params) in GAME_LINKS.items()
                    }
