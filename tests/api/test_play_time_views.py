"""Play times everywhere (issue 13): ``started_at``/``finished_at`` are the table's times in the summary,
``GET /games`` items, ``/stats`` and player game lists alike, with ``recorded_at`` (when stored) apart;
a live game has no end; ``GET /games?since=&until=`` bound the start at the table. (Projections run
here by hand: this module's app has ``run_projections`` off.)"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.base.store.tables import FIRST_PLAY_TIMES
from service.runtime import Runtime
from tests.helpers import auth, project
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


def when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text)


def timed(seed: int, names: list[str], start: datetime | None, moves: int | None = None) -> dict[str, Any]:
    body: dict[str, Any] = msgspec.json.decode(record("arctic", len(names), seed, names, moves=moves))
    if start is not None:
        body["started_at"] = start.isoformat()
        for i, move in enumerate(body["moves"]):
            move["at"] = (start + timedelta(seconds=30 * (i + 1))).isoformat()
    return body


@pytest.fixture(scope="module")
def begun() -> datetime:
    return datetime.now(UTC)


@pytest.fixture(scope="module")
def games(client: Client, api_key: str, runtime: Runtime, begun: datetime) -> dict[str, dict[str, Any]]:
    """Finished games played in 2019 and 2021, one recorded without any time, and a live game."""
    out = {}
    for name, seed, start in (
        ("2019", 11, datetime(2019, 6, 1, 18, 0, tzinfo=UTC)),
        ("2021", 12, datetime(2021, 6, 1, 18, 0, tzinfo=UTC)),
        ("untimed", 13, None),
    ):
        response = client.post("/games/import", json=timed(seed, ["Pia", "Quin"], start), headers=auth(api_key))
        assert response.status_code == 201, response.text
        out[name] = {**response.json(), "start": start}
    project(runtime)
    return out


def test_a_finished_game_shows_its_play_times_apart_from_when_it_was_stored(
    client: Client, api_key: str, games: dict[str, dict[str, Any]], begun: datetime
) -> None:
    game = games["2021"]
    body = timed(12, ["Pia", "Quin"], game["start"])
    last = when(body["moves"][-1]["at"])
    summary = client.get(f"/games/{game['id']}").json()
    assert when(summary["started_at"]) == game["start"] and when(summary["finished_at"]) == last
    recorded = when(summary["recorded_at"])
    assert recorded is not None and recorded >= begun and summary["recorded_at"] == summary["created_at"]
    item = next(i for i in client.get("/games", params={"player": "pia"}).json()["items"] if i["id"] == game["id"])
    assert (item["started_at"], item["finished_at"], item["recorded_at"]) == (
        summary["started_at"],
        summary["finished_at"],
        summary["recorded_at"],
    )
    stats = client.get(f"/games/{game['id']}/stats").json()
    assert when(stats["started_at"]) == game["start"]
    assert when(stats["finished_at"]) == when(stats["ended_at"]) == last
    assert stats["duration_seconds"] == (last - game["start"]).total_seconds()  # type: ignore[operator]
    assert when(stats["recorded_at"]) == recorded
    played = {i["game_id"]: i for i in client.get("/players/Pia/games").json()["items"]}[game["id"]]
    assert when(played["finished_at"]) == last and when(played["rating"]["played_at"]) == last


def test_a_game_without_times_falls_back_to_when_it_was_recorded(
    client: Client, games: dict[str, dict[str, Any]]
) -> None:
    game = games["untimed"]
    summary = client.get(f"/games/{game['id']}").json()
    # An import is stored at once: started, finished and recorded at the same instant.
    assert summary["started_at"] == summary["recorded_at"] == summary["created_at"]
    assert when(summary["finished_at"]) == when(summary["recorded_at"])
    stats = client.get(f"/games/{game['id']}/stats").json()
    assert when(stats["started_at"]) == when(stats["finished_at"]) == when(summary["recorded_at"])


def test_a_live_game_has_no_end_and_starts_with_its_first_move_time(
    client: Client, api_key: str, runtime: Runtime
) -> None:
    game = simulate(2, 14)
    setup = {**msgspec.to_builtins(game.setup), "players": ["Rae", "Sol"]}
    created = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key))
    assert created.status_code == 201, created.text
    game_id = created.json()["id"]
    first = datetime(2026, 1, 2, 20, 0, tzinfo=UTC)
    for i, move in enumerate(game.moves[:3]):
        at = (first + timedelta(minutes=i)).isoformat()
        answer = client.post(
            f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(move), "at": at}, headers=auth(api_key)
        )
        assert answer.status_code == 201, answer.text
    summary = client.get(f"/games/{game_id}").json()
    assert summary["status"] == "live" and when(summary["started_at"]) == first
    assert summary["finished_at"] is None and when(summary["recorded_at"]) != first
    project(runtime)
    stats = client.get(f"/games/{game_id}/stats").json()
    assert stats["status"] == "live" and when(stats["started_at"]) == first
    assert stats["finished_at"] is None and stats["ended_at"] is None and stats["duration_seconds"] is None
    listed = client.get("/games", params={"player": "rae", "since": "2026-01-02T19:00:00Z"}).json()["items"]
    assert [i["id"] for i in listed] == [game_id]


def test_since_and_until_bound_the_start_at_the_table(
    client: Client, games: dict[str, dict[str, Any]], begun: datetime
) -> None:
    def listed(**params: str) -> list[str]:
        ids: list[str] = []
        cursor: str | None = None
        while True:
            query = {"player": "quin", "limit": "1", **params, **({"cursor": cursor} if cursor else {})}
            page = client.get("/games", params=query)
            assert page.status_code == 200, page.text
            ids += [i["id"] for i in page.json()["items"]]
            cursor = page.json()["next_cursor"]
            if cursor is None:
                return ids

    ids = {name: g["id"] for name, g in games.items()}
    assert listed(since="2020-01-01T00:00:00Z", until="2022-01-01T00:00:00Z") == [ids["2021"]]
    assert listed(until="2020-01-01T00:00:00Z") == [ids["2019"]]
    # Bounds are inclusive/exclusive, to the second the game started.
    assert listed(since="2021-06-01T18:00:00Z", until="2021-06-01T18:00:01Z") == [ids["2021"]]
    assert listed(since="2021-06-01T17:00:00-01:00", until="2021-06-01T18:00:00Z") == []
    # A game recorded without any time is found by when it was stored; newest recorded first, page by page.
    assert listed(since=begun.isoformat()) == [ids["untimed"]]
    assert listed(since="2019-01-01T00:00:00Z") == [ids["untimed"], ids["2021"], ids["2019"]]


def test_games_stored_before_first_move_times_were_kept_get_them_from_their_events(
    client: Client, api_key: str, runtime: Runtime
) -> None:
    """Migration 0012: a game whose row has no ``played_at`` (created without ``started_at``, its moves
    timed, stored before the row kept the first move's time) takes it from its events."""
    game = simulate(2, 15)
    setup = {**msgspec.to_builtins(game.setup), "players": ["Tao", "Uma"]}
    game_id = client.post("/games", json={"kind": "arctic", "setup": setup}, headers=auth(api_key)).json()["id"]
    first = datetime(2025, 3, 4, 21, 0, tzinfo=UTC)
    for i, move in enumerate(game.moves[:2]):
        at = (first + timedelta(minutes=i)).isoformat()
        answer = client.post(
            f"/games/{game_id}/moves", json={"move": msgspec.to_builtins(move), "at": at}, headers=auth(api_key)
        )
        assert answer.status_code == 201, answer.text
    with runtime.store.game_recorder.datastore.get_connection() as conn:
        conn.execute("UPDATE games SET played_at = NULL WHERE id = %s", (game_id,))
        assert when(client.get(f"/games/{game_id}").json()["started_at"]) != first
        conn.execute(FIRST_PLAY_TIMES)
    assert when(client.get(f"/games/{game_id}").json()["started_at"]) == first
