"""A chain that anchors its head (#49, item 3): a game's last version and hash are kept in its ``games`` row
(written in the transaction of its events) and the seal counts its events, so a lost tail is a broken chain
as any other. Given a game whose last, first or a middle event was deleted behind the service's back, when a
process that holds nothing of it reads it, then every read path answers ``500 chain_broken`` (never
``internal_error``, never a shorter game as if whole), ``banquise chain`` lists it, appends are refused,
streamed exports say so in their stream; and ``banquise verify`` refuses a record re-signed after a quiet
truncation when it is compared with the export made before."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import chain
from service.base.store.application import GameLog
from service.cli.main import main
from service.http.app import create_app
from service.runtime import Runtime
from tests.api.test_hidden_information import get_routes
from tests.helpers import auth, project
from tests.projections.support import record

Client = TestClient[Any]
Fresh = Callable[[], AbstractContextManager[Client]]
INTERVAL = 64  # the snapshots' and replay blocks' (Settings.snapshot_interval)
# GET routes of a game that read none of its events: what they answer is not the chain's to say.
READ_NO_EVENT = {
    "/games/{game_id:uuid}/forks",  # links between games
    "/games/{game_id:uuid}/recorder",  # the recorder's shell (it reads the game through the API)
    "/games/{game_id:uuid}/analysis",  # the analysis table (never asked here: 404 analysis_not_requested)
    "/games/{game_id:uuid}/analysis/moves/{move:int}",
}


@pytest.fixture
def fresh(settings: Settings, database: ConnectionParams) -> Fresh:
    """A client of a new process on the same database: nothing of any game held."""

    @contextmanager
    def start() -> Iterator[Client]:
        runtime = Runtime(settings=settings, params=database, store=GameLog(database), server_version="test")
        try:
            with TestClient(create_app(settings, runtime=runtime)) as client:
                yield client
        finally:
            runtime.close()

    return start


def finished_game(client: Client, api_key: str, seed: int) -> tuple[str, int]:
    made = client.post("/games/import", content=record("arctic", 2, seed), headers=auth(api_key))
    assert made.status_code == 201, made.text
    body = made.json()
    assert body["status"] == "finished" and body["version"] > 2 * INTERVAL + 2
    return body["id"], body["version"]


def live_game(client: Client, api_key: str, seed: int, moves: int = 12) -> tuple[str, list[Any]]:
    """A live game of ``moves`` moves, and the simulator's moves after them."""
    game = simulate(2, seed)
    setup = {**msgspec.to_builtins(game.setup), "players": ["Aput", "Siku"]}
    made = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key))
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    for move in game.moves[:moves]:
        sent = client.post(f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(move)}, headers=auth(api_key))
        assert sent.status_code == 201, sent.text
    return game_id, [msgspec.to_builtins(m) for m in game.moves[moves:]]


