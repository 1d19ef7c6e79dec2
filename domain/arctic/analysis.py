"""What analysis needs of Arctic (``domain/analysis/contract.py``): sampling, rollout policy, decider.

Determinization (``determinize(state, seat, rng)``), by mode:

- full mode (the engine knows every card): for ``seat`` the cards it cannot see — the other seats'
  hands, penalty cards and face-down pile cards, the draw pile's order and the reserve — are dealt
  anew from the cards it has not seen (every card of the game minus the River, the face-up pile cards
  and its own hand, penalty and pile, in catalogue order, shuffled by ``rng``), each place keeping its
  size; the other seats' totems are drawn from the animals that are not its own. ``seat=None``
  (omniscient) returns the state itself;
- public mode (a table's record: the engine does not know the cards nobody named): the same, plus, for
  ``seat=None`` and for the seat's own zones, every card the record does not know (an unrevealed River
  card, an unnamed hand or penalty card, a face-down card, a totem) is sampled too, and the state
  becomes a full-mode one (a draw pile and a reserve dealt), so the rollouts can play it. After the last
  turn (waiting for the totems) the state is left as it is: the rollout reveals the totems at random.

The sampling reads the state as ``view`` shows it, not the history: a card a seat saw go into another
hand (taken from the River, discarded face up) is sampled anew like any other unseen card. The analysis
never knows more than the player did, sometimes less.

A public record's move in a sampled world (``playable``): the cards it names from its mover's hand or
penalty zone that the record had not seen there are swapped into that zone from wherever the sample put
them (with a card of the zone the record did not know: the mover held it, the sample only learns it
now); a card it leaves unnamed (a face-down Fox card, a discard) is one the record did not know; the
cards it names as drawn or turned into the River are left to the world's own draw pile; a step the
record keeps open (N cards placed or D drawn by a Moose holder, who may still add one) is closed in the
world before a move that closes it, or extended by the Moose power before a card that extends it. A
rollout from such a world (``settle``) starts with the step closed.

The candidates of a public record's decision (``choices``) are the legal moves the record can name: a
hand or penalty card only when the record knows it is there (or the move played names it): the others
were the player's secret, which the record does not hold.

Rollout policy: the simulator's (``simulator.choose``): uniformly random among the legal moves, except
that when power moves are legal, one of them is played with probability 1/2 (so powers get used).
Decider: the seat a move names; the notes (reveals, a Fox card's declared animal) are nobody's decision.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.analysis.contract import Analysable, fill, seat_of
from domain.chance import SplitMix64

from . import RULES
from . import catalogue as cat
from . import moves as mv
from . import state as st
from .advice import advise
from .consequences import close_open_step
from .evolve import evolve
from .legal import legal_moves
from .playout import Game, Unsupported
from .queries import drawing_open, moose_a_event, moose_b_event, placing_open, step_open
from .rules import closes_open_step
from .simulator import choose
from .state import UNKNOWN, GameState, PlayerState


def _sees(seat: int | None, other: int) -> bool:
    return seat is None or seat == other


def _known(state: GameState, seat: int | None) -> set[int]:
    """The cards ``seat`` sees (``None``: every card the record names)."""
    known = {c for c in state.river if c >= 0}
    for i, p in enumerate(state.players):
        own = _sees(seat, i)
        known.update(c for c, down in zip(p.pile, p.pile_down, strict=True) if c >= 0 and (own or not down))
        if own:
            known.update(p.hand)
            known.update(p.penalty)
    return known


def _hidden_player(p: PlayerState, own: bool) -> list[int]:
    """How many cards to deal this seat's hand, penalty zone and face-down pile positions."""
    hand = p.hand_unknown if own else p.hand_size
    penalty = p.penalty_unknown if own else p.penalty_size
    down = [i for i, (c, d) in enumerate(zip(p.pile, p.pile_down, strict=True)) if c < 0 or (d and not own)]
    return [hand, penalty, len(down)]


