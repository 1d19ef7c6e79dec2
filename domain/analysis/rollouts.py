"""Rollouts from determinizations: the estimates every evaluation and judgement is made of.

A rollout plays a complete state to the end with the kind's rollout policy and reads the final results:
each seat's total and its share of the win (a win shared by ``k`` seats tied first counts ``1/k`` to each
of them, so the seats' win chances always sum to 1). ``N`` rollouts (the budget) each start from their own
determinization; the numbers come from seeds derived from the analysis seed and the step, never from
the state, so two states a seat cannot tell apart get the same random numbers (information fairness).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.chance import SplitMix64
from domain.errors import RuleViolation
from domain.game import decide_and_evolve
from domain.registry import GamePlugin

from .contract import Analysable

# A rollout longer than this is a policy that does not finish the game: a bug, said loudly.
MAX_ROLLOUT_MOVES = 20_000


def derive(seed: int, *parts: int) -> int:
    """A 64-bit seed from ``seed`` and ``parts`` (step, rollout, purpose): independent streams."""
    value = SplitMix64(seed).next_u64()
    for part in parts:
        value = SplitMix64(value ^ (part & ((1 << 64) - 1))).next_u64()
    return value


def analysable(plugin: GamePlugin) -> Analysable:
    if plugin.analysis is None:
        raise ValueError(f"game kind {plugin.kind!r} offers no analysis")
    return plugin.analysis


def step(plugin: GamePlugin, state: Any, rng: SplitMix64) -> Any:
    """The state after the rollout policy's move in ``state`` (the kind's ``rollout_step`` when it has one)."""
    policy = analysable(plugin)
    if policy.rollout_step is not None:
        return policy.rollout_step(state, rng)
    return decide_and_evolve(plugin.rules, state, policy.rollout_move(state, rng))[1]


def play_out(plugin: GamePlugin, state: Any, rng: SplitMix64) -> Any:
    """``state`` (complete) played to the end by the kind's rollout policy."""
    rules = plugin.rules
    for _ in range(MAX_ROLLOUT_MOVES):
        if rules.is_finished(state):
            return state
        state = step(plugin, state, rng)
    raise RuntimeError(f"a {plugin.kind} rollout did not finish in {MAX_ROLLOUT_MOVES} moves")


def outcome(plugin: GamePlugin, final: Any) -> tuple[list[float], list[float]]:
    """Per seat: its share of the win (``1/k`` for ``k`` seats tied first) and its final total."""
    results = sorted(plugin.rules.results(final), key=lambda r: r.seat)
    first = [r for r in results if r.rank == 1]
    wins = [1.0 / len(first) if r.rank == 1 else 0.0 for r in results]
    return wins, [float(r.total) for r in results]


def finish(plugin: GamePlugin, world: Any, key: int) -> tuple[list[float], list[float]]:
    """``world`` (complete) played to its end by the rollout policy: each seat's win share and total. The
    kind's fast play-out when it has one (its randomness keyed by the decision from ``key``), else the
    engine's moves one by one (its randomness drawn from ``SplitMix64(key)``)."""
    policy = analysable(plugin)
    if policy.playout is not None:
        done = policy.playout(world, key)
        if done is not None:
            return done
    if policy.stage is not None:
        return outcome(plugin, play_out_keyed(plugin, world, key))
    return outcome(plugin, play_out(plugin, world, SplitMix64(key)))


def play_out_keyed(plugin: GamePlugin, state: Any, key: int) -> Any:
    """``state`` played to the end by the rollout policy, each decision drawing from a generator of its own
    seeded by ``key``, the kind's ``stage`` of the state and how many decisions of this play-out were at
    that stage before (so no two decisions of one play-out share a stream: the policy is the same): two
    play-outs of one key from states a move apart draw the same numbers at the same decisions (common
    random numbers across consecutive moves, as a kind's keyed fast play-out)."""
    rules, policy = plugin.rules, analysable(plugin)
    stage = policy.stage
    assert stage is not None
    seen: dict[int, int] = {}
    for _ in range(MAX_ROLLOUT_MOVES):
        if rules.is_finished(state):
            return state
        at = stage(state)
        count = seen.get(at, 0)
        seen[at] = count + 1
        state = step(plugin, state, SplitMix64(derive(key, at, count)))
    raise RuntimeError(f"a {plugin.kind} rollout did not finish in {MAX_ROLLOUT_MOVES} moves")


