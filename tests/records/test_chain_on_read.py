"""The event chain checked on the read paths that fold a game's events (docs/RECORDS.md): given a finished
game whose stored event was changed behind the service's back, when a process that holds nothing of it
reads a replay step, the timeline, the game's state or its events after that event, then it refuses
(500 ``chain_broken``, counted on ``/metrics``) rather than answer from the changed event; the reads
that fold nothing of it answer as before."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from uuid import UUID

import psycopg
import pytest
from litestar.testing import TestClient

from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import chain
from service.base.store.application import GameLog
from service.base.store.kinds import Registry
from service.games.service import GameService
from service.http.app import create_app
from service.runtime import Runtime
from tests.projections.support import record

Client = TestClient
Fresh = Callable[[], AbstractContextManager[Client]]
INTERVAL = 64  # the snapshots' and replay blocks' (Settings.snapshot_interval)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def fresh(settings: Settings, database: ConnectionParams) -> Fresh:
    """A client of a new process on the same database: no state, block or step of any game held (its own
    store: a runtime closes its store)."""

    @contextmanager
    def start() -> Iterator[Client]:
        runtime = Runtime(settings=settings, params=database, store=GameLog(database), server_version="test")
        try:
            with TestClient(create_app(settings, runtime=runtime)) as client:
                yield client
        finally:
            runtime.close()

    return start


def finished_game(client: Client, api_key: str, seed: int) -> tuple[str, int]:
    made = client.post("/games/import", content=record("arctic", 2, seed), headers=auth(api_key))
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["status"] == "finished" and body["version"] > 2 * INTERVAL + 2
    return body["id"], body["version"]


def change_event(database: ConnectionParams, game_id: str, version: int, *, rehash: bool = False) -> None:
    """One stored event's payload changed (a space after its JSON: it still decodes); ``rehash``: its own
    chain hash recomputed as well (the next event's is left as it was)."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(
            "UPDATE banquise_events SET state = state || ' '::bytea WHERE originator_id = %s "
            "AND originator_version = %s",
            (game_id, version),
        )
        if rehash:
            (previous,) = conn.execute(
                "SELECT chain FROM banquise_events WHERE originator_id = %s AND originator_version = %s",
                (game_id, version - 1),
            ).fetchone() or (None,)
            topic, state = conn.execute(
                "SELECT topic, state FROM banquise_events WHERE originator_id = %s AND originator_version = %s",
                (game_id, version),
            ).fetchone() or (None, None)
            conn.execute(
                "UPDATE banquise_events SET chain = %s WHERE originator_id = %s AND originator_version = %s",
                (chain.link(bytes(previous), UUID(game_id), version, topic, bytes(state)), game_id, version),
            )


def broken_total(client: Client) -> float:
    for line in client.get("/metrics").text.splitlines():
        if line.startswith("banquise_chain_broken_total "):
            return float(line.split()[1])
    raise AssertionError("banquise_chain_broken_total is not on /metrics")


def refused(response: object, version: int) -> None:
    status, body = response.status_code, response.json()  # type: ignore[attr-defined]
    assert status == 500, body
    assert body["code"] == "chain_broken" and body["version"] == version, body


def test_every_read_that_folds_a_changed_event_refuses_and_is_counted(
    client: Client, api_key: str, database: ConnectionParams, fresh: Fresh
) -> None:
    game_id, version = finished_game(client, api_key, 61)
    # The first event after the last snapshot: the state read folds it too (from that snapshot).
    changed = (version - 1) // INTERVAL * INTERVAL + 1
    with fresh() as reader:
        before = {
            path: reader.get(path)
            for path in (f"/games/{game_id}", f"/games/{game_id}/timeline", f"/games/{game_id}/events")
        }
        assert all(r.status_code == 200 for r in before.values())
    # Given one of its stored events changed behind the service's back.
    change_event(database, game_id, changed)
    counted = broken_total(client)
    # When a process that holds nothing of it reads what folds that event, then each read is refused.
    for path in (
        f"/games/{game_id}/replay/{changed}",
        f"/games/{game_id}/replay/{version}",
        f"/games/{game_id}/timeline",
        f"/games/{game_id}/timeline?after={changed - 1}",
        f"/games/{game_id}",
        f"/games/{game_id}/events",
        f"/games/{game_id}/events?after={changed - 1}",
    ):
        with fresh() as reader:
            refused(reader.get(path), changed)
        counted += 1
        assert broken_total(client) == counted, path
    # The reads that fold nothing of it answer as before: a step of an earlier block, the first events.
    with fresh() as reader:
        assert reader.get(f"/games/{game_id}/replay/1").status_code == 200
        page = reader.get(f"/games/{game_id}/events?limit=10")
        assert page.status_code == 200 and len(page.json()) == 10
    assert broken_total(client) == counted


