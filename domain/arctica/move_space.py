"""Arctica's move space: the moves of the current step, written once for the two readers of it.

Each family of choices inside a move (which cards to discard, which tokens migrate, which spaces a
Colony takes, which sub-regions the events hit, where a token flees, ...) is answered by a
:class:`Choices`: ``legal._Every`` gives every answer (``legal_moves``), the simulator's seeded picker
one answer drawn from its generator (the simulator's games depend on the order of the draws: each
family is asked once per move, in the order below).
"""

from __future__ import annotations

from typing import Any, Protocol

from msgspec.structs import replace

from . import moves as mv
from .edition import FAMILIES, Edition, Effect, index
from .evolve import active_seat
from .queries import collapse_locs, ecosystem, hit_spaces, round_card, round_card_known, unseen
from .state import UNKNOWN, GameState, Loc

Steps = tuple[mv.MigrationStep, ...]


class Choices(Protocol):
    """How many answers each family of choices gets: all of them, or one picked."""

    def hand(self, known: list[int]) -> list[int]:
        """The known cards of a hand, in the order their Fauna moves are listed."""
        ...

    def discards(self, rest: list[int], others: list[int], cost: int, spare: int) -> list[tuple[int, ...]]:
        """Sets of ``cost`` discards: known cards of the hand (``rest``), then cards nobody has seen
        (``others``) standing for the ``spare`` unknown cards of a public game's hand."""
        ...

    def steps(self, edition: Edition, state: GameState, seat: int, most: int) -> list[Steps]:
        """Sequences of up to ``most`` migrations of ``seat``'s circle tokens (the empty one included)."""
        ...

    def granted(self, edition: Edition, state: GameState, seat: int, most: int) -> list[Steps]:
        """The migrations an effect grants: the empty sequence stands for the printed effect with its
        migrations declined."""
        ...

    def spaces(self, free: list[int], most: int) -> list[tuple[int, ...]]:
        """Colony spaces: 1..``most`` of the ``free`` ones."""
        ...

    def tokens(self, locs: list[Loc], count: int) -> list[tuple[Loc, ...]]:
        """``count`` of the tokens a collapse may take."""
        ...

    def subregions(self, regions: int) -> list[tuple[int, ...]]:
        """A sub-region (0-2) for each of ``regions`` event regions."""
        ...

    def saves(self, flee: list[tuple[int, tuple[int, ...]]], trade: bool) -> list[tuple[mv.Save, ...]]:
        """The tokens saved from an event (``flee``: each hit space and its flee spaces), the set of
        none included; ``trade``: a fled token may be traded on ice tile #6."""
        ...

    def declines(self, seat: int, offered: list[str]) -> list[mv.Skip]:
        """A responding seat's declines of the ``offered`` actions."""
        ...


def move_space(edition: Edition, state: GameState, choose: Choices) -> list[Any]:
    """The moves of the current step without their effects' decisions (see ``legal``)."""
    s = state
    out: list[Any] = []
    if s.phase == "select":
        seat = active_seat(s)
        for space, sp in enumerate(edition.action_spaces):
            if space != s.pawn:
                out += [
                    mv.SelectSpace(seat=seat, space=space, wheel=w, direction=d) for w in sp.wheels for d in (1, -1)
                ]
    elif s.phase == "actions":
        if s.active_left:
            seat = active_seat(s)
            for action in dict.fromkeys(s.active_left):
                out += action_moves(edition, s, seat, action, choose)
                out.append(mv.Skip(seat=seat, action=action))  # type: ignore[arg-type]
        else:
            for seat in s.responders[:1] if s.ordered else s.responders:
                offered = list(dict.fromkeys(s.offered))
                for action in offered:
                    out += action_moves(edition, s, seat, action, choose)
                out += choose.declines(seat, offered)
    elif s.phase == "majority" and not round_card_known(s):
        out += [mv.RevealRoundCard(card=i) for i in range(len(edition.round_cards)) if i not in s.round_cards]
    elif s.phase == "majority":
        todo = [r for r in round_card(edition, s).regions if r not in s.majorities_done]
        out.append(mv.RecordMajority(region=todo[0], points=(0,) * len(s.players)))
    elif s.phase == "collapse":
        for tok in s.pending_collapses:
            locs = collapse_locs(s, tok.seat, tok.family)
            for chosen in choose.tokens(locs, min(3, len(locs))):
                out.append(mv.ResolveCollapse(seat=tok.seat, family=tok.family, tokens=chosen))  # type: ignore[arg-type]
    elif s.phase == "endangered":
        idx = index(edition)
        for seat in s.pending:
            out.append(mv.ResolveEndangered(seat=seat))
            out += [
                mv.ResolveEndangered(seat=seat, destroy=c)
                for c in ecosystem(s.players[seat])
                if idx.cards[c].endangered
            ]
    elif s.phase == "reveal":
        regions = round_card(edition, s).regions[len(s.revealed) :]
        out += [mv.RevealEvents(subregions=subs) for subs in choose.subregions(len(regions))]
    elif s.phase == "events":
        hit = hit_spaces(edition, s)
        trade = index(edition).rules.ice6_trade_on_flee
        for seat in s.pending:
            mine = [i for i in hit if (t := s.map[i]) is not None and t.seat == seat]
            flee = [(i, _flee_spaces(edition, i)) for i in mine]
            out += [mv.ResolveEvent(seat=seat, saves=saves) for saves in choose.saves(flee, trade)]
    return out


