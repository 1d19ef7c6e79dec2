"""The recorder's pages: the shell (``/recorder`` starts a game, ``/games/{id}/recorder`` records
it), its assets and its service worker. Everything else the page does goes through the public API."""

from __future__ import annotations

from uuid import UUID

from litestar import Response, get
from litestar.enums import MediaType
from litestar.exceptions import NotFoundException
from litestar.params import FromPath
from litestar.static_files import create_static_files_router

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


recorder_assets = create_static_files_router(
    path=recorder.STATIC_PATH,
    directories=[recorder.STATIC_DIR],
    include_in_schema=False,
    name="recorder_assets",
    cache_control=None,
)


@get("/recorder/engine/{name:str}", include_in_schema=False)
async def engine_file(name: FromPath[str]) -> Response[bytes]:
    """The rules for the page's own use offline (service/http/recorder/engine.py); 404 when not installed."""
    wheel = engine.msgspec_wheel()
    if name == "banquise.zip":
        body, media = engine.package(), "application/zip"
    elif name == "engine.json":
        if not engine.available() or wheel is None:
            raise NotFoundException("the recorder's engine is not installed here (make recorder-engine)")
        body, media = f'{{"wheel":"{wheel.name}"}}'.encode(), "application/json"
    else:
        path = wheel if wheel is not None and name == wheel.name else engine.pyodide_file(name)
        if path is None:
            raise NotFoundException(f"the recorder's engine has no {name!r} here (make recorder-engine)")
        body, media = path.read_bytes(), engine.MEDIA.get(path.suffix, "application/octet-stream")
    return Response(body, media_type=media, headers={"cache-control": "no-cache"})
