"""The :class:`Builder` a move is resolved with: it emits each event and folds it at once (a later
check of the same move sees Flora gained earlier), applies card effects, draws, token placements and
migrations, then runs the automatic steps (end of turn, ice melt, majorities, end of round, final
scoring) until a player's or the table's decision is needed."""

from __future__ import annotations

from typing import NamedTuple

import msgspec

from domain.chance import SplitMix64
from domain.game import state_hash

from . import events as ev
from . import moves as mv
from .edition import FAMILIES, Card, Edition, Effect, index
from .evolve import evolve
from .forms import Chooser, Explorer, resolve
from .queries import (
    collapses_due,
    destination,
    endangered_badges,
    flora_total,
    hit_spaces,
    live_tile,
    majority_points,
    region_tokens,
    round_card,
    round_card_known,
)
from .scoring import results as score_results
from .state import EMPTY, UNKNOWN, GameState, Loc, PlayerState, Token
from .violations import fail


class Trace(NamedTuple):
    """The decisions of one top-level effect: its key in the move's ``outcomes`` (None: a step's own
    outcome), the outcome as recorded or printed, the chooser, and the migration step or save whose
    arrival triggered it (a circle bonus)."""

    key: str | None
    outcome: mv.Outcome
    chooser: Chooser
    holder: object


