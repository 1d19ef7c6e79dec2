"""The live stream over one LISTEN connection per process: no database work while idle, every stream of
a game woken by an append, `end` for every game that takes no more moves, the caps on streams."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import httpx
import msgspec
import psycopg
import pytest
from litestar import Litestar

from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store.listening import LiveHub
from service.base.store.rows import IndexedGame
from service.http.app import create_app
from service.runtime import Runtime
from tests.helpers import auth, web
from tests.watching import record, remaining_moves, served


@pytest.fixture(scope="module")
def app(settings: Settings, runtime: Runtime) -> Litestar:
    return create_app(settings, runtime=runtime)


@pytest.fixture(scope="module")
def base(app: Litestar) -> Iterator[str]:
    with served(app) as url:
        yield url


def hub_of(app: Litestar) -> dict[str, int]:
    """The serving app's listener: how often it read the rows, how many streams it holds."""
    hub: LiveHub = app.state.live
    return {"reads": hub.reads, "streams": hub.streams, "notifications": hub.notifications}


def live_game(base: str, api_key: str, seed: int, moves: int = 4) -> dict[str, Any]:
    made = web.post(f"{base}/games/import", json=record("arctic", 2, seed, moves=moves), headers=auth(api_key))
    assert made.status_code == 201, made.text
    return dict(made.json())


def messages(lines: Iterator[str], until: str) -> list[dict[str, str]]:
    """SSE messages as field → value (a comment under "comment"), read until one whose event or comment
    is ``until``; ``raw`` keeps each message's lines."""
    out: list[dict[str, str]] = []
    message: dict[str, str] = {}
    raw: list[str] = []
    for line in lines:
        if line == "":
            if message:
                message["raw"] = "\n".join(raw)
                out.append(message)
                if until in (message.get("event"), message.get("comment")):
                    return out
            message, raw = {}, []
            continue
        raw.append(line)
        name, _, value = line.partition(":")
        message[name or "comment"] = value.removeprefix(" ")
    return out


class Counting:
    """Counts the reads of a game's row by the use cases (every stream read goes through one)."""

    def __init__(self, runtime: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = 0
        games = runtime.games.rows
        original = games.row

        def row(game_id: Any) -> IndexedGame:
            self.calls += 1
            return original(game_id)

        monkeypatch.setattr(games, "row", row)


def test_greeting_and_heartbeats_are_comment_lines_without_data(base: str, api_key: str) -> None:
    gid = live_game(base, api_key, 301)["id"]
    with httpx.stream("GET", f"{base}/games/{gid}/live", params={"heartbeat": 0.2}, timeout=30) as r:
        got = messages(r.iter_lines(), "heartbeat")
    comments = [m for m in got if "comment" in m]
    assert [m["comment"] for m in comments][:1] == ["banquise live"] and comments[-1]["comment"] == "heartbeat"
    # an EventSource dispatches a message for any data line, an empty one included: none here
    assert all("data" not in m for m in comments), [m["raw"] for m in comments]


def test_idle_streams_make_no_database_read_and_an_append_wakes_each(
    app: Litestar, base: str, api_key: str, runtime: Runtime, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = live_game(base, api_key, 302)
    gid, version = made["id"], made["version"]
    count, beats = 5, 3
    counting = Counting(runtime, monkeypatch)
    heartbeats = [threading.Semaphore(0) for _ in range(count)]
    received: list[list[int]] = [[] for _ in range(count)]
    arrived: list[float] = [0.0] * count

    def watch(i: int) -> None:
        with httpx.stream("GET", f"{base}/games/{gid}/live", params={"heartbeat": 0.2}, timeout=30) as r:
            for line in r.iter_lines():
                if line == ": heartbeat":
                    heartbeats[i].release()
                elif line.startswith("id:"):
                    received[i].append(int(line[3:]))
                    if received[i][-1] > version:
                        arrived[i] = time.perf_counter()
                        return

    threads = [threading.Thread(target=watch, args=(i,), daemon=True) for i in range(count)]
    for t in threads:
        t.start()
    for h in heartbeats:  # every stream is open and waiting
        assert h.acquire(timeout=30)
    hub = hub_of(app)
    reads_before, rows_before = hub["reads"], counting.calls
    for h in heartbeats:  # a few heartbeats each: a second of idling
        for _ in range(beats):
            assert h.acquire(timeout=30)
    hub_after = hub_of(app)
    assert counting.calls == rows_before, "an idle stream read the game"
    assert hub_after["reads"] == reads_before, "the listener read the rows with nothing written"
    assert hub_after["streams"] == count

    move = remaining_moves("arctic", 2, 302, 4)[0]
    sent = time.perf_counter()
    answer = web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key))
    assert answer.status_code == 201, answer.text
    for t in threads:
        t.join(timeout=30)
    assert all(r and r[-1] > version for r in received), received
    # One read of the rows by the listener for the append, whatever the number of streams.
    assert hub_of(app)["reads"] - hub_after["reads"] <= 2
    latency = max(arrived) - sent
    print(f"append -> {count} streams: {latency * 1000:.1f} ms (the move's answer included)")


