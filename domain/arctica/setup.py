"""``start``: a setup validated against the edition, and the opening event with every chance outcome
(seeded deal, table-recorded hands and round cards, or a public game where they are revealed later)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

from domain.chance import SplitMix64

from . import events as ev
from .edition import Edition, fingerprint, index
from .queries import (
    ROUNDS,
)
from .state import UNKNOWN
from .violations import setup_fail

RULES_VERSION = "arctica-rules-1"


class Setup(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """What a client sends to create an Arctica game.

    With ``seed`` the engine resolves every chance outcome from it (deck order, start player unless
    given, round cards, event sub-regions) and records them in ``GameStarted``. Without a seed the
    game is recorded at a real table: ``hands`` are required, every card drawn later is named in its
    move's ``drawn`` (in draw order); the ``round_cards`` are named at the start or (left out, as the
    table deals them face down) each by a ``reveal_round_card`` move at the end of its round; event
    sub-regions come from ``event_plan`` or a ``reveal_events`` move.
    """

    players: tuple[str, ...]
    edition: str = "demo-1"
    #: ``seeded`` (needs ``seed``), ``table`` (needs ``hands``; ``round_cards`` optional) or ``public`` (a
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


class Deal(msgspec.Struct, frozen=True):
    """The chance outcomes a game starts with: dealt, recorded at the table, or unknown (public)."""

    chance: Literal["seeded", "table", "public"]
    start_player: int
    hands: tuple[tuple[int, ...], ...]
    rest: tuple[int, ...]  # the deck after the deal
    round_cards: tuple[int, ...]
    plan: tuple[tuple[int, ...], ...] | None  # the event sub-region of each affected region, per round


def start(edition: Edition, setup: Setup) -> list[ev.Event]:
    seats = len(setup.players)
    digest = _check_players_and_edition(edition, setup)
    starting_cards = _starting_cards(edition, setup, seats)
    orientations = _orientations(edition, setup)
    mode = setup.mode or ("seeded" if setup.seed is not None else "table")
    if (mode == "seeded") != (setup.seed is not None):
        setup_fail("arctica.bad_setup", f"a {mode} game {'needs' if mode == 'seeded' else 'has no'} seed")
    if mode == "public":
        deal = _public_deal(edition, setup)
    elif setup.seed is not None:
        deal = _seeded_deal(edition, setup, setup.seed)
    else:
        deal = _table_deal(edition, setup)
    _check_event_plan(edition, deal.plan)
    return [
        ev.GameStarted(
            rules_version=RULES_VERSION,
            edition_id=edition.id,
            edition_version=edition.version,
            players=tuple(setup.players),
            chance=deal.chance,
            seed=setup.seed,
            start_player=deal.start_player,
            board=_board(edition),
            starting_cards=starting_cards,
            hands=tuple(deal.hands),
            deck=deal.rest,
            round_cards=tuple(deal.round_cards),
            event_plan=deal.plan,
            edition_sha256=digest,
            orientations=orientations,
        )
    ]


def _check_players_and_edition(edition: Edition, setup: Setup) -> str:
    """The players, the start player and the edition's fingerprint; returns the fingerprint."""
    seats = len(setup.players)
    if not 2 <= seats <= 5 or any(not p.strip() for p in setup.players) or len(set(setup.players)) != seats:
        setup_fail("arctica.bad_players", "Arctica needs 2 to 5 players with distinct, non-empty names")
    if setup.start_player is not None and not 0 <= setup.start_player < seats:
        setup_fail("arctica.bad_setup", f"start_player must be a seat 0..{seats - 1}")
    digest = fingerprint(edition)
    if setup.edition_sha256 is not None and setup.edition_sha256 != digest:
        setup_fail(
            "arctica.edition_mismatch",
            f"edition {edition.id} {edition.version} has fingerprint {digest}, not {setup.edition_sha256}",
        )
    return digest


def _regions_of(edition: Edition, round_number: int) -> int:
    # validate_edition: every round card of rounds 1-3 affects two regions
    return len(edition.final_round_card.regions) if round_number >= ROUNDS else 2


def _public_deal(edition: Edition, setup: Setup) -> Deal:
    """Public information: hands and round cards unknown, revealed as they are played."""
    if setup.hands is not None or setup.round_cards is not None:
        setup_fail(
            "arctica.bad_setup",
            "a public-information game names no hands nor round cards: they are revealed as they are played",
        )
    seats, hand_size = len(setup.players), edition.setup.hand_size
    return Deal(
        chance="public",
        start_player=setup.start_player or 0,
        hands=tuple((UNKNOWN,) * hand_size for _ in range(seats)),
        rest=(UNKNOWN,) * (len(index(edition).fauna_ids) - seats * hand_size),
        round_cards=(),
        plan=setup.event_plan,
    )


