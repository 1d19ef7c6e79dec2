"""Importing a record sealed by another Banquise (docs/RECORDS.md): with ``BANQUISE_TRUSTED_KEYS`` set, the
seal is checked and the answer names its key; a seal that does not hold, or by a key not trusted, is a 422
with a stable code and nothing is stored."""

from __future__ import annotations

import base64
import copy
from collections.abc import Iterator
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from service.base import signing
from service.base.database import ConnectionParams
from service.base.settings import Settings, SettingsError
from service.base.store.application import GameLog
from service.games import sealing
from service.http.app import create_app
from service.runtime import Runtime
from tests.api.test_exports import timed
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
FOREIGN = signing.SigningKey.generate()  # the other Banquise's key


def resealed(record: dict[str, Any], key: signing.SigningKey) -> dict[str, Any]:
    """``record`` (an export of this server) as the server of ``key`` would have sealed it."""
    seal = record["seal"]
    bare = {k: v for k, v in record.items() if k != "seal"}
    events = [(t, base64.b64decode(s)) for t, s in seal["events"]]
    return sealing.seal(bare, UUID(seal["game_id"]), events, bytes.fromhex(seal["head"]), seal["states"], key)


@pytest.fixture(scope="module")
def foreign_record(client: Client, api_key: str) -> dict[str, Any]:
    body = timed("arctic", 2, 91, ["Aputsiaq", "Nanook"], 3)
    body["id"] = "club-7/2026-11-05/1"
    made = client.post("/games/import", json=body, headers=auth(api_key))
    assert made.status_code == 201, made.text
    return resealed(client.get(f"/games/{made.json()['id']}/record").json(), FOREIGN)


@pytest.fixture(scope="module")
def trusting(database: ConnectionParams, store: GameLog) -> Iterator[Client]:
    """A server of the same database that trusts FOREIGN's key."""
    settings = Settings(pool_size=4, run_projections=False, trusted_keys=(FOREIGN.public,))
    runtime = Runtime(settings=settings, params=database, store=store, server_version="test")
    with TestClient(create_app(settings, runtime=runtime)) as c:
        yield c


def stored(database: ConnectionParams, record_id: str) -> int:
    with psycopg.connect(database.conninfo()) as conn:
        row = conn.execute("SELECT count(*) FROM games WHERE record_id = %s", (record_id,)).fetchone()
    return int(row[0]) if row else 0


def test_a_record_sealed_by_a_trusted_key_imports_and_names_it(
    trusting: Client, other_key: str, foreign_record: dict[str, Any]
) -> None:
    made = trusting.post("/games/import", content=msgspec.json.encode(foreign_record), headers=auth(other_key))
    assert made.status_code == 201, made.text
    assert made.json()["signed_by"] == FOREIGN.id


def test_a_changed_record_is_refused_and_nothing_stored(
    trusting: Client, other_key: str, foreign_record: dict[str, Any], database: ConnectionParams
) -> None:
    record = copy.deepcopy(foreign_record)
    record["id"] = "club-7/2026-11-05/changed"
    record["moves"][3]["at"] = record["moves"][3]["at"].replace("18:", "17:")
    refused = trusting.post("/games/import", content=msgspec.json.encode(record), headers=auth(other_key))
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "record_signature_invalid"
    assert stored(database, "club-7/2026-11-05/changed") == 0


def test_a_record_sealed_by_an_untrusted_key_is_refused(
    trusting: Client, other_key: str, foreign_record: dict[str, Any], database: ConnectionParams
) -> None:
    record = {k: v for k, v in foreign_record.items() if k != "seal"}
    record["id"] = "club-7/2026-11-05/elsewhere"
    stranger = signing.SigningKey.generate()
    sealed = resealed({**record, "seal": foreign_record["seal"]}, stranger)
    refused = trusting.post("/games/import", content=msgspec.json.encode(sealed), headers=auth(other_key))
    assert refused.status_code == 422, refused.text
    assert refused.json()["code"] == "record_signer_untrusted"
    assert stranger.id in refused.json()["detail"]
    assert stored(database, "club-7/2026-11-05/elsewhere") == 0


def test_an_unsealed_record_imports_as_before(trusting: Client, other_key: str, foreign_record: dict[str, Any]) -> None:
    record = {k: v for k, v in foreign_record.items() if k != "seal"}
    record["id"] = "club-7/2026-11-05/unsealed"
    made = trusting.post("/games/import", content=msgspec.json.encode(record), headers=auth(other_key))
    assert made.status_code == 201, made.text
    assert made.json().get("signed_by") is None


def test_trusted_keys_are_read_from_the_environment() -> None:
    text = base64.b64encode(FOREIGN.public).decode()
    settings = Settings.from_env({"BANQUISE_TRUSTED_KEYS": f"{text}, {FOREIGN.public.hex()}"})
    assert settings.trusted_keys == (FOREIGN.public, FOREIGN.public)
    with pytest.raises(SettingsError, match="BANQUISE_TRUSTED_KEYS"):
        Settings.from_env({"BANQUISE_TRUSTED_KEYS": "not-a-key"})
