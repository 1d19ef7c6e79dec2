"""Moves built decision by decision: the next small decision of a move, in the table's words.

A kind describes each move it would accept as a path of :class:`Step`\\ s (which card, which cards to
discard, which wheel and which way...). :func:`next_decision` walks the decisions a client made so far
(each the ``id`` of an option offered before) along the paths of every move still possible and answers
the next decision (its options merged over those moves) or the finished move. A decision with more
than :data:`MAX_SHOWN` options offers a narrowing first, from the groups each option carries (an
animal, then a value, then a deck); the groups chosen are decisions like the others. The moves come from
the kind's enumeration, so every finished move is one the engine lists, and every listed move can be
built; a step with ``picks`` takes several of its options one at a time, in any order (discards, colony
spaces) or in the order named (cards drawn), and a kind's ``finish`` puts them in the move.

Pure: no state, no I/O; the kinds (``domain/<kind>/building.py``) hold the words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec

#: the most options a decision shows without a narrowing first (a phone screen)
MAX_SHOWN: Final = 12
#: the option a decision offers when some moves are complete and others go on
DONE: Final = "done"


class DecisionOption(msgspec.Struct, frozen=True, kw_only=True):
    """One answer to a decision: a stable ``id`` (sent back in ``made``) and its ``label``."""

    id: str
    label: str


class Choice(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """An option of a step with the groups it narrows by (outermost first: family, then card)."""

    id: str
    label: str
    groups: tuple[DecisionOption, ...] = ()


class Step(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One decision of a move's path. ``options``: what this move accepts there (one, for a plain
    decision); ``picks`` of them are chosen, one decision each. ``auto``: taken without asking when it
    is the only option (who moves, when one player may). ``stop``: the label of "no more" when this
    move goes on and another one is complete."""

    key: str
    prompt: str
    seat: int | None = None
    options: tuple[Choice, ...]
    picks: int = 1
    auto: bool = False
    stop: str = "No more"


