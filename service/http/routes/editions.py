"""``/editions``: the editions a game can be recorded on, of every kind whose plug-in declares them —
packaged ones and those a club stored (an admin key adds one; nothing is ever replaced: a changed
edition is a new version)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, QueryParameter

from domain.kinds import registered_games
from service.base.keys import ApiKey
from service.games.editions import EditionCatalogue, EditionDetail, EditionSummary
from service.games.keys import ApiKeyRequired, InvalidApiKey
from service.games.record_format import schema_components
from service.http.auth import AdminRequired, caller, require_admin
from service.http.bodies import BodyTooLarge
from service.http.errors import answers
from service.http.openapi_docs import REF
from service.runtime import Runtime


def edition_components() -> dict[str, Any]:
    """Each kind's edition document schema components (``<kind>.Edition`` and the Structs it uses)."""
    components: dict[str, Any] = {}
    for plugin in registered_games():
        if plugin.editions is not None:
            # Defaults in the schema may be Structs: as plain JSON values for every encoder.
            found = schema_components(plugin.kind, [plugin.editions.document], REF)[1]
            components.update(msgspec.to_builtins(found))
    return components


def edition_documents() -> list[str]:
    """The schema names of the kinds' edition documents (``<kind>.<Struct>``), in the registry's order."""
    return [
        f"{plugin.kind}.{plugin.editions.document.__name__}"
        for plugin in registered_games()
        if plugin.editions is not None
    ]


Kind = Annotated[
    str | None,
    QueryParameter(
        description="The game kind the edition is of (default: the only registered kind with editions; "
        "edition_kind_required when several have some)",
        required=False,
        max_length=64,
    ),
]
AnyKind = Annotated[
    str | None,
    QueryParameter(description="Only this game kind's editions (default: every kind's)", required=False, max_length=64),
]
Version = Annotated[
    str | None,
    QueryParameter(description="The edition's version (default: the latest added)", required=False, max_length=64),
]


class EditionsController(Controller):
    path = "/editions"
    tags = ["editions"]
    dependencies = {"key": Provide(caller)}

    @post(
        "/",
        summary="Store an edition (admin key); a kind, id and version never change content",
        status_code=201,
        security=[{"apiKey": []}],
        responses={
            200: ResponseSpec(EditionSummary, description="This id and version already hold this same content"),
            **answers(ApiKeyRequired, InvalidApiKey, AdminRequired, BodyTooLarge, EditionCatalogue.add),
        },
    )
    async def add(
        self,
        request: Request[Any, Any, Any],
        runtime: NamedDependency[Runtime],
        key: NamedDependency[ApiKey | None],
        kind: Kind = None,
    ) -> Response[EditionSummary]:
        admin = require_admin(key, "adding an edition")
        body = await request.body()
        summary, added = await sync_to_thread(runtime.editions.add, body, admin.id, kind)
        return Response(summary, status_code=201 if added else 200)

    @get(
        "/",
        summary="The editions of every kind that has some (or of one kind): packaged and stored, with their "
        "content fingerprints",
        responses=answers(EditionCatalogue.listing),
    )
    async def listing(self, runtime: NamedDependency[Runtime], kind: AnyKind = None) -> list[EditionSummary]:
        return await sync_to_thread(runtime.editions.listing, kind)

    @get(
        "/{edition_id:str}",
        summary="One edition: its summary and whole document",
        responses=answers(EditionCatalogue.show),
    )
    async def show(
        self, edition_id: FromPath[str], runtime: NamedDependency[Runtime], version: Version = None, kind: Kind = None
    ) -> EditionDetail:
        return await sync_to_thread(runtime.editions.show, edition_id, version, kind)
