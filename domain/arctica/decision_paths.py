"""Arctica's moves as decisions (``domain.building``): who, which space, wheel and way; which action;
which card (by family, then cost, when there are many), then the cards discarded to pay it one at a
time; each decision of its effects; each migration step; each colony space; the end-of-round choices.

The moves are ``legal_moves``'s. Where it lists one move for a family (see ``legal``'s docstring) the
step offers the whole family and ``finish`` puts the picks in the move: the cards drawn in a game
recorded at a table (any unseen card, in draw order), the discards of a card nobody has seen (public
games), a majority's points. Numbers are said as printed (from 1)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec
from msgspec.structs import replace

from domain.building import Candidate, Choice, DecisionOption, Step
from domain.game import Language
from domain.setup_form import HandCard, HandCards, Option
from domain.wording import LANG, counted, listing, player

from . import editions
from . import moves as mv
from .describe import WORDS, cause_label, from_place, to_place
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
from .pages import DECISIONS
from .queries import endangered_badges, hit_spaces, offered_actions, round_card, unseen
from .rules import resolve_move
from .state import UNKNOWN, GameState, Loc

_POINTS = 11  # a majority's points offered: 0..10 BP


def candidates(edition: Edition, state: GameState, names: Sequence[str], lang: Language = "en") -> list[Candidate]:
    """Every listed move with its path in ``lang`` (a public game's Fauna card once per card and effect)."""
    said = _Said(edition, state, names, lang)
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


def hand_cards(values: Mapping[str, str], lang: Language = "en") -> HandCards:
    """The Fauna cards a hand is dealt from on the edition ``values["edition"]`` (a table game's start
    page names each seat's hand from them), in the order its decisions offer them (families as the rules
    list them, costs from 0 up), each grouped by family and cost in ``lang``; and the hand's size."""
    edition = editions.get(values.get("edition") or editions.DEFAULT_EDITION, values.get("edition_version") or None)
    said = _Words(edition, GameState(), (), lang)
    idx = index(edition)
    cards = []
    for card in sorted(idx.fauna_ids, key=said.narrowed):
        choice = said.card(card, cost=True)
        groups = [Option(value=g.id, label=g.label) for g in choice.groups]
        cards.append(HandCard(value=card, label=choice.label, groups=groups))
    return HandCards(count=edition.setup.hand_size, cards=cards)


def _printed(name: str) -> str:
    """An edition's name as a label: "Starting Krill (short)" -> "Starting Krill, short"."""
    return name.replace(" (", ", ").replace("(", "").replace(")", "").replace("{", "").replace("'", "\u2019")


def _words(key: str, i: int = 0) -> str:
    forms = WORDS.get(key)
    return forms[i] if forms is not None else key.replace("_", " ")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


class _Words:
    """The table's words for one state: players, cards, causes and the decisions inside effects."""

    def __init__(self, edition: Edition, state: GameState, names: Sequence[str], lang: Language = "en") -> None:
        self.asked: dict[str | None, list[list[tuple[str, tuple[Form, ...]]]]] = {}
        self.cards: dict[tuple[int, bool], Choice] = {}
        self.pool: tuple[Choice, ...] | None = None
        self.ed = edition
        self.idx: EditionIndex = index(edition)
        self.s = state
        self.names = names
        self.i = LANG.get(lang, 0)

    def t(self, key: str, **fields: Any) -> str:
        """The words of ``key`` in the table's language, its fields filled in."""
        return counted(DECISIONS[key][self.i], fields, self.i).format(**fields)

    def word(self, key: str) -> str:
        return _words(key, self.i)

    def family(self, family: str) -> str:
        return _capital(self.word(family))

    def who(self, seat: int | None) -> str:
        return self.t("table") if seat is None else player(seat, self.names, self.i)

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
            return Choice(id=f"card-{card}", label=self.t("card_n", n=card))
        groups: tuple[DecisionOption, ...] = (DecisionOption(id=spec.family, label=self.family(spec.family)),)
        if cost:
            groups += (DecisionOption(id=f"cost-{spec.cost}", label=self.t("cost_n", n=spec.cost)),)
        return Choice(id=f"card-{card}", label=_printed(spec.name), groups=groups)

    def cause(self, key: str) -> str:
        kind, _, arg = key.partition(":")
        if kind in ("flash", "ability") and arg.isdigit():
            spec = self.idx.cards.get(int(arg))
            return self.t(f"{kind}_of", card=spec.name if spec else arg)
        if kind in ("map", "circle") and arg.isdigit():
            return self.t(f"{kind}_space", n=int(arg) + 1)
        return _capital(cause_label(key, self.i, self.ed))

    def trades(self, families: Sequence[str]) -> str:
        return listing([self.word(f) for f in families], self.i)

    def token_on_circle(self, family: str, space: int) -> str:
        return self.t("token_on_circle", Family=self.family(family), family=self.word(family), n=space + 1)

    def decision(self, d: mv.Decision, forms: tuple[Form, ...] = ()) -> Choice:
        if isinstance(d, mv.Take):
            return Choice(id="yes", label=self.t("yes")) if d.yes else Choice(id="no", label=self.t("no"))
        if isinstance(d, mv.Pick):
            said = self.t("option", n=d.option + 1)
            if d.option < len(forms):
                said = self.t("cause_question", cause=said, question=self.form(forms[d.option]))
            return Choice(id=f"option-{d.option}", label=said)
        if isinstance(d, mv.Aim):
            return Choice(id=f"seat-{d.seat}", label=self.who(d.seat))
        if isinstance(d, mv.Shift):
            return Choice(
                id=f"shift-{d.family}-{_loc_id(d.src)}-{_loc_id(d.dst)}",
                label=self.t("shift", Family=self.family(d.family), src=self.src(d.src), dst=self.dst(d.dst)),
            )
        if isinstance(d, mv.Done):
            return Choice(id="enough", label=self.t("no_more"))
        if isinstance(d, mv.Step):
            trade = self.t("trading", list=self.trades(d.trade)) if d.trade else ""
            return Choice(
                id=f"step-{d.space}-{d.family}-{'-'.join(d.trade)}",
                label=self.token_on_circle(d.family, d.space) + trade,
            )
        if isinstance(d, mv.ExtraReproduction):
            return self.card(d.card)
        spaces = ", ".join(str(i + 1) for i in d.spaces)
        return Choice(
            id=f"colony-{d.family}-{'-'.join(map(str, d.spaces))}",
            label=self.t(
                "colony_one" if len(d.spaces) == 1 else "colony_many", Family=self.family(d.family), list=spaces
            ),
            groups=(DecisionOption(id=d.family, label=self.family(d.family)),),
        )

    def src(self, loc: Loc) -> str:
        return from_place(loc, self.i)

    def dst(self, loc: Loc) -> str:
        return to_place(loc, self.i)

    def form(self, form: Form) -> str:
        """An effect as a card prints it, in words: "+2 Flora, draw 1 card", "optionally +3 BP"."""
        if isinstance(form, Gain):
            parts = [self.t("f_pay", n=form.flora_cost)] if form.flora_cost else []
            parts += [self.t("f_flora", n=form.flora)] if form.flora else []
            parts += [self.t("f_draw", n=form.cards)] if form.cards else []
            parts += [self.t("f_bp", n=form.bp)] if form.bp else []
            parts += [self.t("f_migrations", n=form.migrations)] if form.migrations else []
            return ", ".join(parts) or self.t("f_nothing")
        if isinstance(form, SequenceForm):
            return self.t("f_then").join(self.form(f) for f in form.steps)
        if isinstance(form, May):
            return self.t("f_optionally", x=self.form(form.effect))
        if isinstance(form, ChoiceForm):
            return self.t("f_or").join(self.form(f) for f in form.options)
        if isinstance(form, Repeat):
            if form.count:
                return self.t("f_per", x=self.form(form.effect))
            return self.t("f_times", x=self.form(form.effect), n=form.times)
        if isinstance(form, Target):
            return self.t("f_for", x=self.form(form.effect), who=self.t(_WHO.get(form.who, "w_another")))
        if isinstance(form, MoveTokens):
            family = self.word(form.family) if form.family else self.t("f_animal")
            count = self.t("f_up_to", n=form.count) if form.up_to else str(form.count)
            what = self.t("f_token" if form.count == 1 else "f_tokens", family=family)
            return self.t(
                "f_move", count=count, what=what, src=self.src(Loc(zone=form.src)), dst=self.dst(Loc(zone=form.dst))
            )
        if isinstance(form, RotateWheels):
            return self.t("f_rotate", n=form.times)
        if isinstance(form, Extra):
            return self.t("f_extra", action=self.word(form.action))
        return self.t("f_effect")


class _Said(_Words):
    """A move's path in the table's words, for one state."""

    def candidate(self, move: Any) -> Candidate:
        self.asked = self.questions(move)
        seat = getattr(move, "seat", None)
        steps = [
            Step(
                key="seat",
                prompt=self.t("whose_move"),  # who the recorder is asked about, not who holds the phone
                options=(Choice(id="table" if seat is None else f"seat-{seat}", label=_capital(self.who(seat))),),
                auto=True,
                joins=True,  # "Siku · Fauna": the player and their first decision in one tap
            )
        ]
        wild: dict[str, int] = {}
        for step in self.details(move, seat, wild):
            steps.append(step)
        drawn = getattr(move, "drawn", None)
        if drawn:
            wild["drawn"] = len(steps)
            steps.append(
                Step(
                    key="drawn",
                    # one card drawn is said as one ("Which cards were drawn, in draw order? 1 in all" before)
                    prompt=self.t("card_drawn") if len(drawn) == 1 else self.t("cards_drawn", n=len(drawn)),
                    seat=seat,
                    options=self.unseen(),
                    picks=len(drawn),
                    apart=True,  # "Draw · Bird" would say the family of a card not yet named
                )
            )
        return Candidate(move=move, steps=tuple(steps), finish=_finisher(move, wild) if wild else None, seat=seat)

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
            way = "clockwise" if move.direction == 1 else "counterclockwise"
            return [
                Step(
                    key="space",
                    prompt=self.t("where_pawn", who=who),
                    seat=seat,
                    options=(Choice(id=f"space-{move.space}", label=self.t("space", n=move.space + 1)),),
                ),
                Step(
                    key="wheel",
                    prompt=self.t("which_wheel", who=who),
                    seat=seat,
                    options=(Choice(id=f"wheel-{move.wheel}", label=self.t("wheel", n=move.wheel + 1)),),
                    joins=True,  # the wheel and its way in one tap: "Wheel 5 · Clockwise: Fauna and Flora"
                ),
                Step(
                    key="direction",
                    prompt=self.t("which_way"),
                    seat=seat,
                    options=(Choice(id=way, label=self.t(way, facing=self.facing(move))),),
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
        return self.t("and", a=self.word(a), b=self.word(b))

    def action(self, move: Any, seat: int | None, who: str, wild: dict[str, int]) -> list[Step]:
        if isinstance(move, mv.Skip):
            what = (
                Choice(id="pass", label=self.t("pass"))
                if move.action is None
                else Choice(id=f"skip-{move.action}", label=self.t("skip", action=self.word(move.action)))
            )
        else:
            name = mv.ACTION_MOVES[type(move)]
            what = Choice(id=name, label=self.word(name))
        steps = [Step(key="action", prompt=self.t("which_action", who=who), seat=seat, options=(what,), joins=True)]
        if isinstance(move, mv.PlayFauna):
            steps += self.fauna(move, seat, who, wild, len(steps))
        elif isinstance(move, (mv.Reproduce, mv.UseAbility)):
            steps.append(
                Step(key="card", prompt=self.t("which_top", who=who), seat=seat, options=(self.card(move.card),))
            )
        elif isinstance(move, mv.Migrate):
            for step in move.steps:
                steps += self.migration(step, seat, self.t("which_migrates"), self.t("no_more_migration"))
            steps.append(self.stop(seat, self.t("no_more_migration")))
        elif isinstance(move, mv.RotateAndMigrate):
            if move.step is not None:
                steps += self.migration(move.step, seat, self.t("which_migrates"), self.t("no_migration"))
            steps.append(self.stop(seat, self.t("no_migration")))
        elif isinstance(move, mv.Colonize):
            steps += self.colony(move, seat, who)
        for key, outcome in getattr(move, "outcomes", {}).items():
            steps += self.outcome(key, outcome, seat)
        return steps

    def fauna(self, move: mv.PlayFauna, seat: int | None, who: str, wild: dict[str, int], at: int) -> list[Step]:
        """Which card, then the cards discarded to pay it, one at a time (from the hand the record knows)."""
        steps = [
            Step(
                key="card", prompt=self.t("which_fauna", who=who), seat=seat, options=(self.card(move.card, cost=True),)
            )
        ]
        if move.discards:
            # the discards go to the discard pile in the order the table picked them (that order
            # is the game's): the finished move keeps it
            wild["discards"] = at + 2  # after the seat, action and card steps
            if self.s.chance == "public":
                pool = self.public_discards(move)
            else:
                pool = tuple(self.card(c) for c in move.discards)
            many = len(move.discards) > 1
            steps.append(
                Step(
                    key="discard",
                    prompt=self.t("discard_many", who=who, n=len(move.discards))
                    if many
                    else self.t("discard_one", who=who),
                    seat=seat,
                    options=pool,
                    picks=len(move.discards),
                )
            )
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
        regions = self.ed.regions
        spaces = tuple(
            Choice(
                id=f"map-{i}",
                label=self.t("map_space_in", n=i + 1, sub=_printed(regions[ms.region].subregions[ms.subregion].name)),
                groups=(DecisionOption(id=f"region-{ms.region}", label=_printed(regions[ms.region].name)),),
            )
            for i in move.spaces
            for ms in (self.ed.map[i],)
        )
        no_more = self.t("no_more_spaces")
        return [
            Step(
                key="family",
                prompt=self.t("which_species", who=who),
                seat=seat,
                options=(Choice(id=move.family, label=self.family(move.family)),),
            ),
            Step(
                key="spaces",
                prompt=self.t("which_spaces"),
                seat=seat,
                options=spaces,
                picks=len(spaces),
                stop=no_more,
            ),
            self.stop(seat, no_more),
        ]

    def migration(self, step: mv.MigrationStep, seat: int | None, prompt: str, stop: str) -> list[Step]:
        token = Choice(id=f"token-{step.space}-{step.family}", label=self.token_on_circle(step.family, step.space))
        trade = (
            Choice(id="trade-" + "-".join(step.trade), label=self.t("trade_on_ice", list=self.trades(step.trade)))
            if step.trade
            else Choice(id="no-trade", label=self.t("no_trade"))
        )
        steps = [
            Step(key="token", prompt=prompt, seat=seat, options=(token,), stop=stop),
            Step(key="trade", prompt=self.t("trade_question"), seat=seat, options=(trade,), auto=True),
        ]
        for key, outcome in step.outcomes.items():
            steps += self.outcome(key, outcome, seat)
        return steps

    def outcome(self, key: str, outcome: mv.Outcome, seat: int | None) -> list[Step]:
        """An effect's granted migrations, then the decisions inside its forms."""
        cause = self.cause(key)
        steps: list[Step] = []
        for step in outcome.migrations:
            which = self.t("cause_question", cause=cause, question=self.t("q_migration"))
            steps += self.migration(step, seat, which, self.t("no_more_migration"))
        if outcome.migrations:
            steps.append(self.stop(seat, self.t("no_more_migration")))
        # a step's own outcome resolves under no key (``builder.Trace``)
        questions = self.asked.get(key) or self.asked.get(None) or [[]]
        asked = questions.pop(0) if len(questions) > 1 else questions[0]
        for i, decision in enumerate(outcome.choices):
            what, forms = asked[i] if i < len(asked) else ("", ())
            question = self.t(_QUESTIONS.get(what, "q_other"), who=self.who(seat))
            steps.append(
                Step(
                    key="effect",
                    prompt=self.t("cause_question", cause=cause, question=question),
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
                    prompt=self.t("which_round_card"),
                    options=(Choice(id=f"round-{move.card}", label=_printed(card.name)),),
                )
            ]
        if isinstance(move, mv.RecordMajority):
            region = self.ed.regions[move.region].name
            points = tuple(Choice(id=f"bp-{n}", label=self.t("bp", n=n)) for n in range(_POINTS))
            steps: list[Step] = []
            for s in range(len(move.points)):
                wild[f"points-{s}"] = len(steps) + 1
                steps.append(
                    Step(key="points", prompt=self.t("majority_points", region=region, who=self.who(s)), options=points)
                )
            return steps
        if isinstance(move, mv.ResolveCollapse):
            return [
                Step(
                    key="family",
                    prompt=self.t("which_collapses", who=who),
                    seat=seat,
                    options=(Choice(id=move.family, label=self.family(move.family)),),
                    auto=True,
                ),
                Step(
                    key="tokens",
                    prompt=self.t("which_tokens", n=len(move.tokens), who=who),
                    seat=seat,
                    options=self.tokens(move.tokens),
                    picks=len(move.tokens),
                ),
            ]
        if isinstance(move, mv.ResolveEndangered):
            choice = (
                Choice(id="pay", label=self.t("pay_flora", n=endangered_badges(self.idx, self.s.players[move.seat])))
                if move.destroy is None
                else Choice(id=f"destroy-{move.destroy}", label=self.t("destroy", card=self.card(move.destroy).label))
            )
            return [Step(key="endangered", prompt=self.t("endangered", who=who), seat=seat, options=(choice,))]
        if isinstance(move, mv.RevealEvents):
            regions = self.ed.regions
            todo = round_card(self.ed, self.s).regions[len(self.s.revealed) :]
            return [
                Step(
                    key="subregion",
                    prompt=self.t("which_subregion", region=regions[r].name),
                    options=(Choice(id=f"sub-{sub}", label=_printed(regions[r].subregions[sub].name)),),
                )
                for r, sub in zip(todo, move.subregions, strict=False)
            ]
        if isinstance(move, mv.ResolveEvent):
            return self.event(move, seat, who)
        return []

    def tokens(self, tokens: tuple[Loc, ...]) -> tuple[Choice, ...]:
        """A collapse's tokens, each its own option: two from the release area are "the release area"
        and "the release area, a second token" (one id twice could be picked once: the move could not be
        built)."""
        out: list[Choice] = []
        for loc in tokens:
            nth = sum(1 for c in out if c.id.split(".")[0] == _loc_id(loc)) + 1
            place = _capital(self.place(loc))
            label = place if nth == 1 else self.t(f"nth_{min(nth, 3)}", place=place)
            out.append(Choice(id=_loc_id(loc) + ("" if nth == 1 else f".{nth}"), label=label))
        return tuple(out)

    def place(self, loc: Loc) -> str:
        return self.t(f"z_{loc.zone}", i=loc.index + 1) if f"z_{loc.zone}" in DECISIONS else loc.zone.replace("_", " ")

    def event(self, move: mv.ResolveEvent, seat: int | None, who: str) -> list[Step]:
        """Each of the seat's tokens in a hit sub-region: flee or stay, where to, a trade, its bonus."""
        saves = {s.space: s for s in move.saves}
        steps: list[Step] = []
        for i in hit_spaces(self.ed, self.s):
            token = self.s.map[i]
            if token is None or token.seat != seat:
                continue
            prompt = self.t("flee", family=self.word(token.family), who=who, n=i + 1)
            save = saves.get(i)
            if save is None:
                steps.append(
                    Step(key="flee", prompt=prompt, seat=seat, options=(Choice(id=f"stay-{i}", label=self.t("stays")),))
                )
                continue
            steps.append(
                Step(key="flee", prompt=prompt, seat=seat, options=(Choice(id=f"flee-{i}", label=self.t("flees")),))
            )
            dest = self.t("circle_space", n=save.dest + 1) if save.dest is not None else self.t("rules_say")
            steps.append(
                Step(
                    key="dest",
                    prompt=self.t("where_to"),
                    seat=seat,
                    options=(Choice(id=f"dest-{save.dest}", label=dest),),
                    auto=True,
                )
            )
            trade = (
                Choice(id="trade", label=self.t("trade_it"))
                if save.trade
                else Choice(id="no-trade", label=self.t("no_trade"))
            )
            steps.append(Step(key="trade", prompt=self.t("trade_it_question"), seat=seat, options=(trade,), auto=True))
            for key, outcome in save.outcomes.items():
                steps += self.outcome(key, outcome, seat)
        if not steps:  # nothing of the seat's is hit: still one decision, the table's to confirm
            steps.append(
                Step(
                    key="flee",
                    prompt=self.t("the_event", who=who),
                    seat=seat,
                    options=(Choice(id="ok", label=self.t("nothing_to_save")),),
                )
            )
        return steps


# The question each decision inside an effect answers, by the chooser's ``what`` (``forms.py``).
_QUESTIONS = {
    "a granted migration": "q_migration",
    "an optional effect": "q_optional",
    "a choice of effects": "q_choice",
    "a token move": "q_token",
    "an extra reproduction": "q_reproduction",
    "an extra colony": "q_colony",
    "the player targeted": "q_target",
}
_WHO = {
    "chosen": "w_chosen",
    "each_opponent": "w_each_opponent",
    "left": "w_left",
    "right": "w_right",
    "each_player": "w_each_player",
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


def _loc_id(loc: Loc) -> str:
    return f"{loc.zone}-{loc.index}"


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
