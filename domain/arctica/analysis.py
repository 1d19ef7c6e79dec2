"""What analysis needs of Arctica (``domain/analysis/contract.py``): sampling, rollout policy, decider.

Determinization (``determinize(state, seat, rng)``), by how the game's chance was recorded:

- seeded games (the engine knows the deck, every hand, the round cards and the event plan): for
  ``seat``, the other seats' hands and the deck's order are dealt anew from the cards it has not seen
  (those hands and the deck together, sorted, then shuffled by ``rng``; each hand keeps its size); the
  round cards of rounds not begun are drawn anew among the edition's round cards not shown; the event
  sub-regions not yet revealed (the current round's until they are, every later round's) are drawn
  anew, one of three per affected region, as the setup draws them. ``seat=None`` (omniscient) returns
  the state itself;
- table and public records (the engine learns the cards as the record names them, and a rollout would
  have to name cards nobody drew): not analysable yet; ``determinize`` refuses them (``ValueError``).

Rollout policy: the simulator's (``simulator.choose_move``): a random legal move, actions before skips.
Decider: the seat a move names (a majority recorded for the table is nobody's).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from domain.analysis.contract import Analysable, fill, seat_of
from domain.chance import SplitMix64

from . import RULES
from .simulator import choose_move
from .state import GameState

# the end-of-round phases before the round's event sub-regions are revealed
_BEFORE_REVEAL = frozenset({"select", "actions", "melt", "majority", "collapse", "endangered", "reveal"})


def _round_cards(state: GameState, rng: SplitMix64) -> tuple[int, ...]:
    shown = state.round_cards[: state.round]
    free = [c for c in range(len(RULES.edition_of(state).round_cards)) if c not in shown]
    rng.shuffle(free)
    return tuple(shown) + tuple(free[: len(state.round_cards) - len(shown)])


def _event_plan(state: GameState, rng: SplitMix64) -> tuple[tuple[int, ...], ...]:
    hidden_from = state.round - 1 if state.phase in _BEFORE_REVEAL else state.round
    return tuple(
        plan if r < hidden_from else tuple(rng.below(3) for _ in plan) for r, plan in enumerate(state.event_plan)
    )


def determinize(state: GameState, seat: int | None, rng: SplitMix64) -> GameState:
    if state.chance != "seeded":
        raise ValueError(f"an Arctica game recorded with {state.chance or 'no'} chance is not analysable yet")
    if seat is None or state.phase in ("setup", "finished"):
        return state
    others = [i for i in range(len(state.players)) if i != seat]
    pool = sorted([c for i in others for c in state.players[i].hand] + list(state.deck))
    dealt = fill(rng, pool, [len(state.players[i].hand) for i in others] + [len(state.deck)])
    players = list(state.players)
    for i, hand in zip(others, dealt, strict=False):
        players[i] = replace(players[i], hand=hand)
    return replace(
        state,
        players=tuple(players),
        deck=dealt[-1],
        round_cards=_round_cards(state, rng),
        event_plan=_event_plan(state, rng),
    )


def rollout_move(state: GameState, rng: SplitMix64) -> Any:
    return choose_move(RULES.edition_of(state), state, rng)


ANALYSIS = Analysable(
    determinize=determinize,
    rollout_move=rollout_move,
    decider=lambda state, move: seat_of(move),
    policy="Arctica's simulator: a random legal move, actions before skips",
)
