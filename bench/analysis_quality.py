"""The shown evaluation measured against independent references (#44): noise, steadiness, calibration, cost;
and the judgements' separation of strong from weak play.

``python -m bench.analysis_quality [--games KIND=N ...] [--states N] [--reference N] [--judging N]`` runs it
alone (without ``--games``, the issue's size: 200 games of the first registered kind, 100 of each other;
``--judging 60`` for the judging; ``--first``, ``--dump`` and ``--merge`` run it in pieces); bench item 14
runs a small version of it (``bench/items/analysis_quality.py``).

For each simulated 3-player game (seeds from ``SEED_BASE`` on: never a game the analysis was tuned on):

- the **shown line**: the analysis's own evaluation (``domain.analysis.game.shown``) after every move, at
  the default budget, timed in CPU seconds of this process;
- **references**: at ``states`` moves spread over the game, ``reference`` independent rollouts of the same
  state under the same policy, from seeds of their own (``domain.analysis.rollouts.finish``: a kind's
  fast play-out, checked move for move against the engine by its tests, else the engine), cached on disk
  (``BANQUISE_ANALYSIS_CACHE``, default ``~/.cache/banquise/analysis-bench``: the references of a game do
  not change).

Figures, over every (state, seat): **noise** = the root mean square of shown minus reference, corrected
for the reference's own sampling variance (``sqrt(max(0, mean (s-r)^2 - mean var(r)/n))``); **steadiness**
= the mean absolute change of the shown win chance from one move to the next, per seat; **calibration** =
the Brier score of the shown chances against the game's real outcome (win share) minus the reference's on
the same states, and the shown chances' expected calibration error (10 equal bins); **cost** = CPU seconds
of the shown line per game.

Judging (``--judging N`` games per set-up and kind), two set-ups of 3 seats (the policies rotating over the
seats from game to game): **strong**, one seat looking a move ahead (each legal move rolled out 8 times from
its own information, ``domain.analysis.rollouts.compare``; the best expected score) against two seats playing
at random; the **ladder**, that lookahead, greedy on the provisional score, and random. Each player's
accuracy is the analysis's at the default budget (``domain.analysis.game.judged_accuracies``: the same
judgements, without the shown line they do not read). Reported: in how many strong games the lookahead seat
has the highest accuracy, and in how many ladder games the three accuracies are in the order of the
policies' strength.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from domain.analysis.game import DEFAULT_BUDGET, DEFAULT_SEED, judged_accuracies, shown
from domain.analysis.rollouts import analysable, compare, derive, finish, outcome, play_out
from domain.chance import SplitMix64
from domain.game import decide_and_evolve
from domain.kinds import game as plugin_of
from domain.kinds import registered_games
from domain.registry import GamePlugin

SEED_BASE = 1_000_000
PLAYERS = 3
LADDER = ("lookahead", "greedy", "random")


def full_size(first: int = 200, others: int = 100) -> dict[str, str]:
    """The issue's size: ``first`` games of the first registered kind, ``others`` of each other kind that
    offers analysis (200 Arctic and 100 Arctica games)."""
    kinds = [p.kind for p in registered_games() if p.analysis is not None]
    return {kind: str(first if i == 0 else others) for i, kind in enumerate(kinds)}


def cache_dir() -> Path:
    return Path(os.environ.get("BANQUISE_ANALYSIS_CACHE", Path.home() / ".cache" / "banquise" / "analysis-bench"))


class Reference(msgspec.Struct):
    n: int
    wins: list[float]  # per seat: mean win share
    squares: list[float]  # per seat: mean squared win share


@dataclass
class Quality:
    """The figures of one kind's games."""

    kind: str
    games: int = 0
    states: int = 0
    squared: list[float] = field(default_factory=list)  # (shown - reference)^2 per (state, seat)
    ref_variance: list[float] = field(default_factory=list)  # the reference's own variance of its mean
    changes: list[float] = field(default_factory=list)  # |shown(k+1) - shown(k)| per seat
    brier_shown: list[float] = field(default_factory=list)
    brier_reference: list[float] = field(default_factory=list)
    pairs: list[tuple[float, float]] = field(default_factory=list)  # (shown, outcome) for the ECE
    reference_pairs: list[tuple[float, float]] = field(default_factory=list)  # (reference, outcome)
    seconds: list[float] = field(default_factory=list)  # CPU seconds of the shown line per game
    moves: list[int] = field(default_factory=list)
    # the same figures for the former line (analysis-2's: 16 rollouts per move by the engine, seeds per step)
    former_squared: list[float] = field(default_factory=list)
    former_changes: list[float] = field(default_factory=list)
    former_pairs: list[tuple[float, float]] = field(default_factory=list)
    former_seconds: list[float] = field(default_factory=list)

    @property
    def noise(self) -> float:
        if not self.squared:
            return math.nan
        return math.sqrt(max(0.0, _mean(self.squared) - _mean(self.ref_variance)))

    @property
    def steadiness(self) -> float:
        return _mean(self.changes)

    @property
    def former_noise(self) -> float:
        if not self.former_squared:
            return math.nan
        return math.sqrt(max(0.0, _mean(self.former_squared) - _mean(self.ref_variance)))

    @property
    def brier_gap(self) -> float:
        return _mean(self.brier_shown) - _mean(self.brier_reference)

    @property
    def ece(self) -> float:
        return calibration_error(self.pairs)

    @property
    def ece_to_value(self) -> float:
        """The shown chances' calibration error against the 512-rollout references (the policy's value, up
        to their own noise) instead of the outcomes: without the outcomes' sampling."""
        return calibration_error([(p, r) for (p, _), (r, _) in zip(self.pairs, self.reference_pairs, strict=True)])


