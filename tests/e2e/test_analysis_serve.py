"""``banquise serve`` starts one analysis worker beside itself (``--analysis-workers``, default 1), which
analyses what the API queues and stops with the server (#37)."""

from __future__ import annotations

import time
from pathlib import Path

import psutil

from tests.e2e.server import banquise, served
from tests.helpers import web
from tests.projections.support import record


def analysis_workers(server: int) -> list[psutil.Process]:
    return [p for p in psutil.Process(server).children() if "analysis" in " ".join(p.cmdline())]


def test_serve_runs_an_analysis_worker_that_stops_with_it(tmp_path: Path) -> None:
    # Given `banquise serve` as a process manager runs it (embedded PostgreSQL) and a finished game
    data = tmp_path / "data"
    made = banquise(data, "keys", "create", "--name", "analysis")
    assert made.returncode == 0, made.stderr
    headers = {"Authorization": f"Bearer {made.stdout.strip()}"}
    with served(data) as server:
        workers = analysis_workers(server.proc.pid)
        assert len(workers) == 1
        game = web.post(server.base + "/games/import", content=record("arctic", 2, 5), headers=headers, timeout=30)
        assert game.status_code == 201, game.text
        path = f"/games/{game.json()['id']}/analysis"
        # When its analysis is asked
        asked = web.post(server.base + path, json={"budget": 1}, headers=headers, timeout=30)
        assert asked.status_code == 202, asked.text
        # Then the server's own worker delivers it
        deadline = time.monotonic() + 180
        while (got := web.get(server.base + path + "?budget=1", timeout=30)).status_code == 202:
            assert time.monotonic() < deadline, got.text
            time.sleep(0.3)
        assert got.status_code == 200 and got.json()["budget"] == 1
        server.proc.terminate()
        assert server.proc.wait(timeout=60) == 0
    # And the worker stopped with the server
    assert not [w for w in workers if w.is_running() and w.status() != psutil.STATUS_ZOMBIE]
