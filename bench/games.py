"""Simulated games, made once per run and shared by the measurements (simulating is not measured).

Every function takes the game kind (by default the first registered kind, the one most measurements
are made on: its baselines were measured on it); the items that measure each kind ask for the others
by name (:func:`kinds`).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import msgspec

from domain.kinds import game as plugin_of
from domain.kinds import registered_games
from domain.registry import GamePlugin, SimulatedGame
from service.cli.commands.simulate import simulated_record

_json = msgspec.json.Encoder()

# The game most measurements are made on: the first registered kind.
GAME: GamePlugin = registered_games()[0]
KIND = GAME.kind


def kinds() -> list[GamePlugin]:
    """Every registered kind, the first (:data:`GAME`) first: the items measured per kind."""
    return registered_games()


def players_for(kind: str, wanted: int) -> int:
    """``wanted`` players if the kind seats them, else the nearest count it does (the larger on a tie)."""
    counts = _plugin(kind).player_counts
    return wanted if wanted in counts else min(counts, key=lambda n: (abs(n - wanted), -n))


def _plugin(kind: str) -> GamePlugin:
    plugin = plugin_of(kind)
    if plugin is None:
        raise KeyError(kind)
    return plugin


@cache
def game(players: int, seed: int, kind: str = KIND) -> SimulatedGame:
    return next(iter(_plugin(kind).simulations.values()))(players, seed)


@cache
def record(players: int, seed: int, kind: str = KIND) -> dict[str, Any]:
    return simulated_record(kind, players, seed)


def record_body(players: int, seed: int, record_id: str, kind: str = KIND) -> bytes:
    """The import body of a simulated game under a record id of our choosing (a distinct game each)."""
    rec = dict(record(players, seed, kind))
    rec["id"] = record_id
    return _json.encode(rec)


def events_of(players: int, seed: int, kind: str = KIND) -> int:
    return len(game(players, seed, kind).events)


def longest(players: int, seeds: range, kind: str = KIND) -> int:
    """The seed (among ``seeds``) of the game with the most events."""
    return max(seeds, key=lambda s: events_of(players, s, kind))
