"""The Litestar application factory: settings in, app out; the database is opened in the lifespan."""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import msgspec
from litestar import Litestar, Request
from litestar._openapi.plugin import OpenAPIPlugin
from litestar.concurrency import sync_to_thread
from litestar.config.compression import CompressionConfig
from litestar.datastructures import State
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.spec import Components, SecurityScheme, Tag
from litestar.types import ASGIApp

from domain.kinds import registered_games
from service import __version__
from service.base.database import ConnectionParams
from service.base.logs import RequestLogMiddleware
from service.base.refusals import Category, Refusal
from service.base.settings import Settings
from service.base.store.kinds import Registry
from service.base.store.listening import LiveHub
from service.games import limits
from service.games.forks import ForkRequest
from service.http.auth import check_key, key_before_body
from service.http.bodies import check_json, check_media_type
from service.http.cors import cors_config
from service.http.docs import assets_router, schema_router, swagger_ui
from service.http.errors import EXCEPTION_HANDLERS
from service.http.head import HeadAsGet
from service.http.metrics import Metrics, MetricsMiddleware, metrics_endpoint
from service.http.openapi_docs import kind_components, refine
from service.http.openapi_finish import finish
from service.http.read_your_writes import ReplicaHeaders
from service.http.routes.admin import abandon_game, merge_player, rename_player, unvoid_game, void_game
from service.http.routes.analysis import AnalysisController
from service.http.routes.editions import EditionsController, edition_components, edition_documents
from service.http.routes.exports import ExportsController
from service.http.routes.favicon import favicon
from service.http.routes.games import GamesController
from service.http.routes.health import health
from service.http.routes.imports import FILE_BODY, ImportsController
from service.http.routes.keys import KeysController
from service.http.routes.kinds import game_kinds, kind_hand_cards
from service.http.routes.leaderboards import leaderboard
from service.http.routes.pages import page_assets
from service.http.routes.ping import ping
from service.http.routes.players import PlayersController
from service.http.routes.recorder import engine_file, record_page, service_worker, start_page
from service.http.routes.records import records_schema
from service.http.routes.server_key import server_key
from service.http.routes.stats import game_board, game_stats
from service.http.routes.watch import WatchController
from service.http.security import SecurityHeaders
from service.http.streams import StreamSlots
from service.http.usecases import USE_CASES
from service.runtime import WORKER_DATABASE_WAIT, Runtime

DESCRIPTION = """\
Banquise records games of the tabletop games {titles} as immutable events,
replays them step by step from any seat, and serves player statistics.

Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code` member.
Every `GET` also answers `HEAD` (the same status and headers, no body).
"""


class BanquiseApp(Litestar):
    """Litestar with the request log outermost, so that every response (404s from routing included)
    carries a request id and is logged once."""

    def _create_asgi_handler(self) -> ASGIApp:
        inner: ASGIApp = HeadAsGet(super()._create_asgi_handler())
        metrics = self.state.get("metrics")
        if isinstance(metrics, Metrics):
            inner = MetricsMiddleware(inner, metrics)
        return RequestLogMiddleware(inner)

    def add_schemas(self, schemas: dict[str, Any], bodies: dict[str, list[str]]) -> None:
        """Add component schemas generated outside Litestar (the per-kind msgspec schemas).

        Litestar builds ``components.schemas`` from its own registry; the document is built once
        here and cached by the plugin, so the extra schemas are merged into that cached document.
        """
        plugin = self.plugins.get(OpenAPIPlugin)
        document = plugin.provide_openapi()
        document.components.schemas = {**document.components.schemas, **schemas}
        refine(document, bodies)
        # The JSON the plugin serves (and caches there), as generators need it (service/http/openapi_finish.py).
        plugin._openapi_schema = finish(document.to_schema(), bodies)

    def use_document(self, document: dict[str, Any]) -> None:
        """Serve ``document``, made by ``add_schemas`` for another app of the same routes and kinds."""
        self.plugins.get(OpenAPIPlugin)._openapi_schema = document

    def openapi_document(self) -> dict[str, Any]:
        """The OpenAPI document as served at /schema/openapi.json."""
        return self.plugins.get(OpenAPIPlugin).provide_openapi_schema()


class InvalidCharacters(Refusal):
    """NUL characters in a path or a query string (PostgreSQL text cannot hold them)."""

    category = Category.INVALID
    code = "invalid_characters"

    def __init__(self) -> None:
        super().__init__("NUL characters are not allowed in URLs")


async def refuse_nul(request: Request[Any, Any, Any]) -> None:
    """Refuse up front what no handler can take, with one answer on every route: NUL in paths and query
    strings (PostgreSQL text cannot hold it); a key that is sent and not a live one (``check_key``); then,
    for a body, a missing key where one is needed (before the body), a body that is not sent as JSON,
    JSON bodies nested deeper than any request needs (decoders recurse on nesting), malformed or naming a
    member twice (``service.http.bodies``)."""
    scope = request.scope
    raw = bytes(scope.get("query_string", b"")) + bytes(scope.get("raw_path") or b"")
    # The decoded path as the URL's path holds it (without building the URL at every request).
    path = scope.get("root_path", "") + scope["path"]
    if b"%00" in raw or b"\x00" in raw or "\x00" in path:
        raise InvalidCharacters()
    runtime: Runtime | None = getattr(request.app.state, "runtime", None)
    if runtime is not None:
        await check_key(request, runtime)
    if request.method in ("POST", "PUT", "PATCH"):
        if runtime is not None:
            key_before_body(request)
        # The body is read once: Litestar keeps it for the handler.
        body = await request.body()
        # A file another app wrote (an import's): its route reads it whatever it is labelled, and names
        # what is wrong with it (routes/imports.py).
        file_body = request.route_handler.opt.get(FILE_BODY)
        if body and not file_body:
            check_media_type(request.headers.get("content-type"))
        if file_body != "xml":
            limits.check_nesting(body)
        if body and not file_body:
            check_json(body)


def _titles() -> str:
    """The registered kinds' titles as a sentence says them: ``**A**, **B** and **C**``."""
    titles = [f"**{plugin.title}**" for plugin in registered_games()]
    return " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)


def openapi_config(registry: Registry) -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Banquise",
        version=__version__,
        description=DESCRIPTION.format(titles=_titles()),
        path="/schema",
        render_plugins=[swagger_ui()],
        openapi_router=schema_router(),
        tags=[
            Tag(name="service", description="Health and metadata"),
            Tag(name="games", description="Record, import, export and replay games"),
            Tag(name="watch", description="Viewer page, live stream, navigation by move and turn, forks"),
            Tag(name="players", description="Player statistics, ratings, head-to-head and leaderboards"),
            Tag(
                name="editions",
                description="Editions: the board and card data a game is recorded on, for the kinds that have them",
            ),
        ],
        components=Components(
            security_schemes={
                "apiKey": SecurityScheme(
                    type="http",
                    scheme="bearer",
                    description="An API key: made with `POST /admin/keys` (an admin key) or `banquise keys create`.",
                )
            },
        ),
    )


@asynccontextmanager
async def projections_worker(settings: Settings, runtime: Runtime, wait: float = 0.0) -> AsyncIterator[None]:
    """Create the read-model tables (waiting out an outage for ``wait`` seconds); with ``run_projections``,
    run the projection worker in a thread."""
    await sync_to_thread(lambda: runtime.ensure_read_models(wait))
    if not settings.run_projections:
        yield
        return
    from projections.worker import Worker

    worker = Worker(runtime.store, runtime.games.registry)
    worker.start()
    try:
        yield
    finally:
        await sync_to_thread(worker.stop)


@asynccontextmanager
async def live_streams(app: Litestar, settings: Settings, runtime: Runtime) -> AsyncIterator[None]:
    """The process's live-stream listener (started by the first stream) and its stream slots; the pool
    of the reads made on this loop (``LoopReads``) too."""
    hub = LiveHub(
        runtime.params,
        schema=runtime.store.schema,
        channel=runtime.store.channel_name,
        timeouts=settings.db_timeouts,
        recheck=settings.live_recheck,
    )
    app.state.live = hub
    app.state.stream_slots = StreamSlots(settings.max_streams, settings.max_streams_per_client)
    await runtime.store.loop_reads.open()
    try:
        yield
    finally:
        await hub.close()
        await runtime.store.loop_reads.close()  # the reads' pool of this app's loop


