"""Followers of the event log while writers stall inside their transaction, are cut before their COMMIT and
commit out of order, and the database's connections are reset: every acknowledged event reaches every
follower exactly once, in an order consistent with each game's versions, and the read models equal a
rebuild.

Two API processes' worth of writers (two runtimes, each with its own group-commit writer: their
transactions run side by side) append moves to their games through the fault proxy; a test-only trigger
(``tests/faults/stalls.py``) holds some games' writes inside their transaction (their transaction id and
rows taken, no commit yet) while the others commit after them; a watcher ends the server process of the
first write of other games while it sleeps there (the store settles each: not committed, stored again);
once, every connection through the proxy is reset. Meanwhile two followers read the whole log (one
through the proxy, one straight) and the projection runner runs. The followers' history checker
(``tests/nemesis/deliveries.py``) then judges what each was handed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from projections import schema, standard
from service.base import keys
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.base.store.following import START, LogPosition, read_page
from service.runtime import Runtime
from tests.faults import stalls
from tests.faults.conftest import TIMEOUTS
from tests.faults.proxy import FaultProxy
from tests.helpers import appended
from tests.nemesis.deliveries import Delivery, check
from tests.projections.support import dump

# Budgets of a second (tests/faults/conftest.py): measured on a machine running nothing else.
pytestmark = pytest.mark.alone

Client = TestClient  # type: ignore[type-arg]
READ_MODEL_TABLES = [t for name in schema.NAMES for t in schema.TABLES[name]]
MOVES_PER_GAME = 14
STALL_SECONDS = 0.4  # below the statement timeout (TIMEOUTS.statement): the write commits after it


class Follower(threading.Thread):
    """Reads the whole log from the start, page by page, as long as it runs; a broken connection is a
    restart from the position it had (nothing else is kept)."""

    def __init__(self, name: str, read: Any) -> None:
        super().__init__(name=name, daemon=True)
        self.read = read
        self.after = START
        self.handed: list[Delivery] = []
        self.errors = 0
        self.stop = threading.Event()

    def poll(self) -> int:
        n = 0
        while rows := self.read(self.after):
            for r in rows:
                self.handed.append(Delivery(str(r.originator_id), r.originator_version, r.xid, r.id))
            self.after = LogPosition(rows[-1].xid, rows[-1].id)
            n += len(rows)
        return n

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self.poll()
            except Exception:
                self.errors += 1
                time.sleep(0.1)
            self.stop.wait(0.01)


class IdTailer(threading.Thread):
    """The library's way of following, sound only under the table lock it took: the ids after the last one
    read. Run beside the others to show what the commits out of order would have made it skip."""

    def __init__(self, conninfo: str) -> None:
        super().__init__(name="ids", daemon=True)
        self.conninfo = conninfo
        self.seen: set[int] = set()
        self.stop = threading.Event()

    def run(self) -> None:
        last = 0
        with psycopg.connect(self.conninfo, autocommit=True) as conn:
            while not self.stop.is_set():
                for (n,) in conn.execute(
                    "SELECT notification_id FROM banquise_events WHERE notification_id > %s ORDER BY notification_id",
                    (last,),
                ):
                    self.seen.add(int(n))
                    last = int(n)
                self.stop.wait(0.005)


@pytest.fixture(scope="module")
def second(proxy: FaultProxy, direct: ConnectionParams, faults_store: GameLog) -> Iterator[Runtime]:
    """A second API process's worth of the service: its own store, pool and group-commit writer."""
    via_proxy = ConnectionParams(dbname=direct.dbname, host="127.0.0.1", port=proxy.port, user=direct.user)
    store = GameLog(via_proxy, pool_size=4, timeouts=TIMEOUTS)
    runtime = Runtime(
        settings=Settings(pool_size=4, run_projections=False, db_timeouts=TIMEOUTS),
        params=via_proxy,
        store=store,
        server_version="test",
    )
    yield runtime
    runtime.close()
    store.close()


def test_writers_stalled_cut_and_out_of_order_every_follower_gets_every_event_once(
    app_client: Client,
    faults_runtime: Runtime,
    second: Runtime,
    faults_store: GameLog,
    proxy: FaultProxy,
    direct: ConnectionParams,
) -> None:
    conninfo = direct.conninfo()
    with psycopg.connect(conninfo, autocommit=True) as conn:
        owner = keys.create(conn, "followers").key
    stalls.install(conninfo)
    try:
        sims = [simulate(2, 900 + i) for i in range(8)]
        games: list[tuple[Runtime, UUID, list[bytes], int]] = []
        acknowledged: list[tuple[str, int]] = []
        for i, sim in enumerate(sims):
            runtime = faults_runtime if i % 2 == 0 else second
            body = msgspec.json.encode({"kind": "arctic", "setup": msgspec.to_builtins(sim.setup)})
            created = runtime.games.writer.create(owner, body)
            assert created.locate is not None
            acknowledged += [(str(created.locate), v) for v in range(1, created.version + 1)]
            moves = [msgspec.json.encode({"move": msgspec.to_builtins(m)}) for m in sim.moves[:MOVES_PER_GAME]]
            games.append((runtime, created.locate, moves, created.version))
        for _, game_id, _, _ in games[1::4]:  # one game of each runtime's in four: every write stalls
            stalls.stall(conninfo, STALL_SECONDS, game_id)
        crashed = {game_id for _, game_id, _, _ in games[2::4]}  # their first write is cut before COMMIT
        for game_id in crashed:
            stalls.stall(conninfo, 5.0, game_id)

        straight = psycopg.connect(conninfo, autocommit=True)
        followers = [
            Follower("through the proxy", lambda after: faults_store.follow(after, 7)),
            Follower("straight", lambda after: read_page(straight, "public", "banquise_events", after, 50)),
        ]
        tailer = IdTailer(conninfo)
        runner = standard.runner(faults_store, faults_runtime.games.registry, batch_size=20)
        projecting = threading.Event()

        def project() -> None:
            while not projecting.is_set():
                try:
                    runner.step()
                except Exception:
                    time.sleep(0.1)
                projecting.wait(0.02)

        def write(k: int) -> None:
            for runtime, game_id, moves, version in games[k::4]:
                for body in moves:
                    try:
                        reply = appended(runtime.games.writer, owner, game_id, body, None)
                    except Exception as exc:  # a refusal, or an outcome the store could not settle
                        refused.append(f"{game_id}: {type(exc).__name__}")
                        break
                    with lock:
                        acknowledged.extend((str(game_id), v) for v in range(version + 1, reply.version + 1))
                    version = reply.version

        def cut() -> None:
            """The crashing games' first writes, cut while they sleep (then let through), and one reset."""
            left = set(crashed)
            deadline = time.monotonic() + 20
            while left and time.monotonic() < deadline:
                for game_id in list(left):
                    with psycopg.connect(conninfo, autocommit=True) as conn:
                        sleeping = conn.execute(
                            "SELECT a.pid FROM pg_stat_activity a WHERE a.wait_event = 'PgSleep' AND a.query LIKE %s",
                            ("%banquise_append_moves%",),
                        ).fetchall()
                    if sleeping:
                        stalls.unstall(conninfo, game_id)
                        stalls.crash_sleepers(conninfo)
                        left.discard(game_id)
                time.sleep(0.02)
            proxy.reset_all()

        def out_of_order() -> None:
            """One commit out of order for certain: a write sleeps inside its transaction while a later one
            (a higher notification id) commits."""
            runtime, game_id, moves, version = games[3]
            stalls.stall(conninfo, 0.7, game_id)
            first = threading.Thread(target=write_one, args=(runtime, game_id, moves.pop(0), version))
            first.start()
            deadline = time.monotonic() + 10
            while not stalls.sleepers(conninfo):
                assert time.monotonic() < deadline, "the write never slept"
                time.sleep(0.005)
            other_runtime, other, other_moves, other_version = games[0]
            games[0] = (
                other_runtime,
                other,
                other_moves,
                write_one(other_runtime, other, other_moves.pop(0), other_version),
            )
            time.sleep(0.1)  # the id-tailer reads the later one
            stalls.unstall(conninfo, game_id)
            first.join(10)

        lock = threading.Lock()
        refused: list[str] = []
        done: dict[UUID, int] = {}

        def write_one(runtime: Runtime, game_id: UUID, body: bytes, version: int) -> int:
            reply = appended(runtime.games.writer, owner, game_id, body, None)
            with lock:
                acknowledged.extend((str(game_id), v) for v in range(version + 1, reply.version + 1))
                done[game_id] = reply.version
            return int(reply.version)

        threads = [threading.Thread(target=write, args=(k,)) for k in range(4)] + [threading.Thread(target=cut)]
        projector = threading.Thread(target=project)
        for t in [*followers, tailer, projector]:
            t.start()
        out_of_order()
        runtime, game_id, moves, _ = games[3]
        games[3] = (runtime, game_id, moves, done[game_id])
        for t in threads:
            t.start()
        for t in threads:
            t.join(120)
        assert not any(t.is_alive() for t in threads), "a writer hung"
        stalls.unstall(conninfo, everything=True)
        tailer.stop.set()
        tailer.join(30)
        for f in followers:
            f.stop.set()
            f.join(30)
            f.poll()  # what is left, faults healed
        projecting.set()
        projector.join(30)
        runner.run()
        runner.close()
        straight.close()

        with psycopg.connect(conninfo, autocommit=True) as conn:
            found = conn.execute("SELECT originator_id, originator_version, notification_id FROM banquise_events")
            stored = {(str(g), int(v)): int(n) for g, v, n in found}
        handed = {f.name: f.handed for f in followers}
        assert check(stored, acknowledged, handed) == [], refused
        assert len(acknowledged) >= 8 * MOVES_PER_GAME  # every game went on (a refusal would stop one)
        # Commits out of id order happened: the id-tailing reader passed over events for good.
        assert set(stored.values()) - tailer.seen
        incremental = dump(direct, READ_MODEL_TABLES)
        standard.runner(faults_store, faults_runtime.games.registry).rebuild()
        assert dump(direct, READ_MODEL_TABLES) == incremental
    finally:
        stalls.remove(conninfo)
