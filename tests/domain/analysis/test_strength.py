"""Does the analysis tell a strong player from a weak one? One seat of a 3-player Arctic game looks one
move ahead on the engine's own score, the others play at random (``players.strong_against_random``):
the strong seat's accuracy should be the highest of the table in at least 80% of 30 games (``soak``, at
budget 8: half the default, for the time a soak may take; the measured figures are in docs/ANALYSIS.md).
The normal suite runs the same harness on 2 games at a low budget and checks what it must hold."""

from __future__ import annotations

import pytest

from domain.analysis.game import analyse, judged_accuracies
from domain.arctic.plugin import GAME as ARCTIC

from .players import STRONG_SEAT, strong_against_random


def strong_is_highest(seed: int, budget: int) -> bool:
    opening, moves = strong_against_random(3, seed)
    analysis = analyse(ARCTIC, opening, moves, budget=budget, seed=seed)
    accuracy = [p.accuracy for p in analysis.accuracy]
    assert all(a is not None and 0 <= a <= 100 for a in accuracy)
    return all(accuracy[STRONG_SEAT] > a for s, a in enumerate(accuracy) if s != STRONG_SEAT)  # type: ignore[operator]


def test_every_seat_of_a_strong_against_random_game_gets_an_accuracy() -> None:
    for seed in range(2):
        strong_is_highest(seed, budget=2)


@pytest.mark.soak
def test_the_strong_seat_is_the_most_accurate_in_most_games() -> None:
    highest = sum(strong_is_highest(seed, budget=8) for seed in range(30))
    assert highest >= 24, f"the strong seat was the most accurate in {highest} of 30 games"


def test_the_accuracies_from_the_judgements_alone_are_the_analysis_s() -> None:
    """The bench's judging reads ``judged_accuracies`` (the judgements without the shown line): the same
    accuracies, to the last digit, as the whole analysis of the same moves."""
    opening, moves = strong_against_random(3, 5)
    whole = analyse(ARCTIC, opening, moves[:45], budget=1, seed=9)
    assert judged_accuracies(ARCTIC, opening, moves[:45], 1, 9) == whole.accuracy
    assert any(a.decisions for a in whole.accuracy)
