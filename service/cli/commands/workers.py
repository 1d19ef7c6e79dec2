"""The worker processes of ``banquise serve --workers N``: each accepts on a listening socket of its own.

uvicorn's own supervisor binds one socket and every worker accepts from it: whichever is awake takes
the connections waiting. Measured here: the bench's 8 recorders once all landed on one worker (the other
idled), and bursts of 8 wrk connections split 60/40 on average. Here each worker binds the port itself
with ``SO_REUSEPORT``, and the kernel spreads new connections over the workers' sockets by a hash of
the addresses (the same bursts: 50/50).

The supervisor holds the port with a socket bound the same way but never listening (the kernel gives
connections to listening sockets only): a port already taken fails the start-up at once, and the port
stays ours while a worker is started again. A worker that exits is started again; SIGTERM or SIGINT
stops every worker (uvicorn finishes their requests) and then returns.
"""

from __future__ import annotations

import logging
import multiprocessing
import signal
import socket
import threading
from multiprocessing.context import SpawnProcess
from types import FrameType

import uvicorn

from service.cli.commands.stopping import leave_unfinished_work

log = logging.getLogger("banquise.cli")

# Seconds a stopping worker may take beyond its requests' grace (``timeout_graceful_shutdown``) to close
# its pool and leave, before it is killed.
STOP_GRACE = 10.0
_spawn = multiprocessing.get_context("spawn")


def port_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` with ``SO_REUSEPORT`` (not listening yet)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except BaseException:
        sock.close()
        raise
    return sock


def run_worker(config: uvicorn.Config) -> None:
    """One worker process: its own socket on the port, then uvicorn on it until told to stop (its requests
    given ``timeout_graceful_shutdown`` seconds, then left unfinished: ``stopping``)."""
    config.configure_logging()
    sock = port_socket(config.host, config.port)
    uvicorn.Server(config).run(sockets=[sock])
    leave_unfinished_work()


class Workers:
    """``count`` processes running ``run_worker``, kept running until a stop signal."""

    def __init__(self, config: uvicorn.Config, count: int) -> None:
        self.config = config
        self.count = count
        self._stop = threading.Event()

    def run(self) -> int:
        """Serve until a stop signal: 0; 1 when the port cannot be bound (taken, or not this host's)."""
        try:
            held = port_socket(self.config.host, self.config.port)
        except OSError as exc:
            log.error("cannot listen on %s:%s: %s", self.config.host, self.config.port, exc.strerror or exc)
            return 1
        previous = {sig: signal.signal(sig, self._on_signal) for sig in (signal.SIGINT, signal.SIGTERM)}
        processes = [self._start() for _ in range(self.count)]
        try:
            while not self._stop.wait(0.5):
                for i, process in enumerate(processes):
                    if not process.is_alive():
                        log.warning("worker %s exited (code %s): starting another", process.pid, process.exitcode)
                        process.join()
                        processes[i] = self._start()
        finally:
            for process in processes:
                process.terminate()  # SIGTERM: uvicorn stops accepting and finishes its requests
            for process in processes:
                process.join((self.config.timeout_graceful_shutdown or 0) + STOP_GRACE)
                if process.is_alive():
                    process.kill()
                    process.join()
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            held.close()
        return 0

    def _start(self) -> SpawnProcess:
        process = _spawn.Process(target=run_worker, args=(self.config,), name="banquise-worker")
        process.start()
        log.info("worker process %s started", process.pid)
        return process

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self._stop.set()
