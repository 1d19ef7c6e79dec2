"""A small HTTP/1.1 GET load generator, run in a process of its own (``python -m bench.loadgen``).

It speaks just enough HTTP/1.1 (keep-alive, ``Content-Length`` bodies) to cost the client far less
per request than a general-purpose client would, so a hello-world endpoint measures the server, not
the client. Bounded: it sends exactly ``requests`` requests (or stops at ``max_seconds``), only to
127.0.0.1. Reads a JSON spec on stdin, writes a JSON result on stdout.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from typing import Any

LOCALHOST = "127.0.0.1"


class LoadError(RuntimeError):
    pass


async def _one(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes) -> tuple[int, int]:
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split(b" ", 2)[1])
    length = -1
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        lname = name.strip().lower()
        if lname == b"content-length":
            length = int(value.strip())
        elif lname == b"transfer-encoding" and b"chunked" in value.lower():
            raise LoadError("chunked responses are not supported by the bench load generator")
    if length < 0:
        raise LoadError("response without Content-Length")
    if length:
        await reader.readexactly(length)
    return status, length


async def run(spec: dict[str, Any]) -> dict[str, Any]:
    host = spec.get("host", LOCALHOST)
    if host != LOCALHOST:
        raise LoadError("the bench load generator only targets 127.0.0.1")
    port = int(spec["port"])
    paths: list[str] = spec["paths"]
    total = int(spec["requests"])
    concurrency = max(1, int(spec.get("concurrency", 1)))
    max_seconds = float(spec.get("max_seconds", 120))
    warmup = int(spec.get("warmup", 0))
    extra = "".join(f"{k}: {v}\r\n" for k, v in spec.get("headers", {}).items())
    requests = [f"GET {p} HTTP/1.1\r\nHost: {host}:{port}\r\n{extra}\r\n".encode() for p in paths]
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    next_index = 0
    deadline = 0.0

    async def connection(count_latency: bool, budget: int) -> None:
        nonlocal next_index
        reader, writer = await asyncio.open_connection(host, port)
        try:
            while next_index < budget and time.perf_counter() < deadline:
                i = next_index
                next_index += 1
                started = time.perf_counter()
                status, _ = await _one(reader, writer, requests[i % len(requests)])
                if count_latency:
                    latencies.append(time.perf_counter() - started)
                    statuses[status] = statuses.get(status, 0) + 1
        finally:
            writer.close()

    if warmup:
        deadline = time.perf_counter() + max_seconds
        await asyncio.gather(*(connection(False, warmup) for _ in range(concurrency)))
        next_index = 0
    deadline = time.perf_counter() + max_seconds
    started = time.perf_counter()
    await asyncio.gather(*(connection(True, total) for _ in range(concurrency)))
    elapsed = time.perf_counter() - started
    return {"latencies": latencies, "statuses": statuses, "elapsed": elapsed, "requests": len(latencies)}


def main() -> int:
    spec = json.loads(sys.stdin.read())
    result = asyncio.run(run(spec))
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
