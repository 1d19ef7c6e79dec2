"""Moves built decision by decision: the next small decision of a move, in the table's words.

A kind describes each move it would accept as a path of :class:`Step`\\ s (which card, which cards to
discard, which wheel and which way...). :func:`next_decision` walks the decisions a client made so far
(each the ``id`` of an option offered before) along the paths of every move still possible and answers
the next decision (its options merged over those moves) or the finished move.

As few taps as the information needs:

- a decision with one option says nothing: it is taken without asking (``made`` shows it, ``auto``); a
  move whose every decision is such is confirmed by one tap (:data:`CONFIRM`), never made for the table;
- a step marked ``joins`` offers its options joined with the decision each leads to ("Siku · Fauna",
  "Wheel 5 · clockwise"), while they fit on one screen, the first options first (the likely ones: the
  next player in the table's order); a joined option's id is the two ids with :data:`SEP` between;
- a decision with more than :data:`MAX_SHOWN` options offers a narrowing first, from the groups each
  option carries (an animal, then a value, then a deck), and past the last group, runs of at most 12
  in alphabetical order ("Eider A19 to Puffin B4"); the groups chosen are decisions like the others;
- a move that is an optional note (a card shown, a wild card declared: ``Candidate.aside``) never
  stands in the way: the first decision of the move the table waits for offers one more option,
  :data:`NOTE`, that leads to the notes.

The moves come from the kind's enumeration, so every finished move is one the engine lists (or one of
its notes), and every listed move can be built; a step with ``picks`` takes several of its options one
at a time, in any order (discards, colony spaces) or in the order named (cards drawn), and a kind's
``finish`` puts them in the move.

Pure: no state, no I/O; the kinds (``domain/<kind>/decision_paths.py``) hold the words.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Final

import msgspec

from domain.game import Language

#: the most options a decision shows (a phone screen): more are narrowed first
MAX_SHOWN: Final = 12
#: the option a decision offers when some moves are complete and others go on
DONE: Final = "done"
#: the one option of a move every decision of which is forced: the table confirms it
CONFIRM: Final = "confirm"
#: the option leading to the kind's optional notes (``Candidate.aside``)
NOTE: Final = "note"
#: between the ids of a joined option ("seat-2/fauna"); no option id holds it
SEP: Final = "/"
#: between the labels of a joined option
JOIN: Final = " · "
_RUN = "run-"  # a run of options past the last group: "run-<first>-<last>" (indexes in the list shown)


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
    decision); ``picks`` of them are chosen, one decision each. ``auto``: a question of the service's
    own (who moves), never the one a forced move is confirmed by. ``stop``: the label of "no more" when
    this move goes on and another one is complete. ``joins``: its options may be offered joined with
    the decision each leads to; ``apart``: never joined to the decision before (the family of a card
    drawn says nothing after "Draw")."""

    key: str
    prompt: str
    seat: int | None = None
    options: tuple[Choice, ...]
    picks: int = 1
    auto: bool = False
    stop: str = "No more"
    joins: bool = False
    apart: bool = False


