"""Our exports read by real programs that read these formats, unmodified and offline, on games of both
kinds with 2 to 5 players, ties, non-ASCII names and a time zone offset: each runs to completion, and the
numbers it prints are the engine's.

* BGG plays: the ``bgg-api`` library (PyPI, pinned in the dev extra): its plays loaders, what
  ``BGGClient.plays`` does with BGG's answer (``drivers/bgg_api_plays.py`` calls them). Always run.
* BG Stats backups: the public readers found are published on GitHub only, not on PyPI or npm (a rating
  program, a backup merger, a yearly summary; docs/development/testing.md names them and their commits).
  CI reaches neither GitHub nor their code, and none of it is in this repository: these tests run them
  from ``BANQUISE_BGSTATS_READERS``, a folder holding their checkouts with their npm dependencies
  installed, and are skipped without it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import msgspec
import pytest
from litestar.testing import TestClient

from service.runtime import Runtime
from tests.helpers import auth, project
from tests.imports.files import FilePlay, Seat, bgstats_backup
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]
DRIVERS = Path(__file__).parent / "drivers"
READERS = os.environ.get("BANQUISE_BGSTATS_READERS")
ZONE = "+05:00"
OFFSET = timezone(timedelta(hours=5))
ME = "Ærnaq"
TAG = "club:Readers"

# Recorded games: both kinds, 2 to 5 players, non-ASCII names, started at 02:30 at a table five hours
# ahead of UTC (the day before, in UTC: the exported date is the table's).
RECORDED = [
    ("arctic", 2, 3101, [ME, "Ŋuka"]),
    ("arctic", 3, 3102, [ME, "Ŋuka", "Sìku"]),
    ("arctic", 4, 3103, [ME, "Ŋuka", "Sìku", "Ólafur"]),
    ("arctica", 2, 3104, [ME, "Sìku"]),
    ("arctica", 5, 3105, [ME, "Ŋuka", "Sìku", "Ólafur", "Åsa"]),
]
# Imported plays (results only): ties and sums among the scores.
IMPORTED = [
    FilePlay("Arctic", "2026-09-20 21:00:00", [Seat(ME, "30", True), Seat("Ŋuka", "30", True)], location="Nuuk"),
    FilePlay(
        "Arctica",
        "2026-09-21 20:00:00",
        [Seat("Åsa", "40", True), Seat(ME, "-5+20+17"), Seat("Ólafur", "32"), Seat("Sìku", "31")],
        location="Nuuk",
    ),
]


def timed(kind: str, players: int, seed: int, names: list[str], day: int) -> dict[str, Any]:
    body: dict[str, Any] = msgspec.json.decode(record(kind, players, seed, names=names))
    start = datetime(2026, 9, 10 + day, 2, 30, tzinfo=OFFSET)
    body["started_at"] = start.isoformat()
    for i, move in enumerate(body["moves"]):
        move["at"] = (start + timedelta(minutes=i + 1)).isoformat()
    body["tags"] = {"club": "Readers", "site": "Ilulissat"}
    return body


@pytest.fixture(scope="module")
def scene(client: Client, api_key: str, runtime: Runtime) -> dict[str, Any]:
    """The games, recorded and imported, and the engine's results of each (by Banquise id)."""
    ids = []
    for day, (kind, players, seed, names) in enumerate(RECORDED):
        made = client.post("/games/import", json=timed(kind, players, seed, names, day), headers=auth(api_key))
        assert made.status_code == 201 and made.json()["status"] == "finished", made.text
        ids.append(made.json()["id"])
    backup = json.dumps(bgstats_backup(IMPORTED, me=ME), ensure_ascii=False).encode()
    params = {"dry_run": "true", "tag": TAG, "tz": ZONE}
    plan = client.post("/imports/bgstats", content=backup, params=params, headers=auth(api_key)).json()
    params = {"confirm": plan["plan_id"], "tag": TAG, "tz": ZONE}
    done = client.post("/imports/bgstats", content=backup, params=params, headers=auth(api_key))
    assert done.status_code == 201, done.text
    ids += done.json()["games"]
    project(runtime)
    games = {}
    for game_id in ids:
        stats = client.get(f"/games/{game_id}/stats").json()
        started = datetime.fromisoformat(stats["started_at"]).astimezone(OFFSET)
        games[game_id] = {
            "kind": stats["kind"],
            "players": stats["players"],
            "scores": {s["player"]: s["total"] for s in stats["scores"]},
            "winners": set(stats["winners"]),
            "date": started.strftime("%Y-%m-%d"),
            "minutes": round((stats["duration_seconds"] or 0) / 60),
        }
    return {"games": games, "backup": backup}


