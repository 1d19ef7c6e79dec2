"""``start`` and ``decide``: validate setups and moves against the Arctica rules summary and the
edition, and produce events. Pure: the edition object is passed in, nothing is mutated.

``decide`` folds its own events as it goes (so a later check sees Flora gained earlier in the same
move) and then runs the automatic steps (end of turn, ice melt, majorities defined by the edition,
the end-of-round steps, the final scoring) until a player's or the table's decision is needed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

import msgspec

from domain.chance import SplitMix64
from domain.game import state_hash

from . import events as ev
from . import moves as mv
from .edition import FAMILIES, ICE_BOUND, Card, Edition, EditionIndex, Effect, RoundCard, fingerprint, index
from .evolve import active_seat, evolve
from .scoring import results as score_results
from .state import EMPTY, FLORA, UNKNOWN, GameState, Loc, PlayerState, Token
from .violations import fail, setup_fail

RULES_VERSION = "arctica-rules-1"
ROUNDS = 4
SELECTIONS_PER_ROUND = 5


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a client sends to create an Arctica game.

    With ``seed`` the engine resolves every chance outcome from it (deck order, start player unless
    given, round cards, event sub-regions) and records them in ``GameStarted``. Without a seed the
    game is recorded at a real table: ``hands`` and ``round_cards`` are required, every card drawn
    later is named in its move's ``drawn`` (in draw order), and event sub-regions come from
    ``event_plan`` or a ``reveal_events`` move.
    """

    players: tuple[str, ...]
    edition: str = "demo-1"
    #: ``seeded`` (needs ``seed``), ``table`` (needs ``hands`` and ``round_cards``) or ``public`` (a
    #: recorder who knows only what the whole table sees: no seed, no hands; draws unknown, round cards
    #: revealed by ``reveal_round_card`` moves). Default: ``seeded`` with a seed, else ``table``.
    mode: Literal["seeded", "table", "public"] | None = None
    edition_version: str | None = None
    seed: Annotated[int, msgspec.Meta(ge=0)] | None = None
    start_player: int | None = None
    hands: tuple[tuple[int, ...], ...] | None = None
    round_cards: tuple[int, ...] | None = None
    event_plan: tuple[tuple[int, ...], ...] | None = None
    #: the edition's fingerprint the recorder expects (``GET /editions``); refused when it differs
    edition_sha256: str | None = None
    #: per seat: (long, short) starting Generation Cards dealt at the table (default: the edition's pairs)
    starting_cards: tuple[tuple[int, int], ...] | None = None
    #: starting orientation (0-3 quarter turns) of each action wheel (default: the edition's, else 0)
    orientations: tuple[int, ...] | None = None


# ---------------------------------------------------------------- queries used by rules and views


def round_card_known(state: GameState) -> bool:
    """Whether the card of the current round is known (public games reveal it at the end of the round)."""
    return state.round >= ROUNDS or len(state.round_cards) >= state.round


def unseen(idx: EditionIndex, state: GameState) -> set[int]:
    """Fauna cards nobody has seen yet: not in a column, the discard pile or a known hand card."""
    seen = set(state.discard)
    for p in state.players:
        seen.update(p.hand, p.long_column, p.short_column)
    return set(idx.fauna_ids) - seen


def round_card(ed: Edition, state: GameState, rnd: int | None = None) -> RoundCard:
    rnd = state.round if rnd is None else rnd
    if rnd >= ROUNDS:
        return ed.final_round_card
    return ed.round_cards[state.round_cards[rnd - 1]]


def has_ice(ed: Edition, state: GameState, space: int) -> bool:
    ice = ed.circle[space].ice
    return ice is not None and ice not in state.melted


def live_tile(ed: Edition, state: GameState, space: int) -> int | None:
    return ed.circle[space].ice if has_ice(ed, state, space) else None


def next_ice(ed: Edition, state: GameState, start: int) -> int:
    """``start`` if it has ice, else the next space clockwise that has."""
    n = len(ed.circle)
    dst = start % n
    for _ in range(n):
        if has_ice(ed, state, dst):
            return dst
        dst = (dst + 1) % n
    return start % n


def destination(ed: Edition, state: GameState, space: int, family: str) -> int:
    dst = (space + 1) % len(ed.circle)
    return next_ice(ed, state, dst) if family in ICE_BOUND else dst


def offered_actions(ed: Edition, orientations: tuple[int, ...], space: int) -> tuple[str, str]:
    sp = ed.action_spaces[space]
    a, b = (ed.action_wheels[w].faces[(orientations[w] + k) % 4] for w, k in zip(sp.wheels, sp.sectors, strict=True))
    return (a, b)


def flora_total(player: PlayerState) -> int:
    return player.release_flora + player.long_wheel.count(FLORA)


def ecosystem(player: PlayerState) -> tuple[int, ...]:
    return player.long_column + player.short_column


def badges(idx: EditionIndex, player: PlayerState) -> list[str]:
    return [b for c in ecosystem(player) for b in idx.cards[c].badges]


def endangered_badges(idx: EditionIndex, player: PlayerState) -> int:
    return sum(idx.cards[c].endangered for c in ecosystem(player))


def hit_spaces(ed: Edition, state: GameState) -> list[int]:
    regions = round_card(ed, state).regions
    hit = set(zip(regions, state.revealed, strict=False))
    return [i for i, ms in enumerate(ed.map) if (ms.region, ms.subregion) in hit]


def collapses_due(state: GameState) -> tuple[Token, ...]:
    if state.round < 2:
        return ()
    return tuple(
        Token(seat, fam) for seat, p in enumerate(state.players) for f, fam in enumerate(FAMILIES) if p.supply[f] == 0
    )


