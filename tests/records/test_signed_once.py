"""A signed game is one game (#49, item 4): a record sealed by a trusted server is that server's game, and its
import by any caller with any Idempotency-Key never makes a second game here (409 ``signed_game_recorded``
naming the stored one; the same key's same record is the stored game, 200); its players' statistics count
it once. Concurrent imports of it make one game."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from service.base import signing
from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store.application import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests.api.test_exports import timed
from tests.helpers import auth, project
from tests.records.test_signed_import import resealed

Client = TestClient[Any]
FOREIGN = signing.SigningKey.generate()  # the other Banquise's key


@pytest.fixture(scope="module")
def trusting(database: ConnectionParams, store: GameLog) -> Iterator[tuple[Client, Runtime]]:
    """A server of the module's database that trusts FOREIGN's key."""
    settings = Settings(pool_size=4, run_projections=False, trusted_keys=(FOREIGN.public,))
    runtime = Runtime(settings=settings, params=database, store=store, server_version="test")
    with TestClient(create_app(settings, runtime=runtime)) as c:
        yield c, runtime


def foreign(client: Client, api_key: str, seed: int, names: list[str]) -> bytes:
    """A finished game as FOREIGN's server exports it (sealed by its key, its id there)."""
    made = client.post("/games/import", json=timed("arctic", 2, seed, names, 4), headers=auth(api_key))
    assert made.status_code == 201, made.text
    exported = client.get(f"/games/{made.json()['id']}/record").json()
    # Another server's game: its seal names a game this one does not hold.
    exported["seal"]["game_id"] = "00000000-0000-4000-8000-" + f"{seed:012d}"
    exported["id"] = f"game:{exported['seal']['game_id']}"
    return msgspec.json.encode(resealed(exported, FOREIGN))


def games_of(database: ConnectionParams, handle: str) -> int:
    with psycopg.connect(database.conninfo()) as conn:
        row = conn.execute("SELECT count(*) FROM games WHERE %s = ANY(handles)", (handle,)).fetchone()
    return int(row[0]) if row else 0


def test_one_sealed_record_imported_by_two_callers_is_one_game(
    client: Client,
    api_key: str,
    other_key: str,
    admin_key: str,
    trusting: tuple[Client, Runtime],
    database: ConnectionParams,
) -> None:
    server, runtime = trusting
    body = foreign(client, api_key, 4940, ["Ivalu", "Qilak"])
    made = server.post("/games/import", content=body, headers=auth(other_key, **{"Idempotency-Key": "first"}))
    assert made.status_code == 201 and made.json()["signed_by"] == FOREIGN.id, made.text
    stored = made.json()["id"]
    # Another caller, another Idempotency-Key (and none at all): refused, naming the stored game.
    for key, idem in ((admin_key, "second"), (api_key, None)):
        headers = auth(key, **({"Idempotency-Key": idem} if idem else {}))
        again = server.post("/games/import", content=body, headers=headers)
        assert again.status_code == 409, again.text
        assert again.json()["code"] == "signed_game_recorded" and again.json()["game_id"] == stored
    # The same caller with a new Idempotency-Key: the stored game itself, nothing stored.
    mine = server.post("/games/import", content=body, headers=auth(other_key, **{"Idempotency-Key": "third"}))
    assert mine.status_code == 200 and mine.json()["id"] == stored, mine.text
    # The record re-signed with a move's time changed is another record of the same signed game: refused.
    changed = msgspec.json.decode(body)
    changed["moves"][2]["at"] = changed["moves"][2]["at"].replace("18:", "19:")
    changed = resealed(changed, FOREIGN)
    other = server.post("/games/import", content=msgspec.json.encode(changed), headers=auth(other_key))
    assert other.status_code == 409 and other.json()["code"] == "signed_game_recorded", other.text
    # Statistics: the players' games and wins count it once (their handles sit at two games: the one
    # exported from this server's own import, and the signed one).
    assert games_of(database, "ivalu") == 2
    project(runtime)
    stats = client.get("/players/Ivalu").json()
    assert stats["games"] == 2, stats


def test_concurrent_imports_of_one_sealed_record_make_one_game(
    client: Client, api_key: str, other_key: str, admin_key: str, trusting: tuple[Client, Runtime]
) -> None:
    server, _ = trusting
    body = foreign(client, api_key, 4941, ["Nuka", "Pipaluk"])
    answers: list[Any] = []
    start = threading.Barrier(3)

    def send(key: str, idem: str) -> None:
        start.wait()
        answers.append(server.post("/games/import", content=body, headers=auth(key, **{"Idempotency-Key": idem})))

    threads = [
        threading.Thread(target=send, args=args) for args in ((other_key, "a"), (admin_key, "b"), (api_key, "c"))
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(a.status_code for a in answers)
    assert statuses == [201, 409, 409], [a.text for a in answers]
    made = next(a for a in answers if a.status_code == 201).json()["id"]
    assert {a.json()["game_id"] for a in answers if a.status_code == 409} == {made}
