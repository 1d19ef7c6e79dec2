"""Item 13 (#37): a queue of game analyses finished by 2 ``banquise worker analysis`` processes against 1.

On the bench's server and database: ``N`` copies of one simulated 2-player game (identical work per
job) are imported, the analysis workers are started and wait on the queue, then every game's analysis
is asked (``POST /games/{id}/analysis``) and the wall time until the last one is done is measured
(``GET`` answers 200). The same with 2 workers on ``N`` other copies. A worker runs one job at a time
(CPU-bound), so on 2 cores 2 workers should take about half the time; the server and PostgreSQL share
the cores (little: they answer a few requests and store a row per step).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import subprocess
import sys
import time
from contextlib import suppress

import psutil

from bench import games
from bench.core import Row, ratio_row
from bench.env import ROOT, Server, World

ITEM = "13 analysis workers"
TITLE = "a queue of game analyses finished by 2 worker processes against 1"
PLAYERS = 2
BUDGET = 1
TARGET = 1.6


def _workers(w: World, count: int) -> list[subprocess.Popen[bytes]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("BANQUISE_")}
    env.update(
        {
            "DATABASE_URL": w.database_url(),
            "BANQUISE_LOG_LEVEL": "WARNING",
            "PYTHONPATH": str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        }
    )
    command = [sys.executable, "-m", "service.cli.main", "worker", "analysis"]
    return [subprocess.Popen(command, cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL) for _ in range(count)]


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for proc in procs:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in procs:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _spin(seconds: float) -> None:
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pass


def _cores_for(count: int, seconds: float = 4.0) -> float:
    """The control: the cores ``count`` processes doing nothing but spin get here, now (on an idle
    2-core machine: 1.0 and 2.0). Where they get less, the workers cannot get more."""
    procs = [multiprocessing.get_context("spawn").Process(target=_spin, args=(seconds,)) for _ in range(count)]
    t0 = time.perf_counter()
    for proc in procs:
        proc.start()
    pids = [psutil.Process(proc.pid) for proc in procs if proc.pid is not None]
    used = 0.0
    while any(proc.is_alive() for proc in procs):
        with suppress(psutil.NoSuchProcess):
            used = sum(p.cpu_times().user + p.cpu_times().system for p in pids)
        time.sleep(0.2)
    for proc in procs:
        proc.join()
    return used / (time.perf_counter() - t0)


def _cpu(procs: list[subprocess.Popen[bytes]]) -> float:
    total = 0.0
    for proc in procs:
        with suppress(psutil.NoSuchProcess):
            times = psutil.Process(proc.pid).cpu_times()
            total += times.user + times.system
    return total


def _queue(server: Server, seed: int, n: int, name: str, count: int, w: World) -> tuple[float, float]:
    """Seconds from the first ask to the last analysis done, ``count`` workers on ``n`` games, and the
    workers' CPU seconds meanwhile."""
    with server.client() as http:
        ids = []
        for i in range(n):
            made = http.post("/games/import", content=games.record_body(PLAYERS, seed, f"bench:analysis:{name}:{i}"))
            if made.status_code != 201:
                raise RuntimeError(f"import answered {made.status_code}: {made.text[:300]}")
            ids.append(made.json()["id"])
        procs = _workers(w, count)
        try:
            time.sleep(3.0)  # the workers' start-up (imports, connections) is not the queue's time
            if any(p.poll() is not None for p in procs):
                raise RuntimeError("an analysis worker exited at start-up")
            t0, cpu0 = time.perf_counter(), _cpu(procs)
            for gid in ids:
                asked = http.post(f"/games/{gid}/analysis", json={"budget": BUDGET})
                if asked.status_code != 202:
                    raise RuntimeError(f"POST analysis answered {asked.status_code}: {asked.text[:300]}")
            waiting = list(ids)
            deadline = t0 + 600
            while waiting:
                waiting = [
                    gid for gid in waiting if http.get(f"/games/{gid}/analysis?budget={BUDGET}").status_code != 200
                ]
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"{len(waiting)} analyses not done in 600 s")
                if waiting:
                    time.sleep(0.1)
            return time.perf_counter() - t0, _cpu(procs) - cpu0
        finally:
            _stop(procs)


def run(w: World, quick: bool) -> list[Row]:
    n = 6 if quick else 8
    server = w.start_server()
    seed = 7
    one, cpu_one = _queue(server, seed, n, "one", 1, w)
    two, cpu_two = _queue(server, seed, n, "two", 2, w)
    control = (_cores_for(1), _cores_for(2))
    moves = len(games.record(PLAYERS, seed)["moves"])
    return [
        ratio_row(
            ITEM,
            f"{n} analyses of a {PLAYERS}-player game ({moves} moves, budget {BUDGET}) by 2 worker processes",
            n / two,
            "games/s",
            "the same queue by 1 worker process",
            n / one,
            at_least=TARGET,
            note=f"wall time {one:.1f} s with 1 worker, {two:.1f} s with 2; the workers got {cpu_one / one:.2f} "
            f"and {cpu_two / two:.2f} cores of {os.cpu_count()} on average (shared with the server, PostgreSQL and "
            f"whatever else runs); control: 1 and 2 processes spinning got {control[0]:.2f} and {control[1]:.2f} cores",
            details={
                "seconds": {"1": one, "2": two},
                "worker_cpu_seconds": {"1": cpu_one, "2": cpu_two},
                "spinning_cores": {"1": control[0], "2": control[1]},
            },
            short="analyses, 2 workers",
            baseline_short="1 worker",
        )
    ]
