"""A real BG Stats backup imported: the sample backup a public BG Stats tool publishes (bgstats-wrapped,
sqrtxander/bgstats-wrapped on GitHub, commit 56478d9, its ``sampleData.json``), anonymised here when the
tests run: its structure, dates, scores (blanks and sums as written), ranks, seat orders and flags as they
are; people, places, comments, pictures and ids replaced; its two games "Turing Machine" and "Colt Super
Express" renamed Arctic (with Arctic's BGG id) and Arctica, since it has no play of either. 217 plays of 219
games and 48 players.

Nothing of the sample is in this repository (neither it nor a file made from it): it is read from its
checkout in the folder ``BANQUISE_BGSTATS_READERS`` names (``bgstats-wrapped/sampleData.json``, beside
the BG Stats readers' checkouts, docs/development/testing.md), and these tests are skipped without it.
The sample is on GitHub only, not on PyPI or npm, which are all CI reaches.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.runtime import Runtime
from tests.helpers import auth, project
from tests.imports.files import ARCTIC_BGG

Client = TestClient  # type: ignore[type-arg]
DRIVERS = Path(__file__).parent / "drivers"
READERS = os.environ.get("BANQUISE_BGSTATS_READERS")
SAMPLE = Path(READERS or ".") / "bgstats-wrapped" / "sampleData.json"
# The sample at the commit these tests were written against (56478d94a269d593c3046065a8a332e34d715446):
# its counts below are that file's.
SAMPLE_SHA256 = "f65b8a79371c6c99545ce79add154409d41bbbfbdf98c27b2ad8727f90a65114"
TAG = "club:Real backup"

if not READERS or not SAMPLE.is_file():
    pytest.skip(
        "the real BG Stats backup is the sample of bgstats-wrapped, on GitHub only (not PyPI or npm): check out "
        "sqrtxander/bgstats-wrapped at 56478d94a269d593c3046065a8a332e34d715446 as bgstats-wrapped in the folder "
        "BANQUISE_BGSTATS_READERS names (docs/development/testing.md#real-readers-of-the-exports)",
        allow_module_level=True,
    )

# ---------------------------------------------------------------- the sample, anonymised
# Uuids are re-made from the sample's own (uuid5 in a namespace of ours): stable, and unlike any of the
# sample's, so a play comes back from an export with the uuid it had in the file we imported.
NAMESPACE = uuid.UUID("3b4cbb1e-6a0e-4f2a-9a7e-4a1b7c0e5d21")
# The sample's players, in list order, after its anonymous one.
PLAYERS = [
    "Siku",
    "Åsa",
    "Ólafur",
    "Ŋuka",
    "Ivik",
    "Inuk",
    "Malik",
    "Kaja",
    "Ulu",
    "Tulok",
    "Qilak",
    "Pana",
    "Amka",
    "Tornaq",
    "Anguta",
    "Nerrivik",
    "Miki",
    "Nivi",
    "Aka",
    "Uki",
    "Tiva",
    "Sura",
    "Ila",
    "Kalla",
    "Panik",
    "Arnaq",
    "Taqqiq",
    "Nuna",
    "Sila",
    "Aaju",
    "Naja",
    "Pipaluk",
    "Jaaku",
    "Ivalo",
    "Aviaq",
    "Tupaarnaq",
    "Kunuk",
    "Nuka",
    "Paninnguaq",
    "Usuk",
    "Aqqa",
    "Minik",
    "Eqaluk",
    "Ataata",
    "Salik",
    "Qaaqu",
    "Aputsiaq",
]
# Two of its games (no play of ours in it otherwise), with the plays' player counts their own: Turing Machine
# 1 to 4 as Arctic 2 to 4, Colt Super Express 3 to 7 as Arctica 2 to 5 (the import leaves the others out).
RENAMED = {"Turing Machine": ("Arctic", ARCTIC_BGG), "Colt Super Express": ("Arctica", 0)}


def _uid(kind: str, original: str) -> str:
    return str(uuid.uuid5(NAMESPACE, kind + original)).upper()


def _blank(entry: dict[str, Any], *keys: str, to: str = "") -> None:
    """Empties the free text the sample's author wrote (kept absent where absent)."""
    for key in keys:
        if key in entry:
            entry[key] = to


