"""A move in flight while its game is abandoned or voided: either it is stored before the decision, or it
is refused and nothing is stored. Never a move after the abandon or void, never a game brought back to
life by a late move (``service.base.store.closing``: every write to a game updates its row, conditionally,
in its own transaction, so the row's lock orders them)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest

from domain.arctic.simulator import simulate
from service.base.keys import ApiKey
from service.base.refusals import Refusal
from service.base.store.admin import admin_stream
from service.runtime import Runtime
from tests.helpers import appended
from tests.projections.support import make_key


def new_game(runtime: Runtime, key: ApiKey, seed: int) -> tuple[UUID, list[bytes]]:
    game = simulate(2, seed)
    body = msgspec.json.encode({"kind": "arctic", "setup": game.setup})
    created = msgspec.json.decode(runtime.games.writer.create(key, body).body)
    return UUID(created["id"]), [msgspec.json.encode({"move": m}) for m in game.moves]


def waiting_for_locks(runtime: Runtime, n: int) -> None:
    """Until ``n`` sessions wait for a lock (bounded: a session that never waits fails the test)."""
    deadline = time.monotonic() + 30
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        while time.monotonic() < deadline:
            row = conn.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()"
            ).fetchone()
            if row is not None and row[0] >= n:
                return
            time.sleep(0.01)
    raise AssertionError(f"{n} sessions never waited for a lock")


def outcome(call: Callable[[], Any]) -> Any:
    try:
        return call()
    except Refusal as refusal:
        return refusal


@pytest.mark.parametrize("decision", ["abandon", "void"])
def test_a_move_that_read_the_game_open_is_refused_once_the_decision_committed(runtime: Runtime, decision: str) -> None:
    # given a live game with moves, whose row a third session holds locked for a moment
    owner, _ = make_key(runtime.params, "race owner")
    admin, _ = make_key(runtime.params, "race admin", admin=True)
    game_id, moves = new_game(runtime, owner, 1401 if decision == "abandon" else 1402)
    for body in moves[:3]:
        appended(runtime.games.writer, owner, game_id, body, None)
    decide: dict[str, Callable[[], Any]] = {
        "abandon": lambda: runtime.games.lifecycle.abandon(owner, game_id, "the table closed"),
        "void": lambda: runtime.games.lifecycle.void(admin, game_id, "duplicate"),
    }
    results: dict[str, Any] = {}
    with psycopg.connect(runtime.params.conninfo()) as holder:
        holder.execute("SELECT 1 FROM games WHERE id = %s FOR UPDATE", (game_id,))
        # when the decision is made first, then a move checks the game (still open) and writes
        first = threading.Thread(target=lambda: results.update(decision=outcome(decide[decision])))
        first.start()
        waiting_for_locks(runtime, 1)
        second = threading.Thread(
            target=lambda: results.update(
                move=outcome(lambda: appended(runtime.games.writer, owner, game_id, moves[3], None))
            )
        )
        second.start()
        waiting_for_locks(runtime, 2)
        holder.rollback()
    first.join(30)
    second.join(30)
    # then the decision stands and the move is refused with the game's state; nothing was stored
    assert not isinstance(results["decision"], Refusal), results
    refused = results["move"]
    assert (
        isinstance(refused, Refusal) and refused.code == {"abandon": "game_abandoned", "void": "game_voided"}[decision]
    )
    row = runtime.games.rows.row(game_id)
    assert row.moves == 3 and row.version == runtime.store.version(game_id)
    assert row.status == ("abandoned" if decision == "abandon" else "live") and row.voided == (decision == "void")


def test_concurrent_moves_and_abandons_store_no_move_after_the_abandon(runtime: Runtime) -> None:
    owner, _ = make_key(runtime.params, "race recorder")
    games = [new_game(runtime, owner, 1410 + i) for i in range(6)]

    def record(game_id: UUID, moves: list[bytes]) -> int:
        """Append the game's moves until one is refused; how many were stored."""
        stored = 0
        for body in moves:
            try:
                appended(runtime.games.writer, owner, game_id, body, None)
            except Refusal as refusal:
                assert refusal.code in ("game_abandoned", "version_conflict"), refusal.code
                if refusal.code == "game_abandoned":
                    break
                continue
            stored += 1
        return stored

    def abandon(game_id: UUID, after: int) -> Any:
        while runtime.games.rows.row(game_id).moves < after:
            time.sleep(0.001)
        return outcome(lambda: runtime.games.lifecycle.abandon(owner, game_id, "closing time"))

    with ThreadPoolExecutor(max_workers=len(games) * 2) as pool:
        recorders = [pool.submit(record, g, m) for g, m in games]
        deciders = [pool.submit(abandon, g, 2 + i) for i, (g, _) in enumerate(games)]
        [r.result(120) for r in recorders]
        decisions = [d.result(120) for d in deciders]
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        for (game_id, moves), decision in zip(games, decisions, strict=True):
            last_move = conn.execute(
                "SELECT max(notification_id), max(originator_version) FROM banquise_events WHERE originator_id = %s",
                (game_id,),
            ).fetchone()
            row = conn.execute("SELECT status, version FROM games WHERE id = %s", (game_id,)).fetchone()
            assert last_move is not None and row is not None
            if isinstance(decision, Refusal):  # the game was over before its abandon
                assert decision.code == "game_finished" and row[0] == "finished"
                continue
            abandoned = conn.execute(
                "SELECT notification_id FROM banquise_events WHERE originator_id = %s", (admin_stream(game_id),)
            ).fetchone()
            assert abandoned is not None
            assert last_move[0] < abandoned[0], f"a move of {game_id} was stored after its abandon"
            assert row == ("abandoned", last_move[1]), row
            assert len(moves) > 0
