"""A server stuck in a request stops on SIGTERM within its grace period (#49, item 2).

Given a real ``banquise serve`` process and an edition stored before editions' numbers were bounded (a
card's flash repeating an effect 10,000 times 10,000 times: one decision takes minutes of a thread), when
a move that resolves that flash is in progress and the process is sent SIGTERM, then it exits within
``BANQUISE_SHUTDOWN_GRACE`` plus the statement timeout and a few seconds, its embedded PostgreSQL
stopped, saying it left the request's work unfinished (before, it kept running until the work ended)."""

from __future__ import annotations

import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import psycopg
import pytest
from msgspec.structs import replace

from domain.arctica import editions
from domain.arctica import moves as mv
from domain.arctica.edition import Effect, Gain, Repeat, canonical_json, fingerprint
from domain.arctica.simulator import simulate
from service.base import keys
from service.base.settings import Settings
from service.base.store.editions_table import EditionsTable
from service.runtime import Runtime
from tests.e2e.server import environment, free_port, wait_healthy

pytestmark = pytest.mark.e2e
GRACE = 3


def old_hostile_edition(data: Path) -> tuple[str, str]:
    """The hostile edition stored as a database from before the bounds holds it (no check), and a key."""
    base = editions.get("demo-1", None)
    slow = Effect(then=Repeat(times=10_000, effect=Repeat(times=10_000, effect=Gain())))
    hostile = replace(base, id="club-slow", version="1", cards=tuple(replace(c, flash=slow) for c in base.cards))
    runtime = Runtime.open(Settings(data_dir=data))
    try:
        EditionsTable(runtime.store).insert("arctica", hostile, canonical_json(hostile), fingerprint(hostile), None)
        with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
            token = keys.create(conn, "shutdown").token
    finally:
        runtime.close()
    return hostile.id, token


def test_a_server_stuck_in_a_request_stops_on_sigterm_within_its_grace(tmp_path: Path) -> None:
    data = tmp_path / "data"
    edition_id, token = old_hostile_edition(data)
    headers = {"authorization": f"Bearer {token}"}
    game = simulate(2, 1)  # demo-1's game: its 10th move plays a Fauna card (its flash resolved)
    assert isinstance(game.moves[9], mv.PlayFauna)
    setup = {**msgspec.to_builtins(game.setup), "edition": edition_id}
    port = free_port()
    log_path = tmp_path / "server.log"
    with log_path.open("wb") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.cli.main", "serve", "--analysis-workers", "0"],
            env=environment(data, BANQUISE_PORT=str(port), BANQUISE_SHUTDOWN_GRACE=str(GRACE)),
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    base = f"http://127.0.0.1:{port}"
    stuck: list[Any] = []
    try:
        wait_healthy(base, proc)
        made = httpx.post(f"{base}/games", json={"kind": "arctica", "setup": setup}, headers=headers, timeout=30)
        assert made.status_code == 201, made.text
        game_id = made.json()["id"]
        for move in game.moves[:9]:
            sent = httpx.post(
                f"{base}/games/{game_id}/moves", json={"move": msgspec.to_builtins(move)}, headers=headers, timeout=30
            )
            assert sent.status_code == 201, sent.text

        def play() -> None:
            try:
                stuck.append(
                    httpx.post(
                        f"{base}/games/{game_id}/moves",
                        json={"move": msgspec.to_builtins(game.moves[9])},
                        headers=headers,
                        timeout=600,
                    )
                )
            except httpx.HTTPError as exc:
                stuck.append(exc)

        thread = threading.Thread(target=play, daemon=True)
        thread.start()
        time.sleep(2.0)  # the move is being decided (its flash: 10**8 effects)
        assert not stuck and proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        sent = time.monotonic()
        try:
            status = proc.wait(timeout=GRACE + 30)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"still running {GRACE + 30} s after SIGTERM:\n{log_path.read_text()}") from None
        took = time.monotonic() - sent
        thread.join(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    log = log_path.read_text(errors="replace")
    assert status == 0, log
    # The grace, then the batch being decided waited for as long as a write may take (the statement timeout,
    # 5 s, and 1), then the pool and the embedded server closed: the process manager's grace (docs).
    assert took < GRACE + 6 + 8, f"{took:.1f} s\n{log}"
    assert "left unfinished" in log, log
    # The move's answer was cancelled (no 201), and its caller learnt it: an error answer or a closed
    # connection, never a game changed behind it.
    assert stuck and not (hasattr(stuck[0], "status_code") and stuck[0].status_code == 201), stuck
    print(f"stopped {took:.1f} s after SIGTERM (grace {GRACE} s)")