def _seeded_deal(edition: Edition, setup: Setup, seed: int) -> Deal:
    """A seed shuffles the deck, picks the start player, the round cards and the event plan, in this
    order (a stored game replays the same draws from its seed)."""
    if setup.hands is not None:
        setup_fail("arctica.bad_setup", "a seeded game deals its own hands")
    seats, hand_size, n_cards = len(setup.players), edition.setup.hand_size, len(edition.round_cards)
    rng = SplitMix64(seed)
    deck = list(index(edition).fauna_ids)
    rng.shuffle(deck)
    start_player = setup.start_player if setup.start_player is not None else rng.below(seats)
    order = list(range(n_cards))
    rng.shuffle(order)
    round_cards = tuple(order[:3]) if setup.round_cards is None else setup.round_cards
    _check_round_cards(round_cards, n_cards)
    plan = setup.event_plan or tuple(
        tuple(rng.below(3) for _ in range(_regions_of(edition, r))) for r in range(1, ROUNDS + 1)
    )
    return Deal(
        chance="seeded",
        start_player=start_player,
        hands=tuple(tuple(deck[seat * hand_size : (seat + 1) * hand_size]) for seat in range(seats)),
        rest=tuple(deck[seats * hand_size :]),
        round_cards=round_cards,
        plan=plan,
    )


def _table_deal(edition: Edition, setup: Setup) -> Deal:
    """Recorded at a real table: the setup names the hands; the round cards too, or (left out, face down
    as the table deals them) each is revealed at the end of its round (``reveal_round_card``)."""
    if setup.hands is None:
        setup_fail("arctica.bad_setup", "a table-recorded game (no seed) names the hands")
    seats, hand_size, fauna = len(setup.players), edition.setup.hand_size, index(edition).fauna_ids
    if setup.round_cards is not None:
        _check_round_cards(setup.round_cards, len(edition.round_cards))
    hands = setup.hands
    dealt = [c for h in hands for c in h]
    if (
        len(hands) != seats
        or any(len(h) != hand_size for h in hands)
        or len(set(dealt)) != len(dealt)
        or not set(dealt) <= set(fauna)
    ):
        setup_fail("arctica.bad_setup", f"each of the {seats} hands holds {hand_size} distinct Fauna cards")
    return Deal(
        chance="table",
        start_player=setup.start_player or 0,
        hands=hands,
        rest=tuple(sorted(set(fauna) - set(dealt))),
        round_cards=setup.round_cards or (),
        plan=setup.event_plan,
    )


def _check_event_plan(edition: Edition, plan: tuple[tuple[int, ...], ...] | None) -> None:
    if plan is not None and (
        len(plan) != ROUNDS
        or any(len(plan[r - 1]) != _regions_of(edition, r) for r in range(1, ROUNDS + 1))
        or any(not 0 <= x <= 2 for row in plan for x in row)
    ):
        setup_fail("arctica.bad_setup", "event_plan gives one sub-region 0..2 per affected region per round")


def _board(edition: Edition) -> ev.BoardSetup:
    return ev.BoardSetup(
        short_slots=edition.short_slots,
        long_slots=edition.long_slots,
        action_wheels=len(edition.action_wheels),
        circle_spaces=len(edition.circle),
        map_spaces=len(edition.map),
        starting_flora=edition.setup.flora,
        circle_start=edition.setup.circle_start,
        circle_tokens=tuple(edition.setup.circle_tokens),
    )


def _starting_cards(edition: Edition, setup: Setup, seats: int) -> tuple[tuple[int, int], ...]:
    if setup.starting_cards is None:
        return tuple(edition.setup.starting_cards[:seats])
    gen = {c.id: c for c in edition.generation_cards}
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


def _orientations(edition: Edition, setup: Setup) -> tuple[int, ...] | None:
    chosen = setup.orientations if setup.orientations is not None else (edition.setup.orientations or None)
    if chosen is None:
        return None
    if len(chosen) != len(edition.action_wheels) or any(not 0 <= o <= 3 for o in chosen):
        setup_fail(
            "arctica.bad_setup",
            f"orientations gives 0..3 quarter turns for each of the {len(edition.action_wheels)} action wheels",
        )
    return tuple(chosen)


def _check_round_cards(round_cards: tuple[int, ...], n_cards: int) -> None:
    if len(round_cards) != 3 or len(set(round_cards)) != 3 or any(not 0 <= c < n_cards for c in round_cards):
        setup_fail("arctica.bad_setup", f"three distinct round cards 0..{n_cards - 1} for rounds 1-3")
