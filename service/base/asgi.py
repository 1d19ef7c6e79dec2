"""The start every ASGI middleware of the service shares: it acts on HTTP requests and hands every other
scope (lifespan, websocket) on untouched."""

from __future__ import annotations

from litestar.types import ASGIApp, Receive, Scope, Send


class HttpMiddleware:
    """An ASGI middleware around ``app``: :meth:`handle` runs for the scopes :meth:`applies` to (HTTP
    requests), the rest go straight to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    def applies(self, scope: Scope) -> bool:
        return scope["type"] == "http"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.applies(scope):
            await self.handle(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError
