"""``banquise serve --workers 2``: real processes sharing one port and one (embedded) PostgreSQL.

Every request below goes out on a connection of its own, so the kernel spreads them over both
workers; the tests first make sure both workers answer."""

from __future__ import annotations

import json
import os
import signal
import socket
import threading
import time
from collections.abc import Iterator
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psutil
import pytest

from domain.arctic.simulator import simulate
from service.cli.commands.simulate import simulated_record
from tests import postgres
from tests.e2e.server import Served, banquise, served

# Worker processes killed and expected back, and both answering, within bounds: on a machine running nothing else.
pytestmark = [pytest.mark.e2e, pytest.mark.alone]


class Cluster(msgspec.Struct):
    server: Served
    token: str
    data: Path
    workers: list[int]


def fresh(base: str, method: str, path: str, **kwargs: Any) -> httpx.Response:
    """One request on a new connection (a kept-alive one would stay with one worker)."""
    return httpx.request(method, base + path, timeout=30, **kwargs)


def worker_pids(supervisor: int) -> list[int]:
    """The supervisor's worker processes that run (one killed and not reaped yet is left out)."""
    pids = []
    for child in psutil.Process(supervisor).children():
        try:
            if child.status() != psutil.STATUS_ZOMBIE and "spawn_main" in " ".join(child.cmdline()):
                pids.append(child.pid)
        except psutil.Error:
            continue
    return pids


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    data = tmp_path_factory.mktemp("workers") / "data"
    made = banquise(data, "keys", "create", "--name", "workers")
    assert made.returncode == 0, made.stderr
    with served(data, "--workers", "2") as server:
        workers = worker_pids(server.proc.pid)
        yield Cluster(server=server, token=made.stdout.strip(), data=data, workers=workers)


def test_two_worker_processes_answer_on_one_port(cluster: Cluster) -> None:
    assert len(cluster.workers) == 2
    seen: set[int] = set()
    for _ in range(200):
        health = fresh(cluster.server.base, "GET", "/health").json()
        assert health["status"] == "ok" and health["database"]["embedded"] is True
        seen.add(health["process"])
        if len(seen) == 2:
            break
    assert seen == set(cluster.workers)


def test_concurrent_recorders_through_both_workers_store_each_acknowledged_move_once(cluster: Cluster) -> None:
    base, auth = cluster.server.base, {"authorization": f"Bearer {cluster.token}"}
    recorders, moves_each = 6, 25
    acknowledged: dict[str, list[int]] = {}
    errors: list[str] = []
    lock = threading.Lock()

    def record(i: int) -> None:
        game = simulate(2, 300 + i)
        created = fresh(
            base, "POST", "/games", headers=auth, json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}
        )
        assert created.status_code == 201, created.text
        game_id, etag, versions = created.json()["id"], created.headers["etag"], []
        for n, move in enumerate(game.moves[:moves_each]):
            body = {"move": msgspec.to_builtins(move)}
            headers = {**auth, "if-match": etag, "idempotency-key": f"tap-{n}"}
            answer = fresh(base, "POST", f"/games/{game_id}/moves", headers=headers, json=body)
            if answer.status_code != 201:
                with lock:
                    errors.append(answer.text)
                return
            # A retry of the same tap (through whichever worker) answers the same and stores nothing.
            again = fresh(base, "POST", f"/games/{game_id}/moves", headers=headers, json=body)
            if again.content != answer.content:
                with lock:
                    errors.append(f"retry answered {again.status_code} {again.text}")
            etag = answer.headers["etag"]
            versions.append(int(etag.strip('"')))
        with lock:
            acknowledged[game_id] = versions

    def read() -> None:
        # Readers alongside: summaries and replays of the games being recorded never fail.
        deadline = time.monotonic() + 60
        while len(acknowledged) < recorders and time.monotonic() < deadline:
            for game_id in list(acknowledged):
                for path in (f"/games/{game_id}", f"/games/{game_id}/replay/1"):
                    answer = fresh(base, "GET", path)
                    if answer.status_code != 200:
                        with lock:
                            errors.append(f"{path}: {answer.status_code}")
            time.sleep(0.05)

    threads = [threading.Thread(target=record, args=(i,)) for i in range(recorders)]
    threads += [threading.Thread(target=read) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(acknowledged) == recorders
    for game_id, versions in acknowledged.items():
        events = fresh(base, "GET", f"/games/{game_id}/events", params={"perspective": "omniscient"}, headers=auth)
        stored = [e["version"] for e in events.json()]
        assert stored == list(range(1, len(stored) + 1)), "no gap, no duplicate"
        assert stored[-1] == versions[-1], "every acknowledged move stored, nothing more"
        moves = fresh(base, "GET", f"/games/{game_id}").json()["moves"]
        assert moves == moves_each, "each tap stored once, its retry not at all"


def test_a_write_through_one_worker_is_read_through_any_with_its_position(cluster: Cluster) -> None:
    base, auth = cluster.server.base, {"authorization": f"Bearer {cluster.token}"}
    for i in range(4):
        record = simulated_record("arctic", 2, 40 + i)
        handle = f"ryw{i}-{os.getpid()}"
        record["id"] = f"workers:ryw:{i}"
        record["setup"]["players"] = [handle, f"other{i}-{os.getpid()}"]
        made = fresh(base, "POST", "/games/import", headers=auth, json=record)
        assert made.status_code == 201, made.text
        position = made.headers["x-banquise-position"]
        # Whichever worker answers, it waits for the projections to reach the write.
        profile = fresh(base, "GET", f"/players/{handle}", params={"min_position": position})
        assert profile.status_code == 200, profile.text
        assert profile.json()["games"] == 1


def serving_streams(workers: list[int], port: int) -> dict[int, int]:
    """How many open connections on ``port`` each worker holds (the streams: other requests closed)."""
    held = {}
    for pid in workers:
        conns = psutil.Process(pid).net_connections(kind="tcp")
        held[pid] = sum(1 for c in conns if c.status == psutil.CONN_ESTABLISHED and c.laddr and c.laddr.port == port)
    return held


def test_a_live_stream_gets_the_moves_appended_through_the_other_worker(cluster: Cluster) -> None:
    base, auth = cluster.server.base, {"authorization": f"Bearer {cluster.token}"}
    port = int(base.rsplit(":", 1)[1])
    game = simulate(2, 400)
    created = fresh(
        base, "POST", "/games", headers=auth, json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}
    )
    game_id, start = created.json()["id"], created.json()["version"]
    final = [10**9]
    received: list[list[int]] = []
    threads: list[threading.Thread] = []

    def watch(mine: list[int], opened: threading.Event) -> None:
        with httpx.stream(
            "GET", f"{base}/games/{game_id}/live", params={"after": start, "heartbeat": 0.5}, timeout=30
        ) as stream:
            opened.set()
            for line in stream.iter_lines():
                if line.startswith("id:"):
                    mine.append(int(line[3:]))
                    if mine[-1] >= final[0]:
                        return

    # Streams on connections of their own until each worker serves one: then whichever worker takes
    # a move, a stream on the other one must get it.
    while min(serving_streams(cluster.workers, port).values()) == 0:
        assert len(threads) < 40, serving_streams(cluster.workers, port)
        opened = threading.Event()
        received.append([])
        threads.append(threading.Thread(target=watch, args=(received[-1], opened)))
        threads[-1].start()
        assert opened.wait(timeout=30)
    etag = created.headers["etag"]
    for move in game.moves[:10]:
        answer = fresh(
            base,
            "POST",
            f"/games/{game_id}/moves",
            headers={**auth, "if-match": etag},
            json={"move": msgspec.to_builtins(move)},
        )
        assert answer.status_code == 201, answer.text
        etag = answer.headers["etag"]
    final[0] = int(etag.strip('"'))
    for t in threads:
        t.join(timeout=30)
    assert all(r == list(range(start + 1, final[0] + 1)) for r in received), received


