"""``evolve(state, event)``: apply one fact. Never validates, never fails on stored history, never
mutates: each event replaces only the tuples it changes (``msgspec.structs.replace``)."""

from __future__ import annotations

from functools import singledispatch

from msgspec.structs import replace

from . import events as ev
from .edition import FAMILIES
from .state import EMPTY, FLORA, UNKNOWN, GameState, Loc, PlayerState, Token

_FAM = {f: i for i, f in enumerate(FAMILIES)}


def active_seat(state: GameState) -> int:
    n = len(state.players)
    return (state.start_player + state.turn) % n if n else 0


def _set_player(state: GameState, seat: int, player: PlayerState) -> GameState:
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return replace(state, players=players)


def _remove_one(items: tuple, item: object) -> tuple:
    for i, x in enumerate(items):
        if x == item:
            return items[:i] + items[i + 1 :]
    return items


def _from_hand(hand: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """The hand without ``cards``; a card not known to be there was one of its unknown cards (public
    games reveal a card when it is played or discarded)."""
    for c in cards:
        hand = _remove_one(hand, c if c in hand else UNKNOWN)
    return hand


def _remove_all(items: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    out = items
    for g in gone:
        out = _remove_one(out, g)
    return out


def _bump(counts: tuple[int, ...], family: str, delta: int) -> tuple[int, ...]:
    i = _FAM[family]
    return (*counts[:i], counts[i] + delta, *counts[i + 1 :])


def _set_slot(slots: tuple[str, ...], index: int, value: str) -> tuple[str, ...]:
    return (*slots[:index], value, *slots[index + 1 :])


def _take(state: GameState, seat: int, family: str, loc: Loc) -> GameState:
    p = state.players[seat]
    if loc.zone == "supply":
        return _set_player(state, seat, replace(p, supply=_bump(p.supply, family, -1)))
    if loc.zone == "release":
        return _set_player(state, seat, replace(p, release=_bump(p.release, family, -1)))
    if loc.zone == "long_wheel":
        return _set_player(state, seat, replace(p, long_wheel=_set_slot(p.long_wheel, loc.index, EMPTY)))
    if loc.zone == "short_wheel":
        return _set_player(state, seat, replace(p, short_wheel=_set_slot(p.short_wheel, loc.index, EMPTY)))
    if loc.zone == "map":
        return replace(state, map=(*state.map[: loc.index], None, *state.map[loc.index + 1 :]))
    circle = state.circle
    space = _remove_one(circle[loc.index], Token(seat, family))
    return replace(state, circle=(*circle[: loc.index], space, *circle[loc.index + 1 :]))


def _put(state: GameState, seat: int, family: str, loc: Loc) -> GameState:
    p = state.players[seat]
    if loc.zone == "supply":
        return _set_player(state, seat, replace(p, supply=_bump(p.supply, family, 1)))
    if loc.zone == "release":
        return _set_player(state, seat, replace(p, release=_bump(p.release, family, 1)))
    if loc.zone == "long_wheel":
        return _set_player(state, seat, replace(p, long_wheel=_set_slot(p.long_wheel, loc.index, family)))
    if loc.zone == "short_wheel":
        return _set_player(state, seat, replace(p, short_wheel=_set_slot(p.short_wheel, loc.index, family)))
    if loc.zone == "map":
        tok = Token(seat, family)
        return replace(state, map=(*state.map[: loc.index], tok, *state.map[loc.index + 1 :]))
    circle = state.circle
    space = tuple(sorted((*circle[loc.index], Token(seat, family)), key=lambda token: (token.seat, token.family)))
    return replace(state, circle=(*circle[: loc.index], space, *circle[loc.index + 1 :]))


def place_flora(wheel: tuple[str, ...], count: int) -> tuple[str, ...]:
    slots = list(wheel)
    for i, v in enumerate(slots):
        if count == 0:
            break
        if v == EMPTY:
            slots[i] = FLORA
            count -= 1
    return tuple(slots)


def rotate(player: PlayerState) -> PlayerState:
    release, flora = player.release, player.release_flora
    wheels = []
    for wheel in (player.short_wheel, player.long_wheel):
        fell = wheel[-1] if wheel else EMPTY
        if fell == FLORA:
            flora += 1
        elif fell != EMPTY:
            release = _bump(release, fell, 1)
        wheels.append(((EMPTY, *wheel[:-1])) if wheel else wheel)
    return replace(player, short_wheel=wheels[0], long_wheel=wheels[1], release=release, release_flora=flora)


def pay_flora(player: PlayerState, amount: int) -> PlayerState:
    from_release = min(amount, player.release_flora)
    amount -= from_release
    wheel = list(player.long_wheel)
    for i in range(len(wheel) - 1, -1, -1):
        if amount == 0:
            break
        if wheel[i] == FLORA:
            wheel[i] = EMPTY
            amount -= 1
    return replace(player, release_flora=player.release_flora - from_release, long_wheel=tuple(wheel))


@singledispatch
def _apply(event: object, state: GameState) -> GameState:
    return state  # unknown facts change nothing


@_apply.register
def _(event: ev.GameStarted, state: GameState) -> GameState:
    b = event.board
    n = len(event.players)
    players = []
    for seat, name in enumerate(event.players):
        long_card, short_card = event.starting_cards[seat]
        long_wheel = place_flora((EMPTY,) * b.long_slots, b.starting_flora)
        on_wheel = long_wheel.count(FLORA)
        supply: tuple[int, ...] = (6, 6, 6, 6, 6)
        for fam in b.circle_tokens:
            supply = _bump(supply, fam, -1)
        players.append(
            PlayerState(
                name=name,
                hand=tuple(event.hands[seat] or ()),
                long_column=(long_card,),
                short_column=(short_card,),
                long_wheel=long_wheel,
                short_wheel=(EMPTY,) * b.short_slots,
                release_flora=b.starting_flora - on_wheel,
                supply=supply,
            )
        )
    circle: list[tuple[Token, ...]] = [() for _ in range(b.circle_spaces)]
    circle[b.circle_start] = tuple(
        sorted((Token(s, f) for s in range(n) for f in b.circle_tokens), key=lambda token: (token.seat, token.family))
    )
    return replace(
        state,
        phase="select",
        rules_version=event.rules_version,
        edition_id=event.edition_id,
        edition_version=event.edition_version,
        chance=event.chance,
        players=tuple(players),
        start_player=event.start_player,
        deck=tuple(event.deck or ()),
        round=1,
        orientations=event.orientations or (0,) * b.action_wheels,
        circle=tuple(circle),
        map=(None,) * b.map_spaces,
        round_cards=tuple(c for c in event.round_cards if c is not None),
        event_plan=event.event_plan or (),
    )


@_apply.register
def _(event: ev.PawnPlaced, state: GameState) -> GameState:
    return replace(state, pawn=event.space)


@_apply.register
def _(event: ev.WheelTurned, state: GameState) -> GameState:
    o = state.orientations
    return replace(state, orientations=(*o[: event.wheel], event.orientation, *o[event.wheel + 1 :]))


@_apply.register
def _(event: ev.ActionsOffered, state: GameState) -> GameState:
    return replace(
        state,
        phase="actions",
        offered=event.actions,
        active_left=event.actions,
        responders=event.responders,
        ordered=event.ordered,
    )


def _done(state: GameState, seat: int, action: str | None) -> GameState:
    if state.active_left and seat == active_seat(state) and action in state.active_left:
        return replace(state, active_left=_remove_one(state.active_left, action))
    return replace(state, responders=_remove_one(state.responders, seat))


@_apply.register
def _(event: ev.ActionPerformed, state: GameState) -> GameState:
    return _done(state, event.seat, event.action)


@_apply.register
def _(event: ev.ActionSkipped, state: GameState) -> GameState:
    return _done(state, event.seat, event.action)


@_apply.register
def _(event: ev.CardsDiscarded, state: GameState) -> GameState:
    p = state.players[event.seat]
    state = _set_player(state, event.seat, replace(p, hand=_from_hand(p.hand, event.cards)))
    return replace(state, discard=state.discard + event.cards)


@_apply.register
def _(event: ev.FaunaPlayed, state: GameState) -> GameState:
    p = state.players[event.seat]
    p = replace(p, hand=_from_hand(p.hand, (event.card,)))
    if event.column == "long":
        p = replace(p, long_column=(event.card, *p.long_column))
    else:
        p = replace(p, short_column=(event.card, *p.short_column))
    return _set_player(state, event.seat, p)


@_apply.register
def _(event: ev.CardMovedToBack, state: GameState) -> GameState:
    p = state.players[event.seat]
    if event.column == "long":
        p = replace(p, long_column=(*_remove_one(p.long_column, event.card), event.card))
    else:
        p = replace(p, short_column=(*_remove_one(p.short_column, event.card), event.card))
    return _set_player(state, event.seat, p)


@_apply.register
def _(event: ev.CardDestroyed, state: GameState) -> GameState:
    p = state.players[event.seat]
    p = replace(
        p, long_column=_remove_one(p.long_column, event.card), short_column=_remove_one(p.short_column, event.card)
    )
    return replace(_set_player(state, event.seat, p), discard=(*state.discard, event.card))


@_apply.register
def _(event: ev.TokenMoved, state: GameState) -> GameState:
    return _put(_take(state, event.seat, event.family, event.src), event.seat, event.family, event.dst)


@_apply.register
def _(event: ev.TokenMigrated, state: GameState) -> GameState:
    state = _take(state, event.seat, event.family, Loc("circle", event.src))
    return _put(state, event.seat, event.family, Loc("circle", event.dst))


@_apply.register
def _(event: ev.FloraGained, state: GameState) -> GameState:
    p = state.players[event.seat]
    p = replace(
        p, long_wheel=place_flora(p.long_wheel, event.on_wheel), release_flora=p.release_flora + event.to_release
    )
    return _set_player(state, event.seat, p)


@_apply.register
def _(event: ev.FloraPaid, state: GameState) -> GameState:
    return _set_player(state, event.seat, pay_flora(state.players[event.seat], event.amount))


@_apply.register
def _(event: ev.CardsDrawn, state: GameState) -> GameState:
    cards = event.cards or ()
    p = state.players[event.seat]
    state = _set_player(state, event.seat, replace(p, hand=p.hand + cards))
    return replace(state, deck=_remove_all(state.deck, cards))


@_apply.register
def _(event: ev.AdjustmentMade, state: GameState) -> GameState:
    return state  # a marker for the timeline: the outcome events that follow change the state


@_apply.register
def _(event: ev.RoundCardRevealed, state: GameState) -> GameState:
    return replace(state, round_cards=(*state.round_cards, event.card))


@_apply.register
def _(event: ev.DeckReshuffled, state: GameState) -> GameState:
    return replace(state, deck=tuple(event.cards or ()), discard=())


@_apply.register
def _(event: ev.BiodiversityScored, state: GameState) -> GameState:
    p = state.players[event.seat]
    if event.cause.startswith("majority:"):
        p = replace(p, bp_majorities=p.bp_majorities + event.points)
    elif event.cause == "ice6":
        p = replace(p, bp_trades=p.bp_trades + event.points)
    else:
        p = replace(p, bp_effects=p.bp_effects + event.points)
    return _set_player(state, event.seat, p)


@_apply.register
def _(event: ev.WheelsRotated, state: GameState) -> GameState:
    return _set_player(state, event.seat, rotate(state.players[event.seat]))


@_apply.register
def _(event: ev.TurnEnded, state: GameState) -> GameState:
    selection = state.selection + 1
    return replace(
        state,
        turn=state.turn + 1,
        selection=selection,
        phase="melt" if selection >= 5 else "select",
        offered=(),
        active_left=(),
        responders=(),
        ordered=False,
    )


@_apply.register
def _(event: ev.IceMelted, state: GameState) -> GameState:
    return replace(state, melted=(*state.melted, event.tile), phase="majority", majorities_done=())


@_apply.register
def _(event: ev.MajorityResolved, state: GameState) -> GameState:
    return replace(state, majorities_done=(*state.majorities_done, event.region))


@_apply.register
def _(event: ev.CollapseStep, state: GameState) -> GameState:
    return replace(state, phase="collapse", pending_collapses=event.due)


@_apply.register
def _(event: ev.CollapseResolved, state: GameState) -> GameState:
    return replace(state, pending_collapses=_remove_one(state.pending_collapses, Token(event.seat, event.family)))


@_apply.register
def _(event: ev.EndangeredStep, state: GameState) -> GameState:
    return replace(state, phase="endangered", pending=event.seats)


@_apply.register
def _(event: ev.EndangeredResolved, state: GameState) -> GameState:
    return replace(state, pending=_remove_one(state.pending, event.seat))


@_apply.register
def _(event: ev.EventsDue, state: GameState) -> GameState:
    return replace(state, phase="reveal", revealed=())


@_apply.register
def _(event: ev.EventRevealed, state: GameState) -> GameState:
    return replace(state, revealed=(*state.revealed, event.subregion))


@_apply.register
def _(event: ev.EventStep, state: GameState) -> GameState:
    return replace(state, phase="events", pending=event.seats)


@_apply.register
def _(event: ev.EventResolved, state: GameState) -> GameState:
    return replace(state, pending=_remove_one(state.pending, event.seat))


@_apply.register
def _(event: ev.RoundEnded, state: GameState) -> GameState:
    if event.round >= 4:
        return replace(state, phase="scoring", pending=(), revealed=(), majorities_done=())
    return replace(
        state, phase="select", round=event.round + 1, selection=0, pending=(), revealed=(), majorities_done=()
    )


@_apply.register
def _(event: ev.GameEnded, state: GameState) -> GameState:
    return replace(state, phase="finished", results=event.results)


def evolve(state: GameState, event: ev.Event) -> GameState:
    return _apply(event, state)
