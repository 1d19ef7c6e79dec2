"""The timeline speaks of players by name and, once the game is finished, says what the end revealed."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctic import moves as mv
from domain.arctic.simulator import simulate

Client = TestClient  # type: ignore[type-arg]
NAMES = ["Nanook", "Éloïse"]


def _record(cut: int | None = None) -> tuple[dict[str, Any], str]:
    """A public Arctic game whose seat 0 tells the record its totem early; ``cut``: moves kept."""
    game = simulate(2, 21, mode="public")
    totem = next(m for m in game.moves if isinstance(m, mv.RevealTotem) and m.seat == 0)
    moves = [m for m in game.moves if m is not totem]
    moves.insert(len(moves) // 3, totem)
    setup = msgspec.to_builtins(game.setup) | {"players": NAMES}
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": setup,
        "moves": [{"move": msgspec.to_builtins(m)} for m in (moves if cut is None else moves[:cut])],
    }
    return record, totem.animal


def _timeline(client: Client, api_key: str, record: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    created = client.post("/games/import", json=record, headers={"Authorization": f"Bearer {api_key}"})
    assert created.status_code == 201, created.text
    return client.get(f"/games/{created.json()['id']}/timeline", params={"lang": lang}).json()["entries"]


def test_a_finished_games_timeline_names_players_and_the_early_totem(client: Client, api_key: str) -> None:
    record, animal = _record()
    entries = _timeline(client, api_key, record, "fr")
    for entry in entries:
        if entry["actor"] is not None:
            assert entry["description"].startswith(NAMES[entry["actor"]]), entry
        assert "Siège" not in entry["description"] and "(s)" not in entry["description"]
    early = [e["description"] for e in entries if e["type"] == "TotemRevealed" and e["actor"] == 0]
    french = {"fox": "renard", "moose": "élan", "walrus": "morse", "orca": "orque", "puffin": "macareux"}
    assert early == [f"Nanook révèle son totem : {french.get(animal, 'ours polaire')}"]
    assert entries[-1]["type"] == "GameFinished" and "totems :" in entries[-1]["description"]


def test_a_live_games_timeline_keeps_the_early_totem_hidden(client: Client, api_key: str) -> None:
    record, _ = _record()
    record, _ = _record(cut=len(record["moves"]) // 2)
    entries = _timeline(client, api_key, record, "en")
    early = [e["description"] for e in entries if e["type"] == "TotemRevealed"]
    assert early == ["Nanook shows the recorder their totem"]