def calibration_error(pairs: Sequence[tuple[float, float]]) -> float:
    """The expected calibration error of (chance, outcome) pairs over 10 equal bins of the chance."""
    bins: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    for p, y in pairs:
        bins[min(9, int(p * 10))].append((p, y))
    total = len(pairs) or 1
    return sum(len(b) / total * abs(_mean([p for p, _ in b]) - _mean([y for _, y in b])) for b in bins if b)


FORMER_ROLLOUTS = 16


def former(plugin: GamePlugin, state: Any, step: int) -> list[float]:
    """analysis-2's shown win chances of ``state``: 16 rollouts by the engine, seeds of the step."""
    policy = analysable(plugin)
    seed = derive(DEFAULT_SEED, step, 10)
    wins = [0.0] * len(plugin.rules.players(state))
    for i in range(FORMER_ROLLOUTS):
        world = policy.settle(policy.determinize(state, None, SplitMix64(derive(seed, i, 1))))
        share, _ = outcome(plugin, play_out(plugin, world, SplitMix64(derive(seed, i, 2))))
        for s, w in enumerate(share):
            wins[s] += w / FORMER_ROLLOUTS
    return wins


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else math.nan


def simulated(plugin: GamePlugin, seed: int) -> tuple[list[Any], list[Any]]:
    """A simulated game's opening events and moves (the kind's first simulation mode)."""
    sim = next(iter(plugin.simulations.values()))(PLAYERS, seed)
    opening = list(plugin.rules.start(sim.setup))
    return opening, list(sim.moves)


def reference(plugin: GamePlugin, state: Any, n: int, seed: int) -> Reference:
    """``n`` independent rollouts of ``state`` as the record knows it (seeds of their own)."""
    policy = analysable(plugin)
    seats = len(plugin.rules.players(state))
    wins, squares = [0.0] * seats, [0.0] * seats
    for i in range(n):
        world = policy.settle(policy.determinize(state, None, SplitMix64(derive(seed, i, 101))))
        share, _ = finish(plugin, world, derive(seed, i, 102))
        for s, w in enumerate(share):
            wins[s] += w
            squares[s] += w * w
    return Reference(n=n, wins=[w / n for w in wins], squares=[q / n for q in squares])


def cached_references(plugin: GamePlugin, seed: int, states: dict[int, Any], n: int) -> dict[int, Reference]:
    path = cache_dir() / f"{plugin.kind}-{PLAYERS}p-{seed}-{n}.json"
    found: dict[int, Reference] = {}
    if path.exists():
        found = msgspec.json.decode(path.read_bytes(), type=dict[int, Reference])
    missing = [k for k in states if k not in found]
    for k in missing:
        found[k] = reference(plugin, states[k], n, derive(seed, k, 7))
    if missing:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(msgspec.json.encode(found))
    return found


