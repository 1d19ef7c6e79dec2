"""The judgement's scales: the drop from expected scores, a decision's weight, a player's accuracy."""

from __future__ import annotations

import math

from domain.analysis.accuracy import game_accuracy
from domain.analysis.judging import MIN_WEIGHT, move_accuracy, score_drop, verdict, volatility


def test_a_loss_of_expected_score_is_a_drop_on_a_win_chance_like_scale() -> None:
    """Given a gain of the best over the move played and the spread of the final score, then the drop is
    Phi(gain / spread) - 1/2: nothing for no gain or no spread, the Lichess thresholds at about a quarter,
    a half and 0.84 of the spread, never above 0.5."""
    assert score_drop(0.0, 5.0) == 0.0 and score_drop(3.0, 0.0) == 0.0 and score_drop(-1.0, 5.0) == 0.0
    assert verdict(score_drop(1.1, 4.0), best=False) == "inaccuracy"
    assert verdict(score_drop(2.2, 4.0), best=False) == "mistake"
    assert verdict(score_drop(3.5, 4.0), best=False) == "blunder"
    assert verdict(score_drop(0.5, 4.0), best=False) == "good"
    assert math.isclose(score_drop(4.0, 4.0), 0.3413, abs_tol=1e-4) and score_drop(1e9, 1.0) <= 0.5


def test_a_decision_whose_candidates_lead_alike_weighs_little() -> None:
    assert volatility([10.0, 10.0, 10.0], 4.0) == MIN_WEIGHT
    assert volatility([10.0], 4.0) == MIN_WEIGHT and volatility([1.0, 9.0], 0.0) == MIN_WEIGHT
    assert math.isclose(volatility([8.0, 10.0], 4.0), 0.25) and volatility([0.0, 100.0], 4.0) == 1.0


def test_a_player_s_accuracy_weighs_the_decisions_that_mattered() -> None:
    """Given a perfect choice that did not matter and a poor one that did, then the weighted accuracy is
    near the poor one's, the unweighted one halfway; no decision, no accuracy."""
    poor = move_accuracy(0.3)
    assert game_accuracy([]) is None
    weighted, plain = game_accuracy([100.0, poor], [MIN_WEIGHT, 1.0]), game_accuracy([100.0, poor])
    assert weighted is not None and plain is not None
    assert weighted < plain and abs(weighted - poor) < 5
    assert game_accuracy([80.0, 80.0], [0.3, 1.0]) == 80.0