def test_connections_opened_together_reach_both_workers(cluster: Cluster) -> None:
    """Recorders open their connections together and keep them. Each worker listens on a socket of its
    own, so the kernel spreads them; with one shared socket the first worker awake accepted them all."""
    url = httpx.URL(cluster.server.base)
    connections = [HTTPConnection(url.host, url.port, timeout=30) for _ in range(16)]
    try:
        for connection in connections:  # every connection made before any request is sent
            connection.connect()
        answers = []
        for _ in range(2):  # each connection stays with the worker that accepted it
            answers.append([])
            for connection in connections:
                connection.request("GET", "/health")
                answers[-1].append(json.loads(connection.getresponse().read())["process"])
    finally:
        for connection in connections:
            connection.close()
    assert answers[0] == answers[1]
    assert set(answers[0]) == set(cluster.workers), answers[0]


def test_a_worker_that_dies_is_started_again(cluster: Cluster) -> None:
    killed = cluster.workers[0]
    os.kill(killed, signal.SIGKILL)
    deadline = time.monotonic() + 60
    while True:
        workers = worker_pids(cluster.server.proc.pid)
        if len(workers) == 2 and killed not in workers:
            seen = {fresh(cluster.server.base, "GET", "/health").json()["process"] for _ in range(40)}
            if seen == set(workers):
                break
        assert time.monotonic() < deadline, f"no second worker answering after a kill: {workers}"
        time.sleep(0.2)
    cluster.workers[:] = workers  # the supervisor's stop must stop the new one too


def test_a_port_taken_is_one_clear_line_and_nothing_left_running(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        data = tmp_path / "data"
        result = banquise(data, "serve", "--workers", "2", "--host", "127.0.0.1", "--port", str(port))
    assert result.returncode == 1
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in result.stderr
    assert "Traceback" not in result.stderr
    assert postgres.postmasters(tmp_path) == {}


def test_stopping_the_supervisor_stops_every_worker_and_postgresql(cluster: Cluster) -> None:
    proc = cluster.server.proc
    assert postgres.postmasters(cluster.data.parent), "the embedded PostgreSQL runs while serving"
    proc.terminate()
    assert proc.wait(timeout=30) == 0
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(psutil.pid_exists(pid) for pid in cluster.workers):
        time.sleep(0.1)
    assert not [pid for pid in cluster.workers if psutil.pid_exists(pid)]
    assert postgres.postmasters(cluster.data.parent) == {}