def _deal_player(
    p: PlayerState, own: bool, hand: tuple[int, ...], penalty: tuple[int, ...], down: tuple[int, ...]
) -> PlayerState:
    pile = list(p.pile)
    spots = [i for i, (c, d) in enumerate(zip(p.pile, p.pile_down, strict=True)) if c < 0 or (d and not own)]
    for i, card in zip(spots, down, strict=True):
        pile[i] = card
    return replace(
        p,
        hand=(p.hand if own else ()) + hand,
        hand_unknown=0,
        penalty=(p.penalty if own else ()) + penalty,
        penalty_unknown=0,
        pile=tuple(pile),
    )


def _totems(state: GameState, seat: int | None, rng: SplitMix64) -> list[int]:
    finished = state.phase == st.FINISHED
    kept = [p.totem if (finished or _sees(seat, i)) else UNKNOWN for i, p in enumerate(state.players)]
    free = [a for a in range(6) if a not in kept]
    rng.shuffle(free)
    return [t if t != UNKNOWN else free.pop() for t in kept]


def determinize(state: GameState, seat: int | None, rng: SplitMix64) -> GameState:
    if (seat is None and state.mode == "full") or state.phase in (st.SETUP, st.TOTEMS, st.FINISHED):
        return state
    known = _known(state, seat)
    sizes: list[int] = []
    for i, p in enumerate(state.players):
        sizes.extend(_hidden_player(p, _sees(seat, i)))
    river = [i for i, c in enumerate(state.river) if c == UNKNOWN]
    reserve = 0 if state.reserve_in_use else state.reserve_left
    sizes.extend([len(river), state.draw_left, reserve])
    pool = [c for c in cat.cards_for(state.n_players) if c not in known]
    dealt = fill(rng, pool, sizes)
    players = tuple(_deal_player(p, _sees(seat, i), *dealt[3 * i : 3 * i + 3]) for i, p in enumerate(state.players))
    totems = _totems(state, seat, rng)
    players = tuple(replace(p, totem=t) for p, t in zip(players, totems, strict=True))
    new_river = list(state.river)
    for i, card in zip(river, dealt[-3], strict=True):
        new_river[i] = card
    return replace(
        state,
        mode="full",
        players=players,
        river=tuple(new_river),
        deck=dealt[-2],
        reserve=dealt[-1],
    )


def rollout_move(state: GameState, rng: SplitMix64) -> Any:
    return choose(rng, legal_moves(state, RULES.decisions_of(state), implicit=False))


_NOTES = (mv.RevealRiver, mv.RevealCard, mv.RevealPileCard, mv.RevealTotem, mv.DeclareFoxWild)
_HAND_MOVES = (mv.PlaceCard, mv.Discard)
_PENALTY_MOVES = (mv.TakeFromPenalty, mv.GivePenalty)
_DRAWS = (mv.TakeFromRiver, mv.TakeFromDrawPile, mv.TakeFromPenalty)


def decider(state: GameState, move: Any) -> int | None:
    """The seat whose decision ``move`` is; the notes a record takes (reveals, a Fox card's declared
    animal) are nobody's."""
    return None if isinstance(move, _NOTES) else seat_of(move)


def _named(move: Any) -> tuple[str, str | None] | None:
    """The zone a move takes a card from and the card it names there (``None``: a move naming none)."""
    if isinstance(move, _HAND_MOVES):
        return "hand", move.card
    if isinstance(move, mv.PuffinSwap):
        return "hand", move.hand_card
    if isinstance(move, _PENALTY_MOVES):
        return "penalty", move.card
    return None


def _zone(player: PlayerState, zone: str) -> tuple[int, ...]:
    return player.hand if zone == "hand" else player.penalty


def choices(state: GameState, move: Any) -> list[Any]:
    """The legal moves a decision is judged against; in a public record only those naming a card the
    record knows in that zone, or the card (or unnamed card) the move played names."""
    legal = legal_moves(state, RULES.decisions_of(state))
    if state.mode == "full":
        return legal
    player = state.players[getattr(move, "seat", state.active)]
    played = _named(move)

    def nameable(candidate: Any) -> bool:
        named = _named(candidate)
        if named is None or named == played:
            return True
        zone, card = named
        return card is not None and cat.CARD_INDEX.get(card, -1) in _zone(player, zone)

    return [m for m in legal if m == move or nameable(m)]


def _close(world: GameState) -> GameState:
    return close_open_step(world, RULES.decisions_of(world))[0]


