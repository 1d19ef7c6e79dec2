"""How the composable effect forms of an edition (:data:`edition.Form`) resolve, and the player's
decisions inside them.

Decisions are part of the move [DECISION 18]: the ``choices`` of the effect's :class:`moves.Outcome`,
a flat list in the order the effect resolves (a nested effect — a circle bonus reached by a granted
migration, a map space of an extra colony — takes its decisions from the same list). A :class:`Chooser`
hands them out; each is checked against every decision legal at that point (``arctica.bad_decision``).
A decision not recorded: an optional effect, an extra action, granted migrations and ``up_to`` token
moves are declined; a ``choice``, a chosen ``target`` and a required token move are refused with
``arctica.decision_required`` (its ``legal`` lists the decisions). An :class:`Explorer` replaces the
missing decisions by each legal one in turn: ``legal.py`` enumerates every decision list with it.
"""

from __future__ import annotations

from itertools import combinations
from typing import Protocol

from . import events as ev
from . import moves as mv
from .edition import FAMILIES, Count, Edition, EditionIndex, Form, Gain, Sequence
from .edition import Choice as ChoiceForm
from .edition import Extra as ExtraForm
from .edition import May as MayForm
from .edition import MoveTokens as MoveForm
from .edition import Repeat as RepeatForm
from .edition import RotateWheels as RotateForm
from .edition import Target as TargetForm
from .queries import badges, destination, ecosystem, flora_total, live_tile
from .state import EMPTY, GameState, Loc, PlayerState, Token
from .violations import fail


class Builder(Protocol):
    """What resolving a form needs of the move being built (``builder.Builder``; a protocol, so that
    the builder may import this module and not the other way round)."""

    ed: Edition
    idx: EditionIndex
    s: GameState

    def emit(self, event: ev.Event) -> None: ...
    def player(self, seat: int) -> PlayerState: ...
    def gain_flora(self, seat: int, amount: int, cause: str) -> None: ...
    def pay_flora(self, seat: int, amount: int, cause: str) -> None: ...
    def score(self, seat: int, points: int, cause: str) -> None: ...
    def draw(self, seat: int, count: int, cause: str) -> None: ...
    def rotate_wheels(self, seat: int, cause: str) -> None: ...
    def reproduce(self, seat: int, card: int, cause: str) -> None: ...
    def colonize(self, seat: int, family: str, spaces: tuple[int, ...]) -> None: ...
    def migrate(self, seat: int, step: mv.MigrationStep, cause: str) -> None: ...


#: at most this many decision lists are explored for one move (a bound on ``legal_moves``' work)
MAX_TRACES = 512
#: at most this many times one form repeats (a ``repeat``'s times and count, a token move's count, a
#: rotation's times): an edition stored before ``edition_bounds`` could ask for 10**12 (``decide`` would
#: never end); past it the move is refused (``arctica.effect_too_long``), never cut short
MAX_REPEATS = 10_000


def _bounded(times: int, what: str, cause: str) -> int:
    if times > MAX_REPEATS:
        fail("arctica.effect_too_long", f"{cause}: {what} {times} times, more than the engine resolves ({MAX_REPEATS})")
    return times


class Explorer:
    """Stands in for decisions not recorded: the option at ``path[i]`` for the i-th one (0 past the
    path), remembering how many options each had."""

    def __init__(self, path: tuple[int, ...] = ()) -> None:
        self.path = path
        self.widths: list[int] = []

    def pick(self, options: list[mv.Decision]) -> mv.Decision:
        i = len(self.widths)
        self.widths.append(len(options))
        return options[self.path[i] if i < len(self.path) else 0]


class Chooser:
    """Hands out the recorded decisions of one effect, checking each."""

    def __init__(self, decisions: tuple[mv.Decision, ...], cause: str, explorer: Explorer | None) -> None:
        self.left = list(decisions)
        self.cause = cause
        self.explorer = explorer
        self.trace: list[mv.Decision] = []
        #: what each decision of ``trace`` chose (its ``what``) and, for a choice of effects, its options
        #: (the words a table builds the move in: ``decision_paths.py``)
        self.asked: list[tuple[str, tuple[Form, ...]]] = []

    def choose(
        self, options: list[mv.Decision], default: mv.Decision | None, what: str, forms: tuple[Form, ...] = ()
    ) -> mv.Decision:
        if self.left:
            made = self.left.pop(0)
            if isinstance(made, mv.ExtraColony):
                made = mv.ExtraColony(family=made.family, spaces=tuple(sorted(made.spaces)))
            if made not in options:
                fail(
                    "arctica.bad_decision", f"{self.cause}: {made!r} is not a legal decision for {what}", legal=options
                )
        elif self.explorer is not None:
            made = self.explorer.pick(options)
        elif default is not None:
            made = default
        else:
            fail("arctica.decision_required", f"{self.cause}: record a decision for {what}", legal=options)
        self.trace.append(made)
        self.asked.append((what, forms))
        return made

    def finish(self) -> None:
        if self.left:
            fail("arctica.bad_decision", f"{self.cause}: decisions left over: {self.left!r}")


