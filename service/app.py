"""The Litestar application factory: settings in, app out; the database is opened in the lifespan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from litestar import Litestar
from litestar.concurrency import sync_to_thread
from litestar.datastructures import State
from litestar.di import Provide
from litestar.openapi import OpenAPIConfig
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme, Tag
from litestar.types import ASGIApp

from service import __version__
from service.database import ConnectionParams
from service.errors import EXCEPTION_HANDLERS
from service.logs import RequestLogMiddleware
from service.routes.health import health
from service.runtime import Runtime
from service.settings import Settings

DESCRIPTION = """\
Banquise records games of the tabletop games **Arctic** and **Arctica** as immutable events,
replays them step by step from any seat, and serves player statistics.

Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code` member.
"""


class BanquiseApp(Litestar):
    """Litestar with the request log outermost, so that every response (404s from routing included)
    carries a request id and is logged once."""

    def _create_asgi_handler(self) -> ASGIApp:
        return RequestLogMiddleware(super()._create_asgi_handler())


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="Banquise",
        version=__version__,
        description=DESCRIPTION,
        path="/schema",
        render_plugins=[SwaggerRenderPlugin(path="/")],
        tags=[Tag(name="service", description="Health and metadata")],
        components=Components(
            security_schemes={
                "apiKey": SecurityScheme(
                    type="http", scheme="bearer", description="An API key made with `banquise keys create`."
                )
            }
        ),
    )


def create_app(
    settings: Settings | None = None,
    *,
    params: ConnectionParams | None = None,
    runtime: Runtime | None = None,
) -> Litestar:
    """Build the app. ``params`` reuses a database already resolved (``banquise serve``); ``runtime``
    reuses an opened store (tests). Without either, the lifespan resolves the database from settings."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        if runtime is not None:
            app.state.runtime = runtime
            yield
            return
        opened = await sync_to_thread(Runtime.open, settings, params)
        app.state.runtime = opened
        try:
            yield
        finally:
            await sync_to_thread(opened.close)

    def provide_runtime(state: State) -> Runtime:
        runtime_: Runtime = state.runtime
        return runtime_

    return BanquiseApp(
        route_handlers=[health],
        dependencies={"runtime": Provide(provide_runtime, sync_to_thread=False)},
        lifespan=[lifespan],
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=openapi_config(),
        request_max_body_size=settings.max_body_bytes,
        # Logging is ours (service.logs): one JSON line per record, configured by the CLI.
        logging_config=None,
        debug=False,
    )
