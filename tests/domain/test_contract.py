"""The ``GameRules`` contract, checked by one harness (``harness.py``) over every game kind.

Seeded cases pin one game per kind and player count; Hypothesis adds a few random seeds per kind
(the soak variant many more, with ``-m soak``).
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.game import GameRules

from .harness import (
    KINDS,
    GameKind,
    check_contract,
    check_finishes_and_scores,
    check_replay_decides_the_recorded_events,
    states_along,
)

SEEDS = st.integers(min_value=0, max_value=2**40)
FAST = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PINNED = [(kind, players) for kind in KINDS for players in kind.player_counts]


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_rules_object_names_its_kind_and_types(kind: GameKind) -> None:
    rules: GameRules[Any, Any, Any] = kind.rules
    assert rules.kind in kind.name
    assert rules.rules_version.startswith(rules.kind)
    assert rules.setup_type.__name__ == "Setup"
    assert isinstance(rules.initial_state(), msgspec.Struct)
    assert not rules.is_finished(rules.initial_state())


@pytest.mark.parametrize(("kind", "players"), PINNED, ids=lambda value: str(value))
def test_a_pinned_game_keeps_the_contract(kind: GameKind, players: int) -> None:
    check_contract(kind, players, seed=2026 + players)


@pytest.mark.parametrize("kind", KINDS, ids=str)
@FAST
@given(data=st.data(), seed=SEEDS)
def test_random_games_keep_the_contract(kind: GameKind, data: st.DataObject, seed: int) -> None:
    check_contract(kind, data.draw(st.sampled_from(kind.player_counts)), seed)


@pytest.mark.soak
@pytest.mark.parametrize("kind", KINDS, ids=str)
@SOAK
@given(data=st.data(), seed=SEEDS)
def test_soak_random_games_keep_the_contract(kind: GameKind, data: st.DataObject, seed: int) -> None:
    check_contract(kind, data.draw(st.sampled_from(kind.player_counts)), seed)


class _Tampered(msgspec.Struct, frozen=True):
    setup: object
    moves: list[object]
    events: list[object]


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_the_harness_catches_a_tampered_record(kind: GameKind) -> None:
    """The checks can fail: a record missing one event does not replay, one missing its end does not
    finish."""
    game = kind.simulate(kind.player_counts[0], 5)
    middle = len(game.events) // 2
    dropped = _Tampered(game.setup, game.moves, game.events[:middle] + game.events[middle + 1 :])
    with pytest.raises(AssertionError):
        check_replay_decides_the_recorded_events(kind, dropped)
    state, end = kind.rules.initial_state(), 0
    while not kind.rules.is_finished(state):  # the event that ends the game (reveals may follow it)
        state, end = kind.rules.evolve(state, game.events[end]), end + 1
    unfinished = _Tampered(game.setup, game.moves, game.events[: end - 1])
    with pytest.raises(AssertionError):
        check_finishes_and_scores(kind, unfinished)


def _structs(value: Any) -> Iterator[msgspec.Struct]:
    """``value`` and every Struct inside it (through Struct fields, tuples, lists and dicts)."""
    if isinstance(value, msgspec.Struct):
        yield value
        value = msgspec.structs.astuple(value)
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, tuple | list):
        for item in value:
            yield from _structs(item)


@pytest.mark.parametrize("kind", KINDS, ids=str)
def test_states_and_events_are_left_to_reference_counting(kind: GameKind) -> None:
    """No state or event of a game, nor any Struct inside one, is tracked by the cyclic collector
    (msgspec's ``gc=False``): a server holds many of them (replay blocks, cached states), and each
    collection would walk them all."""
    game = kind.simulate(kind.player_counts[-1], 11)
    tracked = {
        type(found).__name__
        for event, state in states_along(kind.rules, list(game.events))
        for found in (*_structs(event), *_structs(state))
        if gc.is_tracked(found)
    }
    assert tracked == set()
    assert not gc.is_tracked(kind.rules.initial_state())