def resolve(b: Builder, seat: int, form: Form, chooser: Chooser, cause: str) -> None:
    """Apply ``form`` for ``seat`` (emitting its events through the builder)."""
    if isinstance(form, Gain):
        b.pay_flora(seat, form.flora_cost, cause)
        b.gain_flora(seat, form.flora, cause)
        b.draw(seat, form.cards, cause)
        b.score(seat, form.bp, cause)
        for _ in range(form.migrations):
            steps = migration_options(b, seat)
            if not steps:
                break
            made = chooser.choose([mv.Done(), *steps], mv.Done(), "a granted migration")
            if not isinstance(made, mv.Step):
                break
            b.migrate(seat, mv.MigrationStep(space=made.space, family=made.family, trade=made.trade), cause)
    elif isinstance(form, Sequence):
        for step in form.steps:
            resolve(b, seat, step, chooser, cause)
    elif isinstance(form, MayForm):
        made = chooser.choose([mv.Take(yes=True), mv.Take(yes=False)], mv.Take(yes=False), "an optional effect")
        taken = isinstance(made, mv.Take) and made.yes
        b.emit(ev.EffectTaken(seat=seat, cause=cause) if taken else ev.EffectDeclined(seat=seat, cause=cause))
        if taken:
            resolve(b, seat, form.effect, chooser, cause)
    elif isinstance(form, ChoiceForm):
        options: list[mv.Decision] = [mv.Pick(option=i) for i in range(len(form.options))]
        made = chooser.choose(options, None, "a choice of effects", form.options)
        assert isinstance(made, mv.Pick)
        b.emit(ev.EffectOptionChosen(seat=seat, cause=cause, number=made.option + 1))
        resolve(b, seat, form.options[made.option], chooser, cause)
    elif isinstance(form, RepeatForm):
        times = form.times * (count(b, seat, form.count) if form.count is not None else 1)
        for _ in range(_bounded(times, "an effect repeated", cause)):
            resolve(b, seat, form.effect, chooser, cause)
    elif isinstance(form, TargetForm):
        for target in _targets(b, seat, form, chooser, cause):
            resolve(b, target, form.effect, chooser, cause)
    elif isinstance(form, MoveForm):
        for _ in range(_bounded(form.count, "a token moved", cause)):
            shifts = shift_options(b, seat, form)
            if not shifts:
                break  # fewer tokens than the effect moves: all of them
            if form.up_to:
                made = chooser.choose([mv.Done(), *shifts], mv.Done(), "a token move")
            else:
                made = chooser.choose(shifts, None, "a token move")
            if not isinstance(made, mv.Shift):
                break
            b.emit(ev.TokenMoved(seat=seat, family=made.family, src=made.src, dst=made.dst, cause=cause))
    elif isinstance(form, RotateForm):
        for _ in range(_bounded(form.times, "the wheels turned", cause)):
            b.rotate_wheels(seat, cause)
    elif isinstance(form, ExtraForm):
        extra = reproduction_options(b, seat) if form.action == "reproduction" else colony_options(b, seat)
        made = chooser.choose([mv.Take(yes=False), *extra], mv.Take(yes=False), f"an extra {form.action}")
        if isinstance(made, mv.ExtraReproduction):
            b.reproduce(seat, made.card, cause)
        elif isinstance(made, mv.ExtraColony):
            b.colonize(seat, made.family, made.spaces)
        else:
            b.emit(ev.EffectDeclined(seat=seat, cause=cause))


def _targets(b: Builder, seat: int, form: TargetForm, chooser: Chooser, cause: str) -> list[int]:
    n = len(b.s.players)
    others = [(seat + k) % n for k in range(1, n)]  # clockwise from the left neighbour
    if form.who == "chosen":
        made = chooser.choose([mv.Aim(seat=s) for s in others], None, "the player targeted")
        assert isinstance(made, mv.Aim)
        b.emit(ev.EffectTargetChosen(seat=seat, cause=cause, target=made.seat))
        return [made.seat]
    if form.who == "left":
        return others[:1]
    if form.who == "right":
        return others[-1:]
    if form.who == "each_player":
        return [seat, *others]
    return others


