"""No value hidden at a moment of a live game reaches a caller who may not see it, on any GET route.

Simulated games of both kinds and every information mode (Arctic full and public mode with private
reveals; Arctica seeded and recorded at a table) are imported cut at several moves, so each cut is a
live game. Every GET route of the app's own route table is then called as a spectator (no key, and
another club's key) and, where a route takes a ``perspective``, as each seat with the owner's key.
What is hidden is computed from the engine (``tests/api/secrets.py``). A new GET route is picked up
by itself; a path parameter this module cannot fill fails the test: register it in ``FILL``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import msgspec
import pytest
from litestar import Litestar
from litestar.testing import TestClient

from domain import arctic, arctica
from domain.arctic import catalogue as arctic_cards
from domain.arctic import moves as arctic_moves
from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica
from domain.arctica.simulator import table_record
from domain.game import GameRules, decide_and_evolve
from projections import standard
from service.runtime import Runtime
from tests.api.secrets import Material, hidden_by_version, leaks
from tests.helpers import auth

Client = TestClient  # type: ignore[type-arg]
SEED = 0x5EED_0000_0000  # above 2**32: a seed in a response body is found by its digits


@dataclass
class Simulated:
    kind: str
    mode: str
    rules: GameRules
    setup: Any
    moves: list[Any]


def arctic_full(players: int, seed: int) -> Simulated:
    game = simulate_arctic(players, seed)
    return Simulated("arctic", "full", arctic.RULES, game.setup, list(game.moves))


def arctic_public(players: int, seed: int) -> Simulated:
    """Public mode, with what a table tells the record privately half way through: seat 0's
    totem and a card of its hand (the engine keeps them from spectators until the end)."""
    full = simulate_arctic(players, seed)
    public = simulate_arctic(players, seed, mode="public")
    moves = list(public.moves)
    at = len(moves) // 2 - 1  # just before the second of three cuts: they are live there
    played = sum(1 for m in moves[:at] if not isinstance(m, arctic_moves.RevealRiver))
    rules = arctic.RULES
    state = rules.fold(rules.start(full.setup))
    for move in full.moves[:played]:
        _, state = decide_and_evolve(rules, state, move)
    known = rules.fold(rules.start(public.setup))
    for move in moves[:at]:
        _, known = decide_and_evolve(rules, known, move)
    seat = state.players[0]
    reveals: list[Any] = [arctic_moves.RevealTotem(seat=0, animal=arctic_cards.ANIMALS[seat.totem])]  # type: ignore[arg-type]
    unseen = [c for c in seat.hand if c not in known.players[0].hand]  # drawn face down, never shown
    if unseen:
        reveals.append(arctic_moves.RevealCard(seat=0, zone="hand", card=arctic_cards.CARD_IDS[unseen[0]]))
    # seat 0's totem, now known, is not revealed again at the end
    rest = [m for m in moves[at:] if not (isinstance(m, arctic_moves.RevealTotem) and m.seat == 0)]
    return Simulated("arctic", "public", rules, public.setup, [*moves[:at], *reveals, *rest])


def arctica_seeded(players: int, seed: int) -> Simulated:
    game = simulate_arctica(players, seed)
    return Simulated("arctica", "seeded", arctica.RULES, game.setup, list(game.moves))


def arctica_table(players: int, seed: int) -> Simulated:
    setup, moves = table_record(simulate_arctica(players, seed))
    return Simulated("arctica", "table", arctica.RULES, setup, moves)


KINDS: dict[str, Callable[[int, int], Simulated]] = {
    "arctic-full": arctic_full,
    "arctic-public": arctic_public,
    "arctica-seeded": arctica_seeded,
    "arctica-table": arctica_table,
}


@dataclass
class LiveGame:
    """One simulated game cut after ``moves`` moves and stored: a live game, and what it hides."""

    game: Simulated
    id: str
    version: int
    position: int
    players: list[str]
    hidden: dict[str, Material]  # "spectator" / "seat:N" -> what that caller may not see


# How to fill each path parameter of a GET route for a live game: a new route whose parameter is not
# here fails the test until its author says which values exercise it.
FILL: dict[str, Callable[[LiveGame], list[str]]] = {
    "game_id": lambda g: [g.id],
    "step": lambda g: sorted({"1", str(max(1, g.version // 2)), str(g.version)}),
    "handle": lambda g: g.players[:2],
    "a": lambda g: g.players[:1],
    "b": lambda g: g.players[1:2],
    "kind": lambda g: [g.game.kind],
    "path": lambda g: ["openapi.yaml"],  # the OpenAPI UI's own files
    "edition_id": lambda g: ["demo-1"],
    "file_path": lambda g: ["swagger-ui.css"],  # the offline API docs' assets
    "name": lambda g: ["engine.json", "banquise.zip"],  # the recorder's offline rules (code, no game)
    "move": lambda g: ["1", "2"],  # a move's analysis (a live game's is its owner's only)
}
# Path parameters that name no game: such a route's answer before any game is stored is its baseline
# (an edition's card list, a documentation example hold values that are not a game's secret).
GAME_INDEPENDENT = {"edition_id", "file_path", "name"}
# Routes whose answer is a kind's printed material whatever the game (the cards a hand is dealt from, for
# a start page naming hands): their answer for each kind before any game is stored is their baseline.
CATALOGUES = {"/kinds/{kind:str}/hand-cards"}


def _baseline(param: str) -> list[str]:
    return FILL[param](None) if param in GAME_INDEPENDENT else ["arctic", "arctica"]  # type: ignore[arg-type]


# Query parameters given a value taken from the game (others keep their defaults).
QUERY: dict[str, Callable[[LiveGame], str]] = {
    "player": lambda g: g.players[0],
    "kind": lambda g: g.game.kind,
    "min_position": lambda g: str(g.position),  # projection-backed reads wait for the game
    "follow": lambda g: "false",  # the live stream sends what is stored, then closes (it would wait for moves)
}


@dataclass
class Route:
    path: str  # Litestar's template, e.g. /games/{game_id:uuid}/replay/{step:int}
    params: list[str]
    query: dict[str, list[str]]  # documented query parameters -> enumerated values ([] if free)


def get_routes(app: Litestar) -> list[Route]:
    """Every GET route of the app, with the query parameters its OpenAPI description lists."""
    documented = app.openapi_schema.paths or {}
    routes: list[Route] = []
    for route in app.routes:
        handlers = getattr(route, "route_handlers", [])
        if not any("GET" in getattr(h, "http_methods", ()) for h in handlers):
            continue
        query: dict[str, list[str]] = {}
        item = documented.get(re.sub(r"\{(\w+):\w+\}", r"{\1}", route.path))
        for parameter in (item.get.parameters or []) if item is not None and item.get is not None else []:
            if getattr(parameter, "param_in", None) == "query":
                schema = getattr(parameter, "schema", None)
                values = _enum(schema)
                query[parameter.name] = [str(v) for v in values if v is not None]
        routes.append(Route(route.path, list(route.path_parameters), query))
    return routes


def _enum(schema: Any) -> list[Any]:
    if schema is None:
        return []
    values = list(getattr(schema, "enum", None) or [])
    for part in getattr(schema, "one_of", None) or []:
        values += _enum(part)
    return values


def requests(route: Route, game: LiveGame) -> Iterator[tuple[str, dict[str, str], str]]:
    """(url, query, whose sight) for one route of one game: the spectator's requests, each enumerated
    query value in turn, and with a ``perspective`` parameter each seat's."""
    missing = [p for p in route.params if p not in FILL]
    assert not missing, f"GET {route.path}: register how to fill {missing} in FILL of {__name__}"
    choices = [[(p, v) for v in FILL[p](game)] for p in route.params]
    base = {name: fill(game) for name, fill in QUERY.items() if name in route.query}
    for url in _urls(route.path, choices):
        yield url, base, "spectator"
        for name, values in route.query.items():
            for value in values:
                if name != "perspective":
                    yield url, {**base, name: value}, "spectator"
        if "perspective" in route.query:
            for seat in range(len(game.players)):
                yield url, {**base, "perspective": f"seat:{seat}"}, f"seat:{seat}"