def measure_game(
    plugin: GamePlugin, seed: int, states: int, n: int, budget: int, quality: Quality, whole: bool = True
) -> None:
    """One game's figures; ``whole=False``: the shown line (and the former) at the reference states only —
    noise and calibration, not steadiness or cost, for a fraction of the time (the line's value at a state
    does not depend on the others: its seeds are the same at every move)."""
    rules = plugin.rules
    opening, moves = simulated(plugin, seed)
    state = rules.fold(opening)
    after: list[Any] = []
    for move in moves:
        _, state = decide_and_evolve(rules, state, move)
        after.append(state)
    last = len(moves) - 1  # the final state is exact: no reference needed
    picked = sorted({round(i * (last - 1) / max(1, states - 1)) for i in range(states)}) if last > 1 else []
    wanted = range(len(after)) if whole else picked
    t0 = time.process_time()
    line = {k: [o.win for o in shown(plugin, after[k], budget, DEFAULT_SEED).seats] for k in wanted}
    seconds = time.process_time() - t0
    t0 = time.process_time()
    old = {k: former(plugin, after[k], k) for k in wanted}
    if whole:
        quality.seconds.append(seconds)
        quality.moves.append(len(moves))
        quality.former_seconds.append(time.process_time() - t0)
        for k in range(1, len(line)):
            quality.changes.extend(abs(a - b) for a, b in zip(line[k], line[k - 1], strict=True))
            quality.former_changes.extend(abs(a - b) for a, b in zip(old[k], old[k - 1], strict=True))
    final, _ = outcome(plugin, state)
    refs = cached_references(plugin, seed, {k: after[k] for k in picked}, n)
    for k in picked:
        ref = refs[k]
        for s, p in enumerate(line[k]):
            r = ref.wins[s]
            quality.squared.append((p - r) ** 2)
            quality.ref_variance.append(max(0.0, ref.squares[s] - r * r) / max(1, ref.n - 1))
            quality.brier_shown.append((p - final[s]) ** 2)
            quality.brier_reference.append((r - final[s]) ** 2)
            quality.pairs.append((p, final[s]))
            quality.reference_pairs.append((r, final[s]))
            quality.former_squared.append((old[k][s] - r) ** 2)
            quality.former_pairs.append((old[k][s], final[s]))
        quality.states += 1
    quality.games += 1


def measure(
    kind: str,
    games: int,
    states: int,
    n: int,
    budget: int = DEFAULT_BUDGET,
    progress: bool = False,
    first: int = 0,
    whole: bool = True,
) -> Quality:
    plugin = plugin_of(kind)
    assert plugin is not None and plugin.analysis is not None
    quality = Quality(kind=kind)
    for g in range(first, first + games):
        measure_game(plugin, SEED_BASE + g, states, n, budget, quality, whole)
        if progress:
            print(f"  after game {g + 1}: {report(quality)}", file=sys.stderr, flush=True)
    return quality


# ------------------------------------------------------------------ judging: a ladder of policies
def _greedy(plugin: GamePlugin, state: Any, legal: list[Any], seat: int, rng: SplitMix64) -> Any:
    best: list[Any] = []
    top = -math.inf
    for move in legal:
        _, after = decide_and_evolve(plugin.rules, state, move)
        total = next(r.total for r in plugin.rules.results(after) if r.seat == seat)
        if total > top:
            best, top = [move], total
        elif total == top:
            best.append(move)
    return best[rng.below(len(best))]


def _lookahead(plugin: GamePlugin, state: Any, legal: list[Any], seat: int, rng: SplitMix64) -> Any:
    """Each legal move rolled out 8 times from the seat's own information; the best expected score."""
    tallies = compare(plugin, state, seat, legal, 8, rng.next_u64())
    scores = [t.score(seat) if t is not None else -math.inf for t in tallies]
    top = max(scores)
    best = [m for m, sc in zip(legal, scores, strict=True) if sc == top]
    return best[rng.below(len(best))]


# the two judging set-ups of the issue: one seat looking a move ahead against random seats, and the ladder
SETUPS: dict[str, tuple[str, ...]] = {"strong": ("lookahead", "random", "random"), "ladder": LADDER}
# each set-up's games: seeds of their own (never a game the analysis was tuned on), the policies' generator
SETUP_SEEDS = {"strong": (SEED_BASE + 600_000, 0x57B0), "ladder": (SEED_BASE + 500_000, 0x1ADDE5)}