def count(b: Builder, seat: int, what: Count) -> int:
    """How many repetitions ``what`` gives for ``seat`` now."""
    p = b.player(seat)
    fams = [what.family] if what.family is not None else list(FAMILIES)
    total = 0
    if what.of == "tokens":
        zones = [what.zone] if what.zone is not None else ["long_wheel", "short_wheel", "release"]
        for zone in zones:
            for fam in fams:
                f = FAMILIES.index(fam)
                if zone == "supply":
                    total += p.supply[f]
                elif zone == "release":
                    total += p.release[f]
                elif zone in ("long_wheel", "short_wheel"):
                    total += (p.long_wheel if zone == "long_wheel" else p.short_wheel).count(fam)
                elif zone == "map":
                    total += sum(1 for t in b.s.map if t == Token(seat, fam))
                else:
                    total += sum(1 for sp in b.s.circle for t in sp if t == Token(seat, fam))
    elif what.of == "cards":
        for c in ecosystem(p):
            card = b.idx.cards[c]
            if card.family in fams and what.generation in (None, card.generation):
                total += 1
    elif what.of == "badges":
        total = badges(b.idx, p).count(what.badge or "")
    elif what.of == "flora":
        total = flora_total(p)
    else:
        total = len(p.hand)
    reps = total // what.per
    return reps if what.max is None else min(reps, what.max)


def migration_options(b: Builder, seat: int) -> list[mv.Decision]:
    """Every migration ``seat`` can make now: each own circle token, with each set of own tokens it
    could trade on ice tile #6."""
    s, ed = b.s, b.ed
    out: list[mv.Decision] = []
    seen: set[tuple[int, str]] = set()
    for space, tokens in enumerate(s.circle):
        for tok in tokens:
            if tok.seat != seat or (space, tok.family) in seen:
                continue
            seen.add((space, tok.family))
            dst = destination(ed, s, space, tok.family)
            out.append(mv.Step(space=space, family=tok.family))  # type: ignore[arg-type]
            if live_tile(ed, s, dst) == 6:
                there = [*sorted(t.family for t in s.circle[dst] if t.seat == seat), tok.family]
                trades = {c for k in range(1, len(there) + 1) for c in combinations(sorted(there), k)}
                out += [mv.Step(space=space, family=tok.family, trade=t) for t in sorted(trades)]  # type: ignore[arg-type]
    return out


def _sources(b: Builder, seat: int, fam: str, zone: str) -> list[Loc]:
    p, s = b.player(seat), b.s
    f = FAMILIES.index(fam)
    if zone == "supply":
        return [Loc("supply")] if p.supply[f] else []
    if zone == "release":
        return [Loc("release")] if p.release[f] else []
    if zone in ("long_wheel", "short_wheel"):
        wheel = p.long_wheel if zone == "long_wheel" else p.short_wheel
        return [Loc(zone, i) for i, v in enumerate(wheel) if v == fam]  # type: ignore[arg-type]
    if zone == "map":
        return [Loc("map", i) for i, t in enumerate(s.map) if t == Token(seat, fam)]
    return [Loc("circle", i) for i, sp in enumerate(s.circle) if Token(seat, fam) in sp]


def _destinations(b: Builder, seat: int, fam: str, form: MoveForm, src: Loc) -> list[Loc]:
    p, s, ed = b.player(seat), b.s, b.ed
    zone = form.dst
    if zone in ("supply", "release"):
        return [Loc(zone)]
    if zone in ("long_wheel", "short_wheel"):
        wheel = p.long_wheel if zone == "long_wheel" else p.short_wheel
        return [Loc(zone, wheel.index(EMPTY))] if EMPTY in wheel else []
    spaces = range(len(s.map) if zone == "map" else len(s.circle))
    if form.dst_index is not None:
        spaces = range(form.dst_index, form.dst_index + 1)
    if zone == "map":
        return [Loc("map", i) for i in spaces if s.map[i] is None and ed.map[i].family == fam]
    return [Loc("circle", i) for i in spaces if Loc("circle", i) != src]


def shift_options(b: Builder, seat: int, form: MoveForm) -> list[mv.Decision]:
    out: list[mv.Decision] = []
    for fam in [form.family] if form.family is not None else FAMILIES:
        for src in _sources(b, seat, fam, form.src):
            out += [mv.Shift(family=fam, src=src, dst=dst) for dst in _destinations(b, seat, fam, form, src)]  # type: ignore[arg-type]
    return out


def reproduction_options(b: Builder, seat: int) -> list[mv.Decision]:
    p = b.player(seat)
    tops = [c[0] for c in (p.long_column, p.short_column) if c]
    return [mv.ExtraReproduction(card=c) for c in tops if c not in b.idx.starting_ids]


def colony_options(b: Builder, seat: int) -> list[mv.Decision]:
    p, s, ed = b.player(seat), b.s, b.ed
    out: list[mv.Decision] = []
    for f, fam in enumerate(FAMILIES):
        free = [i for i, ms in enumerate(ed.map) if ms.family == fam and s.map[i] is None]
        for k in range(1, min(p.release[f], len(free)) + 1):
            out += [mv.ExtraColony(family=fam, spaces=c) for c in combinations(free, k)]  # type: ignore[arg-type]
    return out
