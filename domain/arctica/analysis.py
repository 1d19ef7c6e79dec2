"""What analysis needs of Arctica (``domain/analysis/contract.py``): sampling, rollout policy, decider.

Determinization (``determinize(state, seat, rng)``), by how the game's chance was recorded:

- seeded games (the engine knows the deck, every hand, the round cards and the event plan): for
  ``seat``, the other seats' hands and the deck's order are dealt anew from the cards it has not seen
  (those hands and the deck together, sorted, then shuffled by ``rng``; each hand keeps its size); the
  round cards of rounds not begun are drawn anew among the edition's round cards not shown; the event
  sub-regions not yet revealed (the current round's until they are, every later round's) are drawn
  anew, one of three per affected region, as the setup draws them. ``seat=None`` (omniscient) returns
  the state itself;
- table and public records (the engine learns the cards as the record names them): every perspective,
  the record's own (``seat=None``) included, gets a seeded game: the hand cards it does not know
  (another seat's; in a public record, the unnamed ones, its own too) and the draw pile's order are
  dealt anew from the cards it has not seen (not in a known hand, a column or the discard pile), the
  round cards and event sub-regions it does not know drawn anew as above. ``playable`` makes a record's
  move playable in such a world: the cards it names as drawn are left out (the world draws its own),
  and the cards a public record's move names from its mover's hand are swapped into that hand from
  where the sample put them (the record learns them with the move).

Rollout policy: the simulator's (``simulator.choose_move``): a random legal move, actions before skips.
Decider: the seat a move names (a majority recorded for the table is nobody's).
"""

from __future__ import annotations

from typing import Any, get_args

from msgspec.structs import replace

from domain.analysis.contract import Analysable, fill, seat_of
from domain.chance import SplitMix64

from . import RULES
from . import moves as mv
from .edition import index
from .queries import ROUNDS
from .simulator import choose_and_play, choose_move
from .state import UNKNOWN, GameState, Phase
from .view import shown_round_cards

# the end-of-round phases before the round's event sub-regions are revealed
_BEFORE_REVEAL = frozenset({"select", "actions", "melt", "majority", "collapse", "endangered", "reveal"})


def _round_cards(state: GameState, known: tuple[int, ...], rng: SplitMix64) -> tuple[int, ...]:
    """``known`` then the round cards of the rounds left drawn among the edition's others."""
    free = [c for c in range(len(RULES.edition_of(state).round_cards)) if c not in known]
    rng.shuffle(free)
    return known + tuple(free[: ROUNDS - 1 - len(known)])


def _event_plan(state: GameState, rng: SplitMix64, known: bool) -> tuple[tuple[int, ...], ...]:
    """The recorded plan where it is ``known``; else the sub-regions not yet revealed drawn anew (the
    current round's until they are, every later round's), one of three per affected region."""
    hidden_from = state.round - 1 if state.phase in _BEFORE_REVEAL else state.round
    edition = RULES.edition_of(state)
    plan = state.event_plan
    rows: list[tuple[int, ...]] = []
    for r in range(ROUNDS):
        regions = len(edition.final_round_card.regions) if r + 1 >= ROUNDS else 2
        recorded = plan[r] if r < len(plan) else None
        if recorded is not None and (known or r < hidden_from):
            rows.append(recorded)
        else:
            rows.append(tuple(rng.below(3) for _ in range(regions)))
    return tuple(rows)


def _seeded(state: GameState, seat: int | None, rng: SplitMix64) -> GameState:
    """A seeded game's: the other seats' hands and the deck's order dealt anew (the record's own view:
    the state itself)."""
    if seat is None:
        return state
    others = [i for i in range(len(state.players)) if i != seat]
    pool = sorted([c for i in others for c in state.players[i].hand] + list(state.deck))
    dealt = fill(rng, pool, [len(state.players[i].hand) for i in others] + [len(state.deck)])
    players = list(state.players)
    for i, hand in zip(others, dealt, strict=False):
        players[i] = replace(players[i], hand=hand)
    shown = tuple(c for c in shown_round_cards(state.round_cards, state.round) if c is not None)
    return replace(
        state,
        players=tuple(players),
        deck=dealt[-1],
        round_cards=_round_cards(state, shown, rng),
        event_plan=_event_plan(state, rng, known=False),
    )


