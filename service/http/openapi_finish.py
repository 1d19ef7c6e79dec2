"""The last pass over the OpenAPI document: what client generators and linters need to read it.

Litestar and msgspec write a valid OpenAPI 3.1 document, but the tools client developers use read it
badly (issue #25): ``openapi-python-client``, ``openapi-typescript``, Redocly and Spectral. This pass,
on the document as JSON, deterministic (same app, same bytes):

- one schema per name, and readable names: ``arctic.MoveTokens`` becomes ``ArcticMoveTokens``,
  ``arctica.MoveTokens`` ``ArcticaMoveTokens``; the copies Litestar makes of the edition's Structs
  (``MoveTokens``, ``Card``…) are replaced by the msgspec schemas they copy (``ArcticaCard``); each
  component's ``title`` is its name (msgspec titles a generic instance with its whole type, ~630
  characters, which generators turn into file names);
- a tagged Struct's tag as a ``const`` (a literal), rather than an enum of one value;
- fixed-length arrays (tuples) with an ``items`` schema, as 3.1 tools expect, instead of
  ``items: false`` after ``prefixItems``;
- a game kind's bodies and records carry their ``kind`` as a constant, so that the alternatives of
  ``POST /games``, ``POST /games/import`` and ``GET /games/{id}/record`` are told apart by an OpenAPI
  ``discriminator`` (a move's alternatives already are, by ``type``: msgspec tagged unions);
- typed events, views and legal moves: the kinds' own unions instead of ``Any``;
- operation ids a person would write (``appendMove``, ``getReplayStep``), links following them;
- ``security: []`` on the public operations, so that every operation says whether it needs a key.
"""

from __future__ import annotations

import copy
from typing import Any

from domain.registry import registered_games
from service.base.refusals import Refusal
from service.games.keys import InvalidApiKey
from service.http.bodies import JSON_BODY, BodyTooLarge
from service.http.errors import answers

REF = "#/components/schemas/"
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")

OPERATION_IDS: dict[tuple[str, str], str] = {
    ("get", "/health"): "getHealth",
    ("get", "/metrics"): "getMetrics",
    ("get", "/records/schema"): "getRecordSchema",
    ("get", "/keys/server"): "getServerKey",
    ("get", "/kinds"): "listKinds",
    ("get", "/kinds/{kind}/hand-cards"): "listHandCards",
    ("get", "/games"): "listGames",
    ("post", "/games"): "createGame",
    ("post", "/games/import"): "importRecord",
    ("get", "/games/{game_id}"): "getGame",
    ("post", "/games/{game_id}/moves"): "appendMove",
    ("post", "/games/{game_id}/undo"): "undoMoves",
    ("get", "/games/{game_id}/record"): "exportRecord",
    ("post", "/games/{game_id}/analysis"): "askAnalysis",
    ("get", "/games/{game_id}/analysis"): "getAnalysis",
    ("get", "/games/{game_id}/analysis/moves/{move}"): "getMoveAnalysis",
    ("get", "/games/{game_id}/bgstats"): "getBgStatsPlay",
    ("get", "/games/{game_id}/bgg"): "getBggPlay",
    ("get", "/exports/bgstats"): "exportBgStatsFile",
    ("get", "/exports/bgg"): "exportBggPlays",
    ("get", "/exports/records"): "exportRecords",
    ("get", "/games/{game_id}/events"): "listEvents",
    ("get", "/games/{game_id}/legal-moves"): "listLegalMoves",
    ("post", "/games/{game_id}/moves/next"): "nextDecision",
    ("get", "/recorder"): "getRecorderStartPage",
    ("get", "/games/{game_id}/recorder"): "getRecorderPage",
    ("get", "/games/{game_id}/timeline"): "getTimeline",
    ("get", "/games/{game_id}/replay/{step}"): "getReplayStep",
    ("get", "/games/{game_id}/replay"): "getReplayAt",
    ("get", "/games/{game_id}/stats"): "getGameStats",
    ("get", "/games/{game_id}/board"): "getGameBoard",
    ("post", "/games/{game_id}/void"): "voidGame",
    ("post", "/games/{game_id}/unvoid"): "unvoidGame",
    ("post", "/games/{game_id}/abandon"): "abandonGame",
    ("get", "/games/{game_id}/forks"): "listForks",
    ("post", "/games/{game_id}/forks"): "forkGame",
    ("get", "/games/{game_id}/live"): "followGame",
    ("get", "/games/{game_id}/watch"): "getViewerPage",
    ("get", "/players"): "listPlayers",
    ("get", "/players/{handle}"): "getPlayer",
    ("get", "/players/{handle}/games"): "listPlayerGames",
    ("get", "/players/{a}/versus/{b}"): "getVersus",
    ("get", "/leaderboards/{kind}"): "getLeaderboard",
    ("post", "/admin/players/{handle}/rename"): "renamePlayer",
    ("post", "/admin/players/{handle}/merge"): "mergePlayer",
    ("post", "/admin/keys"): "createApiKey",
    ("get", "/admin/keys"): "listApiKeys",
    ("delete", "/admin/keys/{key_id}"): "revokeApiKey",
    ("get", "/editions"): "listEditions",
    ("post", "/editions"): "addEdition",
    ("get", "/editions/{edition_id}"): "getEdition",
    ("post", "/imports/bgstats"): "importBgStatsBackup",
    ("post", "/imports/bgg"): "importBggPlays",
}

