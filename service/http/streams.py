"""How many live streams a process serves at once, and how many one client holds.

Each open stream holds a connection, a task and a subscription on the process's listener
(``service.base.store.listening``). Past ``BANQUISE_MAX_STREAMS`` a new stream is refused with 503
(``too_many_streams``: another process, or later), past ``BANQUISE_MAX_STREAMS_PER_CLIENT`` for one
client (its API key, else its remote address) with 429 (``too_many_client_streams``); both with
``Retry-After``.
"""

from __future__ import annotations

import threading
from collections import Counter

from service.base.refusals import Category, Refusal

RETRY_AFTER = 5  # seconds: streams end when their viewers leave; a few seconds frees some


class TooManyStreams(Refusal):
    """This process serves as many live streams as it may (BANQUISE_MAX_STREAMS): again in a few seconds."""

    category = Category.UNAVAILABLE
    code = "too_many_streams"

    def __init__(self, open: int) -> None:
        super().__init__(
            f"this process already serves {open} live streams (BANQUISE_MAX_STREAMS)", retry_after=RETRY_AFTER
        )


class TooManyClientStreams(Refusal):
    """This client holds as many live streams as one may (BANQUISE_MAX_STREAMS_PER_CLIENT)."""

    category = Category.TOO_MANY
    code = "too_many_client_streams"

    def __init__(self, held: int) -> None:
        super().__init__(
            f"this client already holds {held} live streams (BANQUISE_MAX_STREAMS_PER_CLIENT)", retry_after=RETRY_AFTER
        )


class StreamSlots:
    def __init__(self, per_process: int, per_client: int) -> None:
        self.per_process = per_process
        self.per_client = per_client
        self.open = 0
        self._clients: Counter[str] = Counter()
        # A lease may be given back by the garbage collector, in whichever thread it runs.
        self._lock = threading.Lock()

    def take(self, client: str) -> Lease:
        with self._lock:
            return self._take(client)

    def _take(self, client: str) -> Lease:
        if self.open >= self.per_process:
            raise TooManyStreams(self.open)
        if self._clients[client] >= self.per_client:
            raise TooManyClientStreams(self._clients[client])
        self.open += 1
        self._clients[client] += 1
        return Lease(self, client)

    def held(self, client: str) -> int:
        return self._clients[client]

    def _give_back(self, client: str) -> None:
        with self._lock:
            self.open -= 1
            self._clients[client] -= 1
            if self._clients[client] <= 0:
                del self._clients[client]


class Lease:
    """One stream's slot; ``release`` is idempotent (the stream's end and its garbage collection both call it)."""

    def __init__(self, slots: StreamSlots, client: str) -> None:
        self._slots: StreamSlots | None = slots
        self.client = client

    def release(self) -> None:
        slots, self._slots = self._slots, None
        if slots is not None:
            slots._give_back(self.client)
