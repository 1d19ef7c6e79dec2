"""A decision judged from its player's information: the move played against the best alternative.

The candidates are the legal moves of the state before the move (they depend only on what the mover
sees: its hand, the table), all of them when there are at most ``MAX_CANDIDATES``, else the move played
and a seeded sample of the others (the same sample for the same game, step and seed). Each candidate
is rolled out ``budget`` times from the mover's determinizations with common random numbers (the same
sampled worlds and rollout seeds for every candidate), so that noise does not decide between them.

The measure is the mover's **expected final score**, not its win chance. Under the random rollout policy
a 3-player win chance from a few rollouts is mostly the other seats' luck: what a good move gained is
washed out (measured: the strong seat of ``tests/domain/analysis/test_strength.py`` had the best accuracy
in 6 of 18 games judged by win chance). The expected score keeps the points a move gains or gives away.

The best candidate is the one with the highest expected score (a tie goes to the move played). Its lead
over the move played, ``gain`` (points), is made a drop on a win-chance-like scale for the Lichess
thresholds: ``drop = Phi(gain / spread) - 1/2``, where ``Phi`` is the standard normal distribution
function and ``spread`` the standard deviation of the mover's final score over the rollouts of the two
moves: the win chance a loss of ``gain`` costs a seat whose final score is normal with that spread, from
an even game. The scale is the kind's own (a game scoring 1 for a win and 0 else gets about its win
chance's drop); no spread (every rollout ending on one score) means no gain either. A move losing a
quarter of the spread drops 0.10, half of it 0.19, the whole spread 0.34; the drop is at most 0.5. The
drop is measured on the rollouts that chose the best (a single estimate: a second, independent estimate
of the two moves gave no better separation of strong from weak players and costs ``2 x budget`` rollouts
more).

Verdicts on the drop, Lichess's thresholds on winning chances: ``inaccuracy`` from 0.10,
``mistake`` from 0.20, ``blunder`` from 0.30.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Literal

import msgspec

from domain.chance import SplitMix64
from domain.registry import GamePlugin

from .rollouts import Tally, analysable, compare, derive, spread

MAX_CANDIDATES = 8
INACCURACY, MISTAKE, BLUNDER = 0.10, 0.20, 0.30
MIN_WEIGHT = 0.05  # the least weight of a decision in its player's accuracy

Verdict = Literal["best", "good", "inaccuracy", "mistake", "blunder"]


class Judgement(msgspec.Struct, frozen=True, kw_only=True):
    """One decision: the mover's outlook after the move played and after the best candidate."""

    seat: int
    played: str  # the move played, in the table's words
    played_win: float  # the mover's win chance after the move played (the same rollouts)
    best: str  # the best candidate in the table's words (the move played when it was the best)
    best_win: float
    drop: float  # on a win-chance-like scale, from the expected scores (see the module), never negative
    verdict: Verdict
    accuracy: float  # this decision's accuracy, 0-100 (see ``domain.analysis.accuracy``)
    candidates: int  # how many moves were compared
    legal: int  # how many legal moves there were
    played_score: float = 0.0  # the mover's expected final score after the move played
    best_score: float = 0.0  # ... after the best candidate
    spread: float = 0.0  # the standard deviation of the mover's final score over those rollouts
    # for the player, when the best was another move: what it would have done that the move played did not
    # ("Nanook could have: Nanook draws an orca card 2-2 from River slot 1 (instead of: ...)"); else ""
    advice: str = ""
    # how much this decision mattered, 0.05-1: the standard deviation of the candidates' expected scores
    # over the spread of the mover's final score in all their rollouts (the weight in the player's accuracy)
    weight: float = 1.0


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


def sentences(plugin: GamePlugin, state: Any, move: Any, seat: int) -> list[str]:
    """What the kind's timeline says of the events the mover's move makes (its own, in the table's words)."""
    rules = plugin.rules
    players = rules.players(state)
    texts: list[str] = []
    for event in rules.decide(state, move):
        state = rules.evolve(state, event)
        if rules.actor(event) == seat:
            texts.append(rules.describe(event, "en", players, state))
    return texts


