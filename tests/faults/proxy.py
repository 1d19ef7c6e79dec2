"""A fault-injecting TCP proxy between the service and PostgreSQL (asyncio, in a thread of its own).

Faults, set at any time from the test's thread:
* ``refuse()``: every connection, open or new, is reset at once;
* ``blackhole()``: connections stay open, nothing goes through either way;
* ``cut_reply_after(marker)``: the next client message containing ``marker`` reaches the server, and
  then nothing more comes back to the client (its connection hangs, or is reset with ``reset=True``);
* ``reset_before(marker)``: the next client message containing ``marker`` never reaches the server,
  and both connections are reset (mid-transaction);
* ``heal()``: back to forwarding.

Per direction (``"up"``: client to server, ``"down"``: server to client, ``"both"``), for the nemesis
soak (tests/nemesis/):
* ``blackhole(direction)``: what goes one way is held back until the heal, as a partition does to a
  TCP stream (late, never corrupted: ``"down"`` cuts every reply); ``blackhole()`` (both ways) drops;
* ``slow(seconds, direction)``: each chunk that way is held back ``seconds`` (a slow network);
* ``reset_all()``: every open connection is reset once; new ones are forwarded.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field


@dataclass
class _Trigger:
    marker: bytes
    action: str  # "cut" or "reset"
    reset: bool = False
    fired: threading.Event = field(default_factory=threading.Event)


class FaultProxy:
    def __init__(self, upstream_host: str, upstream_port: int) -> None:
        self.upstream = (upstream_host, upstream_port)
        self.mode = "pass"
        self.port = 0
        # Per-direction faults ("up": client to server, "down": server to client).
        self.dropping = {"up": False, "down": False}
        self.delay = {"up": 0.0, "down": 0.0}
        self._trigger: _Trigger | None = None
        self._loop = asyncio.new_event_loop()
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()
        self._thread = threading.Thread(target=self._loop.run_forever, name="fault-proxy", daemon=True)

    # ------------------------------------------------------------ control (test thread)
    def start(self) -> FaultProxy:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._listen(), self._loop).result(5)
        return self

    def stop(self) -> None:
        async def close() -> None:
            if self._server is not None:
                self._server.close()
            for writer in list(self._writers):
                writer.transport.abort()

        asyncio.run_coroutine_threadsafe(close(), self._loop).result(5)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)

    def heal(self) -> None:
        self.mode = "pass"
        self._trigger = None
        self.dropping = {"up": False, "down": False}
        self.delay = {"up": 0.0, "down": 0.0}

    @staticmethod
    def _directions(direction: str) -> tuple[str, ...]:
        if direction not in ("up", "down", "both"):
            raise ValueError(f"direction is up, down or both, not {direction!r}")
        return ("up", "down") if direction == "both" else (direction,)

    def refuse(self) -> None:
        self.mode = "refuse"
        self._loop.call_soon_threadsafe(self._abort_all)

    def blackhole(self, direction: str = "both") -> None:
        if direction == "both":
            self.mode = "blackhole"
        for way in self._directions(direction):
            self.dropping[way] = True

    def slow(self, seconds: float, direction: str = "both") -> None:
        for way in self._directions(direction):
            self.delay[way] = seconds

    def reset_all(self) -> None:
        """Reset every open connection once (both sides); new connections are forwarded."""
        self._loop.call_soon_threadsafe(self._abort_all)

    def cut_reply_after(self, marker: bytes, *, reset: bool = False) -> threading.Event:
        self._trigger = _Trigger(marker, "cut", reset)
        return self._trigger.fired

    def reset_before(self, marker: bytes) -> threading.Event:
        self._trigger = _Trigger(marker, "reset")
        return self._trigger.fired

    # ------------------------------------------------------------ the proxy (its own loop)
    async def _listen(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    def _abort_all(self) -> None:
        for writer in list(self._writers):
            writer.transport.abort()

    async def _serve(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        if self.mode == "refuse":
            client_writer.transport.abort()
            return
        try:
            server_reader, server_writer = await asyncio.open_connection(*self.upstream)
        except OSError:
            client_writer.transport.abort()
            return
        self._writers.update((client_writer, server_writer))
        link = {"cut": False}

        def reset() -> None:
            client_writer.transport.abort()
            server_writer.transport.abort()

        async def upstream() -> None:
            while data := await client_reader.read(65536):
                if self.mode == "blackhole":
                    continue
                while self.dropping["up"] and self.mode != "blackhole":
                    await asyncio.sleep(0.05)
                if self.delay["up"]:
                    await asyncio.sleep(self.delay["up"])
                trigger = self._trigger
                if trigger is not None and trigger.marker in data:
                    self._trigger = None
                    if trigger.action == "reset":
                        trigger.fired.set()
                        reset()
                        return
                    link["cut"] = True
                    server_writer.write(data)
                    await server_writer.drain()
                    trigger.fired.set()
                    if trigger.reset:
                        await asyncio.sleep(0.2)  # the server has the message; its reply is dropped
                        reset()
                        return
                    continue
                if not link["cut"]:
                    server_writer.write(data)
                    await server_writer.drain()

        async def downstream() -> None:
            while data := await server_reader.read(65536):
                if self.mode == "blackhole" or link["cut"]:
                    continue
                while self.dropping["down"] and self.mode != "blackhole":
                    await asyncio.sleep(0.05)
                if self.delay["down"]:
                    await asyncio.sleep(self.delay["down"])
                client_writer.write(data)
                await client_writer.drain()

        tasks = [asyncio.ensure_future(upstream()), asyncio.ensure_future(downstream())]
        with contextlib.suppress(Exception):
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in tasks:
            task.cancel()
        for writer in (client_writer, server_writer):
            self._writers.discard(writer)
            with contextlib.suppress(Exception):
                writer.close()


@contextlib.contextmanager
def running(upstream_host: str, upstream_port: int) -> Iterator[FaultProxy]:
    proxy = FaultProxy(upstream_host, upstream_port).start()
    try:
        yield proxy
    finally:
        proxy.stop()
