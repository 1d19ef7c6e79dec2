"""A fork of a game not finished yet is as hidden as that game, whatever the fork's own status (#35).

The hostile probe this reproduces: the owner forks a live full-mode Arctic game at its version and
plays the fork to its end; then, with no key, the fork's record gave the origin's seed (its whole deck
order to come) and its omniscient replay the origin's hands and totems, while the origin's own record
answered 403 ``record_hidden``. A fork's moves show the origin's secrets to spectators too (a card of a
hand played face up, a River filled from the deck): a sealed fork is its owner's alone.

One harness, ``check_fork``, goes over every GET route of the app (``test_hidden_information``'s route
table and fingerprint search) for each state of the family: the fork finished while the origin is live,
the fork live, the origin abandoned, the origin voided, the origin finished (the fork public then), and
a fork of a fork. A sealed fork answers every other caller 403 ``fork_hidden`` on each read of it
(forks' links excepted: ids and steps) and no route shows any value the origin hides from a spectator,
even after the owner's reads warmed the caches of finished games.
"""

from __future__ import annotations

from itertools import product
from typing import Any
from uuid import UUID

import msgspec
import psycopg
import pytest
from litestar.testing import TestClient

from service.base.database import ConnectionParams
from service.base.store.tables import FORK_SECRETS
from service.runtime import Runtime
from tests.api.secrets import Material
from tests.api.test_hidden_information import (
    SEED,
    LiveGame,
    check_game,
    get_routes,
    requests,
    store_cuts,
)
from tests.helpers import auth, project
from tests.watching import record

Client = TestClient[Any]
# Routes of one game that stay open on a sealed fork: the recorder's shell (the same page for every game:
# it reads the game through the API). Its forks' links are closed as every other read (#49).
OPEN = ("/games/{game_id:uuid}/recorder",)
# What a route of one game needs besides ``requests``' queries to read the game at all.
NAVIGATION = {"/games/{game_id:uuid}/replay": [{"move": "1"}, {"turn": "1"}]}
# The owner's for any game (they may name hidden cards): 401 without a key, 403 not_game_owner with another.
OWNERS = ("/games/{game_id:uuid}/legal-moves",)
# A game's analysis exists once asked (404 analysis_not_requested before) and a live game's is its
# owner's (403 analysis_hidden): on a public fork those answers are the analysis's rules, not the fork's.
ANALYSIS_ANSWERS = {"analysis_not_requested", "analysis_hidden"}


class Family:
    """A live full-mode Arctic game stored by the owner (``origin``, with what it hides from a
    spectator) and the moves the simulator played after its cut."""

    def __init__(self, client: Client, owner: str, seed: int) -> None:
        self.client, self.owner, self.seed = client, owner, seed
        (self.origin,) = store_cuts(client, owner, "arctic-full", 2, seed, cuts=1)
        played = client.get(f"/games/{self.origin.id}", headers=auth(owner)).json()["moves"]
        self.rest = [msgspec.to_builtins(m) for m in self.origin.game.moves[played:]]
        self.before = baseline(client, self.origin)

    def fork(self, game_id: str, at: int) -> dict[str, Any]:
        made = self.client.post(f"/games/{game_id}/forks", json={"at": at}, headers=auth(self.owner))
        assert made.status_code == 201, made.text
        return dict(made.json())

    def play(self, game_id: str, moves: list[Any]) -> dict[str, Any]:
        for move in moves:
            made = self.client.post(f"/games/{game_id}/moves", json={"move": move}, headers=auth(self.owner))
            assert made.status_code == 201, made.text
        return dict(self.client.get(f"/games/{game_id}", headers=auth(self.owner)).json())

    def as_live_game(self, fork: dict[str, Any], position: int) -> LiveGame:
        """The fork for the route harness: what it must not show a spectator is what the origin hides
        (seat perspectives are asked with the owner's key, who sees everything of a sealed fork)."""
        hidden = {"spectator": self.origin.hidden["spectator"]}
        hidden |= {f"seat:{n}": Material() for n in range(len(self.origin.players))}
        return LiveGame(
            game=self.origin.game,
            id=fork["id"],
            version=int(fork["version"]),
            position=position,
            players=self.origin.players,
            hidden=hidden,
        )


def baseline(client: Client, game: LiveGame) -> dict[str, Any]:
    """The answers of the routes that name no game (lists, players, leaderboards) while the family is
    only its live origin (``check_game``: what they held then is not the fork's; games of earlier tests
    of this module are finished there)."""
    return {
        url: client.get(url)
        for route in get_routes(client.app)
        if "game_id" not in route.params
        for url, _, _ in requests(route, game)
    }


