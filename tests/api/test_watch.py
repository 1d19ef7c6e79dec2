"""Watching games over HTTP: replay by move and turn, forks, the live stream, the viewer's HTML."""

from __future__ import annotations

import re
import threading
from itertools import pairwise
from typing import Any

import httpx
import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic import RULES as ARCTIC
from domain.game import state_hash
from projections import standard
from service.base.settings import Settings
from service.http.app import create_app
from service.http.viewer.page import TIMELINE_PAGE
from service.runtime import Runtime
from tests.api.test_undo import Table
from tests.helpers import auth, web
from tests.watching import record, remaining_moves, served, simulate

Client = TestClient[Any]


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str) -> dict[str, Any]:
    made = client.post("/games/import", json=record("arctic", 3, 11), headers=auth(api_key))
    assert made.status_code == 201, made.text
    return dict(made.json())


def test_timeline_entries_carry_move_and_turn_numbers(client: Client, finished: dict[str, Any]) -> None:
    entries = client.get(f"/games/{finished['id']}/timeline").json()["entries"]
    assert entries[0]["move_number"] == 0 and entries[0]["turn"] == 0
    assert max(e["move_number"] for e in entries) == finished["moves"]
    turns = [e for e in entries if e["turn_start"]]
    assert [e["turn"] for e in turns] == list(range(1, len(turns) + 1))
    # numbers never go down along the timeline
    assert all(a["move_number"] <= b["move_number"] and a["turn"] <= b["turn"] for a, b in pairwise(entries))


def test_replay_by_move_is_the_state_after_that_many_moves(client: Client, finished: dict[str, Any]) -> None:
    game = simulate("arctic", 3, 11)
    gid = finished["id"]
    entries = client.get(f"/games/{gid}/timeline").json()["entries"]
    for move in (0, 1, 7, finished["moves"]):
        replay = client.get(f"/games/{gid}/replay", params={"move": move}).json()
        last_of_move = max(e["step"] for e in entries if e["move_number"] <= move)
        assert replay["step"] == last_of_move
        assert replay["state_hash"] == state_hash(ARCTIC.fold(game.events[:last_of_move]))
    assert client.get(f"/games/{gid}/replay", params={"move": finished["moves"] + 1}).json()["code"] == "move_not_found"


def test_replay_by_turn_is_the_board_as_the_turn_starts(client: Client, finished: dict[str, Any]) -> None:
    gid = finished["id"]
    entries = client.get(f"/games/{gid}/timeline").json()["entries"]
    starts = [e for e in entries if e["turn_start"]]
    third = client.get(f"/games/{gid}/replay", params={"turn": 3, "perspective": "seat:1"}).json()
    assert third["step"] == starts[2]["step"] and third["event"]["type"] == "TurnStarted"
    assert third["perspective"] == "seat:1"
    missing = client.get(f"/games/{gid}/replay", params={"turn": len(starts) + 1})
    assert missing.status_code == 404 and missing.json()["code"] == "turn_not_found"
    both = client.get(f"/games/{gid}/replay", params={"turn": 1, "move": 1})
    assert both.status_code == 400 and both.json()["code"] == "invalid_navigation"


def test_a_fork_starts_from_the_same_state_and_is_played_through_the_moves_api(
    client: Client, api_key: str, other_key: str, finished: dict[str, Any]
) -> None:
    gid = finished["id"]
    at = client.get(f"/games/{gid}/replay", params={"move": 10}).json()
    made = client.post(f"/games/{gid}/forks", json={"at": at["step"]}, headers=auth(other_key))
    assert made.status_code == 201, made.text
    fork = made.json()
    assert fork["state_hash"] == at["state_hash"] and fork["status"] == "live" and fork["moves"] == 10
    assert fork["forked_from"] == {"game_id": gid, "step": at["step"]} and fork["rated"] is False
    assert made.headers["location"] == f"/games/{fork['id']}"
    assert (
        client.get(f"/games/{fork['id']}/replay/{at['step']}", headers=auth(other_key)).json()["state_hash"]
        == at["state_hash"]
    )
    # linked both ways
    assert client.get(f"/games/{fork['id']}/forks").json()["forked_from"] == {"game_id": gid, "step": at["step"]}
    assert [f["game_id"] for f in client.get(f"/games/{gid}/forks").json()["forks"]] == [fork["id"]]
    # the caller owns it: the origin's next move is legal there, and only the fork's owner may play it
    move = remaining_moves("arctic", 3, 11, 10)[0]
    assert client.post(f"/games/{fork['id']}/moves", json={"move": move}, headers=auth(api_key)).status_code == 403
    played = client.post(
        f"/games/{fork['id']}/moves", json={"move": move}, headers={**auth(other_key), "If-Match": f'"{at["step"]}"'}
    )
    assert played.status_code == 201, played.text
    assert played.json()["move"] == 10
    exported = client.get(f"/games/{fork['id']}/record", headers=auth(other_key)).json()
    assert len(exported["moves"]) == 11


