"""What analysis needs from a game kind: the plug-in's ``analysis`` (``GamePlugin.analysis``).

A kind that offers analysis gives three pure functions and names its rollout policy:

- ``determinize(state, seat, rng)``: a complete state consistent with what ``seat`` sees of ``state``
  (``seat=None``: what the record itself knows, the omniscient evaluation). Every card ``seat`` could not
  see is drawn anew from the pool of cards it has not seen (a function of its view only, in a canonical
  order, shuffled by ``rng``), never copied from ``state``; known counts (hand sizes, pile sizes) are kept.
  A full-information state with ``seat=None`` comes back unchanged;
- ``rollout_move(state, rng)``: the move the rollout policy plays in a complete state (``policy`` says
  which rule, in words, for the documentation and the analysis it stamps);
- ``rollout_step(state, rng)`` (optional): the state after the move ``rollout_move`` plays (the same draws
  from ``rng``), for a kind whose engine finds that state while checking the move: an engine play-out then
  does not decide each move twice;
- ``decider(state, move)``: the seat whose decision ``move`` is, or ``None`` for the table (a card turned
  over, a reveal recorded): those steps are evaluated, never judged;
- ``playable(state, world, move)`` (optional): a record's move as a world sampled from the record's
  ``state`` plays it (see ``Analysable``);
- ``choices(state, move)`` (optional): the candidates a decision is judged against (default: the legal
  moves), for a record that cannot name every move its player could make (a public record's hidden hand);
- ``settle(world)`` (optional): a sampled world made ready for a rollout (a step the record keeps open);
- ``playout(world, key)`` (optional): the rollout policy's play-out of a world to its end, fast, with its
  randomness keyed by the decision (each seat's share of the win and final total; ``None`` for a world it
  does not play): the same policy as ``rollout_move``, checked move for move against the engine by the
  kind's tests; without it the engine plays ``rollout_move`` (slower: fewer rollouts per move);
- ``stage(state)`` (optional): where a complete state is in the game, as an int the same for two states at
  the same decision of the same turn (a kind without a fast play-out: its engine play-outs then key their
  randomness by the decision, as a fast play-out does);
- ``steady``, ``judging``: rollouts per unit of budget for the evaluation the graph shows
  (``domain.analysis.game``) and for each candidate of a judgement (``domain.analysis.judging``).

Randomness comes in as a :class:`domain.chance.SplitMix64` made by the caller from a seed, as the
simulators do: the domain holds no generator of its own, and the same seed gives the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from domain.chance import SplitMix64

Determinize = Callable[[Any, int | None, SplitMix64], Any]
RolloutMove = Callable[[Any, SplitMix64], Any]
RolloutStep = Callable[[Any, SplitMix64], Any]
Decider = Callable[[Any, Any], int | None]
# (record state, world, move) -> (world, move): ``move`` None when the world returned is already the state
# after the move (a step the record kept open and the world closes)
Playable = Callable[[Any, Any, Any], tuple[Any, Any | None]]
Choices = Callable[[Any, Any], list[Any]] | None
Settle = Callable[[Any], Any]
PlayOut = Callable[[Any, int], tuple[list[float], list[float]] | None]


def as_recorded(state: Any, world: Any, move: Any) -> tuple[Any, Any | None]:
    """The default ``playable``: a record's move plays as it is in every sampled world."""
    return world, move


def as_sampled(world: Any) -> Any:
    """The default ``settle``: a sampled world is played out as it is."""
    return world


@dataclass(frozen=True)
class Analysable:
    """A kind's part of the analysis (see the module's docstring)."""

    determinize: Determinize
    rollout_move: RolloutMove
    decider: Decider
    policy: str  # the rollout policy in words ("the simulator's: uniformly random, powers half the time")
    # (state, world, move) -> (world, move) as a world sampled from the record's ``state`` plays a record's
    # move: a kind whose records name what a sample deals anew (the cards drawn) or do not name what a move
    # needs (a public record's hand); ``None`` for the move when the world returned is the state after it
    playable: Playable = as_recorded
    # (state, move) -> the candidates ``move`` is judged against (``move`` among them); None: the legal moves
    choices: Choices = None
    # a sampled world as a rollout starts from it
    settle: Settle = as_sampled
    # (world, key) -> (win shares, totals): the policy's fast play-out, randomness keyed by the decision
    playout: PlayOut | None = None
    # state -> where it is in the game (turn, step), for engine play-outs keyed by the decision
    stage: Callable[[Any], int] | None = None
    # (state, rng) -> the state after the move ``rollout_move`` plays with the same draws (its engine's check
    # of the move is its play): an engine play-out's step without deciding the move twice
    rollout_step: RolloutStep | None = None
    # rollouts per unit of budget for the shown evaluation (the graph's line): a kind with a fast play-out
    # affords many more
    steady: int = 8
    # rollouts per unit of budget for each candidate of a judgement
    judging: int = 1
    # (state, played, best, seat) -> the better move in a sentence as a player would say it ("" : the
    # analysis's generic wording of the two moves' timeline lines)
    advise: Callable[[Any, Any, Any, int], str] | None = None


def seat_of(move: Any) -> int | None:
    """The ``seat`` a move names (most kinds' moves do), else ``None``: a common ``decider``."""
    seat = getattr(move, "seat", None)
    return seat if isinstance(seat, int) else None


def fill(rng: SplitMix64, pool: list[int], sizes: list[int]) -> list[tuple[int, ...]]:
    """``pool`` shuffled by ``rng`` then cut into consecutive slots of ``sizes`` (the sum must match)."""
    if sum(sizes) != len(pool):
        raise ValueError(f"{len(pool)} unseen cards for {sum(sizes)} hidden places")
    cards = list(pool)
    rng.shuffle(cards)
    out: list[tuple[int, ...]] = []
    at = 0
    for size in sizes:
        out.append(tuple(cards[at : at + size]))
        at += size
    return out
