"""``legal_moves``: every move the engine accepts at a decision point, where the set is finite and
small enough to list; otherwise one listed move per documented family of equivalent moves, with its
count (see the README, "Legal moves").

Listed in full (seeded and table games): every space, wheel and direction; every action and decline of
each player who may move (every seat that still chooses, in any order); every Fauna card of the hand
with every set of discards; every top card; every Migration of 0-2 own circle tokens (each with every
set of tokens it may trade on ice tile #6); every Colony species and set of free spaces; every
collapse choice of 3 tokens; every endangered payment or destruction; every event save set with every
flee space; every revealed sub-region; every round card; every decision inside an effect's forms
(option, target, optional, token, extra action: one listed move per decision list, found by
:class:`forms.Explorer`, at most ``forms.MAX_TRACES`` per move). Effects granting migrations are listed
with the outcome left out (the printed effect, its migrations declined) and with each sequence of
1..N granted steps.

Represented (the rest of the family is accepted as well):
- table games: a move that draws names the lowest unseen cards; any ``k`` distinct unseen cards may
  be named instead (``P(unseen, k)`` moves);
- public games: a Fauna card nobody has seen is listed once per unseen card with one choice of
  discards among the unknown cards of the hand (``C(unknown, cost)`` choices each);
- ``record_majority``: all zero points (any non-negative points per seat are accepted);
- a map, connection or circle bonus printed with ``migrations`` (the old primitive, not a ``gain`` form):
  listed with them declined; each sequence of up to N own-token steps is accepted as well;
- two arrivals on one circle space both needing decisions within one effect's migrations are not listed.
Moves that differ only in spelling (discards in another order; an outcome written out equal to the
printed one) are listed once, in the canonical spelling (sorted discards, colony spaces and
collapse tokens)."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations, product
from typing import Any, TypeVar

from msgspec.structs import replace

from domain.errors import RuleViolation

from . import moves as mv
from .builder import Trace
from .edition import Edition
from .forms import MAX_TRACES, Explorer
from .move_space import Steps, move_space
from .queries import destination, live_tile
from .rules import resolve_move
from .state import GameState, Loc
from .violations import fail

T = TypeVar("T")


#: the most moves one position lists (and the most answers of its families of choices enumerated on the
#: way): past it the engine refuses to list them (``arctica.too_many_moves``) rather than answer a list no
#: table reads in a time no client waits (an edition stored before ``edition_bounds`` existed could make a
#: hand of 16 at cost 7 list 102,960 plays). A move is still recorded whole (``decide`` lists nothing).
MAX_LISTED = 20_000


class _Budget:
    """The answers one listing may enumerate, counted as they are made (pure: a count, not a clock)."""

    def __init__(self, most: int) -> None:
        self.left = most

    def spend(self, count: int = 1) -> None:
        self.left -= count
        if self.left < 0:
            fail(
                "arctica.too_many_moves",
                f"this position has more than {MAX_LISTED} moves to list: record the move itself",
            )


def legal_moves(edition: Edition, state: GameState) -> list[mv.Move]:
    if state.phase in ("setup", "finished"):
        return []
    budget = _Budget(MAX_LISTED)
    out: list[mv.Move] = []
    for move in move_space(edition, state, _Every(budget)):
        listed = expand(edition, state, move)
        budget.spend(len(listed))
        out += listed
    return out


def canonical(move: mv.Move, *, names_draws: bool = True) -> mv.Move:
    """The spelling ``legal_moves`` lists ``move`` in: discards, colony spaces and collapse tokens
    sorted (they are sets); without ``names_draws``, the cards named as drawn left out (the listed
    move of a table game names the lowest unseen ones: it stands for every choice of unseen cards)."""
    if isinstance(move, mv.PlayFauna):
        move = replace(move, discards=tuple(sorted(move.discards)))
    elif isinstance(move, mv.Colonize):
        move = replace(move, spaces=tuple(sorted(move.spaces)))
    elif isinstance(move, mv.ResolveCollapse):
        move = replace(move, tokens=tuple(sorted(move.tokens, key=_loc_key)))
    if not names_draws and getattr(move, "drawn", None) is not None:
        move = replace(move, drawn=None)
    return move


def expand(edition: Edition, state: GameState, move: mv.Move) -> list[mv.Move]:
    """``move`` with every list of decisions its effects accept (and, in a table game, named draws);
    nothing when ``decide`` refuses every one."""
    found: list[mv.Move] = []
    paths: list[tuple[int, ...]] = [()]
    explored = 0
    while paths and explored < MAX_TRACES:
        path = paths.pop()
        explored += 1
        explorer = Explorer(path)
        try:
            b = resolve_move(edition, state, move, explorer)
        except RuleViolation:
            b = None
        widths = explorer.widths
        padded = path + (0,) * (len(widths) - len(path))
        for j in range(len(widths) - 1, len(path) - 1, -1):
            paths += [(*padded[:j], alt) for alt in range(widths[j] - 1, 0, -1)]
        if b is None:
            continue
        listed = _place(move, b.traces)
        if listed is None:
            continue
        if b.name_draws and state.chance == "table" and b.drawn_all:
            listed = replace(listed, drawn=tuple(b.drawn_all))
        found.append(listed)
    return found


def _place(move: mv.Move, traces: list[Trace]) -> Any:
    """``move`` with the decisions the explorer made: in its ``outcomes``, or (a move without them: a
    Migration, a save) in the outcomes of the step or save whose arrival needed them. None when they
    have no place (a step's own outcome; two arrivals on one circle space in a move's ``outcomes``)."""
    listed: Any = move
    outcomes = dict(getattr(move, "outcomes", {}) or {})
    placed: set[str] = set()
    for key, outcome, chooser, holder in traces:
        if not chooser.trace:
            continue
        if key is None:
            return None
        decided = replace(outcome, choices=tuple(chooser.trace))
        if hasattr(move, "outcomes"):
            if key in placed:
                return None  # the move's first arrival there would take them
            placed.add(key)
            outcomes[key] = decided
            continue
        inner = replace(holder, outcomes={**holder.outcomes, key: decided})  # type: ignore[type-var,attr-defined]
        if isinstance(listed, mv.Migrate):
            listed = replace(listed, steps=tuple(inner if x is holder else x for x in listed.steps))
        elif isinstance(listed, mv.RotateAndMigrate):
            listed = replace(listed, step=inner)
        elif isinstance(listed, mv.ResolveEvent):
            listed = replace(listed, saves=tuple(inner if x is holder else x for x in listed.saves))
        else:  # pragma: no cover - every move with migrations or saves is above
            return None
    if outcomes:
        listed = replace(listed, outcomes=outcomes)
    return listed


def shapes(edition: Edition, state: GameState) -> list[Any]:
    """Every move of the current step without its effects' decisions (see the module docstring)."""
    return move_space(edition, state, _Every(_Budget(MAX_LISTED)))


