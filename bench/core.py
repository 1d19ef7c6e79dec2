"""What every measurement shares: its result row, percentiles, and the HTTP load generator."""

from __future__ import annotations

import json
import math
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bench.env import LOCALHOST, ROOT


@dataclass
class Row:
    """One line of the report: a measured rate (or latency) and the physical baseline it is divided by."""

    item: str  # "1 import", "3 replay"...
    what: str
    value: float | None
    unit: str
    baseline_what: str = ""
    baseline: float | None = None
    baseline_unit: str = ""
    ratio: float | None = None
    target: str = ""
    met: bool | None = None
    note: str = ""
    status: str = "ok"  # ok | skipped | error
    details: dict[str, Any] = field(default_factory=dict)
    short: str = ""  # a few words for the README table (defaults to ``what``)
    baseline_short: str = ""
    # The server's CPU (user + system, every process) per request of the measured load and of its
    # baseline's, when the baseline is a request to the same server: what bounds a rate on a shared machine.
    cpu_ms: float | None = None
    baseline_cpu_ms: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def ratio_row(
    item: str,
    what: str,
    value: float,
    unit: str,
    baseline_what: str,
    baseline: float,
    *,
    at_least: float | None = None,
    at_most: float | None = None,
    note: str = "",
    details: dict[str, Any] | None = None,
    short: str = "",
    baseline_short: str = "",
    cpu_ms: float | None = None,
    baseline_cpu_ms: float | None = None,
) -> Row:
    ratio = value / baseline if baseline else math.nan
    met: bool | None = None
    target = ""
    if at_least is not None:
        met, target = ratio >= at_least, f">= {at_least:g}"
    if at_most is not None:
        met, target = ratio <= at_most, f"<= {at_most:g}"
    return Row(
        item=item,
        what=what,
        value=value,
        unit=unit,
        baseline_what=baseline_what,
        baseline=baseline,
        baseline_unit=unit,
        ratio=ratio,
        target=target,
        met=met,
        note=note,
        details=details or {},
        short=short,
        baseline_short=baseline_short,
        cpu_ms=cpu_ms,
        baseline_cpu_ms=baseline_cpu_ms,
    )


def skipped(item: str, what: str, reason: str) -> Row:
    return Row(item=item, what=what, value=None, unit="", status="skipped", note=f"not available: {reason}")


def failed(item: str, what: str, error: BaseException) -> Row:
    text = f"{type(error).__name__}: {error}".splitlines()[0][:300]
    return Row(item=item, what=what, value=None, unit="", status="error", met=False, note=text)


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100), nearest-rank on the sorted values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, math.ceil(q / 100 * len(ordered)) - 1))
    return ordered[rank]


def http_load(
    port: int,
    paths: list[str],
    *,
    requests: int,
    concurrency: int = 1,
    warmup: int = 0,
    headers: dict[str, str] | None = None,
    max_seconds: float = 120,
) -> dict[str, Any]:
    """Run the GET load generator in a separate process against 127.0.0.1:port."""
    spec = {
        "host": LOCALHOST,
        "port": port,
        "paths": paths,
        "requests": requests,
        "concurrency": concurrency,
        "warmup": warmup,
        "headers": headers or {},
        "max_seconds": max_seconds,
    }
    return _loadgen(spec, max_seconds)


def http_sequences(
    port: int, sequences: list[dict[str, Any]], *, headers: dict[str, str] | None = None, max_seconds: float = 120
) -> dict[str, Any]:
    """POST each sequence's bodies in order on a connection of its own, If-Match from the previous ETag
    (``sequences``: ``{"path", "etag", "bodies"}``), in the load generator's process."""
    spec = {"host": LOCALHOST, "port": port, "sequences": sequences, "headers": headers or {}}
    spec["max_seconds"] = max_seconds
    return _loadgen(spec, max_seconds)


def _loadgen(spec: dict[str, Any], max_seconds: float) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "bench.loadgen"],
        input=json.dumps(spec),
        capture_output=True,
        text=True,
        cwd=str(ROOT),
        timeout=max_seconds * 2 + 60,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"load generator failed: {done.stderr.strip().splitlines()[-1:]}")
    result: dict[str, Any] = json.loads(done.stdout)
    bad = {int(k): v for k, v in result["statuses"].items() if not 200 <= int(k) < 300}
    if bad:
        raise RuntimeError(f"load generator got non-2xx answers: {bad} {result.get('errors', '')}")
    return result


def in_threads(n: int, work: Callable[[int], None]) -> float:
    """Run ``work(i)`` in ``n`` threads; the wall time. The first exception is re-raised."""
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            work(i)
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,), daemon=True) for i in range(n)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    if errors:
        raise errors[0]
    return elapsed


def chunks(items: Sequence[Any], n: int) -> Iterable[Sequence[Any]]:
    """Split ``items`` into ``n`` interleaved parts."""
    return [items[i::n] for i in range(n)]
