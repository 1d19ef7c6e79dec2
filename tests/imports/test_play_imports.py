"""A club's history brought in: BG Stats backups and BGG plays imported as result-only games
(``POST /imports/bgstats``, ``POST /imports/bgg``): planned, confirmed, counted (with a filter), never
replayed, imported once, and refused whole when the file is wrong."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any
from xml.etree import ElementTree

import psycopg
import pytest
from litestar.testing import TestClient

from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.cli.main import main
from service.http.app import create_app
from service.runtime import Runtime
from tests.helpers import auth, import_game, project
from tests.imports.files import FilePlay, Seat, bgg_plays, bgstats_backup
from tests.projections.support import record
from tests.watching import served

Client = TestClient  # type: ignore[type-arg]

CLUB = [
    FilePlay("Arctic", "2026-03-01 20:00:00", [Seat("Aputsiaq", "42", True, True), Seat("Nanook", "38")]),
    # A tie: two winners; a score written as a sum.
    FilePlay(
        "Arctic",
        "2026-03-02 21:15:00",
        [Seat("Aputsiaq", "30", True), Seat("Nanook", "-10+7+22", start=True), Seat("Siku", "30", True)],
    ),
    FilePlay(
        "Arctic",
        "2026-03-03 19:00:00",
        [Seat("Åsa", "61", True), Seat("Ólafur", "55"), Seat("Nanook", "49", start=True), Seat("Siku", "12")],
        location="Café Niçoise",
    ),
    FilePlay(
        "Arctica",
        "2026-03-04 18:30:00",
        [
            Seat(n, s, n == "Siku", n == "Åsa")
            for n, s in (("Aputsiaq", "20"), ("Nanook", "21"), ("Siku", "33"), ("Åsa", "25"), ("Ólafur", "19"))
        ],
    ),
    FilePlay("Azul", "2026-03-05 18:00:00", [Seat("Aputsiaq", "70", True), Seat("Nanook", "65")]),
    FilePlay("Arctic", "2026-03-06 18:00:00", [Seat("Aputsiaq", "40", True), Seat("Nanook", "20")], ignored=True),
    FilePlay("Arctic", "2026-03-07 18:00:00", [Seat("Aputsiaq", "", True), Seat("Nanook", "")]),
]


def post(client: Client, token: str, path: str, body: bytes, **params: Any) -> Any:
    return client.post(path, content=body, params=params, headers={**auth(token), "content-type": "application/json"})


def imported_count(database: ConnectionParams) -> int:
    with psycopg.connect(database.conninfo()) as conn:
        row = conn.execute("SELECT count(*) FROM imported_plays").fetchone()
    return int(row[0]) if row else 0


@pytest.fixture(scope="module")
def backup() -> bytes:
    return json.dumps(bgstats_backup(CLUB), ensure_ascii=False).encode()


@pytest.fixture(scope="module")
def club(client: Client, api_key: str, runtime: Runtime, backup: bytes) -> dict[str, Any]:
    """The club's backup, planned then imported (and projected): the import's report."""
    plan = post(client, api_key, "/imports/bgstats", backup, dry_run="true", file="club.json")
    assert plan.status_code == 200, plan.text
    done = post(client, api_key, "/imports/bgstats", backup, confirm=plan.json()["plan_id"], file="club.json")
    assert done.status_code == 201, done.text
    project(runtime)
    return {"plan": plan.json(), "done": done.json()}


def test_a_backup_is_planned_then_imported_once(
    client: Client, api_key: str, runtime: Runtime, backup: bytes, club: dict[str, Any]
) -> None:
    plan, done = club["plan"], club["done"]
    assert plan["dry_run"] is True and plan["import_id"] is None
    assert (plan["plays_in_file"], plan["plays_of_other_games"], plan["new"], plan["already_here"]) == (7, 1, 4, 0)
    skipped = {s["reason"]: s for s in plan["skipped"]}
    assert skipped["ignored_in_app_statistics"]["examples"] == [CLUB[5].play_id]
    assert skipped["missing_score"]["examples"] == [CLUB[6].play_id]
    assert {p["handle"]: (p["action"], p["plays"]) for p in plan["players"]} == {
        "Aputsiaq": ("create", 3),
        "Nanook": ("create", 4),
        "Siku": ("create", 3),
        "Åsa": ("create", 2),
        "Ólafur": ("create", 2),
    }
    assert done["new"] == 4 and done["import_id"] and done["games"] == plan["games"]
    # Without a confirmation, or with another plan's, nothing is stored.
    again = post(client, api_key, "/imports/bgstats", backup, dry_run="true", file="club.json")
    assert again.json()["new"] == 0 and again.json()["already_here"] == 4
    refused = post(client, api_key, "/imports/bgstats", backup)
    assert refused.status_code == 400 and refused.json()["code"] == "import_not_confirmed"
    stale = post(client, api_key, "/imports/bgstats", backup, confirm=plan["plan_id"], file="club.json")
    assert stale.status_code == 409 and stale.json()["code"] == "import_plan_changed"
    # The same file again, confirmed: nothing new, nothing stored.
    second = post(client, api_key, "/imports/bgstats", backup, confirm=again.json()["plan_id"], file="club.json")
    assert second.status_code == 200 and second.json()["new"] == 0
    # A later backup: only its new play is added.
    later = [*CLUB, FilePlay("Arctic", "2026-04-01 20:00:00", [Seat("Aputsiaq", "15"), Seat("Siku", "16", True)])]
    body = json.dumps(bgstats_backup(later)).encode()
    plan2 = post(client, api_key, "/imports/bgstats", body, dry_run="true").json()
    assert (plan2["new"], plan2["already_here"]) == (1, 4)
    assert {p["handle"]: p["action"] for p in plan2["players"]} == {"Aputsiaq": "merge", "Siku": "merge"}
    assert post(client, api_key, "/imports/bgstats", body, confirm=plan2["plan_id"]).json()["new"] == 1
    project(runtime)


def test_imported_plays_count_in_statistics_and_can_be_left_out(client: Client, club: dict[str, Any]) -> None:
    nanook = client.get("/players/Nanook").json()
    arctic = {s["player_count"]: s for s in nanook["stats"] if s["kind"] == "arctic"}
    assert arctic[None]["games"] == 3 and arctic[None]["wins"] == 0
    assert arctic[3]["games"] == 1 and arctic[None]["best_score"] == 49
    assert arctic[None]["avg_breakdown"] == {}  # results only: no breakdown to average
    assert {r["kind"] for r in nanook["ratings"]} == {"arctic", "arctica"}
    siku = {(s["kind"], s["player_count"]): s for s in client.get("/players/Siku").json()["stats"]}
    assert siku[("arctic", 3)]["wins"] == 1  # the tie: both winners win
    assert siku[("arctica", 5)]["wins"] == 1 and siku[("arctic", 4)]["wins"] == 0
    assert client.get("/players/Nanook", params={"source": "recorded"}).json()["stats"] == []
    only = client.get("/players/Nanook", params={"source": "imported"}).json()
    assert [(s["kind"], s["player_count"], s["games"]) for s in only["stats"]] == [
        (s["kind"], s["player_count"], s["games"]) for s in nanook["stats"]
    ]
    assert [round(r["rating"], 9) for r in only["ratings"]] == [round(r["rating"], 9) for r in nanook["ratings"]]
    versus = client.get("/players/Aputsiaq/versus/Nanook").json()
    arctic_pair = next(k for k in versus["by_kind"] if k["kind"] == "arctic")
    assert (arctic_pair["games"], arctic_pair["a_ahead"], arctic_pair["b_ahead"]) == (2, 2, 0)
    siku_nanook = client.get("/players/Siku/versus/Nanook").json()
    assert (siku_nanook["games"], siku_nanook["a_ahead"], siku_nanook["b_ahead"]) == (3, 2, 1)
    assert client.get("/players/Aputsiaq/versus/Nanook", params={"source": "recorded"}).json()["games"] == 0
    # Other tests of this module record and import games of other players (never at these tables).
    members = {"Aputsiaq", "Nanook", "Siku", "Åsa", "Ólafur"}
    board = {e["handle"]: round(e["rating"], 9) for e in client.get("/leaderboards/arctic").json()["items"]}
    assert set(board) >= members
    recorded = client.get("/leaderboards/arctic", params={"source": "recorded"}).json()["items"]
    assert not members & {e["handle"] for e in recorded}
    scoped = client.get("/leaderboards/arctic", params={"source": "imported"}).json()["items"]
    assert {e["handle"]: round(e["rating"], 9) for e in scoped if e["handle"] in members} == {
        h: board[h] for h in members
    }
    games = client.get("/players/Åsa/games").json()["items"]
    assert {g["source"] for g in games} == {"bgstats"} and len(games) == 2


def test_a_result_only_game_has_results_and_no_moves(client: Client, api_key: str, club: dict[str, Any]) -> None:
    game_id = club["done"]["games"][-1]  # the oldest: Aputsiaq 42, Nanook 38
    stats = client.get(f"/games/{game_id}/stats")
    assert stats.status_code == 200, stats.text
    body = stats.json()
    assert body["players"] == ["Aputsiaq", "Nanook"] and body["winners"] == ["Aputsiaq"]
    assert body["provenance"]["source"] == "bgstats" and body["provenance"]["source_id"] == CLUB[0].play_id
    assert body["provenance"]["file"] == "club.json" and body["started_at"].startswith("2026-03-01T20:00:00")
    assert body["duration_seconds"] == 30 * 60
    for path in (
        f"/games/{game_id}",
        f"/games/{game_id}/replay/1",
        f"/games/{game_id}/replay?move=1",
        f"/games/{game_id}/timeline",
        f"/games/{game_id}/events",
        f"/games/{game_id}/record",
        f"/games/{game_id}/board",
        f"/games/{game_id}/legal-moves",
        f"/games/{game_id}/watch",
    ):
        answer = client.get(path, headers=auth(api_key))
        assert answer.status_code == 409 and answer.json()["code"] == "game_result_only", (path, answer.text)
    move = client.post(f"/games/{game_id}/moves", json={"move": {}}, headers=auth(api_key))
    assert move.status_code == 409 and move.json()["code"] == "game_result_only", move.text


def test_an_export_carries_imported_plays_back_with_their_ids(
    client: Client, api_key: str, runtime: Runtime, club: dict[str, Any]
) -> None:
    exported = client.get("/exports/bgstats", params={"player": "Åsa"}).json()
    assert {p["uuid"] for p in exported["plays"]} == {CLUB[2].play_id, CLUB[3].play_id}
    assert exported["players"][exported["userInfo"]["meRefId"] - 1]["name"] == "Åsa"
    # The round trip: the exported file, imported again, adds nothing.
    body = json.dumps(exported).encode()
    plan = post(client, api_key, "/imports/bgstats", body, dry_run="true").json()
    assert (plan["new"], plan["already_here"]) == (0, 2)
    xml = client.get("/exports/bgg", params={"player": "Åsa"})
    ids = {p.get("id") for p in ElementTree.fromstring(xml.content).findall("play")}
    assert len(ids) == 2 and all(int(i) >= 1 << 30 for i in ids)  # not BGG plays: Banquise's own ids
    again = client.post("/imports/bgg", content=xml.content, params={"dry_run": "true"}, headers=auth(api_key))
    assert again.status_code == 200 and (again.json()["new"], again.json()["already_here"]) == (0, 2), again.text


@pytest.mark.parametrize("media", [None, "application/x-www-form-urlencoded", "text/plain", "application/xml"])
def test_a_file_is_read_whatever_its_label(client: Client, api_key: str, backup: bytes, media: str | None) -> None:
    headers = auth(api_key, **({"content-type": media} if media else {}))
    answer = client.post("/imports/bgstats", content=backup, params={"dry_run": "true"}, headers=headers)
    assert answer.status_code == 200 and answer.json()["plays_in_file"] == 7, answer.text


def test_bgg_plays_import_once_and_keep_their_ids(client: Client, api_key: str, runtime: Runtime) -> None:
    plays = [
        FilePlay("Arctic", "2025-12-20 00:00:00", [Seat("Ulu", "31", True), Seat("Kaja", "30")], play_id="90000001"),
        FilePlay("arctica", "2025-12-21 00:00:00", [Seat("Kaja", "50", True), Seat("Ulu", "41")], play_id="90000002"),
        FilePlay("Azul", "2025-12-22 00:00:00", [Seat("Kaja", "50", True), Seat("Ulu", "41")], play_id="90000003"),
    ]
    xml = bgg_plays(plays)
    plan = client.post(
        "/imports/bgg", content=xml, params={"dry_run": "true", "tag": "club:Nuuk"}, headers=auth(api_key)
    )
    assert plan.status_code == 200, plan.text
    assert (plan.json()["new"], plan.json()["plays_of_other_games"]) == (2, 1)
    done = client.post(
        "/imports/bgg",
        content=xml,
        params={"confirm": plan.json()["plan_id"], "tag": "club:Nuuk"},
        headers=auth(api_key),
    )
    assert done.status_code == 201, done.text
    project(runtime)
    exported = ElementTree.fromstring(client.get("/exports/bgg", params={"tag": "club:Nuuk"}).content)
    assert [p.get("id") for p in exported.findall("play")] == ["90000002", "90000001"]  # newest first
    assert client.get("/players/Ulu").json()["games"] == 2
    again = client.post("/imports/bgg", content=xml, params={"dry_run": "true"}, headers=auth(api_key)).json()
    assert (again["new"], again["already_here"]) == (0, 2)


def test_a_mapping_merges_a_name_into_a_handle_here(client: Client, api_key: str, runtime: Runtime) -> None:
    import_game(client, api_key, record("arctic", 2, 41, ["Qilak", "Tulok"]))
    plays = [FilePlay("Arctic", "2026-05-01 20:00:00", [Seat("Q.", "30", True), Seat("Pana", "29")])]
    body = json.dumps(bgstats_backup(plays, me="Q.")).encode()
    plan = post(client, api_key, "/imports/bgstats", body, dry_run="true", map="q.=Qilak").json()
    assert {p["name"]: (p["handle"], p["action"]) for p in plan["players"]} == {
        "Q.": ("Qilak", "merge"),
        "Pana": ("Pana", "create"),
    }
    assert post(client, api_key, "/imports/bgstats", body, confirm=plan["plan_id"], map="q.=Qilak").status_code == 201
    project(runtime)
    assert client.get("/players/Qilak").json()["games"] == 2
    bad = post(client, api_key, "/imports/bgstats", body, dry_run="true", map="nobody")
    assert bad.status_code == 400 and bad.json()["code"] == "invalid_player_mapping"


def test_the_file_clock_is_read_in_its_time_zone(client: Client, api_key: str, runtime: Runtime) -> None:
    plays = [FilePlay("Arctic", "2026-06-01 23:30:00", [Seat("Inuk", "30", True), Seat("Malik", "29")])]
    body = json.dumps(bgstats_backup(plays, me="Inuk")).encode()
    plan = post(client, api_key, "/imports/bgstats", body, dry_run="true", tz="Europe/Paris").json()
    done = post(client, api_key, "/imports/bgstats", body, confirm=plan["plan_id"], tz="Europe/Paris").json()
    project(runtime)
    stats = client.get(f"/games/{done['games'][0]}/stats").json()
    assert stats["started_at"].startswith("2026-06-01T21:30:00")  # 23:30 in Paris (UTC+2) is 21:30 UTC
    back = client.get("/exports/bgstats", params={"player": "Inuk", "tz": "Europe/Paris"}).json()
    assert back["plays"][0]["playDate"] == "2026-06-01 23:30:00"
    utc = client.get("/exports/bgstats", params={"player": "Inuk"}).json()
    assert utc["plays"][0]["playDate"] == "2026-06-01 21:30:00"
    for zone in ("Mars/Olympus", "Europe", "a" * 300, "+25:00"):
        bad = client.get("/exports/bgstats", params={"tz": zone})
        assert bad.status_code == 400 and bad.json()["code"] == "invalid_time_zone", zone


BAD_FILES: list[tuple[str, bytes, int, str]] = [
    ("bgstats", b"this is no backup", 400, "import_not_json"),
    ("bgg", b"<plays><play", 400, "import_not_xml"),
    ("bgstats", b'{"players": [], "games": []}', 422, "import_wrong_shape"),
    (
        "bgstats",
        b'{"players": [], "games": [], "plays": [{"uuid": "x", "playDate": "2026", "gameRefId": "1"}]}',
        422,
        "import_wrong_shape",
    ),
    ("bgg", b"<items/>", 422, "import_wrong_shape"),
    ("bgg", b'<!DOCTYPE plays [<!ENTITY a "b">]><plays/>', 400, "import_not_xml"),
    (
        "bgstats",
        b'{"players": [], "games": [{"id": 1, "name": "Arctic"}], "plays": [{"uuid": "a\\u0000b", '
        b'"playDate": "2026-01-01", "gameRefId": 1}]}',
        422,
        "import_wrong_shape",
    ),
    (
        "bgg",
        b'<plays><play id="1" date="2026-01-01"><item name="Arctic" objectid="99999999999999999999999"/>'
        b"</play></plays>",
        422,
        "import_wrong_shape",
    ),
]


@pytest.mark.parametrize(("source", "body", "status", "code"), BAD_FILES)
def test_a_bad_file_is_refused_with_what_is_wrong(
    client: Client, api_key: str, database: ConnectionParams, source: str, body: bytes, status: int, code: str
) -> None:
    before = imported_count(database)
    answer = client.post(f"/imports/{source}", content=body, params={"dry_run": "false"}, headers=auth(api_key))
    assert answer.status_code == status and answer.json()["code"] == code, answer.text
    assert imported_count(database) == before


def test_files_of_no_known_game_of_empty_plays_or_too_large_are_refused(
    client: Client, api_key: str, database: ConnectionParams
) -> None:
    before = imported_count(database)
    other = json.dumps(bgstats_backup([CLUB[4]])).encode()
    answer = post(client, api_key, "/imports/bgstats", other, dry_run="true")
    assert answer.status_code == 422 and answer.json()["code"] == "import_unknown_games_only", answer.text
    assert "Azul" in answer.json()["detail"]
    empty = bgstats_backup([FilePlay("Arctic", "2026-03-01 20:00:00", [])])
    answer = post(client, api_key, "/imports/bgstats", json.dumps(empty).encode(), dry_run="true")
    assert answer.status_code == 422 and answer.json()["code"] == "import_play_without_players", answer.text
    xml = bgg_plays([FilePlay("Arctic", "2026-03-01 20:00:00", [], play_id="5")])
    answer = client.post("/imports/bgg", content=xml, params={"dry_run": "true"}, headers=auth(api_key))
    assert answer.status_code == 422 and answer.json()["code"] == "import_play_without_players", answer.text
    # A play that cannot count is left out, with why (the others are imported): one player, a score that
    # is no number, one player twice, a name that is no handle.
    odd = [
        FilePlay("Arctic", "2026-03-01 20:00:00", [Seat("Lone", "3", True)]),
        FilePlay("Arctic", "2026-03-02 20:00:00", [Seat("Lone", "12.5", True), Seat("Pair", "3")]),
        FilePlay("Arctic", "2026-03-03 20:00:00", [Seat("Lone", "3", True), Seat("LONE", "2")]),
        FilePlay("Arctic", "2026-03-04 20:00:00", [Seat("Lone", "3", True), Seat("a/b", "2")]),
        FilePlay("Arctic", "2026-03-05 20:00:00", [Seat("Lone", "3", True), Seat("Pair", "99999999999")]),
    ]
    answer = post(client, api_key, "/imports/bgstats", json.dumps(bgstats_backup(odd)).encode(), dry_run="true")
    assert answer.status_code == 200, answer.text
    assert {s["reason"]: s["examples"] for s in answer.json()["skipped"]} == {
        "player_count_not_played": [odd[0].play_id],
        "score_not_a_whole_number": [odd[4].play_id, odd[1].play_id],
        "same_player_twice": [odd[2].play_id],
        "player_name_not_a_handle": [odd[3].play_id],
    }
    assert answer.json()["new"] == 0
    big = b'{"plays": [' + b" " * (10 * 1024 * 1024) + b"]}"
    answer = post(client, api_key, "/imports/bgstats", big, dry_run="true")
    assert answer.status_code == 413, answer.text
    assert client.post("/imports/bgstats", content=other).status_code == 401
    assert imported_count(database) == before


def test_a_voided_import_leaves_the_statistics(
    client: Client, api_key: str, admin_key: str, runtime: Runtime, club: dict[str, Any]
) -> None:
    plays = [FilePlay("Arctic", "2026-07-01 20:00:00", [Seat("Amka", "30", True), Seat("Tornaq", "29")])]
    body = json.dumps(bgstats_backup(plays, me="Amka")).encode()
    plan = post(client, api_key, "/imports/bgstats", body, dry_run="true").json()
    game_id = post(client, api_key, "/imports/bgstats", body, confirm=plan["plan_id"]).json()["games"][0]
    project(runtime)
    assert client.get("/players/Amka").json()["games"] == 1
    voided = client.post(f"/games/{game_id}/void", json={"reason": "logged twice"}, headers=auth(admin_key))
    assert voided.status_code in (200, 201), voided.text
    project(runtime)
    assert client.get("/players/Amka").json()["games"] == 0


@pytest.fixture(scope="module")
def base(settings: Settings, runtime: Runtime) -> Iterator[str]:
    with served(create_app(settings, runtime=runtime)) as url:
        yield url


def test_the_cli_plans_then_imports_with_a_progress_bar(
    base: str, api_key: str, tmp_path: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    plays = [FilePlay("Arctic", "2026-08-01 20:00:00", [Seat("Anguta", "30", True), Seat("Nerrivik", "29")])]
    path = tmp_path / "backup.json"
    path.write_text(json.dumps(bgstats_backup(plays, me="Anguta")))
    args = ["import-plays", str(path), "--from", "bgstats", "--url", base, "--key", api_key]
    assert main([*args, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "Anguta" in out and "create" in out and "1 new" in out
    assert main([*args, "--yes"]) == 0
    out = capsys.readouterr().out
    assert "1 added" in out
    assert main([*args, "--yes"]) == 0
    assert "0 added" in capsys.readouterr().out
    assert main([*args[:2], "--from", "bgg", "--url", base, "--key", api_key, "--yes"]) == 1
    assert "import_not_xml" in capsys.readouterr().err
