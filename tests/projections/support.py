"""Helpers for the projection tests: simulated games stored through the real write path."""

from __future__ import annotations

from datetime import UTC, datetime
from functools import partial
from typing import Any
from uuid import uuid4

import msgspec
import psycopg

from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica
from domain.game import decide_and_evolve
from domain.players import handle_key
from service.base import keys
from service.base.database import ConnectionParams
from service.base.keys import ApiKey
from service.base.store import Recorded
from service.base.store.kinds import encode_snapshot
from service.base.store.recorder import GameRow
from service.games.service import GameService

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
    reply = games.importer.import_record(key, body)
    assert reply.body, reply
    out: dict[str, Any] = msgspec.json.decode(reply.body)
    out["position"] = int(reply.position or 0)
    return out


def dump(params: ConnectionParams, tables: list[str]) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables, sorted: two dumps are equal when the tables hold the same rows."""
    out: dict[str, list[tuple[Any, ...]]] = {}
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        for table in tables:
            rows = conn.execute(f"SELECT * FROM {table}").fetchall()
            out[table] = sorted(rows, key=repr)
    return out


def store_legacy_game(games: GameService, key: ApiKey, kind_name: str, seed: int, names: list[str]) -> dict[str, Any]:
    """A simulated game stored as the service stored games before its input limits (seeds beyond 63 bits,
    handles of any length): its events, snapshots and row written through the store, since the service
    now refuses them. Returns its id (text) and the notification id of its last event."""
    kind = games.kinds.get(kind_name)
    rules = kind.rules
    game = SIMULATORS[kind_name](len(names), seed)
    setup = msgspec.structs.replace(game.setup, players=names)
    step = getattr(rules, "decide_and_evolve", None) or partial(decide_and_evolve, rules)
    game_id, now = uuid4(), datetime.now(UTC)
    state = rules.initial_state()
    events: list[Any] = []
    due: list[tuple[int, bytes]] = []
    for event in rules.start(setup):
        state = rules.evolve(state, event)
        events.append(event)
    for move in game.moves:
        produced, _ = step(state, move)
        for event in produced:
            state = rules.evolve(state, event)
            events.append(event)
            if len(events) % games.reader.states.interval == 0:
                due.append((len(events), encode_snapshot(state)))
    records = [
        Recorded(originator_id=game_id, originator_version=i + 1, event=event, recorded_at=now)
        for i, event in enumerate(events)
    ]
    players = list(rules.players(state))
    row = GameRow(
        id=game_id,
        kind=kind.name,
        rules_version=rules.rules_version,
        owner_key=key.id,
        record_id=None,
        record_hash=None,
        players=players,
        handles=[handle_key(p) for p in players],
        status="finished" if rules.is_finished(state) else "live",
        version=len(events),
        moves=len(game.moves),
        created_at=now,
        updated_at=now,
        played_at=None,
    )
    return {"id": str(game_id), "position": games.reader.store.append_new_game(records, row, due)}
