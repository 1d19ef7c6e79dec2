"""``public_results``: the scores of a live game do not depend on what it hides.

Twin states that differ only in hidden information (Arctic totems; Arctica hands and deck) must get
the same public results while the game is live; once finished, public results are the results.
"""

from __future__ import annotations

from typing import Any

import pytest
from msgspec.structs import replace

from domain import arctic, arctica
from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica.simulator import simulate as simulate_arctica
from domain.game import GameRules


def states(rules: GameRules[Any, Any, Any], events: list[Any], every: int) -> list[Any]:
    out, state = [], rules.initial_state()
    for i, event in enumerate(events, start=1):
        state = rules.evolve(state, event)
        if i % every == 0 or i == len(events):
            out.append(state)
    return out


def other_totems(state: Any) -> Any:
    """The same table, each seat holding the next seat's totem."""
    players = state.players
    totems = [p.totem for p in players[1:]] + [players[0].totem]
    return replace(state, players=tuple(replace(p, totem=t) for p, t in zip(players, totems, strict=True)))


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 12), (4, 13)])
def test_live_arctic_scores_do_not_depend_on_the_totems(players: int, seed: int) -> None:
    rules = arctic.RULES
    game = simulate_arctic(players, seed)
    changed = 0
    for state in states(rules, game.events, every=7):
        twin = other_totems(state)
        if rules.is_finished(state):
            assert rules.public_results(state) == rules.results(state)
            continue
        public = rules.public_results(state)
        assert public == rules.public_results(twin)
        assert all("totem" not in r.breakdown for r in public)
        changed += rules.results(state) != rules.results(twin)
    assert changed  # the totems did count in the full results: the twins tell them apart


def test_live_arctica_scores_do_not_depend_on_hands_or_deck() -> None:
    rules = arctica.RULES
    game = simulate_arctica(3, 21)
    for state in states(rules, game.events, every=11):
        twin = replace(
            state,
            deck=tuple(reversed(state.deck)),
            players=tuple(
                replace(p, hand=state.players[(i + 1) % len(state.players)].hand) for i, p in enumerate(state.players)
            ),
        )
        assert rules.public_results(state) == rules.public_results(twin)
        if rules.is_finished(state):
            assert rules.public_results(state) == rules.results(state)
