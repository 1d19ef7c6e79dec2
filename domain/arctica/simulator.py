"""A seeded simulator for complete legal games (2-5 players), and the move candidates behind
``RULES.legal_moves``. Same ``(players, seed)`` → same game: the only generator is SplitMix64.

``candidate_moves`` lists representative moves (one discard choice per playable card, a few token
selections, ...), not every combination: the full move space of Fauna discards and Colony subsets is
too large to enumerate. Every candidate it returns through ``legal_moves`` has passed ``decide``.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.chance import SplitMix64
from domain.errors import RuleViolation

from . import editions
from . import moves as mv
from .edition import Edition, index
from .events import CardsDrawn, Event, GameStarted
from .evolve import evolve
from .move_space import Steps, move_space
from .queries import (
    destination,
    flora_total,
    live_tile,
    round_card_known,
)
from .rules import decide, decide_and_evolve
from .setup import Setup, start
from .state import GameState, Loc

_MAX_MOVES = 5000


class SimulatedGame(msgspec.Struct, frozen=True):
    setup: Setup
    moves: list[mv.Move]
    events: list[Event]


class _Pick:
    """One answer of each family of choices: drawn from the generator, else the first (deterministic
    ``candidate_moves``)."""

    def __init__(self, rng: SplitMix64 | None) -> None:
        self.rng = rng

    def below(self, bound: int) -> int:
        return self.rng.below(bound) if self.rng is not None and bound > 0 else 0

    def chance(self, num: int, den: int) -> bool:
        return self.rng.below(den) < num if self.rng is not None else False

    def sample(self, items: list[Any], count: int) -> list[Any]:
        items = list(items)
        if self.rng is not None:
            self.rng.shuffle(items)
        return items[:count]

    def hand(self, known: list[int]) -> list[int]:
        return known

    def discards(self, rest: list[int], others: list[int], cost: int, spare: int) -> list[tuple[int, ...]]:
        if cost > len(rest) + spare:
            return []
        discards = tuple(self.sample(rest, min(cost, len(rest))))
        return [discards + tuple(others)[: cost - len(discards)]]

    def steps(self, edition: Edition, state: GameState, seat: int, most: int) -> list[Steps]:
        return [_steps(edition, state, seat, most, self)]

    def granted(self, edition: Edition, state: GameState, seat: int, most: int) -> list[Steps]:
        return [_steps(edition, state, seat, most, self) if self.chance(3, 4) else ()]

    def spaces(self, free: list[int], most: int) -> list[tuple[int, ...]]:
        if not most:
            return []
        return [tuple(sorted(self.sample(free, 1 + self.below(most))))]

    def tokens(self, locs: list[Loc], count: int) -> list[tuple[Loc, ...]]:
        return [tuple(self.sample(locs, count))]

    def subregions(self, regions: int) -> list[tuple[int, ...]]:
        return [tuple(self.below(3) for _ in range(regions))]

    def saves(self, flee: list[tuple[int, tuple[int, ...]]], trade: bool) -> list[tuple[mv.Save, ...]]:
        # one flee space a token, never a trade; one token saved, all, or none
        saves = tuple(mv.Save(space=i, dest=dests[self.below(len(dests))]) for i, dests in flee)
        return [saves[:1], saves, ()] if saves else [()]

    def declines(self, seat: int, offered: list[str]) -> list[mv.Skip]:
        return [mv.Skip(seat=seat)]


def _steps(edition: Edition, state: GameState, seat: int, count: int, pick: _Pick) -> Steps:
    own = [(i, t.family) for i, sp in enumerate(state.circle) for t in sp if t.seat == seat]
    steps = []
    flora = flora_total(state.players[seat])
    for _ in range(count):
        if not own:
            break
        k = pick.below(len(own))
        space, fam = own[k]
        dst = destination(edition, state, space, fam)
        own[k] = (dst, fam)
        trade: tuple[Any, ...] = ()
        if live_tile(edition, state, dst) == 6 and flora > 0 and pick.chance(2, 3):
            trade = (fam,)
            own.pop(k)
            flora -= 1
        steps.append(mv.MigrationStep(space=space, family=fam, trade=trade))  # type: ignore[arg-type]
    return tuple(steps)


def candidate_moves(
    edition: Edition, state: GameState, rng: SplitMix64 | None = None, *, check: bool = True
) -> list[Any]:
    """Representative moves for the current step (checked with ``decide`` unless ``check=False``)."""
    out = move_space(edition, state, _Pick(rng))
    if not check:
        return out
    legal = []
    for m in out:
        try:
            decide(edition, state, m)
        except RuleViolation:
            continue
        legal.append(m)
    return legal


def choose_move(edition: Edition, state: GameState, rng: SplitMix64) -> mv.Move:
    """A random legal move, preferring actions to skips."""
    return choose_and_play(edition, state, rng)[0]


def choose_and_play(edition: Edition, state: GameState, rng: SplitMix64) -> tuple[mv.Move, GameState]:
    """``choose_move``'s move (the same draws from ``rng``) and the state after it: the check that finds the
    move legal is the engine's own ``decide_and_evolve``, so a play-out (the analysis's rollouts) need not
    decide it a second time."""
    cands = candidate_moves(edition, state, rng, check=False)
    rng.shuffle(cands)
    cands.sort(key=lambda move: isinstance(move, mv.Skip))
    if index(edition).has_forms:
        # effects with decisions: one of the move's accepted decision lists, at random
        from .legal import expand

        for m in cands:
            options = expand(edition, state, m)
            if options:
                chosen = options[rng.below(len(options))]
                return chosen, decide_and_evolve(edition, state, chosen)[1]
        raise RuntimeError(f"no legal move found in phase {state.phase}")  # pragma: no cover
    for m in cands:
        try:
            _, after = decide_and_evolve(edition, state, m)
        except RuleViolation:
            continue
        return m, after
    raise RuntimeError(f"no legal move found in phase {state.phase}")  # pragma: no cover


def simulate(players: int, seed: int, edition: Edition | None = None) -> SimulatedGame:
    """A complete legal game of ``players`` (2-5) from ``seed``: the same seed gives the same game."""
    ed = edition or editions.demo()
    setup = Setup(players=tuple(f"Player {i + 1}" for i in range(players)), edition=ed.id, seed=seed)
    events: list[Event] = list(start(ed, setup))
    state = GameState()
    for e in events:
        state = evolve(state, e)
    rng = SplitMix64(seed ^ 0x5EED_A7C7)
    moves: list[mv.Move] = []
    while state.phase != "finished":
        if len(moves) >= _MAX_MOVES:  # pragma: no cover
            raise RuntimeError("simulation did not finish")
        move = choose_move(ed, state, rng)
        new = decide(ed, state, move)
        for e in new:
            state = evolve(state, e)
        moves.append(move)
        events.extend(new)
    return SimulatedGame(setup=setup, moves=moves, events=events)


def table_record(game: SimulatedGame) -> tuple[Setup, list[mv.Move]]:
    """The same game as if recorded at a real table: no seed; hands and round cards in the setup; every
    card drawn named in its move's ``drawn``; event sub-regions revealed by ``reveal_events`` moves."""
    first, ed = _opening(game)
    setup = _setup(
        first,
        hands=tuple(tuple(h or ()) for h in first.hands),
        round_cards=tuple(c for c in first.round_cards if c is not None),
    )
    seeded = _fold(GameState(), game.events[:1])
    table = _fold(GameState(), start(ed, setup))
    out: list[mv.Move] = []

    def reveal() -> None:
        nonlocal table
        while table.phase == "reveal":
            plan = first.event_plan[table.round - 1]  # type: ignore[index]
            move = mv.RevealEvents(subregions=plan[len(table.revealed) :])
            table = _fold(table, decide(ed, table, move))
            out.append(move)

    for move in game.moves:
        reveal()
        new = decide(ed, seeded, move)
        seeded = _fold(seeded, new)
        cards = tuple(c for e in new if isinstance(e, CardsDrawn) for c in e.cards or ())
        if hasattr(move, "drawn"):
            move = msgspec.structs.replace(move, drawn=cards or None)
        table = _fold(table, decide(ed, table, move))
        out.append(move)
    reveal()
    return setup, out


