"""The embedded PostgreSQL's life, with real processes: stopped on SIGTERM/SIGINT by the last process
using it, restarted after a crash while the API recovers by itself."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import msgspec
import pytest

from domain.arctic.simulator import simulate, to_public
from service.base.embedded import pid_alive, postmaster_pid, users
from tests.e2e.server import banquise, environment, served
from tests.postgres import postmasters

pytestmark = pytest.mark.e2e

# Measured ~1 s on 2 shared cores (README): the bound leaves room for a loaded machine.
RECOVERY_BOUND_S = 15.0


def wait_until(condition: object, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if callable(condition) and condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"not true within {timeout} s")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_a_signal_stops_the_server_and_its_embedded_postgresql(tmp_path: Path, signum: int) -> None:
    with served(tmp_path / "data") as server:
        postmaster = postmaster_pid(server.pgdata)
        assert postmaster is not None
        assert users(server.pgdata) == [server.proc.pid]
        server.proc.send_signal(signum)
        assert server.proc.wait(timeout=30) == 0, server.log()  # a graceful stop
    assert not pid_alive(postmaster)
    assert postmasters(server.pgdata) == {}
    assert users(server.pgdata) == []
    assert "Traceback" not in server.log()


def test_the_last_live_process_stops_it_and_dead_users_are_forgotten(tmp_path: Path) -> None:
    data = tmp_path / "data"
    # A process killed outright runs no clean-up: its pid stays in the handle file, the server runs on.
    with served(data, BANQUISE_RUN_PROJECTIONS="false") as killed:
        postmaster = postmaster_pid(killed.pgdata)
        killed.proc.kill()
        killed.proc.wait()
    assert postmaster is not None and pid_alive(postmaster)

    with served(data, BANQUISE_RUN_PROJECTIONS="false") as api:
        assert postmaster_pid(api.pgdata) == postmaster  # adopted, not restarted
        worker = subprocess.Popen(
            [sys.executable, "-m", "service.cli.main", "worker"],
            env=environment(data),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_until(lambda: worker.pid in users(api.pgdata))
            assert killed.proc.pid not in users(api.pgdata)
            api.proc.send_signal(signal.SIGTERM)
            assert api.proc.wait(timeout=30) == 0, api.log()
            # The worker still uses it: it keeps running, and only the worker is listed.
            assert pid_alive(postmaster)
            assert users(api.pgdata) == [worker.pid]
            worker.send_signal(signal.SIGTERM)
            assert worker.wait(timeout=30) == 0
        finally:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
    assert not pid_alive(postmaster)
    assert users(api.pgdata) == []


def test_a_crashed_embedded_postgresql_is_restarted_and_the_api_recovers(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = banquise(data, "keys", "create", "--name", "crash")
    assert made.returncode == 0, made.stderr
    headers = {"authorization": f"Bearer {made.stdout.strip()}"}
    setup = msgspec.to_builtins(to_public(simulate(2, 11)).setup)
    with served(data) as server, httpx.Client(base_url=server.base, headers=headers, timeout=5) as http:
        created = http.post("/games", json={"kind": "arctic", "setup": setup})
        assert created.status_code == 201, created.text
        game = created.json()["id"]
        crashed = postmaster_pid(server.pgdata)
        assert crashed is not None

        os.kill(crashed, signal.SIGKILL)
        killed_at = time.monotonic()
        answered: int | None = None
        while answered != 200 and time.monotonic() - killed_at < RECOVERY_BOUND_S:
            try:
                answered = http.get(f"/games/{game}").status_code
            except httpx.HTTPError:
                answered = None
            if answered != 200:
                time.sleep(0.05)
        recovered_in = time.monotonic() - killed_at
        print(f"embedded PostgreSQL crash: the API answered again after {recovered_in:.2f} s")
        assert answered == 200, server.log()

        restarted = postmaster_pid(server.pgdata)
        assert restarted is not None and restarted != crashed
        # Recovered, not merely answering: every request from now on succeeds, writes included.
        statuses = [http.get(f"/games/{game}").status_code for _ in range(20)]
        statuses += [http.post("/games", json={"kind": "arctic", "setup": setup}).status_code for _ in range(3)]
        statuses.append(http.get("/health").status_code)
        assert statuses == [200] * 20 + [201] * 3 + [200], server.log()
        assert "embedded PostgreSQL restarted" in server.log()
    assert postmasters(server.pgdata) == {}