def _recorded(state: GameState, seat: int | None, rng: SplitMix64) -> GameState:
    """A table's or public record's, made a seeded game: every hand card the perspective does not know
    (another seat's, an unnamed one) and the draw pile's order dealt from the cards it has not seen;
    round cards and event sub-regions not known drawn anew."""
    idx = index(RULES.edition_of(state))
    kept = [tuple(c for c in p.hand if c != UNKNOWN) if seat in (None, i) else () for i, p in enumerate(state.players)]
    seen = set(state.discard).union(*kept)
    for p in state.players:
        seen.update(p.long_column, p.short_column)
    pool = sorted(set(idx.fauna_ids) - seen)
    sizes = [len(p.hand) - len(k) for p, k in zip(state.players, kept, strict=True)]
    dealt = fill(rng, pool, [*sizes, len(state.deck)])
    players = tuple(replace(p, hand=k + d) for p, k, d in zip(state.players, kept, dealt, strict=False))
    known = state.round_cards if seat is None else shown_round_cards(state.round_cards, state.round)
    return replace(
        state,
        chance="seeded",
        players=players,
        deck=dealt[-1],
        round_cards=_round_cards(state, tuple(c for c in known if c is not None), rng),
        event_plan=_event_plan(state, rng, known=seat is None),
    )


def determinize(state: GameState, seat: int | None, rng: SplitMix64) -> GameState:
    if state.phase in ("setup", "finished"):
        return state
    if state.chance == "seeded":
        return _seeded(state, seat, rng)
    return _recorded(state, seat, rng)


def playable(state: GameState, world: GameState, move: Any) -> tuple[GameState, Any]:
    """``move`` of a table's or public record as a sampled (seeded) world plays it: the cards it names
    as drawn left out (the world draws its own); the cards a public record's move names from its
    mover's hand (played, discarded) swapped into that hand from where the sample put them."""
    if getattr(move, "drawn", None) is not None:
        move = replace(move, drawn=None)
    if isinstance(move, mv.PlayFauna):
        world = _swap_in(world, move.seat, [move.card, *move.discards])
    return world, move


def _swap_in(world: GameState, seat: int, named: list[int]) -> GameState:
    """``world`` where ``seat``'s hand holds the ``named`` cards: each one missing changes places with
    a card of that hand the move does not name (in another hand or the draw pile)."""
    hands = [list(p.hand) for p in world.players]
    deck = list(world.deck)
    spare = [c for c in hands[seat] if c not in named]
    for card in named:
        if card in hands[seat]:
            continue
        if not spare:
            return world  # the move cannot be played here; ``decide`` says why
        out = spare.pop(0)
        hands[seat][hands[seat].index(out)] = card
        for zone in (*hands[:seat], *hands[seat + 1 :], deck):
            if card in zone:
                zone[zone.index(card)] = out
                break
    players = tuple(replace(p, hand=tuple(h)) for p, h in zip(world.players, hands, strict=True))
    return replace(world, players=players, deck=tuple(deck))


_PHASES = {name: i for i, name in enumerate(get_args(Phase))}


def stage(state: GameState) -> int:
    """Where a state is in the game: its selection, phase, and how far the selection's actions and
    answers went (the same for two states at the same decision of the same turn)."""
    parts = (state.turn, _PHASES.get(state.phase, 63), len(state.active_left), len(state.responders))
    return (((parts[0] * 64 + parts[1]) * 64 + parts[2]) * 64) + parts[3]


def rollout_move(state: GameState, rng: SplitMix64) -> Any:
    return choose_move(RULES.edition_of(state), state, rng)


def rollout_step(state: GameState, rng: SplitMix64) -> GameState:
    """The state after ``rollout_move``'s move: the engine's check of the move is its play."""
    return choose_and_play(RULES.edition_of(state), state, rng)[1]


ANALYSIS = Analysable(
    determinize=determinize,
    rollout_move=rollout_move,
    rollout_step=rollout_step,
    decider=lambda state, move: seat_of(move),
    playable=playable,
    policy="Arctica's simulator: a random legal move, actions before skips",
    stage=stage,
    # 256 engine rollouts a move at the default budget: 128 left the shown line 0.032 from the 512-rollout
    # references (bench item 14), above the 0.03 bar; noise falls as one over the square root of the rollouts
    steady=16,
)
