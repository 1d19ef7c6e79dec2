"""The recorder's pages: the shell (``/recorder`` starts a game, ``/games/{id}/recorder`` records
it), its assets and its service worker. Everything else the page does goes through the public API."""

from __future__ import annotations

from typing import Annotated
from uuid import UUID

from litestar import Response, get
from litestar.enums import MediaType
from litestar.exceptions import NotFoundException
from litestar.params import FromPath, HeaderParameter

from service.http import recorder
from service.http.recorder import engine

# The shell is the same for every game; served fresh so that a new version reaches an online device.
_NO_STORE = {"cache-control": "no-cache"}


@get("/recorder", summary="The recorder: start a game at the table (HTML; works offline)", media_type=MediaType.HTML)
async def start_page() -> Response[str]:
    return Response(recorder.shell(), media_type="text/html; charset=utf-8", headers=_NO_STORE)


@get(
    "/games/{game_id:uuid}/recorder",
    summary="The recorder of a game: its board, what the table can do now, the timeline (HTML; works offline)",
    media_type=MediaType.HTML,
    tags=["watch"],
)
async def record_page(game_id: FromPath[UUID]) -> Response[str]:
    return Response(recorder.shell(), media_type="text/html; charset=utf-8", headers=_NO_STORE)


@get("/recorder/sw.js", include_in_schema=False, media_type="text/javascript")
async def service_worker() -> Response[str]:
    # Served under /recorder/ but in charge of /games/{id}/recorder too: the header widens its scope.
    return Response(
        recorder.service_worker(),
        media_type="text/javascript; charset=utf-8",
        headers={**_NO_STORE, "service-worker-allowed": "/"},
    )


@get("/recorder/engine/{name:str}", include_in_schema=False)
async def engine_file(
    name: FromPath[str],
    if_none_match: Annotated[str | None, HeaderParameter(name="If-None-Match", required=False)] = None,
) -> Response[bytes]:
    """The rules for the page's own use offline (service/http/recorder/engine.py); 404 when not installed.

    Megabytes a phone would otherwise fetch again at every page it opens: each answer carries its
    content's ETag, and a copy the browser already holds is confirmed with an empty 304."""
    found = engine.served(name)
    if found is None:
        raise NotFoundException(f"the recorder's engine has no {name!r} here (make recorder-engine)")
    body, media = found
    tag = engine.etag(body)
    headers = {"cache-control": "no-cache", "etag": tag}
    if if_none_match is not None and tag in (t.strip() for t in if_none_match.split(",")):
        return Response(b"", status_code=304, headers=headers)
    return Response(body, media_type=media, headers=headers)
