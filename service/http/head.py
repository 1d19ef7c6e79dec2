"""``HEAD`` wherever ``GET`` is (RFC 9110 §9.3.2): uptime monitors and caches ask with it.

The request is answered as the ``GET`` it stands for, with the same status and headers
(``content-length`` included), and without the body. A stream (the live SSE feed) is ended as soon as
its headers are sent: the handler sees the client gone, as when a viewer closes its page.
"""

from __future__ import annotations

from typing import Any

from litestar.types import Message, Receive, Scope, Send

from service.base.asgi import HttpMiddleware


class HeadAsGet(HttpMiddleware):
    def applies(self, scope: Scope) -> bool:
        return super().applies(scope) and scope.get("method") == "HEAD"

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = False
        ended = False

        async def receive_until_started() -> Any:
            if started:
                return {"type": "http.disconnect"}
            return await receive()

        async def send_headers(message: Message) -> None:
            nonlocal started, ended
            if message["type"] == "http.response.start":
                started = True
                await send(message)
            elif message["type"] == "http.response.body" and not ended:
                ended = True
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        # A copy, so that the request log and the metrics outside still see the HEAD; what routing adds to
        # it (the route template the metrics label by) is handed back.
        inner = dict(scope)
        inner["method"] = "GET"
        try:
            await self.app(inner, receive_until_started, send_headers)  # type: ignore[arg-type]
        finally:
            for name, value in inner.items():
                if name != "method":
                    scope[name] = value  # type: ignore[literal-required]
