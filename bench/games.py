"""Simulated games, made once per run and shared by the measurements (simulating is not measured)."""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from domain.kinds import registered_games
from domain.registry import GamePlugin, SimulatedGame
from service.cli.commands.simulate import simulated_record

_json = msgspec.json.Encoder()

# The game the bench measures: the first registered kind (its baselines were measured on it).
GAME: GamePlugin = registered_games()[0]
KIND = GAME.kind


@cache
def game(players: int, seed: int) -> SimulatedGame:
    return next(iter(GAME.simulations.values()))(players, seed)


@cache
def record(players: int, seed: int) -> dict[str, Any]:
    return simulated_record(KIND, players, seed)


def record_body(players: int, seed: int, record_id: str) -> bytes:
    """The import body of a simulated game under a record id of our choosing (a distinct game each)."""
    rec = dict(record(players, seed))
    rec["id"] = record_id
    return _json.encode(rec)


def events_of(players: int, seed: int) -> int:
    return len(game(players, seed).events)


def longest(players: int, seeds: range) -> int:
    """The seed (among ``seeds``) of the game with the most events."""
    return max(seeds, key=lambda s: events_of(players, s))
