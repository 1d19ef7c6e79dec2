"""Games taken elsewhere: BG Stats (push link, backup file), BoardGameGeek plays (XML), NDJSON records.
Nothing here calls BG Stats, BGG or the network: the files and the link are decoded as those apps would."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from html import unescape
from typing import Any
from urllib.parse import unquote
from uuid import UUID, uuid5
from xml.etree import ElementTree

import msgspec
import pytest
from litestar.testing import TestClient

from domain.players import handle_key
from service.base.settings import Settings
from service.cli.main import main
from service.games.playformats import NAMESPACE, PUSH
from service.http.app import create_app
from service.runtime import Runtime
from tests.helpers import auth
from tests.projections.support import record
from tests.watching import served

Client = TestClient  # type: ignore[type-arg]
CLUB = "club:Export Club"
START = datetime(2026, 11, 2, 18, 0)
NAMES = [["Aputsiaq", "Nanook"], ["Nanook", "Siku"], ["Siku", "Aputsiaq", "Nanook"]]


def unsealed(record: dict[str, Any]) -> dict[str, Any]:
    """A record as the NDJSON export gives it: without the seal of ``GET /games/{id}/record`` (docs/RECORDS.md)."""
    return {k: v for k, v in record.items() if k != "seal"}


def timed(kind: str, players: int, seed: int, names: list[str], day: int, moves: int | None = None) -> dict[str, Any]:
    """A simulated game whose moves are a minute apart, from 18:00 on ``day`` of November 2026."""
    body: dict[str, Any] = msgspec.json.decode(record(kind, players, seed, names=names, moves=moves))
    start = START + timedelta(days=day)
    body["started_at"] = start.isoformat() + "Z"
    for i, move in enumerate(body["moves"]):
        move["at"] = (start + timedelta(minutes=i + 1)).isoformat() + "Z"
    body["tags"] = {"club": "Export Club", "site": "Lyon"}
    return body


@pytest.fixture(scope="module")
def finished(client: Client, api_key: str) -> list[dict[str, Any]]:
    """Ten finished Arctic games of the club, as their summaries."""
    out = []
    for i in range(10):
        names = NAMES[i % len(NAMES)]
        made = client.post("/games/import", json=timed("arctic", len(names), 500 + i, names, i), headers=auth(api_key))
        assert made.status_code == 201, made.text
        summary = client.get(f"/games/{made.json()['id']}").json()
        assert summary["status"] == "finished"
        out.append(summary)
    return out


@pytest.fixture(scope="module")
def live(client: Client, api_key: str, finished: list[dict[str, Any]]) -> str:
    """A live game of the same club (its owner's key: ``api_key``)."""
    made = client.post("/games/import", json=timed("arctic", 2, 600, NAMES[0], 20, moves=3), headers=auth(api_key))
    assert made.status_code == 201 and made.json()["status"] == "live", made.text
    return str(made.json()["id"])


def test_the_bgstats_file_gives_the_same_ids_twice(client: Client, finished: list[dict[str, Any]]) -> None:
    first = client.get("/exports/bgstats", params={"tag": CLUB})
    assert first.status_code == 200, first.text
    assert "attachment" in first.headers["content-disposition"]
    again = client.get("/exports/bgstats", params={"tag": CLUB})
    assert again.json() == first.json()
    data = first.json()
    assert {p["uuid"] for p in data["plays"]} == {str(uuid5(NAMESPACE, f"play:{g['id']}")) for g in finished}
    assert len(data["plays"]) == 10 and len({p["uuid"] for p in data["plays"]}) == 10
    assert [g["name"] for g in data["games"]] == ["Arctic"] and data["games"][0]["bggId"] == 420214
    assert data["games"][0]["highestWins"] is True
    assert [loc["name"] for loc in data["locations"]] == ["Lyon"]
    players = {p["id"]: p for p in data["players"]}
    # Each list's ids are its positions from 1 (players by handle key); plays newest first.
    assert [(p["id"], p["name"]) for p in data["players"]] == [
        (1, "Anonymous player"),
        (2, "Aputsiaq"),
        (3, "Nanook"),
        (4, "Siku"),
    ]
    assert [p["isAnonymous"] for p in data["players"]] == [True, False, False, False]
    assert [g["id"] for g in data["games"]] == [1] and [loc["id"] for loc in data["locations"]] == [1]
    dates = [p["playDate"] for p in data["plays"]]
    assert dates == sorted(dates, reverse=True)
    assert data["userInfo"] == {"meRefId": 0}  # no player filter: nobody's backup
    mine = client.get("/exports/bgstats", params={"tag": CLUB, "player": "nanook"}).json()
    assert mine["players"][mine["userInfo"]["meRefId"] - 1]["name"] == "Nanook"
    for p in data["players"][1:]:
        assert p["uuid"] == str(uuid5(NAMESPACE, f"player:{handle_key(p['name'])}"))
        assert set(p) >= {"uuid", "id", "name", "isAnonymous", "bggUsername", "modificationDate"}
    by_uuid = {p["uuid"]: p for p in data["plays"]}
    for game in finished:
        play = by_uuid[str(uuid5(NAMESPACE, f"play:{game['id']}"))]
        assert play["gameRefId"] == data["games"][0]["id"]
        assert play["locationRefId"] == data["locations"][0]["id"]
        assert play["playDate"] == game["started_at"][:19].replace("T", " ")
        scores = {players[s["playerRefId"]]["name"]: s for s in play["playerScores"]}
        for result in game["results"]:
            assert scores[result["player"]]["score"] == str(result["total"])
            assert scores[result["player"]]["winner"] is (result["rank"] == 1)
        assert sum(s["startPlayer"] for s in play["playerScores"]) == 1
        assert set(play) >= {"uuid", "playDate", "durationMin", "gameRefId", "locationRefId", "playerScores"}


def test_the_push_link_decodes_to_the_play(client: Client, finished: list[dict[str, Any]]) -> None:
    game = finished[4]
    answer = client.get(f"/games/{game['id']}/bgstats")
    assert answer.status_code == 200, answer.text
    link = answer.json()["link"]
    assert link.startswith(PUSH)
    data = json.loads(unquote(link.removeprefix(PUSH)))
    assert data == answer.json()["data"]
    assert data["game"] == {
        "name": "Arctic",
        "bggId": 420214,
        "highestWins": True,
        "noPoints": False,
        "sourceGameId": "arctic",
    }
    assert data["sourcePlayId"] == game["id"]
    assert data["playDate"] == game["started_at"][:19].replace("T", " ")
    started, ended = (datetime.fromisoformat(game[k].replace("Z", "+00:00")) for k in ("started_at", "finished_at"))
    assert data["durationMin"] == int((ended - started).total_seconds() // 60) == game["moves"]
    assert data["location"] == "Lyon"
    results = {r["player"]: r for r in game["results"]}
    assert [p["name"] for p in data["players"]] == game["players"]
    for p in data["players"]:
        assert p["score"] == results[p["name"]]["total"]
        assert p["winner"] is (results[p["name"]]["rank"] == 1)
    assert [p["name"] for p in data["players"] if p["winner"]] == [w["player"] for w in game["winners"]]


def test_the_bgg_plays_round_trip_through_an_xml_parser(client: Client, finished: list[dict[str, Any]]) -> None:
    answer = client.get("/exports/bgg", params={"tag": CLUB})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/xml")
    root = ElementTree.fromstring(answer.content)
    plays = root.findall("play")
    assert len(plays) == 10
    assert root.get("username") == "" and root.get("userid") == "0" and root.get("total") == "10"
    # A play id on every play, the same on every export: 2^30 and above (BGG's own are far below).
    again = ElementTree.fromstring(client.get("/exports/bgg", params={"tag": CLUB}).content)
    assert [p.get("id") for p in plays] == [p.get("id") for p in again.findall("play")]
    assert all(int(p.get("id", "0")) >= 1 << 30 for p in plays) and len({p.get("id") for p in plays}) == 10
    assert [p.get("date") for p in plays] == sorted((p.get("date") for p in plays), reverse=True)
    by_game = {p.findtext("comments", "").rsplit(" ", 1)[-1]: p for p in plays}
    for game in finished:
        play = by_game[game["id"]]
        assert play.get("date") == game["started_at"][:10]
        assert play.get("length") == str(game["moves"]) and play.get("location") == "Lyon"
        assert (play.get("incomplete"), play.get("nowinstats")) == ("0", "0")
        item = play.find("item")
        assert item is not None and item.get("objectid") == "420214" and item.get("name") == "Arctic"
        players = play.findall("players/player")
        results = {r["player"]: r for r in game["results"]}
        assert [p.get("name") for p in players] == game["players"]
        for p in players:
            assert p.get("score") == str(results[p.get("name")]["total"])
            assert p.get("win") == ("1" if results[p.get("name")]["rank"] == 1 else "0")
        assert sorted(p.get("startposition") for p in players) == [str(n) for n in range(1, len(players) + 1)]
    one = client.get(f"/games/{finished[0]['id']}/bgg")
    assert one.status_code == 200 and len(ElementTree.fromstring(one.content).findall("play")) == 1


def test_a_live_game_is_no_play(client: Client, live: str, api_key: str) -> None:
    for path in (f"/games/{live}/bgstats", f"/games/{live}/bgg"):
        answer = client.get(path, headers=auth(api_key))
        assert answer.status_code == 409 and answer.json()["code"] == "game_not_finished", answer.text
    missing = client.get(f"/games/{UUID(int=7)}/bgstats")
    assert missing.status_code == 404 and missing.json()["code"] == "game_not_found"
    # The files hold finished games only, whoever asks.
    mine = client.get("/exports/bgstats", params={"tag": CLUB}, headers=auth(api_key)).json()
    assert str(uuid5(NAMESPACE, f"play:{live}")) not in {p["uuid"] for p in mine["plays"]}


def test_the_ndjson_records_are_the_records_the_caller_sees(
    client: Client, finished: list[dict[str, Any]], live: str, api_key: str, other_key: str
) -> None:
    answer = client.get("/exports/records", params={"tag": CLUB})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("application/x-ndjson")
    lines = [json.loads(line) for line in answer.text.splitlines()]
    # Newest recorded first; the live game is its owner's alone.
    assert [r["id"] for r in lines] == [f"game:{g['id']}" for g in reversed(finished)]
    for line, game in zip(lines, reversed(finished), strict=True):
        assert line == unsealed(client.get(f"/games/{game['id']}/record").json())
    assert len(client.get("/exports/records", params={"tag": CLUB}, headers=auth(other_key)).text.splitlines()) == 10
    owned = [
        json.loads(line)
        for line in client.get("/exports/records", params={"tag": CLUB}, headers=auth(api_key)).text.splitlines()
    ]
    assert owned[0]["id"] == f"game:{live}" and len(owned) == 11
    filtered = client.get("/exports/records", params={"tag": CLUB, "player": "siku", "status": "finished"})
    assert len(filtered.text.splitlines()) == sum("Siku" in g["players"] for g in finished)


def test_many_games_events_read_in_chunks_are_each_games_stream(
    runtime: Runtime, finished: list[dict[str, Any]], live: str
) -> None:
    """``GamesTable.streams`` (the NDJSON export's read): a game cut across chunks, or a chunk of one
    event, gives each game's stream whole, as ``read`` gives it; an unknown game is left out."""
    ids = [UUID(g["id"]) for g in finished] + [UUID(live), UUID(int=7)]
    whole = {game_id: list(runtime.store.read(game_id)) for game_id in ids[:-1]}
    assert sum(len(events) for events in whole.values()) > 200
    for chunk in (1, 7, 97, 100_000):
        got = list(runtime.games.exports.games_table.streams(ids, chunk=chunk))
        assert [game_id for game_id, _ in got] == sorted(whole)
        assert dict(got) == whole


def test_bad_filters_are_refused_before_any_line(client: Client) -> None:
    for path in ("/exports/records", "/exports/bgstats", "/exports/bgg"):
        answer = client.get(path, params={"kind": "chess"})
        assert answer.status_code == 422 and answer.json()["code"] == "unknown_game_kind", answer.text
        answer = client.get(path, params={"tag": ":"})
        assert answer.status_code == 400, answer.text


def test_a_game_without_a_bgg_id_is_named_by_its_title(client: Client, api_key: str) -> None:
    body: dict[str, Any] = msgspec.json.decode(record("arctica", 2, 3, names=["Ulu", "Kaja"]))
    body["tags"] = {"club": "Arctica Club"}
    made = client.post("/games/import", json=body, headers=auth(api_key))
    assert made.status_code == 201 and made.json()["status"] == "finished", made.text
    data = client.get(f"/games/{made.json()['id']}/bgstats").json()["data"]
    assert data["game"]["name"] == "Arctica" and "bggId" not in data["game"]
    assert "durationMin" not in data and "location" not in data  # no play times, no site
    assert sum(p["startPlayer"] for p in data["players"]) == 1
    xml = ElementTree.fromstring(client.get("/exports/bgg", params={"tag": "club:Arctica Club"}).content)
    item = xml.find("play/item")
    # Every item names a BGG id, 0 for none (readers read it as a number).
    assert item is not None and item.get("objectid") == "0" and item.get("name") == "Arctica"
    file = client.get("/exports/bgstats", params={"tag": "club:Arctica Club"}).json()
    assert [(g["name"], g["bggId"]) for g in file["games"]] == [("Arctica", 0)]


def test_the_finished_game_page_sends_it_to_bg_stats(client: Client, finished: list[dict[str, Any]], live: str) -> None:
    game = finished[2]
    html = client.get(f"/games/{game['id']}/watch").text
    found = re.search(r'<a class="export" id="bgstats" href="([^"]+)"', html)
    assert found is not None
    link = unescape(found.group(1))
    assert link == client.get(f"/games/{game['id']}/bgstats").json()["link"]
    assert f'href="/games/{game["id"]}/bgg"' in html
    assert 'id="bgstats"' not in client.get(f"/games/{live}/watch").text


@pytest.fixture(scope="module")
def base(settings: Settings, runtime: Runtime) -> Iterator[str]:
    with served(create_app(settings, runtime=runtime)) as url:
        yield url


def test_the_cli_exports_every_format(
    base: str, finished: list[dict[str, Any]], capsysbinary: pytest.CaptureFixture[bytes]
) -> None:
    def run(*args: str) -> bytes:
        assert main(["export", *args, "--url", base]) == 0
        return capsysbinary.readouterr().out

    lines = run("--format", "ndjson", "--tag", CLUB, "--player", "Aputsiaq").splitlines()
    assert len(lines) == sum("Aputsiaq" in g["players"] for g in finished) and lines
    assert json.loads(lines[0])["format"] == "banquise-record"
    assert len(json.loads(run("--format", "bgstats", "--tag", CLUB))["plays"]) == 10
    assert len(ElementTree.fromstring(run("--format", "bgg", "--tag", CLUB)).findall("play")) == 10
    assert run(finished[0]["id"], "--format", "bgstats").decode().startswith(PUSH)
    assert ElementTree.fromstring(run(finished[0]["id"], "--format", "bgg")).find("play") is not None
    assert json.loads(run(finished[0]["id"]))["id"] == f"game:{finished[0]['id']}"
    assert main(["export", "--url", base]) == 2  # neither an ID nor a filter's format
    assert main(["export", "--format", "ndjson", "--kind", "chess", "--url", base]) == 1
    assert b"unknown_game_kind" in capsysbinary.readouterr().err


def test_a_sealed_fork_is_its_owners_alone_in_every_export(client: Client, api_key: str, other_key: str) -> None:
    """A fork of a live game, played to its end, carries the origin's secrets (``sight``): absent from every
    export but its owner's and refused per game, until the origin finishes. The records of a corrected game
    and of a fork (its stream starts with the origin's events copied) are their ``/record``s, line for line."""
    tag = {"tag": "club:Fork Club"}
    moves = timed("arctic", 2, 700, NAMES[0], 30)["moves"]
    cut = 4

    def store(seed: int, upto: int) -> str:
        body = timed("arctic", 2, seed, NAMES[0], 30, moves=upto)
        body["tags"] = {"club": "Fork Club"}
        made = client.post("/games/import", json=body, headers=auth(api_key))
        assert made.status_code == 201 and made.json()["status"] == "live", made.text
        return str(made.json()["id"])

    def play(game_id: str, rest: list[dict[str, Any]]) -> None:
        for move in rest:
            made = client.post(f"/games/{game_id}/moves", json={"move": move["move"]}, headers=auth(api_key))
            assert made.status_code == 201, made.text
        assert client.get(f"/games/{game_id}", headers=auth(api_key)).json()["status"] == "finished"

    origin = store(700, cut)
    version = client.get(f"/games/{origin}", headers=auth(api_key)).json()["version"]
    forked = client.post(f"/games/{origin}/forks", json={"at": version}, headers=auth(api_key))
    assert forked.status_code == 201, forked.text
    fork = str(forked.json()["id"])
    play(fork, moves[cut:])
    # A finished game with two moves taken back on its way (its record: the corrected line).
    corrected = store(701, cut + 2)
    undo_at = client.get(f"/games/{corrected}", headers=auth(api_key)).json()["version"]
    undone = client.post(
        f"/games/{corrected}/undo", json={"moves": 2}, headers={**auth(api_key), "If-Match": f'"{undo_at}"'}
    )
    assert undone.status_code == 200, undone.text
    play(corrected, timed("arctic", 2, 701, NAMES[0], 30)["moves"][cut:])

    def exported(headers: dict[str, str]) -> tuple[list[str], set[str], set[str]]:
        """The records' game ids (each line checked against the game's ``/record``), the BG Stats file's
        play uuids and the BGG file's game ids."""
        lines = [
            json.loads(line) for line in client.get("/exports/records", params=tag, headers=headers).text.splitlines()
        ]
        for line in lines:
            game_id = line["id"].removeprefix("game:")
            assert line == unsealed(client.get(f"/games/{game_id}/record", headers=headers).json())
        bgstats = client.get("/exports/bgstats", params=tag, headers=headers).json()
        bgg = ElementTree.fromstring(client.get("/exports/bgg", params=tag, headers=headers).content)
        return (
            [line["id"].removeprefix("game:") for line in lines],
            {p["uuid"] for p in bgstats["plays"]},
            {p.findtext("comments", "").rsplit(" ", 1)[-1] for p in bgg.findall("play")},
        )

    def play_id(game_id: str) -> str:
        return str(uuid5(NAMESPACE, f"play:{game_id}"))

    for headers in ({}, auth(other_key)):
        records, plays, bgg = exported(headers)
        assert records == [corrected], records
        assert plays == {play_id(corrected)} and bgg == {corrected}
        for path in (f"/games/{fork}/bgstats", f"/games/{fork}/bgg"):
            answer = client.get(path, headers=headers)
            assert answer.status_code == 403 and answer.json()["code"] == "fork_hidden", answer.text
    records, plays, bgg = exported(auth(api_key))
    assert records == [corrected, fork, origin]
    assert plays == {play_id(corrected), play_id(fork)} and bgg == {corrected, fork}
    assert client.get(f"/games/{fork}/bgstats", headers=auth(api_key)).status_code == 200
    # The origin finishes: the fork is a finished game like any other.
    play(origin, moves[cut:])
    for headers in ({}, auth(other_key)):
        records, plays, bgg = exported(headers)
        assert records == [corrected, fork, origin]
        assert plays == {play_id(g) for g in records} and bgg == set(records)
        for path in (f"/games/{fork}/bgstats", f"/games/{fork}/bgg"):
            assert client.get(path, headers=headers).status_code == 200