# The import routes read a file another app wrote as their body (service/http/routes/imports.py), whatever
# its label: the document says what the file is, with an example of a play of the first registered kind.
FILE_BODIES: dict[str, tuple[str, dict[str, Any], str]] = {
    "/imports/bgstats": (
        "application/json",
        {"type": "object", "additionalProperties": True},
        "A BG Stats backup file (JSON: players, games, locations, plays)",
    ),
    # XML, sent as the file's bytes: the route reads any label, and generators read no XML body.
    "/imports/bgg": (
        "application/octet-stream",
        {"type": "string", "format": "binary"},
        "BGG's plays answer, its XML as the file's bytes (XML API 2: <plays><play id date ...>)",
    ),
}


def _file_examples() -> dict[str, Any]:
    """A two-player play as each app writes it, of the first registered kind (its title and BGG id)."""
    plugin = registered_games()[0]
    title, bgg = plugin.title, plugin.bgg_id or 0
    bgstats = {
        "userInfo": {"meRefId": 1},
        "players": [
            {"id": 1, "uuid": "5E1B1F7E-0000-4000-8000-000000000001", "name": "Nanook"},
            {"id": 2, "uuid": "5E1B1F7E-0000-4000-8000-000000000002", "name": "Aputsiaq"},
        ],
        "locations": [],
        "games": [{"id": 1, "uuid": "5E1B1F7E-0000-4000-8000-000000000020", "name": title, "bggId": bgg}],
        "plays": [
            {
                "uuid": "5E1B1F7E-0000-4000-8000-000000000100",
                "playDate": "2025-11-02 20:30:00",
                "durationMin": 35,
                "gameRefId": 1,
                "playerScores": [
                    {"playerRefId": 1, "score": "31", "winner": True, "startPlayer": True},
                    {"playerRefId": 2, "score": "26"},
                ],
            }
        ],
    }
    bgg_plays = (
        '<?xml version="1.0" encoding="utf-8"?><plays username="nanook" userid="1" total="1" page="1">'
        '<play id="90000001" date="2025-11-02" quantity="1" length="35" incomplete="0" nowinstats="0" location="">'
        f'<item name="{title}" objecttype="thing" objectid="{bgg}"/><players>'
        '<player username="" userid="0" name="Nanook" startposition="1" score="31" win="1"/>'
        '<player username="" userid="0" name="Aputsiaq" startposition="2" score="26" win="0"/>'
        "</players></play></plays>"
    )
    return {"/imports/bgstats": bgstats, "/imports/bgg": bgg_plays}


def _file_routes(paths: dict[str, Any]) -> None:
    """The NDJSON export and the import routes' file bodies, as the document can say them."""
    # The NDJSON export: one record per line (no OpenAPI schema says "lines of"), and the same bytes as a
    # binary answer for the generators that know no line-delimited JSON (Accept: application/octet-stream).
    records = paths.get("/exports/records", {}).get("get")
    if records is not None:
        records["responses"]["200"]["content"] = {
            "application/x-ndjson": {
                "schema": {
                    "type": "string",
                    "description": "One game record per line (GET /games/{game_id}/record, without its seal)",
                }
            },
            "application/octet-stream": {
                "schema": {"type": "string", "format": "binary", "description": "The same lines, as bytes"}
            },
        }
    examples = _file_examples()
    for path, (media, schema, description) in FILE_BODIES.items():
        if path in paths:
            paths[path]["post"]["requestBody"] = {
                "required": True,
                "description": description,
                "content": {media: {"schema": schema, "example": examples[path]}},
            }


# Types of domain/game.py, the same whatever the kind: under their own name wherever a kind uses them.
SHARED = ("PlayerResult",)
# The prefix ``openapi_docs`` gives the msgspec components of the service (each game kind's are its name).
SERVICE = "banquise"