def routes() -> list[Any]:
    """Every route of the app, in the order the document lists them (made anew for each app)."""
    return [
        health,
        ping,
        records_schema,
        server_key,
        game_kinds,
        kind_hand_cards,
        favicon,
        GamesController,
        AnalysisController,  # a game's analysis (#37)
        # Games taken elsewhere: BG Stats, BoardGameGeek, NDJSON records.
        ExportsController,
        ImportsController,
        # Projections (read models): players, leaderboards, game statistics; admin voiding.
        PlayersController,
        leaderboard,
        game_stats,
        game_board,
        void_game,
        unvoid_game,
        rename_player,
        merge_player,
        abandon_game,
        KeysController,
        EditionsController,
        metrics_endpoint,
        assets_router(),
        # Watching: viewer page and assets, live stream, navigation by move and turn, forks.
        WatchController,
        # Recording at the table: the recorder's pages, assets and service worker.
        start_page,
        record_page,
        service_worker,
        page_assets,  # the pages' assets, the viewer's and the recorder's: service/http/pages
        engine_file,
    ]


# The documents made in this process, by the kinds they describe (held, so that no key is reused): the
# same routes and kinds make the same document, and making one takes about half a second, which a
# process making several apps (the tests make one per module) paid each time.
_DOCUMENTS: dict[tuple[int, ...], tuple[list[Any], dict[str, Any]]] = {}


def document(app: BanquiseApp, registry: Registry) -> None:
    """The app's OpenAPI document: Litestar's, with each kind's schemas, the editions' and the fork's body."""
    described: list[Any] = [*(kind.rules for kind in registry), *registered_games()]
    key = tuple(id(item) for item in described)
    if key in _DOCUMENTS:
        app.use_document(copy.deepcopy(_DOCUMENTS[key][1]))
        return
    bodies, kinds = kind_components(registry)
    # The fork's body is read as bytes (key first, strict types, hashed for its Idempotency-Key).
    fork_body = msgspec.json.schema_components([ForkRequest], ref_template="#/components/schemas/{name}")[1]
    app.add_schemas(
        {**edition_components(), **kinds, **fork_body},
        {**bodies, "fork": ["ForkRequest"], "edition": edition_documents()},
    )
    _DOCUMENTS[key] = (described, copy.deepcopy(app.openapi_document()))


def create_app(
    settings: Settings | None = None,
    *,
    params: ConnectionParams | None = None,
    runtime: Runtime | None = None,
    wait_for_database: bool = False,
) -> BanquiseApp:
    """Build the app. ``params`` reuses a database already resolved (``banquise serve``); ``runtime``
    reuses an opened store (tests). Without either, the lifespan resolves the database from settings.
    ``wait_for_database``: the start-up waits out a database outage (a worker of ``serve --workers``)."""
    settings = settings or Settings.from_env()
    registry = runtime.games.registry if runtime is not None else Registry.default()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        if runtime is not None:
            app.state.runtime = runtime
            async with projections_worker(settings, runtime), live_streams(app, settings, runtime):
                yield
            return
        opened = await sync_to_thread(
            lambda: Runtime.open(settings, params, read_replica=True, wait_for_database=wait_for_database)
        )
        app.state.runtime = opened
        try:
            async with (
                projections_worker(settings, opened, WORKER_DATABASE_WAIT if wait_for_database else 0.0),
                live_streams(app, settings, opened),
            ):
                yield
        finally:
            await sync_to_thread(opened.close)

    def provide_runtime(state: State) -> Runtime:
        runtime_: Runtime = state.runtime
        return runtime_

    metrics = Metrics()
    app = BanquiseApp(
        route_handlers=routes(),
        state=State({"metrics": metrics}),
        cors_config=cors_config(settings.cors_origins),
        # Timelines, records and event logs are repetitive JSON: gzip pays off above ~1 kB.
        compression_config=CompressionConfig(backend="gzip", minimum_size=1024, gzip_compress_level=6),
        dependencies={"runtime": Provide(provide_runtime, sync_to_thread=False), **USE_CASES},
        lifespan=[lifespan],
        exception_handlers=EXCEPTION_HANDLERS,
        before_request=refuse_nul,
        # Security headers on every answer; the replica's only with a replica (without one, nothing new).
        middleware=[SecurityHeaders, *([ReplicaHeaders] if settings.database_read_url else [])],
        openapi_config=openapi_config(registry),
        request_max_body_size=settings.max_body_bytes,
        # Logging is ours (service.base.logs): one JSON line per record, configured by the CLI.
        logging_config=None,
        debug=False,
    )
    document(app, registry)
    metrics.watch(lambda: getattr(app.state, "runtime", None))
    return app