def collapse_locs(state: GameState, seat: int, family: str) -> list[Loc]:
    """Where ``seat`` has tokens of ``family`` that a collapse may discard (map or player board)."""
    p = state.players[seat]
    locs = [Loc("map", i) for i, t in enumerate(state.map) if t == Token(seat, family)]
    locs += [Loc("long_wheel", i) for i, v in enumerate(p.long_wheel) if v == family]
    locs += [Loc("short_wheel", i) for i, v in enumerate(p.short_wheel) if v == family]
    locs += [Loc("release")] * p.release[FAMILIES.index(family)]
    return locs


# ---------------------------------------------------------------- the builder


class _Builder:
    def __init__(
        self,
        ed: Edition,
        state: GameState,
        outcomes: dict[str, mv.Outcome] | None = None,
        drawn: tuple[int, ...] | None = None,
    ) -> None:
        self.ed = ed
        self.idx = index(ed)
        self.s = state
        self.events: list[ev.Event] = []
        self.outcomes = dict(outcomes or {})
        self.supplied_drawn = drawn
        self.queue: list[int] | None = None if drawn is None else list(drawn)
        self.drawn_all: list[int] = []

    def emit(self, event: ev.Event) -> None:
        self.s = evolve(self.s, event)
        self.events.append(event)

    def outcome(self, key: str) -> mv.Outcome | None:
        return self.outcomes.pop(key, None)

    def check_consumed(self) -> None:
        if self.outcomes:
            fail(
                "arctica.unexpected_outcome",
                f"outcomes supplied for effects that did not happen: {sorted(self.outcomes)}",
            )

    def player(self, seat: int) -> PlayerState:
        return self.s.players[seat]

    # -- resources

    def gain_flora(self, seat: int, amount: int, cause: str) -> None:
        if amount <= 0:
            return
        free = self.player(seat).long_wheel.count(EMPTY)
        on = min(amount, free)
        self.emit(ev.FloraGained(seat=seat, amount=amount, on_wheel=on, to_release=amount - on, cause=cause))

    def pay_flora(self, seat: int, amount: int, cause: str) -> None:
        if amount <= 0:
            return
        have = flora_total(self.player(seat))
        if have < amount:
            fail("arctica.cannot_pay", f"seat {seat} has {have} Flora, {amount} needed ({cause})")
        self.emit(ev.FloraPaid(seat=seat, amount=amount, cause=cause))

    def score(self, seat: int, points: int, cause: str) -> None:
        if points > 0:
            self.emit(ev.BiodiversityScored(seat=seat, points=points, cause=cause))

    def draw(self, seat: int, count: int, cause: str) -> None:
        rules = self.idx.rules
        room = rules.hand_limit - len(self.player(seat).hand)
        if not rules.hand_limit_all_draws and cause != "action:draw":
            room = count
        wanted = max(0, min(count, room))
        if wanted > len(self.s.deck) and rules.reshuffle_empty_deck and self.s.discard:
            self.reshuffle()
        s = self.s
        k = min(wanted, len(s.deck))
        if k == 0:
            return
        if s.chance == "seeded":
            cards = s.deck[:k]
        elif s.chance == "public":
            cards = (UNKNOWN,) * k
        else:
            if self.queue is None:
                fail("arctica.draw_required", f"name the card(s) drawn in this move ({k} for {cause})")
            if len(self.queue) < k:
                fail("arctica.draw_count", f"{k} card(s) are drawn for {cause}: too few cards named")
            cards = tuple(self.queue[:k])
            del self.queue[:k]
            if len(set(cards)) != k or not set(cards) <= set(s.deck):
                fail(
                    "arctica.unknown_card",
                    f"cards {list(cards)} are not all unseen cards",
                    legal=sorted(set(s.deck)),  # the cards that may be named: every unseen one
                )
        self.drawn_all.extend(cards)
        self.emit(ev.CardsDrawn(seat=seat, count=k, cards=cards, cause=cause))

    def reshuffle(self) -> None:
        """The discard pile back into the deck, under what is left of it. Seeded games shuffle with a
        generator seeded from the state (so ``decide`` stays a function of its inputs) and record the
        order; table games put the cards back among the unseen ones."""
        s = self.s
        if s.chance == "seeded":
            rng = SplitMix64(int(state_hash(s)[7:23], 16))
            back = list(s.discard)
            rng.shuffle(back)
            cards = (*s.deck, *back)
        elif s.chance == "public":
            cards = (*s.deck, *(UNKNOWN,) * len(s.discard))
        else:
            cards = tuple(sorted((*s.deck, *s.discard)))
        self.emit(ev.DeckReshuffled(cards=cards, reshuffled=len(s.discard)))

    def check_draws(self) -> None:
        if self.supplied_drawn is None:
            return
        if self.s.chance == "public":
            fail("arctica.draw_mismatch", "a public-information game does not name the cards drawn")
        if self.s.chance == "seeded" and tuple(self.drawn_all) != tuple(self.supplied_drawn):
            fail(
                "arctica.draw_mismatch",
                f"the recorded deck gives {self.drawn_all}, not {list(self.supplied_drawn)}",
            )
        if self.queue:
            fail("arctica.draw_count", f"more cards named than drawn: {self.queue} left over")

    def effect(self, seat: int, cause: str, defined: Effect | None, supplied: mv.Outcome | None) -> None:
        if supplied is not None and min(supplied.flora, supplied.flora_cost, supplied.cards, supplied.bp) < 0:
            fail("arctica.bad_outcome", f"{cause}: outcome values are never negative")
        if supplied is not None:
            if defined is not None and (
                (supplied.flora, supplied.flora_cost, supplied.cards, supplied.bp)
                != (defined.flora, defined.flora_cost, defined.cards, defined.bp)
                or len(supplied.migrations) > defined.migrations
            ):
                fail(
                    "arctica.outcome_mismatch",
                    f"{cause}: the edition prints {msgspec.to_builtins(defined)}",
                    legal=[defined],
                )
            out = supplied
        elif defined is not None:
            out = mv.Outcome(flora=defined.flora, flora_cost=defined.flora_cost, cards=defined.cards, bp=defined.bp)
        else:
            return
        self.pay_flora(seat, out.flora_cost, cause)
        self.gain_flora(seat, out.flora, cause)
        self.draw(seat, out.cards, cause)
        self.score(seat, out.bp, cause)
        for step in out.migrations:
            self.migrate(seat, step, cause)

    # -- tokens

    def place_token(self, seat: int, card: Card, cause: str) -> None:
        p = self.player(seat)
        zone = "long_wheel" if card.generation == "long" else "short_wheel"
        wheel = p.long_wheel if card.generation == "long" else p.short_wheel
        if EMPTY not in wheel:
            fail("arctica.wheel_full", f"the {card.generation}-generation wheel has no free slot")
        if p.supply[FAMILIES.index(card.family)] <= 0:
            fail("arctica.no_token_in_supply", f"no {card.family} token left in the supply")
        self.emit(
            ev.TokenMoved(
                seat=seat,
                family=card.family,
                src=Loc("supply"),
                dst=Loc(zone, wheel.index(EMPTY)),  # type: ignore[arg-type]
                cause=cause,
            )
        )

    def migrate(self, seat: int, step: mv.MigrationStep, cause: str) -> None:
        s, ed = self.s, self.ed
        if not 0 <= step.space < len(s.circle) or Token(seat, step.family) not in s.circle[step.space]:
            own = [
                mv.MigrationStep(space=i, family=t.family)  # type: ignore[arg-type]
                for i, sp in enumerate(s.circle)
                for t in sp
                if t.seat == seat
            ]
            fail(
                "arctica.no_token_on_circle",
                f"seat {seat} has no {step.family} on circle space {step.space}",
                legal=own,
            )
        dst = destination(ed, s, step.space, step.family)
        self.emit(ev.TokenMigrated(seat=seat, family=step.family, src=step.space, dst=dst, cause=cause))
        local = dict(step.outcomes)
        tile = live_tile(ed, self.s, dst)
        if tile != 6:  # ice tile #6 gives no automatic bonus
            key = f"circle:{dst}"
            self.effect(seat, key, ed.circle[dst].bonus, local.pop(key, None))
        if step.trade:
            if tile != 6:
                fail("arctica.trade_not_on_ice6", "trading needs the token to reach ice tile #6")
            for fam in step.trade:
                if Token(seat, fam) not in self.s.circle[dst]:
                    fail("arctica.trade_token_missing", f"no own {fam} token on ice tile #6")
                self.pay_flora(seat, 1, "ice6")
                self.score(seat, 3, "ice6")
                self.emit(
                    ev.TokenMoved(seat=seat, family=fam, src=Loc("circle", dst), dst=Loc("release"), cause="ice6")
                )
        if local:
            fail(
                "arctica.unexpected_outcome",
                f"outcomes supplied for effects that did not happen: {sorted(local)}",
            )

    # -- automatic steps

    def auto(self) -> None:
        ed = self.ed
        while True:
            s = self.s
            ph = s.phase
            if ph == "actions" and not s.active_left and not s.responders:
                self.emit(ev.TurnEnded(round=s.round, turn=s.turn))
            elif ph == "melt":
                space = self.idx.ice_space.get(s.round)
                if space is not None:
                    for tok in s.circle[space]:
                        self.emit(
                            ev.TokenMoved(
                                seat=tok.seat,
                                family=tok.family,
                                src=Loc("circle", space),
                                dst=Loc("supply"),
                                cause="ice_melt",
                            )
                        )
                self.emit(ev.IceMelted(round=s.round, tile=s.round, space=-1 if space is None else space))
            elif ph == "majority":
                if not round_card_known(s):
                    return  # a public game: the table reveals the round card
                card = round_card(ed, s)
                todo = [r for r in card.regions if r not in s.majorities_done]
                if not todo:
                    self.emit(ev.CollapseStep(round=s.round, due=collapses_due(s)))
                elif card.rewards is None:
                    return
                else:
                    tokens = region_tokens(ed, s, todo[0])
                    points = majority_points(tokens, card.rewards)
                    for seat, pts in enumerate(points):
                        self.score(seat, pts, f"majority:{todo[0]}")
                    self.emit(ev.MajorityResolved(round=s.round, region=todo[0], tokens=tokens, points=points))
            elif ph == "collapse" and not s.pending_collapses:
                seats = tuple(i for i, p in enumerate(s.players) if endangered_badges(self.idx, p) > 0)
                self.emit(ev.EndangeredStep(round=s.round, seats=seats))
            elif ph == "endangered" and not s.pending:
                self.emit(ev.EventsDue(round=s.round, regions=round_card(ed, s).regions))
            elif ph == "reveal":
                regions = round_card(ed, s).regions
                k = len(s.revealed)
                if k >= len(regions):
                    hit = hit_spaces(ed, s)
                    seats = tuple(sorted({t.seat for i in hit if (t := s.map[i]) is not None}))
                    self.emit(ev.EventStep(round=s.round, seats=seats))
                elif s.event_plan:
                    sub = s.event_plan[s.round - 1][k]
                    self.emit(ev.EventRevealed(round=s.round, region=regions[k], subregion=sub))
                else:
                    return
            elif ph == "events" and not s.pending:
                self.emit(ev.RoundEnded(round=s.round))
            elif ph == "scoring":
                self.emit(ev.GameEnded(results=tuple(score_results(ed, s))))
            else:
                return


