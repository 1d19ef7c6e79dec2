"""A full-information Arctic game played to its end by the simulator's policy, fast: the analysis's rollouts.

``play_out(state, rng)`` plays the same moves as the rules engine driven by ``simulator.choose`` over
``legal_moves(state, implicit=False)`` — the same legal moves in the same order, the same draws from
``rng`` — and ends on the same final scores (``tests/domain/arctic/test_playout.py`` checks it move for
move against the engine). What makes it several times faster: one mutable copy of the state (lists and
ints) changed in place, no event, no frozen struct rebuilt per change, no move validated (every move it
plays is one the engine lists), moves as small tuples.

Only full-mode states (every card known: a sampled world); another mode, or a state at a decision this
module does not play, raises ``ValueError`` (the caller plays the engine's way).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from domain.chance import SplitMix64

from . import catalogue as cat
from . import decisions as dec
from . import state as st
from .decisions import Decisions
from .scoring import best_pile, longest_runs, rank_seats
from .state import EMPTY, UNKNOWN, GameState, PlayerState

_MAIN: Final = cat.MAIN
_COMPANION: Final = cat.COMPANION
_PLACEMENT: Final = cat.PLACEMENT
_DRAW: Final = cat.DRAW
_LANDSCAPE: Final = cat.LANDSCAPE
_LAST: Final = cat.TRACK_LAST
_FOX, _MOOSE, _WALRUS, _ORCA, _PUFFIN, _BEAR = range(6)
_A, _B = cat.SIDE_A, cat.SIDE_B

# phases, as small ints
PLACE, TOKENS, WALRUS, DRAW, DISCARD, GIVE, FINISHED = range(7)
_PHASES: Final = {st.PLACE: PLACE, st.TOKENS: TOKENS, st.WALRUS: WALRUS, st.DRAW: DRAW, st.DISCARD: DISCARD}
_PHASES[st.GIVE] = GIVE

# moves, as tuples (kind, a, b)
Move = tuple[int, int, int]
SWAP, TAKE_BACK, MOOSE_B, PLACE_CARD, END_STEP, TOKENS_UP, WALRUS_STEP = range(7)
DRAW_DELTA, RIVER, DRAW_PILE, FROM_PENALTY, DISCARD_CARD, GIVE_CARD = range(7, 13)
TOP, FACE_DOWN, BOTTOM = range(3)

_SCALE: Final = tuple(cat.scale(n) for n in range(32))
_MASK: Final = (1 << 64) - 1


class Unsupported(ValueError):
    """A state this module does not play (not full mode, a phase between decisions)."""


class Table:
    """A full-mode ``GameState`` as mutable lists, and the automatic consequences of the rules on them."""

    __slots__ = (
        "active",
        "d",
        "deck",
        "downs",
        "draw_left",
        "draw_target",
        "drawn",
        "final_round",
        "hands",
        "holders",
        "moose_a_used",
        "moose_delta",
        "moose_used",
        "n",
        "n_from_card",
        "penalties",
        "penalty_unknown",
        "phase",
        "piles",
        "place_n",
        "placed",
        "placing_closed",
        "puffin_used",
        "reserve",
        "reserve_in_use",
        "reserve_left",
        "river",
        "round",
        "sides",
        "start_seat",
        "tokens",
        "totems",
        "trace",
        "turn",
        "wild",
    )

    def __init__(self, state: GameState, decisions: Decisions) -> None:
        if state.mode != "full":
            raise Unsupported("only full-mode states are played out here")
        phase = _PHASES.get(state.phase, -1) if state.phase != st.FINISHED else FINISHED
        if phase < 0:
            raise Unsupported(f"no decision at phase {state.phase!r}")
        self.d = decisions
        self.n = len(state.names)
        self.start_seat = state.start_seat
        self.sides = state.sides
        self.holders = list(state.holders)
        self.tokens = list(state.tokens)
        self.river = list(state.river)
        self.deck = state.deck
        self.draw_left = state.draw_left
        self.reserve = state.reserve
        self.reserve_left = state.reserve_left
        self.reserve_in_use = state.reserve_in_use
        players = state.players
        self.hands = [list(p.hand) for p in players]
        self.piles = [list(p.pile) for p in players]
        self.downs = [list(p.pile_down) for p in players]
        self.penalties = [list(p.penalty) for p in players]
        self.penalty_unknown = [p.penalty_unknown for p in players]
        self.totems = [p.totem for p in players]
        self.wild = [list(p.wild) for p in players]
        if any(p.hand_unknown for p in players) or UNKNOWN in self.totems or UNKNOWN in self.river:
            raise Unsupported("a full-mode state with unknown cards")
        self.phase = phase
        self.active = state.active
        self.round = state.round
        self.turn = state.turn
        self.final_round = state.final_round
        self.place_n = state.place_n
        self.n_from_card = state.n_from_card
        self.placed = state.placed
        self.moose_delta = state.moose_delta
        self.moose_used = state.moose_used
        self.puffin_used = state.puffin_used
        self.placing_closed = state.placing_closed
        self.draw_target = state.draw_target
        self.drawn = state.drawn
        self.moose_a_used = state.moose_a_used
        self.trace: list[Any] | None = None  # the engine's moves played, when asked (the differential test)

    # ------------------------------------------------------------------ reads
    def holds(self, animal: int, side: int) -> bool:
        return self.holders[animal] == self.active and self.sides[animal] == side

    def visible(self, seat: int) -> int:
        """The face-up top card of ``seat``'s pile, or -1."""
        pile = self.piles[seat]
        if pile and not self.downs[seat][-1]:
            return pile[-1]
        return -1

    def moose_b_available(self) -> bool:
        return (
            self.holders[_MOOSE] == self.active
            and self.sides[_MOOSE] == _B
            and not self.moose_used
            and (self.n_from_card)
        )

    def end_pending(self) -> bool:
        return self.d.end_trigger == dec.CARD_NEEDED and self.draw_left == 0 and not self.reserve_in_use

    def pile_available(self) -> bool:
        if self.draw_left > 0:
            return True
        return self.d.end_trigger == dec.CARD_NEEDED and not self.reserve_in_use and self.reserve_left > 0

    # ------------------------------------------------------------------ the legal moves, in the engine's order
    def token_options(self) -> list[tuple[int, int]]:
        v = self.visible(self.active)
        tokens = self.tokens
        pm, pc = tokens[_MAIN[v]], tokens[_COMPANION[v]]
        opts = []
        if pm < _LAST and pc > 0:
            opts.append((1, -1))
        if pc < _LAST and pm > 0:
            opts.append((-1, 1))
        if not opts:
            step = 1 if pm == 0 else -1
            opts.append((step, step))
        return opts

    def walrus_animal(self) -> int:
        v = self.visible(self.active)
        return _MAIN[v] if self.sides[_WALRUS] == _A else _COMPANION[v]

    # ------------------------------------------------------------------ playing
    def exhausted(self) -> None:
        """The draw pile ran out: the reserve is the draw pile (§7.2)."""
        self.deck = self.reserve
        self.draw_left = len(self.reserve)
        self.reserve = ()
        self.reserve_left = 0
        self.reserve_in_use = True

    def after_take(self) -> None:
        if self.draw_left == 0 and not self.reserve_in_use and self.d.end_trigger == dec.LAST_CARD_TAKEN:
            self.exhausted()

    def refill(self) -> None:
        """The River refilled to its size, lowest empty slot first (``consequences.refill_river``)."""
        river = self.river
        while EMPTY in river:
            if self.end_pending():
                self.exhausted()
            if self.draw_left == 0:
                break
            river[river.index(EMPTY)] = self.deck[len(self.deck) - self.draw_left]
            self.draw_left -= 1
            self.after_take()

    def shortfall(self) -> int:
        target = self.place_n + self.moose_delta
        if self.moose_delta > 0 and self.d.moose_b_plus_shortfall == dec.PRINTED:
            target = self.place_n
        return max(0, target - self.placed)

    def after_placing(self) -> None:
        """Placing ends when it is complete (``queries.placing_complete``: the N-th card, a Fox card, an
        empty hand), Moose B's reduction of a shortfall taken first by itself (``shortfall_reduced``)."""
        automatic = self.d.moose_b_shortfall == dec.AUTOMATIC
        complete = self.placing_closed or self.placed >= self.place_n + self.moose_delta
        if not complete and (self.hands[self.active] or not (automatic or not self.moose_b_available())):
            return
        if (
            automatic
            and self.moose_delta == 0
            and self.placed < self.place_n
            and self.moose_b_available()
            and self.shortfall() > 0
        ):
            self.moose_delta = -1
            self.moose_used = True
            self.after_placing()
            return
        self.placing_ended()

    def penalty(self, seat: int) -> None:
        """One penalty card from the draw pile (none when it is empty: ``empty_pile_penalty``)."""
        if self.end_pending():
            self.exhausted()
        if self.draw_left > 0:
            self.penalties[seat].append(self.deck[len(self.deck) - self.draw_left])
            self.draw_left -= 1
            self.after_take()
        elif self.d.empty_pile_penalty == dec.COUNT:
            self.penalty_unknown[seat] += 1

    def placing_ended(self) -> None:
        seat = self.active
        for _ in range(self.shortfall()):
            self.penalty(seat)
        v = self.visible(seat)
        self.holders[_MAIN[v]] = seat  # the power of the visible card (§5 step 1)
        self.phase = TOKENS
        options = self.token_options()
        if len(options) == 1:
            self.move_tokens(options[0])

    def move_tokens(self, option: tuple[int, int]) -> None:
        v = self.visible(self.active)
        tokens = self.tokens
        main, companion = _MAIN[v], _COMPANION[v]
        tokens[main] = min(_LAST, max(0, tokens[main] + option[0]))
        tokens[companion] = min(_LAST, max(0, tokens[companion] + option[1]))
        if self.holders[_WALRUS] == self.active:
            self.phase = WALRUS
        else:
            self.after_walrus()

    def after_walrus(self) -> None:
        if self.final_round:
            self.end_turn()
            return
        v = self.visible(self.active)
        self.phase = DRAW
        self.draw_target = _DRAW[v] if v >= 0 else 0
        self.drawn = 0
        self.moose_a_used = False
        self.after_drawing()

    def draw_sources(self) -> bool:
        if any(r != EMPTY for r in self.river):
            return True
        if self.holds(_ORCA, _B) and self.pile_available():
            return True
        return self.holds(_BEAR, _A) and len(self.penalties[self.active]) > 0

    def after_drawing(self) -> None:
        if self.drawn < self.draw_target and self.draw_sources():
            return
        if self.drawn < self.draw_target and self.d.river_shortfall == dec.PENALTY:
            for _ in range(self.draw_target - self.drawn):
                self.penalty(self.active)
        d = self.d
        if len(self.hands[self.active]) > d.hand_limit and (
            d.hand_limit_check == dec.EVERY_DRAW_STEP or self.drawn > 0
        ):
            self.phase = DISCARD
            return
        self.after_discard()

    def after_discard(self) -> None:
        seat = self.active
        if (
            self.holders[_BEAR] == seat
            and self.sides[_BEAR] == _B
            and len(self.penalties[seat]) + self.penalty_unknown[seat] > 0
        ):
            self.phase = GIVE
            return
        self.end_turn()

    def end_turn(self) -> None:
        if not self.final_round and EMPTY in self.river and (self.draw_left > 0 or self.end_pending()):
            self.refill()
        n = self.n
        if self.final_round and (self.active + 1) % n == self.start_seat:
            self.phase = FINISHED
            return
        seat = (self.active + 1) % n
        self.turn += 1
        if self.reserve_in_use and not self.final_round and seat == self.start_seat:
            self.final_round = True
        if seat == self.start_seat:
            self.round += 1
        self.active = seat
        v = self.visible(seat)
        self.place_n, self.n_from_card = (_PLACEMENT[v], True) if v >= 0 else (1, False)
        self.phase = PLACE
        self.placed = 0
        self.moose_delta = 0
        self.moose_used = False
        self.puffin_used = False
        self.placing_closed = False
        self.draw_target = 0
        self.drawn = 0
        self.moose_a_used = False
        self.after_placing_start()

    def after_placing_start(self) -> None:
        """A turn starting on an empty hand ends its placing at once (``placing_complete``)."""
        if not self.hands[self.active]:
            self.after_placing()

    # ------------------------------------------------------------------ the end
    def totals(self) -> list[int]:
        """Each seat's final total (``scoring.seat_score``)."""
        d = self.d
        out = []
        for seat in range(self.n):
            down = self.downs[seat]
            if True in down:
                player = PlayerState(pile=tuple(self.piles[seat]), pile_down=tuple(down), wild=tuple(self.wild[seat]))
                animals, _ = best_pile(player, d)
            else:
                animals = [_MAIN[c] for c in self.piles[seat]]
            best = longest_runs(animals)
            runs = 0
            kinds = 0
            for length in best:
                if length >= 2:
                    runs += _SCALE[length]
                    kinds += 1
            totem = _LANDSCAPE[self.tokens[self.totems[seat]]]
            penalty = (
                len(self.penalties[seat]) + self.penalty_unknown[seat] + d.hand_cost_at_end * len(self.hands[seat])
            )
            out.append(runs + _SCALE[kinds] + totem - penalty)
        return out

    def outcome(self) -> tuple[list[float], list[float]]:
        """Per seat: its share of the win (``1/k`` for ``k`` seats ranked first) and its final total."""
        totals = self.totals()
        ranks = rank_seats(totals, self.start_seat, self.d)
        first = ranks.count(1)
        return [1.0 / first if r == 1 else 0.0 for r in ranks], [float(t) for t in totals]


