"""The analysis's fast play-out (``domain/arctic/playout.py``) against the rules engine, move for move:
from the same full-mode state with the same generator, the engine driven by the simulator's policy
(``simulator.choose`` over ``legal_moves(implicit=False)``) and the play-out play the same moves and end
on the same scores, under every rules version and every switchable decision."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as hs

from domain.analysis.rollouts import outcome
from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import simulator
from domain.arctic.analysis import ANALYSIS
from domain.arctic.decisions import Decisions
from domain.arctic.legal import legal_moves
from domain.arctic.playout import Game, play_out
from domain.arctic.plugin import GAME as ARCTIC
from domain.arctic.rules import decide_and_evolve
from domain.arctic.scoring import results
from domain.arctic.state import FINISHED, GameState
from domain.chance import SplitMix64

VARIANTS: dict[str, Decisions] = {
    "arctic-2": dec.DEFAULT,
    "arctic-1": dec.ARCTIC_1_DECISIONS,
    "card needed, penalties counted": Decisions(end_trigger=dec.CARD_NEEDED, empty_pile_penalty=dec.COUNT),
    "river shortfall, printed, hand limit 5": Decisions(
        river_shortfall=dec.PENALTY, moose_b_plus_shortfall=dec.PRINTED, hand_limit=5
    ),
    "after drawing cards, shared ties, hand cost": Decisions(
        hand_limit_check=dec.AFTER_DRAWING_CARDS, tie_break=dec.SHARED, hand_cost_at_end=1, river_size=4
    ),
    "furthest from start, declared only": Decisions(
        tie_break=dec.FURTHEST_FROM_START, fox_wild_default=dec.DECLARED_ONLY, reserve_per_extra_player=2
    ),
}


def engine(state: GameState, rng: SplitMix64, d: Decisions) -> tuple[list[Any], list[float], list[float]]:
    moves: list[Any] = []
    while state.phase != FINISHED:
        move = simulator.choose(rng, legal_moves(state, d, implicit=False))
        moves.append(move)
        _, state = decide_and_evolve(state, move, d)
    ranked = sorted(results(state, d), key=lambda r: r.seat)
    first = [r for r in ranked if r.rank == 1]
    return moves, [1.0 / len(first) if r.rank == 1 else 0.0 for r in ranked], [float(r.total) for r in ranked]


def state_of(players: int, seed: int, fraction: float, d: Decisions, sides: int) -> GameState:
    power_sides: Any = {a: "AB"[(sides >> i) & 1] for i, a in enumerate(cat.ANIMALS)}
    sim = simulator.simulate(players, seed, power_sides=power_sides, decisions=d)
    state = GameState()
    from domain.arctic.evolve import evolve

    for event in sim.events[:2]:
        state = evolve(state, event, d)
    for move in sim.moves[: int(fraction * len(sim.moves))]:
        _, state = decide_and_evolve(state, move, d)
    return state


def same_play(state: GameState, seed: int, d: Decisions) -> None:
    moves, wins, totals = engine(state, SplitMix64(seed), d)
    game = Game(state, d)
    game.trace = []
    game.run(SplitMix64(seed))
    assert game.trace == moves
    assert game.outcome() == (wins, totals)


@settings(max_examples=60, deadline=None)
@given(
    hs.integers(2, 4),
    hs.integers(0, 10_000),
    hs.floats(0, 1),
    hs.sampled_from(sorted(VARIANTS)),
    hs.integers(0, 63),
    hs.integers(0, 2**32),
)
def test_the_play_out_plays_the_engine_s_moves_and_scores(
    players: int, seed: int, fraction: float, variant: str, sides: int, rollout: int
) -> None:
    d = VARIANTS[variant]
    same_play(state_of(players, seed, fraction, d, sides), rollout, d)


def test_many_play_outs_from_the_start_and_the_middle() -> None:
    """Every power side, every player count, from the start and from the middle: 96 rollouts each."""
    for players in (2, 3, 4):
        for sides in range(0, 64, 4):
            for fraction in (0.0, 0.5):
                state = state_of(players, sides * 7 + players, fraction, dec.DEFAULT, sides)
                same_play(state, sides, dec.DEFAULT)


def test_worlds_sampled_from_table_records_play_out_as_the_engine_plays_them() -> None:
    """The worlds the analysis plays out: sampled from a public record for a seat or the record itself."""
    sim = simulator.simulate(3, 12, mode="public", shown_at_end=True)
    from domain.arctic import RULES

    state = RULES.fold(RULES.start(sim.setup))
    for step, move in enumerate(sim.moves):
        if step % 9 == 0 and state.phase != FINISHED:
            for seat in (None, step % 3):
                world = ANALYSIS.settle(ANALYSIS.determinize(state, seat, SplitMix64(step)))
                if world.phase != "totems":
                    same_play(world, step, dec.DEFAULT)
        _, state = RULES.decide_and_evolve(state, move)


def test_play_out_is_the_analysis_s_outcome() -> None:
    state = state_of(3, 5, 0.3, dec.DEFAULT, 9)
    from domain.analysis.rollouts import play_out as engine_play_out

    final = engine_play_out(ARCTIC, state, SplitMix64(4))
    assert play_out(state, SplitMix64(4), dec.DEFAULT) == outcome(ARCTIC, final)


def test_a_keyed_play_out_plays_legal_moves_to_the_engine_s_scores() -> None:
    """Given states of simulated games, when they are played out with keyed randomness (the analysis's
    common random numbers), then every move is one the engine lists (``implicit=False``) and the engine,
    replaying them, ends on the same scores."""
    for players in (2, 3, 4):
        for seed in range(4):
            state = state_of(players, seed, seed / 4, dec.DEFAULT, seed * 11 % 64)
            game = Game(state, dec.DEFAULT)
            game.trace = []
            game.run_keyed(seed * 977)
            replayed = state
            for move in game.trace:
                assert move in legal_moves(replayed, dec.DEFAULT, implicit=False)
                _, replayed = decide_and_evolve(replayed, move, dec.DEFAULT)
            assert replayed.phase == FINISHED
            assert sorted(r.total for r in results(replayed, dec.DEFAULT)) == sorted(int(t) for t in game.outcome()[1])


def test_a_keyed_choice_is_uniform_among_the_legal_moves_powers_half_the_time() -> None:
    """The keyed policy is the simulator's: over many keys, the first decision takes each legal move as
    often as ``choose`` would (each power move 1/2 * 1/powers + 1/2 * 1/legal, each other 1/2 * 1/legal)."""
    state = state_of(3, 21, 0.2, dec.DEFAULT, 0b111111)
    game = Game(state, dec.DEFAULT)
    legal, powers = game.legal()
    assert powers and len(legal) > len(powers)
    counts: dict[Any, int] = {}
    keys = 6000
    for key in range(keys):
        game = Game(state, dec.DEFAULT)
        game.trace = []
        game.run_keyed(key * 0x9E3779B97F4A7C15)
        counts[game.trace[0]] = counts.get(game.trace[0], 0) + 1
    first = Game(state, dec.DEFAULT)
    from domain.arctic.playout import as_move

    for move in legal:
        expected = 0.5 / len(legal) + (0.5 / len(powers) if move in powers else 0.0)
        seen = counts.get(as_move(first, move), 0) / keys
        assert abs(seen - expected) < 4 * (expected * (1 - expected) / keys) ** 0.5 + 1e-3, (move, seen, expected)