def region_tokens(ed: Edition, state: GameState, region: int) -> tuple[int, ...]:
    counts = [0] * len(state.players)
    for i, t in enumerate(state.map):
        if t is not None and ed.map[i].region == region:
            counts[t.seat] += 1
    return tuple(counts)


def majority_points(tokens: tuple[int, ...], rewards: tuple[int, ...]) -> tuple[int, ...]:
    """Most tokens scores the highest reward; tied players each score the reward of the rank they
    share and the next rank is skipped [DECISION]; a player without tokens scores nothing."""
    out = []
    for t in tokens:
        rank = sum(1 for u in tokens if u > t)
        out.append(rewards[rank] if t > 0 and rank < len(rewards) else 0)
    return tuple(out)


# ---------------------------------------------------------------- setup


def start(ed: Edition, setup: Setup) -> list[ev.Event]:
    idx = index(ed)
    n = len(setup.players)
    if not 2 <= n <= 5 or any(not p.strip() for p in setup.players) or len(set(setup.players)) != n:
        setup_fail("arctica.bad_players", "Arctica needs 2 to 5 players with distinct, non-empty names")
    if setup.start_player is not None and not 0 <= setup.start_player < n:
        setup_fail("arctica.bad_setup", f"start_player must be a seat 0..{n - 1}")
    digest = fingerprint(ed)
    if setup.edition_sha256 is not None and setup.edition_sha256 != digest:
        setup_fail(
            "arctica.edition_mismatch",
            f"edition {ed.id} {ed.version} has fingerprint {digest}, not {setup.edition_sha256}",
        )
    starting_cards = _starting_cards(ed, setup, n)
    orientations = _orientations(ed, setup)
    hand_size = ed.setup.hand_size
    n_cards = len(ed.round_cards)

    def regions_of(rnd: int) -> int:
        # validate_edition: every round card of rounds 1-3 affects two regions
        return len(ed.final_round_card.regions) if rnd >= ROUNDS else 2

    mode = setup.mode or ("seeded" if setup.seed is not None else "table")
    if (mode == "seeded") != (setup.seed is not None):
        setup_fail("arctica.bad_setup", f"a {mode} game {'needs' if mode == 'seeded' else 'has no'} seed")
    if mode == "public":
        if setup.hands is not None or setup.round_cards is not None:
            setup_fail(
                "arctica.bad_setup",
                "a public-information game names no hands nor round cards: they are revealed as they are played",
            )
        round_cards: tuple[int, ...] = ()
        hands: tuple[tuple[int, ...], ...] = tuple((UNKNOWN,) * hand_size for _ in range(n))
        start_player = setup.start_player or 0
        plan: tuple[tuple[int, ...], ...] | None = setup.event_plan
        rest: tuple[int, ...] = (UNKNOWN,) * (len(idx.fauna_ids) - n * hand_size)
        chance = "public"
    elif setup.seed is not None:
        if setup.hands is not None:
            setup_fail("arctica.bad_setup", "a seeded game deals its own hands")
        rng = SplitMix64(setup.seed)
        deck = list(idx.fauna_ids)
        rng.shuffle(deck)
        start_player = setup.start_player if setup.start_player is not None else rng.below(n)
        order = list(range(n_cards))
        rng.shuffle(order)
        round_cards = tuple(order[:3]) if setup.round_cards is None else setup.round_cards
        _check_round_cards(round_cards, n_cards)
        plan = setup.event_plan or tuple(
            tuple(rng.below(3) for _ in range(regions_of(r))) for r in range(1, ROUNDS + 1)
        )
        hands = tuple(tuple(deck[s * hand_size : (s + 1) * hand_size]) for s in range(n))
        rest = tuple(deck[n * hand_size :])
        chance = "seeded"
    else:
        if setup.hands is None or setup.round_cards is None:
            setup_fail("arctica.bad_setup", "a table-recorded game (no seed) names the hands and round cards")
        round_cards = setup.round_cards
        _check_round_cards(round_cards, n_cards)
        hands = setup.hands
        dealt = [c for h in hands for c in h]
        if (
            len(hands) != n
            or any(len(h) != hand_size for h in hands)
            or len(set(dealt)) != len(dealt)
            or not set(dealt) <= set(idx.fauna_ids)
        ):
            setup_fail("arctica.bad_setup", f"each of the {n} hands holds {hand_size} distinct Fauna cards")
        start_player = setup.start_player or 0
        plan = setup.event_plan
        rest = tuple(sorted(set(idx.fauna_ids) - set(dealt)))
        chance = "table"
    if plan is not None and (
        len(plan) != ROUNDS
        or any(len(plan[r - 1]) != regions_of(r) for r in range(1, ROUNDS + 1))
        or any(not 0 <= x <= 2 for row in plan for x in row)
    ):
        setup_fail("arctica.bad_setup", "event_plan gives one sub-region 0..2 per affected region per round")
    board = ev.BoardSetup(
        short_slots=ed.short_slots,
        long_slots=ed.long_slots,
        action_wheels=len(ed.action_wheels),
        circle_spaces=len(ed.circle),
        map_spaces=len(ed.map),
        starting_flora=ed.setup.flora,
        circle_start=ed.setup.circle_start,
        circle_tokens=tuple(ed.setup.circle_tokens),
    )
    return [
        ev.GameStarted(
            rules_version=RULES_VERSION,
            edition_id=ed.id,
            edition_version=ed.version,
            players=tuple(setup.players),
            chance=chance,  # type: ignore[arg-type]
            seed=setup.seed,
            start_player=start_player,
            board=board,
            starting_cards=starting_cards,
            hands=tuple(hands),
            deck=rest,
            round_cards=tuple(round_cards),
            event_plan=plan,
            edition_sha256=digest,
            orientations=orientations,
        )
    ]


