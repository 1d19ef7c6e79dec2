"""Given/when/then helpers for the Arctic engine (Axon style).

``Table`` builds a full-information game whose deck order is chosen by the test: name the reserve,
hands, River and the top of the draw pile; the rest is filled with unused cards of decks 1..N in
catalogue order. ``given`` events are facts (no validation); ``when`` a move is decided; ``then``
the events it produced, or ``rejects`` with a violation code.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec
import pytest

from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic.evolve import evolve, fold
from domain.arctic.rules import decide
from domain.arctic.setup import Setup, reserve_size, start
from domain.arctic.state import GameState
from domain.errors import RuleViolation

ALL_A = dict.fromkeys(cat.ANIMALS, "A")


def sides(**overrides: str) -> dict[str, str]:
    """Every power on side A except the ones given (``fox="B"``)."""
    out = dict(ALL_A)
    out.update(overrides)
    return out


def deck_order(
    players: int = 2,
    *,
    reserve: Sequence[str] = (),
    hands: Sequence[Sequence[str]] = (),
    river: Sequence[str] = (),
    draw: Sequence[str] = (),
) -> list[str]:
    """A full deck order with the named cards in place (dealing order of ``setup.py``)."""
    named = [*reserve, *draw, *river, *(c for h in hands for c in h)]
    assert len(set(named)) == len(named), "a card named twice"
    pool = [c for c in (cat.CARD_IDS[i] for i in cat.cards_for(players)) if c not in named]

    def fill(given: Sequence[str], size: int) -> list[str]:
        out = list(given)
        while len(out) < size:
            out.append(pool.pop(0))
        return out

    order = fill(reserve, reserve_size(players))
    for seat in range(players):
        order += fill(hands[seat] if seat < len(hands) else (), cat.HAND_DEAL)
    order += fill(river, cat.RIVER_SLOTS)
    order += list(draw) + pool
    assert len(order) == players * cat.CARDS_PER_DECK
    return order


class Table:
    def __init__(
        self,
        players: int = 2,
        *,
        reserve: Sequence[str] = (),
        hands: Sequence[Sequence[str]] = (),
        river: Sequence[str] = (),
        draw: Sequence[str] = (),
        power_sides: dict[str, str] | None = None,
        totems: Sequence[str] | None = None,
        start_seat: int = 0,
    ) -> None:
        order = deck_order(players, reserve=reserve, hands=hands, river=river, draw=draw)
        self.setup = Setup(
            players=[f"p{i}" for i in range(players)],
            start_seat=start_seat,
            deck_order=order,
            power_sides=power_sides or ALL_A,  # type: ignore[arg-type]
            totems=list(totems) if totems is not None else list(cat.ANIMALS[:players]),
        )
        self.events: list[Any] = list(start(self.setup))
        self.state: GameState = fold(self.events)

    # --- given ---------------------------------------------------------------------------------
    def given(self, *events: Any) -> Table:
        for e in events:
            self.state = evolve(self.state, e)
            self.events.append(e)
        return self

    def edit(self, fn: Callable[[GameState], GameState]) -> Table:
        """Set up a position directly (for states that would take many turns to reach)."""
        self.state = fn(self.state)
        return self

    def play(self, *moves: Any) -> list[Any]:
        """Decide and apply moves; returns all the events produced."""
        out: list[Any] = []
        for m in moves:
            new = decide(self.state, m)
            for e in new:
                self.state = evolve(self.state, e)
            self.events.extend(new)
            out.extend(new)
        return out

    # --- when / then ---------------------------------------------------------------------------
    def when(self, move: Any) -> list[Any]:
        """The events ``move`` produces, without applying them."""
        return decide(self.state, move)

    def rejects(self, move: Any, code: str) -> RuleViolation:
        with pytest.raises(RuleViolation) as info:
            decide(self.state, move)
        assert info.value.code == code, f"expected {code}, got {info.value.code}: {info.value.message}"
        assert info.value.rule and info.value.rule.startswith("arctic §")
        return info.value

    # --- shortcuts ---------------------------------------------------------------------------------
    @property
    def active(self) -> int:
        return self.state.active

    def hand(self, seat: int) -> list[str]:
        return [cat.CARD_IDS[c] for c in self.state.players[seat].hand]

    def pile(self, seat: int) -> list[str | None]:
        return [cat.CARD_IDS[c] if c >= 0 else None for c in self.state.players[seat].pile]

    def penalty(self, seat: int) -> list[str]:
        return [cat.CARD_IDS[c] for c in self.state.players[seat].penalty]

    def river(self) -> list[str | None]:
        return [cat.CARD_IDS[c] if c >= 0 else None for c in self.state.river]

    def token(self, animal: str) -> int:
        return self.state.tokens[cat.ANIMAL_INDEX[animal]]

    def holder(self, animal: str) -> int:
        return self.state.holders[cat.ANIMAL_INDEX[animal]]

    def top_of_draw_pile(self, k: int = 1) -> list[str]:
        s = self.state
        start_i = len(s.deck) - s.draw_left
        return [cat.CARD_IDS[c] for c in s.deck[start_i : start_i + k]]


def types(events: Sequence[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def of(events: Sequence[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def give_power(t: Table, animal: str, seat: int) -> Table:
    """Given: ``seat`` holds ``animal``'s power card (set directly; the phase is unchanged)."""
    from msgspec.structs import replace

    def fn(s: GameState) -> GameState:
        holders = list(s.holders)
        holders[cat.ANIMAL_INDEX[animal]] = seat
        return replace(s, holders=tuple(holders))

    return t.edit(fn)


