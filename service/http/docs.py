"""The API docs at ``/schema``, served whole by the app: Swagger UI from the ``swagger-ui-bundle-v2`` wheel.

The UI page Litestar renders loads its scripts from a CDN: blank on an offline laptop. Here the same
page points at the wheel's files, served under ``/schema/assets``. Litestar also answers unknown
``/schema/...`` paths with an HTML page of its own; that handler is swapped for one raising the
ordinary 404, so that the answer is problem+json like every other error.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar import Router, get
from litestar._openapi.plugin import handle_schema_path_not_found
from litestar.exceptions import NotFoundException
from litestar.handlers import HTTPRouteHandler
from litestar.openapi.plugins import SwaggerRenderPlugin
from litestar.params import FromPath
from litestar.static_files import create_static_files_router
from swagger_ui_bundle import swagger_ui_path

SCHEMA_PATH = "/schema"
ASSETS_PATH = f"{SCHEMA_PATH}/assets"
ASSETS = Path(str(swagger_ui_path))
FAVICON = f"<link rel='icon' type='image/png' href='{ASSETS_PATH}/favicon-32x32.png'>"


def swagger_ui() -> SwaggerRenderPlugin:
    return SwaggerRenderPlugin(
        path="/",
        js_url=f"{ASSETS_PATH}/swagger-ui-bundle.js",
        css_url=f"{ASSETS_PATH}/swagger-ui.css",
        standalone_preset_js_url=f"{ASSETS_PATH}/swagger-ui-standalone-preset.js",
        favicon=FAVICON,
    )


def assets_router() -> Router:
    return create_static_files_router(
        ASSETS_PATH, directories=[ASSETS], include_in_schema=False, cache_control=None, name="docs-assets"
    )


def _schema_not_found(path: FromPath[str] = "/") -> None:
    raise NotFoundException(f"no documentation page at {SCHEMA_PATH}/{path.lstrip('/')}")


class SchemaRouter(Router):
    """The router Litestar fills with the docs pages, whose HTML 404 page is replaced by problem+json."""

    def register(self, value: Any) -> Any:
        if isinstance(value, HTTPRouteHandler) and value.fn is handle_schema_path_not_found:
            value = get(sorted(value.paths), sync_to_thread=False, include_in_schema=False)(_schema_not_found)
        return super().register(value)


def schema_router() -> SchemaRouter:
    return SchemaRouter(SCHEMA_PATH, route_handlers=[], include_in_schema=False)