def test_the_scene_has_what_readers_trip_on(scene: dict[str, Any]) -> None:
    games = scene["games"].values()
    assert {g["kind"] for g in games} == {"arctic", "arctica"}
    assert {len(g["players"]) for g in games} == {2, 3, 4, 5}
    assert any(len(g["winners"]) > 1 for g in games)  # a tie
    recorded = list(scene["games"].values())[: len(RECORDED)]
    assert [g["date"] for g in recorded] == [f"2026-09-{10 + d}" for d in range(len(RECORDED))]


def _run(args: list[str], cwd: Path | None = None) -> str:
    done = subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, f"{args[:2]} failed: {done.stderr[-2000:]}"
    return done.stdout


def test_bgg_api_reads_our_plays(client: Client, scene: dict[str, Any], tmp_path: Path) -> None:
    xml = client.get("/exports/bgg", params={"tag": TAG, "player": ME, "tz": ZONE})
    path = tmp_path / "plays.xml"
    path.write_bytes(xml.content)
    read = json.loads(_run([sys.executable, str(DRIVERS / "bgg_api_plays.py"), str(path)]))
    games = scene["games"]
    assert read["username"] == ME and read["count"] == len(games) == len(read["plays"])
    comments = {p["comment"].rsplit(" ", 1)[-1]: p for p in read["plays"]}
    assert set(comments) == set(games)
    for game_id, play in comments.items():
        game = games[game_id]
        assert play["date"] == game["date"] and play["duration"] == game["minutes"]
        assert play["game_name"] == {"arctic": "Arctic", "arctica": "Arctica"}[game["kind"]]
        assert play["game_id"] == (420214 if game["kind"] == "arctic" else 0)
        assert [p["name"] for p in play["players"]] == game["players"]
        assert {p["name"]: int(p["score"]) for p in play["players"]} == game["scores"]
        assert {p["name"] for p in play["players"] if p["win"] == "1"} == game["winners"]
        assert sorted(int(p["startposition"]) for p in play["players"]) == list(range(1, len(game["players"]) + 1))
    # The same ids on every export; the imported plays' own uuids on the BG Stats side.
    again = ElementTree.fromstring(client.get("/exports/bgg", params={"tag": TAG, "player": ME}).content)
    assert sorted(p.get("id") for p in again.findall("play")) == sorted(str(p["id"]) for p in read["plays"])


# ---------------------------------------------------------------- BG Stats readers (GitHub only)
def _reader(name: str) -> Path:
    if not READERS:
        pytest.skip(
            "BG Stats readers are published on GitHub only (not PyPI or npm): set BANQUISE_BGSTATS_READERS to a "
            "folder of their checkouts (docs/development/testing.md)"
        )
    path = Path(READERS) / name
    if not path.is_dir():
        pytest.skip(f"{path} is not there")
    return path


def _backup(client: Client, tmp_path: Path, **params: str) -> tuple[Path, dict[str, Any]]:
    answer = client.get("/exports/bgstats", params={"tag": TAG, "tz": ZONE, **params})
    assert answer.status_code == 200, answer.text
    path = tmp_path / "bgstats.json"
    path.write_bytes(answer.content)
    return path, answer.json()