class Builder:
    def __init__(
        self,
        edition: Edition,
        state: GameState,
        outcomes: dict[str, mv.Outcome] | None = None,
        drawn: tuple[int, ...] | None = None,
        explorer: Explorer | None = None,
    ) -> None:
        self.ed = edition
        self.idx = index(edition)
        self.s = state
        self.events: list[ev.Event] = []
        self.outcomes = dict(outcomes or {})
        self.supplied_drawn = drawn
        self.queue: list[int] | None = None if drawn is None else list(drawn)
        self.drawn_all: list[int] = []
        #: the chooser of the effect being resolved (a nested effect takes its decisions from it)
        self.choosers: list[Chooser] = []
        self.explorer = explorer
        #: per top-level effect resolved with a ``then`` form: (its key in the move's ``outcomes``, None for
        #: a migration step's own outcome; the outcome as recorded or printed; the chooser)
        self.traces: list[Trace] = []
        #: ``legal_moves`` in a table game: draws not named take the lowest unseen cards
        self.name_draws = explorer is not None and drawn is None

    def emit(self, event: ev.Event) -> None:
        self.s = evolve(self.s, event)
        self.events.append(event)

    def outcome(self, key: str) -> mv.Outcome | None:
        return self.outcomes.pop(key, None)

    def check_consumed(self) -> None:
        if self.outcomes:
            fail(
                "arctica.unexpected_outcome",
                f"outcomes supplied for effects that did not happen: {sorted(self.outcomes)}",
            )

    def player(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    # -- resources

    def gain_flora(self, seat: int, amount: int, cause: str) -> None:
        if amount <= 0:
            return
        free = self.player(seat).long_wheel.count(EMPTY)
        on = min(amount, free)
        self.emit(ev.FloraGained(seat=seat, amount=amount, on_wheel=on, to_release=amount - on, cause=cause))

    def pay_flora(self, seat: int, amount: int, cause: str) -> None:
        if amount <= 0:
            return
        have = flora_total(self.player(seat))
        if have < amount:
            fail("arctica.cannot_pay", f"seat {seat} has {have} Flora, {amount} needed ({cause})")
        self.emit(ev.FloraPaid(seat=seat, amount=amount, cause=cause))

    def score(self, seat: int, points: int, cause: str) -> None:
        if points > 0:
            self.emit(ev.BiodiversityScored(seat=seat, points=points, cause=cause))

    def draw(self, seat: int, count: int, cause: str) -> None:
        rules = self.idx.rules
        room = rules.hand_limit - len(self.player(seat).hand)
        if not rules.hand_limit_all_draws and cause != "action:draw":
            room = count
        wanted = max(0, min(count, room))
        if wanted > len(self.s.deck) and rules.reshuffle_empty_deck and self.s.discard:
            self.reshuffle()
        s = self.s
        k = min(wanted, len(s.deck))
        if k == 0:
            return
        if s.chance == "seeded":
            cards = s.deck[:k]
        elif s.chance == "public":
            cards = (UNKNOWN,) * k
        elif self.queue is None and self.name_draws:
            cards = s.deck[:k]  # a table game's deck: the unseen cards, sorted
        else:
            if self.queue is None:
                fail("arctica.draw_required", f"name the card(s) drawn in this move ({k} for {cause})")
            if len(self.queue) < k:
                fail("arctica.draw_count", f"{k} card(s) are drawn for {cause}: too few cards named")
            cards = tuple(self.queue[:k])
            del self.queue[:k]
            if len(set(cards)) != k or not set(cards) <= set(s.deck):
                fail(
                    "arctica.unknown_card",
                    f"cards {list(cards)} are not all unseen cards",
                    legal=sorted(set(s.deck)),  # the cards that may be named: every unseen one
                )
        self.drawn_all.extend(cards)
        self.emit(ev.CardsDrawn(seat=seat, count=k, cards=cards, cause=cause))

    def reshuffle(self) -> None:
        """The discard pile back into the deck, under what is left of it. Seeded games shuffle with a
        generator seeded from the state (so ``decide`` stays a function of its inputs) and record the
        order; table games put the cards back among the unseen ones."""
        s = self.s
        if s.chance == "seeded":
            rng = SplitMix64(int(state_hash(s)[7:23], 16))
            back = list(s.discard)
            rng.shuffle(back)
            cards = (*s.deck, *back)
        elif s.chance == "public":
            cards = (*s.deck, *(UNKNOWN,) * len(s.discard))
        else:
            cards = tuple(sorted((*s.deck, *s.discard)))
        self.emit(ev.DeckReshuffled(cards=cards, reshuffled=len(s.discard)))

    def check_draws(self) -> None:
        if self.supplied_drawn is None:
            return
        if self.s.chance == "public":
            fail("arctica.draw_mismatch", "a public-information game does not name the cards drawn")
        if self.s.chance == "seeded" and tuple(self.drawn_all) != tuple(self.supplied_drawn):
            fail(
                "arctica.draw_mismatch",
                f"the recorded deck gives {self.drawn_all}, not {list(self.supplied_drawn)}",
            )
        if self.queue:
            fail("arctica.draw_count", f"more cards named than drawn: {self.queue} left over")

    def effect(
        self,
        seat: int,
        cause: str,
        defined: Effect | None,
        supplied: mv.Outcome | None,
        *,
        key: str | None = None,
        holder: object = None,
    ) -> None:
        """Resolve an effect (``supplied``: its recorded outcome, from the move's ``outcomes[key]``, or
        from a migration step's own outcomes when ``key`` is None)."""
        if supplied is not None and min(supplied.flora, supplied.flora_cost, supplied.cards, supplied.bp) < 0:
            fail("arctica.bad_outcome", f"{cause}: outcome values are never negative")
        if supplied is not None:
            if defined is not None and (
                (supplied.flora, supplied.flora_cost, supplied.cards, supplied.bp)
                != (defined.flora, defined.flora_cost, defined.cards, defined.bp)
                or len(supplied.migrations) > defined.migrations
            ):
                fail(
                    "arctica.outcome_mismatch",
                    f"{cause}: the edition prints {msgspec.to_builtins(defined)}",
                    legal=[defined],
                )
            out = supplied
        elif defined is not None:
            out = mv.Outcome(flora=defined.flora, flora_cost=defined.flora_cost, cards=defined.cards, bp=defined.bp)
        else:
            return
        # a nested effect without its own outcome takes its decisions from the enclosing effect's list
        nested = supplied is None and bool(self.choosers)
        if supplied is not None and supplied.choices and (defined is None or defined.then is None):
            fail("arctica.bad_decision", f"{cause}: this effect has no decisions to make", legal=[])
        self.pay_flora(seat, out.flora_cost, cause)
        self.gain_flora(seat, out.flora, cause)
        self.draw(seat, out.cards, cause)
        self.score(seat, out.bp, cause)
        for step in out.migrations:
            self.migrate(seat, step, cause)
        if defined is None or defined.then is None:
            return
        if nested:
            resolve(self, seat, defined.then, self.choosers[-1], cause)
            return
        chooser = Chooser(out.choices, cause, self.explorer)
        self.choosers.append(chooser)
        resolve(self, seat, defined.then, chooser, cause)
        self.choosers.pop()
        chooser.finish()
        self.traces.append(Trace(key, out, chooser, holder))

    # -- actions an effect can also grant

    def rotate_wheels(self, seat: int, cause: str) -> None:
        p = self.player(seat)
        fell = tuple(w[-1] for w in (p.short_wheel, p.long_wheel) if w and w[-1] != EMPTY)
        self.emit(ev.WheelsRotated(seat=seat, fell=fell, cause=cause))

    def top_column(self, seat: int, card: int, *, reproduce: bool) -> str:
        p = self.player(seat)
        tops = [c[0] for c in (p.long_column, p.short_column) if c]
        if card not in tops:
            legal = [c for c in tops if not (reproduce and c in self.idx.starting_ids)]
            fail("arctica.not_on_top", f"card {card} is not on top of a generation column", legal=legal)
        return "long" if p.long_column and p.long_column[0] == card else "short"

    def reproduce(self, seat: int, card: int, cause: str) -> None:
        """A token of the top card's species on its wheel, the card to the back of its column."""
        column = self.top_column(seat, card, reproduce=True)
        if card in self.idx.starting_ids:
            fail("arctica.starting_card", "the two starting Generation Cards cannot reproduce")
        self.place_token(seat, self.idx.cards[card], cause)
        self.emit(ev.CardMovedToBack(seat=seat, card=card, column=column, cause=cause))  # type: ignore[arg-type]

    def colonize(self, seat: int, family: str, spaces: tuple[int, ...]) -> None:
        """Pay 1 Flora, tokens of ``family`` from the release area to ``spaces``, each space's effect
        and each new connection's bonus (for both players)."""
        ed, s = self.ed, self.s
        if not spaces:
            fail("arctica.no_space_chosen", "place at least one token")
        f = FAMILIES.index(family)
        if self.player(seat).release[f] < len(spaces):
            fail("arctica.release_empty", f"only {self.player(seat).release[f]} {family} token(s) in the release area")
        if len(set(spaces)) != len(spaces):
            fail("arctica.space_occupied", "a space is listed twice")
        for sp in spaces:
            if not 0 <= sp < len(ed.map) or ed.map[sp].family != family:
                legal = [i for i, ms in enumerate(ed.map) if ms.family == family and s.map[i] is None]
                fail("arctica.wrong_species_space", f"space {sp} is not a {family} space", legal=legal)
            if s.map[sp] is not None:
                fail("arctica.space_occupied", f"map space {sp} is occupied")
        self.pay_flora(seat, 1, "colony")
        for sp in spaces:
            self.emit(ev.TokenMoved(seat=seat, family=family, src=Loc("release"), dst=Loc("map", sp), cause="colony"))
            key = f"map:{sp}"
            self.effect(seat, key, ed.map[sp].effect, self.outcome(key), key=key)
            for other, a, conn in self.idx.links.get(sp, ()):
                owner = self.s.map[other]
                if owner is None:
                    continue
                ckey = f"connection:{a}-{conn.b}"
                self.effect(seat, ckey, conn.bonus, self.outcome(ckey), key=ckey)
                if owner.seat != seat:
                    other_key = f"{ckey}@{owner.seat}"
                    self.effect(owner.seat, ckey, conn.bonus, self.outcome(other_key), key=other_key)

    # -- tokens

    def place_token(self, seat: int, card: Card, cause: str) -> None:
        p = self.player(seat)
        zone = "long_wheel" if card.generation == "long" else "short_wheel"
        wheel = p.long_wheel if card.generation == "long" else p.short_wheel
        if EMPTY not in wheel:
            fail("arctica.wheel_full", f"the {card.generation}-generation wheel has no free slot")
        if p.supply[FAMILIES.index(card.family)] <= 0:
            fail("arctica.no_token_in_supply", f"no {card.family} token left in the supply")
        self.emit(
            ev.TokenMoved(
                seat=seat,
                family=card.family,
                src=Loc("supply"),
                dst=Loc(zone, wheel.index(EMPTY)),  # type: ignore[arg-type]
                cause=cause,
            )
        )

    def circle_bonus(self, seat: int, space: int, local: dict[str, mv.Outcome], holder: object = None) -> None:
        """The bonus of the circle space a token arrives on: its outcome recorded in the step (or save)
        itself, else in the move's ``outcomes`` (the first arrival there in the move takes it)."""
        key = f"circle:{space}"
        bonus = self.ed.circle[space].bonus
        if key in local:
            self.effect(seat, key, bonus, local.pop(key))
        else:
            self.effect(seat, key, bonus, self.outcome(key), key=key, holder=holder)

    def migrate(self, seat: int, step: mv.MigrationStep, cause: str) -> None:
        s, ed = self.s, self.ed
        if not 0 <= step.space < len(s.circle) or Token(seat, step.family) not in s.circle[step.space]:
            own = [
                mv.MigrationStep(space=i, family=t.family)  # type: ignore[arg-type]
                for i, sp in enumerate(s.circle)
                for t in sp
                if t.seat == seat
            ]
            fail(
                "arctica.no_token_on_circle",
                f"seat {seat} has no {step.family} on circle space {step.space}",
                legal=own,
            )
        dst = destination(ed, s, step.space, step.family)
        self.emit(ev.TokenMigrated(seat=seat, family=step.family, src=step.space, dst=dst, cause=cause))
        local = dict(step.outcomes)
        tile = live_tile(ed, self.s, dst)
        if tile != 6:  # ice tile #6 gives no automatic bonus
            self.circle_bonus(seat, dst, local, step)
        if step.trade:
            if tile != 6:
                fail("arctica.trade_not_on_ice6", "trading needs the token to reach ice tile #6")
            for fam in step.trade:
                if Token(seat, fam) not in self.s.circle[dst]:
                    fail("arctica.trade_token_missing", f"no own {fam} token on ice tile #6")
                self.pay_flora(seat, 1, "ice6")
                self.score(seat, 3, "ice6")
                self.emit(
                    ev.TokenMoved(seat=seat, family=fam, src=Loc("circle", dst), dst=Loc("release"), cause="ice6")
                )
        if local:
            fail(
                "arctica.unexpected_outcome",
                f"outcomes supplied for effects that did not happen: {sorted(local)}",
            )

    # -- automatic steps

    def auto(self) -> None:
        ed = self.ed
        while True:
            s = self.s
            ph = s.phase
            if ph == "actions" and not s.active_left and not s.responders:
                self.emit(ev.TurnEnded(round=s.round, turn=s.turn))
            elif ph == "melt":
                space = self.idx.ice_space.get(s.round)
                if space is not None:
                    for tok in s.circle[space]:
                        self.emit(
                            ev.TokenMoved(
                                seat=tok.seat,
                                family=tok.family,
                                src=Loc("circle", space),
                                dst=Loc("supply"),
                                cause="ice_melt",
                            )
                        )
                self.emit(ev.IceMelted(round=s.round, tile=s.round, space=-1 if space is None else space))
            elif ph == "majority":
                if not round_card_known(s):
                    return  # a public game: the table reveals the round card
                card = round_card(ed, s)
                todo = [r for r in card.regions if r not in s.majorities_done]
                if not todo:
                    self.emit(ev.CollapseStep(round=s.round, due=collapses_due(s)))
                elif card.rewards is None:
                    return
                else:
                    tokens = region_tokens(ed, s, todo[0])
                    points = majority_points(tokens, card.rewards)
                    for seat, pts in enumerate(points):
                        self.score(seat, pts, f"majority:{todo[0]}")
                    self.emit(ev.MajorityResolved(round=s.round, region=todo[0], tokens=tokens, points=points))
            elif ph == "collapse" and not s.pending_collapses:
                seats = tuple(i for i, p in enumerate(s.players) if endangered_badges(self.idx, p) > 0)
                self.emit(ev.EndangeredStep(round=s.round, seats=seats))
            elif ph == "endangered" and not s.pending:
                self.emit(ev.EventsDue(round=s.round, regions=round_card(ed, s).regions))
            elif ph == "reveal":
                regions = round_card(ed, s).regions
                k = len(s.revealed)
                if k >= len(regions):
                    hit = hit_spaces(ed, s)
                    seats = tuple(sorted({t.seat for i in hit if (t := s.map[i]) is not None}))
                    self.emit(ev.EventStep(round=s.round, seats=seats))
                elif s.event_plan:
                    sub = s.event_plan[s.round - 1][k]
                    self.emit(ev.EventRevealed(round=s.round, region=regions[k], subregion=sub))
                else:
                    return
            elif ph == "events" and not s.pending:
                self.emit(ev.RoundEnded(round=s.round))
            elif ph == "scoring":
                self.emit(ev.GameEnded(results=tuple(score_results(ed, s))))
            else:
                return