def _starting_cards(ed: Edition, setup: Setup, seats: int) -> tuple[tuple[int, int], ...]:
    if setup.starting_cards is None:
        return tuple(ed.setup.starting_cards[:seats])
    gen = {c.id: c for c in ed.generation_cards}
    pairs = setup.starting_cards
    ids = [c for pair in pairs for c in pair]
    if (
        len(pairs) != seats
        or len(set(ids)) != len(ids)
        or any(
            a not in gen or b not in gen or gen[a].generation != "long" or gen[b].generation != "short"
            for a, b in pairs
        )
    ):
        setup_fail(
            "arctica.bad_setup",
            f"starting_cards names one (long, short) pair of distinct Generation Cards for each of the {seats} seats",
        )
    return pairs


def _orientations(ed: Edition, setup: Setup) -> tuple[int, ...] | None:
    chosen = setup.orientations if setup.orientations is not None else (ed.setup.orientations or None)
    if chosen is None:
        return None
    if len(chosen) != len(ed.action_wheels) or any(not 0 <= o <= 3 for o in chosen):
        setup_fail(
            "arctica.bad_setup",
            f"orientations gives 0..3 quarter turns for each of the {len(ed.action_wheels)} action wheels",
        )
    return tuple(chosen)


def _check_round_cards(round_cards: tuple[int, ...], n_cards: int) -> None:
    if len(round_cards) != 3 or len(set(round_cards)) != 3 or any(not 0 <= c < n_cards for c in round_cards):
        setup_fail("arctica.bad_setup", f"three distinct round cards 0..{n_cards - 1} for rounds 1-3")