def policy_game(plugin: GamePlugin, setup: str, g: int) -> tuple[list[Any], list[Any], list[str]]:
    """Game ``g`` of a judging set-up, its seats playing the set-up's policies (rotated from game to game):
    opening, moves, each seat's policy."""
    base, salt = SETUP_SEEDS[setup]
    seed = base + g
    sim = next(iter(plugin.simulations.values()))(PLAYERS, seed)
    opening = list(plugin.rules.start(sim.setup))
    order = SETUPS[setup]
    policies = [order[(s + seed) % len(order)] for s in range(PLAYERS)]
    policy = analysable(plugin)
    rules = plugin.rules
    state = rules.fold(opening)
    rng = SplitMix64(seed ^ salt)
    moves: list[Any] = []
    while not rules.is_finished(state):
        legal = rules.legal_moves(state)
        seat = policy.decider(state, legal[0]) if legal else None
        legal = [m for m in legal if policy.decider(state, m) == seat]
        if seat is None or len(legal) < 2:
            move = policy.rollout_move(state, rng)
        elif policies[seat] == "lookahead":
            move = _lookahead(plugin, state, legal, seat, rng)
        elif policies[seat] == "greedy":
            move = _greedy(plugin, state, legal, seat, rng)
        else:
            move = legal[rng.below(len(legal))]
        moves.append(move)
        _, state = decide_and_evolve(rules, state, move)
    return opening, moves, policies


@dataclass
class Judging:
    """Per judging set-up, each game's accuracies in the order of the set-up's policies (the strongest
    first: lookahead, then the others)."""

    kind: str
    strong: list[list[float]] = field(default_factory=list)  # lookahead, random, random
    ladder: list[list[float]] = field(default_factory=list)  # lookahead, greedy, random
    seconds: list[float] = field(default_factory=list)  # CPU seconds of the judgements per game

    @property
    def strongest_first(self) -> int:
        """Strong-against-random games where the lookahead seat has the table's highest accuracy."""
        return sum(a[0] > max(a[1:]) for a in self.strong)

    @property
    def in_order(self) -> int:
        """Ladder games where lookahead > greedy > random."""
        return sum(a[0] > a[1] > a[2] for a in self.ladder)


def judging(
    kind: str,
    games: int,
    budget: int = DEFAULT_BUDGET,
    progress: bool = False,
    first: int = 0,
    setups: Sequence[str] = tuple(SETUPS),
) -> Judging:
    """``games`` games of each judging set-up (from game ``first`` on), each player's accuracy as the
    analysis at ``budget`` gives it (``judged_accuracies``: the judgements alone)."""
    plugin = plugin_of(kind)
    assert plugin is not None
    out = Judging(kind=kind)
    for setup in setups:
        for g in range(first, first + games):
            opening, moves, policies = policy_game(plugin, setup, g)
            t0 = time.process_time()
            found = judged_accuracies(plugin, opening, moves, budget, DEFAULT_SEED)
            out.seconds.append(time.process_time() - t0)
            by_seat = {a.seat: (a.accuracy if a.accuracy is not None else -1.0) for a in found}
            # the policies' order, the strongest first; the random seats of a strong game in seat order
            seats = sorted(range(PLAYERS), key=lambda s: (SETUPS[setup].index(policies[s]), s))
            getattr(out, setup).append([by_seat[s] for s in seats])
            if progress:
                print(
                    f"  {setup} game {g}: {[policies[s] for s in seats]} {[by_seat[s] for s in seats]}",
                    file=sys.stderr,
                    flush=True,
                )
    return out


def judging_report(judged: Judging) -> str:
    lines = []
    if judged.strong:
        margin = _mean([a[0] - max(a[1:]) for a in judged.strong])
        lines.append(
            f"{judged.kind}: judging, one lookahead seat against random seats, {len(judged.strong)} games: "
            f"lookahead the most accurate in {judged.strongest_first} "
            f"({judged.strongest_first / len(judged.strong):.1%}; mean lead over the best random seat {margin:.1f})"
        )
    if judged.ladder:
        means = [_mean([a[i] for a in judged.ladder]) for i in range(3)]
        lines.append(
            f"{judged.kind}: judging, the ladder, {len(judged.ladder)} games: lookahead > greedy > random in "
            f"{judged.in_order} ({judged.in_order / len(judged.ladder):.1%}); lookahead the most accurate in "
            f"{sum(a[0] > max(a[1:]) for a in judged.ladder)}, random the least in "
            f"{sum(a[2] < min(a[:2]) for a in judged.ladder)}; mean accuracies " + " / ".join(f"{m:.1f}" for m in means)
        )
    lines.append(f"{judged.kind}: judging, {_mean(judged.seconds):.1f} s of one core per game's judgements")
    return "\n".join(lines)


