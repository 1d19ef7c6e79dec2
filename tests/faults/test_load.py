"""A short PostgreSQL stop/start under a small write load: every acknowledged write is stored once."""

from __future__ import annotations

import threading
import time
from uuid import UUID, uuid4

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.database import ConnectionParams
from tests.faults.server import TcpPostgres

# Budgets of a second or two (tests/faults/conftest.py): measured on a machine running nothing else.
pytestmark = pytest.mark.alone

Client = TestClient  # type: ignore[type-arg]


def _writer(
    client: Client, token: str, seed: int, moves_wanted: int, acked: dict[str, int], stop: threading.Event, run: str
) -> None:
    """Create a game (retrying with one key), then append moves, each retried with its own key until
    acknowledged: the client a recorder's phone is."""
    game = simulate(2, seed)
    headers = {"Authorization": f"Bearer {token}"}
    body = {"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}
    while not stop.is_set():
        response = client.post("/games", json=body, headers={**headers, "Idempotency-Key": f"{run}-create-{seed}"})
        if response.status_code == 201:
            break
        assert response.status_code == 503, response.text
        time.sleep(0.1)
    game_id, version = response.json()["id"], response.json()["version"]
    acked[game_id] = 0
    for i, m in enumerate(game.moves[:moves_wanted]):
        while not stop.is_set():
            response = client.post(
                f"/games/{game_id}/moves",
                json={"move": msgspec.to_builtins(m)},
                headers={**headers, "Idempotency-Key": f"{run}-{seed}-{i}", "If-Match": f'"{version}"'},
            )
            if response.status_code == 201:
                version = response.json()["version"]
                acked[game_id] = i + 1
                break
            assert response.status_code == 503, response.text  # never a 500, a 409 or a 422
            time.sleep(0.1)


def _run(app_client: Client, tokens: dict[str, str], pg: TcpPostgres, direct: ConnectionParams, down: float) -> float:
    run = uuid4().hex[:8]
    acked: dict[str, int] = {}
    stop = threading.Event()
    threads = [
        threading.Thread(target=_writer, args=(app_client, tokens["owner"], 100 + i, 12, acked, stop, run))
        for i in range(3)
    ]
    for t in threads:
        t.start()
    time.sleep(0.3)
    pg.stop("fast")
    time.sleep(down)
    pg.start()
    restarted = time.monotonic()
    recovered: float | None = None
    while recovered is None and time.monotonic() - restarted < 20:
        if app_client.get("/health").status_code == 200:
            recovered = time.monotonic() - restarted
        time.sleep(0.05)
    for t in threads:
        t.join(30)
    stop.set()
    assert recovered is not None, "the service never recovered"
    assert len(acked) == 3 and all(n == 12 for n in acked.values()), acked
    with psycopg.connect(direct.conninfo(), autocommit=True) as conn:
        for game_id, moves in acked.items():
            row = conn.execute(
                "SELECT count(*), count(DISTINCT originator_version), max(originator_version) FROM banquise_events "
                "WHERE originator_id = %s",
                (UUID(game_id),),
            ).fetchone()
            stored_moves = conn.execute("SELECT moves FROM games WHERE id = %s", (UUID(game_id),)).fetchone()
            assert row is not None and row[0] == row[1] == row[2]  # no gap, no copy
            assert stored_moves == (moves,)  # every acknowledged move, once
    return recovered


def test_every_acknowledged_write_survives_a_restart_once(
    app_client: Client, tokens: dict[str, str], pg: TcpPostgres, direct: ConnectionParams
) -> None:
    recovered = _run(app_client, tokens, pg, direct, down=1.0)
    print(f"recovered {recovered:.2f} s after PostgreSQL started again")
    assert recovered < 5.0


@pytest.mark.soak
def test_every_acknowledged_write_survives_repeated_restarts(
    app_client: Client, tokens: dict[str, str], pg: TcpPostgres, direct: ConnectionParams
) -> None:
    for _ in range(5):
        assert _run(app_client, tokens, pg, direct, down=3.0) < 5.0