def anonymised(sample: dict[str, Any]) -> dict[str, Any]:
    """The sample with nobody's names, places, notes, pictures or ids in it, and two games as ours; every
    number, date, flag and reference as it was."""
    names = iter(PLAYERS)
    players = []
    for player in sample["players"]:
        entry = {**player, "uuid": _uid("player", player["uuid"])}
        if not player["isAnonymous"]:
            entry["name"] = next(names)
        _blank(entry, "bggUsername")
        _blank(entry, "metaData", to="{}")
        players.append(entry)
    games = []
    for game in sample["games"]:
        entry = {**game, "uuid": _uid("game", game["uuid"]), "urlThumb": "", "urlImage": "", "metaData": "{}"}
        entry["copies"] = [
            {**copy, "uuid": _uid("copy", copy["uuid"]), "urlThumb": "", "bggUserName": ""}
            for copy in game.get("copies", [])
        ]
        if game["name"] in RENAMED:
            title, bgg_id = RENAMED[game["name"]]
            entry.update(name=title, bggName=title, bggId=bgg_id, designers="")
        games.append(entry)
    plays = []
    for play in sample["plays"]:
        entry = {**play, "uuid": _uid("play", play["uuid"])}
        _blank(entry, "comments", "board")
        _blank(entry, "metaData", to="{}")
        entry["playImages"] = "[]"
        plays.append(entry)
    return {
        "groups": [{**g, "uuid": _uid("group", g["uuid"]), "metaData": "{}"} for g in sample["groups"]],
        "userInfo": sample["userInfo"],
        "players": players,
        "locations": [
            {**place, "uuid": _uid("loc", place["uuid"]), "name": f"Place {place['id']}"}
            for place in sample["locations"]
        ],
        "games": games,
        "plays": plays,
        "tags": [{**t, "uuid": _uid("tag", t["uuid"])} for t in sample["tags"]],
        "challenges": sample["challenges"],
    }


@pytest.fixture(scope="module")
def sample() -> dict[str, Any]:
    raw = SAMPLE.read_bytes()
    if hashlib.sha256(raw).hexdigest() != SAMPLE_SHA256:
        pytest.fail(f"{SAMPLE} is not the sample at commit 56478d94a269d593c3046065a8a332e34d715446")
    loaded: dict[str, Any] = json.loads(raw)
    return loaded


@pytest.fixture(scope="module")
def backup(sample: dict[str, Any]) -> bytes:
    return json.dumps(anonymised(sample), ensure_ascii=False, separators=(",", ":")).encode()


def test_the_file_made_from_the_sample_keeps_its_plays_and_names_nobody(sample: dict[str, Any], backup: bytes) -> None:
    data = json.loads(backup)
    text = backup.decode()
    people = [p["name"] for p in sample["players"] if not p["isAnonymous"]]
    places = [p["name"] for p in sample["locations"]]
    notes = [p[k].strip() for p in sample["plays"] for k in ("comments", "board") if p.get(k, "").strip()]
    ids = [e["uuid"] for k in ("groups", "players", "locations", "games", "plays", "tags") for e in sample[k]]
    assert people and places and notes
    assert not [w for w in (*people, *places, *notes, *ids, *RENAMED) if w in text]
    assert {g[k] for g in data["games"] for k in ("urlThumb", "urlImage")} == {""}
    assert len(set(p["name"] for p in data["players"])) == len(data["players"]) == 48
    # Everything an import reads, as it was.
    kept = ("playDate", "durationMin", "ignored", "usesTeams", "gameRefId", "locationRefId", "playerScores")
    assert [{k: p.get(k) for k in kept} for p in data["plays"]] == [
        {k: p.get(k) for k in kept} for p in sample["plays"]
    ]
    assert [(g["id"], g["highestWins"], g["noPoints"]) for g in data["games"]] == [
        (g["id"], g["highestWins"], g["noPoints"]) for g in sample["games"]
    ]
    assert data["userInfo"] == sample["userInfo"]
    titles = Counter(g["name"] for g in data["games"] for p in data["plays"] if p["gameRefId"] == g["id"])
    assert titles["Arctic"] > 0 and titles["Arctica"] > 0