def prefixes() -> tuple[str, ...]:
    """The prefixes of the msgspec components: every registered game kind's name, and the service's."""
    from domain.kinds import registered_games

    return (*(plugin.kind for plugin in registered_games()), SERVICE)


def component_name(name: str) -> str:
    """``arctic.MoveTokens`` -> ``ArcticMoveTokens``; ``banquise.Problem`` -> ``Problem``."""
    prefix, dot, rest = name.partition(".")
    if not dot:
        return name
    title = prefix[:1].upper() + prefix[1:]
    # A kind's own names may carry it already (``arctic.ArcticView``); ``banquise`` is the service's.
    if prefix == SERVICE or (rest.startswith(title) and not rest[len(title) :][:1].islower()):
        return rest
    return title + rest


def _walk(node: Any, visit: Any) -> Any:
    """``node`` with ``visit`` applied to every object in it, innermost first."""
    if isinstance(node, dict):
        return visit({key: _walk(value, visit) for key, value in node.items()})
    if isinstance(node, list):
        return [_walk(value, visit) for value in node]
    return node


def _lower_camel(text: str) -> str:
    return text[:1].lower() + text[1:]


def _twins(schemas: dict[str, Any]) -> dict[str, str]:
    """Litestar's own copies of msgspec components (same name after the prefix, same properties):
    each to the msgspec one it copies."""
    twins: dict[str, str] = {}
    known = prefixes()
    for name, schema in schemas.items():
        if "." in name:
            continue
        props = set(schema.get("properties", {}))
        same = [
            f"{prefix}.{name}"
            for prefix in known
            if f"{prefix}.{name}" in schemas and set(schemas[f"{prefix}.{name}"].get("properties", {})) == props
        ]
        if len(same) == 1:
            twins[name] = same[0]
    return twins


def _fixed_arrays(node: dict[str, Any]) -> dict[str, Any]:
    """A tuple as 3.1 tools read it: an ``items`` schema and its length, rather than ``items: false``."""
    prefix = node.get("prefixItems")
    if not isinstance(prefix, list) or (node.get("items") not in (None, False)):
        return node
    out = {k: v for k, v in node.items() if k not in ("prefixItems", "items")}
    distinct: list[Any] = []
    for schema in prefix:
        if schema not in distinct:
            distinct.append(schema)
    if len(distinct) == 1:
        out["items"] = distinct[0]
    else:
        out["prefixItems"] = prefix
        out["items"] = {"anyOf": distinct}
    out["minItems"] = out["maxItems"] = len(prefix)
    return out


def _constant(node: dict[str, Any]) -> dict[str, Any]:
    """A one-value ``enum`` (msgspec's tag of a tagged Struct: ``{"enum": ["PlaceCard"]}``) as the
    ``const`` it is: a literal in generated clients, rather than an enum class of one member."""
    values = node.get("enum")
    if set(node) != {"enum"} or not isinstance(values, list) or len(values) != 1 or not isinstance(values[0], str):
        return node
    return {"type": "string", "const": values[0]}


def _one_of_kinds(names: list[str], *, tag: str | None) -> dict[str, Any]:
    refs = [{"$ref": REF + name} for name in names]
    if len(refs) == 1:
        return refs[0]
    if tag is None:
        # The game's kind decides which (a move's kind is its game's): any of them, told apart by the server.
        return {"anyOf": refs}
    mapping = {name.split(".", 1)[0]: REF + name for name in names}
    return {"oneOf": refs, "discriminator": {"propertyName": tag, "mapping": mapping}}


