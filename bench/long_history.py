"""A game with a long history, grown by move+undo cycles (issue #35): the shape the hostile probes used.

``grow(http, game_id, etag, events)`` plays one move and takes it back, again and again, with If-Match,
until the game's stream holds ``events`` events: the line stays a few moves long while the log grows
(each cycle adds the move's events and one correction). ``long_game(http, events)`` creates the game
first. Used by the bench's ``history`` item; reusable by any measurement of the same game shape.
"""

from __future__ import annotations

from typing import Any

import httpx
import msgspec

from bench.games import KIND
from bench.games import game as simulate

EVENTS = 12_000  # the probes' size (issue #35)
PLAYERS, SEED = 2, 11
OPENING = 8  # moves played before the cycles; the move each cycle plays (its 9th) makes 7 events


class LongGame(msgspec.Struct, kw_only=True):
    """A game being grown: its id, its version (the next If-Match) and the move each cycle plays."""

    id: str
    version: int
    move: Any  # the body's ``move``: legal whenever the line is back at the opening


def _etag(answer: httpx.Response) -> int:
    if answer.status_code not in (200, 201):
        raise RuntimeError(
            f"{answer.request.method} {answer.request.url.path}: {answer.status_code} {answer.text[:300]}"
        )
    return int(answer.headers["etag"].strip('W/"'))


def move(http: httpx.Client, game: LongGame) -> httpx.Response:
    """The cycle's move, with If-Match; the game's version follows."""
    answer = http.post(f"/games/{game.id}/moves", json={"move": game.move}, headers={"if-match": f'"{game.version}"'})
    game.version = _etag(answer)
    return answer


def undo(http: httpx.Client, game: LongGame) -> httpx.Response:
    """The last move taken back, with If-Match; the game's version follows."""
    answer = http.post(f"/games/{game.id}/undo", json={"moves": 1}, headers={"if-match": f'"{game.version}"'})
    game.version = _etag(answer)
    return answer


def new_game(http: httpx.Client) -> LongGame:
    """A fresh game of the bench's kind, its opening moves played (about a hundred events)."""
    sim = simulate(PLAYERS, SEED)
    made = http.post("/games", json={"kind": KIND, "setup": msgspec.to_builtins(sim.setup)})
    moves = [msgspec.to_builtins(m) for m in sim.moves]
    game = LongGame(id=made.json()["id"], version=_etag(made), move=moves[OPENING])
    for body in moves[:OPENING]:
        answer = http.post(f"/games/{game.id}/moves", json={"move": body}, headers={"if-match": f'"{game.version}"'})
        game.version = _etag(answer)
    return game


def grow(http: httpx.Client, game: LongGame, events: int) -> LongGame:
    """Move+undo cycles until the game holds at least ``events`` events (its line back at the opening)."""
    while game.version < events:
        move(http, game)
        undo(http, game)
    return game


def long_game(http: httpx.Client, events: int) -> LongGame:
    """A new game grown to ``events`` events by move+undo cycles."""
    return grow(http, new_game(http), events)