def settle(world: GameState) -> GameState:
    """A sampled world whose placing or drawing the record kept open (a Moose holder may add a card)
    closed, as the full game would have closed it: the rollouts play on from there."""
    if world.phase not in (st.PLACE, st.DRAW) or world.mode != "full":
        return world
    if step_open(replace(world, mode="public"), RULES.decisions_of(world)):
        return _close(world)
    return world


def playable(state: GameState, world: GameState, move: Any) -> tuple[GameState, Any]:
    """``move`` of a public record as a world sampled from the record's ``state`` plays it (see the
    module): an open step closed or extended as the record's move does it, the cards the move names in
    the mover's hand or penalty zone put there, the cards it names as drawn left to the world."""
    if state.mode == "full":
        return world, move
    decisions = RULES.decisions_of(state)
    if step_open(state, decisions):
        if isinstance(move, mv.EndStep) and move.seat == state.active:
            return _close(world), None
        if closes_open_step(state, move, decisions):
            world = _close(world)
        elif isinstance(move, mv.PlaceCard) and placing_open(state):
            world = evolve(world, moose_b_event(world, 1), decisions)
        elif isinstance(move, _DRAWS) and drawing_open(state, decisions):
            world = evolve(world, moose_a_event(world, 1), decisions)
    named = _named(move)
    if named is not None:
        world, card = _put_in(state, world, move.seat, *named)
        field = "hand_card" if isinstance(move, mv.PuffinSwap) else "card"
        move = replace(move, **{field: card})
    elif isinstance(move, mv.TakeFromDrawPile):
        move = replace(move, card=None, refill=None)
    elif isinstance(move, mv.TakeFromRiver) and move.refill is not None:
        move = replace(move, refill=None)
    return world, move


def _put_in(state: GameState, world: GameState, seat: int, zone: str, card: str | None) -> tuple[GameState, str | None]:
    """The world where ``seat``'s ``zone`` holds ``card``, and the card the world plays: a card
    the record had not seen there is exchanged with one of the zone's cards the record did not know;
    an unnamed card (``None``, ``FACE_DOWN``) is the last card of the zone the record did not know."""
    held = _zone(world.players[seat], zone)
    known = _zone(state.players[seat], zone)
    spare = [c for c in held if c not in known]
    if card is None or card == mv.FACE_DOWN:
        pick = spare or list(held)
        return world, (cat.CARD_IDS[pick[-1]] if pick else card)
    wanted = cat.CARD_INDEX.get(card)
    if wanted is None or wanted in held or not spare:
        return world, card  # named there already, or a move the rules refuse (decide says why)
    return _exchange(world, spare[-1], wanted), card


def _exchange(world: GameState, a: int, b: int) -> GameState:
    """``world`` with cards ``a`` and ``b`` in each other's places (the live parts of every zone)."""

    def swap(cards: tuple[int, ...]) -> tuple[int, ...]:
        if a not in cards and b not in cards:
            return cards
        return tuple(b if c == a else a if c == b else c for c in cards)

    players = tuple(replace(p, hand=swap(p.hand), penalty=swap(p.penalty), pile=swap(p.pile)) for p in world.players)
    live = len(world.deck) - world.draw_left
    deck = world.deck[:live] + swap(world.deck[live:])
    reserve = world.reserve if world.reserve_in_use else swap(world.reserve)
    return replace(world, players=players, river=swap(world.river), deck=deck, reserve=reserve)


def playout(world: GameState, key: int) -> tuple[list[float], list[float]] | None:
    """The fast play-out (``playout.Game.run_keyed``) of a full-mode world; ``None`` for one it does not play
    (a public record waiting for its totems)."""
    try:
        game = Game(world, RULES.decisions_of(world))
    except Unsupported:
        return None
    game.run_keyed(key)
    return game.outcome()


ANALYSIS = Analysable(
    determinize=determinize,
    rollout_move=rollout_move,
    decider=decider,
    policy="Arctic's simulator: uniformly random among the legal moves, a power move half the time when any is legal",
    playable=playable,
    choices=choices,
    settle=settle,
    playout=playout,
    steady=32,
    judging=4,
    advise=advise,
)
