"""``GET /records/schema``: the JSON Schema of the game record format, for every game kind."""

from __future__ import annotations

from typing import Any

from litestar import get
from litestar.di import NamedDependency

from service.base.store.kinds import Registry
from service.games.kind_lookup import KindLookup
from service.games.record_format import record_schema


def schema_document(registry: Registry) -> dict[str, Any]:
    return record_schema({k.name: (k.rules.setup_type, k.rules.move_type) for k in registry})


@get("/records/schema", tags=["games"], summary="JSON Schema of the game record format (import/export)")
async def records_schema(kinds: NamedDependency[KindLookup]) -> dict[str, Any]:
    return schema_document(kinds.registry)
