"""Helpers for the projection tests: simulated games stored through the real write path."""

from __future__ import annotations

from typing import Any

import msgspec
import psycopg

from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica
from service import keys
from service.database import ConnectionParams
from service.games.service import GameService
from service.keys import ApiKey

SIMULATORS = {"arctic": simulate_arctic, "arctica": simulate_arctica}


def record(
    kind: str,
    players: int,
    seed: int,
    names: list[str] | None = None,
    moves: int | None = None,
    public: bool = False,
) -> bytes:
    """A simulated game as an import record; ``public``: an Arctic game in public-information mode."""
    game = simulate_arctic(players, seed, mode="public") if public else SIMULATORS[kind](players, seed)
    setup = msgspec.to_builtins(game.setup)
    if names is not None:
        setup["players"] = names[:players]
    chosen = game.moves if moves is None else game.moves[:moves]
    body: dict[str, Any] = {
        "format": "banquise-record",
        "version": 1,
        "kind": kind,
        "setup": setup,
        "moves": [{"move": msgspec.to_builtins(m)} for m in chosen],
    }
    return msgspec.json.encode(body)


def make_key(params: ConnectionParams, name: str = "projection tests", admin: bool = False) -> tuple[ApiKey, str]:
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        made = keys.create(conn, name, admin=admin)
    return made.key, made.token


def store_game(games: GameService, key: ApiKey, body: bytes) -> dict[str, Any]:
    reply = games.import_record(key, body)
    assert reply.status in (200, 201), reply.body
    out: dict[str, Any] = msgspec.json.decode(reply.body)
    out["position"] = int(reply.headers["x-banquise-position"])
    return out


def dump(params: ConnectionParams, tables: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables, sorted: two dumps are equal when the tables hold the same rows."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        for table in tables:
            rows = conn.execute(f"SELECT * FROM {table}").fetchall()
            out[table] = sorted(rows, key=repr)
    return out
