"""The ``GameRules`` contract, checked by one harness (``harness.py``) over every game kind.

Seeded cases pin one game per kind and player count; Hypothesis adds a few random seeds per kind
(the soak variant many more, with ``-m soak``).
"""

from __future__ import annotations

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