def public_record(game: SimulatedGame) -> tuple[Setup, list[mv.Move]]:
    """The same game recorded by someone who sees only what the whole table sees: no seed, no hands;
    no card named when drawn (a card is named when it is played or discarded); the round card of each
    round revealed by a ``reveal_round_card`` move and the event sub-regions by ``reveal_events``."""
    first, ed = _opening(game)
    setup = _setup(first, mode="public")
    public = _fold(GameState(), start(ed, setup))
    out: list[mv.Move] = []

    def reveal() -> None:
        nonlocal public
        while True:
            move: mv.Move
            if public.phase == "majority" and not round_card_known(public):
                card = first.round_cards[public.round - 1]
                assert card is not None, "the simulated game's own opening names every round card"
                move = mv.RevealRoundCard(card=card)
            elif public.phase == "reveal":
                plan = first.event_plan[public.round - 1]  # type: ignore[index]
                move = mv.RevealEvents(subregions=plan[len(public.revealed) :])
            else:
                return
            public = _fold(public, decide(ed, public, move))
            out.append(move)

    for move in game.moves:
        reveal()
        if getattr(move, "drawn", None) is not None:
            move = msgspec.structs.replace(move, drawn=None)
        public = _fold(public, decide(ed, public, move))
        out.append(move)
    reveal()
    return setup, out


def _opening(game: SimulatedGame) -> tuple[GameStarted, Edition]:
    """A simulated game's opening event (with its seeded plan) and its edition."""
    first = game.events[0]
    assert isinstance(first, GameStarted) and first.event_plan is not None
    return first, editions.get(first.edition_id, first.edition_version)


def _setup(first: GameStarted, **more: Any) -> Setup:
    """The setup a recorder writes for the game ``first`` opened: its players, edition and start player,
    and ``more``."""
    return Setup(
        players=first.players,
        edition=first.edition_id,
        edition_version=first.edition_version,
        start_player=first.start_player,
        **more,
    )


def _fold(state: GameState, events: list[Event]) -> GameState:
    for e in events:
        state = evolve(state, e)
    return state
