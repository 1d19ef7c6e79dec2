"""Sealed records (docs/RECORDS.md): an exported record carries its events' chain head, the state hashes
and the server's signature; ``banquise verify`` checks them offline and names the first step that differs."""

from __future__ import annotations

import base64
import copy
import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.base import signing
from service.base.store.application import GameLog
from service.base.store.kinds import Registry
from service.cli.main import main
from service.games import codecs, sealing
from tests.api.test_exports import timed
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient  # type: ignore[type-arg]


@pytest.fixture(scope="module")
def exported(client: Client, api_key: str) -> dict[str, Any]:
    """A finished Arctic game with times, exported."""
    made = client.post(
        "/games/import", json=timed("arctic", 3, 77, ["Aputsiaq", "Nanook", "Siku"], 1), headers=auth(api_key)
    )
    assert made.status_code == 201, made.text
    record = client.get(f"/games/{made.json()['id']}/record")
    assert record.status_code == 200, record.text
    return dict(record.json())


@pytest.fixture(scope="module")
def server_key(client: Client) -> str:
    answer = client.get("/keys/server")
    assert answer.status_code == 200, answer.text
    return str(answer.json()["public_key"])


def verify(tmp_path: Path, record: dict[str, Any], *args: str) -> int:
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    return main(["verify", str(path), *args])


