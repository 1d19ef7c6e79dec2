"""The OpenAPI document follows the registry: a kind registered by the tests alone (``pile``) has its
bodies, records and events under its own readable names (``PileTake``), told apart by ``kind``, with no
generic module naming it (``service/http/openapi_finish.py`` reads the prefixes from the registry)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.kinds import registration
from domain.registry import GamePlugin
from service.base.settings import Settings
from service.http.app import create_app
from service.http.openapi_finish import prefixes
from tests.test_toy_game import KIND, TOY


@pytest.fixture(scope="module")
def document() -> dict[str, Any]:
    """The document of an app built while the toy is registered (the registration ends with the build)."""
    with registration(TOY):
        return create_app(Settings()).openapi_document()


def test_the_prefixes_are_the_registered_kinds_and_the_services() -> None:
    with registration(TOY):
        assert prefixes()[-2:] == (KIND, "banquise") and "arctic" in prefixes()


def test_a_registered_kinds_bodies_have_their_own_names_and_discriminator(document: dict[str, Any]) -> None:
    schemas = document["components"]["schemas"]
    assert {"PileNewGame", "PileGameRecord", "PileTake", "PileState"} <= set(schemas)
    assert schemas["PileNewGame"]["properties"]["kind"] == {"type": "string", "const": KIND}
    body = document["paths"]["/games"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["discriminator"]["mapping"][KIND] == "#/components/schemas/PileNewGame"
    # One schema per name: no unprefixed copy of the kind's Structs is left beside them.
    assert not {"Take", "CountersTaken", "GameEnded"} & set(schemas)


def test_without_it_the_document_does_not_name_it() -> None:
    plugin: GamePlugin = TOY
    doc = create_app(Settings()).openapi_document()
    assert not [name for name in doc["components"]["schemas"] if name.startswith(plugin.title)]
