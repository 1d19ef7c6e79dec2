"""Arctica's analysis: samples agree with what the seat sees; reproducible bytes ending on the final scores."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as hs

from domain.analysis.game import analyse, encode
from domain.arctica import RULES, simulator
from domain.arctica.plugin import GAME as ARCTICA
from domain.chance import SplitMix64
from domain.game import Perspective

assert ARCTICA.analysis is not None


@settings(max_examples=8, deadline=None)
@given(hs.integers(2, 4), hs.integers(0, 10), hs.integers(0, 120), hs.integers(0, 3), hs.integers(0, 2**32))
def test_a_sample_agrees_with_the_seat_and_deals_the_unseen_cards_anew(
    players: int, game_seed: int, step: int, seat: int, seed: int
) -> None:
    seat %= players
    sim = simulator.simulate(players, game_seed)
    state = RULES.fold(sim.events[:1])
    for move in sim.moves[: min(step, len(sim.moves) - 1)]:
        _, state = RULES.decide_and_evolve(state, move)
    sample = ARCTICA.analysis.determinize(state, seat, SplitMix64(seed))  # type: ignore[union-attr]
    perspective = Perspective(kind="seat", seat=seat)
    assert RULES.view(sample, perspective) == RULES.view(state, perspective)

    def unseen(s: object) -> Counter[int]:
        return Counter(c for i, p in enumerate(s.players) if i != seat for c in p.hand) + Counter(s.deck)  # type: ignore[attr-defined]

    assert unseen(sample) == unseen(state)
    assert ARCTICA.analysis.determinize(state, seat, SplitMix64(seed)) == sample  # type: ignore[union-attr]


def test_the_last_step_ends_on_the_final_scores_and_two_runs_give_the_same_bytes() -> None:
    sim = simulator.simulate(2, 1)
    first = analyse(ARCTICA, sim.events[:1], sim.moves, budget=1, seed=2)
    assert encode(first) == encode(analyse(ARCTICA, sim.events[:1], sim.moves, budget=1, seed=2))
    final = sorted(RULES.results(RULES.fold(sim.events)), key=lambda r: r.seat)
    assert [o.score for o in first.steps[-1].omniscient.seats] == [float(r.total) for r in final]
    assert all(p.decisions > 0 for p in first.accuracy)
