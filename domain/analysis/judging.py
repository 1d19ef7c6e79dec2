"""A decision judged from its player's information: the move played against the best alternative.

The candidates are the legal moves of the state before the move (they depend only on what the mover
sees: its hand, the table), all of them when there are at most ``MAX_CANDIDATES``, else the move played
and a seeded sample of the others (the same sample for the same game, step and seed). Each candidate
is rolled out ``budget`` times from the mover's determinizations with common random numbers (the same
sampled worlds and rollout seeds for every candidate), so that noise does not decide between them.

The best candidate is the one with the highest estimated win chance; since the highest of several noisy
estimates is biased upwards (the more candidates, the more), the drop is measured again on fresh
rollouts of the move played and that best candidate alone, with common random numbers (double
estimation): the mover's win chance after the best minus after the move played, never negative.

Verdicts on the drop, Lichess's thresholds on winning chances: ``inaccuracy`` from 0.10,
``mistake`` from 0.20, ``blunder`` from 0.30. Lichess applies them to a two-player game's winning
chances; we keep them unscaled for three or four players (where a seat's chance starts at 1/3 or 1/4)
because a drop of 0.10 of the whole game's win is as costly there, and an estimate from a small budget
is noisy enough (a standard error near 0.1 at 16 rollouts, lowered by the common numbers) that smaller
thresholds would mostly flag noise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from domain.chance import SplitMix64
from domain.registry import GamePlugin

from .rollouts import Tally, compare, derive

MAX_CANDIDATES = 8
INACCURACY, MISTAKE, BLUNDER = 0.10, 0.20, 0.30

Verdict = Literal["best", "good", "inaccuracy", "mistake", "blunder"]


class Judgement(msgspec.Struct, frozen=True, kw_only=True):
    """One decision: the mover's win chance after the move played and after the best candidate."""

    seat: int
    played: str  # the move played, in the table's words
    played_win: float
    best: str  # the best candidate in the table's words (the move played when it was the best)
    best_win: float
    drop: float  # best_win - played_win, never negative
    verdict: Verdict
    accuracy: float  # this decision's accuracy, 0-100 (see ``domain.analysis.accuracy``)
    candidates: int  # how many moves were compared
    legal: int  # how many legal moves there were


def verdict(drop: float, best: bool) -> Verdict:
    if drop >= BLUNDER:
        return "blunder"
    if drop >= MISTAKE:
        return "mistake"
    if drop >= INACCURACY:
        return "inaccuracy"
    return "best" if best else "good"


def move_accuracy(drop: float) -> float:
    """Lichess's accuracy of a move from the drop of winning chances in percent, clamped to 0-100."""
    raw = 103.1668100711649 * math.exp(-0.04354415386753951 * (drop * 100.0)) - 3.166924740191411
    return min(100.0, max(0.0, raw))


def candidates(legal: Sequence[Any], played: Any, seed: int) -> list[Any]:
    """The move played first, then all other legal moves or, past ``MAX_CANDIDATES``, a seeded sample."""
    others = [m for m in legal if m != played]
    if len(others) >= MAX_CANDIDATES:
        SplitMix64(seed).shuffle(others)
        others = others[: MAX_CANDIDATES - 1]
    return [played, *others]


def name_move(plugin: GamePlugin, state: Any, move: Any, seat: int) -> str:
    """A move in the table's words: what the kind's timeline says of the events the mover's move makes."""
    rules = plugin.rules
    players = rules.players(state)
    texts: list[str] = []
    for event in rules.decide(state, move):
        state = rules.evolve(state, event)
        if rules.actor(event) == seat:
            texts.append(rules.describe(event, "en", players, state))
    return "; ".join(texts) or msgspec.json.encode(move).decode()


def judge(
    plugin: GamePlugin, state: Any, move: Any, seat: int, budget: int, seed: int
) -> tuple[Judgement | None, Tally]:
    """The judgement of ``seat``'s ``move`` in ``state`` (``None`` when it had no choice) and the
    rollouts of the move played (the step's evaluation from the mover's information)."""
    legal = plugin.rules.legal_moves(state)
    moves = candidates(legal, move, derive(seed, 0, 3))
    tallies = compare(plugin, state, seat, moves, budget, seed)
    played = tallies[0]
    if played is None:  # pragma: no cover - the move played is legal in every world the mover imagines
        raise RuntimeError("the move played is refused in a determinization: the kind's sampling is wrong")
    if len(moves) < 2:
        return None, played
    wins = [t.win(seat) if t is not None else -1.0 for t in tallies]
    best = max(range(len(moves)), key=lambda c: (wins[c], c == 0))  # a tie goes to the move played
    played_win = best_win = wins[0]
    if best != 0:
        # The best of several noisy estimates is biased upwards (more so with more candidates): the drop
        # is measured again on fresh rollouts of the two moves alone (double estimation).
        again = compare(plugin, state, seat, [move, moves[best]], budget, derive(seed, 0, 4))
        if again[0] is not None and again[1] is not None:
            played_win, best_win = again[0].win(seat), again[1].win(seat)
    drop = max(0.0, best_win - played_win)
    judgement = Judgement(
        seat=seat,
        played=name_move(plugin, state, move, seat),
        played_win=round(played_win, 6),
        best=name_move(plugin, state, moves[best], seat),
        best_win=round(best_win, 6),
        drop=round(drop, 6),
        verdict=verdict(drop, best == 0),
        accuracy=round(move_accuracy(drop), 4),
        candidates=len(moves),
        legal=len(legal),
    )
    return judgement, played
