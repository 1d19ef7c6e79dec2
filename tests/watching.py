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

from domain.kinds import game
from domain.registry import SimulatedGame
from tests.e2e.server import free_port


def simulate(kind: str, players: int, seed: int) -> SimulatedGame:
    """A registered kind's simulated game, in its default mode (the first its plug-in lists)."""
    plugin = game(kind)
    assert plugin is not None, f"no game kind {kind!r} is registered"
    return next(iter(plugin.simulations.values()))(players, seed)


def record(kind: str, players: int, seed: int, moves: int | None = None) -> dict[str, Any]:
    simulated = simulate(kind, players, seed)
    chosen = simulated.moves if moves is None else simulated.moves[:moves]
    return {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": msgspec.to_builtins(simulated.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in chosen],
    }


def remaining_moves(kind: str, players: int, seed: int, after: int) -> list[dict[str, Any]]:
    return [msgspec.to_builtins(m) for m in simulate(kind, players, seed).moves[after:]]


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