def test_a_rating_program_rates_our_backup_as_bg_stats_own(
    client: Client, scene: dict[str, Any], tmp_path: Path
) -> None:
    """It looks games and players up by position (``games[gameRefId - 1]``) and rates the plays from the
    oldest (it reverses the list): on our backup it prints the ratings it prints on a backup written from
    the engine's results the way BG Stats writes its own (ids in list order, newest play first)."""
    reader = _reader("bgstats-elo-ratings")
    path, data = _backup(client, tmp_path, player=ME)
    rated = json.loads(_run(["node", str(DRIVERS / "bgstats_elo.js"), str(reader), str(path)]).splitlines()[-1])
    games = scene["games"]
    by_date = sorted(games.values(), key=lambda g: g["date"])
    reference = bgstats_backup(
        [
            FilePlay(
                {"arctic": "Arctic", "arctica": "Arctica"}[g["kind"]],
                f"{g['date']} 12:00:{i:02d}",
                [Seat(p, str(g["scores"][p]), p in g["winners"], rank=_rank(g, p)) for p in g["players"]],
            )
            for i, g in enumerate(by_date)
        ],
        me=ME,
    )
    ref_path = tmp_path / "reference.json"
    ref_path.write_text(json.dumps(reference, ensure_ascii=False))
    expected = json.loads(_run(["node", str(DRIVERS / "bgstats_elo.js"), str(reader), str(ref_path)]).splitlines()[-1])
    assert rated == expected
    assert set(rated["byGameName"]) == {"Arctic", "Arctica"}
    assert set(rated["byGameName"]["Arctica"]["byPlayerName"]) == {ME, "Ŋuka", "Sìku", "Ólafur", "Åsa"}
    assert data["players"][data["userInfo"]["meRefId"] - 1]["name"] == ME


def _rank(game: dict[str, Any], player: str) -> int:
    scores = game["scores"]
    winners = game["winners"]
    if player in winners:
        return 1
    return 1 + len(winners) + sum(scores[q] > scores[player] for q in scores if q not in winners)


def test_a_yearly_summary_counts_our_backup(client: Client, scene: dict[str, Any], tmp_path: Path) -> None:
    reader = _reader("end-of-year-bgstats-summary")
    path, _ = _backup(client, tmp_path, player=ME)
    out = _run([sys.executable, str(DRIVERS / "bgstats_summary.py"), str(reader), str(path)])
    games = scene["games"].values()
    figures = {line.split(": ")[0]: line.split(": ")[1] for line in out.splitlines() if ": " in line}
    others = {p for g in games for p in g["players"]} - {ME}
    assert figures["Total Plays"] == str(len(games))
    assert figures["Friends Played With"] == str(len(others))
    assert figures["Unique Games"] == "2" and figures["Unique Locations"] == "2"
    assert figures["Days Played On"] == str(len({g["date"] for g in games}))
    rows = {cells[1].strip(): cells for line in out.splitlines() if (cells := line.split("|"))[1:] and "|" in line}
    for title, kind in (("Arctic", "arctic"), ("Arctica", "arctica")):
        mine = [g for g in games if g["kind"] == kind]
        assert rows[title][3].strip() == str(len(mine))  # plays
        assert rows[title][5].strip() == str(len({p for g in mine for p in g["players"]} - {ME}))  # friends


def test_a_backup_merger_finds_no_new_play_in_a_round_trip(
    client: Client, scene: dict[str, Any], tmp_path: Path
) -> None:
    """BG Stats -> Banquise -> BG Stats: the club's backup merged with Banquise's export of the plays it
    imported from it adds no play (the merger keys plays by uuid: they came back with theirs)."""
    reader = _reader("bgstats-merger")
    if shutil.which("node") is None:
        pytest.skip("no node")
    original = tmp_path / "original.json"
    original.write_bytes(scene["backup"])
    exported = client.get("/exports/bgstats", params={"tag": TAG, "player": ME, "since": "2026-09-20T00:00:00Z"})
    back = tmp_path / "banquise.json"
    back.write_bytes(exported.content)
    assert len(exported.json()["plays"]) == len(IMPORTED)
    out = _run(
        [sys.executable, str(DRIVERS / "bgstats_merge.py"), str(reader), str(tmp_path), ME, str(original), str(back)]
    )
    merged = json.loads(Path(out.strip().splitlines()[-1]).read_text())
    assert sorted(p["uuid"] for p in merged["plays"]) == sorted(p.play_id for p in IMPORTED)
