"""CORS, off unless ``BANQUISE_CORS_ORIGINS`` names origins: a recording app served from another origin
may then call the API, and read the headers a client needs to go on (the version, where the new game
is, the position to read its own writes from)."""

from __future__ import annotations

from litestar.config.cors import CORSConfig

from service.http.headers import LSN_HEADER, POSITION_HEADER, READ_FROM_HEADER

EXPOSED = ["ETag", "Location", POSITION_HEADER, LSN_HEADER, READ_FROM_HEADER, "X-Request-ID", "Retry-After"]
ALLOWED_HEADERS = ["Authorization", "Content-Type", "If-Match", "If-None-Match", "Idempotency-Key", "X-Request-ID"]


def cors_config(origins: tuple[str, ...]) -> CORSConfig | None:
    if not origins:
        return None
    return CORSConfig(
        allow_origins=list(origins),
        allow_methods=["GET", "POST", "OPTIONS"],
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED,
        # Keys travel in the Authorization header, never in cookies.
        allow_credentials=False,
        max_age=600,
    )
