"""``openapi/openapi.json`` is the document the app generates: regenerate with ``make openapi``."""

from __future__ import annotations

import json
from pathlib import Path

from service.app import create_app
from service.settings import Settings

DOCUMENT = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


def test_openapi_document_matches_the_app() -> None:
    generated = create_app(Settings()).openapi_schema.to_schema()
    committed = json.loads(DOCUMENT.read_text())
    assert committed == json.loads(json.dumps(generated)), (
        "openapi/openapi.json is out of date: run `make openapi` and commit the result"
    )
