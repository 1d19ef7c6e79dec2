"""The viewer's page names every status a game can be in (``make fuzz`` found an abandoned game's page
answering 500: its status had no word)."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from tests.helpers import auth
from tests.watching import record

Client = TestClient[Any]


@pytest.mark.parametrize("lang", ["en", "fr", "es"])
def test_an_abandoned_games_page_says_so(client: Client, api_key: str, lang: str) -> None:
    live = client.post("/games/import", json=record("arctic", 2, 22, moves=6), headers=auth(api_key)).json()
    abandoned = client.post(f"/games/{live['id']}/abandon", json={"reason": "the table closed"}, headers=auth(api_key))
    assert abandoned.status_code == 200, abandoned.text

    page = client.get(f"/games/{live['id']}/watch", params={"lang": lang})

    assert page.status_code == 200, page.text
    word = {"en": "abandoned", "fr": "abandonnée", "es": "abandonada"}[lang]
    assert f'<span class="badge abandoned" id="status">{word}</span>' in page.text