# ---------------------------------------------------------------- decide


def decide(ed: Edition, state: GameState, move: mv.Move) -> list[ev.Event]:
    return decide_and_evolve(ed, state, move)[0]


def decide_and_evolve(ed: Edition, state: GameState, move: mv.Move) -> tuple[list[ev.Event], GameState]:
    """``decide``, and the state after its events: the builder evolves each event as it emits it."""
    if state.phase == "setup":
        fail("arctica.not_started", "the game has not started")
    if state.phase == "finished":
        fail("arctica.game_finished", "the game is over")
    b = _Builder(ed, state, getattr(move, "outcomes", None), getattr(move, "drawn", None))
    handler = _HANDLERS.get(type(move))
    if handler is None:
        fail("arctica.unknown_move", f"{type(move).__name__} is not an Arctica move")
    handler(b, move)
    b.check_consumed()
    b.check_draws()
    b.auto()
    return b.events, b.s


def _require_phase(builder: _Builder, *phases: str) -> None:
    if builder.s.phase not in phases:
        fail("arctica.wrong_phase", f"the game is in step {builder.s.phase!r}, not {' / '.join(phases)}")


def _require_actor(builder: _Builder, seat: int, action: str | None, *, skip: bool = False) -> None:
    _require_phase(builder, "actions")
    s = builder.s
    if seat >= len(s.players):
        fail("arctica.not_your_turn", f"no seat {seat}")
    active = active_seat(s)
    if s.active_left:
        if seat != active:
            fail("arctica.not_your_turn", f"seat {active} is performing their actions")
        if action not in s.active_left:
            fail(
                "arctica.action_not_offered",
                f"{action} is not among {list(s.active_left)}",
                legal=s.active_left,
            )
    else:
        if seat not in s.responders:
            fail("arctica.not_your_turn", f"seat {seat} has no choice to make now", legal=s.responders)
        if s.ordered and seat != s.responders[0]:
            fail(
                "arctica.out_of_order",
                f"seat {s.responders[0]} resolves first (Colony)",
                legal=s.responders[:1],
            )
        if not (skip and action is None) and action not in s.offered:
            fail("arctica.action_not_offered", f"{action} is not among {list(s.offered)}", legal=s.offered)
    if skip:
        builder.emit(ev.ActionSkipped(seat=seat, action=action))
    else:
        builder.emit(ev.ActionPerformed(seat=seat, action=action or ""))


def _select(builder: _Builder, move: mv.SelectSpace) -> None:
    _require_phase(builder, "select")
    s, ed = builder.s, builder.ed
    active = active_seat(s)
    if move.seat != active:
        fail("arctica.not_your_turn", f"seat {active} is the active player")
    if not 0 <= move.space < len(ed.action_spaces):
        fail("arctica.unknown_space", f"no action space {move.space}")
    if move.space == s.pawn:
        legal = [i for i in range(len(ed.action_spaces)) if i != s.pawn]
        fail("arctica.space_unavailable", f"the action pawn is already on space {move.space}", legal=legal)
    sp = ed.action_spaces[move.space]
    if move.wheel not in sp.wheels:
        fail(
            "arctica.wheel_not_adjacent",
            f"space {move.space} connects wheels {list(sp.wheels)}",
            legal=sp.wheels,
        )
    builder.emit(ev.PawnPlaced(seat=move.seat, round=s.round, turn=s.turn, space=move.space))
    orientation = (s.orientations[move.wheel] + move.direction) % 4
    builder.emit(ev.WheelTurned(seat=move.seat, wheel=move.wheel, direction=move.direction, orientation=orientation))
    actions = offered_actions(ed, builder.s.orientations, move.space)
    n = len(s.players)
    responders = tuple((active + k) % n for k in range(1, n))
    builder.emit(ev.ActionsOffered(seat=move.seat, actions=actions, responders=responders, ordered="colony" in actions))


def _top_card(builder: _Builder, seat: int, card: int, *, reproduce: bool) -> str:
    p = builder.player(seat)
    tops = [c[0] for c in (p.long_column, p.short_column) if c]
    if card not in tops:
        legal = [c for c in tops if not (reproduce and c in builder.idx.starting_ids)]
        fail("arctica.not_on_top", f"card {card} is not on top of a generation column", legal=legal)
    return "long" if p.long_column and p.long_column[0] == card else "short"


