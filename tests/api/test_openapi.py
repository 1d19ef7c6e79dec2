"""``openapi/`` holds the documents the app generates: regenerate them with ``make openapi``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from litestar.testing import TestClient

from service.base.settings import Settings
from service.cli.main import documents

FOLDER = Path(__file__).resolve().parents[2] / "openapi"


@pytest.mark.parametrize("name", ["openapi.json", "record.schema.json"])
def test_committed_document_matches_the_app(name: str) -> None:
    generated = json.loads(documents(Settings())[name])
    committed = json.loads((FOLDER / name).read_text())
    assert committed == generated, f"openapi/{name} is out of date: run `make openapi` and commit the result"


def test_record_schema_is_served(client: TestClient) -> None:  # type: ignore[type-arg]
    served = client.get("/records/schema").json()
    assert served == json.loads((FOLDER / "record.schema.json").read_text())
    assert {"arctic.GameRecord"} <= set(served["$defs"])
