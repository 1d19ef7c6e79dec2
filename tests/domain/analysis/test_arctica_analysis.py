"""Arctica's analysis: samples agree with what the seat sees; decisions judged from the mover's information
only; reproducible bytes ending on the final scores, for seeded games and table and public records."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from domain.analysis.game import analyse, encode
from domain.analysis.judging import judge
from domain.arctic.simulator import simulate as simulator_arctic
from domain.arctica import RULES, editions, simulator
from domain.arctica.plugin import GAME as ARCTICA
from domain.arctica.state import GameState
from domain.chance import SplitMix64
from domain.game import Perspective

from .recorded import recorder_walk

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


def state_at(sim: simulator.SimulatedGame, step: int) -> tuple[GameState, Any]:
    state = RULES.fold(sim.events[:1])
    for move in sim.moves[:step]:
        _, state = RULES.decide_and_evolve(state, move)
    return state, sim.moves[step]


def test_two_games_the_mover_cannot_tell_apart_get_the_same_judgement() -> None:
    """Given a decision of seat 1 and another game that seat 1 cannot tell from it (the same view; other
    hands, deck order, round cards to come and event sub-regions), when both decisions are judged, then
    the judgement and the mover's evaluation are the same."""
    seat, sim = 1, simulator.simulate(3, 4)
    for step in range(10, len(sim.moves)):
        state, move = state_at(sim, step)
        if getattr(move, "seat", None) == seat and len(RULES.legal_moves(state)) > 2:
            break
    other = ARCTICA.analysis.determinize(state, seat, SplitMix64(2026))  # type: ignore[union-attr]
    perspective = Perspective(kind="seat", seat=seat)
    assert RULES.view(other, perspective) == RULES.view(state, perspective) and other != state
    one, played_one = judge(ARCTICA, state, move, seat, budget=4, seed=11)
    two, played_two = judge(ARCTICA, other, move, seat, budget=4, seed=11)
    assert one is not None and one.candidates > 2
    assert one == two and played_one.wins == played_two.wins and played_one.scores == played_two.scores


@pytest.mark.parametrize("record", [simulator.table_record, simulator.public_record], ids=["table", "public"])
def test_a_table_or_public_record_is_analysed_to_its_final_scores(record: Any) -> None:
    """Given the same game recorded at a table (hands named, draws named) or by a public recorder (no hand
    known), when it is analysed, then every perspective is sampled into a playable game (the seat still
    sees what it saw), the last step's expected scores are the final scores, and two runs give the same
    bytes."""
    setup, moves = record(simulator.simulate(2, 1))
    opening = RULES.start(setup)
    state = RULES.fold(opening)
    for i, move in enumerate(moves):
        if i in (5, 30):
            for seat in (None, 0, 1):
                sample = ARCTICA.analysis.determinize(state, seat, SplitMix64(i))  # type: ignore[union-attr]
                assert sample.chance == "seeded" and 0 not in sample.deck
                assert all(0 not in p.hand for p in sample.players) and len(sample.round_cards) == 3
                assert [len(p.hand) for p in sample.players] == [len(p.hand) for p in state.players]
                if seat is not None:
                    mine = Perspective(kind="seat", seat=seat)
                    seen, was = RULES.view(sample, mine), RULES.view(state, mine)
                    if state.chance == "table":
                        assert seen["players"][seat] == was["players"][seat]
                    assert seen["map"] == was["map"] and seen["deck_size"] == was["deck_size"]
        _, state = RULES.decide_and_evolve(state, move)
    first = analyse(ARCTICA, opening, moves, budget=1, seed=2)
    assert encode(first) == encode(analyse(ARCTICA, opening, moves, budget=1, seed=2))
    final = sorted(RULES.results(state), key=lambda r: r.seat)
    assert [o.score for o in first.steps[-1].omniscient.seats] == [float(r.total) for r in final]
    assert all(p.decisions > 0 for p in first.accuracy)