def delete_event(database: ConnectionParams, game_id: str, version: int, *, unseen: bool = False) -> None:
    """``unseen``: with the triggers off (a replica's role), as a lost page or a restore would: the game's row
    is not told, only its head tells."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        if unseen:
            conn.execute("SET session_replication_role = replica")
        gone = conn.execute(
            "DELETE FROM banquise_events WHERE originator_id = %s AND originator_version = %s", (game_id, version)
        )
        assert gone.rowcount == 1


def which(version: int, at: str) -> int:
    return {"last": version, "first": 1, "middle": INTERVAL + 7}[at.removesuffix(" unseen")]


def refused(response: Any, version: int, where: str) -> None:
    assert response.status_code == 500, f"{where}: {response.status_code} {response.text[:300]}"
    body = response.json()
    assert body["code"] == "chain_broken" and body["version"] == version, f"{where}: {body}"


def every_read(client: Client, game_id: str, version: int) -> Iterator[tuple[str, dict[str, str], Any]]:
    """Every GET route of one game (its owner's key: what it may read, it reads), each with the queries
    that reach its events."""
    steps = sorted({1, INTERVAL + 7, version - 1, version})
    for route in get_routes(client.app):
        if not route.path.startswith("/games/{game_id") or route.path in READ_NO_EVENT:
            continue
        base = route.path.replace("{game_id:uuid}", game_id)
        urls = [base.replace("{step:int}", str(s)) for s in steps] if "{step:int}" in base else [base]
        queries: list[dict[str, str]] = [{}]
        if route.path.endswith("/replay"):
            queries = [{"move": "1"}, {"turn": "2"}]
        elif route.path.endswith("/live"):
            queries = [{"follow": "false"}, {"follow": "false", "after": str(version - 2)}]
        elif route.path.endswith("/events") or route.path.endswith("/timeline"):
            queries = [{}, {"after": str(version - 2)}, {"limit": "10"}]
        for url in urls:
            for query in queries:
                yield url, query, route


SEEDS = {"last": 4911, "first": 4912, "middle": 4913, "last unseen": 4919, "first unseen": 4920}


@pytest.mark.parametrize("at", SEEDS)
def test_a_deleted_event_breaks_every_read_of_the_game(
    client: Client, api_key: str, database: ConnectionParams, runtime: Runtime, fresh: Fresh, at: str
) -> None:
    """A DELETE marks the game's row (every read refuses it); a loss its row was not told of is seen by the
    head (the last event) and the first event's presence, which every read checks with its events."""
    sound, _ = finished_game(client, api_key, 4910)
    game_id, version = finished_game(client, api_key, SEEDS[at])
    project(runtime)  # its read models (board, statistics) built from its events whole
    gone = which(version, at)
    delete_event(database, game_id, gone, unseen=at.endswith("unseen"))
    answers: list[str] = []
    # The reads that reach the lost event whatever told of it: the game now, its whole record, events and
    # timeline, and its step (the first event: every read checks it is there, with its events).
    reaching = {f"/games/{game_id}{path}" for path in ("", "/record", "/events", "/timeline", f"/replay/{gone}")}
    with fresh() as reader:
        for url, query, _ in every_read(reader, game_id, version):
            answer = reader.get(url, params=query, headers=auth(api_key))
            answers.append(f"GET {url}?{query}: {answer.status_code}")
            if at.endswith("unseen") and not (url in reaching and not query) and answer.status_code == 200:
                # A read that ends before a lost tail answers the events it read, whole and sound.
                assert not at.startswith("first") or "/stats" in url or "/board" in url, url
                continue
            # With the row told (a DELETE), a step read from a snapshot on either side of the gap folds
            # nothing missing, and is refused all the same: the game's row keeps the first version deleted.
            refused(answer, gone, f"GET {url}?{query}")
        # The streamed export says so in its stream, in the game's place, and goes on.
        stream = reader.get("/exports/records", headers=auth(api_key))
        assert stream.status_code == 200
        lines = [json.loads(line) for line in stream.text.splitlines()]
        broken = [line for line in lines if line.get("code") == "chain_broken"]
        assert game_id in {b["game_id"] for b in broken} and all(b["status"] == 500 for b in broken)
        assert all(line.get("format") == "banquise-record" for line in lines if line.get("code") is None)
        assert sound in {line.get("id", "").removeprefix("game:") for line in lines}  # the others still are
    assert len(answers) >= 15, answers  # summary, record, events, timeline, replays, watch, live, plays...
    # ``banquise chain`` lists it, at the version deleted.
    _, _, found = chain.report(database.conninfo(), "public", "banquise_events")[1:]
    assert (UUID(game_id), gone) in {(b.game_id, b.version) for b in found}


@pytest.mark.parametrize("at", ["last", "first", "middle"])
def test_a_game_that_lost_an_event_takes_no_more(
    client: Client, api_key: str, database: ConnectionParams, fresh: Fresh, at: str
) -> None:
    """Given a live game this process holds (its state cached), when one of its events is deleted, then the
    next move is refused here (by the insert itself) and in a new process (by its read), and nothing is
    stored."""
    game_id, rest = live_game(client, api_key, {"last": 4914, "first": 4915, "middle": 4916}[at], moves=60)
    version = client.get(f"/games/{game_id}", headers=auth(api_key)).json()["version"]
    assert version > INTERVAL + 7
    gone = which(version, at)
    delete_event(database, game_id, gone)
    refused(client.post(f"/games/{game_id}/moves", json={"move": rest[0]}, headers=auth(api_key)), gone, "warm")
    with fresh() as other:
        refused(other.post(f"/games/{game_id}/moves", json={"move": rest[0]}, headers=auth(api_key)), gone, "fresh")
        refused(other.get(f"/games/{game_id}", headers=auth(api_key)), gone, "summary")
    with psycopg.connect(database.conninfo()) as conn:
        (last,) = conn.execute(
            "SELECT max(originator_version) FROM banquise_events WHERE originator_id = %s", (game_id,)
        ).fetchone() or (None,)
    assert last == (version - 1 if at == "last" else version)


def test_a_quiet_truncation_is_refused_against_the_earlier_export(
    client: Client,
    api_key: str,
    database: ConnectionParams,
    fresh: Fresh,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Given a game exported (sealed), when its last event is deleted, then the server refuses to export it
    (no shorter record re-signed). When the deletion is covered up in the game's row too (its version, head
    and mark set back as if the game had ended there), the server signs a record of one event fewer that
    verifies alone: ``banquise verify --earlier`` the export made before refuses it (exit 1)."""
    game_id, version = finished_game(client, api_key, 4917)
    before = client.get(f"/games/{game_id}/record")
    assert before.status_code == 200 and before.json()["seal"]["version"] == version
    earlier = tmp_path / "before.json"
    earlier.write_bytes(before.content)
    delete_event(database, game_id, version)
    with fresh() as reader:
        refused(reader.get(f"/games/{game_id}/record"), version, "record")
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(
            "UPDATE games g SET version = %s, lost_from = NULL, head = e.chain FROM banquise_events e "
            "WHERE g.id = %s AND e.originator_id = g.id AND e.originator_version = %s",
            (version - 1, game_id, version - 1),
        )
    with fresh() as reader:
        after = reader.get(f"/games/{game_id}/record")
    assert after.status_code == 200, after.text
    assert after.json()["seal"]["version"] == version - 1
    later = tmp_path / "after.json"
    later.write_bytes(after.content)
    capsys.readouterr()
    assert main(["verify", str(later)]) == 0  # alone, a consistent (shorter) game
    assert main(["verify", str(later), "--earlier", str(earlier)]) == 1
    err = capsys.readouterr().err
    assert f"events from version {version} on were lost" in err, err
    # The other way round, the later export holds every event of the earlier one: verified.
    assert main(["verify", str(earlier), "--earlier", str(later)]) == 0


def test_a_changed_event_is_refused_against_the_earlier_export(
    client: Client, api_key: str, database: ConnectionParams, fresh: Fresh, tmp_path: Path
) -> None:
    """An event whose content and every hash after it were recomputed verifies alone (a new chain) and is
    refused against the export made before, at its version."""
    game_id, version = finished_game(client, api_key, 4918)
    earlier = tmp_path / "before.json"
    earlier.write_bytes(client.get(f"/games/{game_id}/record").content)
    changed = version - 3
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        rows = conn.execute(
            "SELECT originator_version, topic, state, chain FROM banquise_events WHERE originator_id = %s "
            "AND originator_version >= %s ORDER BY originator_version",
            (game_id, changed - 1),
        ).fetchall()
        previous = bytes(rows[0][3])
        for v, topic, state, _ in rows[1:]:
            # A space after the changed event's JSON: it still decodes and replays, with other bytes.
            payload = bytes(state) + (b" " if v == changed else b"")
            previous = chain.link(previous, UUID(game_id), v, topic, payload)
            conn.execute(
                "UPDATE banquise_events SET state = %s, chain = %s "
                "WHERE originator_id = %s AND originator_version = %s",
                (payload, previous, game_id, v),
            )
        conn.execute("UPDATE games SET head = %s WHERE id = %s", (previous, game_id))
    with fresh() as reader:
        after = reader.get(f"/games/{game_id}/record")
    assert after.status_code == 200, after.text
    later = tmp_path / "after.json"
    later.write_bytes(after.content)
    assert main(["verify", str(later)]) == 0
    assert main(["verify", str(later), "--earlier", str(earlier)]) == 1