def warm(client: Client, owner: str, fork: dict[str, Any]) -> None:
    """The owner reads the fork as a viewer does: every step a process could keep for everyone."""
    for step in (1, fork["version"] // 2, fork["version"]):
        for perspective in ("spectator", "omniscient", "seat:0"):
            url = f"/games/{fork['id']}/replay/{step}"
            assert client.get(url, params={"perspective": perspective}, headers=auth(owner)).status_code == 200


def check_fork(
    client: Client, runtime: Runtime, family: Family, fork: dict[str, Any], stranger: str, *, sealed: bool
) -> None:
    """Every GET route for the fork, with no key and another key, after the owner's reads warmed the
    caches: a sealed fork shows nothing the origin hides anywhere and is refused on each read of it; a
    public one answers its record and every perspective to anyone. The owner sees all of it either way."""
    warm(client, family.owner, fork)
    probe(client, family, fork, stranger, sealed=sealed)
    game = family.as_live_game(fork, runtime.games.rows.position(fork["id"]))
    routes = get_routes(client.app)
    if sealed:
        check_game(client, routes, game, family.owner, stranger, family.before)
    reads = [r for r in routes if r.path.startswith("/games/{game_id") and r.path not in OPEN + OWNERS]
    assert len(reads) >= 10, [r.path for r in reads]  # summary, record, events, timeline, replays, board, ...
    refused: list[str] = []  # a public fork's reads refused to a caller
    for route in reads:
        for url, base, _ in requests(route, game):
            for extra, key in product(NAVIGATION.get(route.path, [{}]), (None, stranger)):
                query = {**base, **extra}
                response = client.get(url, params=query, headers=auth(key) if key else {})
                where = f"GET {url}?{query}{' (another key)' if key else ''}"
                answer = f"{where}: {response.status_code} {response.text[:300]}"
                if sealed:
                    assert response.status_code == 403 and response.json()["code"] == "fork_hidden", answer
                elif response.status_code >= 400 and not (
                    "/analysis" in route.path and response.json().get("code") in ANALYSIS_ANSWERS
                ):
                    refused.append(answer)
    assert not refused, refused
    listed = {g["id"]: g for g in client.get("/games", params={"limit": 200}).json()["items"]}
    assert listed[fork["id"]]["status"] == fork["status"]
    if fork["status"] == "finished":
        assert (listed[fork["id"]]["results"] is None) == sealed


def probe(client: Client, family: Family, fork: dict[str, Any], stranger: str, *, sealed: bool) -> None:
    """The issue's probe: the fork's record (the origin's seed: its deck order to come) and its
    omniscient replay (the origin's hands and totems), with no key and another key."""
    owner_record = client.get(f"/games/{fork['id']}/record", headers=auth(family.owner))
    assert owner_record.status_code == 200 and owner_record.json()["setup"]["seed"] == family.seed
    for headers in ({}, auth(stranger)):
        record = client.get(f"/games/{fork['id']}/record", headers=headers)
        omniscient = client.get(
            f"/games/{fork['id']}/replay/{fork['version']}", params={"perspective": "omniscient"}, headers=headers
        )
        # the owner's tag names a body the caller may not see: no 304 for it (no oracle for a guess)
        tagged = client.get(
            f"/games/{fork['id']}/record", headers={**headers, "If-None-Match": owner_record.headers["etag"]}
        )
        # no count of the fork's moves or turns either (a navigation beyond them is not a 404 first)
        beyond = [
            client.get(f"/games/{fork['id']}/replay", params={what: 10**6}, headers=headers).status_code
            for what in ("move", "turn")
        ]
        assert beyond == ([403, 403] if sealed else [404, 404])
        if sealed:
            assert str(family.seed) not in record.text, "the fork's record gives the origin's seed"
            assert omniscient.status_code == 403, "the fork's omniscient replay gives the origin's hands"
            assert record.status_code == tagged.status_code == 403
        else:
            assert record.status_code == 200 and record.json()["setup"]["seed"] == family.seed
            assert omniscient.status_code == 200 and tagged.status_code == 304


SCENARIOS = ["fork finished, origin live", "fork live", "origin abandoned", "origin voided", "origin finished"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_fork_is_as_hidden_as_its_live_origin_on_every_read(
    client: Client, runtime: Runtime, api_key: str, other_key: str, admin_key: str, scenario: str
) -> None:
    family = Family(client, api_key, SEED + 100 + SCENARIOS.index(scenario))
    origin = family.origin
    fork = family.fork(origin.id, origin.version)
    fork = {**fork, **family.play(fork["id"], family.rest[:6] if scenario == "fork live" else family.rest)}
    assert fork["status"] == ("live" if scenario == "fork live" else "finished")
    sealed = True
    if scenario == "origin abandoned":
        made = client.post(f"/games/{origin.id}/abandon", json={"reason": "gone"}, headers=auth(api_key))
        assert made.status_code == 200, made.text
    elif scenario == "origin voided":
        made = client.post(f"/games/{origin.id}/void", json={"reason": "test"}, headers=auth(admin_key))
        assert made.status_code == 200, made.text
    elif scenario == "origin finished":
        warm(client, api_key, fork)  # held while sealed: nothing of it may stay hidden now
        assert family.play(origin.id, family.rest)["status"] == "finished"
        sealed = False
    project(runtime)
    check_fork(client, runtime, family, fork, other_key, sealed=sealed)
    # the origin's own record: hidden until it is finished, as its fork's
    assert (client.get(f"/games/{origin.id}/record").status_code == 403) == sealed


def test_a_fork_of_a_fork_is_hidden_while_any_game_it_copies_is_not_finished(
    client: Client, runtime: Runtime, api_key: str, other_key: str
) -> None:
    family = Family(client, api_key, SEED + 200)
    origin = family.origin
    first = family.fork(origin.id, origin.version)
    first = {**first, **family.play(first["id"], family.rest[:4])}
    second = family.fork(first["id"], first["version"])
    assert second["forked_from"]["game_id"] == first["id"]
    second = {**second, **family.play(second["id"], family.rest[4:])}
    assert second["status"] == "finished"
    project(runtime)
    check_fork(client, runtime, family, second, other_key, sealed=True)
    # the first fork finishes: the second still carries the live origin's secrets
    first = {**first, **family.play(first["id"], family.rest[4:])}
    assert first["status"] == "finished"
    project(runtime)
    check_fork(client, runtime, family, second, other_key, sealed=True)
    check_fork(client, runtime, family, first, other_key, sealed=True)
    # a stranger may fork a finished game, not a sealed one
    refused = client.post(f"/games/{first['id']}/forks", json={"at": 1}, headers=auth(other_key))
    assert refused.status_code == 403 and refused.json()["code"] == "fork_hidden"
    # the origin finishes: the whole family is public
    assert family.play(origin.id, family.rest)["status"] == "finished"
    project(runtime)
    check_fork(client, runtime, family, second, other_key, sealed=False)
    check_fork(client, runtime, family, first, other_key, sealed=False)


def test_a_fork_of_a_live_fork_is_sealed_by_that_fork_too(client: Client, runtime: Runtime, api_key: str) -> None:
    """The origin finishes first: the second fork carries the first fork's secrets, still live."""
    family = Family(client, api_key, SEED + 300)
    origin = family.origin
    first = family.fork(origin.id, origin.version)
    first = {**first, **family.play(first["id"], family.rest[:4])}
    second = family.fork(first["id"], first["version"])
    assert family.play(origin.id, family.rest)["status"] == "finished"
    for game in (first, second):
        refused = client.get(f"/games/{game['id']}/record")
        assert refused.status_code == 403, (game["id"], refused.text)
    assert client.get(f"/games/{first['id']}/record").json()["code"] == "record_hidden"  # live, not sealed now
    assert client.get(f"/games/{second['id']}/record").json()["code"] == "fork_hidden"
    family.play(first["id"], family.rest[4:])
    assert client.get(f"/games/{second['id']}/record").status_code == 403  # the second is live itself
    assert client.get(f"/games/{second['id']}/replay/1", params={"perspective": "omniscient"}).status_code == 403
    assert client.get(f"/games/{second['id']}").status_code == 200  # a live game's summary, as any


def test_forks_stored_before_their_secrets_were_kept_are_sealed_by_the_migration(
    client: Client, database: ConnectionParams, api_key: str, other_key: str
) -> None:
    """Migration 0017's backfill gives forks stored before it what a fork made now keeps: the games
    along ``game_forks`` not finished yet (a fork of a finished game carries nothing)."""
    family = Family(client, api_key, SEED + 400)
    first = family.fork(family.origin.id, family.origin.version)
    second = family.fork(first["id"], first["version"])
    finished = client.post("/games/import", json=record("arctic", 2, SEED + 401), headers=auth(api_key)).json()
    public = client.post(f"/games/{finished['id']}/forks", json={"at": 40}, headers=auth(other_key))
    assert public.status_code == 201, public.text
    ids = [UUID(g["id"]) for g in (first, second, public.json())]
    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        kept = [set(secrets_of(conn, game)) for game in ids]
        assert kept == [{UUID(family.origin.id)}, {UUID(family.origin.id), ids[0]}, set()]
        conn.execute("UPDATE games SET secrets_of = '{}' WHERE id = ANY(%s)", (ids,))  # as stored before 0017
        conn.execute(FORK_SECRETS)
        assert [set(secrets_of(conn, game)) for game in ids] == kept
    assert client.get(f"/games/{second['id']}").json()["code"] == "fork_hidden"


def secrets_of(conn: psycopg.Connection[Any], game_id: UUID) -> list[UUID]:
    return list(conn.execute("SELECT secrets_of FROM games WHERE id = %s", (game_id,)).fetchone()[0])
