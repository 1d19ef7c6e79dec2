"""Issue #45: a table that names its hands from the start page (``GET /kinds/{kind}/hand-cards``, a setup
form's ``hands`` field, Arctica's table mode with its round cards revealed in play), the setup forms'
labels in each language, and ``/favicon.ico``."""

from __future__ import annotations

import msgspec
from litestar.testing import TestClient

from domain.arctica.simulator import simulate, table_record
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]


def test_the_cards_a_hand_is_dealt_from_come_grouped_in_the_language_asked(client: Client) -> None:
    """Given Arctica's demo edition, when its hand cards are asked in French, then every Fauna card comes
    once, by its printed name, in the decisions' order (families as the rules list them, costs from 0
    up), grouped by family then cost in French; a hand holds 5."""
    answer = client.get("/kinds/arctica/hand-cards?edition=demo-1&lang=fr")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["count"] == 5 and len(body["cards"]) == 160
    assert len({c["value"] for c in body["cards"]}) == 160 and all(isinstance(c["value"], int) for c in body["cards"])
    first = body["cards"][0]
    assert [g["label"] for g in first["groups"]] == ["Mammifère marin", "Coût 0"]
    families = list(dict.fromkeys(c["groups"][0]["value"] for c in body["cards"]))
    assert families == ["marine_mammal", "terrestrial_mammal", "invertebrate", "bird", "fish"]
    spanish = client.get("/kinds/arctica/hand-cards", headers={"Accept-Language": "es"}).json()
    assert spanish["cards"][0]["groups"][1]["label"] == "Coste 0"


def test_hand_cards_of_a_kind_without_hands_or_an_unknown_edition_are_refused(client: Client) -> None:
    none = client.get("/kinds/arctic/hand-cards")
    assert none.status_code == 404 and none.json()["code"] == "no_hand_cards"
    unknown = client.get("/kinds/arctica/hand-cards?edition=no-such-edition")
    assert unknown.status_code == 422 and unknown.json()["code"] == "arctica.unknown_edition"
    assert client.get("/kinds/arctica/hand-cards?lang=de").status_code == 400


def test_a_table_game_may_leave_its_round_cards_to_be_revealed_round_by_round(client: Client, api_key: str) -> None:
    """Given a table game's setup with its hands and no round cards (face down, as dealt), when it is
    created and played to its first round's end, then the table's next decision is the round card, and
    the view names no player there but the table."""
    setup, moves = table_record(simulate(3, 4))
    body = {**msgspec.to_builtins(setup), "round_cards": None, "players": ["Aputsiaq", "Nanook", "Siku"]}
    made = client.post("/games", json={"kind": "arctica", "setup": body}, headers=auth(api_key))
    assert made.status_code == 201, made.text
    game, version = made.json()["id"], made.json()["version"]
    for move in moves:
        sent = client.post(f"/games/{game}/moves", json={"move": msgspec.to_builtins(move)}, headers=auth(api_key))
        if sent.status_code != 201:
            break  # the majority waits for the round card the table turns
        version = sent.json()["version"]
    asked = client.post(f"/games/{game}/moves/next", json={}, headers=auth(api_key)).json()["next"]
    assert asked["key"] == "round_card" and asked["seats"] == []
    view = client.get(f"/games/{game}/replay/{version}", headers=auth(api_key)).json()["view"]
    assert view["phase"] == "majority" and view["to_play"] == [] and view["table_to_play"] is True


def test_the_setup_forms_say_their_labels_in_each_language(client: Client) -> None:
    forms = {k["kind"]: k["setup_form"] for k in client.get("/kinds").json()["kinds"]}
    mode = next(f for f in forms["arctica"]["fields"] if f["key"] == "mode")
    assert [o["value"] for o in mode["options"]] == ["public", "table", "seeded"]
    assert mode["options"][1]["words"]["fr"].startswith("À la table, mains nommées")
    hands = next(f for f in forms["arctica"]["fields"] if f["key"] == "hands")
    assert hands["input"] == "hands" and hands["shown_when"] == {"mode": ["table"]}
    assert hands["options_from"] == "/kinds/arctica/hand-cards?edition={edition}"
    fox = next(f for f in forms["arctic"]["fields"] if f["key"] == "power_sides.fox")
    assert fox["words"] == {"en": "Fox", "fr": "Renard", "es": "Zorro"}
    assert fox["group_words"]["es"] == "Cartas de poder: la cara visible"


def test_the_favicon_is_served(client: Client) -> None:
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.content.lstrip().startswith(b"<svg") or b"<svg" in icon.content[:200]
    assert '<link rel="icon"' in client.get("/recorder").text
