"""``/editions``: the Arctica editions a game can be recorded on — packaged ones and those a club
stored (an admin key adds one; nothing is ever replaced: a changed edition is a new version)."""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import FromPath, QueryParameter

from service.base.keys import ApiKey
from service.games.editions import EditionDetail, EditionSummary
from service.games.records import schema_components
from service.http.auth import caller, required
from service.http.errors import ProblemError
from service.http.openapi_docs import REF
from service.runtime import Runtime


def edition_components() -> dict[str, Any]:
    """The edition document's schema components (``arctica.Edition`` and the Structs it uses)."""
    from domain.arctica.edition import Edition

    # Defaults in the schema may be Structs (``rules``): as plain JSON values for every encoder.
    components: dict[str, Any] = msgspec.to_builtins(schema_components("arctica", [Edition], REF)[1])
    return components


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
        summary="Store an Arctica edition (admin key); an id and version never change content",
        status_code=201,
        security=[{"apiKey": []}],
        responses={
            200: ResponseSpec(EditionSummary, description="This id and version already hold this same content"),
            401: ResponseSpec(None, description="Missing or invalid API key"),
            403: ResponseSpec(None, description="admin_required: not an admin key"),
            409: ResponseSpec(
                None, description="edition_version_exists (other content) or edition_reserved (a packaged id)"
            ),
            413: ResponseSpec(None, description="Body larger than BANQUISE_MAX_BODY_BYTES"),
            422: ResponseSpec(
                None,
                description="invalid_edition (not the schema: `path` is the JSON path) or inconsistent_edition "
                "(`problems`)",
            ),
        },
    )
    async def add(
        self, request: Request[Any, Any, Any], runtime: NamedDependency[Runtime], key: NamedDependency[ApiKey | None]
    ) -> Response[EditionSummary]:
        admin = required(key)
        if not admin.admin:
            raise ProblemError(
                403, "admin_required", "adding an edition needs an admin key (banquise keys create --admin)"
            )
        body = await request.body()
        summary, added = await sync_to_thread(runtime.editions.add, body, admin.id)
        return Response(summary, status_code=201 if added else 200)

    @get("/", summary="The Arctica editions: packaged and stored, with their content fingerprints")
    async def listing(self, runtime: NamedDependency[Runtime]) -> list[EditionSummary]:
        return await sync_to_thread(runtime.editions.listing)

    @get(
        "/{edition_id:str}",
        summary="One Arctica edition: its summary and whole document",
        responses={404: ResponseSpec(None, description="edition_not_found")},
    )
    async def show(
        self, edition_id: FromPath[str], runtime: NamedDependency[Runtime], version: Version = None
    ) -> EditionDetail:
        return await sync_to_thread(runtime.editions.show, edition_id, version)
