"""The projection worker: a loop around :class:`Runner`, in a thread of the API process or on its own
(``banquise worker``). Several workers may run at once: they take turns batch by batch."""

from __future__ import annotations

import logging
import threading
import time

from projections import standard
from projections.runner import DEFAULT_BATCH
from service.base.store import GameLog
from service.base.store.kinds import Registry

log = logging.getLogger("banquise.projections")

IDLE_POLL = 0.1  # seconds between polls of the log when caught up
RETRY_AFTER = 2.0  # seconds after a failed batch (database down...) before trying again


class Worker:
    def __init__(
        self,
        store: GameLog,
        registry: Registry,
        *,
        batch_size: int = DEFAULT_BATCH,
        idle_poll: float = IDLE_POLL,
        stop: threading.Event | None = None,
    ) -> None:
        self.runner = standard.runner(store, registry, batch_size=batch_size)
        self.idle_poll = idle_poll
        self._stop = stop or threading.Event()
        self._thread: threading.Thread | None = None

    def run(self, *, exit_when_idle: bool = False) -> int:
        """Process the log until stopped (or caught up, with ``exit_when_idle``); notifications applied."""
        total = 0
        started = time.monotonic()
        try:
            while not self._stop.is_set():
                try:
                    n = self.runner.step()
                except Exception:
                    log.exception("projection batch failed; retrying in %.0f s", RETRY_AFTER)
                    self._stop.wait(RETRY_AFTER)
                    continue
                total += n
                if n:
                    log.debug("projected %d notifications", n)
                    continue
                if exit_when_idle:
                    break
                self._stop.wait(self.idle_poll)
        finally:
            self.runner.close()
        elapsed = time.monotonic() - started
        if total:
            log.info(
                # The worker's whole run, idle time included: not how long the notifications took.
                "projections applied %d notifications over a run of %.1f s",
                total,
                elapsed,
                extra={"fields": {"notifications": total, "run_seconds": round(elapsed, 3)}},
            )
        return total

    def start(self) -> None:
        """Run in a daemon thread (the API process's in-process worker)."""
        self._thread = threading.Thread(target=self.run, name="banquise-projections", daemon=True)
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None