@pytest.mark.parametrize("decision", ["abandon", "void"])
def test_a_stream_ends_when_its_game_is_abandoned_or_voided(
    base: str, api_key: str, admin_key: str, decision: str
) -> None:
    made = live_game(base, api_key, 310 if decision == "abandon" else 311)
    gid = made["id"]
    with httpx.stream("GET", f"{base}/games/{gid}/live", params={"heartbeat": 0.2}, timeout=30) as r:
        lines = r.iter_lines()
        assert messages(lines, "heartbeat")  # caught up, waiting
        token = api_key if decision == "abandon" else admin_key
        closed = web.post(f"{base}/games/{gid}/{decision}", json={"reason": "the table left"}, headers=auth(token))
        assert closed.status_code == 200, closed.text
        got = messages(lines, "end")
    end = msgspec.json.decode(got[-1]["data"])
    assert got[-1]["event"] == "end" and end == {"version": made["version"], "status": f"{decision}ed"}
    # a new stream on a closed game ends at once
    with httpx.stream("GET", f"{base}/games/{gid}/live", timeout=30) as r:
        assert messages(r.iter_lines(), "end")[-1]["event"] == "end"


def test_a_stream_ends_when_its_game_finishes(base: str, api_key: str) -> None:
    made = live_game(base, api_key, 312)
    gid = made["id"]
    with httpx.stream("GET", f"{base}/games/{gid}/live", params={"heartbeat": 0.2}, timeout=30) as r:
        lines = r.iter_lines()
        assert messages(lines, "heartbeat")
        for move in remaining_moves("arctic", 2, 312, 4):
            assert web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key)).status_code == 201
        got = messages(lines, "end")
    final = web.get(f"{base}/games/{gid}").json()
    assert final["status"] == "finished"
    assert msgspec.json.decode(got[-1]["data"]) == {"version": final["version"], "status": "finished"}
    assert int([m for m in got if m.get("event") == "event"][-1]["id"]) == final["version"]


def test_a_start_beyond_the_games_version_is_refused(base: str, api_key: str) -> None:
    made = live_game(base, api_key, 313)
    gid, version = made["id"], made["version"]
    ahead = web.get(f"{base}/games/{gid}/live", headers={"Last-Event-ID": str(version + 1)})
    assert ahead.status_code == 400 and ahead.json()["code"] == "position_ahead", ahead.text
    assert ahead.json()["version"] == version
    query = web.get(f"{base}/games/{gid}/live", params={"after": version + 5})
    assert query.status_code == 400 and query.json()["code"] == "position_ahead"
    # at the version itself: a stream, waiting
    with httpx.stream("GET", f"{base}/games/{gid}/live", params={"after": version, "follow": False}) as r:
        assert r.status_code == 200 and messages(r.iter_lines(), "caught-up")[-1]["event"] == "caught-up"
    # the perspective is still checked at the version
    seat = web.get(f"{base}/games/{gid}/live", params={"after": version, "perspective": "seat:0"})
    assert seat.status_code == 403


def test_streams_past_the_caps_are_refused_with_retry_after(
    settings: Settings, runtime: Runtime, api_key: str, other_key: str
) -> None:
    capped = msgspec.structs.replace(settings, max_streams=3, max_streams_per_client=2)
    app = create_app(capped, runtime=runtime)
    with served(app) as url:
        gid = live_game(url, api_key, 314)["id"]
        slots = app.state.stream_slots

        def open_stream(token: str | None) -> httpx.Response:
            client = httpx.Client(timeout=30)
            request = client.build_request("GET", f"{url}/games/{gid}/live", headers=auth(token) if token else {})
            response = client.send(request, stream=True)
            if response.status_code != 200:
                response.read()
            opened.append((client, response))
            return response

        opened: list[tuple[httpx.Client, httpx.Response]] = []
        try:
            assert open_stream(api_key).status_code == 200
            assert open_stream(api_key).status_code == 200
            third = open_stream(api_key)
            assert third.status_code == 429
            assert third.headers["retry-after"] and third.json()["code"] == "too_many_client_streams"
            assert open_stream(None).status_code == 200  # another client (an address, no key)
            full = open_stream(other_key)
            assert full.status_code == 503 and full.headers["retry-after"]
            assert full.json()["code"] == "too_many_streams"
            # a stream whose client leaves gives its slot back
            client, response = opened.pop(0)
            response.close()
            client.close()
            deadline = time.monotonic() + 10
            while slots.open > 2 and time.monotonic() < deadline:
                time.sleep(0.05)
            assert slots.open == 2
            assert open_stream(other_key).status_code == 200
        finally:
            for client, response in opened:
                response.close()
                client.close()
        deadline = time.monotonic() + 10
        while slots.open and time.monotonic() < deadline:
            time.sleep(0.05)
        assert slots.open == 0 and app.state.live.streams == 0


def test_the_listener_reconnects_and_the_streams_get_what_was_written_meanwhile(
    app: Litestar, base: str, api_key: str, database: ConnectionParams
) -> None:
    made = live_game(base, api_key, 320)
    gid, version = made["id"], made["version"]
    with httpx.stream("GET", f"{base}/games/{gid}/live", params={"heartbeat": 0.2}, timeout=30) as r:
        lines = r.iter_lines()
        assert messages(lines, "heartbeat")
        hub: LiveHub = app.state.live
        with psycopg.connect(database.conninfo(), autocommit=True) as conn:
            cut = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'banquise/live'"
            ).fetchall()
        assert cut, "no listener connection to cut"
        move = remaining_moves("arctic", 2, 320, 4)[0]
        assert web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key)).status_code == 201
        got = messages(lines, "event")
    assert int(got[-1]["id"]) == version + 1
    deadline = time.monotonic() + 10
    while not hub.connected.is_set() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert hub.connected.is_set()