def _urls(template: str, choices: list[list[tuple[str, str]]]) -> Iterator[str]:
    for combination in _product(choices):
        url = template
        for name, value in combination:
            url = re.sub(r"\{" + name + r"(:\w+)?\}", value, url)
        yield url


def _product(choices: list[list[tuple[str, str]]]) -> Iterator[list[tuple[str, str]]]:
    if not choices:
        yield []
        return
    for first in choices[0]:
        for rest in _product(choices[1:]):
            yield [first, *rest]


def store_cuts(
    client: Client, token: str, name: str, players: int, seed: int, cuts: int, undo: int = 0
) -> list[LiveGame]:
    """The game cut after ``cuts`` different numbers of moves (never all of them), each stored; with
    ``undo``, each cut's last ``undo`` moves are then taken back (``POST /undo``). What a taken-back move
    showed was shown: what stays hidden is what was hidden once the moves were played."""
    game = KINDS[name](players, seed)
    ends = sorted({int(len(game.moves) * (i + 0.5) / cuts) for i in range(cuts)})
    events = list(game.rules.start(game.setup))
    state = game.rules.fold(events)
    lengths = [len(events)]
    for move in game.moves:
        new, state = decide_and_evolve(game.rules, state, move)
        events += new
        lengths.append(len(events))
    hidden = hidden_by_version(game.rules, events, {lengths[end] for end in ends})
    out: list[LiveGame] = []
    for end in ends:
        record = {
            "format": "banquise-record",
            "version": 1,
            "kind": game.kind,
            "setup": msgspec.to_builtins(game.setup),
            "moves": [{"move": msgspec.to_builtins(m)} for m in game.moves[:end]],
        }
        response = client.post("/games/import", json=record, headers=auth(token))
        assert response.status_code == 201, response.text
        created = response.json()
        assert created["status"] == "live" and created["version"] == lengths[end], (name, end, created)
        if undo:
            headers = {**auth(token), "If-Match": f'"{created["version"]}"'}
            response = client.post(f"/games/{created['id']}/undo", json={"moves": undo}, headers=headers)
            assert response.status_code == 200, response.text
            assert response.json()["moves"] == end - undo
            created["version"] = response.json()["version"]
        out.append(
            LiveGame(
                game=game,
                id=created["id"],
                version=int(created["version"]),
                position=int(response.headers["x-banquise-position"]),
                players=created["players"],
                hidden=hidden[lengths[end]],
            )
        )
    return out