def _fauna(builder: _Builder, move: mv.PlayFauna) -> None:
    _require_actor(builder, move.seat, "fauna")
    p = builder.player(move.seat)
    if not _holds(builder, p, (move.card,)):
        known = tuple(c for c in p.hand if c != UNKNOWN)
        fail("arctica.card_not_in_hand", f"card {move.card} is not in seat {move.seat}'s hand", legal=known)
    card = builder.idx.cards[move.card]
    if (
        len(move.discards) != card.cost
        or len(set(move.discards)) != len(move.discards)
        or move.card in move.discards
        or not _holds(builder, p, (move.card, *move.discards))
    ):
        fail("arctica.wrong_cost", f"{card.name} costs {card.cost}: discard exactly {card.cost} other card(s)")
    have = badges(builder.idx, p)
    for badge in card.requires:
        if badge not in have:
            fail("arctica.missing_badges", f"{card.name} requires {list(card.requires)}")
        have.remove(badge)
    cause = f"fauna:{card.id}"
    wheel = p.long_wheel if card.generation == "long" else p.short_wheel
    if EMPTY not in wheel:
        fail("arctica.wheel_full", f"the {card.generation}-generation wheel has no free slot")
    if move.discards:
        builder.emit(ev.CardsDiscarded(seat=move.seat, cards=move.discards, cause=cause))
    builder.emit(ev.FaunaPlayed(seat=move.seat, card=card.id, column=card.generation))
    builder.place_token(move.seat, card, cause)
    key = f"flash:{card.id}"
    builder.effect(move.seat, key, card.flash, builder.outcome(key))


def _holds(builder: _Builder, player: PlayerState, cards: tuple[int, ...]) -> bool:
    """Whether the hand holds ``cards``. In a public game an unknown card of the hand may be any card
    nobody has seen yet: playing or discarding it reveals it."""
    hand = list(player.hand)
    pool = unseen(builder.idx, builder.s) if builder.s.chance == "public" and UNKNOWN in hand else set()
    for c in cards:
        if c in hand and c != UNKNOWN:
            hand.remove(c)
        elif c in pool and UNKNOWN in hand:
            hand.remove(UNKNOWN)
            pool.discard(c)
        else:
            return False
    return True


def _reproduce(builder: _Builder, move: mv.Reproduce) -> None:
    _require_actor(builder, move.seat, "reproduction")
    column = _top_card(builder, move.seat, move.card, reproduce=True)
    if move.card in builder.idx.starting_ids:
        fail("arctica.starting_card", "the two starting Generation Cards cannot reproduce")
    cause = f"reproduction:{move.card}"
    builder.place_token(move.seat, builder.idx.cards[move.card], cause)
    builder.emit(ev.CardMovedToBack(seat=move.seat, card=move.card, column=column, cause=cause))  # type: ignore[arg-type]


def _ability(builder: _Builder, move: mv.UseAbility) -> None:
    _require_actor(builder, move.seat, "ability")
    column = _top_card(builder, move.seat, move.card, reproduce=False)
    key = f"ability:{move.card}"
    builder.effect(move.seat, key, builder.idx.cards[move.card].ability, builder.outcome(key))
    builder.emit(ev.CardMovedToBack(seat=move.seat, card=move.card, column=column, cause=key))  # type: ignore[arg-type]


def _flora(builder: _Builder, move: mv.TakeFlora) -> None:
    _require_actor(builder, move.seat, "flora")
    builder.gain_flora(move.seat, 2, "action:flora")


def _migrate(builder: _Builder, move: mv.Migrate) -> None:
    _require_actor(builder, move.seat, "migration")
    if len(move.steps) > 2:
        fail("arctica.too_many_migrations", "Migration x2 moves at most two tokens")
    for step in move.steps:
        builder.migrate(move.seat, step, "action:migration")


def _draw(builder: _Builder, move: mv.Draw) -> None:
    _require_actor(builder, move.seat, "draw")
    builder.draw(move.seat, 2, "action:draw")


def _rotate(builder: _Builder, seat: int, cause: str) -> None:
    p = builder.player(seat)
    fell = tuple(w[-1] for w in (p.short_wheel, p.long_wheel) if w and w[-1] != EMPTY)
    builder.emit(ev.WheelsRotated(seat=seat, fell=fell, cause=cause))


def _rotate_card(builder: _Builder, move: mv.RotateAndDraw) -> None:
    _require_actor(builder, move.seat, "rotate_card")
    _rotate(builder, move.seat, "action:rotate_card")
    builder.draw(move.seat, 1, "action:rotate_card")


def _rotate_migration(builder: _Builder, move: mv.RotateAndMigrate) -> None:
    _require_actor(builder, move.seat, "rotate_migration")
    _rotate(builder, move.seat, "action:rotate_migration")
    if move.step is not None:
        builder.migrate(move.seat, move.step, "action:rotate_migration")


def _colony(builder: _Builder, move: mv.Colonize) -> None:
    _require_actor(builder, move.seat, "colony")
    ed, s = builder.ed, builder.s
    if not move.spaces:
        fail("arctica.no_space_chosen", "place at least one token")
    f = FAMILIES.index(move.family)
    if builder.player(move.seat).release[f] < len(move.spaces):
        fail(
            "arctica.release_empty",
            f"only {builder.player(move.seat).release[f]} {move.family} token(s) in the release area",
        )
    if len(set(move.spaces)) != len(move.spaces):
        fail("arctica.space_occupied", "a space is listed twice")
    for sp in move.spaces:
        if not 0 <= sp < len(ed.map) or ed.map[sp].family != move.family:
            legal = [i for i, ms in enumerate(ed.map) if ms.family == move.family and s.map[i] is None]
            fail("arctica.wrong_species_space", f"space {sp} is not a {move.family} space", legal=legal)
        if s.map[sp] is not None:
            fail("arctica.space_occupied", f"map space {sp} is occupied")
    builder.pay_flora(move.seat, 1, "colony")
    for sp in move.spaces:
        builder.emit(
            ev.TokenMoved(seat=move.seat, family=move.family, src=Loc("release"), dst=Loc("map", sp), cause="colony")
        )
        key = f"map:{sp}"
        builder.effect(move.seat, key, ed.map[sp].effect, builder.outcome(key))
        for other, a, conn in builder.idx.links.get(sp, ()):
            owner = builder.s.map[other]
            if owner is None:
                continue
            ckey = f"connection:{a}-{conn.b}"
            builder.effect(move.seat, ckey, conn.bonus, builder.outcome(ckey))
            if owner.seat != move.seat:
                builder.effect(owner.seat, ckey, conn.bonus, builder.outcome(f"{ckey}@{owner.seat}"))


