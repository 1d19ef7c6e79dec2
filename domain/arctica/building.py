"""Arctica's moves as decisions (``domain.building``): who, which space, wheel and way; which action;
which card (by family, then cost, when there are many), then the cards discarded to pay it one at a
time; each decision of its effects; each migration step; each colony space; the end-of-round choices.

The moves are ``legal_moves``'s. Where it lists one move for a family (see ``legal``'s docstring) the
step offers the whole family and ``finish`` puts the picks in the move: the cards drawn in a game
recorded at a table (any unseen card, in draw order), the discards of a card nobody has seen (public
games), a majority's points. Numbers are said as printed (from 1)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.building import Candidate, Choice, DecisionOption, Step
from domain.wording import player

from . import moves as mv
from .describe import WORDS
from .edition import (
    FAMILIES,
    Edition,
    EditionIndex,
    Extra,
    Form,
    Gain,
    May,
    MoveTokens,
    Repeat,
    RotateWheels,
    Target,
    index,
)
from .edition import Choice as ChoiceForm
from .edition import Sequence as SequenceForm
from .legal import legal_moves
from .queries import endangered_badges, hit_spaces, offered_actions, round_card, unseen
from .rules import resolve_move
from .state import UNKNOWN, GameState, Loc

_POINTS = 11  # a majority's points offered: 0..10 BP


def candidates(edition: Edition, state: GameState, names: Sequence[str]) -> list[Candidate]:
    """Every listed move with its path (a public game's Fauna card once per card and effect)."""
    said = _Said(edition, state, names)
    out: list[Candidate] = []
    seen: set[Any] = set()
    for move in legal_moves(edition, state):
        if isinstance(move, mv.PlayFauna) and state.chance == "public":
            key = (move.seat, move.card, msgspec.json.encode(move.outcomes))
            if key in seen:
                continue
            seen.add(key)
        out.append(said.candidate(move))
    return out


def _printed(name: str) -> str:
    """An edition's name as a label: "Starting Krill (short)" -> "Starting Krill, short"."""
    return name.replace(" (", ", ").replace("(", "").replace(")", "").replace("{", "").replace("'", "\u2019")


def _words(key: str) -> str:
    return WORDS.get(key, (key.replace("_", " "),))[0]


def _family(family: str) -> str:
    return _words(family).capitalize()


class _Words:
    """The table's words for one state: players, cards, causes and the decisions inside effects."""

    def __init__(self, edition: Edition, state: GameState, names: Sequence[str]) -> None:
        self.asked: dict[str | None, list[list[tuple[str, tuple[Form, ...]]]]] = {}
        self.cards: dict[tuple[int, bool], Choice] = {}
        self.pool: tuple[Choice, ...] | None = None
        self.ed = edition
        self.idx: EditionIndex = index(edition)
        self.s = state
        self.names = names

    def who(self, seat: int | None) -> str:
        return "the table" if seat is None else player(seat, self.names, 0)

    def card(self, card: int, cost: bool = False) -> Choice:
        known = self.cards.get((card, cost))
        if known is None:
            known = self.cards[(card, cost)] = self.said_card(card, cost)
        return known

    def unseen(self) -> tuple[Choice, ...]:
        """The cards nobody has seen, each with its family and cost (the same tuple for every move)."""
        if self.pool is None:
            # in the order the narrowings are offered: families as the rules list them, costs from 0 up
            # (a group is offered where its first card is: by card number the costs came 3, 2, 0, 1)
            self.pool = tuple(self.card(c, cost=True) for c in sorted(unseen(self.idx, self.s), key=self.narrowed))
        return self.pool

    def narrowed(self, card: int) -> tuple[int, int, int]:
        spec = self.idx.cards.get(card)
        if spec is None:
            return (len(FAMILIES), 0, card)
        return (FAMILIES.index(spec.family) if spec.family in FAMILIES else len(FAMILIES), spec.cost, card)

    def said_card(self, card: int, cost: bool) -> Choice:
        spec = self.idx.cards.get(card)
        if spec is None:
            return Choice(id=f"card-{card}", label=f"Card {card}")
        groups: tuple[DecisionOption, ...] = (DecisionOption(id=spec.family, label=_family(spec.family)),)
        if cost:
            groups += (DecisionOption(id=f"cost-{spec.cost}", label=f"Cost {spec.cost}"),)
        return Choice(id=f"card-{card}", label=_printed(spec.name), groups=groups)

    def cause(self, key: str) -> str:
        kind, _, arg = key.partition(":")
        if kind in ("flash", "ability") and arg.isdigit():
            spec = self.idx.cards.get(int(arg))
            return f"{'Flash' if kind == 'flash' else 'Ability'} of {spec.name if spec else arg}"
        if kind in ("map", "circle") and arg.isdigit():
            return f"{kind.capitalize()} space {int(arg) + 1}"
        return kind.capitalize()

    def decision(self, d: mv.Decision, forms: tuple[Form, ...] = ()) -> Choice:
        if isinstance(d, mv.Take):
            return Choice(id="yes", label="Yes") if d.yes else Choice(id="no", label="No")
        if isinstance(d, mv.Pick):
            said = f": {_form(forms[d.option])}" if d.option < len(forms) else ""
            return Choice(id=f"option-{d.option}", label=f"Option {d.option + 1}{said}")
        if isinstance(d, mv.Aim):
            return Choice(id=f"seat-{d.seat}", label=self.who(d.seat))
        if isinstance(d, mv.Shift):
            return Choice(
                id=f"shift-{d.family}-{_loc_id(d.src)}-{_loc_id(d.dst)}",
                label=f"{_family(d.family)} from {_loc(d.src)} to {_loc(d.dst)}",
            )
        if isinstance(d, mv.Done):
            return Choice(id="enough", label="No more")
        if isinstance(d, mv.Step):
            trade = f", trading {', '.join(map(_words, d.trade))}" if d.trade else ""
            return Choice(
                id=f"step-{d.space}-{d.family}-{'-'.join(d.trade)}",
                label=f"{_family(d.family)} token on circle space {d.space + 1}{trade}",
            )
        if isinstance(d, mv.ExtraReproduction):
            return self.card(d.card)
        spaces = ", ".join(str(i + 1) for i in d.spaces)
        return Choice(
            id=f"colony-{d.family}-{'-'.join(map(str, d.spaces))}",
            label=f"{_family(d.family)} on map {'space' if len(d.spaces) == 1 else 'spaces'} {spaces}",
            groups=(DecisionOption(id=d.family, label=_family(d.family)),),
        )


class _Said(_Words):
    """A move's path in the table's words, for one state."""

    def candidate(self, move: Any) -> Candidate:
        self.asked = self.questions(move)
        seat = getattr(move, "seat", None)
        steps = [
            Step(
                key="seat",
                prompt="Whose move is it?",  # who the recorder is asked about, not who holds the phone
                options=(Choice(id="table" if seat is None else f"seat-{seat}", label=self.who(seat).capitalize()),),
                auto=True,
            )
        ]
        wild: dict[str, int] = {}
        for step in self.details(move, seat, wild):
            steps.append(step)
        drawn = getattr(move, "drawn", None)
        if drawn:
            wild["drawn"] = len(steps)
            pool = self.unseen()
            steps.append(
                Step(
                    key="drawn",
                    # one card drawn is said as one ("Which cards were drawn, in draw order? 1 in all" before)
                    prompt="Which card was drawn?"
                    if len(drawn) == 1
                    else f"Which cards were drawn, in draw order? {len(drawn)} in all",
                    seat=seat,
                    options=pool,
                    picks=len(drawn),
                )
            )
        return Candidate(move=move, steps=tuple(steps), finish=_finisher(move, wild) if wild else None)

    def questions(self, move: Any) -> dict[str | None, list[list[tuple[str, tuple[Form, ...]]]]]:
        """What each decision inside the move's effects answers, by effect (the move resolved again, its
        choosers say): empty for a move with none."""
        if not self.idx.has_forms or not _has_choices(move):
            return {}
        asked: dict[str | None, list[list[tuple[str, tuple[Form, ...]]]]] = {}
        for trace in resolve_move(self.ed, self.s, move).traces:
            if trace.chooser.asked:
                asked.setdefault(trace.key, []).append(list(trace.chooser.asked))
        return asked

    def details(self, move: Any, seat: int | None, wild: dict[str, int]) -> list[Step]:
        who = self.who(seat)
        if isinstance(move, mv.SelectSpace):
            return [
                Step(
                    key="space",
                    prompt=f"Where does {who} put the action pawn?",
                    seat=seat,
                    options=(Choice(id=f"space-{move.space}", label=f"Space {move.space + 1}"),),
                ),
                Step(
                    key="wheel",
                    prompt=f"Which action wheel does {who} turn?",
                    seat=seat,
                    options=(Choice(id=f"wheel-{move.wheel}", label=f"Wheel {move.wheel + 1}"),),
                ),
                Step(
                    key="direction",
                    prompt="Which way, a quarter turn?",
                    seat=seat,
                    options=(
                        Choice(id="clockwise", label=f"Clockwise: {self.facing(move)}")
                        if move.direction == 1
                        else Choice(id="counterclockwise", label=f"Counterclockwise: {self.facing(move)}"),
                    ),
                ),
            ]
        if isinstance(move, (mv.Skip, *mv.ACTION_MOVES)):
            return self.action(move, seat, who, wild)
        return self.end_of_round(move, seat, who, wild)

    def facing(self, move: mv.SelectSpace) -> str:
        """The two actions the space faces once the wheel is turned (what the table looks at)."""
        turned = list(self.s.orientations)
        turned[move.wheel] = (turned[move.wheel] + move.direction) % 4
        a, b = offered_actions(self.ed, tuple(turned), move.space)
        return f"{_words(a)} and {_words(b)}"

    def action(self, move: Any, seat: int | None, who: str, wild: dict[str, int]) -> list[Step]:
        if isinstance(move, mv.Skip):
            what = (
                Choice(id="pass", label="Pass")
                if move.action is None
                else Choice(id=f"skip-{move.action}", label=f"Skip {_words(move.action)}")
            )
        else:
            name = mv.ACTION_MOVES[type(move)]
            what = Choice(id=name, label=_words(name))
        steps = [Step(key="action", prompt=f"Which action does {who} take?", seat=seat, options=(what,))]
        if isinstance(move, mv.PlayFauna):
            steps.append(
                Step(
                    key="card",
                    prompt=f"Which Fauna card does {who} play?",
                    seat=seat,
                    options=(self.card(move.card, cost=True),),
                )
            )
            if move.discards:
                # the discards go to the discard pile in the order the table picked them (that order
                # is the game's): the finished move keeps it
                wild["discards"] = len(steps) + 1  # after the seat step
                if self.s.chance == "public":
                    pool = self.public_discards(move)
                else:
                    pool = tuple(self.card(c) for c in move.discards)
                steps.append(
                    Step(
                        key="discard",
                        prompt=f"Which card does {who} discard to pay?"
                        if len(move.discards) == 1
                        else f"Which cards does {who} discard to pay? {len(move.discards)} in all, one at a time",
                        seat=seat,
                        options=pool,
                        picks=len(move.discards),
                    )
                )
        elif isinstance(move, (mv.Reproduce, mv.UseAbility)):
            steps.append(
                Step(
                    key="card",
                    prompt=f"Which top card does {who} use?",
                    seat=seat,
                    options=(self.card(move.card),),
                )
            )
        elif isinstance(move, mv.Migrate):
            for step in move.steps:
                steps += self.migration(step, seat, "Which token migrates?", "No more migration")
            steps.append(self.stop(seat, "No more migration"))
        elif isinstance(move, mv.RotateAndMigrate):
            if move.step is not None:
                steps += self.migration(move.step, seat, "Which token migrates?", "No migration")
            steps.append(self.stop(seat, "No migration"))
        elif isinstance(move, mv.Colonize):
            steps += self.colony(move, seat, who)
        for key, outcome in getattr(move, "outcomes", {}).items():
            steps += self.outcome(key, outcome, seat)
        return steps

    def stop(self, seat: int | None, label: str) -> Step:
        """The end of a list of steps a move may stop early: one option, taken without asking."""
        return Step(key="end", prompt=label, seat=seat, options=(Choice(id="end", label=label),), auto=True)

    def public_discards(self, move: mv.PlayFauna) -> tuple[Choice, ...]:
        """Public games: any card nobody has seen (each stands for an unknown card of the hand) and the
        hand's known cards."""
        hand = [c for c in self.s.players[move.seat].hand if c not in (UNKNOWN, move.card)]
        own = tuple(self.card(c, cost=True) for c in sorted(set(hand)))
        return own + tuple(c for c in self.unseen() if c.id != f"card-{move.card}" and c not in own)

    def colony(self, move: mv.Colonize, seat: int | None, who: str) -> list[Step]:
        spaces = tuple(
            Choice(
                id=f"map-{i}",
                label=f"Map space {i + 1}, {_printed(self.ed.regions[ms.region].subregions[ms.subregion].name)}",
                groups=(DecisionOption(id=f"region-{ms.region}", label=_printed(self.ed.regions[ms.region].name)),),
            )
            for i in move.spaces
            for ms in (self.ed.map[i],)
        )
        return [
            Step(
                key="family",
                prompt=f"Which species does {who} release?",
                seat=seat,
                options=(Choice(id=move.family, label=_family(move.family)),),
            ),
            Step(
                key="spaces",
                prompt="Which map spaces, one at a time?",
                seat=seat,
                options=spaces,
                picks=len(spaces),
                stop="No more spaces",
            ),
            self.stop(seat, "No more spaces"),
        ]

    def migration(self, step: mv.MigrationStep, seat: int | None, prompt: str, stop: str) -> list[Step]:
        token = Choice(
            id=f"token-{step.space}-{step.family}",
            label=f"{_family(step.family)} token on circle space {step.space + 1}",
        )
        trade = (
            Choice(
                id="trade-" + "-".join(step.trade), label="Trade on ice tile 6: " + ", ".join(map(_words, step.trade))
            )
            if step.trade
            else Choice(id="no-trade", label="No trade")
        )
        steps = [
            Step(key="token", prompt=prompt, seat=seat, options=(token,), stop=stop),
            Step(
                key="trade", prompt="Trade tokens on ice tile 6, 1 Flora each?", seat=seat, options=(trade,), auto=True
            ),
        ]
        for key, outcome in step.outcomes.items():
            steps += self.outcome(key, outcome, seat)
        return steps

    def outcome(self, key: str, outcome: mv.Outcome, seat: int | None) -> list[Step]:
        """An effect's granted migrations, then the decisions inside its forms."""
        cause = self.cause(key)
        steps: list[Step] = []
        for step in outcome.migrations:
            steps += self.migration(step, seat, f"{cause}: which token migrates?", "No more migration")
        if outcome.migrations:
            steps.append(self.stop(seat, "No more migration"))
        # a step's own outcome resolves under no key (``builder.Trace``)
        questions = self.asked.get(key) or self.asked.get(None) or [[]]
        asked = questions.pop(0) if len(questions) > 1 else questions[0]
        for i, decision in enumerate(outcome.choices):
            what, forms = asked[i] if i < len(asked) else ("", ())
            steps.append(
                Step(
                    key="effect",
                    prompt=f"{cause}: {_QUESTIONS.get(what, 'what does ' + self.who(seat) + ' choose?')}",
                    seat=seat,
                    options=(self.decision(decision, forms),),
                )
            )
        return steps

    def end_of_round(self, move: Any, seat: int | None, who: str, wild: dict[str, int]) -> list[Step]:
        if isinstance(move, mv.RevealRoundCard):
            card = self.ed.round_cards[move.card]
            return [
                Step(
                    key="round_card",
                    prompt="Which round card is turned face up?",
                    options=(Choice(id=f"round-{move.card}", label=_printed(card.name)),),
                )
            ]
        if isinstance(move, mv.RecordMajority):
            region = self.ed.regions[move.region].name
            points = tuple(Choice(id=f"bp-{n}", label=f"{n} BP") for n in range(_POINTS))
            steps: list[Step] = []
            for s in range(len(move.points)):
                wild[f"points-{s}"] = len(steps) + 1
                steps.append(
                    Step(
                        key="points",
                        prompt=f"Majority in {region}: how many BP does {self.who(s)} score?",
                        options=points,
                    )
                )
            return steps
        if isinstance(move, mv.ResolveCollapse):
            return [
                Step(
                    key="family",
                    prompt=f"Which species of {who} collapses?",
                    seat=seat,
                    options=(Choice(id=move.family, label=_family(move.family)),),
                    auto=True,
                ),
                Step(
                    key="tokens",
                    prompt=f"Which {len(move.tokens)} tokens does {who} discard, one at a time?",
                    seat=seat,
                    options=tuple(Choice(id=_loc_id(t), label=_loc(t).capitalize()) for t in move.tokens),
                    picks=len(move.tokens),
                ),
            ]
        if isinstance(move, mv.ResolveEndangered):
            choice = (
                Choice(id="pay", label=f"Pay {endangered_badges(self.idx, self.s.players[move.seat])} Flora")
                if move.destroy is None
                else Choice(id=f"destroy-{move.destroy}", label=f"Destroy {self.card(move.destroy).label}")
            )
            return [
                Step(key="endangered", prompt=f"Endangered species: what does {who} do?", seat=seat, options=(choice,))
            ]
        if isinstance(move, mv.RevealEvents):
            regions = self.ed.regions
            todo = round_card(self.ed, self.s).regions[len(self.s.revealed) :]
            return [
                Step(
                    key="subregion",
                    prompt=f"Which sub-region of {regions[r].name} is hit?",
                    options=(Choice(id=f"sub-{sub}", label=_printed(regions[r].subregions[sub].name)),),
                )
                for r, sub in zip(todo, move.subregions, strict=False)
            ]
        if isinstance(move, mv.ResolveEvent):
            return self.event(move, seat, who)
        return []

    def event(self, move: mv.ResolveEvent, seat: int | None, who: str) -> list[Step]:
        """Each of the seat's tokens in a hit sub-region: flee or stay, where to, a trade, its bonus."""
        saves = {s.space: s for s in move.saves}
        steps: list[Step] = []
        for i in hit_spaces(self.ed, self.s):
            token = self.s.map[i]
            if token is None or token.seat != seat:
                continue
            prompt = f"The {_words(token.family)} token of {who} on map space {i + 1}: does it flee, 1 Flora?"
            save = saves.get(i)
            if save is None:
                steps.append(
                    Step(
                        key="flee",
                        prompt=prompt,
                        seat=seat,
                        options=(Choice(id=f"stay-{i}", label="No, it is discarded"),),
                    )
                )
                continue
            steps.append(
                Step(key="flee", prompt=prompt, seat=seat, options=(Choice(id=f"flee-{i}", label="Yes, it flees"),))
            )
            dest = "" if save.dest is None else f"Circle space {save.dest + 1}"
            steps.append(
                Step(
                    key="dest",
                    prompt="Where to?",
                    seat=seat,
                    options=(Choice(id=f"dest-{save.dest}", label=dest or "Where the rules say"),),
                    auto=True,
                )
            )
            trade = (
                Choice(id="trade", label="Trade it on ice tile 6")
                if save.trade
                else Choice(id="no-trade", label="No trade")
            )
            steps.append(Step(key="trade", prompt="Trade it on ice tile 6?", seat=seat, options=(trade,), auto=True))
            for key, outcome in save.outcomes.items():
                steps += self.outcome(key, outcome, seat)
        if not steps:  # nothing of the seat's is hit: still one decision, the table's to confirm
            steps.append(
                Step(
                    key="flee",
                    prompt=f"The event: {who}",
                    seat=seat,
                    options=(Choice(id="ok", label="Nothing to save"),),
                )
            )
        return steps


# The question each decision inside an effect answers, by the chooser's ``what`` (``forms.py``).
_QUESTIONS = {
    "a granted migration": "which token migrates?",
    "an optional effect": "take the optional effect?",
    "a choice of effects": "which effect?",
    "a token move": "which token moves?",
    "an extra reproduction": "an extra Reproduction?",
    "an extra colony": "an extra Colony?",
    "the player targeted": "which player?",
}
_WHO = {
    "chosen": "a chosen player",
    "each_opponent": "each opponent",
    "left": "the left neighbour",
    "right": "the right neighbour",
    "each_player": "each player",
}


def _has_choices(move: Any) -> bool:
    """Whether a decision inside an effect is recorded in ``move`` (its own outcomes, its migration
    steps' or its saves')."""
    held = [move, *getattr(move, "steps", ()), *getattr(move, "saves", ())]
    if getattr(move, "step", None) is not None:
        held.append(move.step)
    outcomes = [o for h in held for o in getattr(h, "outcomes", {}).values()]
    outcomes += [o for out in outcomes for st in out.migrations for o in st.outcomes.values()]
    return any(o.choices for o in outcomes)


def _counted(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _form(form: Form) -> str:
    """An effect as a card prints it, in words: "+2 Flora, draw 1 card", "optionally +3 BP"."""
    if isinstance(form, Gain):
        parts = [f"pay {form.flora_cost} Flora"] if form.flora_cost else []
        parts += [f"+{form.flora} Flora"] if form.flora else []
        parts += [f"draw {_counted(form.cards, 'card', 'cards')}"] if form.cards else []
        parts += [f"+{form.bp} BP"] if form.bp else []
        parts += [_counted(form.migrations, "migration", "migrations")] if form.migrations else []
        return ", ".join(parts) or "nothing"
    if isinstance(form, SequenceForm):
        return " then ".join(_form(f) for f in form.steps)
    if isinstance(form, May):
        return f"optionally {_form(form.effect)}"
    if isinstance(form, ChoiceForm):
        return " or ".join(_form(f) for f in form.options)
    if isinstance(form, Repeat):
        return f"{_form(form.effect)}, {'per counted thing' if form.count else _counted(form.times, 'time', 'times')}"
    if isinstance(form, Target):
        return f"{_form(form.effect)} for {_WHO.get(form.who, 'another player')}"
    if isinstance(form, MoveTokens):
        what = _words(form.family) if form.family else "animal"
        count = f"up to {form.count}" if form.up_to else str(form.count)
        tokens = "token" if form.count == 1 else "tokens"
        return f"move {count} {what} {tokens} from {_loc(Loc(zone=form.src))} to {_loc(Loc(zone=form.dst))}"
    if isinstance(form, RotateWheels):
        return f"rotate the generation wheels {_counted(form.times, 'time', 'times')}"
    if isinstance(form, Extra):
        return f"an extra {_words(form.action)}"
    return "an effect"


def _loc_id(loc: Loc) -> str:
    return f"{loc.zone}-{loc.index}"


_ZONES = {
    "supply": "the supply",
    "release": "the release area",
    "long_wheel": "slot {i} of the long wheel",
    "short_wheel": "slot {i} of the short wheel",
    "map": "map space {i}",
    "circle": "circle space {i}",
}


def _loc(loc: Loc) -> str:
    return _ZONES.get(loc.zone, loc.zone.replace("_", " ")).format(i=loc.index + 1)


def _finisher(move: Any, wild: dict[str, int]) -> Callable[[list[tuple[str, ...]]], Any]:
    """``move`` with the picks of its open steps: drawn cards, public discards, majority points."""

    def finish(picks: list[tuple[str, ...]]) -> Any:
        changes: dict[str, Any] = {}
        if "drawn" in wild:
            changes["drawn"] = tuple(int(p.removeprefix("card-")) for p in picks[wild["drawn"]])
        if "discards" in wild:
            changes["discards"] = tuple(int(p.removeprefix("card-")) for p in picks[wild["discards"]])
        points = [int(picks[i][0].removeprefix("bp-")) for k, i in sorted(wild.items()) if k.startswith("points-")]
        if points:
            changes["points"] = tuple(points)
        return replace(move, **changes)

    return finish