class _Every:
    """Every answer of each family of choices, in the canonical spelling (sorted discards, colony
    spaces and collapse tokens), each counted against the listing's ``budget``."""

    def __init__(self, budget: _Budget) -> None:
        self.budget = budget

    def _counted(self, answers: Iterable[T]) -> list[T]:
        out: list[T] = []
        for answer in answers:
            self.budget.spend()
            out.append(answer)
        return out

    def hand(self, known: list[int]) -> list[int]:
        return sorted(known)

    def discards(self, rest: list[int], others: list[int], cost: int, spare: int) -> list[tuple[int, ...]]:
        choices = (
            tuple(sorted(part + tuple(others[: cost - k])))
            for k in range(max(0, cost - spare), min(cost, len(rest)) + 1)
            for part in combinations(rest, k)
        )
        return list(dict.fromkeys(self._counted(choices)))

    def steps(self, edition: Edition, state: GameState, seat: int, most: int) -> list[Steps]:
        return step_sequences(edition, state, seat, most, self.budget)

    def granted(self, edition: Edition, state: GameState, seat: int, most: int) -> list[Steps]:
        return step_sequences(edition, state, seat, most, self.budget)

    def spaces(self, free: list[int], most: int) -> list[tuple[int, ...]]:
        return self._counted(spaces for k in range(1, most + 1) for spaces in combinations(free, k))

    def tokens(self, locs: list[Loc], count: int) -> list[tuple[Loc, ...]]:
        return self._counted(combinations(sorted(locs, key=_loc_key), count))

    def subregions(self, regions: int) -> list[tuple[int, ...]]:
        return self._counted(product(range(3), repeat=regions))

    def saves(self, flee: list[tuple[int, tuple[int, ...]]], trade: bool) -> list[tuple[mv.Save, ...]]:
        trades = (False, True) if trade else (False,)
        out: list[tuple[mv.Save, ...]] = []
        for k in range(len(flee) + 1):
            for saved in combinations(flee, k):
                per_token = [[mv.Save(space=i, dest=d, trade=t) for d in dests for t in trades] for i, dests in saved]
                out += self._counted(product(*per_token))
        return out

    def declines(self, seat: int, offered: list[str]) -> list[mv.Skip]:
        # declining everything, or one offered action (the seat may still take another)
        return [mv.Skip(seat=seat), *(mv.Skip(seat=seat, action=a) for a in offered)]  # type: ignore[arg-type]


def _loc_key(loc: Loc) -> tuple[str, int]:
    return (loc.zone, loc.index)


def step_sequences(
    edition: Edition, state: GameState, seat: int, most: int, budget: _Budget | None = None
) -> list[tuple[mv.MigrationStep, ...]]:
    """Every sequence of 0..``most`` migrations of ``seat``'s circle tokens (each with every set of own
    tokens it could trade on ice tile #6), following where each step leaves its token (each counted
    against ``budget``)."""
    own = sorted((i, t.family) for i, sp in enumerate(state.circle) for t in sp if t.seat == seat)
    found: list[tuple[mv.MigrationStep, ...]] = [()]

    def walk(tokens: list[tuple[int, str]], done: tuple[mv.MigrationStep, ...]) -> None:
        if len(done) >= most:
            return
        for space, fam in dict.fromkeys(tokens):
            dst = destination(edition, state, space, fam)
            moved = _moved(tokens, (space, fam), dst)
            options: list[tuple[str, ...]] = [()]
            if live_tile(edition, state, dst) == 6:
                there = sorted(f for sp, f in moved if sp == dst)
                options += sorted({c for r in range(1, len(there) + 1) for c in combinations(there, r)})
            for trade in options:
                step = mv.MigrationStep(space=space, family=fam, trade=trade)  # type: ignore[arg-type]
                left = list(moved)
                for f in trade:
                    left.remove((dst, f))
                if budget is not None:
                    budget.spend()
                found.append((*done, step))
                walk(left, (*done, step))

    walk(own, ())
    return found


def _moved(tokens: list[tuple[int, str]], token: tuple[int, str], dst: int) -> list[tuple[int, str]]:
    out = list(tokens)
    out.remove(token)
    return sorted([*out, (dst, token[1])])
