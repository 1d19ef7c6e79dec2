"""``start`` and ``decide``: validate setups and moves against the Arctica rules summary and the
edition, and produce events. Pure: the edition object is passed in, nothing is mutated.

``decide`` folds its own events as it goes (so a later check sees Flora gained earlier in the same
move) and then runs the automatic steps (end of turn, ice melt, majorities defined by the edition,
the end-of-round steps, the final scoring) until a player's or the table's decision is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import events as ev
from . import moves as mv
from .builder import Builder
from .edition import FAMILIES, ICE_BOUND, Edition
from .evolve import active_seat
from .forms import Explorer
from .queries import (
    badges,
    collapse_locs,
    ecosystem,
    endangered_badges,
    has_ice,
    hit_spaces,
    live_tile,
    next_ice,
    offered_actions,
    region_tokens,
    round_card,
    round_card_known,
    unseen,
)
from .state import EMPTY, UNKNOWN, GameState, Loc, PlayerState, Token
from .violations import fail


def decide(edition: Edition, state: GameState, move: mv.Move) -> list[ev.Event]:
    return decide_and_evolve(edition, state, move)[0]


def decide_and_evolve(edition: Edition, state: GameState, move: mv.Move) -> tuple[list[ev.Event], GameState]:
    """``decide``, and the state after its events: the builder evolves each event as it emits it."""
    b = resolve_move(edition, state, move)
    return b.events, b.s


def resolve_move(edition: Edition, state: GameState, move: mv.Move, explorer: Explorer | None = None) -> Builder:
    """The builder after ``move``; with an ``explorer``, decisions and (table games) draws the move does
    not record are filled in (``legal.py``)."""
    if state.phase == "setup":
        fail("arctica.not_started", "the game has not started")
    if state.phase == "finished":
        fail("arctica.game_finished", "the game is over")
    b = Builder(edition, state, getattr(move, "outcomes", None), getattr(move, "drawn", None), explorer)
    handler = _HANDLERS.get(type(move))
    if handler is None:
        fail("arctica.unknown_move", f"{type(move).__name__} is not an Arctica move")
    handler(b, move)
    b.check_consumed()
    b.check_draws()
    b.auto()
    return b


def _require_phase(builder: Builder, *phases: str) -> None:
    if builder.s.phase not in phases:
        fail("arctica.wrong_phase", f"the game is in step {builder.s.phase!r}, not {' / '.join(phases)}")


def _require_actor(builder: Builder, seat: int, action: str | None, *, skip: bool = False) -> None:
    _require_phase(builder, "actions")
    s = builder.s
    if seat >= len(s.players):
        fail("arctica.not_your_turn", f"no seat {seat}")
    active = active_seat(s)
    if s.active_left:
        if seat != active:
            fail("arctica.not_your_turn", f"seat {active} is performing their actions")
        if action not in s.active_left:
            fail(
                "arctica.action_not_offered",
                f"{action} is not among {list(s.active_left)}",
                legal=s.active_left,
            )
    else:
        if seat not in s.responders:
            fail("arctica.not_your_turn", f"seat {seat} has no choice to make now", legal=s.responders)
        if s.ordered and seat != s.responders[0]:
            fail(
                "arctica.out_of_order",
                f"seat {s.responders[0]} resolves first (Colony)",
                legal=s.responders[:1],
            )
        if not (skip and action is None) and action not in s.offered:
            fail("arctica.action_not_offered", f"{action} is not among {list(s.offered)}", legal=s.offered)
    if skip:
        builder.emit(ev.ActionSkipped(seat=seat, action=action))
    else:
        builder.emit(ev.ActionPerformed(seat=seat, action=action or ""))


def _select(builder: Builder, move: mv.SelectSpace) -> None:
    _require_phase(builder, "select")
    s, ed = builder.s, builder.ed
    active = active_seat(s)
    if move.seat != active:
        fail("arctica.not_your_turn", f"seat {active} is the active player")
    if not 0 <= move.space < len(ed.action_spaces):
        fail("arctica.unknown_space", f"no action space {move.space}")
    if move.space == s.pawn:
        legal = [i for i in range(len(ed.action_spaces)) if i != s.pawn]
        fail("arctica.space_unavailable", f"the action pawn is already on space {move.space}", legal=legal)
    sp = ed.action_spaces[move.space]
    if move.wheel not in sp.wheels:
        fail(
            "arctica.wheel_not_adjacent",
            f"space {move.space} connects wheels {list(sp.wheels)}",
            legal=sp.wheels,
        )
    builder.emit(ev.PawnPlaced(seat=move.seat, round=s.round, turn=s.turn, space=move.space))
    orientation = (s.orientations[move.wheel] + move.direction) % 4
    builder.emit(ev.WheelTurned(seat=move.seat, wheel=move.wheel, direction=move.direction, orientation=orientation))
    actions = offered_actions(ed, builder.s.orientations, move.space)
    n = len(s.players)
    responders = tuple((active + k) % n for k in range(1, n))
    builder.emit(ev.ActionsOffered(seat=move.seat, actions=actions, responders=responders, ordered="colony" in actions))


def _top_card(builder: Builder, seat: int, card: int, *, reproduce: bool) -> str:
    return builder.top_column(seat, card, reproduce=reproduce)


def _fauna(builder: Builder, move: mv.PlayFauna) -> None:
    _require_actor(builder, move.seat, "fauna")
    p = builder.player(move.seat)
    if not _holds(builder, p, (move.card,)):
        known = tuple(c for c in p.hand if c != UNKNOWN)
        fail("arctica.card_not_in_hand", f"card {move.card} is not in seat {move.seat}'s hand", legal=known)
    card = builder.idx.cards[move.card]
    if (
        len(move.discards) != card.cost
        or len(set(move.discards)) != len(move.discards)
        or move.card in move.discards
        or not _holds(builder, p, (move.card, *move.discards))
    ):
        fail("arctica.wrong_cost", f"{card.name} costs {card.cost}: discard exactly {card.cost} other card(s)")
    have = badges(builder.idx, p)
    for badge in card.requires:
        if badge not in have:
            fail("arctica.missing_badges", f"{card.name} requires {list(card.requires)}")
        have.remove(badge)
    cause = f"fauna:{card.id}"
    wheel = p.long_wheel if card.generation == "long" else p.short_wheel
    if EMPTY not in wheel:
        fail("arctica.wheel_full", f"the {card.generation}-generation wheel has no free slot")
    if move.discards:
        builder.emit(ev.CardsDiscarded(seat=move.seat, cards=move.discards, cause=cause))
    builder.emit(ev.FaunaPlayed(seat=move.seat, card=card.id, column=card.generation))
    builder.place_token(move.seat, card, cause)
    key = f"flash:{card.id}"
    builder.effect(move.seat, key, card.flash, builder.outcome(key), key=key)


def _holds(builder: Builder, player: PlayerState, cards: tuple[int, ...]) -> bool:
    """Whether the hand holds ``cards``. In a public game an unknown card of the hand may be any card
    nobody has seen yet: playing or discarding it reveals it."""
    hand = list(player.hand)
    pool = unseen(builder.idx, builder.s) if builder.s.chance == "public" and UNKNOWN in hand else set()
    for c in cards:
        if c in hand and c != UNKNOWN:
            hand.remove(c)
        elif c in pool and UNKNOWN in hand:
            hand.remove(UNKNOWN)
            pool.discard(c)
        else:
            return False
    return True


def _reproduce(builder: Builder, move: mv.Reproduce) -> None:
    _require_actor(builder, move.seat, "reproduction")
    builder.reproduce(move.seat, move.card, f"reproduction:{move.card}")


def _ability(builder: Builder, move: mv.UseAbility) -> None:
    _require_actor(builder, move.seat, "ability")
    column = _top_card(builder, move.seat, move.card, reproduce=False)
    key = f"ability:{move.card}"
    builder.effect(move.seat, key, builder.idx.cards[move.card].ability, builder.outcome(key), key=key)
    builder.emit(ev.CardMovedToBack(seat=move.seat, card=move.card, column=column, cause=key))  # type: ignore[arg-type]


def _flora(builder: Builder, move: mv.TakeFlora) -> None:
    _require_actor(builder, move.seat, "flora")
    builder.gain_flora(move.seat, 2, "action:flora")


def _migrate(builder: Builder, move: mv.Migrate) -> None:
    _require_actor(builder, move.seat, "migration")
    if len(move.steps) > 2:
        fail("arctica.too_many_migrations", "Migration x2 moves at most two tokens")
    for step in move.steps:
        builder.migrate(move.seat, step, "action:migration")


def _draw(builder: Builder, move: mv.Draw) -> None:
    _require_actor(builder, move.seat, "draw")
    builder.draw(move.seat, 2, "action:draw")


def _rotate(builder: Builder, seat: int, cause: str) -> None:
    builder.rotate_wheels(seat, cause)


def _rotate_card(builder: Builder, move: mv.RotateAndDraw) -> None:
    _require_actor(builder, move.seat, "rotate_card")
    _rotate(builder, move.seat, "action:rotate_card")
    builder.draw(move.seat, 1, "action:rotate_card")


def _rotate_migration(builder: Builder, move: mv.RotateAndMigrate) -> None:
    _require_actor(builder, move.seat, "rotate_migration")
    _rotate(builder, move.seat, "action:rotate_migration")
    if move.step is not None:
        builder.migrate(move.seat, move.step, "action:rotate_migration")


def _colony(builder: Builder, move: mv.Colonize) -> None:
    _require_actor(builder, move.seat, "colony")
    builder.colonize(move.seat, move.family, move.spaces)


def _skip(builder: Builder, move: mv.Skip) -> None:
    _require_actor(builder, move.seat, move.action, skip=True)


def _reveal_round_card(builder: Builder, move: mv.RevealRoundCard) -> None:
    _require_phase(builder, "majority")
    s = builder.s
    if round_card_known(s):
        fail("arctica.wrong_phase", f"the round card of round {s.round} is already known")
    left = [i for i in range(len(builder.ed.round_cards)) if i not in s.round_cards]
    if move.card not in left:
        fail("arctica.bad_round_card", f"round card {move.card} is not one of the round cards still unused", legal=left)
    builder.emit(ev.RoundCardRevealed(round=s.round, card=move.card))


def _token_at(state: GameState, seat: int, family: str, loc: Loc) -> bool:
    p = state.players[seat]
    f = FAMILIES.index(family)
    if loc.zone == "supply":
        return p.supply[f] > 0
    if loc.zone == "release":
        return p.release[f] > 0
    if loc.zone in ("long_wheel", "short_wheel"):
        wheel = p.long_wheel if loc.zone == "long_wheel" else p.short_wheel
        return 0 <= loc.index < len(wheel) and wheel[loc.index] == family
    if loc.zone == "map":
        return 0 <= loc.index < len(state.map) and state.map[loc.index] == Token(seat, family)
    return 0 <= loc.index < len(state.circle) and Token(seat, family) in state.circle[loc.index]


def _room_at(state: GameState, seat: int, loc: Loc) -> bool:
    p = state.players[seat]
    if loc.zone in ("long_wheel", "short_wheel"):
        wheel = p.long_wheel if loc.zone == "long_wheel" else p.short_wheel
        return 0 <= loc.index < len(wheel) and wheel[loc.index] == EMPTY
    if loc.zone == "map":
        return 0 <= loc.index < len(state.map) and state.map[loc.index] is None
    if loc.zone == "circle":
        return 0 <= loc.index < len(state.circle)
    return True  # supply and release take any number


def _adjust(builder: Builder, move: mv.Adjust) -> None:
    """What the table did that the engine cannot express, checked for conservation (Flora never
    negative, a token moved only from where it is to a free place, BP of effects never negative)."""
    if move.seat >= len(builder.s.players):
        fail("arctica.bad_adjustment", f"no seat {move.seat}")
    reason = move.reason.strip()
    if not reason:
        fail("arctica.bad_adjustment", "an adjustment gives its reason")
    if move.bp < 0 and builder.player(move.seat).bp_effects < -move.bp:
        fail(
            "arctica.bad_adjustment",
            f"seat {move.seat} has {builder.player(move.seat).bp_effects} BP from effects to take back",
        )
    builder.emit(ev.AdjustmentMade(seat=move.seat, reason=reason))
    cause = "adjustment"
    for shift in move.tokens:
        if shift.src == shift.dst or not _token_at(builder.s, move.seat, shift.family, shift.src):
            fail("arctica.bad_adjustment", f"seat {move.seat} has no {shift.family} token at {shift.src}")
        if not _room_at(builder.s, move.seat, shift.dst):
            fail("arctica.bad_adjustment", f"{shift.dst} is not a free place for a token")
        builder.emit(ev.TokenMoved(seat=move.seat, family=shift.family, src=shift.src, dst=shift.dst, cause=cause))
    for _ in range(move.rotations):
        _rotate(builder, move.seat, cause)
    if move.flora > 0:
        builder.gain_flora(move.seat, move.flora, cause)
    elif move.flora < 0:
        builder.pay_flora(move.seat, -move.flora, cause)
    if move.bp:
        builder.emit(ev.BiodiversityScored(seat=move.seat, points=move.bp, cause=cause))
    builder.draw(move.seat, move.cards, cause)


def _record_majority(builder: Builder, move: mv.RecordMajority) -> None:
    _require_phase(builder, "majority")
    s = builder.s
    if not round_card_known(s):
        fail("arctica.wrong_phase", "reveal the round card first (reveal_round_card)")
    card = round_card(builder.ed, s)
    todo = [r for r in card.regions if r not in s.majorities_done]
    if not todo or move.region != todo[0] or len(move.points) != len(s.players) or min(move.points) < 0:
        fail("arctica.bad_points", f"record one value per seat for region {todo[0] if todo else None}")
    for seat, pts in enumerate(move.points):
        builder.score(seat, pts, f"majority:{move.region}")
    builder.emit(
        ev.MajorityResolved(
            round=s.round, region=move.region, tokens=region_tokens(builder.ed, s, move.region), points=move.points
        )
    )


def _collapse(builder: Builder, move: mv.ResolveCollapse) -> None:
    _require_phase(builder, "collapse")
    s = builder.s
    if Token(move.seat, move.family) not in s.pending_collapses:
        fail(
            "arctica.no_collapse",
            f"no collapse of {move.family} is due for seat {move.seat}",
            legal=s.pending_collapses,
        )
    available = collapse_locs(s, move.seat, move.family)
    need = min(3, len(available))
    if len(move.tokens) != need:
        fail("arctica.wrong_collapse_tokens", f"discard exactly {need} {move.family} token(s)", legal=available)
    builder.emit(ev.CollapseResolved(seat=move.seat, family=move.family))
    for loc in move.tokens:
        if loc not in collapse_locs(builder.s, move.seat, move.family):
            fail("arctica.wrong_collapse_tokens", f"no own {move.family} token at {loc}", legal=available)
        builder.emit(ev.TokenMoved(seat=move.seat, family=move.family, src=loc, dst=Loc("supply"), cause="collapse"))
    builder.draw(move.seat, 4, "collapse")
    builder.gain_flora(move.seat, 2, "collapse")


def _endangered(builder: Builder, move: mv.ResolveEndangered) -> None:
    _require_phase(builder, "endangered")
    s = builder.s
    if move.seat not in s.pending:
        fail("arctica.not_your_turn", f"seat {move.seat} has no endangered upkeep to resolve", legal=s.pending)
    p = builder.player(move.seat)
    count = endangered_badges(builder.idx, p)
    if move.destroy is None:
        builder.pay_flora(move.seat, count, "endangered")
    else:
        if move.destroy not in ecosystem(p) or builder.idx.cards[move.destroy].endangered == 0:
            legal = [c for c in ecosystem(p) if builder.idx.cards[c].endangered]
            fail(
                "arctica.not_endangered_card",
                f"card {move.destroy} is not an endangered card of the ecosystem",
                legal=legal,
            )
        builder.emit(ev.CardDestroyed(seat=move.seat, card=move.destroy, cause="endangered"))
    builder.emit(ev.EndangeredResolved(seat=move.seat, badges=count, paid=move.destroy is None, destroyed=move.destroy))


def _reveal(builder: Builder, move: mv.RevealEvents) -> None:
    _require_phase(builder, "reveal")
    s = builder.s
    regions = round_card(builder.ed, s).regions[len(s.revealed) :]
    if len(move.subregions) != len(regions) or any(not 0 <= x <= 2 for x in move.subregions):
        fail("arctica.bad_subregion", f"one sub-region 0..2 for each of regions {list(regions)}")
    for region, sub in zip(regions, move.subregions, strict=True):
        builder.emit(ev.EventRevealed(round=s.round, region=region, subregion=sub))


def _event(builder: Builder, move: mv.ResolveEvent) -> None:
    _require_phase(builder, "events")
    s, ed = builder.s, builder.ed
    if move.seat not in s.pending:
        fail("arctica.not_your_turn", f"seat {move.seat} has no token in a hit sub-region", legal=s.pending)
    mine = [i for i in hit_spaces(ed, s) if (t := s.map[i]) is not None and t.seat == move.seat]
    saves = {sv.space: sv for sv in move.saves}
    if len(saves) != len(move.saves) or not set(saves) <= set(mine):
        fail("arctica.bad_save", "save own tokens of the hit sub-regions, each once", legal=mine)
    saved = lost = 0
    for i in mine:
        tok = s.map[i]
        assert tok is not None
        sv = saves.get(i)
        if sv is None:
            builder.emit(
                ev.TokenMoved(seat=move.seat, family=tok.family, src=Loc("map", i), dst=Loc("supply"), cause="event")
            )
            lost += 1
            continue
        ms = ed.map[i]
        options = ed.regions[ms.region].subregions[ms.subregion].flee_spaces
        dest = sv.dest if sv.dest is not None else (options[0] if len(options) == 1 else None)
        if dest is None or dest not in options:
            fail("arctica.bad_destination", f"flee to one of circle spaces {list(options)}", legal=options)
        cost = 1
        if tok.family in ICE_BOUND and not has_ice(ed, builder.s, dest):
            cost = 2
            dest = next_ice(ed, builder.s, dest + 1)
        builder.pay_flora(move.seat, cost, "event")
        builder.emit(
            ev.TokenMoved(
                seat=move.seat, family=tok.family, src=Loc("map", i), dst=Loc("circle", dest), cause="event_flee"
            )
        )
        local = dict(sv.outcomes)
        tile = live_tile(ed, builder.s, dest)
        if tile != 6:
            builder.circle_bonus(move.seat, dest, local, sv)
        if sv.trade:
            if not builder.idx.rules.ice6_trade_on_flee:
                fail("arctica.trade_not_on_ice6", "this edition allows the ice tile #6 trade after a migration only")
            if tile != 6:
                fail("arctica.trade_not_on_ice6", "trading needs the token to reach ice tile #6")
            builder.pay_flora(move.seat, 1, "ice6")
            builder.score(move.seat, 3, "ice6")
            builder.emit(
                ev.TokenMoved(
                    seat=move.seat, family=tok.family, src=Loc("circle", dest), dst=Loc("release"), cause="ice6"
                )
            )
        if local:
            fail(
                "arctica.unexpected_outcome",
                f"outcomes supplied for effects that did not happen: {sorted(local)}",
            )
        saved += 1
    builder.emit(ev.EventResolved(seat=move.seat, saved=saved, lost=lost))


_HANDLERS: dict[type, Callable[[Builder, Any], None]] = {
    mv.SelectSpace: _select,
    mv.PlayFauna: _fauna,
    mv.Reproduce: _reproduce,
    mv.UseAbility: _ability,
    mv.TakeFlora: _flora,
    mv.Migrate: _migrate,
    mv.Draw: _draw,
    mv.RotateAndDraw: _rotate_card,
    mv.RotateAndMigrate: _rotate_migration,
    mv.Colonize: _colony,
    mv.Skip: _skip,
    mv.RecordMajority: _record_majority,
    mv.ResolveCollapse: _collapse,
    mv.ResolveEndangered: _endangered,
    mv.RevealEvents: _reveal,
    mv.RevealRoundCard: _reveal_round_card,
    mv.Adjust: _adjust,
    mv.ResolveEvent: _event,
}
