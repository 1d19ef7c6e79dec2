"""``/static``: the page layer's assets, served from one place (``service.http.pages``): the viewer's and
the recorder's modules, the boards, the shared modules, the stylesheets and the icon."""

from __future__ import annotations

from litestar.static_files import create_static_files_router

from service.http import pages

page_assets = create_static_files_router(
    path=pages.STATIC_PATH, directories=[pages.STATIC_DIR], include_in_schema=False, name="page_assets"
)
