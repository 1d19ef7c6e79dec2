"""Helpers for the watching tests: simulated games through the API, and the app served for real
(uvicorn in a thread on a free loopback port) where a stream or a browser needs a socket."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import msgspec
import uvicorn
from litestar import Litestar

from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica
from tests.e2e.server import free_port

SIMULATORS = {"arctic": simulate_arctic, "arctica": simulate_arctica}


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def record(kind: str, players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    game = SIMULATORS[kind](players, seed)
    chosen = game.moves if moves is None else game.moves[:moves]
    return {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": msgspec.to_builtins(game.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in chosen],
    }


def remaining_moves(kind: str, players: int, seed: int, after: int) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(m) for m in SIMULATORS[kind](players, seed).moves[after:]]


@contextmanager
def served(app: Litestar) -> Iterator[str]:
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise AssertionError("the app did not start")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)
