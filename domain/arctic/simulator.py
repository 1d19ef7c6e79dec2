"""Complete legal games from a seed, and their public-information twin.

``simulate(players, seed)`` sets up a full-information game from ``seed`` and plays it choosing
among ``legal_moves`` with a ``SplitMix64`` (a separate stream derived from the seed): with
probability 1/2 among the power moves when there are any (so powers get used), else uniformly among
all legal moves. Same arguments, same game. ``mode="public"`` returns ``to_public`` of that game.

``to_public(game)`` replays a full-mode game as a recorder who sees only public information would
record it: the same moves, River reveals as soon as a River card is turned face up, face-down and
penalty cards unnamed, totems revealed at the end. Both give the same scores.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from domain.arctic import catalogue as cat
from domain.arctic import moves as mv
from domain.arctic import state as st
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.events import Event, GameStarted
from domain.arctic.evolve import evolve, fold
from domain.arctic.rules import decide, legal_moves
from domain.arctic.setup import Setup, start
from domain.arctic.state import UNKNOWN, GameState
from domain.chance import SplitMix64

_STREAM = 0x5EED_A2C7_1C00_0001


class SimulatedGame(msgspec.Struct, frozen=True):
    setup: Setup
    moves: list[mv.Move]
    events: list[Event]


def is_power_move(m: Any) -> bool:
    if isinstance(m, mv.PlaceCard):
        return m.placement != "top"
    return isinstance(
        m,
        mv.PuffinSwap
        | mv.PuffinTakeBack
        | mv.UseMooseB
        | mv.SetDrawDelta
        | mv.WalrusStep
        | mv.TakeFromDrawPile
        | mv.TakeFromPenalty
        | mv.GivePenalty,
    )


def choose(rng: SplitMix64, legal: list[Any]) -> Any:
    powers = [m for m in legal if is_power_move(m)]
    if powers and rng.below(2) == 0:
        return powers[rng.below(len(powers))]
    return legal[rng.below(len(legal))]


def _play(s: GameState, m: Any, events: list[Any], d: Decisions = DEFAULT) -> GameState:
    for e in decide(s, m, d):
        s = evolve(s, e, d)
        events.append(e)
    return s


def simulate(
    players: int,
    seed: int,
    *,
    mode: Literal["full", "public"] = "full",
    power_sides: dict[str, Literal["A", "B"]] | None = None,
    max_moves: int = 20_000,
    decisions: Decisions = DEFAULT,
) -> SimulatedGame:
    setup = Setup(players=[f"player{i + 1}" for i in range(players)], seed=seed, power_sides=power_sides)
    d = decisions
    events: list[Any] = list(start(setup))
    s = fold(events, None, d)
    rng = SplitMix64(seed ^ _STREAM)
    moves: list[Any] = []
    while s.phase != st.FINISHED:
        if len(moves) >= max_moves:  # pragma: no cover - a guard, never reached in practice
            raise RuntimeError(f"simulated game {players}p seed {seed} did not finish")
        m = choose(rng, legal_moves(s, d))
        moves.append(m)
        s = _play(s, m, events, d)
    game = SimulatedGame(setup=setup, moves=moves, events=events)
    return to_public(game, d) if mode == "public" else game


def _public_card(pub: GameState, seat: int, card: str | None) -> str | None:
    """Name a penalty card only when the public record knows it (it was discarded face up)."""
    if card is None:
        return None
    c = cat.CARD_INDEX[card]
    return card if c in pub.players[seat].penalty else None


def _translate(m: Any, pub: GameState) -> Any:
    if isinstance(m, mv.PlaceCard) and m.placement == "face_down":
        return msgspec.structs.replace(m, card=None)
    if isinstance(m, mv.TakeFromPenalty | mv.GivePenalty):
        return msgspec.structs.replace(m, card=_public_card(pub, m.seat, m.card))
    return m


def to_public(game: SimulatedGame, d: Decisions = DEFAULT) -> SimulatedGame:
    started = game.events[0]
    assert isinstance(started, GameStarted)
    setup = Setup(
        players=list(started.players),
        start_seat=started.start_seat,
        mode="public",
        power_sides=dict(started.power_sides),
    )
    events: list[Any] = list(start(setup))
    pub = fold(events, None, d)
    full = fold(start(game.setup), None, d)
    moves: list[Any] = []

    def reveal(pub: GameState) -> GameState:
        while UNKNOWN in pub.river:
            slot = pub.river.index(UNKNOWN)
            m = mv.RevealRiver(slot=slot, card=cat.CARD_IDS[full.river[slot]])
            moves.append(m)
            pub = _play(pub, m, events, d)
        return pub

    for m in game.moves:
        pub = reveal(pub)
        pm = _translate(m, pub)
        moves.append(pm)
        pub = _play(pub, pm, events, d)
        for e in decide(full, m, d):
            full = evolve(full, e, d)
    pub = reveal(pub)
    for seat, p in enumerate(full.players):
        if pub.phase == st.FINISHED:
            break
        if pub.players[seat].totem == UNKNOWN:
            m = mv.RevealTotem(seat=seat, animal=cat.ANIMALS[p.totem])  # type: ignore[arg-type]
            moves.append(m)
            pub = _play(pub, m, events, d)
    return SimulatedGame(setup=setup, moves=moves, events=events)
