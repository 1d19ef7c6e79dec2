"""Security headers on every answer: pages (the viewer, the API docs), their assets and the API's own.

The viewer's pages hold no inline script or style and load nothing from elsewhere, so ``default-src
'self'`` fits them; no page may be framed (``frame-ancestors 'none'``), no answer is sniffed as another
type, and no page tells the sites it links to where the reader came from. The Swagger UI page at
``/schema`` starts its bundle with an inline script and styles itself inline (and draws its icons as
``data:`` images): it alone gets a policy that allows those. The recorder's pages compile WebAssembly
(the rules in the browser): they get ``'wasm-unsafe-eval'``, and so do the recorder's modules
(``/static/recorder/``: a worker's policy is its own script's).
"""

from __future__ import annotations

from litestar.types import Message, Receive, Scope, Send

from service.base.asgi import HttpMiddleware
from service.http import pages
from service.http.docs import SCHEMA_PATH

PAGE_POLICY = "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
SCHEMA_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
)
# The recorder runs the project's own rules in the browser (Pyodide: WebAssembly, compiled by the page's
# worker), which ``default-src 'self'`` forbids; it allows that and nothing else more.
RECORDER_POLICY = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'; base-uri 'none'; "
    "form-action 'self'"
)
_COMMON = [(b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
_PAGE = [(b"content-security-policy", PAGE_POLICY.encode()), *_COMMON]
_SCHEMA = [(b"content-security-policy", SCHEMA_POLICY.encode()), *_COMMON]
_RECORDER = [(b"content-security-policy", RECORDER_POLICY.encode()), *_COMMON]
_RECORDER_MODULES = f"{pages.STATIC_PATH}/recorder/"


def _headers(path: str) -> list[tuple[bytes, bytes]]:
    if path == SCHEMA_PATH or path.startswith(SCHEMA_PATH + "/"):
        return _SCHEMA
    if path == "/recorder" or path.startswith(("/recorder/", _RECORDER_MODULES)) or path.endswith("/recorder"):
        return _RECORDER
    return _PAGE


class SecurityHeaders(HttpMiddleware):
    """ASGI middleware: the headers above on every HTTP answer (problem documents and static files too)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        extra = _headers(scope["path"])

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", ()), *extra]
            await send(message)

        await self.app(scope, receive, send_with_headers)