class Candidate(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A move the engine accepts and its path; ``finish`` rebuilds it from the options picked at each
    step (a step whose options are not the move's own: cards drawn, a card nobody has seen). ``seat``:
    whose move it is (None: the table's). ``aside``: an optional note, not what the table waits for:
    the label of the option leading to the notes."""

    move: Any
    steps: tuple[Step, ...]
    finish: Callable[[list[tuple[str, ...]]], Any] | None = None
    seat: int | None = None
    aside: str = ""


class Decision(msgspec.Struct, kw_only=True):
    """The next decision: ``prompt`` for ``seat`` (null: the table's, or several players'), its
    ``options``. ``narrowing``: the options are groups of the ``count`` options behind them (pick one,
    then the decision again). ``seats``: every player a move still possible here belongs to, in the
    order offered (empty: a decision of the table's) — whom the table waits for."""

    key: str
    prompt: str
    seat: int | None
    options: list[DecisionOption]
    narrowing: bool = False
    count: int = 0
    seats: list[int] = []


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

    def copy(self) -> _Cursor:
        twin = _Cursor(self.candidate)
        twin.index, twin.picked, twin.done = self.index, self.picked, list(self.done)
        return twin

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


class _Walk:
    """The moves still possible after the decisions read so far (``parts``: the ids sent, joined ones
    split; ``origin``: the index in ``made`` each part came from), and the path in words."""

    def __init__(self, alive: list[_Cursor], parts: list[str], origin: list[int], at: int = 0) -> None:
        self.alive = alive
        self.parts = parts
        self.origin = origin
        self.at = at
        self.trail: list[MadeDecision] = []
        self.read = 0  # parts read by this walk: none means every decision so far was forced
        self.forced: tuple[int, Step, Choice] | None = None  # the first forced decision (a confirmation)

    def waiting(self) -> bool:
        return self.at == len(self.parts)

    def refuse(self, value: str) -> Refused:
        at = self.origin[self.at] if self.at < len(self.origin) else len(self.origin)
        return Refused("unknown_decision", f"decision {at + 1} ({value!r}) was not offered there", at)

    def next_part(self) -> str:
        value = self.parts[self.at]
        self.at += 1
        self.read += 1
        return value

    def take(self, value: str, label: str, step: Step, *, auto: bool = False) -> None:
        self.trail.append(MadeDecision(id=value, label=label, prompt=step.prompt, auto=auto))
        self.alive = [c for c in self.alive if c.take(value)]

    def seats(self) -> list[int]:
        return list(dict.fromkeys(c.candidate.seat for c in self.alive if c.candidate.seat is not None))


def next_decision(candidates: Sequence[Candidate], made: Sequence[str]) -> Built:
    """The decision after ``made`` (or the finished move) over ``candidates``' paths; raises
    :class:`Refused` on a decision not offered at its place."""
    if not candidates:
        raise Refused("no_decision", "nothing to decide: no move is possible now", 0)
    parts: list[str] = []
    origin: list[int] = []
    for i, value in enumerate(made):
        for part in value.split(SEP):
            parts.append(part)
            origin.append(i)
    main = [c for c in candidates if not c.aside]
    notes = [c for c in candidates if c.aside]
    if main and notes and parts[:1] == [NOTE]:
        walk = _Walk([_Cursor(c) for c in notes], parts, origin, at=1)
        walk.trail.append(MadeDecision(id=NOTE, label=notes[0].aside, prompt=notes[0].aside))
        walk.read = 1
        return _run(walk)
    walk = _Walk([_Cursor(c) for c in (main or notes)], parts, origin)
    return _run(walk, note=notes[0].aside if main and notes else "")


def _run(walk: _Walk, *, note: str = "", join: bool = True) -> Built:
    """The walk on from where it is: each decision read from ``walk.parts`` until one is waited for."""
    while True:
        if all(c.step is None for c in walk.alive):
            return _finished(walk, note)
        step, shown = _merged(walk.alive)
        level = 0
        value = ""
        while len(shown) > MAX_SHOWN:
            narrow = _narrowing(shown, level)
            if walk.waiting():
                if not join and step.apart:
                    return Built(made=walk.trail)
                return _ask(walk, step, narrow, note, narrowing=True, count=len(shown))
            chosen = walk.next_part()
            label = next((o.label for o in narrow if o.id == chosen), None)
            if label is None:
                walk.at -= 1
                raise walk.refuse(chosen)
            if any(c.id == chosen and len(c.groups) <= level for c in shown) and not chosen.startswith(_RUN):
                value = chosen  # an option of its own among the groups ("no more")
                break
            walk.trail.append(MadeDecision(id=chosen, label=label, prompt=step.prompt))
            shown = _within(shown, level, chosen)
            level += 1
        auto = False
        if value:
            pass
        elif len(shown) == 1 and shown[0].id != DONE:
            value, auto = shown[0].id, True  # one option says nothing: taken without asking
            if walk.forced is None and not step.auto:
                walk.forced = (len(walk.trail), step, shown[0])
        elif walk.waiting():
            if not join and step.apart:
                return Built(made=walk.trail)  # a look ahead (``_joined``) that stops here
            options = [DecisionOption(id=c.id, label=c.label) for c in shown]
            if join and step.joins:
                options = _joined(walk, options, MAX_SHOWN - bool(note and walk.read == 0))
            return _ask(walk, step, options, note)
        else:
            value = walk.next_part()
        label = next((c.label for c in shown if c.id == value), None)
        if label is None:
            walk.at -= 1
            raise walk.refuse(value)
        walk.take(value, label, step, auto=auto)


def _finished(walk: _Walk, note: str) -> Built:
    """The move built; one every decision of which was forced is first confirmed by a tap."""
    if walk.read or walk.forced is None:
        return Built(made=walk.trail, move=walk.alive[0].move())
    if walk.waiting():
        at, step, choice = walk.forced
        walk.trail = walk.trail[:at]
        return _ask(walk, step, [DecisionOption(id=CONFIRM, label=choice.label)], note)
    value = walk.next_part()
    if value != CONFIRM:
        walk.at -= 1
        raise walk.refuse(value)
    at = walk.forced[0]
    walk.trail[at] = msgspec.structs.replace(walk.trail[at], auto=False)  # the decision the table confirmed
    return Built(made=walk.trail, move=walk.alive[0].move())


def _ask(
    walk: _Walk, step: Step, options: list[DecisionOption], note: str, *, narrowing: bool = False, count: int = 0
) -> Built:
    # the notes are offered at the first decision of the move only, as one option more (where it fits)
    if note and walk.read == 0 and len(options) < MAX_SHOWN:
        options = [*options, DecisionOption(id=NOTE, label=note)]
    decision = Decision(
        key=step.key,
        prompt=step.prompt,
        seat=step.seat,
        options=options,
        narrowing=narrowing,
        count=count or len(options),
        seats=walk.seats(),
    )
    return Built(made=walk.trail, next=decision)


def _joined(walk: _Walk, options: list[DecisionOption], room: int) -> list[DecisionOption]:
    """Each option joined with the decision it leads to, in order, while the whole list fits ``room``
    (an option that finishes the move, or whose next decision does not fit, stays as it is)."""
    out: list[list[DecisionOption]] = [[o] for o in options]
    total = len(options)
    for i, option in enumerate(options):
        if option.id in (DONE, NOTE):
            continue
        ahead = _Walk([twin for c in walk.alive if (twin := c.copy()).take(option.id)], [], [])
        ahead.read = 1  # the option itself is a decision made: what follows is never a confirmation
        after = _run(ahead, join=False).next
        if after is None or total - 1 + len(after.options) > room:
            continue
        total += len(after.options) - 1
        out[i] = [DecisionOption(id=option.id + SEP + o.id, label=option.label + JOIN + o.label) for o in after.options]
    return [o for group in out for o in group]


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
    """The groups at ``level`` of the options shown (two groups or more); else runs of the options in
    alphabetical order, at most :data:`MAX_SHOWN` of them and in each."""
    groups: dict[str, DecisionOption] = {}
    alone: list[DecisionOption] = []  # an option with no group there ("no more") is offered beside the groups
    for choice in shown:
        if len(choice.groups) > level:
            groups.setdefault(choice.groups[level].id, choice.groups[level])
        else:
            alone.append(DecisionOption(id=choice.id, label=choice.label))
    if len(groups) > 1:
        return [*groups.values(), *alone]
    return _runs(shown)


def _runs(shown: list[Choice]) -> list[DecisionOption]:
    """``shown`` in alphabetical order cut into runs of as even a size as fits (13 -> 7 and 6), each
    said by its first and last labels; its id the run's first and last indexes in that order."""
    order = _alphabetical(shown)
    count = min(-(-len(order) // MAX_SHOWN), MAX_SHOWN)
    size = -(-len(order) // count)
    out = []
    for first in range(0, len(order), size):
        last = min(first + size, len(order)) - 1
        label = shown[order[first]].label + " \u2013 " + shown[order[last]].label
        out.append(DecisionOption(id=f"{_RUN}{first}-{last}", label=label))
    return out


def _within(shown: list[Choice], level: int, chosen: str) -> list[Choice]:
    """The options behind the group (or run) ``chosen``."""
    if chosen.startswith(_RUN):
        first, last = (int(n) for n in chosen[len(_RUN) :].split("-"))
        order = _alphabetical(shown)
        return [shown[i] for i in order[first : last + 1]]
    return [c for c in shown if len(c.groups) > level and c.groups[level].id == chosen]


def _alphabetical(shown: list[Choice]) -> list[int]:
    """The indexes of ``shown`` by label, numbers in them compared as numbers ("A9" before "A10")."""

    def key(i: int) -> list[Any]:
        return [(0, int(p), "") if p.isdigit() else (1, 0, p.casefold()) for p in re.split(r"(\d+)", shown[i].label)]

    return sorted(range(len(shown)), key=key)


def walk(candidates: Sequence[Candidate], choose: Callable[[Decision], str], limit: int = 200) -> Built:
    """A move built by answering each decision with ``choose`` (tests, simulators)."""
    made: list[str] = []
    for _ in range(limit):
        built = next_decision(candidates, made)
        if built.next is None:
            return built
        made.append(choose(built.next))
    raise Refused("too_many_decisions", f"no move after {limit} decisions", limit)


MoveBuilder = Callable[[Any, Sequence[str], Language], Sequence[Candidate]]
"""A kind's move builder: ``(state, players' names, language) -> candidates``, every move it lists with
its path in the table's words (in English, French or Spanish)."""
