"""Arctic's own properties over complete simulated games (Hypothesis): cards conserved, token and
hand limits, an independent scorer, the public record tracking the full one. The contract every
game keeps (fold, hashes, replay, views, legal moves) is checked once for all kinds by
``tests/domain/test_contract.py``. The soak variants run with ``-m soak``."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.arctic import RULES
from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic.simulator import SimulatedGame, simulate, to_public
from domain.arctic.state import EMPTY, UNKNOWN, GameState
from domain.arctic.view import ArcticView
from domain.game import Perspective

FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SOAK = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
PLAYERS = st.integers(min_value=2, max_value=4)
SEEDS = st.integers(min_value=0, max_value=2**63)
SIDES = st.one_of(
    st.none(),
    st.fixed_dictionaries({a: st.sampled_from(["A", "B"]) for a in cat.ANIMALS}),
)


def where_are_the_cards(s: GameState) -> list[int]:
    cards = list(s.deck[len(s.deck) - s.draw_left :])
    if not s.reserve_in_use:
        cards += list(s.reserve[: s.reserve_left])
    cards += [c for c in s.river if c != EMPTY]
    for p in s.players:
        cards += list(p.hand) + list(p.pile) + list(p.penalty)
    return cards


def check_step(s: GameState, event: Any) -> None:
    n = len(s.names)
    if s.mode == "full":
        assert sorted(where_are_the_cards(s)) == list(range(30 * n)), f"after {event}"
    else:
        total = s.draw_left + s.reserve_left + sum(1 for c in s.river if c != EMPTY)
        total += sum(p.hand_size + len(p.pile) + p.penalty_size for p in s.players)
        assert total == 30 * n, f"after {event}"
    assert all(0 <= t <= 5 for t in s.tokens)
    assert all(h == -1 or 0 <= h < n for h in s.holders)
    if isinstance(event, ev.TurnEnded) and not s.final_round:
        assert s.players[event.seat].hand_size <= cat.HAND_LIMIT
    if isinstance(event, ev.DrawingEnded | ev.CardDiscarded) and s.phase in ("give", "end_turn"):
        assert s.players[event.seat].hand_size <= cat.HAND_LIMIT


def neighbours(view_pile_down: list[bool], animals: list[int | None], i: int) -> set[int]:
    out: set[int] = set()
    for rng in (range(i - 1, -1, -1), range(i + 1, len(animals))):
        for j in rng:
            if not view_pile_down[j]:
                out.add(animals[j])  # type: ignore[arg-type]
                break
    return out


def scale(k: int) -> int:
    return [0, 0, 1, 3, 6, 10, 15][min(k, 6)]


def runs_and_diversity(seq: list[int]) -> int:
    best: dict[int, int] = {}
    for animal, group in itertools.groupby(seq):
        best[animal] = max(best.get(animal, 0), len(list(group)))
    runs = {a: scale(k) for a, k in best.items() if k >= 2 and a >= 0}
    return sum(runs.values()) + scale(len(runs))


def rescore_from_public_view(v: ArcticView, scores: list[ev.SeatScore]) -> None:
    """An independent scorer working on what a spectator sees at the end."""
    for pv, sc in zip(v.players, scores, strict=True):
        animals: list[int | None] = [
            None if down else cat.MAIN[cat.CARD_INDEX[c]]  # type: ignore[index]
            for c, down in zip(pv.pile, pv.pile_face_down, strict=True)
        ]
        wild_at = [i for i, down in enumerate(pv.pile_face_down) if down]
        choices = [sorted(neighbours(pv.pile_face_down, animals, i)) or [-2] for i in wild_at]
        assert len(sc.fox_wild) == len(wild_at)
        for chosen, options in zip(sc.fox_wild, choices, strict=True):
            assert (cat.ANIMAL_INDEX[chosen] if chosen else -2) in options
        seq = list(animals)
        for i, chosen in zip(wild_at, sc.fox_wild, strict=True):
            seq[i] = cat.ANIMAL_INDEX[chosen] if chosen else -2
        pile_points = runs_and_diversity(seq)  # type: ignore[arg-type]
        assert pile_points == sc.runs_total + sc.diversity
        if len(wild_at) <= 8:  # the engine's choice is the best one
            best = max(runs_and_diversity([*_assign(animals, wild_at, combo)]) for combo in itertools.product(*choices))
            assert pile_points == best
        assert pv.totem is not None
        assert sc.totem == v.token_values[pv.totem]
        assert sc.penalty == -pv.penalty_count
        assert sc.total == pile_points + sc.totem + sc.penalty


def _assign(animals: list[int | None], wild_at: list[int], combo: tuple[int, ...]) -> list[int]:
    seq = list(animals)
    for i, a in zip(wild_at, combo, strict=True):
        seq[i] = a
    return seq  # type: ignore[return-value]


def check_game(game: SimulatedGame) -> GameState:
    s = RULES.initial_state()
    for e in game.events:
        s = RULES.evolve(s, e)
        check_step(s, e)
    assert RULES.is_finished(s)
    turns = [p.turns for p in s.players]
    assert len(set(turns)) == 1, turns
    finished = game.events[-1]
    assert isinstance(finished, ev.GameFinished)
    assert finished.scores == RULES.score(s)
    rescore_from_public_view(RULES.view(s, Perspective()), finished.scores)
    assert [r.seat for r in RULES.results(s)] == [sc.seat for sc in sorted(finished.scores, key=lambda x: x.rank)]
    assert sum(isinstance(e, ev.GameFinished) for e in game.events) == 1
    return s


def states_at_turn_starts(events: list[Any]) -> list[GameState]:
    out, s = [], RULES.initial_state()
    for e in events:
        s = RULES.evolve(s, e)
        if isinstance(e, ev.TurnStarted | ev.GameFinished):
            out.append(s)
    return out


def check_public_tracking(full: list[GameState], public: list[GameState]) -> None:
    """What the public record knows is true, and it counts every zone right."""
    assert len(full) == len(public)
    for f, p in zip(full, public, strict=True):
        assert f.tokens == p.tokens and f.holders == p.holders and f.draw_left == p.draw_left
        for fc, pc in zip(f.river, p.river, strict=True):
            assert (fc == EMPTY) == (pc == EMPTY) and pc in (fc, UNKNOWN)
        for fp, pp in zip(f.players, p.players, strict=True):
            assert fp.pile_down == pp.pile_down
            assert [c for c, d in zip(fp.pile, fp.pile_down, strict=True) if not d] == [
                c for c, d in zip(pp.pile, pp.pile_down, strict=True) if not d
            ]
            assert fp.hand_size == pp.hand_size and fp.penalty_size == pp.penalty_size
            assert set(pp.hand) <= set(fp.hand) and set(pp.penalty) <= set(fp.penalty)


def check_everything(players: int, seed: int, sides: dict | None) -> None:
    game = simulate(players, seed, power_sides=sides)
    full = check_game(game)
    public = to_public(game)
    pub = check_game(public)
    assert [sc.total for sc in RULES.score(pub)] == [sc.total for sc in RULES.score(full)]
    assert [r.seat for r in RULES.results(pub)] == [r.seat for r in RULES.results(full)]
    check_public_tracking(states_at_turn_starts(game.events), states_at_turn_starts(public.events))


@FAST
@given(players=PLAYERS, seed=SEEDS, sides=SIDES)
def test_simulated_games_keep_every_invariant(players: int, seed: int, sides: dict | None) -> None:
    check_everything(players, seed, sides)


@pytest.mark.soak
@SOAK
@given(players=PLAYERS, seed=SEEDS, sides=SIDES)
def test_soak_simulated_games_keep_every_invariant(players: int, seed: int, sides: dict | None) -> None:
    check_everything(players, seed, sides)


@pytest.mark.parametrize("side", ["A", "B"])
def test_the_simulator_uses_every_power(side: str) -> None:
    kinds: set[str] = set()
    for seed in range(8):
        for e in simulate(2 + seed % 3, seed, power_sides=dict.fromkeys(cat.ANIMALS, side)).events:
            kinds.add(type(e).__name__)
            if isinstance(e, ev.CardPlaced):
                kinds.add(e.placement)
    expected = {
        "A": {"face_down", "DrawValueChanged", "WalrusTokenMoved", "PuffinSwapped", "CardTakenFromPenalty"},
        "B": {"bottom", "PlacementValueChanged", "WalrusTokenMoved", "CardTakenFromDrawPile", "VisibleCardTakenBack",
              "PenaltyCardGiven"},
    }[side]  # fmt: skip
    assert expected <= kinds, expected - kinds
    assert "DrawPileExhausted" in kinds and "FinalRoundStarted" in kinds


def test_fold_is_fast_enough() -> None:
    import time

    game = simulate(4, 1)
    start = time.perf_counter()
    rounds = 20
    for _ in range(rounds):
        RULES.fold(game.events)
    rate = rounds * len(game.events) / (time.perf_counter() - start)
    assert rate > 50_000, rate  # ~500k/s measured on the reference machine
