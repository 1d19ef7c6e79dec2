"""``POST /games/{id}/moves/next``: a move built decision by decision, the same shape for both games and
every mode; each finished move is accepted by ``POST /games/{id}/moves``; bad decisions are refused with
stable codes; only the owner's key sees the decisions."""

from __future__ import annotations

from typing import Any

import msgspec
from litestar.testing import TestClient

from domain.arctic.simulator import simulate, to_public
from domain.arctica.simulator import simulate as simulate_arctica
from domain.arctica.simulator import table_record
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
NAMES = ["Nanook", "Sila"]
FORBIDDEN = set("{('")


def create(client: Client, key: str, kind: str, setup: Any) -> tuple[str, int]:
    body = {"kind": kind, "setup": {**msgspec.to_builtins(setup), "players": NAMES}}
    made = client.post("/games", json=body, headers=auth(key)).json()
    return made["id"], made["version"]


def build(client: Client, key: str, game_id: str, pick: int) -> dict[str, Any]:
    """A move built by taking option ``pick`` (or the last one) of every decision."""
    made: list[str] = []
    for _ in range(60):
        answer = client.post(f"/games/{game_id}/moves/next", json={"made": made}, headers=auth(key))
        assert answer.status_code == 200, answer.text
        body = answer.json()
        if body["next"] is None:
            assert body["move"] is not None and len(body["made"]) >= len(made)
            return body  # type: ignore[no-any-return]
        decision = body["next"]
        assert 0 < len(decision["options"]) <= 12 and decision["prompt"]
        assert all(not FORBIDDEN & set(o["label"]) for o in decision["options"])
        made.append(decision["options"][min(pick, len(decision["options"]) - 1)]["id"])
    raise AssertionError("no move after 60 decisions")


def record_by_decisions(client: Client, key: str, game_id: str, version: int, moves: int) -> int:
    for i in range(moves):
        built = build(client, key, game_id, pick=i % 3)
        assert built["version"] == version
        sent = client.post(
            f"/games/{game_id}/moves",
            json={"move": built["move"]},
            headers={**auth(key), "If-Match": f'"{version}"'},
        )
        assert sent.status_code == 201, (built, sent.text)
        version = sent.json()["version"]
    return version


def test_arctic_moves_built_decision_by_decision_are_accepted(client: Client, api_key: str) -> None:
    """Given an Arctic game in public mode, when 20 moves are built from the offered decisions alone,
    then each is accepted."""
    game_id, version = create(client, api_key, "arctic", to_public(simulate(2, 23)).setup)
    record_by_decisions(client, api_key, game_id, version, 20)


def test_arctica_moves_built_decision_by_decision_are_accepted(client: Client, api_key: str) -> None:
    """Given an Arctica game recorded at a table (cards named when drawn), when 25 moves are built from
    the offered decisions alone, then each is accepted."""
    setup, _ = table_record(simulate_arctica(2, 5))
    game_id, version = create(client, api_key, "arctica", setup)
    record_by_decisions(client, api_key, game_id, version, 25)


def test_the_first_decision_is_said_in_the_table_words(client: Client, api_key: str) -> None:
    """Given a new Arctica game, when the first decision is asked, then it is where the active player
    puts the action pawn, the spaces numbered from 1, and choosing one asks for a wheel and its way in
    one tap ("Wheel 2 · Clockwise: Fauna and Flora"); the two apart build the same move."""
    game_id, version = create(client, api_key, "arctica", simulate_arctica(2, 5).setup)
    first = client.post(f"/games/{game_id}/moves/next", json={}, headers=auth(api_key))
    assert first.status_code == 200 and first.headers["etag"] == f'"{version}"'
    body = first.json()
    assert set(body) == {"kind", "version", "players", "made", "next", "move"} and body["move"] is None
    assert body["made"][0]["auto"] is True and body["made"][0]["label"] in NAMES
    decision = body["next"]
    assert decision["key"] == "space" and "action pawn" in decision["prompt"]
    assert decision["seats"] == [NAMES.index(body["made"][0]["label"])]
    assert decision["options"][0]["label"].startswith("Space ") and "Space 0" not in str(decision["options"])
    space = decision["options"][0]["id"]
    wheel = client.post(f"/games/{game_id}/moves/next", json={"made": [space]}, headers=auth(api_key)).json()
    assert wheel["next"]["key"] == "wheel" and wheel["made"][-1]["id"] == space
    options = wheel["next"]["options"]
    assert len(options) == 4 and all(o["label"].startswith("Wheel ") and " and " in o["label"] for o in options)
    assert [o["label"].split(" · ")[1].split(":")[0] for o in options][:2] == ["Clockwise", "Counterclockwise"]
    joined = options[0]["id"]
    done = client.post(f"/games/{game_id}/moves/next", json={"made": [space, joined]}, headers=auth(api_key)).json()
    assert done["next"] is None and done["move"]["type"] == "select_space" and done["move"]["direction"] == 1
    apart = [space, *joined.split("/")]
    again = client.post(f"/games/{game_id}/moves/next", json={"made": apart}, headers=auth(api_key)).json()
    assert again["move"] == done["move"]