def _skip(builder: _Builder, move: mv.Skip) -> None:
    _require_actor(builder, move.seat, move.action, skip=True)


def _reveal_round_card(builder: _Builder, move: mv.RevealRoundCard) -> None:
    _require_phase(builder, "majority")
    s = builder.s
    if round_card_known(s):
        fail("arctica.wrong_phase", f"the round card of round {s.round} is already known")
    left = [i for i in range(len(builder.ed.round_cards)) if i not in s.round_cards]
    if move.card not in left:
        fail("arctica.bad_round_card", f"round card {move.card} is not one of the round cards still unused", legal=left)
    builder.emit(ev.RoundCardRevealed(round=s.round, card=move.card))


def _token_at(state: GameState, seat: int, family: str, loc: Loc) -> bool:
    p = state.players[seat]
    f = FAMILIES.index(family)
    if loc.zone == "supply":
        return p.supply[f] > 0
    if loc.zone == "release":
        return p.release[f] > 0
    if loc.zone in ("long_wheel", "short_wheel"):
        wheel = p.long_wheel if loc.zone == "long_wheel" else p.short_wheel
        return 0 <= loc.index < len(wheel) and wheel[loc.index] == family
    if loc.zone == "map":
        return 0 <= loc.index < len(state.map) and state.map[loc.index] == Token(seat, family)
    return 0 <= loc.index < len(state.circle) and Token(seat, family) in state.circle[loc.index]


def _room_at(state: GameState, seat: int, loc: Loc) -> bool:
    p = state.players[seat]
    if loc.zone in ("long_wheel", "short_wheel"):
        wheel = p.long_wheel if loc.zone == "long_wheel" else p.short_wheel
        return 0 <= loc.index < len(wheel) and wheel[loc.index] == EMPTY
    if loc.zone == "map":
        return 0 <= loc.index < len(state.map) and state.map[loc.index] is None
    if loc.zone == "circle":
        return 0 <= loc.index < len(state.circle)
    return True  # supply and release take any number


def _adjust(builder: _Builder, move: mv.Adjust) -> None:
    """What the table did that the engine cannot express, checked for conservation (Flora never
    negative, a token moved only from where it is to a free place, BP of effects never negative)."""
    if move.seat >= len(builder.s.players):
        fail("arctica.bad_adjustment", f"no seat {move.seat}")
    reason = move.reason.strip()
    if not reason:
        fail("arctica.bad_adjustment", "an adjustment gives its reason")
    if move.bp < 0 and builder.player(move.seat).bp_effects < -move.bp:
        fail(
            "arctica.bad_adjustment",
            f"seat {move.seat} has {builder.player(move.seat).bp_effects} BP from effects to take back",
        )
    builder.emit(ev.AdjustmentMade(seat=move.seat, reason=reason))
    cause = "adjustment"
    for shift in move.tokens:
        if shift.src == shift.dst or not _token_at(builder.s, move.seat, shift.family, shift.src):
            fail("arctica.bad_adjustment", f"seat {move.seat} has no {shift.family} token at {shift.src}")
        if not _room_at(builder.s, move.seat, shift.dst):
            fail("arctica.bad_adjustment", f"{shift.dst} is not a free place for a token")
        builder.emit(ev.TokenMoved(seat=move.seat, family=shift.family, src=shift.src, dst=shift.dst, cause=cause))
    for _ in range(move.rotations):
        _rotate(builder, move.seat, cause)
    if move.flora > 0:
        builder.gain_flora(move.seat, move.flora, cause)
    elif move.flora < 0:
        builder.pay_flora(move.seat, -move.flora, cause)
    if move.bp:
        builder.emit(ev.BiodiversityScored(seat=move.seat, points=move.bp, cause=cause))
    builder.draw(move.seat, move.cards, cause)


def _record_majority(builder: _Builder, move: mv.RecordMajority) -> None:
    _require_phase(builder, "majority")
    s = builder.s
    if not round_card_known(s):
        fail("arctica.wrong_phase", "reveal the round card first (reveal_round_card)")
    card = round_card(builder.ed, s)
    todo = [r for r in card.regions if r not in s.majorities_done]
    if not todo or move.region != todo[0] or len(move.points) != len(s.players) or min(move.points) < 0:
        fail("arctica.bad_points", f"record one value per seat for region {todo[0] if todo else None}")
    for seat, pts in enumerate(move.points):
        builder.score(seat, pts, f"majority:{move.region}")
    builder.emit(
        ev.MajorityResolved(
            round=s.round, region=move.region, tokens=region_tokens(builder.ed, s, move.region), points=move.points
        )
    )


def _collapse(builder: _Builder, move: mv.ResolveCollapse) -> None:
    _require_phase(builder, "collapse")
    s = builder.s
    if Token(move.seat, move.family) not in s.pending_collapses:
        fail(
            "arctica.no_collapse",
            f"no collapse of {move.family} is due for seat {move.seat}",
            legal=s.pending_collapses,
        )
    available = collapse_locs(s, move.seat, move.family)
    need = min(3, len(available))
    if len(move.tokens) != need:
        fail("arctica.wrong_collapse_tokens", f"discard exactly {need} {move.family} token(s)", legal=available)
    builder.emit(ev.CollapseResolved(seat=move.seat, family=move.family))
    for loc in move.tokens:
        if loc not in collapse_locs(builder.s, move.seat, move.family):
            fail("arctica.wrong_collapse_tokens", f"no own {move.family} token at {loc}", legal=available)
        builder.emit(ev.TokenMoved(seat=move.seat, family=move.family, src=loc, dst=Loc("supply"), cause="collapse"))
    builder.draw(move.seat, 4, "collapse")
    builder.gain_flora(move.seat, 2, "collapse")