def set_tokens(t: Table, **positions: int) -> Table:
    from msgspec.structs import replace

    def fn(s: GameState) -> GameState:
        tokens = list(s.tokens)
        for animal, pos in positions.items():
            tokens[cat.ANIMAL_INDEX[animal]] = pos
        return replace(s, tokens=tuple(tokens))

    return t.edit(fn)


def position(
    t: Table,
    seat: int,
    *,
    pile: Sequence[str] | None = None,
    down: Sequence[bool] | None = None,
    hand: Sequence[str] | None = None,
    penalty: Sequence[str] | None = None,
) -> Table:
    """Given: ``seat``'s pile (bottom to top), hand and penalty zone are these (set directly).
    At the start of that seat's turn, N is recomputed from the new pile."""
    from msgspec.structs import replace

    from domain.arctic.evolve import placement_value

    def ids(cards: Sequence[str]) -> tuple[int, ...]:
        return tuple(cat.CARD_INDEX[c] for c in cards)

    def fn(s: GameState) -> GameState:
        p = s.players[seat]
        if pile is not None:
            p = replace(p, pile=ids(pile), pile_down=tuple(down) if down is not None else (False,) * len(pile))
        if hand is not None:
            p = replace(p, hand=ids(hand))
        if penalty is not None:
            p = replace(p, penalty=ids(penalty))
        players = list(s.players)
        players[seat] = p
        s = replace(s, players=tuple(players))
        if s.phase == "place" and s.active == seat and s.placed == 0:
            n, from_card = placement_value(p)
            s = replace(s, place_n=n, n_from_card=from_card)
        return s

    return t.edit(fn)


def roundtrip(events: Sequence[Any]) -> list[Any]:
    data = msgspec.json.encode(list(events))
    return msgspec.json.decode(data, type=list[ev.Event])


__all__ = [
    "Table",
    "deck_order",
    "give_power",
    "mv",
    "of",
    "position",
    "roundtrip",
    "set_tokens",
    "sides",
    "types",
]


def plain_move(t: Table) -> Any:
    """The first legal move that uses no power (declines optional ones)."""
    from domain.arctic.legal import legal_moves
    from domain.arctic.simulator import is_power_move

    legal = legal_moves(t.state)
    for m in legal:
        if not is_power_move(m) and not (isinstance(m, mv.TakeFromRiver) and m.orca_refill is False):
            return m
    return legal[0]


def finish_turn(t: Table) -> list[Any]:
    """Play the active seat's turn to its end with plain moves; returns the events."""
    seat, turn = t.state.active, t.state.turn
    out: list[Any] = []
    while t.state.phase != "finished" and (t.state.active, t.state.turn) == (seat, turn):
        out += t.play(plain_move(t))
    return out