@pytest.fixture(scope="module")
def imported(client: Client, api_key: str, runtime: Runtime, backup: bytes) -> dict[str, Any]:
    params = {"dry_run": "true", "tag": TAG, "file": "backup.json"}
    plan = client.post("/imports/bgstats", content=backup, params=params, headers=auth(api_key))
    assert plan.status_code == 200, plan.text
    params = {"confirm": plan.json()["plan_id"], "tag": TAG, "file": "backup.json"}
    done = client.post("/imports/bgstats", content=backup, params=params, headers=auth(api_key))
    assert done.status_code == 201, done.text
    project(runtime)
    return {"plan": plan.json(), "done": done.json()}


def _countable(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The file's plays of Arctic and Arctica that can count: not ignored, no teams, every score a whole number
    (sums included), no anonymous player, a player count the game is played by."""
    games = {g["id"]: g["name"] for g in data["games"]}
    anonymous = {p["id"] for p in data["players"] if p["isAnonymous"]}
    counts = {"Arctic": range(2, 5), "Arctica": range(2, 6)}
    out = []
    for play in data["plays"]:
        title = games[play["gameRefId"]]
        scores = [s["score"] for s in play["playerScores"]]
        if (
            title in counts
            and not play["ignored"]
            and not play["usesTeams"]
            and all(s.replace("+", "").replace("-", "").isdigit() for s in scores)
            and not anonymous & {s["playerRefId"] for s in play["playerScores"]}
            and len(scores) in counts[title]
        ):
            out.append(play)
    return out


def test_its_arctic_plays_are_imported_and_counted(client: Client, backup: bytes, imported: dict[str, Any]) -> None:
    data = json.loads(backup)
    countable = _countable(data)
    plan = imported["plan"]
    assert plan["plays_in_file"] == 217 and plan["new"] == len(countable) == imported["done"]["new"]
    assert plan["plays_of_other_games"] == 217 - sum(
        1
        for p in data["plays"]
        if p["gameRefId"] in {g["id"] for g in data["games"] if g["name"] in ("Arctic", "Arctica")}
    )
    assert {s["reason"] for s in plan["skipped"]} >= {"missing_score", "player_count_not_played"}
    names = {p["id"]: p["name"] for p in data["players"]}
    seats = Counter(names[s["playerRefId"]] for play in countable for s in play["playerScores"])
    wins = Counter(names[s["playerRefId"]] for play in countable for s in play["playerScores"] if s["winner"])
    for name, games in seats.items():
        profile = client.get(f"/players/{name}").json()
        assert profile["games"] == games, name
        assert sum(s["wins"] for s in profile["stats"] if s["player_count"] is None) == wins[name], name
    assert {p["handle"] for p in plan["players"]} == set(seats)


def test_a_second_import_adds_nothing(client: Client, api_key: str, backup: bytes, imported: dict[str, Any]) -> None:
    params = {"dry_run": "true", "tag": TAG, "file": "backup.json"}
    again = client.post("/imports/bgstats", content=backup, params=params, headers=auth(api_key)).json()
    assert (again["new"], again["already_here"]) == (0, imported["done"]["new"])


def test_its_plays_come_back_with_their_uuids(client: Client, backup: bytes, imported: dict[str, Any]) -> None:
    countable = {p["uuid"] for p in _countable(json.loads(backup))}
    exported = client.get("/exports/bgstats", params={"tag": TAG}).json()
    assert {p["uuid"] for p in exported["plays"]} == countable


def test_a_merger_adds_no_duplicate_in_the_round_trip(
    client: Client, backup: bytes, imported: dict[str, Any], tmp_path: Path
) -> None:
    reader = Path(READERS or ".") / "bgstats-merger"
    if not reader.is_dir():
        pytest.skip(f"{reader} is not there: the backup merger's checkout (docs/development/testing.md)")
    data = json.loads(backup)
    me = next(p["name"] for p in data["players"] if p["id"] == data["userInfo"]["meRefId"])
    original = tmp_path / "original.json"
    original.write_bytes(backup)
    back = tmp_path / "banquise.json"
    back.write_bytes(client.get("/exports/bgstats", params={"tag": TAG, "player": me}).content)
    done = subprocess.run(
        [sys.executable, str(DRIVERS / "bgstats_merge.py"), str(reader), str(tmp_path), me, str(original), str(back)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    merged = json.loads(Path(done.stdout.strip().splitlines()[-1]).read_text())
    mine = [p for p in data["plays"] if any(s["playerRefId"] == data["userInfo"]["meRefId"] for s in p["playerScores"])]
    assert sorted(p["uuid"] for p in merged["plays"]) == sorted(p["uuid"] for p in mine)
