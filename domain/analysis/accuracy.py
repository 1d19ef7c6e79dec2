"""Accuracy per player per game, from the drops of its judged decisions.

A decision's accuracy is Lichess's formula on the drop of the mover's winning chances in percent
(``d = 100 * (best_win - played_win)``): ``103.1668 * exp(-0.04354 * d) - 3.1669``, clamped to 0-100
(a best move scores 100, a drop of 0.10 about 62, of 0.30 about 24). A player's accuracy in a game is,
as Lichess's, the mean of two means over its judged decisions (those with a choice): the arithmetic
mean, and the harmonic mean (each decision counted at least 1, so one zero does not erase the game),
which weighs the worst decisions more. Both means are weighted, as Lichess weights by the volatility of
the position, by each decision's ``weight``: how far apart its candidates' expected scores were
(``domain.analysis.judging.volatility``), so that choices leading to the same outlook whichever is taken
do not dilute those that matter. ``None`` for a player who made no judged decision.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from .judging import Judgement


class PlayerAccuracy(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    player: str
    accuracy: float | None
    decisions: int  # decisions judged (those with a choice)
    inaccuracies: int
    mistakes: int
    blunders: int


def game_accuracy(values: Sequence[float], weights: Sequence[float] | None = None) -> float | None:
    if not values:
        return None
    w = list(weights) if weights is not None else [1.0] * len(values)
    total = sum(w)
    mean = sum(x * v for x, v in zip(w, values, strict=True)) / total
    harmonic = total / sum(x / max(1.0, v) for x, v in zip(w, values, strict=True))
    return round((mean + harmonic) / 2.0, 4)


def accuracies(players: Sequence[str], judgements: Sequence[Judgement]) -> list[PlayerAccuracy]:
    out: list[PlayerAccuracy] = []
    for seat, player in enumerate(players):
        own = [j for j in judgements if j.seat == seat]
        out.append(
            PlayerAccuracy(
                seat=seat,
                player=player,
                accuracy=game_accuracy([j.accuracy for j in own], [j.weight for j in own]),
                decisions=len(own),
                inaccuracies=sum(j.verdict == "inaccuracy" for j in own),
                mistakes=sum(j.verdict == "mistake" for j in own),
                blunders=sum(j.verdict == "blunder" for j in own),
            )
        )
    return out
