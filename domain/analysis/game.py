"""A whole game analysed step by step: ``analyse`` (all at once) and ``steps`` (one at a time, resumable).

A step is one move of the record. Its analysis holds two evaluations of the state after the move, one
line per seat (win chance, expected final score):

- ``mover``: from the mover's information, the rollouts of the move played in the judgement (``None``
  for a move of the table, such as a card turned over in a table's record);
- ``omniscient``: from everything the record knows (the real state; where the record itself does not
  know a card, as in a table's record, that card is sampled too).

and the mover's ``judgement`` (``domain.analysis.judging``) when it had a choice. Every step's random
numbers derive from ``(seed, step)`` only, so a step can be computed alone: a worker resumes a game
from the steps it has, and the same game, engine, analysis version, budget and seed give the same bytes
(``encode``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import msgspec

from domain.game import decide_and_evolve
from domain.registry import GamePlugin

from .accuracy import PlayerAccuracy, accuracies
from .judging import Judgement, judge
from .rollouts import Tally, analysable, derive, evaluate

# Bumped whenever a change alters any number an analysis holds (policy, sampling, seeds, formulas).
# analysis-4: a kind without a fast play-out (Arctica) shows 16 engine rollouts per unit of budget, not 8
ANALYSIS_VERSION = "analysis-4"
DEFAULT_BUDGET = 16
DEFAULT_SEED = 37


class SeatOutlook(msgspec.Struct, frozen=True, kw_only=True):
    seat: int
    win: float  # share of the win (1/k for k seats tied first), averaged over the rollouts
    score: float  # expected final total
    # the standard error of ``win`` (its rollouts' own noise): the graph's band (analysis-3 on; 0 before)
    win_error: float = 0.0


class Evaluation(msgspec.Struct, frozen=True, kw_only=True):
    perspective: str  # "seat:N" (the mover's information) | "omniscient"
    seats: list[SeatOutlook]
    rollouts: int = 0  # how many rollouts it averages (analysis-3 on; 0 before)


class StepAnalysis(msgspec.Struct, frozen=True, kw_only=True):
    step: int  # index of the move in the record (0 = the first move)
    seat: int | None  # whose decision it was; None: the table's
    mover: Evaluation | None
    omniscient: Evaluation
    judgement: Judgement | None = None


class GameAnalysis(msgspec.Struct, frozen=True, kw_only=True):
    kind: str
    rules_version: str
    analysis_version: str
    budget: int
    seed: int
    policy: str  # the rollout policy in words
    players: list[str]
    # analysis-3 on: how the shown evaluation (``omniscient``) was made, in words, and its rollouts per move
    evaluation: str = ""
    steady: int = 0
    steps: list[StepAnalysis]
    accuracy: list[PlayerAccuracy]


_ENCODER = msgspec.json.Encoder(order="deterministic")


def encode(analysis: GameAnalysis) -> bytes:
    return _ENCODER.encode(analysis)


def _evaluation(perspective: str, tally: Tally) -> Evaluation:
    n = tally.count or 1
    return Evaluation(
        perspective=perspective,
        seats=[
            SeatOutlook(seat=s, win=round(w / n, 6), score=round(sc / n, 4), win_error=round(tally.win_error(s), 6))
            for s, (w, sc) in enumerate(zip(tally.wins, tally.scores, strict=True))
        ],
        rollouts=tally.count,
    )


def steady_rollouts(plugin: GamePlugin, budget: int) -> int:
    """The rollouts per move of the shown evaluation: the kind's ``steady`` per unit of budget."""
    return budget * analysable(plugin).steady


def evaluation_words(plugin: GamePlugin, budget: int) -> str:
    """How the shown evaluation is made, in words (stated in the analysis)."""
    rollouts = steady_rollouts(plugin, budget)
    if analysable(plugin).playout is not None:
        return (
            f"{rollouts} rollouts per move by the kind's fast play-out, with common random numbers across "
            "consecutive moves (each decision's randomness keyed by the decision)"
        )
    return (
        f"{rollouts} rollouts per move by the rules engine (this kind has no fast play-out: fewer rollouts, "
        "a noisier line), with common random numbers across consecutive moves"
    )


