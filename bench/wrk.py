"""GET load from ``wrk`` (a C load generator: ``make bench-deps`` installs it), with the Python load
generator (``bench.loadgen``) as the fallback when it is missing.

On 2 cores the client shares the CPU with the server and PostgreSQL: the Python generator costs about
as much CPU per request as a hello-world answer, so a ratio against hello-world mostly measures the
client. wrk costs a fraction of that. Every result says which generator measured it.
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from bench.core import http_load, percentile
from bench.env import LOCALHOST

# wrk calls request() for each request: the paths in turn, from a table written by ``_script``;
# done() prints what the bench reads (latencies in microseconds, non-2xx answers, socket errors).
_LUA = """
local paths = {%s}
local n = #paths
local i = 0
%s
request = function()
  i = i %% n + 1
  return wrk.format("GET", paths[i], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nBENCH {"requests": %%d, "duration_us": %%d, "p50_us": %%d, "p99_us": %%d, "non2xx": %%d, "errors": %%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout))
end
"""


def generator() -> str:
    """``wrk`` when it is installed, else ``python``."""
    return "wrk" if shutil.which("wrk") else "python"


def _lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _script(paths: list[str], headers: dict[str, str]) -> str:
    header_lines = "local headers = {}\n" + "".join(
        f"headers[{_lua_string(k)}] = {_lua_string(v)}\n" for k, v in headers.items()
    )
    return _LUA % (", ".join(_lua_string(p) for p in paths), header_lines)


def load(
    port: int,
    paths: list[str],
    *,
    seconds: float,
    requests: int,
    concurrency: int = 16,
    headers: dict[str, str] | None = None,
    threads: int = 2,
    warmup: int = 0,
) -> dict[str, Any]:
    """GET ``paths`` in turn with ``concurrency`` connections: ``rate`` (requests/s), ``p50_ms``,
    ``p99_ms``, ``requests`` and ``generator``. wrk runs for ``seconds``; the Python generator sends
    ``requests`` requests (its own pace is the bound)."""
    if generator() == "python":
        result = http_load(port, paths, requests=requests, concurrency=concurrency, warmup=warmup, headers=headers)
        latencies = result["latencies"]
        return {
            "generator": "python",
            "requests": result["requests"],
            "rate": result["requests"] / result["elapsed"],
            "p50_ms": percentile(latencies, 50) * 1000,
            "p99_ms": percentile(latencies, 99) * 1000,
        }
    with tempfile.TemporaryDirectory(prefix="banquise-wrk-") as folder:
        script = Path(folder) / "paths.lua"
        script.write_text(_script(paths, headers or {}))
        if warmup:
            _wrk(port, script, 1.0, concurrency, threads)
        found = _wrk(port, script, seconds, concurrency, threads)
    if found["non2xx"] or found["errors"]:
        raise RuntimeError(f"wrk got {found['non2xx']} non-2xx answers and {found['errors']} socket errors")
    elapsed = found["duration_us"] / 1e6
    return {
        "generator": "wrk",
        "requests": found["requests"],
        "rate": found["requests"] / elapsed if elapsed else math.nan,
        "p50_ms": found["p50_us"] / 1000,
        "p99_ms": found["p99_us"] / 1000,
    }


def _wrk(port: int, script: Path, seconds: float, concurrency: int, threads: int) -> dict[str, Any]:
    done = subprocess.run(
        [
            "wrk",
            f"-t{min(threads, concurrency)}",
            f"-c{concurrency}",
            f"-d{max(1, round(seconds))}s",
            "--timeout",
            "10s",
            "-s",
            str(script),
            f"http://{LOCALHOST}:{port}/",
        ],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=False,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("BENCH ")), None)
    if done.returncode != 0 or line is None:
        raise RuntimeError(f"wrk failed ({done.returncode}): {(done.stderr or done.stdout).strip()[-300:]}")
    found: dict[str, Any] = json.loads(line.removeprefix("BENCH "))
    refusal = next((x for x in done.stdout.splitlines() if x.startswith("REFUSED ")), None)
    if refusal is not None:
        found["first_refusal"] = refusal.removeprefix("REFUSED ")
    return found


# Appends as a phone at a table makes them: one connection per wrk thread (requests on a connection go
# one after the other), each thread recording its own games in turn, each move with If-Match set to the
# ETag of the answer before. A thread out of moves stops (the run is sized so that none does).
_APPEND_LUA = """
local games = {%s}
local threads = {}
local counter = 0
local nthreads = %d

