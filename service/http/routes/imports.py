"""``/imports``: a club's history brought in from the apps its players logged it in: a BG Stats backup
(``POST /imports/bgstats``) or BGG's plays answer (``POST /imports/bgg``), the file as the body, whatever
it is labelled. The plays of the games Banquise records become result-only games (service/games/
playimports.py): ``dry_run=true`` answers the plan, ``confirm=<plan_id>`` stores it."""

from __future__ import annotations

from typing import Annotated, Any

from litestar import Controller, Request, Response, post
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency, Provide
from litestar.openapi import ResponseSpec
from litestar.params import QueryParameter

from service.base.keys import ApiKey
from service.games.keys import ApiKeyRequired, InvalidApiKey
from service.games.playimports import MAX_FILE_BYTES, ImportReport, PlayImporter, Source
from service.games.tags import InvalidTagFilter
from service.http.auth import caller, required
from service.http.bodies import BodyTooLarge
from service.http.errors import answers
from service.http.routes.games import KEY_REQUIRED

# A route's ``opt``: its body is a file another app wrote ("json" or "xml"), not a JSON body of this API.
FILE_BODY = "file_body"

DryRun = Annotated[bool, QueryParameter(description="true: answer the plan, store nothing")]
Confirm = Annotated[
    str | None,
    QueryParameter(description="the plan_id of this import's dry run: stores the plan (refused if it changed)"),
]
Mapping = Annotated[
    list[str] | None,
    QueryParameter(
        description="<name in the file>=<handle>, repeated: whose plays count under which handle (default: the "
        "name as the file writes it; a handle already here is merged into, a new one created)"
    ),
]
Zone = Annotated[
    str | None,
    QueryParameter(
        description="the clock the file's dates are on: an IANA zone (Europe/Paris) or an offset (+02:00); default UTC"
    ),
]
Tags = Annotated[
    list[str] | None,
    QueryParameter(description="name:value, repeated: tags every imported play carries (tag=club:Lyon)"),
]
FileName = Annotated[
    str, QueryParameter(description="the file's name, kept with each play's provenance", max_length=200)
]

PROBLEMS = {
    200: ResponseSpec(ImportReport, description="The plan (dry_run=true), or a confirmed import with nothing new"),
    **answers(ApiKeyRequired, InvalidApiKey, InvalidTagFilter, BodyTooLarge, PlayImporter.run),
}


class ImportsController(Controller):
    path = "/imports"
    tags = ["imports"]
    dependencies = {"key": Provide(caller)}

    async def _run(
        self,
        source: Source,
        request: Request[Any, Any, Any],
        importer: PlayImporter,
        key: ApiKey | None,
        dry_run: bool,
        confirm: str | None,
        mapping: list[str] | None,
        tz: str | None,
        tag: list[str] | None,
        file: str,
    ) -> Response[ImportReport]:
        owner = required(key, "an import needs an API key")
        data = await request.body()
        report = await sync_to_thread(
            lambda: importer.run(
                owner,
                source,
                data,
                file=file,
                mapping=mapping or [],
                tz=tz,
                tags=tag or [],
                dry_run=dry_run,
                confirm=confirm,
            )
        )
        return Response(report, status_code=201 if report.import_id is not None else 200)

    @post(
        "/bgstats",
        summary="Import a BG Stats backup's plays of the games Banquise records, as result-only games "
        "(dry_run=true: the plan; confirm=<plan_id>: store it)",
        security=KEY_REQUIRED,
        status_code=201,
        request_max_body_size=MAX_FILE_BYTES,
        opt={FILE_BODY: "json"},
        responses={201: ResponseSpec(ImportReport, description="The plays added"), **PROBLEMS},
    )
    async def bgstats(
        self,
        request: Request[Any, Any, Any],
        play_importer: NamedDependency[PlayImporter],
        key: NamedDependency[ApiKey | None],
        dry_run: DryRun = False,
        confirm: Confirm = None,
        map: Mapping = None,
        tz: Zone = None,
        tag: Tags = None,
        file: FileName = "bgstats.json",
    ) -> Response[ImportReport]:
        return await self._run("bgstats", request, play_importer, key, dry_run, confirm, map, tz, tag, file)

    @post(
        "/bgg",
        summary="Import BGG plays (XML API 2's plays answer) of the games Banquise records, as result-only games "
        "(dry_run=true: the plan; confirm=<plan_id>: store it)",
        security=KEY_REQUIRED,
        status_code=201,
        request_max_body_size=MAX_FILE_BYTES,
        opt={FILE_BODY: "xml"},
        responses={201: ResponseSpec(ImportReport, description="The plays added"), **PROBLEMS},
    )
    async def bgg(
        self,
        request: Request[Any, Any, Any],
        play_importer: NamedDependency[PlayImporter],
        key: NamedDependency[ApiKey | None],
        dry_run: DryRun = False,
        confirm: Confirm = None,
        map: Mapping = None,
        tz: Zone = None,
        tag: Tags = None,
        file: FileName = "plays.xml",
    ) -> Response[ImportReport]:
        return await self._run("bgg", request, play_importer, key, dry_run, confirm, map, tz, tag, file)
