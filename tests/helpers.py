"""Helpers the tests share that are not fixtures (those are in ``conftest.py``)."""

from __future__ import annotations

import asyncio
from http.cookiejar import CookieJar, DefaultCookiePolicy
from typing import Any

import httpx
from litestar.testing import TestClient

from projections import standard
from service.games.base import Reply
from service.games.writing import GameWriter
from service.runtime import Runtime

# One client for the tests' plain HTTP calls to served apps and processes. A new httpx client loads certifi's
# certificates (about 50 ms of CPU), which the calls in a loop (a move's taps, a health poll) paid each time
# and which came to most of a browser test's CPU. It keeps no cookies: every call stands alone, as before.
web = httpx.Client(timeout=30, cookies=CookieJar(DefaultCookiePolicy(allowed_domains=[])))


def auth(token: str, version: int | None = None, **headers: str) -> dict[str, str]:
    """A request's headers with ``token``: ``version``, when given, as the ``If-Match`` a write checks;
    ``headers``, any more."""
    out = {"Authorization": f"Bearer {token}", **headers}
    if version is not None:
        out["If-Match"] = f'"{version}"'
    return out


def project(runtime: Runtime) -> None:
    """Runs the projections up to the end of the event log, once."""
    runner = standard.runner(runtime.store, runtime.games.registry)
    try:
        runner.run()
    finally:
        runner.close()


def import_game(client: TestClient[Any], token: str, body: bytes) -> dict[str, Any]:
    """Imports a record (JSON bytes) with ``token``: the game's summary, with the log ``position`` its
    import reached."""
    response = client.post("/games/import", content=body, headers={**auth(token), "content-type": "application/json"})
    assert response.status_code == 201, response.text
    out: dict[str, Any] = response.json()
    out["position"] = int(response.headers["x-banquise-position"])
    return out


def appended(writer: GameWriter, *args: Any, **kwargs: Any) -> Reply:
    """``GameWriter.append`` (the one way a move goes: a coroutine) called from a test's thread, on an event
    loop of its own."""
    return asyncio.run(writer.append(*args, **kwargs))
