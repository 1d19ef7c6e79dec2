"""The start every ASGI middleware of the service shares: it acts on HTTP requests and hands every other
scope (lifespan, websocket) on untouched."""

from __future__ import annotations

from collections.abc import Callable

from litestar.types import ASGIApp, Message, Receive, Scope, Send


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


class Answer:
    """``send`` watched: the status of the answer once it starts (500 until then: a request that fails
    before answering), and ``on_start`` called with the start message before it goes (to add headers)."""

    def __init__(self, send: Send, on_start: Callable[[Message], None] | None = None) -> None:
        self.status = 500
        self._send = send
        self._on_start = on_start

    async def send(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = message["status"]
            if self._on_start is not None:
                self._on_start(message)
        await self._send(message)
