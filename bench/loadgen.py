"""A small HTTP/1.1 load generator, run in a process of its own (``python -m bench.loadgen``).

It speaks just enough HTTP/1.1 (keep-alive, ``Content-Length`` bodies) to cost the client far less
per request than a general-purpose client would, so a hello-world endpoint measures the server, not
the client. Two modes, both bounded and only to 127.0.0.1:

* GETs: exactly ``requests`` requests over ``concurrency`` connections (or until ``max_seconds``);
* ``sequences``: one connection per sequence, each POSTing its bodies in order; with an initial
  ``etag``, ``If-Match`` is set to the ETag of the previous answer (a recorder at a table, move after
  move); without, plain POSTs (imports).

Reads a JSON spec on stdin, writes a JSON result on stdout.
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


async def _exchange(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, request: bytes
) -> tuple[int, bytes, bytes]:
    """Send one request; the status, the ETag (or b"") and the body of the answer."""
    writer.write(request)
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    status = int(lines[0].split(b" ", 2)[1])
    length = -1
    etag = b""
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        lname = name.strip().lower()
        if lname == b"content-length":
            length = int(value.strip())
        elif lname == b"etag":
            etag = value.strip()
        elif lname == b"transfer-encoding" and b"chunked" in value.lower():
            raise LoadError("chunked responses are not supported by the bench load generator")
    if length < 0:
        raise LoadError("response without Content-Length")
    body = await reader.readexactly(length) if length else b""
    return status, etag, body


def _check_host(spec: dict[str, Any]) -> str:
    host = str(spec.get("host", LOCALHOST))
    if host != LOCALHOST:
        raise LoadError("the bench load generator only targets 127.0.0.1")
    return host


async def run(spec: dict[str, Any]) -> dict[str, Any]:
    host = _check_host(spec)
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
                status, _, _ = await _exchange(reader, writer, requests[i % len(requests)])
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


async def run_sequences(spec: dict[str, Any]) -> dict[str, Any]:
    host = _check_host(spec)
    port = int(spec["port"])
    extra = "".join(f"{k}: {v}\r\n" for k, v in spec.get("headers", {}).items())
    latencies: list[float] = []
    statuses: dict[int, int] = {}
    errors: list[str] = []
    ids: list[str] = []
    events = 0

    async def client(sequence: dict[str, Any]) -> None:
        nonlocal events
        reader, writer = await asyncio.open_connection(host, port)
        etag = str(sequence["etag"]).encode() if sequence.get("etag") else b""
        head = f"POST {sequence['path']} HTTP/1.1\r\nHost: {host}:{port}\r\n{extra}content-type: application/json\r\n"
        try:
            for text in sequence["bodies"]:
                body = text.encode()
                request = head.encode() + b"content-length: " + str(len(body)).encode()
                if etag:
                    request += b"\r\nif-match: " + etag
                request += b"\r\n\r\n" + body
                started = time.perf_counter()
                status, etag, answer = await _exchange(reader, writer, request)
                latencies.append(time.perf_counter() - started)
                statuses[status] = statuses.get(status, 0) + 1
                if status != 201:
                    errors.append(answer[:300].decode(errors="replace"))
                    return
                made = json.loads(answer)
                if "events" in made:  # a move: its events
                    events += len(made["events"])
                else:  # a created or imported game: its id and number of events
                    events += int(made["version"])
                    ids.append(made["id"])
        finally:
            writer.close()

    started = time.perf_counter()
    await asyncio.wait_for(
        asyncio.gather(*(client(s) for s in spec["sequences"])), timeout=float(spec.get("max_seconds", 120))
    )
    elapsed = time.perf_counter() - started
    return {
        "latencies": latencies,
        "statuses": statuses,
        "elapsed": elapsed,
        "requests": len(latencies),
        "events": events,
        "ids": ids,
        "errors": errors[:3],
    }


def main() -> int:
    spec = json.loads(sys.stdin.read())
    result = asyncio.run(run_sequences(spec) if "sequences" in spec else run(spec))
    sys.stdout.write(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
