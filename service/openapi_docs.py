"""OpenAPI documentation for the bodies the games API decodes itself.

Moves, setups and records have one schema per game kind, and the service decodes them with the
kind's own msgspec decoder (fast, strict). Their schemas are generated from the same msgspec types,
prefixed by kind (``arctic.PlaceCard``), added to the document's components, and referenced from
the request bodies of ``POST /games``, ``POST /games/{id}/moves`` and ``POST /games/import``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from litestar.openapi.spec import OpenAPIMediaType, Operation, Reference, RequestBody, Schema

from service.errors import Problem
from service.games.kinds import Registry
from service.games.records import GameRecord, NewGame, RecordedMove, schema_components

REF = "#/components/schemas/"


def kind_components(registry: Registry) -> tuple[dict[str, list[str]], dict[str, Any]]:
    """Per body name, the component names of its per-kind schemas; and every component."""
    bodies: dict[str, list[str]] = {"new_game": [], "move": [], "record": []}
    components: dict[str, Any] = {}
    for kind in registry:
        rules = kind.rules
        types = [
            NewGame[rules.setup_type],  # type: ignore[name-defined]
            RecordedMove[rules.move_type],  # type: ignore[name-defined]
            GameRecord[rules.setup_type, rules.move_type],  # type: ignore[name-defined]
        ]
        schemas, comps = schema_components(kind.name, types, REF)
        components.update(comps)
        for body, schema in zip(("new_game", "move", "record"), schemas, strict=True):
            bodies[body].append(schema["$ref"].removeprefix(REF))
    _, problem_comps = schema_components("banquise", [Problem], REF)
    components.update(problem_comps)
    return bodies, components


def body_operation(names: list[str], description: str) -> type[Operation]:
    """An Operation class whose request body is one of the given component schemas."""
    refs: list[Reference | Schema] = [Reference(ref=REF + name) for name in names]

    @dataclass
    class WithBody(Operation):
        def __post_init__(self) -> None:
            self.request_body = RequestBody(
                required=True,
                description=description,
                content={
                    "application/json": OpenAPIMediaType(schema=Schema(one_of=refs) if len(refs) != 1 else refs[0])
                },
            )

    return WithBody
