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
from domain.arctic import events as ev
from domain.arctic import moves as mv
from domain.arctic import state as st
from domain.arctic.consequences import close_open_step
from domain.arctic.decisions import DEFAULT, Decisions
from domain.arctic.events import Event, GameStarted
from domain.arctic.evolve import evolve, fold
from domain.arctic.legal import legal_moves
from domain.arctic.queries import step_open
from domain.arctic.rules import closes_open_step, decide
from domain.arctic.setup import Setup, start
from domain.arctic.state import UNKNOWN, GameState
from domain.chance import SplitMix64

_STREAM = 0x5EED_A2C7_1C00_0001


class SimulatedGame(msgspec.Struct, frozen=True):
    setup: Setup
    moves: list[mv.Move]
    events: list[Event]


def is_power_move(move: Any) -> bool:
    if isinstance(move, mv.PlaceCard):
        return move.placement != "top"
    return isinstance(
        move,
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


def _play(state: GameState, move: Any, events: list[Any], decisions: Decisions = DEFAULT) -> GameState:
    for e in decide(state, move, decisions):
        state = evolve(state, e, decisions)
        events.append(e)
    return state


def simulate(
    players: int,
    seed: int,
    *,
    mode: Literal["full", "public"] = "full",
    power_sides: dict[str, Literal["A", "B"]] | None = None,
    max_moves: int = 20_000,
    decisions: Decisions = DEFAULT,
    shown_at_end: bool = False,
) -> SimulatedGame:
    """``mode="public"``: ``to_public`` of the game (``shown_at_end``: with the cards shown after the end)."""
    setup = Setup(players=[f"player{i + 1}" for i in range(players)], seed=seed, power_sides=power_sides)
    d = decisions
    events: list[Any] = list(start(setup))
    s = fold(events, None, d)
    rng = SplitMix64(seed ^ _STREAM)
    moves: list[Any] = []
    while s.phase != st.FINISHED:
        if len(moves) >= max_moves:  # pragma: no cover - a guard, never reached in practice
            raise RuntimeError(f"simulated game {players}p seed {seed} did not finish")
        m = choose(rng, legal_moves(s, d, implicit=False))
        moves.append(m)
        s = _play(s, m, events, d)
    game = SimulatedGame(setup=setup, moves=moves, events=events)
    return to_public(game, d, shown_at_end=shown_at_end) if mode == "public" else game


def _public_card(public: GameState, seat: int, card: str | None) -> str | None:
    """A penalty card as the table sees it leave: named when it was discarded face up, else one of
    the face-down ones (``FACE_DOWN``: the face-up ones stay known)."""
    if card is None:
        return None
    c = cat.CARD_INDEX[card]
    return card if c in public.players[seat].penalty else mv.FACE_DOWN


def _translate(move: Any, public: GameState) -> Any:
    if isinstance(move, mv.PlaceCard) and move.placement == "face_down":
        return msgspec.structs.replace(move, card=None)
    if isinstance(move, mv.TakeFromPenalty | mv.GivePenalty):
        return msgspec.structs.replace(move, card=_public_card(public, move.seat, move.card))
    return move


def _shown_by_the_table(full: GameState, rest: list[Any], decisions: Decisions) -> bool:
    """Whether the explicit Moose move ``rest[0]`` is something a table shows by the cards alone (an
    (N+1)-th card, a (D+1)-th draw, a Fox card as the (N-1)-th, stopping one card short): then the
    public record leaves it out and the engine infers it (``rules``: implicit powers)."""
    m = rest[0]
    placing = isinstance(m, mv.UseMooseB)
    s = full
    for move in rest:
        for e in decide(s, move, decisions):
            s = evolve(s, e, decisions)
            if placing and isinstance(e, ev.PlacingEnded):
                if m.delta > 0:
                    return e.placed == s.place_target
                # -1: stopping (or a Fox card) one short says it only while cards are left in hand
                return e.placed == s.place_target and s.players[s.active].hand_size > 0
            if not placing and isinstance(e, ev.DrawingEnded):
                return e.drawn == s.draw_target
    return False  # pragma: no cover - a placing or drawing always ends


def to_public(game: SimulatedGame, decisions: Decisions = DEFAULT, *, shown_at_end: bool = False) -> SimulatedGame:
    """The public record of ``game`` as a table sees it: River cards revealed as they are turned face
    up, face-down and penalty cards unnamed (``FACE_DOWN`` where the table knows the card was one of
    the face-down ones), Moose powers left implicit where the cards show them, totems revealed at the
    end. ``shown_at_end``: then the hidden hand, penalty and face-down pile cards are revealed too."""
    started = game.events[0]
    assert isinstance(started, GameStarted)
    setup = Setup(
        players=list(started.players),
        start_seat=started.start_seat,
        mode="public",
        power_sides=dict(started.power_sides),
    )
    events: list[Any] = list(start(setup))
    pub = fold(events, None, decisions)
    full = fold(start(game.setup), None, decisions)
    moves: list[Any] = []

    def play(public: GameState, move: Any) -> GameState:
        moves.append(move)
        return _play(public, move, events, decisions)

    def reveal(public: GameState) -> GameState:
        while UNKNOWN in public.river:
            slot = public.river.index(UNKNOWN)
            public = play(public, mv.RevealRiver(slot=slot, card=cat.CARD_IDS[full.river[slot]]))
        return public

    def catch_up(public: GameState, following: Any) -> GameState:
        """The full game has left a placing/drawing step the public record still waits in: the table
        shows it by the River refill turned over, by the player stopping one card short, by the next
        move (``following``, None at the end) when it closes the step unambiguously, else by the
        player's word (``EndStep``)."""
        left = (public.turn, public.phase) != (full.turn, full.phase)
        if not left or public.phase not in (st.PLACE, st.DRAW):
            return public
        if step_open(public, decisions):
            closed, _ = close_open_step(public, decisions)
            if UNKNOWN in closed.river:
                slot = closed.river.index(UNKNOWN)
                return play(public, mv.RevealRiver(slot=slot, card=cat.CARD_IDS[full.river[slot]]))
            implied = (
                following is not None
                and closes_open_step(public, following, decisions)
                and not isinstance(following, mv.UseMooseB | mv.SetDrawDelta)
            )
            return public if implied else play(public, mv.EndStep(seat=public.active))
        return play(public, mv.EndStep(seat=public.active))  # one card short: Moose -1

    for i, m in enumerate(game.moves):
        pub = reveal(pub)
        implicit = isinstance(m, mv.UseMooseB | mv.SetDrawDelta) and _shown_by_the_table(
            full, game.moves[i:], decisions
        )
        if not implicit:
            pub = play(pub, _translate(m, pub))
        for e in decide(full, m, decisions):
            full = evolve(full, e, decisions)
        pub = catch_up(reveal(pub), game.moves[i + 1] if i + 1 < len(game.moves) else None)
    pub = reveal(pub)
    for seat, p in enumerate(full.players):
        if pub.phase == st.FINISHED:
            break
        if pub.players[seat].totem == UNKNOWN:
            pub = play(pub, mv.RevealTotem(seat=seat, animal=cat.ANIMALS[p.totem]))  # type: ignore[arg-type]
    if shown_at_end:
        pub = _show_hidden_cards(pub, full, play)
    return SimulatedGame(setup=setup, moves=moves, events=events)


def _show_hidden_cards(public: GameState, full: GameState, play: Any) -> GameState:
    """After the end: every card the record does not know is shown (hands, penalty zones, face-down
    pile cards), as ``RevealCard``/``RevealPileCard``."""
    for seat, p in enumerate(full.players):
        zones: tuple[tuple[mv.Zone, tuple[int, ...]], ...] = (("hand", p.hand), ("penalty", p.penalty))
        for zone, cards in zones:
            for c in cards:
                known = public.players[seat].hand if zone == "hand" else public.players[seat].penalty
                if c not in known:
                    public = play(public, mv.RevealCard(seat=seat, zone=zone, card=cat.CARD_IDS[c]))
        for position, (c, down) in enumerate(zip(p.pile, p.pile_down, strict=True)):
            if down and public.players[seat].pile[position] == UNKNOWN:
                public = play(public, mv.RevealPileCard(seat=seat, position=position, card=cat.CARD_IDS[c]))
    return public