@dataclass
class Tally:
    """Sums over rollouts of each seat's win share, total and squared total (divided by ``count`` when
    read), and of each seat's squared win share (the estimate's own uncertainty)."""

    wins: list[float]
    scores: list[float]
    count: int = 0
    squares: list[float] = field(default_factory=list)
    win_squares: list[float] = field(default_factory=list)

    @classmethod
    def of(cls, seats: int) -> Tally:
        return cls([0.0] * seats, [0.0] * seats, 0, [0.0] * seats, [0.0] * seats)

    def add(self, wins: Sequence[float], scores: Sequence[float]) -> None:
        for seat, (w, s) in enumerate(zip(wins, scores, strict=True)):
            self.wins[seat] += w
            self.scores[seat] += s
            self.squares[seat] += s * s
            self.win_squares[seat] += w * w
        self.count += 1

    def win(self, seat: int) -> float:
        return self.wins[seat] / self.count if self.count else 0.0

    def win_error(self, seat: int) -> float:
        """The standard error of ``win(seat)``: how far it may be from the policy's own win chance."""
        n = self.count
        if n < 2:
            return 0.5
        mean = self.wins[seat] / n
        variance = max(0.0, self.win_squares[seat] / n - mean * mean) * n / (n - 1)
        return math.sqrt(variance / n)

    def score(self, seat: int) -> float:
        return self.scores[seat] / self.count if self.count else 0.0


def spread(seat: int, *tallies: Tally) -> float:
    """The standard deviation of ``seat``'s final total over all the rollouts of ``tallies``."""
    n = sum(t.count for t in tallies)
    if not n:
        return 0.0
    mean = sum(t.scores[seat] for t in tallies) / n
    return math.sqrt(max(0.0, sum(t.squares[seat] for t in tallies) / n - mean * mean))


def evaluate(plugin: GamePlugin, state: Any, seat: int | None, budget: int, seed: int) -> Tally:
    """``budget`` rollouts of ``state`` as ``seat`` knows it (``None``: as the record knows it). Rollout
    ``i`` samples its world and plays it out from seeds of ``(seed, i)`` alone: the same ``seed`` for two
    states a move apart makes their estimates move together (common random numbers, with the kinds'
    keyed play-outs), so the line drawn from them is steady where the game is."""
    tally = Tally.of(len(plugin.rules.players(state)))
    policy = analysable(plugin)
    for i in range(budget):
        world = policy.settle(policy.determinize(state, seat, SplitMix64(derive(seed, i, 1))))
        tally.add(*finish(plugin, world, derive(seed, i, 2)))
    return tally


def compare(
    plugin: GamePlugin, state: Any, seat: int, candidates: Sequence[Any], budget: int, seed: int
) -> list[Tally | None]:
    """Each candidate move of ``seat`` in ``state`` rolled out ``budget`` times with common random
    numbers: rollout ``i`` of every candidate starts from the same determinization and plays on with
    the same seed. ``None`` for a candidate some determinization refuses (never the case for moves that
    depend only on what ``seat`` sees)."""
    rules, policy = plugin.rules, analysable(plugin)
    seats = len(rules.players(state))
    tallies: list[Tally | None] = [Tally.of(seats) for _ in candidates]
    for i in range(budget):
        world = policy.determinize(state, seat, SplitMix64(derive(seed, i, 1)))
        for c, move in enumerate(candidates):
            tally = tallies[c]
            if tally is None:
                continue
            try:
                sampled, played = policy.playable(state, world, move)
                after = sampled if played is None else decide_and_evolve(rules, sampled, played)[1]
            except RuleViolation:
                tallies[c] = None
                continue
            tally.add(*finish(plugin, policy.settle(after), derive(seed, i, 2)))
    return tallies
