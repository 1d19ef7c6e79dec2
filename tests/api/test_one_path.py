"""Issue #46: one way through for a move and for a replay step. ``POST /games/{id}/moves`` reaches the store
through ``GameWriter.append`` alone, whatever the head it is decided from (read from the row, held by the
process, held and stale); ``GET /games/{id}/replay/{step}`` reaches it through ``Replays.replay`` alone,
whatever the cache holds (nothing, the game's row, its block, the step encoded). Each request calls its
entry once, and nothing below the entry is called by anything else."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import msgspec
import pytest
from litestar.testing import TestClient

from domain.arctic.simulator import simulate
from service.games.replays import Replays
from service.games.writing import GameWriter
from service.runtime import Runtime
from tests.helpers import auth

Client = TestClient[Any]
ROOT = Path(__file__).resolve().parents[2]


def _public(cls: type) -> list[str]:
    return sorted(name for name, member in vars(cls).items() if callable(member) and not name.startswith("_"))


def test_the_writer_and_the_replays_have_one_entry_each() -> None:
    assert _public(GameWriter) == ["append", "create"]  # a new game, and a move
    assert inspect.iscoroutinefunction(GameWriter.append)
    assert _public(Replays) == ["replay"]
    assert inspect.iscoroutinefunction(Replays.replay)


def _calls_in(function: str, path: Path) -> list[str]:
    """The attribute calls (``x.y(...)``: ``y``) made in a route handler's body."""
    tree = ast.parse(path.read_text())
    found = next(node for node in ast.walk(tree) if isinstance(node, ast.AsyncFunctionDef) and node.name == function)
    return [
        node.func.attr
        for node in ast.walk(found)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
    ]


def test_the_routes_call_their_entry_and_nothing_else_of_the_use_case() -> None:
    routes = ROOT / "service" / "http" / "routes" / "games.py"
    move = _calls_in("append", routes)
    assert move.count("append") == 1 and not {"submit", "write", "row", "current"} & set(move), move
    replay = _calls_in("replay", routes)
    assert replay.count("replay") == 1 and not {"block_on_loop", "row_and_block_on_loop"} & set(replay), replay


class Entries:
    """Counts each call of the two entries, and checks that every call below them into the store comes
    from inside one of them (on the event loop's stack, or in a worker thread the entry started)."""

    def __init__(self, runtime: Runtime, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls = {"append": 0, "replay": 0}
        self.inside = {"append": 0, "replay": 0}  # the entries now running
        self.reached: list[tuple[str, str]] = []  # (the store's method, the entry it was reached from)
        games = runtime.games
        for name, owner in (("append", games.writer), ("replay", games.replays)):
            monkeypatch.setattr(owner, name, self._counted(name, getattr(owner, name)))
        for what, owner, method in [
            ("append", games.group, "submit"),
            ("append", games.group, "write"),
            ("replay", games.replays.snapshot_table, "row_and_block_on_loop"),
            ("replay", games.replays.snapshot_table, "block_on_loop"),
            ("replay", games.replays.snapshot_table, "block"),
            ("replay", games.replays.snapshot_table, "row_and_block"),
        ]:
            monkeypatch.setattr(owner, method, self._reached(what, method, getattr(owner, method)))

    def _counted(self, name: str, entry: Callable[..., Any]) -> Callable[..., Any]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            self.inside[name] += 1
            try:
                return await entry(*args, **kwargs)
            finally:
                self.inside[name] -= 1

        return counted

    def _reached(self, entry: str, name: str, method: Callable[..., Any]) -> Callable[..., Any]:
        def reached(*args: Any, **kwargs: Any) -> Any:
            self.reached.append((name, entry if self.inside[entry] else "outside"))
            return method(*args, **kwargs)

        return reached


@pytest.fixture
def entries(runtime: Runtime, monkeypatch: pytest.MonkeyPatch) -> Iterator[Entries]:
    yield Entries(runtime, monkeypatch)


def test_every_move_goes_through_the_one_entry_once(client: Client, api_key: str, entries: Entries) -> None:
    game = simulate(2, 460)
    made = client.post(
        "/games", json={"kind": "arctic", "setup": msgspec.to_builtins(game.setup)}, headers=auth(api_key)
    )
    game_id, etag = made.json()["id"], made.headers["etag"]
    bodies = [{"move": msgspec.to_builtins(move)} for move in game.moves]
    requests = 0
    for body in bodies[:3]:  # the first from the row, the next ones from the head this process holds
        answer = client.post(f"/games/{game_id}/moves", json=body, headers={**auth(api_key), "if-match": etag})
        assert answer.status_code == 201, answer.text
        etag, requests = answer.headers["etag"], requests + 1
    stale = client.post(f"/games/{game_id}/moves", json=bodies[3], headers={**auth(api_key), "if-match": '"2"'})
    assert stale.status_code == 409  # refused from the held head, then from the row: one entry all the same
    bad = client.post(f"/games/{game_id}/moves", json={"move": {"type": "Nope"}}, headers=auth(api_key))
    assert bad.status_code == 400
    requests += 2
    assert entries.calls["append"] == requests
    assert entries.reached and {entry for _, entry in entries.reached} == {"append"}, entries.reached


def test_every_replay_step_goes_through_the_one_entry_once(client: Client, api_key: str, entries: Entries) -> None:
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "id": "one-path:461",
        "setup": msgspec.to_builtins(simulate(2, 461).setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in simulate(2, 461).moves],
    }
    made = client.post("/games/import", json=record, headers=auth(api_key))
    game_id, steps = UUID(made.json()["id"]), made.json()["version"]
    asked = [steps, steps - 1, steps, 3, 3, 70, steps + 1]  # cold, held block, encoded, ahead, encoded, read, none
    for step in asked:
        answer = client.get(f"/games/{game_id}/replay/{step}")
        assert answer.status_code == (404 if step > steps else 200), answer.text
    moved = client.get(f"/games/{game_id}/replay", params={"move": 4})  # navigation: the same entry
    assert moved.status_code == 200
    watched = client.get(f"/games/{game_id}/watch", params={"step": 5})  # the viewer's page too
    assert watched.status_code == 200
    assert entries.calls["replay"] == len(asked) + 2
    assert entries.reached and {entry for _, entry in entries.reached} == {"replay"}, entries.reached