def _endangered(builder: _Builder, move: mv.ResolveEndangered) -> None:
    _require_phase(builder, "endangered")
    s = builder.s
    if move.seat not in s.pending:
        fail("arctica.not_your_turn", f"seat {move.seat} has no endangered upkeep to resolve", legal=s.pending)
    p = builder.player(move.seat)
    count = endangered_badges(builder.idx, p)
    if move.destroy is None:
        builder.pay_flora(move.seat, count, "endangered")
    else:
        if move.destroy not in ecosystem(p) or builder.idx.cards[move.destroy].endangered == 0:
            legal = [c for c in ecosystem(p) if builder.idx.cards[c].endangered]
            fail(
                "arctica.not_endangered_card",
                f"card {move.destroy} is not an endangered card of the ecosystem",
                legal=legal,
            )
        builder.emit(ev.CardDestroyed(seat=move.seat, card=move.destroy, cause="endangered"))
    builder.emit(ev.EndangeredResolved(seat=move.seat, badges=count, paid=move.destroy is None, destroyed=move.destroy))


def _reveal(builder: _Builder, move: mv.RevealEvents) -> None:
    _require_phase(builder, "reveal")
    s = builder.s
    regions = round_card(builder.ed, s).regions[len(s.revealed) :]
    if len(move.subregions) != len(regions) or any(not 0 <= x <= 2 for x in move.subregions):
        fail("arctica.bad_subregion", f"one sub-region 0..2 for each of regions {list(regions)}")
    for region, sub in zip(regions, move.subregions, strict=True):
        builder.emit(ev.EventRevealed(round=s.round, region=region, subregion=sub))


def _event(builder: _Builder, move: mv.ResolveEvent) -> None:
    _require_phase(builder, "events")
    s, ed = builder.s, builder.ed
    if move.seat not in s.pending:
        fail("arctica.not_your_turn", f"seat {move.seat} has no token in a hit sub-region", legal=s.pending)
    mine = [i for i in hit_spaces(ed, s) if (t := s.map[i]) is not None and t.seat == move.seat]
    saves = {sv.space: sv for sv in move.saves}
    if len(saves) != len(move.saves) or not set(saves) <= set(mine):
        fail("arctica.bad_save", "save own tokens of the hit sub-regions, each once", legal=mine)
    saved = lost = 0
    for i in mine:
        tok = s.map[i]
        assert tok is not None
        sv = saves.get(i)
        if sv is None:
            builder.emit(
                ev.TokenMoved(seat=move.seat, family=tok.family, src=Loc("map", i), dst=Loc("supply"), cause="event")
            )
            lost += 1
            continue
        ms = ed.map[i]
        options = ed.regions[ms.region].subregions[ms.subregion].flee_spaces
        dest = sv.dest if sv.dest is not None else (options[0] if len(options) == 1 else None)
        if dest is None or dest not in options:
            fail("arctica.bad_destination", f"flee to one of circle spaces {list(options)}", legal=options)
        cost = 1
        if tok.family in ICE_BOUND and not has_ice(ed, builder.s, dest):
            cost = 2
            dest = next_ice(ed, builder.s, dest + 1)
        builder.pay_flora(move.seat, cost, "event")
        builder.emit(
            ev.TokenMoved(
                seat=move.seat, family=tok.family, src=Loc("map", i), dst=Loc("circle", dest), cause="event_flee"
            )
        )
        local = dict(sv.outcomes)
        tile = live_tile(ed, builder.s, dest)
        if tile != 6:
            key = f"circle:{dest}"
            builder.effect(move.seat, key, ed.circle[dest].bonus, local.pop(key, None))
        if sv.trade:
            if not builder.idx.rules.ice6_trade_on_flee:
                fail("arctica.trade_not_on_ice6", "this edition allows the ice tile #6 trade after a migration only")
            if tile != 6:
                fail("arctica.trade_not_on_ice6", "trading needs the token to reach ice tile #6")
            builder.pay_flora(move.seat, 1, "ice6")
            builder.score(move.seat, 3, "ice6")
            builder.emit(
                ev.TokenMoved(
                    seat=move.seat, family=tok.family, src=Loc("circle", dest), dst=Loc("release"), cause="ice6"
                )
            )
        if local:
            fail(
                "arctica.unexpected_outcome",
                f"outcomes supplied for effects that did not happen: {sorted(local)}",
            )
        saved += 1
    builder.emit(ev.EventResolved(seat=move.seat, saved=saved, lost=lost))


_HANDLERS: dict[type, Callable[[_Builder, Any], None]] = {
    mv.SelectSpace: _select,
    mv.PlayFauna: _fauna,
    mv.Reproduce: _reproduce,
    mv.UseAbility: _ability,
    mv.TakeFlora: _flora,
    mv.Migrate: _migrate,
    mv.Draw: _draw,
    mv.RotateAndDraw: _rotate_card,
    mv.RotateAndMigrate: _rotate_migration,
    mv.Colonize: _colony,
    mv.Skip: _skip,
    mv.RecordMajority: _record_majority,
    mv.ResolveCollapse: _collapse,
    mv.ResolveEndangered: _endangered,
    mv.RevealEvents: _reveal,
    mv.RevealRoundCard: _reveal_round_card,
    mv.Adjust: _adjust,
    mv.ResolveEvent: _event,
}