def test_fork_refusals(client: Client, api_key: str, other_key: str, finished: dict[str, Any]) -> None:
    gid = finished["id"]
    entries = client.get(f"/games/{gid}/timeline").json()["entries"]
    inside = next(e["step"] for e, n in pairwise(entries) if e["move_number"] == n["move_number"] > 0)
    mid = client.post(f"/games/{gid}/forks", json={"at": inside}, headers=auth(api_key))
    assert mid.status_code == 422 and mid.json()["code"] == "fork_step_mid_move"
    end = client.post(f"/games/{gid}/forks", json={"at": finished["version"]}, headers=auth(api_key))
    assert end.status_code == 422 and end.json()["code"] == "fork_of_finished_board"
    out = client.post(f"/games/{gid}/forks", json={"at": finished["version"] + 1}, headers=auth(api_key))
    assert out.status_code == 422 and out.json()["code"] == "fork_step_out_of_range"
    assert client.post(f"/games/{gid}/forks", json={"at": 5}).status_code == 401
    assert client.post(f"/games/{gid}/forks", json={"at": "x"}, headers=auth(api_key)).status_code == 400
    # a live game holds hidden cards: only its owner may fork it
    live = client.post("/games/import", json=record("arctic", 2, 12, moves=6), headers=auth(api_key)).json()
    denied = client.post(f"/games/{live['id']}/forks", json={"at": live["version"]}, headers=auth(other_key))
    assert denied.status_code == 403 and denied.json()["code"] == "perspective_forbidden"
    assert (
        client.post(f"/games/{live['id']}/forks", json={"at": live["version"]}, headers=auth(api_key)).status_code
        == 201
    )


def test_a_finished_fork_stays_out_of_statistics(
    client: Client, runtime: Runtime, api_key: str, other_key: str
) -> None:
    origin = client.post("/games/import", json=record("arctic", 2, 13), headers=auth(api_key)).json()
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    counted = client.get(f"/players/{origin['players'][0]}").json()["games"]
    step = client.get(f"/games/{origin['id']}/replay", params={"move": 4}).json()["step"]
    fork = client.post(f"/games/{origin['id']}/forks", json={"at": step}, headers=auth(other_key)).json()
    version = fork["version"]
    for move in remaining_moves("arctic", 2, 13, 4):
        made = client.post(f"/games/{fork['id']}/moves", json={"move": move}, headers=auth(other_key))
        assert made.status_code == 201, made.text
        version = made.json()["version"]
    assert client.get(f"/games/{fork['id']}").json()["status"] == "finished"
    runner.run()
    runner.close()
    assert client.get(f"/games/{origin['id']}/stats").json()["table"]
    forked = client.get(f"/games/{fork['id']}/stats").json()
    assert forked["status"] == "finished" and forked["table"] == [] and forked["players_stats"] == []
    board = client.get(f"/games/{fork['id']}/board").json()
    assert board["version"] == version  # still projected as a board: only statistics skip it
    player = client.get(f"/players/{origin['players'][0]}").json()
    assert player["games"] == counted, player  # the fork is not one of the player's games


def _page_data(html: str) -> dict[str, Any]:
    """The JSON the page's shell holds for its modules (the first replay, the timeline, the words)."""
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', html, re.S)
    assert found is not None
    return dict(msgspec.json.decode(found.group(1)))


