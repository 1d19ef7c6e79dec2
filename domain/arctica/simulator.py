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
from .edition import FAMILIES, Edition, Effect, index
from .events import CardsDrawn, Event, GameStarted
from .evolve import active_seat, evolve
from .queries import (
    collapse_locs,
    destination,
    ecosystem,
    flora_total,
    hit_spaces,
    live_tile,
    round_card,
    round_card_known,
    unseen,
)
from .rules import decide
from .setup import Setup, start
from .state import UNKNOWN, GameState

_MAX_MOVES = 5000


class SimulatedGame(msgspec.Struct, frozen=True):
    setup: Setup
    moves: list[mv.Move]
    events: list[Event]


class _Pick:
    """Choices: random with a generator, else the first option (deterministic ``legal_moves``)."""

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


def _steps(edition: Edition, state: GameState, seat: int, count: int, pick: _Pick) -> tuple[mv.MigrationStep, ...]:
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


def _outcomes(
    edition: Edition, state: GameState, seat: int, key: str, effect: Effect | None, pick: _Pick
) -> dict[str, mv.Outcome]:
    if effect is None or effect.migrations == 0 or not pick.chance(3, 4):
        return {}
    steps = _steps(edition, state, seat, effect.migrations, pick)
    if not steps:
        return {}
    return {
        key: mv.Outcome(
            flora=effect.flora,
            flora_cost=effect.flora_cost,
            cards=effect.cards,
            bp=effect.bp,
            migrations=steps,
        )
    }


def _action_moves(edition: Edition, state: GameState, seat: int, action: str, pick: _Pick) -> list[mv.Move]:
    idx = index(edition)
    p = state.players[seat]
    out: list[mv.Move] = []
    tops = [c[0] for c in (p.long_column, p.short_column) if c]
    if action == "fauna":
        # Public games: an unknown card of the hand may be any card nobody has seen (one candidate each).
        known = [c for c in p.hand if c != UNKNOWN]
        hidden = len(p.hand) - len(known)
        pool = sorted(unseen(idx, state)) if hidden else []
        for card_id in dict.fromkeys(known + pool):
            card = idx.cards[card_id]
            rest = [c for c in known if c != card_id]
            spare = hidden - (card_id not in known)
            if card.cost > len(rest) + spare:
                continue
            discards = tuple(pick.sample(rest, min(card.cost, len(rest))))
            discards += tuple(c for c in pool if c != card_id)[: card.cost - len(discards)]
            outcomes = _outcomes(edition, state, seat, f"flash:{card_id}", card.flash, pick)
            out.append(mv.PlayFauna(seat=seat, card=card_id, discards=discards, outcomes=outcomes))
    elif action == "reproduction":
        out += [mv.Reproduce(seat=seat, card=c) for c in tops if c not in idx.starting_ids]
    elif action == "ability":
        for c in tops:
            outcomes = _outcomes(edition, state, seat, f"ability:{c}", idx.cards[c].ability, pick)
            out.append(mv.UseAbility(seat=seat, card=c, outcomes=outcomes))
    elif action == "flora":
        out.append(mv.TakeFlora(seat=seat))
    elif action == "migration":
        out.append(mv.Migrate(seat=seat, steps=_steps(edition, state, seat, 2, pick)))
    elif action == "draw":
        out.append(mv.Draw(seat=seat))
    elif action == "rotate_card":
        out.append(mv.RotateAndDraw(seat=seat))
    elif action == "rotate_migration":
        steps = _steps(edition, state, seat, 1, pick)
        out.append(mv.RotateAndMigrate(seat=seat, step=steps[0] if steps else None))
    elif action == "colony":
        for f, fam in enumerate(FAMILIES):
            have = p.release[f]
            if not have:
                continue
            free = [i for i, ms in enumerate(edition.map) if ms.family == fam and state.map[i] is None]
            if free:
                k = 1 + pick.below(min(have, len(free)))
                spaces = tuple(sorted(pick.sample(free, k)))
                out.append(mv.Colonize(seat=seat, family=fam, spaces=spaces))  # type: ignore[arg-type]
    return out


