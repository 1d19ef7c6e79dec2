"""Editions are a capability a plug-in declares: a second kind with editions (the tests' ``pile``, with a
codec of its own) goes through the same table, use case and routes as the built-in one, and the
routes ask which kind is meant once two kinds have editions. A database migrated before editions were
stored by kind keeps its editions: each ``<kind>_editions`` table is folded into ``editions``."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from domain.editions import EditionFormatError, Editions, Loader
from domain.errors import SetupError
from domain.kinds import registered_games, registration
from domain.registry import GamePlugin
from service.base.database import ConnectionParams
from service.base.store import GameLog
from service.base.store.editions import EDITIONS_BY_KIND
from service.base.store.migrations import migrate
from tests.helpers import auth
from tests.test_toy_game import KIND, TOY

Client = TestClient[Any]


# ------------------------------------------------------------------ the toy's editions (its own codec)
class PileEdition(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    id: str
    version: str
    label: str
    notice: str = ""
    pile: int


PACKAGED = PileEdition(id="pile-7", version="1", label="Seven counters", pile=7)
_stored: dict[tuple[str, str | None], PileEdition] = {}
_loader: list[Loader | None] = [None]


def _decode(raw: bytes | str) -> PileEdition:
    try:
        return msgspec.json.decode(raw, type=PileEdition)
    except msgspec.ValidationError as exc:
        raise EditionFormatError(str(exc), "$") from None
    except msgspec.DecodeError as exc:
        raise EditionFormatError(f"not valid JSON: {exc}", "$") from None


def _canonical(edition: PileEdition) -> bytes:
    return msgspec.json.Encoder(order="sorted").encode(edition)


def _get(edition_id: str, version: str | None) -> PileEdition:
    if edition_id == PACKAGED.id:
        return PACKAGED
    loader = _loader[0]
    found = loader(edition_id, version) if loader is not None else None
    if found is None:
        raise SetupError("pile.unknown_edition", f"unknown pile edition {edition_id!r}")
    return found  # type: ignore[no-any-return]


def _set_loader(loader: Loader | None) -> Loader | None:
    previous, _loader[0] = _loader[0], loader
    return previous


PILE_EDITIONS = Editions(
    document=PileEdition,
    packaged=(PACKAGED.id,),
    decode=_decode,
    problems=lambda e: [] if e.pile >= 1 else ["pile: at least one counter"],
    canonical=_canonical,
    fingerprint=lambda e: hashlib.sha256(_canonical(e)).hexdigest(),
    cards=lambda e: e.pile,
    get=_get,
    set_loader=_set_loader,
    demo=lambda: PACKAGED,
)
TOY_WITH_EDITIONS = replace(TOY, editions=PILE_EDITIONS)


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[GamePlugin]:
    """Registered before the module's app and runtime are built (the runtime installs its loader)."""
    with registration(TOY_WITH_EDITIONS) as plugin:
        yield plugin


# ------------------------------------------------------------------ two kinds with editions
def test_with_two_kinds_with_editions_the_kind_must_be_named(client: Client) -> None:
    assert len([p for p in registered_games() if p.editions is not None]) == 2
    for path in ("/editions/pile-7", "/editions/demo-1"):
        refused = client.get(path)
        assert refused.status_code == 400 and refused.json()["code"] == "edition_kind_required", refused.text
    listed = client.get("/editions").json()
    assert {(e["kind"], e["id"]) for e in listed} >= {(KIND, "pile-7"), ("arctica", "demo-1")}
    assert [e["id"] for e in client.get("/editions", params={"kind": KIND}).json()] == ["pile-7"]


def test_a_kind_without_editions_is_refused_by_name(client: Client) -> None:
    refused = client.get("/editions", params={"kind": "arctic"})
    assert refused.status_code == 422 and refused.json()["code"] == "kind_without_editions"
    assert refused.json()["kinds"] == ["arctica", KIND]


def test_the_second_kinds_edition_is_stored_validated_and_read_back(client: Client, admin_key: str) -> None:
    club = {"id": "club-pile", "version": "1", "label": "Nine", "pile": 9}
    bad = client.post("/editions", params={"kind": KIND}, json={**club, "pile": 0}, headers=auth(admin_key))
    assert bad.status_code == 422 and bad.json()["code"] == "inconsistent_edition"
    assert bad.json()["problems"] == ["pile: at least one counter"]
    added = client.post("/editions", params={"kind": KIND}, json=club, headers=auth(admin_key))
    assert added.status_code == 201, added.text
    assert added.json()["kind"] == KIND and added.json()["source"] == "stored"
    # The same id under another kind is another edition: Arctica has none of that id.
    missing = client.get("/editions/club-pile", params={"kind": "arctica"})
    assert missing.status_code == 404 and missing.json()["code"] == "edition_not_found"
    shown = client.get("/editions/club-pile", params={"kind": KIND}).json()
    assert shown["edition"] == {**club, "notice": ""} and shown["summary"]["sha256"] == added.json()["sha256"]
    # The kind's engine finds it through the loader the runtime installed.
    assert PILE_EDITIONS.get("club-pile", None).pile == 9


def test_the_openapi_document_types_every_kinds_edition(client: Client) -> None:
    doc = client.get("/schema/openapi.json").json()
    detail = doc["components"]["schemas"]["EditionDetail"]["properties"]["edition"]
    assert {ref["$ref"].rsplit("/", 1)[1] for ref in detail["anyOf"]} == {"ArcticaEdition", "PileEdition"}


# ------------------------------------------------------------------ a database of the earlier release
def test_a_kinds_own_editions_table_is_folded_into_editions(database: ConnectionParams, store: GameLog) -> None:
    """Given a ``<kind>_editions`` table as step 0010 first made them (no kind column), when step 0018
    runs, then its rows are the kind's editions, in the order they were added, and the table is gone."""
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(f"SET search_path TO {store.schema}")
        conn.execute(
            "CREATE TABLE oldkind_editions (id text NOT NULL, version text NOT NULL, "
            "seq bigint GENERATED ALWAYS AS IDENTITY, label text NOT NULL, notice text NOT NULL, "
            "sha256 text NOT NULL, document bytea NOT NULL, added_by text, "
            "created_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (id, version))"
        )
        conn.execute(
            "INSERT INTO oldkind_editions (id, version, label, notice, sha256, document) VALUES "
            "('old', '2', 'second', '', 'b', '\\x7b7d'), ('old', '1', 'first', '', 'a', '\\x7b7d')"
        )
        conn.execute("DELETE FROM banquise_migrations WHERE id = '0018_editions_by_kind'")
    assert migrate(database.conninfo(), store.schema, [("0018_editions_by_kind", EDITIONS_BY_KIND)]) == [
        "0018_editions_by_kind"
    ]
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        conn.execute(f"SET search_path TO {store.schema}")
        rows = conn.execute("SELECT kind, id, version FROM editions WHERE kind = 'oldkind' ORDER BY seq").fetchall()
        assert rows == [("oldkind", "old", "2"), ("oldkind", "old", "1")]
        assert conn.execute("SELECT to_regclass('oldkind_editions')").fetchone() == (None,)