def test_the_viewer_page_holds_the_replay_its_board_draws(client: Client, finished: dict[str, Any]) -> None:
    gid = finished["id"]
    step = finished["version"] // 2
    page = client.get(f"/games/{gid}/watch", params={"step": step, "lang": "fr"})
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    html = page.text
    data = _page_data(html)
    assert data["replay"] == client.get(f"/games/{gid}/replay/{step}").json()
    assert data["timeline"] == client.get(f"/games/{gid}/timeline", params={"lang": "fr"}).json()["entries"]
    assert data["words"]["river"] == "Rivière" and data["players"] == finished["players"]
    assert f'<section id="board" aria-label="Plateau" data-step="{step}"' in html
    assert 'type="module" src="/static/viewer/viewer.js"' in html and "http" not in html.split("<body")[0]
    for path in ("viewer/viewer.js", "pages.css", "board/index.js", "board/arctic.js", "board/arctica/action-board.js"):
        served = client.get(f"/static/{path}")
        assert served.status_code == 200, path
        if path.endswith(".js"):  # an ES module needs a JavaScript media type
            assert "javascript" in served.headers["content-type"], served.headers
    assert client.get(f"/games/{gid}/watch", params={"step": 10**6}).json()["code"] == "step_not_found"


def test_the_page_data_cannot_close_its_script_element(client: Client, api_key: str) -> None:
    body = record("arctic", 2, 15, moves=3)
    made = client.post("/games/import", json=body, headers=auth(api_key)).json()
    html = client.get(f"/games/{made['id']}/watch").text
    script = html.split('id="viewer-data">', 1)[1].split("</script>", 1)[0]
    assert "<" not in script  # any "<" of the data is written \u003c


def test_the_owner_s_page_shows_a_correction_s_reason(client: Client, api_key: str) -> None:
    live = client.post("/games/import", json=record("arctic", 2, 16, moves=8), headers=auth(api_key)).json()
    undone = client.post(f"/games/{live['id']}/undo", json={"reason": "wrong card"}, headers=auth(api_key))
    assert undone.status_code == 200, undone.text
    assert [m["number"] for m in undone.json()["taken_back"]] == [8]

    def correction(page: str) -> dict[str, Any]:
        return next(e for e in _page_data(page)["timeline"] if e["correction"])

    owner = correction(client.get(f"/games/{live['id']}/watch", headers=auth(api_key)).text)
    assert owner["correction"]["reason"] == "wrong card" and owner["description"] == "Move 8 taken back"
    assert correction(client.get(f"/games/{live['id']}/watch").text)["correction"]["reason"] is None


def test_the_viewer_hides_what_the_perspective_may_not_see(client: Client, api_key: str) -> None:
    live = client.post("/games/import", json=record("arctic", 2, 14, moves=4), headers=auth(api_key)).json()
    gid = live["id"]
    spectator = client.get(f"/games/{gid}/watch").text
    owner = client.get(f"/games/{gid}/watch", params={"perspective": "seat:0"}, headers=auth(api_key)).text
    view = client.get(f"/games/{gid}/replay/{live['version']}?perspective=seat:0", headers=auth(api_key)).json()["view"]
    hand = view["players"][0]["hand"]
    assert hand and _page_data(owner)["replay"]["view"]["players"][0]["hand"] == hand
    assert all(c in _page_data(owner)["replay"]["view"]["cards"] for c in hand)
    seen = _page_data(spectator)["replay"]["view"]
    assert seen["players"][0]["hand"] is None and not any(c in seen["cards"] for c in hand)
    assert client.get(f"/games/{gid}/watch?perspective=seat:0").json()["code"] == "perspective_forbidden"
    assert '<option value="spectator"' in spectator and 'value="omniscient"' not in spectator


@pytest.fixture(scope="module")
def base(settings: Settings, runtime: Runtime) -> Any:
    with served(create_app(settings, runtime=runtime)) as url:
        yield url


def _events(lines: Any, until: str) -> list[dict[str, str]]:
    """SSE messages (id, event, data, comment) read until one whose event or comment is ``until``."""
    out: list[dict[str, str]] = []
    message: dict[str, str] = {}
    for line in lines:
        if line == "":
            if message:
                out.append(message)
                if until in (message.get("event"), message.get("comment")):
                    return out
            message = {}
            continue
        field, _, value = line.partition(":")
        message[field or "comment"] = value.removeprefix(" ")
    return out


