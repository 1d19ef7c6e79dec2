"""A real server process, driven over HTTP as a recorder at a table and as concurrent clients."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from domain.arctic import RULES
from domain.arctic.simulator import simulate, to_public
from domain.game import state_hash
from tests.e2e.server import banquise, serving

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Path]]:
    data = tmp_path_factory.mktemp("e2e") / "data"
    made = banquise(data, "keys", "create", "--name", "e2e recorder")
    assert made.returncode == 0, made.stderr
    token = made.stdout.strip()
    with serving(data) as base:
        yield base, token, data


def test_a_public_game_recorded_move_by_move_replays_exactly_as_the_engine_folds(
    server: tuple[str, str, Path],
) -> None:
    base, token, _ = server
    game = to_public(simulate(2, 2024))
    headers = {"authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
        created = http.post("/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)})
        assert created.status_code == 201, created.text
        game_id, etag = created.json()["id"], created.headers["etag"]
        for index, move in enumerate(game.moves):
            response = http.post(
                f"/games/{game_id}/moves",
                json={"move": msgspec.to_builtins(move), "comment": f"move {index}"},
                headers={"if-match": etag, "idempotency-key": f"m{index}"},
            )
            assert response.status_code == 201, (index, response.text)
            etag = response.headers["etag"]
        summary = http.get(f"/games/{game_id}").json()
        assert summary["status"] == "finished"
        assert summary["version"] == len(game.events)
        state = RULES.initial_state()
        for step, event in enumerate(game.events, start=1):
            state = RULES.evolve(state, event)
            replay = http.get(f"/games/{game_id}/replay/{step}")
            assert replay.json()["state_hash"] == state_hash(state), f"step {step}"
        timeline = http.get(f"/games/{game_id}/timeline").json()["entries"]
        assert [e["state_hash"] for e in timeline][-1] == state_hash(state)
        expected = [r.total for r in RULES.results(state)]
        assert [r["total"] for r in summary["results"]] == expected


def test_eight_clients_appending_with_if_match_one_success_per_version(server: tuple[str, str, Path]) -> None:
    base, token, _ = server
    game = simulate(4, 77)
    moves = [msgspec.to_builtins(m) for m in game.moves[:60]]
    headers = {"authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
        created = http.post("/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}).json()
    game_id = created["id"]
    wins: list[tuple[int, int]] = []  # (version before, move index)
    conflicts = 0
    lock = threading.Lock()

    def client() -> None:
        nonlocal conflicts
        with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
            while True:
                summary = http.get(f"/games/{game_id}").json()
                if summary["moves"] >= len(moves):
                    return
                version = summary["version"]
                response = http.post(
                    f"/games/{game_id}/moves",
                    json={"move": moves[summary["moves"]]},
                    headers={"if-match": f'"{version}"'},
                )
                with lock:
                    if response.status_code == 201:
                        wins.append((version, summary["moves"]))
                    else:
                        assert response.status_code == 409, response.text
                        assert response.json()["code"] == "version_conflict"
                        assert response.json()["current_version"] > version
                        conflicts += 1

    threads = [threading.Thread(target=client) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(i for _, i in wins) == list(range(len(moves))), "each move stored exactly once"
    assert len({v for v, _ in wins}) == len(wins), "one success per version"
    with httpx.Client(base_url=base, timeout=30) as http:
        events = http.get(f"/games/{game_id}/events", params={"perspective": "omniscient"}, headers=headers).json()
    stored = [msgspec.convert(e["event"], RULES.event_type) for e in events]
    expected_state = RULES.fold(game.events[: len(stored)])
    assert [e["version"] for e in events] == list(range(1, len(events) + 1)), "no gap, no duplicate"
    assert state_hash(RULES.fold(stored)) == state_hash(expected_state)


def test_concurrent_retries_with_one_idempotency_key_store_the_move_once(server: tuple[str, str, Path]) -> None:
    base, token, _ = server
    game = simulate(2, 78)
    headers = {"authorization": f"Bearer {token}"}
    with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
        game_id = http.post("/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}).json()["id"]
    body = {"move": msgspec.to_builtins(game.moves[0])}
    answers: list[httpx.Response] = []

    def retry() -> None:
        with httpx.Client(base_url=base, headers=headers, timeout=30) as http:
            answers.append(http.post(f"/games/{game_id}/moves", json=body, headers={"idempotency-key": "tap-1"}))

    threads = [threading.Thread(target=retry) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert {a.status_code for a in answers} == {201}
    assert len({a.content for a in answers}) == 1
    with httpx.Client(base_url=base, timeout=30) as http:
        assert http.get(f"/games/{game_id}").json()["moves"] == 1


def test_cli_simulate_submit_import_and_export(server: tuple[str, str, Path], tmp_path: Path) -> None:
    base, token, data = server
    submitted = banquise(
        data, "simulate", "--players", "3", "--count", "2", "--seed", "5", "--submit", base, "--key", token, "--quiet"
    )
    assert submitted.returncode == 0, submitted.stderr
    game_ids = [line.split("\t")[1] for line in submitted.stdout.splitlines()]
    assert len(game_ids) == 2
    printed = banquise(data, "simulate", "--game", "arctica", "--players", "3", "--count", "2", "--seed", "9")
    assert printed.returncode == 0, printed.stderr
    file = tmp_path / "arctica.ndjson"
    file.write_text(printed.stdout)
    imported = banquise(data, "import", str(file), "--url", base, "--key", token, "--quiet")
    assert imported.returncode == 0, imported.stderr
    assert len(imported.stdout.splitlines()) == 2
    exported = banquise(data, "export", game_ids[0], "--url", base)
    assert exported.returncode == 0, exported.stderr
    record: dict[str, Any] = json.loads(exported.stdout)
    assert record["kind"] == "arctic" and record["id"] == "sim:arctic:full:3p:5"
    again = banquise(data, "import", "-", "--url", base, "--key", token, stdin=exported.stdout.encode())
    assert again.returncode != 0 or game_ids[0] in again.stdout
