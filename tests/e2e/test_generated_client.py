"""A Python client generated from the committed OpenAPI document (openapi-python-client) plays a short
journey against a real ``banquise serve``: make a key, create a game, append, undo, replay, stats."""

from __future__ import annotations

import importlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.e2e.server import banquise, serving
from tests.openapi_tools import generate_python_client

pytestmark = pytest.mark.e2e
PACKAGE = "banquise_generated_client"


@pytest.fixture
def generated(tmp_path: Path) -> Iterator[Any]:
    generate_python_client(tmp_path / PACKAGE)
    sys.path.insert(0, str(tmp_path))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(tmp_path))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_a_generated_python_client_records_and_replays_a_game(tmp_path: Path, generated: Any) -> None:
    def module(name: str) -> Any:
        return importlib.import_module(f"{PACKAGE}.{name}")

    models = module("models")
    api = {
        name: module(f"api.{tag}.{name}")
        for tag, name in [
            ("service", "create_api_key"),
            ("games", "create_game"),
            ("games", "append_move"),
            ("games", "undo_moves"),
            ("games", "get_replay_step"),
            ("games", "get_game_stats"),
            ("games", "list_legal_moves"),
            ("games", "list_events"),
            ("games", "export_record"),
        ]
    }
    data = tmp_path / "data"
    made = banquise(data, "keys", "create", "--admin", "--name", "club admin")
    assert made.returncode == 0, made.stderr
    with serving(data) as base:
        admin = generated.AuthenticatedClient(base_url=base, token=made.stdout.strip())
        # An admin makes the recorder's key over HTTP.
        key = api["create_api_key"].sync(client=admin, body=models.KeyRequest(name="club website"))
        assert isinstance(key, models.KeyCreated), key
        recorder = generated.AuthenticatedClient(base_url=base, token=key.token)

        body = models.ArcticNewGame.from_dict(
            {"kind": "arctic", "setup": {"players": ["Aputsiaq", "Nanook"], "seed": 42}}
        )
        game = api["create_game"].sync(client=recorder, body=body)
        assert isinstance(game, models.GameCreated), game
        legal = api["list_legal_moves"].sync(game.id, client=recorder)
        assert isinstance(legal, models.LegalMoves), legal
        moves = [choice.move for group in legal.groups for choice in group.choices]
        assert moves and all(type(m).__name__.startswith("Arctic") for m in moves)

        move = models.ArcticRecordedMove.from_dict({"move": {"type": "PlaceCard", "seat": 0, "card": "d2-walrus-3"}})
        accepted = api["append_move"].sync(game.id, client=recorder, body=move, if_match=f'"{game.version}"')
        assert isinstance(accepted, models.MoveAccepted), accepted
        assert accepted.events and accepted.events[0].event.type_ == "CardPlaced"

        undone = api["undo_moves"].sync_detailed(game.id, client=recorder, body=models.UndoRequest(moves=1))
        assert isinstance(undone.parsed, models.UndoAccepted), undone.content
        assert undone.parsed.moves == 0
        position = int(undone.headers["x-banquise-position"])

        # The log and the record, typed: each event as its kind's, the record as an Arctic one.
        events = api["list_events"].sync(game.id, client=recorder)
        assert isinstance(events, list) and len(events) == undone.parsed.version
        assert all(type(e.event).__name__.startswith("Arctic") for e in events[:-1])
        assert isinstance(events[-1].event, models.MovesTakenBack) and events[-1].type_ == "MovesTakenBack"
        record = api["export_record"].sync(game.id, client=recorder)
        assert isinstance(record, models.ArcticGameRecord), record
        assert record.setup.players == ["Aputsiaq", "Nanook"] and not record.moves

        replay = api["get_replay_step"].sync(game.id, 1, client=recorder)
        assert isinstance(replay, models.Replay), replay
        assert isinstance(replay.view, models.ArcticView)
        assert replay.event.event.type_ == "GameStarted"

        deadline = time.monotonic() + 30
        while True:
            stats = api["get_game_stats"].sync(game.id, client=recorder, min_position=position)
            if isinstance(stats, models.GameStats) or time.monotonic() > deadline:
                break
            time.sleep(0.2)  # the projections catch up (503 projection_lagging meanwhile)
        assert isinstance(stats, models.GameStats), stats

        # HEAD through a real server (uvicorn) too: uptime monitors ask the health, the game, its live stream.
        with httpx.Client(base_url=base, timeout=10) as http:
            for path in ("/health", f"/games/{game.id}", f"/games/{game.id}/live"):
                head = http.head(path)
                assert head.status_code == 200 and head.content == b"", path
