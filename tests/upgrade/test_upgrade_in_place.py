"""An existing database from before issue 47 upgrades in place, with no rebuild.

``before_47.sql`` is a database as the code before the change left it (``make_fixture.py``, run on commit
6db6ab7): games of both kinds, an undo, a void, a fork; the projections stopped at notification 296 of
339, the events written under the table lock, positions as notification ids. Started by the new code,
its migrations give each stored event transaction id 0 (their notification-id order: their commit order
then) and each position ``P`` the place ``(0, P)``; the projections go on from where they were and end
equal to a rebuild; the games take moves, their chains and heads hold; a live stream resumes where its
client was; read-your-writes works on the old positions and the new ones.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from projections import schema, standard
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog, chain
from service.base.store.following import LogPosition, TransactionIdsBehind
from service.http.app import create_app
from service.runtime import Runtime
from tests import postgres
from tests.projections.support import dump
from tests.watching import remaining_moves, served

HERE = Path(__file__).parent
EXPECTED: dict[str, Any] = json.loads((HERE / "before_47.json").read_text())
READ_MODEL_TABLES = [t for name in schema.NAMES for t in schema.TABLES[name]]


def restore(params: ConnectionParams) -> None:
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        conn.execute((HERE / "before_47.sql").read_text().encode())


@pytest.fixture(scope="module")
def old(pg_admin: ConnectionParams) -> Iterator[ConnectionParams]:
    """The database as the code before the change left it (nothing of the new code has run on it)."""
    with postgres.fresh_database(pg_admin, "before_47") as params:
        restore(params)
        yield params


@pytest.fixture(scope="module")
def upgraded(old: ConnectionParams) -> Iterator[tuple[ConnectionParams, dict[str, Any]]]:
    """What the old database held just before the new code started, and the new code started on it."""
    with psycopg.connect(old.conninfo(), autocommit=True) as conn:
        before = {
            "columns": [
                r[0]
                for r in conn.execute(
                    "SELECT column_name FROM information_schema.columns WHERE table_name = 'banquise_events'"
                )
            ],
            "positions": dict(conn.execute("SELECT name, position FROM projection_positions").fetchall()),
        }
    yield old, before


@pytest.fixture(scope="module")
def runtime(upgraded: tuple[ConnectionParams, dict[str, Any]]) -> Iterator[Runtime]:
    params, _ = upgraded
    store = GameLog(params, pool_size=4)
    runtime = Runtime(settings=Settings(run_projections=False), params=params, store=store, server_version="test")
    runtime.read_models.position()  # the read models' migrations, as a process runs them at its first read
    yield runtime
    runtime.close()
    store.close()


@pytest.fixture(scope="module")
def app(runtime: Runtime) -> Litestar:
    return create_app(Settings(run_projections=False), runtime=runtime)


@pytest.fixture(scope="module")
def client(app: Litestar) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with TestClient(app) as c:
        yield c


def owner() -> dict[str, str]:
    return {"authorization": f"Bearer {EXPECTED['owner']}"}


def game(name: str) -> dict[str, Any]:
    return dict(EXPECTED["games"][name])


def test_the_old_database_is_what_the_code_before_left(upgraded: tuple[ConnectionParams, dict[str, Any]]) -> None:
    _, before = upgraded
    assert "xid" not in before["columns"]
    assert before["positions"] == EXPECTED["positions"] == {"boards": 296, "stats": 296}


def test_stored_events_and_positions_are_upgraded_in_place(runtime: Runtime) -> None:
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        [(events, zeros)] = conn.execute("SELECT count(*), count(*) FILTER (WHERE xid = '0') FROM banquise_events")
        applied = conn.execute("SELECT name, xid::text, position FROM projection_positions ORDER BY name").fetchall()
    assert events >= EXPECTED["events"] and zeros == EXPECTED["events"]
    assert applied == [("boards", "0", 296), ("stats", "0", 296)] or all(p > 296 for _, _, p in applied)
    # Followers continue from the old position: the events after it, in their notification-id order.
    after = runtime.store.follow(LogPosition(0, 296), 1000)
    old_tail = [r.id for r in after if r.xid == 0]
    assert old_tail == list(range(297, EXPECTED["head"] + 1))


def test_the_projections_go_on_from_where_they_were_and_equal_a_rebuild(runtime: Runtime) -> None:
    runner = standard.runner(runtime.store, runtime.games.registry, batch_size=10)
    assert runner.log_position() == LogPosition(0, 296)
    applied = runner.run()
    assert applied >= EXPECTED["head"] - 296
    assert runner.position() == runtime.store.max_notification_id()
    incremental = dump(runtime.params, READ_MODEL_TABLES)
    standard.runner(runtime.store, runtime.games.registry).rebuild()
    assert dump(runtime.params, READ_MODEL_TABLES) == incremental
    runner.close()


def test_an_old_game_takes_moves_its_chain_and_head_hold_and_reads_see_the_write(
    runtime: Runtime,
    client: TestClient,  # type: ignore[type-arg]
) -> None:
    live = game("live")
    moves = remaining_moves("arctic", 3, 13, 13)
    version = live["version"]
    for move in moves[:3]:
        answer = client.post(
            f"/games/{live['id']}/moves", json={"move": move}, headers={**owner(), "if-match": f'"{version}"'}
        )
        assert answer.status_code == 201, answer.text
        version = answer.json()["version"]
    position = int(answer.headers["x-banquise-position"])
    with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
        streams, events, broken = chain.survey(conn, runtime.store.schema, "banquise_events")
        [(head, last)] = conn.execute(
            "SELECT g.head = e.chain, g.version FROM games g JOIN banquise_events e ON e.originator_id = g.id "
            "AND e.originator_version = g.version WHERE g.id = %s",
            (live["id"],),
        ).fetchall()
    assert broken == [] and streams > len(EXPECTED["games"]) and events >= EXPECTED["events"] + 3
    assert head and last == version
    # Read your writes on the new position: the projections catch up, then the read answers.
    standard.runner(runtime.store, runtime.games.registry).run()
    stats = client.get(f"/games/{live['id']}/stats", params={"min_position": position}, headers=owner())
    assert stats.status_code == 200, stats.text
    # An old position (a notification id the old code returned) is reached as well.
    assert client.get("/players", params={"min_position": 296}).status_code == 200


def test_a_live_stream_resumes_where_its_client_was(runtime: Runtime, app: Litestar) -> None:
    late = game("late")
    seen_until = late["version"] - 3  # the client had these before the upgrade
    with (
        served(app) as base,
        httpx.Client(timeout=10) as http,
        http.stream(
            "GET", f"{base}/games/{late['id']}/live", headers={**owner(), "last-event-id": str(seen_until)}
        ) as stream,
    ):
        ids: list[int] = []
        for line in stream.iter_lines():
            if line.startswith("id:"):
                ids.append(int(line[3:]))
                if ids[-1] == late["version"]:
                    break
    assert ids == list(range(seen_until + 1, late["version"] + 1))


def test_a_copy_whose_transaction_ids_are_ahead_of_its_cluster_is_refused(pg_admin: ConnectionParams) -> None:
    """A logical copy (pg_dump and restore) into another cluster keeps events' transaction ids the new
    cluster has not reached: new events would sort before them. The store refuses to start, and says
    what to run."""
    with postgres.fresh_database(pg_admin, "ahead") as params:
        restore(params)
        store = GameLog(params, pool_size=2)
        store.close()
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            conn.execute("UPDATE banquise_events SET xid = '99999999999' WHERE notification_id = 1")
        with pytest.raises(TransactionIdsBehind, match="banquise projections rebuild"):
            GameLog(params, pool_size=2)
