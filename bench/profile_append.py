"""Where a live append's server CPU goes: ``python -m bench.profile_append [measure|profile] [rounds]``.

``measure``: a real ``banquise serve`` process (as the bench's item 2 runs it) and the bench's own load
generator, 32 recorders with If-Match (``PROFILE_CLIENTS``, ``PROFILE_MOVES``); prints the server's CPU
per append of each round: user, system, and the main thread's (the event loop).
``profile``: the same load against an in-process uvicorn whose every thread runs under cProfile (thread
CPU time); prints the merged profile (cumulative and own time), saved to /tmp/appendcpu.prof (the event
loop's alone to /tmp/appendcpu.main.prof). With ``PROFILE_TIMING=1``, no profiler: the thread CPU of a
few functions of the use case, as served. Not part of ``make bench``. The CPU figures drift with the
machine's load (±10% between rounds here): compare medians of several rounds.
"""

from __future__ import annotations

import cProfile
import functools
import os
import pstats
import shutil
import signal
import subprocess
import sys
import threading
import time
from contextlib import suppress
from pathlib import Path
from typing import Any

import httpx
import psutil

from bench.env import LOCALHOST, ROOT, Server, World, free_port, world
from bench.items import live

CLIENTS = int(os.environ.get("PROFILE_CLIENTS", "32"))
MOVES = int(os.environ.get("PROFILE_MOVES", "40"))


def _profiled_server() -> None:
    """Runs in the child: uvicorn with the app, every thread profiled; stats dumped to argv[3] at exit."""
    import uvicorn

    from service.base.logs import configure_logging
    from service.base.settings import Settings
    from service.http.app import create_app

    profiles: list[cProfile.Profile] = []
    lock = threading.Lock()

    def start(*_: object) -> None:
        p = cProfile.Profile(time.thread_time)
        with lock:
            profiles.append(p)
        p.enable()

    if os.environ.get("PROFILE_TIMING"):
        _install_timers()
    else:
        threading.setprofile(start)
    settings = Settings.from_env()
    configure_logging(settings.log_level)
    app = create_app(settings)
    config = uvicorn.Config(
        app, host=LOCALHOST, port=int(os.environ["BANQUISE_PORT"]), log_config=None, access_log=False
    )
    main = cProfile.Profile(time.thread_time)
    profiles.append(main)
    main.enable()
    with suppress(KeyboardInterrupt):  # uvicorn raises the SIGINT it caught again, once shut down
        uvicorn.Server(config).run()
    main.disable()
    if os.environ.get("PROFILE_TIMING"):
        with open(sys.argv[3] + ".timing", "w") as out:
            for label, (seconds, calls) in TOTALS.items():
                out.write(f"{label:40s} {calls:7d} calls {seconds / max(calls, 1) * 1e6:8.1f} us/call\n")
        return
    main.dump_stats(sys.argv[3] + ".main")
    stats = pstats.Stats(main)
    for p in profiles[1:]:
        p.disable()
        with suppress(TypeError):  # a thread that made no call
            stats.add(p)
    stats.dump_stats(sys.argv[3])


TIMED = {
    "service.games.writing:GameWriter._from_row": "the head from the row (thread)",
    "service.games.writing:GameWriter._row_confirming": "  row + key check",
    "service.base.store.batching:GroupWriter._store": "  batch store (per batch)",
    "service.games.writing:_Append.prepare": "    prepare (decide, reply)",
    "service.base.store.application:GameLog.append_batch": "    append_batch (transaction)",
}
TOTALS: dict[str, list[float]] = {}


def _install_timers() -> None:
    """Thread CPU of a few functions of the use case (no profiler: their cost as served), written at exit.
    (The event loop's share is the main thread's CPU: ``measure`` prints it.)"""
    import importlib

    for target, label in TIMED.items():
        module_name, qual = target.split(":")
        owner_name, name = qual.split(".")
        owner = getattr(importlib.import_module(module_name), owner_name)
        func = getattr(owner, name)
        total = TOTALS.setdefault(label, [0.0, 0])

        def timed(*a: Any, func: Any = func, total: list[float] = total, **k: Any) -> Any:
            t0 = time.thread_time()
            try:
                return func(*a, **k)
            finally:
                total[0] += time.thread_time() - t0
                total[1] += 1

        setattr(owner, name, functools.wraps(func)(timed))


def _launch_profiled(w: World, out: str) -> Server:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("BANQUISE_")}
    env.update(
        {
            "DATABASE_URL": w.database_url(),
            "BANQUISE_DATA_DIR": str(w.workdir / "data"),
            "BANQUISE_PORT": str(port),
            "BANQUISE_HOST": LOCALHOST,
            "BANQUISE_LOG_LEVEL": "WARNING",
            "BANQUISE_RUN_PROJECTIONS": "false",
            "PYTHONPATH": str(ROOT),
        }
    )
    log = (w.workdir / "profiled.log").open("wb")
    command = [sys.executable, "-m", "bench.profile_append", "serve", "-", out]
    proc = subprocess.Popen(command, cwd=str(ROOT), env=env, stdout=log, stderr=log)
    base = f"http://{LOCALHOST}:{port}"
    for _ in range(300):
        try:
            if httpx.get(base + "/health", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.2)
    server = Server(proc=proc, base=base, log_path=w.workdir / "profiled.log")
    server.token = w.create_key("profile")
    return server


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "measure"
    if mode == "serve":
        _profiled_server()
        return 0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    with world() as w:
        if mode == "measure":
            server = w.start_server()
            for r in range(rounds):
                proc = psutil.Process(server.pid)
                t0 = proc.cpu_times()
                loop0 = {t.id: t.user_time + t.system_time for t in proc.threads()}
                res = live._record(server, CLIENTS, MOVES, 1000 + r * CLIENTS)
                t1 = proc.cpu_times()
                loop1 = {t.id: t.user_time + t.system_time for t in proc.threads()}
                # The main thread runs the event loop; the others are the sync_to_thread workers (and the pool's).
                main_thread = loop1.get(server.pid, 0.0) - loop0.get(server.pid, 0.0)
                n = res["requests"]
                print(
                    f"user {(t1.user - t0.user) / n * 1000:.3f} ms, "
                    f"system {(t1.system - t0.system) / n * 1000:.3f} ms, "
                    f"event loop {main_thread / n * 1000:.3f} ms;",
                    end=" ",
                )
                print(
                    f"round {r}: {res['cpu'] / res['requests'] * 1000:.3f} ms CPU/append, "
                    f"{res['requests'] / res['elapsed']:.0f}/s, "
                    f"{res['writes'] / max(res['transactions'], 1):.1f} moves/txn",
                    flush=True,
                )
            return 0
        out = str(w.workdir / "append.prof")
        server = _launch_profiled(w, out)
        total = 0
        for r in range(rounds):
            res = live._record(server, CLIENTS, MOVES, 1000 + r * CLIENTS)
            total += res["requests"]
        server.proc.send_signal(signal.SIGINT)
        server.proc.wait(timeout=120)
        if os.path.exists(out + ".timing"):
            print(f"{total} appends")
            print(Path(out + ".timing").read_text())
            return 0
        if not os.path.exists(out):
            print((w.workdir / "profiled.log").read_text()[-3000:])
            return 1
        shutil.copy(out, "/tmp/appendcpu.prof")
        shutil.copy(out + ".main", "/tmp/appendcpu.main.prof")
        stats = pstats.Stats(out)
        print(f"{total} appends profiled")
        stats.sort_stats("cumulative").print_stats(70)
        stats.sort_stats("tottime").print_stats(50)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