def shown(plugin: GamePlugin, state: Any, budget: int, seed: int) -> Evaluation:
    """The evaluation the graph shows of ``state``: from everything the record knows, ``steady_rollouts``
    rollouts whose seeds do not depend on the step (common random numbers across moves)."""
    tally = evaluate(plugin, state, None, steady_rollouts(plugin, budget), derive(seed, 10))
    return _evaluation("omniscient", tally)


def judging_seed(seed: int, step: int) -> int:
    """The seed of step ``step``'s judgement (its own: a step is computed alone)."""
    return derive(seed, step, 20)


def analyse_step(plugin: GamePlugin, before: Any, move: Any, step: int, budget: int, seed: int) -> StepAnalysis:
    """Step ``step``: ``move`` played in ``before`` (the state the record reached). The shown evaluation's
    seeds do not depend on the step (common random numbers across moves); the judgement's do."""
    _, after = decide_and_evolve(plugin.rules, before, move)
    omniscient = shown(plugin, after, budget, seed)
    seat = analysable(plugin).decider(before, move)
    if seat is None:
        return StepAnalysis(step=step, seat=None, mover=None, omniscient=omniscient)
    judgement, played = judge(plugin, before, move, seat, budget, judging_seed(seed, step))
    return StepAnalysis(
        step=step, seat=seat, mover=_evaluation(f"seat:{seat}", played), omniscient=omniscient, judgement=judgement
    )


def steps(
    plugin: GamePlugin, opening: Sequence[Any], moves: Sequence[Any], budget: int, seed: int, start: int = 0
) -> Iterator[StepAnalysis]:
    """Each step's analysis from ``start`` on (``start`` = how many a previous run finished)."""
    rules = plugin.rules
    state = rules.fold(opening)
    for step, move in enumerate(moves):
        if step >= start:
            yield analyse_step(plugin, state, move, step, budget, seed)
        _, state = decide_and_evolve(rules, state, move)


def assemble(
    plugin: GamePlugin, opening: Sequence[Any], analysed: Sequence[StepAnalysis], budget: int, seed: int
) -> GameAnalysis:
    """The analysis of a game from its steps' (all of them, in order)."""
    state = plugin.rules.fold(opening)
    players = list(plugin.rules.players(state))
    return GameAnalysis(
        kind=plugin.kind,
        rules_version=getattr(state, "rules_version", ""),
        analysis_version=ANALYSIS_VERSION,
        budget=budget,
        seed=seed,
        policy=analysable(plugin).policy,
        players=players,
        evaluation=evaluation_words(plugin, budget),
        steady=steady_rollouts(plugin, budget),
        steps=list(analysed),
        accuracy=accuracies(players, [s.judgement for s in analysed if s.judgement is not None]),
    )


def judged_accuracies(
    plugin: GamePlugin, opening: Sequence[Any], moves: Sequence[Any], budget: int, seed: int
) -> list[PlayerAccuracy]:
    """The players' accuracies ``analyse`` gives (the same judgements, the same seeds) without the shown
    evaluation, which they do not read: for the bench's judging, at a third of an analysis's cost."""
    rules, part = plugin.rules, analysable(plugin)
    state = rules.fold(opening)
    players = list(rules.players(state))
    found: list[Judgement] = []
    for step, move in enumerate(moves):
        seat = part.decider(state, move)
        if seat is not None:
            judgement, _ = judge(plugin, state, move, seat, budget, judging_seed(seed, step))
            if judgement is not None:
                found.append(judgement)
        _, state = decide_and_evolve(rules, state, move)
    return accuracies(players, found)


def analyse(
    plugin: GamePlugin,
    opening: Sequence[Any],
    moves: Sequence[Any],
    budget: int = DEFAULT_BUDGET,
    seed: int = DEFAULT_SEED,
) -> GameAnalysis:
    """The whole game: ``opening`` (the events before the first move) then ``moves``, as recorded."""
    return assemble(plugin, opening, list(steps(plugin, opening, moves, budget, seed)), budget, seed)
