"""Scoring (§8) with the Fox-A wild cards (§6).

A face-down (Fox A) card counts as the animal of the run directly above or below it. A block of
adjacent face-down cards sits between two face-up cards: each card of the block takes the animal
of the face-up card just below or just above the block. Only "lower part takes the animal below,
upper part the animal above" splits can help (anything else breaks a run), so a block of k cards has
k + 1 useful choices. The engine picks the best legal total unless the record declared one
(``FoxWildDeclared``); a declaration that is no longer legal (the neighbours changed) is ignored.
Ties between choices: the first in enumeration order (lowest split index, bottom block first).
Beyond ``Decisions.fox_wild_exact_limit`` combinations the engine improves block by block until
nothing improves (coordinate ascent) instead of enumerating everything. With
``Decisions.fox_wild_default="declared_only"`` only declared (still legal) choices count; an
undeclared face-down card counts as no animal.

Ranking (``Decisions.tie_break``) and the cost of cards left in hand (``Decisions.hand_cost_at_end``,
part of ``penalty``) are decisions too.

A totem not yet known (public mode) scores 0 and ``totem_animal`` is ``None``; a public-mode game
only emits ``GameFinished`` once every totem is revealed.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from msgspec.structs import replace

from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.events import SeatScore
from domain.arctic.state import UNKNOWN, GameState, PlayerState
from domain.game import PlayerResult

EXACT_LIMIT: Final[int] = DEFAULT.fox_wild_exact_limit  # arctic-1's value; read from Decisions
WILD: Final[int] = -1
NOTHING: Final[int] = -2  # a wild card with no face-up neighbour counts as no animal


def longest_runs(animals: Sequence[int]) -> list[int]:
    """Longest run length per animal (index 0..5) in a bottom-to-top sequence of animals."""
    best = [0] * 6
    prev, length = -9, 0
    for a in animals:
        if a == prev:
            length += 1
        else:
            prev, length = a, 1
        if 0 <= a < 6 and length > best[a]:
            best[a] = length
    return best


def runs_score(animals: Sequence[int]) -> tuple[dict[str, int], int, int]:
    """(animal -> S(longest run) for runs of 2+, runs total, diversity points)."""
    best = longest_runs(animals)
    per = {cat.ANIMALS[a]: cat.scale(n) for a, n in enumerate(best) if n >= 2}
    return per, sum(per.values()), cat.scale(len(per))


def _blocks(animals: list[int]) -> list[tuple[list[int], int, int]]:
    """Blocks of adjacent wild positions: (positions, animal below or NOTHING, animal above or NOTHING)."""
    out: list[tuple[list[int], int, int]] = []
    i, n = 0, len(animals)
    while i < n:
        if animals[i] != WILD:
            i += 1
            continue
        j = i
        while j < n and animals[j] == WILD:
            j += 1
        below = animals[i - 1] if i > 0 else NOTHING
        above = animals[j] if j < n else NOTHING
        out.append((list(range(i, j)), below, above))
        i = j
    return out


def _block_options(positions: list[int], below: int, above: int, declared: dict[int, int]) -> list[tuple[int, ...]]:
    k = len(positions)
    cands = [a for a in (below, above) if a != NOTHING]
    if not cands:
        return [(NOTHING,) * k]
    lo = below if below != NOTHING else above
    hi = above if above != NOTHING else below
    splits = [(lo,) * i + (hi,) * (k - i) for i in range(k, -1, -1)]
    if lo == hi:
        splits = splits[:1]
    wanted = {i: declared[pos] for i, pos in enumerate(positions) if declared.get(pos) in cands}
    if not wanted:
        return splits
    ok = [o for o in splits if all(o[i] == a for i, a in wanted.items())]
    if ok:
        return ok
    if k <= 12:
        full = [o for o in itertools.product(sorted(set(cands)), repeat=k) if all(o[i] == a for i, a in wanted.items())]
        if full:
            return full
    return splits


def _declared_only(animals: list[int], blocks: list[tuple[list[int], int, int]], declared: dict[int, int]) -> list[int]:
    """Each wild card counts as its declared animal when still a neighbour's, else as no animal."""
    out: list[int] = []
    for positions, below, above in blocks:
        for pos in positions:
            a = declared.get(pos, NOTHING)
            out.append(a if a != NOTHING and a in (below, above) else NOTHING)
    return out


def best_pile(player: PlayerState, decisions: Decisions = DEFAULT) -> tuple[list[int], list[int]]:
    """(the pile's animals bottom to top with wild cards resolved, the animal chosen per wild card)."""
    animals = [WILD if down else cat.MAIN[c] for c, down in zip(player.pile, player.pile_down, strict=True)]
    blocks = _blocks(animals)
    if not blocks:
        return animals, []
    declared = dict(player.wild)
    if decisions.fox_wild_default == dec.DECLARED_ONLY:
        wild_only = _declared_only(animals, blocks, declared)
        resolved_only = list(animals)
        for pos, a in zip((pos for positions, _, _ in blocks for pos in positions), wild_only, strict=True):
            resolved_only[pos] = a
        return resolved_only, wild_only
    options = [_block_options(pos, lo, hi, declared) for pos, lo, hi in blocks]

    def total(choice: Sequence[int]) -> int:
        seq = list(animals)
        for (positions, _, _), opt_i, opts in zip(blocks, choice, options, strict=True):
            for pos, a in zip(positions, opts[opt_i], strict=True):
                seq[pos] = a
        _, runs, diversity = runs_score(seq)
        return runs + diversity

    sizes = [len(o) for o in options]
    count = 1
    for size in sizes:
        count *= size
    if count <= decisions.fox_wild_exact_limit:
        best_choice: tuple[int, ...] = tuple(0 for _ in sizes)
        best_total = -1
        for choice in itertools.product(*(range(size) for size in sizes)):
            t = total(choice)
            if t > best_total:
                best_total, best_choice = t, choice
        chosen = list(best_choice)
    else:
        chosen = [0] * len(sizes)
        current = total(chosen)
        improved = True
        while improved:
            improved = False
            for b, size in enumerate(sizes):
                for o in range(size):
                    trial = [*chosen[:b], o, *chosen[b + 1 :]]
                    t = total(trial)
                    if t > current:
                        current, chosen, improved = t, trial, True
    resolved = list(animals)
    wild_animals: list[int] = []
    for (positions, _, _), opt_i, opts in zip(blocks, chosen, options, strict=True):
        for pos, a in zip(positions, opts[opt_i], strict=True):
            resolved[pos] = a
            wild_animals.append(a)
    return resolved, wild_animals


def seat_score(state: GameState, seat: int, rank: int = 0, decisions: Decisions = DEFAULT) -> SeatScore:
    p = state.players[seat]
    resolved, wild = best_pile(p, decisions)
    per, runs, diversity = runs_score(resolved)
    totem = cat.LANDSCAPE[state.tokens[p.totem]] if p.totem != UNKNOWN else 0
    penalty = -p.penalty_size - decisions.hand_cost_at_end * p.hand_size
    return SeatScore(
        seat=seat,
        player=state.names[seat],
        runs=per,
        runs_total=runs,
        diversity=diversity,
        totem_animal=cat.ANIMALS[p.totem] if p.totem != UNKNOWN else None,  # type: ignore[arg-type]
        totem=totem,
        penalty=penalty,
        total=runs + diversity + totem + penalty,
        rank=rank,
        fox_wild=[cat.ANIMALS[a] if a >= 0 else None for a in wild],  # type: ignore[misc]
    )


def rank_seats(totals: Sequence[int], start_seat: int, decisions: Decisions = DEFAULT) -> list[int]:
    """Rank per seat (1 = first): higher total first; ties by ``Decisions.tie_break`` (§8): the
    player closest to the start player in turn order (start player first), the furthest, or shared."""
    n = len(totals)
    if decisions.tie_break == dec.SHARED:
        return [1 + sum(1 for other in totals if other > t) for t in totals]
    sign = -1 if decisions.tie_break == dec.FURTHEST_FROM_START else 1
    order = sorted(range(n), key=lambda seat: (-totals[seat], sign * ((seat - start_seat) % n)))
    ranks = [0] * n
    for i, seat in enumerate(order):
        ranks[seat] = i + 1
    return ranks


def score(state: GameState, decisions: Decisions = DEFAULT) -> list[SeatScore]:
    """Every seat's score, in seat order, ranked: higher total first; tie: the player closest to
    the start player in turn order (start player first) wins (§8, ``Decisions.tie_break``)."""
    n = len(state.names)
    raw = [seat_score(state, seat, 0, decisions) for seat in range(n)]
    ranks = rank_seats([sc.total for sc in raw], state.start_seat, decisions)
    # The same scores with their ranks (each seat's best pile is searched once, not twice).
    return [replace(sc, rank=ranks[sc.seat]) for sc in raw]


def breakdown(seat_score: SeatScore) -> dict[str, int]:
    out = {
        "runs": seat_score.runs_total,
        "diversity": seat_score.diversity,
        "totem": seat_score.totem,
        "penalty": seat_score.penalty,
    }
    for animal in cat.ANIMALS:
        out[f"run:{animal}"] = seat_score.runs.get(animal, 0)
    return out


def _ranked(state: GameState, scores: list[SeatScore], breakdowns: dict[int, dict[str, int]]) -> list[PlayerResult]:
    scores = sorted(
        scores,
        key=lambda seat_score: (seat_score.rank, (seat_score.seat - state.start_seat) % max(1, len(state.names))),
    )
    return [
        PlayerResult(seat=sc.seat, player=sc.player, total=sc.total, breakdown=breakdowns[sc.seat], rank=sc.rank)
        for sc in scores
    ]


def results(state: GameState, decisions: Decisions = DEFAULT) -> list[PlayerResult]:
    scores = score(state, decisions)
    return _ranked(state, scores, {sc.seat: breakdown(sc) for sc in scores})


def public_results(state: GameState, decisions: Decisions = DEFAULT) -> list[PlayerResult]:
    """The results a caller without the owner's key may see: ``results`` once the game is finished;
    before, without the totem category (a seat's totem is its secret until the end, and its points,
    polled after each token move, would name it) and ranked on what is left."""
    if state.phase == st.FINISHED:
        return results(state, decisions)
    raw = [seat_score(state, seat, 0, decisions) for seat in range(len(state.names))]
    public = [replace(sc, totem_animal=None, totem=0, total=sc.total - sc.totem) for sc in raw]
    ranks = rank_seats([sc.total for sc in public], state.start_seat, decisions)
    ranked = [replace(sc, rank=ranks[sc.seat]) for sc in public]
    breakdowns = {sc.seat: {k: v for k, v in breakdown(sc).items() if k != "totem"} for sc in ranked}
    return _ranked(state, ranked, breakdowns)
