"""Arctica's own properties over complete simulated games (Hypothesis): tokens conserved, limits,
round structure, scores, a table's record replaying to the simulated game. The contract every game
keeps (fold, hashes, replay of the moves, views, legal moves, same seed same game) is checked once
for all kinds by ``tests/domain/test_contract.py``."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.arctica import RULES
from domain.arctica import events as ev
from domain.arctica.edition import FAMILIES
from domain.arctica.moves import RevealEvents
from domain.arctica.scoring import results
from domain.arctica.simulator import simulate, table_record
from domain.arctica.state import EMPTY, FLORA, HAND_LIMIT, TOKENS_PER_FAMILY, GameState

from .support import ED

GAMES = st.tuples(st.integers(2, 5), st.integers(0, 2**40))
FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def tokens_everywhere(s: GameState, seat: int, family: str) -> int:
    p = s.players[seat]
    f = FAMILIES.index(family)
    total = p.supply[f] + p.release[f]
    total += sum(1 for v in p.long_wheel + p.short_wheel if v == family)
    total += sum(1 for t in s.map if t is not None and t.seat == seat and t.family == family)
    total += sum(1 for sp in s.circle for t in sp if t.seat == seat and t.family == family)
    return total


def check_invariants(s: GameState) -> None:
    for seat, p in enumerate(s.players):
        assert min(p.supply) >= 0 and min(p.release) >= 0 and p.release_flora >= 0
        assert len(p.hand) <= HAND_LIMIT
        assert all(v in (EMPTY, FLORA, *FAMILIES) for v in p.long_wheel + p.short_wheel)
        assert FLORA not in p.short_wheel
        for fam in FAMILIES:
            assert tokens_everywhere(s, seat, fam) == TOKENS_PER_FAMILY
    assert len(s.map) == len(ED.map)


def check_game(players: int, seed: int) -> None:
    game = simulate(players, seed)
    assert isinstance(game.events[0], ev.GameStarted)
    s = RULES.initial_state()
    before_end = s
    for e in game.events:
        if isinstance(e, ev.GameEnded):
            before_end = s
        s = RULES.evolve(s, e)
        check_invariants(s)
    assert RULES.is_finished(s)
    # round structure: 4 rounds of 5 selections, active players in clockwise order
    placed = [e for e in game.events if isinstance(e, ev.PawnPlaced)]
    assert [e.round for e in placed] == [r for r in range(1, 5) for _ in range(5)]
    start = game.events[0].start_player
    assert [e.seat for e in placed] == [(start + t) % players for t in range(20)]
    assert [e.round for e in game.events if isinstance(e, ev.RoundEnded)] == [1, 2, 3, 4]
    assert [e.tile for e in game.events if isinstance(e, ev.IceMelted)] == [1, 2, 3, 4]
    # each selection: the active player resolves two actions, every other player at most one
    turn: list[ev.Event] = []
    for e in game.events:
        if isinstance(e, ev.PawnPlaced):
            turn = []
        elif isinstance(e, ev.ActionPerformed | ev.ActionSkipped):
            turn.append(e)
        elif isinstance(e, ev.TurnEnded):
            seats = [x.seat for x in turn]  # type: ignore[attr-defined]
            active = seats[0]
            assert seats.count(active) == 2 and len(seats) == players + 1
    # final score equals the recomputation from the final state, breakdown sums to the total
    (end,) = [e for e in game.events if isinstance(e, ev.GameEnded)]
    assert list(end.results) == results(ED, before_end) == results(ED, s)
    for r in end.results:
        assert sum(r.breakdown.values()) == r.total
    ranked = sorted(end.results, key=lambda r: r.rank)
    assert ranked[0].rank == 1 and all(a.total >= b.total for a, b in pairwise(ranked))


@FAST
@given(GAMES)
def test_simulated_games_keep_every_invariant(game):
    check_game(*game)


def test_different_seeds_give_different_games():
    assert simulate(3, 1).events != simulate(3, 2).events


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_player_count_finishes(players):
    check_game(players, 2026)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_soak_many_games(players):
    for seed in range(100):
        check_game(players, seed * 7919 + players)


@settings(max_examples=6, deadline=None)
@given(GAMES)
def test_the_same_game_recorded_at_a_table_replays_to_the_same_events(game):
    played = simulate(*game)
    setup, moves = table_record(played)
    events = RULES.start(setup)
    assert events[0].chance == "table" and events[0].event_plan is None
    state = RULES.fold(events)
    for move in moves:
        new = RULES.decide(state, move)
        events += new
        state = RULES.fold(new, state)
    assert events[1:] == played.events[1:]
    assert RULES.results(state) == RULES.results(RULES.fold(played.events))
    assert any(isinstance(m, RevealEvents) for m in moves)
