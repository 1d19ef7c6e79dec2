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

Rollout policy: the simulator's (``simulator.choose``): uniformly random among the legal moves, except
that when power moves are legal, one of them is played with probability 1/2 (so powers get used).
Decider: the seat a move names (``RevealRiver``/``RevealTotem``, the table's records, are nobody's).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.analysis.contract import Analysable, fill, seat_of
from domain.chance import SplitMix64

from . import RULES
from . import catalogue as cat
from . import state as st
from .legal import legal_moves
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


ANALYSIS = Analysable(
    determinize=determinize,
    rollout_move=rollout_move,
    decider=lambda state, move: seat_of(move),
    policy="Arctic's simulator: uniformly random among the legal moves, a power move half the time when any is legal",
)