function setup(thread)
  thread:set("slot", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

-- A move is taken as sent once answered: wrk calls request() once more than it sends (to check the script).
local mine, g, m, etag
refused, first_refusal, exhausted = 0, "", 0  -- globals: read by done() through thread:get

function init(args)
  mine, g, m = {}, 1, 1
  for i = slot + 1, #games, nthreads do mine[#mine + 1] = games[i] end
  etag = mine[1].etag
end

request = function()
  return wrk.format("POST", mine[g].path, {
    ["Authorization"] = %s, ["Content-Type"] = "application/json", ["If-Match"] = etag,
  }, mine[g].bodies[m])
end

response = function(status, headers, body)
  if status ~= 201 then
    refused = refused + 1
    if first_refusal == "" then
      first_refusal = "game " .. g .. " move " .. m .. ": " .. status .. " " .. string.sub(body, 1, 300)
    end
    return
  end
  etag = headers["etag"] or headers["ETag"]
  m = m + 1
  if m > #mine[g].bodies then
    g, m = g + 1, 1
    if g > #mine then  -- out of moves: the run was sized too small (reported, never measured)
      exhausted, g, m = 1, #mine, #mine[#mine].bodies
      wrk.thread:stop()
    end
    etag = mine[g].etag
  end
end

done = function(summary, latency, requests)
  local e = summary.errors
  local bad = 0
  local why = ""
  for _, t in ipairs(threads) do
    bad = bad + (t:get("refused") or 0) + (t:get("exhausted") or 0)
    if why == "" then why = t:get("first_refusal") or "" end
  end
  if why ~= "" then io.write("\\nREFUSED " .. why .. "\\n") end
  io.write(string.format(
    '\\nBENCH {"requests": %%d, "duration_us": %%d, "p50_us": %%d, "p99_us": %%d, "non2xx": %%d, ' ..
    '"errors": %%d, "refused": %%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status,
    e.connect + e.read + e.write + e.timeout, bad))
end
"""


def _lua_game(game: dict[str, Any]) -> str:
    bodies = ", ".join(_lua_string(b) for b in game["bodies"])
    return f"{{path = {_lua_string(game['path'])}, etag = {_lua_string(game['etag'])}, bodies = {{{bodies}}}}}"


def appends(port: int, games: list[dict[str, Any]], *, token: str, seconds: float, connections: int) -> dict[str, Any]:
    """POST each game's moves in order (``games``: ``path``, ``etag``, ``bodies``) over ``connections``
    connections for ``seconds``: ``rate`` (appends/s), ``p50_ms``, ``p99_ms``, ``requests``. Any answer
    but 201 fails the run (a bench that records refusals measures nothing)."""
    if len(games) < connections:
        raise ValueError("at least one game per connection")
    with tempfile.TemporaryDirectory(prefix="banquise-wrk-") as folder:
        script = Path(folder) / "appends.lua"
        table = ",\n".join(_lua_game(g) for g in games)
        script.write_text(_APPEND_LUA % (table, connections, _lua_string(f"Bearer {token}")))
        found = _wrk(port, script, seconds, connections, connections)
    if found["non2xx"] or found["errors"] or found["refused"]:
        raise RuntimeError(
            f"wrk appends: {found['refused']} refused, {found['non2xx']} non-2xx, {found['errors']} socket errors"
            f" (first: {found.get('first_refusal', '')})"
        )
    elapsed = found["duration_us"] / 1e6
    return {
        "generator": "wrk",
        "requests": found["requests"],
        "rate": found["requests"] / elapsed if elapsed else math.nan,
        "p50_ms": found["p50_us"] / 1000,
        "p99_ms": found["p99_us"] / 1000,
    }