def test_an_exported_record_passes(
    tmp_path: Path, exported: dict[str, Any], server_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert verify(tmp_path, exported, "--key", server_key) == 0
    out = capsys.readouterr()
    assert "verified" in out.out and exported["seal"]["key_id"] in out.out


def test_without_a_key_it_passes_with_a_warning(
    tmp_path: Path, exported: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    assert verify(tmp_path, exported) == 0
    assert "only proves" in capsys.readouterr().err


def changed(record: dict[str, Any], change: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    change(out)
    return out


def refused(tmp_path: Path, record: dict[str, Any], key: str, capsys: pytest.CaptureFixture[str]) -> str:
    assert verify(tmp_path, record, "--key", key) == 1
    return capsys.readouterr().err


def test_one_moves_card_changed_is_refused_at_that_move(
    tmp_path: Path, exported: dict[str, Any], server_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a card played later in the game swapped for another card the rules allow there (the replay
    # goes on: only the signed states and events tell).
    kind = Registry.default().get("arctic")
    assert kind is not None
    record = codecs.record(kind).decode(msgspec.json.encode(exported))
    rules = kind.rules
    state = rules.fold(rules.start(record.setup), rules.initial_state())
    index, other = -1, None
    for i, entry in enumerate(record.moves):
        if i >= 10 and type(entry.move).__name__ == "PlaceCard":
            alternatives = [
                m for m in rules.legal_moves(state) if type(m).__name__ == "PlaceCard" and m.card != entry.move.card
            ]
            if alternatives:
                index, other = i, alternatives[0]
                break
        state = rules.fold(rules.decide(state, entry.move), state)
    assert other is not None

    def change(r: dict[str, Any]) -> None:
        r["moves"][index]["move"]["card"] = other.card

    err = refused(tmp_path, changed(exported, change), server_key, capsys)
    assert f"differs from what was signed at move {index + 1} ($.moves[{index}])" in err


def test_two_moves_swapped_are_refused_at_the_first(
    tmp_path: Path, exported: dict[str, Any], server_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(r: dict[str, Any]) -> None:
        r["moves"][5], r["moves"][6] = r["moves"][6], r["moves"][5]

    err = refused(tmp_path, changed(exported, change), server_key, capsys)
    assert "move 6 ($.moves[5])" in err


def test_a_time_changed_is_refused_at_that_move(
    tmp_path: Path, exported: dict[str, Any], server_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(r: dict[str, Any]) -> None:
        r["moves"][8]["at"] = r["moves"][8]["at"].replace(":09:", ":19:")

    record = changed(exported, change)
    assert record["moves"][8]["at"] != exported["moves"][8]["at"]
    err = refused(tmp_path, record, server_key, capsys)
    assert "move 9 ($.moves[8])" in err and "time" in err


def test_the_setups_seed_changed_is_refused_at_the_setup(
    tmp_path: Path, exported: dict[str, Any], server_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def change(r: dict[str, Any]) -> None:
        r["setup"]["seed"] += 1

    err = refused(tmp_path, changed(exported, change), server_key, capsys)
    assert "the setup" in err


def test_the_signature_of_another_key_is_refused(
    tmp_path: Path, exported: dict[str, Any], server_key: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given the same record sealed again, whole and consistent, by another key.
    other = signing.SigningKey.generate()
    record = changed(exported, lambda r: r.pop("seal"))
    seal = exported["seal"]
    events = [(t, base64.b64decode(s)) for t, s in seal["events"]]
    from uuid import UUID

    resealed = sealing.seal(record, UUID(seal["game_id"]), events, bytes.fromhex(seal["head"]), seal["states"], other)
    assert verify(tmp_path, resealed) == 0  # its own key vouches for its integrity
    capsys.readouterr()
    err = refused(tmp_path, resealed, server_key, capsys)
    assert other.id in err and "not by the trusted key" in err


def test_the_server_key_is_one_per_database(store: GameLog, database: Any, client: Client) -> None:
    again = GameLog(database)
    try:
        assert again.server_key.public == store.server_key.public
    finally:
        again.close()
    assert client.get("/keys/server").json()["key_id"] == store.server_key.id


def test_a_sealed_record_imports_again_as_the_same_game(client: Client, api_key: str, exported: dict[str, Any]) -> None:
    again = client.post("/games/import", content=msgspec.json.encode(exported), headers=auth(api_key))
    assert again.status_code == 200, again.text


def test_the_cli_prints_the_servers_public_key(
    database: Any, store: GameLog, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tests.projections.test_runner import database_url

    monkeypatch.setenv("DATABASE_URL", database_url(database))
    assert main(["keys", "server"]) == 0
    out = capsys.readouterr()
    assert out.out.strip() == signing.public_key_text(store.server_key.public)
    assert store.server_key.id in out.err
    # And the chain command reports every game of the database, none broken.
    assert main(["chain"]) == 0
    assert re.search(
        r"^\d+ games, \d+ events chained \(migration 0018 applied .*\); 0 broken$", capsys.readouterr().out
    )


def test_a_corrected_game_and_a_fork_verify(
    client: Client, api_key: str, server_key: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Given a game with moves taken back (their events stay in the chain, out of the record) …
    full = msgspec.json.decode(record("arctic", 2, 78))
    made = client.post("/games/import", content=record("arctic", 2, 78, moves=8), headers=auth(api_key))
    game_id = made.json()["id"]
    undone = client.post(f"/games/{game_id}/undo", json={"moves": 2}, headers=auth(api_key))
    assert undone.status_code == 200, undone.text
    for entry in full["moves"][6:9]:
        played = client.post(f"/games/{game_id}/moves", json={"move": entry["move"]}, headers=auth(api_key))
        assert played.status_code == 201, played.text
    corrected = client.get(f"/games/{game_id}/record", headers=auth(api_key)).json()
    assert len(corrected["moves"]) == 9 and len(corrected["seal"]["events"]) > len(corrected["seal"]["states"])
    assert verify(tmp_path, corrected, "--key", server_key) == 0
    # … and a fork of it (the origin's events copied into its own stream).
    fork = client.post(f"/games/{game_id}/forks", json={"at": 5}, headers=auth(api_key))
    assert fork.status_code == 201, fork.text
    forked = client.get(f"/games/{fork.json()['id']}/record", headers=auth(api_key)).json()
    assert verify(tmp_path, forked, "--key", server_key) == 0, capsys.readouterr().err


@pytest.mark.parametrize("kind", sorted(k.name for k in Registry.default()))
def test_every_kinds_exported_record_verifies(
    client: Client, api_key: str, server_key: str, tmp_path: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    made = client.post("/games/import", content=record(kind, 3, 79), headers=auth(api_key))
    assert made.status_code == 201, made.text
    exported = client.get(f"/games/{made.json()['id']}/record", headers=auth(api_key)).json()
    assert verify(tmp_path, exported, "--key", server_key) == 0, capsys.readouterr().err