def candidate_moves(
    edition: Edition, state: GameState, rng: SplitMix64 | None = None, *, check: bool = True
) -> list[Any]:
    """Representative moves for the current step (checked with ``decide`` unless ``check=False``)."""
    pick = _Pick(rng)
    s = state
    n = len(s.players)
    out: list[Any] = []
    if s.phase == "select":
        seat = active_seat(s)
        for space, sp in enumerate(edition.action_spaces):
            if space == s.pawn:
                continue
            for wheel in sp.wheels:
                for d in (1, -1):
                    out.append(mv.SelectSpace(seat=seat, space=space, wheel=wheel, direction=d))
    elif s.phase == "actions":
        if s.active_left:
            seat = active_seat(s)
            for action in dict.fromkeys(s.active_left):
                out += _action_moves(edition, s, seat, action, pick)
                out.append(mv.Skip(seat=seat, action=action))  # type: ignore[arg-type]
        else:
            seats = s.responders[:1] if s.ordered else s.responders
            for seat in seats:
                for action in dict.fromkeys(s.offered):
                    out += _action_moves(edition, s, seat, action, pick)
                out.append(mv.Skip(seat=seat))
    elif s.phase == "majority" and not round_card_known(s):
        out += [mv.RevealRoundCard(card=i) for i in range(len(edition.round_cards)) if i not in s.round_cards]
    elif s.phase == "majority":
        card = round_card(edition, s)
        todo = [r for r in card.regions if r not in s.majorities_done]
        out.append(mv.RecordMajority(region=todo[0], points=(0,) * n))
    elif s.phase == "collapse":
        for tok in s.pending_collapses:
            locs = collapse_locs(s, tok.seat, tok.family)
            chosen = pick.sample(locs, min(3, len(locs)))
            out.append(mv.ResolveCollapse(seat=tok.seat, family=tok.family, tokens=tuple(chosen)))  # type: ignore[arg-type]
    elif s.phase == "endangered":
        idx = index(edition)
        for seat in s.pending:
            out.append(mv.ResolveEndangered(seat=seat))
            for c in ecosystem(s.players[seat]):
                if idx.cards[c].endangered:
                    out.append(mv.ResolveEndangered(seat=seat, destroy=c))
    elif s.phase == "reveal":
        regions = round_card(edition, s).regions[len(s.revealed) :]
        out.append(mv.RevealEvents(subregions=tuple(pick.below(3) for _ in regions)))
    elif s.phase == "events":
        hit = hit_spaces(edition, s)
        for seat in s.pending:
            mine = [i for i in hit if (t := s.map[i]) is not None and t.seat == seat]
            saves = []
            for i in mine:
                ms = edition.map[i]
                options = edition.regions[ms.region].subregions[ms.subregion].flee_spaces
                saves.append(mv.Save(space=i, dest=options[pick.below(len(options))]))
            if saves:
                out.append(mv.ResolveEvent(seat=seat, saves=tuple(saves[:1])))
                out.append(mv.ResolveEvent(seat=seat, saves=tuple(saves)))
            out.append(mv.ResolveEvent(seat=seat))
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
    cands = candidate_moves(edition, state, rng, check=False)
    rng.shuffle(cands)
    cands.sort(key=lambda move: isinstance(move, mv.Skip))
    if index(edition).has_forms:
        # effects with decisions: one of the move's accepted decision lists, at random
        from .legal import expand

        for m in cands:
            options = expand(edition, state, m)
            if options:
                return options[rng.below(len(options))]
        raise RuntimeError(f"no legal move found in phase {state.phase}")  # pragma: no cover
    for m in cands:
        try:
            decide(edition, state, m)
        except RuleViolation:
            continue
        return m
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
    first = game.events[0]
    assert isinstance(first, GameStarted) and first.event_plan is not None
    ed = editions.get(first.edition_id, first.edition_version)
    setup = Setup(
        players=first.players,
        edition=first.edition_id,
        edition_version=first.edition_version,
        start_player=first.start_player,
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
    first = game.events[0]
    assert isinstance(first, GameStarted) and first.event_plan is not None
    ed = editions.get(first.edition_id, first.edition_version)
    setup = Setup(
        players=first.players,
        edition=first.edition_id,
        edition_version=first.edition_version,
        mode="public",
        start_player=first.start_player,
    )
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


def _fold(state: GameState, events: list[Event]) -> GameState:
    for e in events:
        state = evolve(state, e)
    return state