def finish(document: dict[str, Any], bodies: dict[str, list[str]]) -> dict[str, Any]:
    """The document generators read: see the module's docstring. ``bodies``: the kinds' component names
    by body (``openapi_docs.kind_components``)."""
    doc = copy.deepcopy(document)
    schemas: dict[str, Any] = doc["components"]["schemas"]

    # A kind's bodies and records name their kind: a constant, the discriminator of their alternatives.
    for body in ("new_game", "record"):
        for name in bodies[body]:
            kind = name.split(".", 1)[0]
            schemas[name]["properties"]["kind"] = {"type": "string", "const": kind}
    paths: dict[str, Any] = doc["paths"]
    for path, body in (("/games", "new_game"), ("/games/import", "record")):
        media = paths[path]["post"]["requestBody"]["content"]["application/json"]
        media["schema"] = _one_of_kinds(bodies[body], tag="kind")
    record = paths["/games/{game_id}/record"]["get"]["responses"]["200"]["content"]["application/json"]
    record["schema"] = _one_of_kinds(bodies["record"], tag="kind")
    moves = paths["/games/{game_id}/moves"]["post"]["requestBody"]["content"]["application/json"]
    moves["schema"] = _one_of_kinds(bodies["move"], tag=None)
    # Legal moves in the table's terms (``service.games.choices``): each choice's move is a kind's move.
    if "MoveChoice" in schemas:
        schemas["MoveChoice"]["properties"]["move"] = _one_of_kinds(bodies["moves"], tag=None)
    # A move built decision by decision, once finished: a kind's move too (null while deciding).
    if "NextDecision" in schemas:
        kinds = _one_of_kinds(bodies["moves"], tag=None)
        schemas["NextDecision"]["properties"]["move"] = {"anyOf": [*kinds.get("anyOf", [kinds]), {"type": "null"}]}
    # Typed events and views: the kinds' own (a game's kind is in the answer: ``kind``).
    schemas["EventOut"]["properties"]["event"] = _one_of_kinds(bodies["event"], tag=None)
    schemas["Replay"]["properties"]["view"] = _one_of_kinds(bodies["view"], tag=None)
    # The projection's board: the spectator's view (projections/boards.py) and public results.
    if "Board" in schemas and "PlayerResult" in schemas:
        board = schemas["Board"]["properties"]
        board["view"] = _one_of_kinds(bodies["view"], tag=None)
        board["results"] = {"type": "array", "items": {"$ref": REF + "PlayerResult"}}
    # An edition's document: the edition schema of its kind (each kind with editions has its own).
    if "EditionDetail" in schemas and bodies.get("edition"):
        schemas["EditionDetail"]["properties"]["edition"] = _one_of_kinds(bodies["edition"], tag=None)

    _file_routes(paths)
    _name_operations(paths)

    # One schema per name: Litestar's copies go, every name loses its dot, every title is its name.
    twins = _twins(schemas)
    for name in SHARED:
        if name in twins:
            twins[twins.pop(name)] = name
    names = {name: component_name(twins.get(name, name)) for name in schemas}
    kept = {component_name(name) for name in schemas if name not in twins}
    if len(kept) != len(schemas) - len(twins):
        raise ValueError("two components would share a name")

    def rename(node: dict[str, Any]) -> dict[str, Any]:
        ref = node.get("$ref")
        if isinstance(ref, str) and ref.startswith(REF):
            node["$ref"] = REF + names.get(ref.removeprefix(REF), ref.removeprefix(REF))
        mapping = node.get("mapping")
        if isinstance(mapping, dict) and isinstance(node.get("propertyName"), str):  # a discriminator
            node["mapping"] = {
                tag: REF + names.get(target.removeprefix(REF), target.removeprefix(REF))
                for tag, target in mapping.items()
            }
        return _constant(_fixed_arrays(node))

    doc = _walk(doc, rename)
    out: dict[str, Any] = {}
    for name in sorted(doc["components"]["schemas"]):
        if name in twins:
            continue
        schema = doc["components"]["schemas"][name]
        schema["title"] = names[name]
        out[names[name]] = schema
    doc["components"]["schemas"] = dict(sorted(out.items()))
    _answers_of_every_operation(doc)
    return doc


def _name_operations(paths: dict[str, Any]) -> None:
    """Security said on every operation; operation ids a person would write (the links follow them)."""
    renamed_ops: dict[str, str] = {}
    for path, item in paths.items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            operation.setdefault("security", [])
            old = operation.get("operationId", "")
            new = OPERATION_IDS.get((method, path)) or _lower_camel(old)
            renamed_ops[old] = operation["operationId"] = new
    for item in paths.values():
        for method in METHODS:
            for response in (item.get(method) or {}).get("responses", {}).values():
                for link in response.get("links", {}).values():
                    link["operationId"] = renamed_ops.get(link["operationId"], link["operationId"])


def _answers_of_every_operation(doc: dict[str, Any]) -> None:
    """What any operation may answer besides its own refusals, from the refusals' classes: a key that is
    sent is checked first, on every operation (401 when it is malformed, unknown or revoked, on a public
    read too: ``auth.check_key``); a JSON body is checked before its route (``service.http.bodies``)."""
    problem = {"content": {"application/problem+json": {"schema": {"$ref": REF + "Problem"}}}}
    for path, item in doc["paths"].items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            responses = operation.setdefault("responses", {})
            refusals: list[type[Refusal]] = [InvalidApiKey]
            if "requestBody" in operation and path not in FILE_BODIES:
                refusals += [*JSON_BODY, BodyTooLarge]
            for status, answer in answers(*refusals).items():
                said = responses.setdefault(str(status), {**problem, "description": ""})
                lines = [line for line in said["description"].split("\n") if line]
                said["description"] = "\n".join(dict.fromkeys([*lines, *answer.description.split("\n")]))