def name_move(plugin: GamePlugin, state: Any, move: Any, seat: int) -> str:
    """A move in the table's words: what the kind's timeline says of the events the mover's move makes."""
    return "; ".join(sentences(plugin, state, move, seat)) or msgspec.json.encode(move).decode()


def advise(plugin: GamePlugin, state: Any, played: Any, best: Any, seat: int) -> str:
    """The best alternative for the player: what it says that the move played does not (the sentences both
    share, such as the end of the turn, left out), with the move played beside it."""
    mine, better = sentences(plugin, state, played, seat), sentences(plugin, state, best, seat)
    only_better = [t for t in better if t not in mine] or better
    only_mine = [t for t in mine if t not in better] or mine
    player = plugin.rules.players(state)[seat]
    return f"{player} could have: {'; '.join(only_better)} (instead of: {'; '.join(only_mine)})"


def _advice(plugin: GamePlugin, state: Any, played: Any, best: Any, seat: int) -> str:
    """The kind's sentence for the better move, else the generic one (``advise``)."""
    own = analysable(plugin).advise
    said = own(state, played, best, seat) if own is not None else ""
    return said or advise(plugin, state, played, best, seat)


def score_drop(gain: float, spread: float) -> float:
    """A loss of ``gain`` expected points on a win-chance-like scale: ``Phi(gain / spread) - 1/2``."""
    if gain <= 0.0 or spread <= 0.0:
        return 0.0
    return 0.5 * math.erf(gain / spread / math.sqrt(2.0))


def volatility(scores: Sequence[float], width: float) -> float:
    """How much a decision mattered: the candidates' expected scores' standard deviation over ``width``
    (the spread of the final score), clamped to ``MIN_WEIGHT``-1. Lichess weights a move's accuracy by the
    volatility of the position; a decision whose candidates all lead to the same outlook (a forced-looking
    choice, a token moved either way) says little of the player and should not dilute those that do."""
    if width <= 0.0 or len(scores) < 2:
        return MIN_WEIGHT
    mean = sum(scores) / len(scores)
    deviation = math.sqrt(sum((x - mean) ** 2 for x in scores) / len(scores))
    return min(1.0, max(MIN_WEIGHT, deviation / width))


def judge(
    plugin: GamePlugin, state: Any, move: Any, seat: int, budget: int, seed: int
) -> tuple[Judgement | None, Tally]:
    """The judgement of ``seat``'s ``move`` in ``state`` (``None`` when it had no choice) and the
    rollouts of the move played (the step's evaluation from the mover's information)."""
    part = analysable(plugin)
    legal = plugin.rules.legal_moves(state) if part.choices is None else part.choices(state, move)
    moves = candidates(legal, move, derive(seed, 0, 3))
    tallies = compare(plugin, state, seat, moves, budget * part.judging, seed)
    played = tallies[0]
    if played is None:  # pragma: no cover - the move played is legal in every world the mover imagines
        raise RuntimeError("the move played is refused in a determinization: the kind's sampling is wrong")
    if len(moves) < 2:
        return None, played
    scores = [t.score(seat) if t is not None else -math.inf for t in tallies]
    best = max(range(len(moves)), key=lambda c: (scores[c], c == 0))  # a tie goes to the move played
    alternative = tallies[best]
    assert alternative is not None
    width = spread(seat, played, alternative)
    weight = volatility([sc for sc in scores if sc > -math.inf], spread(seat, *[t for t in tallies if t is not None]))
    drop = score_drop(scores[best] - scores[0], width)
    judgement = Judgement(
        seat=seat,
        played=name_move(plugin, state, move, seat),
        played_win=round(played.win(seat), 6),
        best=name_move(plugin, state, moves[best], seat),
        best_win=round(alternative.win(seat), 6),
        drop=round(drop, 6),
        verdict=verdict(drop, best == 0),
        accuracy=round(move_accuracy(drop), 4),
        candidates=len(moves),
        legal=len(legal),
        played_score=round(scores[0], 4),
        best_score=round(scores[best], 4),
        spread=round(width, 4),
        advice="" if best == 0 else _advice(plugin, state, move, moves[best], seat),
        weight=round(weight, 4),
    )
    return judgement, played