def check_game(
    client: Client, routes: list[Route], game: LiveGame, owner: str, stranger: str, before: dict[str, Any]
) -> int:
    """Every request of every route for one live game; returns how many were made. ``before``: the
    responses of the routes without path parameters before the game was stored (a value they held
    already, such as an example in the API's own documentation, is not the game's)."""
    made = 0
    problems: list[str] = []
    for route in routes:
        for url, query, sight in requests(route, game):
            keys = [owner] if sight != "spectator" else [None, stranger]
            for key in keys:
                response = client.get(url, params=query, headers=auth(key) if key else {})
                made += 1
                where = f"GET {url}?{query} as {sight}{' (another key)' if key == stranger else ''}"
                assert response.status_code < 500, f"{where}: {response.status_code} {response.text[:300]}"
                found = leaks(response.content, response.headers.get("content-type", ""), game.hidden[sight])
                if url in before:
                    known = leaks(before[url].content, before[url].headers.get("content-type", ""), game.hidden[sight])
                    found = [leak for leak in found if leak not in known]
                problems += [f"{where}: {leak}" for leak in found]
    assert not problems, f"{game.game.kind} {game.game.mode} v{game.version}:\n" + "\n".join(problems[:20])
    return made


def run_leak_check(
    client: Client,
    runtime: Runtime,
    owner: str,
    stranger: str,
    plan: list[tuple[str, int, int]],
    cuts: int,
    undo: int = 0,
) -> None:
    routes = get_routes(client.app)
    before = {
        url: client.get(url)
        for r in routes
        if set(r.params) <= GAME_INDEPENDENT or r.path in CATALOGUES
        for url in _urls(r.path, [[(p, v) for v in _baseline(p)] for p in r.params])
    }
    games: list[LiveGame] = []
    for name, players, seed in plan:
        games += store_cuts(client, owner, name, players, seed, cuts, undo)
    runner = standard.runner(runtime.store, runtime.games.registry)
    runner.run()
    runner.close()
    assert any(r.path.startswith("/games/{game_id") for r in routes)
    made = sum(check_game(client, routes, game, owner, stranger, before) for game in games)
    assert made > len(games) * len(routes)


PLAN = [
    ("arctic-full", 2, SEED + 1),
    ("arctic-full", 3, SEED + 2),
    ("arctic-public", 2, SEED + 3),
    ("arctic-public", 4, SEED + 4),
    ("arctica-seeded", 2, SEED + 5),
    ("arctica-seeded", 3, SEED + 6),
    ("arctica-table", 2, SEED + 7),
    ("arctica-table", 4, SEED + 8),
]


def test_no_get_route_shows_a_live_game_s_hidden_information(
    client: Client, runtime: Runtime, api_key: str, other_key: str
) -> None:
    run_leak_check(client, runtime, api_key, other_key, PLAN, cuts=3)