def recorded_games() -> list[tuple[str, list[Any], list[Any]]]:
    """Table and public records: the simulator's (demo and ``forms-1`` editions) and the recorder's own
    (entered through the builder from the same setups, ``recorded.recorder_walk``)."""
    out: list[tuple[str, list[Any], list[Any]]] = []
    for players, seed, edition in ((2, 3, None), (3, 1, "forms-1")):
        sim = simulator.simulate(players, seed, edition=None if edition is None else editions.get(edition))
        for name, record in (("table", simulator.table_record), ("public", simulator.public_record)):
            setup, moves = record(sim)
            out.append((f"{name} {players}p {edition}", list(RULES.start(setup)), moves))
            opening, walked = recorder_walk(ARCTICA, setup, seed)
            out.append((f"recorder {name} {players}p {edition}", opening, walked))
    return out


def test_every_seat_move_of_a_table_record_plays_in_every_world_its_mover_imagines() -> None:
    """Given table and public records (the recorder's own among them), when each seat's decision is
    replayed in worlds sampled for its mover, then the move played is accepted there, and so is every
    candidate it is judged against that the record itself accepts."""
    part = ARCTICA.analysis
    assert part is not None
    for name, opening, moves in recorded_games():
        state = RULES.fold(opening)
        for step, move in enumerate(moves):
            seat = part.decider(state, move)
            if seat is not None:
                world = part.determinize(state, seat, SplitMix64(step))
                sampled, played = part.playable(state, world, move)
                assert played is not None
                RULES.decide_and_evolve(sampled, played)  # raises if refused
            _, state = RULES.decide_and_evolve(state, move)
        assert RULES.is_finished(state), name


def test_the_recorder_s_own_records_are_analysed_to_their_end() -> None:
    for name, opening, moves in recorded_games()[1::2][:2]:
        analysis = analyse(ARCTICA, opening, moves, budget=1, seed=3)
        state = RULES.fold(opening)
        for move in moves:
            _, state = RULES.decide_and_evolve(state, move)
        final = sorted(RULES.results(state), key=lambda r: r.seat)
        assert len(analysis.steps) == len(moves), name
        assert [o.score for o in analysis.steps[-1].omniscient.seats] == [float(r.total) for r in final], name


def test_a_kind_without_a_fast_play_out_falls_back_to_the_engine_s_rollouts_and_says_so() -> None:
    """Arctica has no fast play-out: its shown line is 16 engine rollouts a unit of budget, stated in the
    analysis; Arctic's is 32 of its fast play-out's. Both say how many rollouts each move's evaluation is."""
    from domain.arctic.plugin import GAME as ARCTIC

    sim = simulator.simulate(2, 1)
    analysis = analyse(ARCTICA, sim.events[:1], sim.moves[:3], budget=2, seed=2)
    assert analysis.steady == 32 and "no fast play-out" in analysis.evaluation
    assert all(s.omniscient.rollouts == 32 for s in analysis.steps)
    arctic = simulator_arctic(2, 1)
    other = analyse(ARCTIC, arctic.events[:2], arctic.moves[:3], budget=2, seed=2)
    assert other.steady == 64 and "fast play-out" in other.evaluation and "no fast" not in other.evaluation
    assert all(0 < o.win_error <= 0.5 or o.win in (0.0, 1.0) for s in other.steps for o in s.omniscient.seats)


@pytest.mark.parametrize("edition", ["demo-1", "forms-1"])
def test_an_engine_play_out_s_step_is_the_policy_s_move_decided_once(edition: str) -> None:
    """Arctica's ``rollout_step`` (the state after the rollout policy's move, from the engine's own check of
    that move) is the state ``rollout_move``'s move leads to, with the generator left where it leaves it:
    the same play-outs, each move decided once."""
    part = ARCTICA.analysis
    assert part is not None and part.rollout_step is not None
    for seed in range(3):
        game = simulator.simulate(2 + seed, seed, editions.get(edition))
        state = RULES.fold(game.events[:1])
        for n, move in enumerate(game.moves):
            if n % 5 == 0:
                for k in range(3):
                    a, b = SplitMix64(seed * 1000 + n * 10 + k), SplitMix64(seed * 1000 + n * 10 + k)
                    stepped = part.rollout_step(state, a)
                    _, moved = RULES.decide_and_evolve(state, part.rollout_move(state, b))
                    assert stepped == moved and a.next_u64() == b.next_u64(), (edition, seed, n)
            _, state = RULES.decide_and_evolve(state, move)
