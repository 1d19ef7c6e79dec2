"""``GET /kinds``: every registered kind as its plug-in declares it (setup form, player counts, words, move
titles, board module, capabilities), cacheable with an ETag, in the OpenAPI document; the pages that use
it (the recorder's shell, the watch page's words, the legal moves' titles) take each kind's part from it."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.kinds import registered_games
from service.http.viewer.words import WORDS
from tests.helpers import auth

Client = TestClient[Any]


def test_every_registered_kind_is_listed_as_its_plug_in_declares_it(client: Client) -> None:
    answer = client.get("/kinds")
    assert answer.status_code == 200, answer.text
    listed = {k["kind"]: k for k in answer.json()["kinds"]}
    plugins = registered_games()
    assert list(listed) == [p.kind for p in plugins]  # in the order they are offered
    for plugin in plugins:
        kind = listed[plugin.kind]
        assert kind["title"] == plugin.title and kind["player_counts"] == list(plugin.player_counts)
        assert kind["board_module"] == plugin.board_module
        assert kind["move_titles"] == dict(plugin.move_titles)
        assert {k: tuple(w.values()) for k, w in kind["words"].items()} == dict(plugin.words)
        assert kind["setup_form"] == msgspec.to_builtins(plugin.setup_form)
        capabilities = kind["capabilities"]
        assert capabilities["build"] is (plugin.build is not None)
        assert capabilities["editions"] is (plugin.editions is not None)
        assert capabilities["simulations"] == list(plugin.simulations)


def test_a_setup_built_from_the_form_defaults_starts_a_game_of_each_kind(client: Client, api_key: str) -> None:
    """Given each kind's setup form, when a client fills it as the start page does (the least players, the
    first seat, every field's default and a seed where one is asked), then the service starts the game."""
    for kind in client.get("/kinds").json()["kinds"]:
        form = kind["setup_form"]
        setup: dict[str, Any] = {"players": [f"p{i}" for i in range(kind["player_counts"][0])]}
        if form.get("start_seat"):
            setup[form["start_seat"]["key"]] = 0
        values = {f["key"]: f.get("default") or "7" for f in form.get("fields", [])}
        for field in form.get("fields", []):
            shown = all(values.get(k) in v for k, v in field.get("shown_when", {}).items())
            if shown:
                value: Any = int(values[field["key"]]) if field.get("input") == "number" else values[field["key"]]
                *path, last = field["key"].split(".")
                at = setup
                for part in path:
                    at = at.setdefault(part, {})
                at[last] = value
        made = client.post("/games", json={"kind": kind["kind"], "setup": setup}, headers=auth(api_key))
        assert made.status_code == 201, (kind["kind"], setup, made.text)


def test_the_document_is_cached_with_an_etag(client: Client) -> None:
    first = client.get("/kinds")
    etag = first.headers["etag"]
    again = client.get("/kinds", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert client.get("/kinds").headers["etag"] == etag


def test_the_document_is_in_the_openapi_document(client: Client) -> None:
    document = client.get("/schema/openapi.json").json()
    operation = document["paths"]["/kinds"]["get"]
    schema = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert schema["$ref"].endswith("/Kinds")
    assert "SetupForm" in document["components"]["schemas"]


def test_the_page_words_are_the_pages_own_and_a_watch_page_gets_its_kinds(client: Client, api_key: str) -> None:
    """Given the pages' words and each kind's, then no kind's word is a page word too, and a watch page's
    words are the page's and its own kind's only."""
    kinds = registered_games()
    for plugin in kinds:
        assert not set(plugin.words) & set(WORDS), plugin.kind
    plugin = kinds[0]
    setup = client.get("/kinds").json()["kinds"][0]
    made = client.post(
        "/games", json={"kind": plugin.kind, "setup": {"players": ["Ana", "Bo"], "seed": 1}}, headers=auth(api_key)
    )
    assert made.status_code == 201, (setup, made.text)
    html = client.get(f"/games/{made.json()['id']}/watch").text
    found = re.search(r'<script type="application/json" id="viewer-data">(.*?)</script>', html, re.S)
    assert found is not None
    words = msgspec.json.decode(found.group(1))["words"]
    others = {key for other in kinds[1:] for key in other.words} - set(plugin.words)
    assert set(plugin.words) <= set(words) and not others & set(words)


def test_the_recorder_shell_holds_the_document(client: Client) -> None:
    html = client.get("/recorder").text
    found = re.search(r'<script type="application/json" id="recorder-data">(.*?)</script>', html, re.S)
    assert found is not None
    assert msgspec.json.decode(found.group(1))["kinds"] == client.get("/kinds").json()["kinds"]