def test_the_blocks_read_ahead_of_a_held_game_and_the_threads_reads_refuse_a_changed_event(
    client: Client, api_key: str, database: ConnectionParams, store: GameLog, fresh: Fresh
) -> None:
    """Once a finished game's row is held, one read brings the blocks after a step (``_ahead_span``); a
    process that never read the game folds the same blocks."""
    game_id, _ = finished_game(client, api_key, 62)
    changed = INTERVAL + 5
    change_event(database, game_id, changed)
    with fresh() as reader:
        counted = broken_total(reader)
        # Step 1's block is sound (read with the game's row, now held) ...
        assert reader.get(f"/games/{game_id}/replay/1").status_code == 200
        # ... the blocks read from the next one on hold the change: refused, and none of them kept ...
        refused(reader.get(f"/games/{game_id}/replay/{INTERVAL + 1}"), changed)
        refused(reader.get(f"/games/{game_id}/replay/{changed + 10}"), changed)
        # ... a block after it starts from its own snapshot: it folds nothing changed.
        assert reader.get(f"/games/{game_id}/replay/{2 * INTERVAL + 1}").status_code == 200
        assert broken_total(reader) == counted + 2
    games = GameService(store, Registry.default())

    async def steps() -> None:
        try:
            assert await games.replays.replay(UUID(game_id), 3, "spectator", None)
            with pytest.raises(chain.ChainBroken):
                await games.replays.replay(UUID(game_id), changed + 1, "spectator", None)
        finally:
            await store.loop_reads.close()

    asyncio.run(steps())


def test_an_event_changed_with_its_own_hash_is_refused_at_the_next_one(
    client: Client, api_key: str, database: ConnectionParams, fresh: Fresh
) -> None:
    game_id, _ = finished_game(client, api_key, 63)
    changed = 10
    change_event(database, game_id, changed, rehash=True)
    with fresh() as reader:
        refused(reader.get(f"/games/{game_id}/replay/{changed}"), changed + 1)
        refused(reader.get(f"/games/{game_id}/timeline"), changed + 1)


def test_the_stores_reads_check_from_the_event_before_the_first_asked(
    client: Client, api_key: str, database: ConnectionParams, store: GameLog
) -> None:
    game_id, version = finished_game(client, api_key, 64)
    uuid = UUID(game_id)
    whole = list(store.read(uuid))
    assert [r.originator_version for r in whole] == list(range(1, version + 1))
    assert list(store.read(uuid, after=5, upto=9)) == whole[5:9]
    assert list(store.read(uuid, after=5, limit=3)) == whole[5:8]
    assert store.last(uuid) == whole[-1] and store.version(uuid) == version
    # Given its last event changed.
    change_event(database, game_id, version)
    with pytest.raises(chain.ChainBroken) as broken:
        store.last(uuid)
    assert broken.value.version == version
    with pytest.raises(chain.ChainBroken):
        list(store.read(uuid, after=version - 1))
    # A read that ends before it, or starts at it (its stored hash only is used), folds nothing changed.
    assert list(store.read(uuid, upto=version - 1)) == whole[:-1]
    assert list(store.read(uuid, after=version)) == []
    # Given an event removed: the read over the gap refuses it as missing.
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute("DELETE FROM banquise_events WHERE originator_id = %s AND originator_version = 7", (game_id,))
    with pytest.raises(chain.ChainBroken) as broken:
        list(store.read(uuid, after=3, upto=9))
    assert broken.value.version == 7
    with pytest.raises(chain.ChainBroken) as broken:
        list(store.read(uuid, after=7, upto=9))
    assert broken.value.version == 7
