"""Run ``banquise`` as real processes for end-to-end tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

from tests.helpers import web


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def environment(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update({"BANQUISE_DATA_DIR": str(data_dir), **extra})
    return env


def banquise(data_dir: Path, *args: str, stdin: bytes | None = None, **extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli.main", *args],
        env=environment(data_dir, **extra),
        input=stdin.decode() if stdin is not None else None,
        capture_output=True,
        text=True,
        timeout=300,
    )


class Served:
    """A running ``banquise serve`` process: where it answers and what it runs on."""

    def __init__(self, proc: subprocess.Popen[bytes], base: str, data_dir: Path, log_path: Path) -> None:
        self.proc = proc
        self.base = base
        self.pgdata = (data_dir / "pgdata").resolve()
        self.log_path = log_path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


def wait_healthy(base: str, proc: subprocess.Popen[bytes] | None = None, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc is not None and proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}")
        try:
            if web.get(base + "/health", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise AssertionError(f"server did not answer within {timeout} s")


@contextmanager
def served(data_dir: Path, *args: str, **extra: str) -> Iterator[Served]:
    """``banquise serve`` until the block ends; then SIGTERM, as a process manager would.

    Only if it ignores SIGTERM for 30 s is it killed; a postmaster left behind is then reported
    (and stopped) by the no-postmaster-left check in tests/conftest.py.
    """
    port = free_port()
    # The server logs a line per request: to a file, since an unread pipe would fill and block it.
    log_path = data_dir.parent / f"server-{port}.log"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with log_path.open("wb") as log_file:
        proc = subprocess.Popen(
            [sys.executable, "-m", "service.cli.main", "serve", *args],
            env=environment(data_dir, BANQUISE_PORT=str(port), **extra),
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
        server = Served(proc, f"http://127.0.0.1:{port}", data_dir, log_path)
        try:
            try:
                wait_healthy(server.base, proc)
            except AssertionError as exc:
                raise AssertionError(f"{exc}:\n{server.log()}") from None
            yield server
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def serving(data_dir: Path, **extra: str) -> Iterator[str]:
    with served(data_dir, **extra) as server:
        yield server.base
