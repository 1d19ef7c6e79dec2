"""The embedded server's supervisor in-process: crash restarts, stale lock files, shared handles."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

import psycopg

from service.base.embedded import EmbeddedServer, pid_alive, postmaster_pid, users


def eventually(condition: Callable[[], bool], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not true within {timeout} s"
        time.sleep(0.05)


def select_kept(conninfo: str) -> list[tuple[str]]:
    with psycopg.connect(conninfo, connect_timeout=5) as conn:
        return conn.execute("SELECT v FROM kept").fetchall()


def crash(pgdata: Path) -> int:
    pid = postmaster_pid(pgdata)
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    eventually(lambda: not pid_alive(pid))
    return pid


def test_a_killed_postmaster_is_restarted_on_the_same_data(tmp_path: Path) -> None:
    server = EmbeddedServer(tmp_path, check_interval=0.1)
    params = server.start()
    try:
        with psycopg.connect(params.conninfo(), autocommit=True) as conn:
            conn.execute("CREATE TABLE kept (v text)")
            conn.execute("INSERT INTO kept VALUES ('acknowledged')")
        crashed = crash(server.pgdata)
        eventually(lambda: server.restarts == 1)
        assert postmaster_pid(server.pgdata) not in (None, crashed)
        assert select_kept(params.conninfo()) == [("acknowledged",)]
    finally:
        server.stop()
    assert postmaster_pid(server.pgdata) is None
    assert users(server.pgdata) == []


def test_a_lock_file_naming_a_live_unrelated_process_does_not_block_the_start(tmp_path: Path) -> None:
    # After a crash in a container, the postmaster's pid is soon reused: PostgreSQL would refuse to
    # start ("lock file already exists") as long as that unrelated process lives.
    server = EmbeddedServer(tmp_path, check_interval=3600)  # no supervisor restart in this test
    params = server.start()
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        conn.execute("CREATE TABLE kept (v text)")
        conn.execute("INSERT INTO kept VALUES ('acknowledged')")
    crash(server.pgdata)
    server.stop()
    squatter = subprocess.Popen(["sleep", "60"])
    try:
        pid_file = server.pgdata / "postmaster.pid"
        lines = pid_file.read_text().splitlines()
        pid_file.write_text("\n".join([str(squatter.pid), *lines[1:]]) + "\n")

        again = EmbeddedServer(tmp_path)
        params = again.start()
        try:
            assert select_kept(params.conninfo()) == [("acknowledged",)]
            assert squatter.poll() is None  # untouched
        finally:
            again.stop()
    finally:
        squatter.kill()
        squatter.wait()
    assert postmaster_pid(server.pgdata) is None


def test_two_handles_in_one_process_share_the_server_until_the_last_stops(tmp_path: Path) -> None:
    first, second = EmbeddedServer(tmp_path), EmbeddedServer(tmp_path)
    first.start()
    params = second.start()
    assert users(first.pgdata) == [os.getpid()]
    first.stop()
    with psycopg.connect(params.conninfo(), connect_timeout=5) as conn:
        assert conn.execute("SELECT 1").fetchone() == (1,)
    second.stop()
    assert postmaster_pid(first.pgdata) is None


def test_a_data_directory_too_deep_for_a_socket_still_connects(tmp_path: Path) -> None:
    # A socket's path holds about 100 bytes: deeper, the wheel puts the socket in a runtime directory, and
    # the connection must go there (it went to the data directory, where no socket is).
    deep = tmp_path / ("d" * 60) / ("e" * 60)
    server = EmbeddedServer(deep, check_interval=3600)
    params = server.start()
    try:
        assert len(str(server.pgdata / ".s.PGSQL.5432")) > 108
        assert params.host != str(server.pgdata)
        with psycopg.connect(params.conninfo(), connect_timeout=5) as conn:
            assert conn.execute("SELECT 1").fetchone() == (1,)
    finally:
        server.stop()
    assert postmaster_pid(server.pgdata) is None