def _flee_spaces(edition: Edition, space: int) -> tuple[int, ...]:
    ms = edition.map[space]
    return tuple(edition.regions[ms.region].subregions[ms.subregion].flee_spaces)


def _effect_outcomes(
    edition: Edition, state: GameState, seat: int, key: str, effect: Effect | None, choose: Choices
) -> list[dict[str, mv.Outcome]]:
    """The printed effect (outcome left out), or the migrations it grants written out."""
    if effect is None or effect.migrations == 0:
        return [{}]
    printed = mv.Outcome(flora=effect.flora, flora_cost=effect.flora_cost, cards=effect.cards, bp=effect.bp)
    return [
        {key: replace(printed, migrations=seq)} if seq else {}
        for seq in choose.granted(edition, state, seat, effect.migrations)
    ]


def action_moves(edition: Edition, state: GameState, seat: int, action: str, choose: Choices) -> list[mv.Move]:
    idx = index(edition)
    p = state.players[seat]
    out: list[mv.Move] = []
    tops = [c[0] for c in (p.long_column, p.short_column) if c]
    if action == "fauna":
        # Public games: an unknown card of the hand may be any card nobody has seen.
        known = choose.hand([c for c in p.hand if c != UNKNOWN])
        hidden = len(p.hand) - len(known)
        pool = sorted(unseen(idx, state)) if hidden else []
        for card_id in dict.fromkeys(known + pool):
            card = idx.cards[card_id]
            rest = [c for c in known if c != card_id]
            spare = hidden - (card_id not in known)
            others = [c for c in pool if c != card_id]
            for discards in choose.discards(rest, others, card.cost, spare):
                for outcomes in _effect_outcomes(edition, state, seat, f"flash:{card_id}", card.flash, choose):
                    out.append(mv.PlayFauna(seat=seat, card=card_id, discards=discards, outcomes=outcomes))
    elif action == "reproduction":
        out += [mv.Reproduce(seat=seat, card=c) for c in tops if c not in idx.starting_ids]
    elif action == "ability":
        for c in tops:
            for outcomes in _effect_outcomes(edition, state, seat, f"ability:{c}", idx.cards[c].ability, choose):
                out.append(mv.UseAbility(seat=seat, card=c, outcomes=outcomes))
    elif action == "flora":
        out.append(mv.TakeFlora(seat=seat))
    elif action == "migration":
        out += [mv.Migrate(seat=seat, steps=seq) for seq in choose.steps(edition, state, seat, 2)]
    elif action == "draw":
        out.append(mv.Draw(seat=seat))
    elif action == "rotate_card":
        out.append(mv.RotateAndDraw(seat=seat))
    elif action == "rotate_migration":
        out += [
            mv.RotateAndMigrate(seat=seat, step=seq[0] if seq else None)
            for seq in choose.steps(edition, state, seat, 1)
        ]
    elif action == "colony":
        for f, fam in enumerate(FAMILIES):
            free = [i for i, ms in enumerate(edition.map) if ms.family == fam and state.map[i] is None]
            for spaces in choose.spaces(free, min(p.release[f], len(free))):
                out.append(mv.Colonize(seat=seat, family=fam, spaces=spaces))  # type: ignore[arg-type]
    return out