def test_live_stream_sends_each_new_event_redacted_and_closes_at_the_end(base: str, api_key: str) -> None:
    kind, seed = "arctica", 21
    body = record(kind, 2, seed, moves=3)
    made = web.post(f"{base}/games/import", json=body, headers=auth(api_key)).json()
    gid, version = made["id"], made["version"]
    rest = remaining_moves(kind, 2, seed, 3)

    def play() -> None:
        for move in rest:
            assert web.post(f"{base}/games/{gid}/moves", json={"move": move}, headers=auth(api_key)).status_code == 201

    with httpx.stream("GET", f"{base}/games/{gid}/live", headers={"Last-Event-ID": str(version - 2)}, timeout=60) as r:
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        threading.Thread(target=play).start()
        messages = _events(r.iter_lines(), "end")
    events = [m for m in messages if m.get("event") == "event"]
    ids = [int(m["id"]) for m in events]
    final = web.get(f"{base}/games/{gid}").json()["version"]
    assert ids == list(range(version - 1, final + 1))  # resumed after Last-Event-ID, no gap, no repeat
    assert messages[-1]["event"] == "end"
    # the same redaction as /events for the same perspective
    logged = web.get(f"{base}/games/{gid}/events", params={"after": version - 2}).json()
    assert [msgspec.json.decode(m["data"])["event"] for m in events] == [e["event"] for e in logged]


def test_live_stream_heartbeats_delay_and_refusals(base: str, api_key: str) -> None:
    made = web.post(f"{base}/games/import", json=record("arctic", 2, 22, moves=6), headers=auth(api_key)).json()
    gid = made["id"]
    with httpx.stream("GET", f"{base}/games/{gid}/live", params={"heartbeat": 0.3, "delay": 2}, timeout=30) as r:
        messages = _events(r.iter_lines(), "heartbeat")
    moves = [msgspec.json.decode(m["data"])["move"] for m in messages if m.get("event") == "event"]
    assert moves and max(m for m in moves if m is not None) == 3  # moves 4 and 5 held back
    forbidden = web.get(f"{base}/games/{gid}/live", params={"perspective": "seat:0"})
    assert forbidden.status_code == 403 and forbidden.json()["code"] == "perspective_forbidden"
    bad = web.get(f"{base}/games/{gid}/live", headers={"Last-Event-ID": "x"})
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_last_event_id"


# Arctica, 2 players, seed 4444: its 40th move is one of 16 events; played and taken back again and again,
# it grows the stream 17 steps a cycle.
LONG = ("arctica", 2, 4444, 39)


def test_the_watch_page_of_a_long_game_holds_one_page_of_its_timeline(client: Client, api_key: str) -> None:
    """Issue #35: the page carried the whole timeline (5 MB at 12,000 events); it holds a page of entries
    around the step it shows, and the viewer fetches the others from ``/timeline``."""
    kind, players, seed, at = LONG
    table = Table(client, api_key, kind, players, seed)
    for move in table.moves[:at]:
        table.play(move)
    table.grow(2_000, table.moves[at])
    shorter = client.get(f"/games/{table.id}/watch")
    table.grow(12_000, table.moves[at])
    longer = client.get(f"/games/{table.id}/watch")
    assert shorter.status_code == longer.status_code == 200
    assert len(longer.content) <= 600_000
    assert abs(len(longer.content) - len(shorter.content)) <= 8_000  # the page no longer grows with the history
    path = f"/games/{table.id}/timeline"

    def held(step: int | None) -> list[dict[str, Any]]:
        """The entries a page holds: a page of /timeline, about halfway around the step shown, starting
        after a step no correction took back (else the page would start inside a move taken back)."""
        params = {} if step is None else {"step": step}
        entries = _page_data(client.get(f"/games/{table.id}/watch", params=params).text)["timeline"]
        start = entries[0]["step"] - 1
        assert entries == client.get(path, params={"after": start, "limit": TIMELINE_PAGE}).json()["entries"]
        if start:
            assert (
                client.get(path, params={"after": start - 1, "limit": 1}).json()["entries"][0]["taken_back_at"] is None
            )
        return list(entries)

    data = _page_data(longer.text)
    assert data["steps"] == table.version and data["timeline_page"] == TIMELINE_PAGE
    assert data["timeline"] == held(None) and data["timeline"][-1]["step"] == table.version
    middle = held(6_000)
    assert len(middle) == TIMELINE_PAGE and 5_750 <= middle[0]["step"] - 1 <= 5_750 + 17
    assert held(1) == client.get(path, params={"limit": TIMELINE_PAGE}).json()["entries"]