class Game(Table):
    """A full-mode ``GameState`` played to its end: ``run`` (the random stream of the engine) or ``run_keyed``."""

    __slots__ = ()

    def legal(self) -> tuple[list[Move], list[Move]]:
        """(every legal move, the power moves among them), as ``legal_moves(implicit=False)`` lists them."""
        return _LEGAL[self.phase](self)

    def run(self, rng: SplitMix64) -> None:
        """The game played to its end: ``simulator.choose`` over the legal moves, as the engine plays it.

        ``rng``'s draws are SplitMix64's (``domain.chance``), computed here inline (the play-out's hottest
        lines); ``rng`` is left where the engine would have left it."""
        seed = rng._state
        trace = self.trace
        legal_of = self.legal
        play = self.play
        while self.phase != FINISHED:
            legal, powers = legal_of()
            for options in (powers, legal):
                if not options:
                    continue
                bound = 2 if options is powers else len(options)
                while True:  # SplitMix64.below(bound): rejection sampling, no modulo bias
                    seed = (seed + 0x9E3779B97F4A7C15) & _MASK
                    z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                    z ^= z >> 31
                    if z < _MASK - (_MASK % bound):
                        break
                pick = z % bound
                if options is powers:
                    if pick != 0:
                        continue  # the half of the time powers are not preferred: any legal move
                    bound = len(powers)
                    while True:
                        seed = (seed + 0x9E3779B97F4A7C15) & _MASK
                        z = ((seed ^ (seed >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                        z ^= z >> 31
                        if z < _MASK - (_MASK % bound):
                            break
                    move = powers[z % bound]
                else:
                    move = legal[pick]
                break
            if trace is not None:
                trace.append(as_move(self, move))
            play(move)
        rng._state = seed

    def run_keyed(self, key: int) -> None:
        """The game played to its end by the same policy with its randomness keyed by the decision: the
        uniform number of a decision is a hash of ``key`` and (turn, step of the turn, how many decisions
        of that step came before), not the next number of a stream. Each decision is still uniform among
        the legal moves (powers half the time when any is legal): the same policy, the same expected
        outcome. But two play-outs of one ``key`` from two states a move apart make the same choices
        wherever their positions offer the same ones, so their outcomes move together: the analysis's
        common random numbers across consecutive moves (``domain/analysis/rollouts.py``)."""
        legal_of = self.legal
        play = self.play
        trace = self.trace
        last = (-1, -1)
        count = 0
        while self.phase != FINISHED:
            legal, powers = legal_of()
            at = (self.turn, self.phase)
            count = count + 1 if at == last else 0
            last = at
            z = (key ^ ((self.turn << 8) | (self.phase << 5) | count)) & _MASK
            z = (z + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            options = powers if powers and (z >> 63) == 0 else legal
            # the low 32 bits scaled to the options: uniform to within 2**-32 (a keyed choice has no stream
            # to draw a rejection from)
            move = options[((z & 0xFFFFFFFF) * len(options)) >> 32]
            if trace is not None:
                trace.append(as_move(self, move))
            play(move)

    def play(self, move: Move) -> None:
        _PLAY[move[0]](self, move[1], move[2])


def _placing_moves(g: Game) -> tuple[list[Move], list[Move]]:
    """Step 1: Puffin powers before the first card, Moose B, the cards (Fox placements for the last)."""
    seat = g.active
    hand = g.hands[seat]
    size = len(hand)
    holders, sides = g.holders, g.sides
    visible = g.visible(seat)
    out: list[Move] = []
    powers: list[Move] = []
    if size > 0 and g.placed == 0 and not g.moose_used and not g.puffin_used:
        if holders[_PUFFIN] == seat and sides[_PUFFIN] == _A:
            river = g.river
            for c in hand:
                for slot, r in enumerate(river):
                    if r != EMPTY:
                        powers.append((SWAP, c, slot))
        if holders[_PUFFIN] == seat and sides[_PUFFIN] == _B and visible >= 0:
            powers.append((TAKE_BACK, 0, 0))
    if g.moose_b_available():
        powers.append((MOOSE_B, 1, 0))
        if g.placed <= g.place_n - 1:
            powers.append((MOOSE_B, -1, 0))
    out.extend(powers)
    if size == 0:
        out.append((END_STEP, 0, 0))
        return out, powers
    last = g.placed + 1 == g.place_n + g.moose_delta or size == 1
    fox_ok = last and visible >= 0
    fox_a = fox_ok and holders[_FOX] == seat and sides[_FOX] == _A
    fox_b = fox_ok and holders[_FOX] == seat and sides[_FOX] == _B
    if fox_b:
        for c in hand:
            out.append((PLACE_CARD, c, TOP))
            move = (PLACE_CARD, c, BOTTOM)
            out.append(move)
            powers.append(move)
    else:
        out.extend([(PLACE_CARD, c, TOP) for c in hand])
    if fox_a:
        downs = [(PLACE_CARD, c, FACE_DOWN) for c in hand]
        out.extend(downs)
        powers.extend(downs)
    return out, powers


def _token_moves(g: Game) -> tuple[list[Move], list[Move]]:
    return [(TOKENS_UP, main_step, 0) for main_step, _ in g.token_options()], []


def _walrus_moves(g: Game) -> tuple[list[Move], list[Move]]:
    pos = g.tokens[g.walrus_animal()]
    powers: list[Move] = []
    if pos < _LAST:
        powers.append((WALRUS_STEP, 1, 0))
    if pos > 0:
        powers.append((WALRUS_STEP, -1, 0))
    return [*powers, (END_STEP, 0, 0)], powers


def _drawing_moves(g: Game) -> tuple[list[Move], list[Move]]:
    """Step 3: Moose A, the River slots (Orca A with or without its refill), the draw pile (Orca B),
    the penalty zone (Polar bear A)."""
    out: list[Move] = []
    powers: list[Move] = []
    if g.holds(_MOOSE, _A) and not g.moose_a_used:
        powers.append((DRAW_DELTA, 1, 0))
        powers.append((DRAW_DELTA, -1, 0))
        out.extend(powers)
    orca_a = g.holds(_ORCA, _A)
    for slot, r in enumerate(g.river):
        if r != EMPTY:
            out.append((RIVER, slot, 0))
            if orca_a:
                out.append((RIVER, slot, 1))  # Orca A, without its refill
    if g.holds(_ORCA, _B) and g.pile_available():
        move: Move = (DRAW_PILE, 0, 0)
        out.append(move)
        powers.append(move)
    if g.holds(_BEAR, _A):
        for c in g.penalties[g.active]:
            move = (FROM_PENALTY, c, 0)
            out.append(move)
            powers.append(move)
    return out, powers


def _discarding_moves(g: Game) -> tuple[list[Move], list[Move]]:
    return [(DISCARD_CARD, c, 0) for c in g.hands[g.active]], []


def _giving_moves(g: Game) -> tuple[list[Move], list[Move]]:
    seat = g.active
    powers: list[Move] = [(GIVE_CARD, to, c) for to in range(g.n) if to != seat for c in g.penalties[seat]]
    return [*powers, (END_STEP, 0, 0)], powers


def _no_moves(g: Game) -> tuple[list[Move], list[Move]]:
    return [], []


_LEGAL: dict[int, Callable[[Game], tuple[list[Move], list[Move]]]] = {
    PLACE: _placing_moves,
    TOKENS: _token_moves,
    WALRUS: _walrus_moves,
    DRAW: _drawing_moves,
    DISCARD: _discarding_moves,
    GIVE: _giving_moves,
    FINISHED: _no_moves,
}


def _place(g: Game, card: int, placement: int) -> None:
    seat = g.active
    g.hands[seat].remove(card)
    pile, down = g.piles[seat], g.downs[seat]
    if placement == TOP:
        pile.append(card)
        down.append(False)
    elif placement == FACE_DOWN:
        pile.insert(len(pile) - 1, card)
        down.insert(len(down) - 1, True)
        g.placing_closed = True
    else:
        pile.insert(0, card)
        down.insert(0, False)
        g.wild[seat] = [(pos + 1, animal) for pos, animal in g.wild[seat]]
        g.placing_closed = True
    g.placed += 1
    g.after_placing()


def _swap(g: Game, card: int, slot: int) -> None:
    hand = g.hands[g.active]
    hand.remove(card)
    hand.append(g.river[slot])
    g.river[slot] = card
    g.puffin_used = True
    g.after_placing()


def _take_back(g: Game, a: int, b: int) -> None:
    seat = g.active
    pile, down = g.piles[seat], g.downs[seat]
    card = pile.pop()
    down.pop()
    g.hands[seat].append(card)
    g.place_n, g.n_from_card = (_PLACEMENT[pile[-1]], True) if pile and not down[-1] else (1, False)
    g.puffin_used = True
    g.after_placing()


def _moose_b(g: Game, delta: int, b: int) -> None:
    g.moose_delta = delta
    g.moose_used = True
    g.after_placing()


def _end_step(g: Game, a: int, b: int) -> None:
    if g.phase == WALRUS:
        g.after_walrus()
    elif g.phase == GIVE:
        g.end_turn()
    else:  # an empty hand at placing (``moose_b_shortfall="declared"``): every penalty
        g.placing_ended()


def _tokens(g: Game, main_step: int, b: int) -> None:
    g.move_tokens(next(o for o in g.token_options() if o[0] == main_step))


def _walrus(g: Game, step: int, b: int) -> None:
    animal = g.walrus_animal()
    g.tokens[animal] = min(_LAST, max(0, g.tokens[animal] + step))
    g.after_walrus()


def _draw_delta(g: Game, delta: int, b: int) -> None:
    g.draw_target += delta
    g.moose_a_used = True
    g.after_drawing()


def _river(g: Game, slot: int, no_refill: int) -> None:
    river = g.river
    g.hands[g.active].append(river[slot])
    river[slot] = EMPTY
    g.drawn += 1
    if no_refill == 0 and g.holds(_ORCA, _A):
        g.refill()
    g.after_drawing()


def _draw_pile(g: Game, a: int, b: int) -> None:
    if g.end_pending():
        g.exhausted()
    g.hands[g.active].append(g.deck[len(g.deck) - g.draw_left])
    g.draw_left -= 1
    g.drawn += 1
    g.after_take()
    g.after_drawing()


def _from_penalty(g: Game, card: int, b: int) -> None:
    g.penalties[g.active].remove(card)
    g.hands[g.active].append(card)
    g.drawn += 1
    g.after_drawing()


def _discard(g: Game, card: int, b: int) -> None:
    seat = g.active
    g.hands[seat].remove(card)
    g.penalties[seat].append(card)
    if len(g.hands[seat]) <= g.d.hand_limit:
        g.after_discard()


def _give(g: Game, to: int, card: int) -> None:
    g.penalties[g.active].remove(card)
    g.penalties[to].append(card)
    g.end_turn()


_PLAY: dict[int, Callable[[Game, int, int], None]] = {
    SWAP: _swap,
    TAKE_BACK: _take_back,
    MOOSE_B: _moose_b,
    PLACE_CARD: _place,
    END_STEP: _end_step,
    TOKENS_UP: _tokens,
    WALRUS_STEP: _walrus,
    DRAW_DELTA: _draw_delta,
    RIVER: _river,
    DRAW_PILE: _draw_pile,
    FROM_PENALTY: _from_penalty,
    DISCARD_CARD: _discard,
    GIVE_CARD: _give,
}


def play_out(state: GameState, rng: SplitMix64, decisions: Decisions) -> tuple[list[float], list[float]]:
    """``state`` (full mode) played to the end by the simulator's policy: each seat's share of the win and
    final total (``domain.analysis.rollouts.outcome`` of the engine's own play-out)."""
    game = Game(state, decisions)
    game.run(rng)
    return game.outcome()


def play_out_keyed(state: GameState, key: int, decisions: Decisions) -> tuple[list[float], list[float]]:
    """``play_out`` with the randomness keyed by the decision (``Game.run_keyed``): common random numbers."""
    game = Game(state, decisions)
    game.run_keyed(key)
    return game.outcome()


def as_move(game: Game, move: tuple[int, int, int]) -> Any:
    """The engine's move for one of this module's (for the differential test and for reading a trace)."""
    from . import moves as mv

    kind, a, b = move
    seat = game.active
    ids = cat.CARD_IDS
    if kind == SWAP:
        return mv.PuffinSwap(seat=seat, hand_card=ids[a], river_slot=b)
    if kind == TAKE_BACK:
        return mv.PuffinTakeBack(seat=seat)
    if kind == MOOSE_B:
        return mv.UseMooseB(seat=seat, delta=a)
    if kind == PLACE_CARD:
        return mv.PlaceCard(seat=seat, card=ids[a], placement=("top", "face_down", "bottom")[b])
    if kind == END_STEP:
        return mv.EndStep(seat=seat)
    if kind == TOKENS_UP:
        v = game.visible(seat)
        up = _MAIN[v] if a == 1 else _COMPANION[v]
        return mv.MoveTokens(seat=seat, up=cat.ANIMALS[up])  # type: ignore[arg-type]
    if kind == WALRUS_STEP:
        return mv.WalrusStep(seat=seat, direction="up" if a == 1 else "down")
    if kind == DRAW_DELTA:
        return mv.SetDrawDelta(seat=seat, delta=a)
    if kind == RIVER:
        return mv.TakeFromRiver(seat=seat, slot=a, orca_refill=False if b else None)
    if kind == DRAW_PILE:
        return mv.TakeFromDrawPile(seat=seat)
    if kind == FROM_PENALTY:
        return mv.TakeFromPenalty(seat=seat, card=ids[a])
    if kind == DISCARD_CARD:
        return mv.Discard(seat=seat, card=ids[a])
    return mv.GivePenalty(seat=seat, to_seat=a, card=ids[b])
