"""``/favicon.ico``: the icon a browser asks for on every page it shows (the viewer's own drawing, the one
its pages and the recorder's name in ``<link rel="icon">``): a page's console shows no 404 for it."""

from __future__ import annotations

from functools import cache

from litestar import Response, get

from service.http.pages import STATIC_DIR


@cache
def _icon() -> bytes:
    return (STATIC_DIR / "favicon.svg").read_bytes()


@get("/favicon.ico", include_in_schema=False, sync_to_thread=False)
def favicon() -> Response[bytes]:
    # An SVG under the old name: browsers read the type, not the name.
    return Response(_icon(), media_type="image/svg+xml", headers={"cache-control": "public, max-age=86400"})