def report(quality: Quality) -> str:
    return (
        f"{quality.kind}: {quality.games} games, {quality.states} states: noise {quality.noise:.4f}, "
        f"steadiness {quality.steadiness:.4f}, Brier shown-reference {quality.brier_gap:+.4f} "
        f"({_mean(quality.brier_shown):.4f} vs {_mean(quality.brier_reference):.4f}), ECE {quality.ece:.4f} "
        f"(the reference's {calibration_error(quality.reference_pairs):.4f}; against the references "
        f"{quality.ece_to_value:.4f}), {_mean(quality.seconds):.1f} s of one core per game "
        f"({_mean(quality.moves):.0f} moves); former line "
        f"(16 engine rollouts a move): noise {quality.former_noise:.4f}, "
        f"steadiness {_mean(quality.former_changes):.4f}, "
        f"ECE {calibration_error(quality.former_pairs):.4f}, {_mean(quality.former_seconds):.1f} s"
    )


def _merge(paths: Sequence[Path]) -> None:
    """Report the raw figures of earlier runs (``--dump``) pooled by kind."""
    merged: dict[str, Quality] = {}
    judged: dict[str, Judging] = {}
    for path in paths:
        if path.name.startswith("judging-"):
            jpart = msgspec.json.decode(path.read_bytes(), type=Judging)
            jwhole = judged.setdefault(jpart.kind, Judging(kind=jpart.kind))
            jwhole.strong.extend(jpart.strong)
            jwhole.ladder.extend(jpart.ladder)
            jwhole.seconds.extend(jpart.seconds)
            continue
        part = msgspec.json.decode(path.read_bytes(), type=Quality)
        whole = merged.setdefault(part.kind, Quality(kind=part.kind))
        for name in Quality.__dataclass_fields__:
            value = getattr(part, name)
            if isinstance(value, list):
                getattr(whole, name).extend(value)
            elif name in ("games", "states"):
                setattr(whole, name, getattr(whole, name) + value)
    for quality in merged.values():
        print(report(quality), flush=True)
    for judging_ in judged.values():
        print(judging_report(judging_), flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis_quality", description=__doc__)
    parser.add_argument("--games", action="append", default=[], metavar="KIND=N", help="games per kind")
    parser.add_argument("--states", type=int, default=8, help="reference states per game")
    parser.add_argument("--reference", type=int, default=512, help="rollouts per reference state")
    parser.add_argument("--judging", type=int, default=0, help="games per judging set-up and kind")
    parser.add_argument("--setup", action="append", choices=tuple(SETUPS), help="only these judging set-ups")
    parser.add_argument("--only-judging", action="store_true", help="the judging alone (no shown line)")
    parser.add_argument(
        "--at-references", action="store_true", help="the shown line at the reference states only (noise, calibration)"
    )
    parser.add_argument("--first", type=int, default=0, help="the first game (from seed 1,000,000 on)")
    parser.add_argument("--dump", type=Path, help="write each kind's raw figures there (KIND.json), to merge runs")
    parser.add_argument("--merge", type=Path, nargs="*", default=[], help="report the raw figures of earlier runs")
    args = parser.parse_args(argv)
    if args.merge:
        _merge(args.merge)
        return 0
    wanted = dict(g.split("=") for g in args.games) or full_size()
    for kind, count in wanted.items():
        if not args.only_judging:
            quality = measure(
                kind,
                int(count),
                args.states,
                args.reference,
                progress=True,
                first=args.first,
                whole=not args.at_references,
            )
            print(report(quality), flush=True)
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                (args.dump / f"{kind}-{args.first}.json").write_bytes(msgspec.json.encode(quality))
        if args.judging:
            setups = args.setup or tuple(SETUPS)
            judged = judging(kind, args.judging, progress=True, first=args.first, setups=setups)
            print(judging_report(judged), flush=True)
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                name = f"judging-{kind}-{'-'.join(setups)}-{args.first}.json"
                (args.dump / name).write_bytes(msgspec.json.encode(judged))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