def test_moves_taken_back_show_nothing_hidden(client: Client, runtime: Runtime, api_key: str, other_key: str) -> None:
    """Undo: the state goes back to before the moves (what they revealed privately is hidden again in
    it); what they showed stays in /events and the timeline; nothing hidden is shown to anyone. In
    public mode the cut takes back one of the table's private reveals."""
    plan = [
        ("arctic-full", 2, SEED + 11),
        ("arctic-public", 2, SEED + 13),
        ("arctica-seeded", 3, SEED + 15),
        ("arctica-table", 2, SEED + 17),
    ]
    run_leak_check(client, runtime, api_key, other_key, plan, cuts=1, undo=2)


@pytest.mark.soak
def test_no_get_route_shows_hidden_information_over_many_games(
    client: Client, runtime: Runtime, api_key: str, other_key: str
) -> None:
    plan = [
        (name, players, SEED + 1000 * round_ + 10 * i + players)
        for round_ in (1, 2)
        for i, name in enumerate(KINDS)
        for players in (2, 3, 4)
    ]
    run_leak_check(client, runtime, api_key, other_key, plan, cuts=8)


def test_the_check_finds_a_leak_where_there_is_one(client: Client, api_key: str) -> None:
    """The search itself: the omniscient replay of a live game, which the owner may see, holds what is
    hidden from a spectator (so the route test above would fail if a spectator were shown it)."""
    (game,) = store_cuts(client, api_key, "arctic-full", 2, SEED + 9, cuts=1)
    omniscient = client.get(
        f"/games/{game.id}/replay/{game.version}", params={"perspective": "omniscient"}, headers=auth(api_key)
    )
    record = client.get(f"/games/{game.id}/record", headers=auth(api_key))
    assert leaks(omniscient.content, "application/json", game.hidden["spectator"])
    assert any(f.startswith("number") for f in leaks(record.content, "application/json", game.hidden["spectator"]))


def test_a_live_record_is_the_owner_s_and_a_finished_one_everyone_s(
    client: Client, api_key: str, other_key: str
) -> None:
    (live,) = store_cuts(client, api_key, "arctic-full", 2, SEED + 10, cuts=1)
    for headers in ({}, auth(other_key)):
        response = client.get(f"/games/{live.id}/record", headers=headers)
        assert response.status_code == 403 and response.json()["code"] == "record_hidden"
    owned = client.get(f"/games/{live.id}/record", headers=auth(api_key))
    assert owned.status_code == 200 and owned.json()["setup"]["seed"] == SEED + 10
    game = arctic_full(2, SEED + 10)
    record = {
        "format": "banquise-record",
        "version": 1,
        "kind": "arctic",
        "setup": msgspec.to_builtins(game.setup),
        "moves": [{"move": msgspec.to_builtins(m)} for m in game.moves],
    }
    finished = client.post("/games/import", json=record, headers=auth(api_key)).json()
    assert finished["status"] == "finished"
    public = client.get(f"/games/{finished['id']}/record")
    assert public.status_code == 200 and public.json()["setup"]["seed"] == SEED + 10


def test_live_scores_hide_the_totems_from_all_but_the_owner(client: Client, api_key: str, other_key: str) -> None:
    (live,) = store_cuts(client, api_key, "arctic-full", 3, SEED + 11, cuts=1)
    for headers in ({}, auth(other_key)):
        summary = client.get(f"/games/{live.id}", headers=headers).json()
        assert all("totem" not in r["breakdown"] for r in summary["results"])
        timeline = client.get(f"/games/{live.id}/timeline", headers=headers).json()
        replay = client.get(f"/games/{live.id}/replay/{live.version}", headers=headers).json()
        assert timeline["entries"][-1]["state_hash"] == replay["state_hash"]  # the spectator view's
    owner = client.get(f"/games/{live.id}", headers=auth(api_key)).json()
    assert all("totem" in r["breakdown"] for r in owner["results"])
    owned = client.get(f"/games/{live.id}/timeline", headers=auth(api_key)).json()
    owned_replay = client.get(f"/games/{live.id}/replay/{live.version}", headers=auth(api_key)).json()
    assert owned["entries"][-1]["state_hash"] == owned_replay["state_hash"] != replay["state_hash"]


def test_the_finder_sees_an_arctic_card_by_its_timeline_label() -> None:
    """The timeline names a card by its label, not its id: the search must know both."""
    hidden = Material()
    hidden.add({"hand": ["d1-fox-3"]})
    labels = ("a fox card 1-3", "une carte renard 1-3", "una carta de zorro 1-3")
    for text in (f"Ana: {label}" for label in labels):
        body = msgspec.json.encode({"description": text})
        assert any("card label" in leak for leak in leaks(body, "application/json", hidden)), text
    assert not leaks(msgspec.json.encode({"description": "a fox card 1-2"}), "application/json", hidden)