def test_the_decisions_are_said_in_the_language_asked(client: Client, api_key: str) -> None:
    """Given a new Arctica game, when the first decision is asked with ``lang`` (or Accept-Language),
    then its prompt and options are in French or Spanish; an unknown language is 400."""
    game_id, _ = create(client, api_key, "arctica", simulate_arctica(2, 5).setup)
    url = f"/games/{game_id}/moves/next"
    french = client.post(f"{url}?lang=fr", json={}, headers=auth(api_key)).json()["next"]
    assert french["prompt"].startswith("Où ") and french["options"][0]["label"].startswith("Emplacement ")
    spanish = client.post(url, json={}, headers={**auth(api_key), "Accept-Language": "es-ES,es;q=0.9"}).json()
    assert spanish["next"]["prompt"].startswith("¿Dónde ")
    assert spanish["next"]["options"][0]["label"].startswith("Casilla ")
    space = french["options"][0]["id"]
    wheel = client.post(f"{url}?lang=fr", json={"made": [space]}, headers=auth(api_key)).json()["next"]
    assert all(o["label"].startswith("Roue ") and " et " in o["label"] for o in wheel["options"])
    unknown = client.post(f"{url}?lang=de", json={}, headers=auth(api_key))
    assert unknown.status_code == 400 and unknown.json()["code"] == "unsupported_language"


def test_bad_decisions_are_refused_with_stable_codes(client: Client, api_key: str, other_key: str) -> None:
    game_id, version = create(client, api_key, "arctica", simulate_arctica(2, 5).setup)
    url = f"/games/{game_id}/moves/next"
    unknown = client.post(url, json={"made": ["space-0", "no-such-wheel"]}, headers=auth(api_key))
    assert unknown.status_code == 422 and unknown.json()["code"] == "unknown_decision"
    assert unknown.json()["at"] == 1
    stale = client.post(url, json={"made": [], "version": version + 3}, headers=auth(api_key))
    assert stale.status_code == 409 and stale.json()["code"] == "version_conflict"
    assert client.post(url, json={"made": []}).status_code == 401
    other = client.post(url, json={"made": []}, headers=auth(other_key))
    assert other.status_code == 403 and other.json()["code"] == "not_game_owner"
    malformed = client.post(url, json={"made": "space-0"}, headers=auth(api_key))
    assert malformed.status_code == 400


def test_a_finished_game_has_nothing_to_decide(client: Client, api_key: str) -> None:
    """Given a whole Arctic game imported, when a move is asked for, then 409 no_decision."""
    game = simulate(2, 23)
    setup = {**msgspec.to_builtins(game.setup), "players": NAMES}
    moves = [{"move": msgspec.to_builtins(m)} for m in game.moves]
    record = {"format": "banquise-record", "version": 1, "kind": "arctic", "setup": setup, "moves": moves}
    game_id = client.post("/games/import", json=record, headers=auth(api_key)).json()["id"]
    assert client.get(f"/games/{game_id}").json()["status"] == "finished"
    answer = client.post(f"/games/{game_id}/moves/next", json={"made": []}, headers=auth(api_key))
    assert answer.status_code == 409 and answer.json()["code"] == "no_decision"