class Candidate(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A move the engine lists and its path; ``finish`` rebuilds it from the options picked at each step
    (a step whose options are not the move's own: cards drawn, a card nobody has seen)."""

    move: Any
    steps: tuple[Step, ...]
    finish: Callable[[list[tuple[str, ...]]], Any] | None = None


class Decision(msgspec.Struct, kw_only=True):
    """The next decision: ``prompt`` for ``seat`` (null: the table's), its ``options``. ``narrowing``:
    the options are groups of the ``count`` options behind them (pick one, then the decision again)."""

    key: str
    prompt: str
    seat: int | None
    options: list[DecisionOption]
    narrowing: bool = False
    count: int = 0


class MadeDecision(msgspec.Struct, kw_only=True):
    """A decision made, as the table says it (the builder's own ones too: ``auto``)."""

    id: str
    label: str
    prompt: str
    auto: bool = False


class Built(msgspec.Struct, kw_only=True):
    """The answer: ``move`` (the finished move, ready for ``decide``) or the ``next`` decision; ``made``:
    the path so far in words."""

    made: list[MadeDecision]
    next: Decision | None = None
    move: Any = None


class Refused(Exception):
    """A decision that was not offered (``unknown_decision``) or nothing to decide (``no_decision``)."""

    def __init__(self, code: str, detail: str, at: int) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail
        self.at = at


class _Cursor:
    __slots__ = ("candidate", "done", "index", "picked")

    def __init__(self, candidate: Candidate) -> None:
        self.candidate = candidate
        self.index = 0
        self.picked: tuple[str, ...] = ()
        self.done: list[tuple[str, ...]] = []

    @property
    def step(self) -> Step | None:
        steps = self.candidate.steps
        return steps[self.index] if self.index < len(steps) else None

    def offered(self) -> list[Choice]:
        step = self.step
        if step is None:
            return []
        return [c for c in step.options if c.id not in self.picked]

    def take(self, value: str) -> bool:
        step = self.step
        if step is None:
            return value == DONE
        if value in self.picked or all(c.id != value for c in step.options):
            return False
        self.picked += (value,)
        if len(self.picked) >= step.picks:
            self.done.append(self.picked)
            self.index += 1
            self.picked = ()
        return True

    def move(self) -> Any:
        finish = self.candidate.finish
        return self.candidate.move if finish is None else finish(self.done)


def next_decision(candidates: Sequence[Candidate], made: Sequence[str]) -> Built:
    """The decision after ``made`` (or the finished move) over ``candidates``' paths; raises
    :class:`Refused` on a decision not offered at its place."""
    alive = [_Cursor(c) for c in candidates]
    if not alive:
        raise Refused("no_decision", "nothing to decide: no move is possible now", 0)
    trail: list[MadeDecision] = []
    at = 0
    while True:
        if all(c.step is None for c in alive):
            return Built(made=trail, move=alive[0].move())
        step, shown = _merged(alive)
        level = 0
        value, auto = "", False
        while not value and len(shown) > MAX_SHOWN and (narrow := _narrowing(shown, level)):
            if at == len(made):
                return Built(made=trail, next=_asked(step, narrow, narrowing=True, count=len(shown)))
            chosen = made[at]
            label = next((o.label for o in narrow if o.id == chosen), None)
            if label is None:
                raise Refused("unknown_decision", f"decision {at + 1} ({chosen!r}) was not offered there", at)
            at += 1
            if any(c.id == chosen and len(c.groups) <= level for c in shown):
                value = chosen  # an option of its own among the groups ("no more")
                break
            trail.append(MadeDecision(id=chosen, label=label, prompt=step.prompt))
            shown = [c for c in shown if len(c.groups) > level and c.groups[level].id == chosen]
            level += 1
        if value:
            pass
        elif len(shown) == 1 and step.auto and shown[0].id != DONE:
            value, auto = shown[0].id, True
        elif at == len(made):
            return Built(made=trail, next=_asked(step, [DecisionOption(id=c.id, label=c.label) for c in shown]))
        else:
            value = made[at]
            at += 1
        label = next((c.label for c in shown if c.id == value), None)
        if label is None:
            raise Refused("unknown_decision", f"decision {at} ({value!r}) was not offered there", at - 1)
        trail.append(MadeDecision(id=value, label=label, prompt=step.prompt, auto=auto))
        alive = [c for c in alive if c.take(value)]


def _merged(alive: list[_Cursor]) -> tuple[Step, list[Choice]]:
    """The decision the moves still possible ask now: the first one's step (one asked rather than taken
    alone, when there is one), the options of all (in the order first offered), and "no more" when
    some are complete while others go on."""
    step: Step | None = None
    shown: dict[str, Choice] = {}
    complete = False
    for cursor in alive:
        if cursor.step is None:
            complete = True
            continue
        if step is None or (step.auto and not cursor.step.auto):
            step = cursor.step  # a real question rather than the end of a shorter move ("no more")
        for choice in cursor.offered():
            shown.setdefault(choice.id, choice)
    assert step is not None  # some cursor goes on: the caller checked
    listed = list(shown.values())
    if complete:
        listed.append(Choice(id=DONE, label=step.stop))
    return step, listed


def _narrowing(shown: list[Choice], level: int) -> list[DecisionOption]:
    """The groups at ``level`` of the options shown, when they narrow them (two groups or more)."""
    groups: dict[str, DecisionOption] = {}
    alone: list[DecisionOption] = []  # an option with no group there ("no more") is offered beside the groups
    for choice in shown:
        if len(choice.groups) > level:
            groups.setdefault(choice.groups[level].id, choice.groups[level])
        else:
            alone.append(DecisionOption(id=choice.id, label=choice.label))
    return [*groups.values(), *alone] if len(groups) > 1 else []


def _asked(step: Step, options: list[DecisionOption], *, narrowing: bool = False, count: int = 0) -> Decision:
    return Decision(
        key=step.key,
        prompt=step.prompt,
        seat=step.seat,
        options=options,
        narrowing=narrowing,
        count=count or len(options),
    )


def walk(candidates: Sequence[Candidate], choose: Callable[[Decision], str], limit: int = 200) -> Built:
    """A move built by answering each decision with ``choose`` (tests, simulators)."""
    made: list[str] = []
    for _ in range(limit):
        built = next_decision(candidates, made)
        if built.next is None:
            return built
        made.append(choose(built.next))
    raise Refused("too_many_decisions", f"no move after {limit} decisions", limit)


MoveBuilder = Callable[[Any, Sequence[str]], Sequence[Candidate]]
"""A kind's move builder: ``(state, players' names) -> candidates``, every move it lists with its path."""
