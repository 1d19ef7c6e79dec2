"""Setup (§4): the struct a client sends, its validation, and the opening events.

Resolution from the seed (a ``SplitMix64(seed)``), always in this order and always drawn, so each
outcome is independent of what the setup fixes:
1. power sides: for each animal fox..polar_bear, ``below(2)``: 0 = A, 1 = B;
2. deck order: the cards of decks 1..N in catalogue order, ``shuffle``d (full mode);
3. totems: the six animals, ``shuffle``d, seat s gets the s-th (full mode).
Anything the setup fixes overrides the drawn value. The seed is required only when something
must be drawn.

Dealing order of ``GameStarted.deck_order`` (full mode), N players:
``[0, 5(N-1))`` the reserve (top first), then 3 cards per seat (seat 0 first: cards
``R+3s .. R+3s+2``), then River slots 0..5, then the draw pile, top first. (The reserve and River
sizes are ``Decisions.reserve_per_extra_player`` and ``Decisions.river_size``.)
"""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.arctic import catalogue as cat
from domain.arctic import decisions as dec
from domain.arctic.decisions import DEFAULT, RULES_VERSION, Decisions
from domain.arctic.events import GameStarted, TurnStarted
from domain.arctic.violations import setup_error
from domain.chance import SplitMix64

__all__ = ["RULES_VERSION", "Setup", "draw_pile_size", "reserve_size", "resolve", "start", "validate"]


class Setup(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    players: list[str]
    start_seat: int = 0
    mode: Literal["full", "public"] = "full"
    seed: int | None = None
    power_sides: dict[str, Literal["A", "B"]] | None = None  # animal -> side; missing ones drawn
    deck_order: list[str] | None = None  # full mode: a permutation of decks 1..N, dealt as documented
    totems: list[str | None] | None = None  # per seat; full mode: missing ones drawn


def reserve_size(players: int, decisions: Decisions = DEFAULT) -> int:
    return dec.reserve_size(players, decisions)


def draw_pile_size(players: int, decisions: Decisions = DEFAULT) -> int:
    """43 / 65 / 87 for 2 / 3 / 4 players (§4)."""
    return (
        players * cat.CARDS_PER_DECK - reserve_size(players, decisions) - cat.HAND_DEAL * players - decisions.river_size
    )


def validate(setup: Setup) -> None:
    n = len(setup.players)
    if not cat.MIN_PLAYERS <= n <= cat.MAX_PLAYERS:
        setup_error("arctic.setup.player_count", f"Arctic is played by 2 to 4 players, not {n}")
    if any(not p or not p.strip() for p in setup.players) or len(set(setup.players)) != n:
        setup_error("arctic.setup.player_name", "player handles must be non-empty and distinct")
    if not 0 <= setup.start_seat < n:
        setup_error("arctic.setup.start_seat", f"start seat {setup.start_seat} is not a seat of {n}")
    if setup.mode not in ("full", "public"):
        setup_error("arctic.setup.mode", f"unknown mode {setup.mode!r}")
    for animal, side in (setup.power_sides or {}).items():
        if animal not in cat.ANIMAL_INDEX or side not in cat.SIDES:
            setup_error("arctic.setup.power_sides", f"bad power side {animal!r}: {side!r}")
    if setup.deck_order is not None:
        if setup.mode != "full":
            setup_error("arctic.setup.deck_order", "a deck order is only given in full mode")
        expected = sorted(cat.CARD_IDS[c] for c in cat.cards_for(n))
        if sorted(setup.deck_order) != expected:
            setup_error(
                "arctic.setup.deck_order",
                f"the deck order must be a permutation of the {len(expected)} cards",
            )
    if setup.totems is not None:
        if len(setup.totems) != n:
            setup_error("arctic.setup.totems", f"{len(setup.totems)} totems for {n} players")
        known = [t for t in setup.totems if t is not None]
        if any(t not in cat.ANIMAL_INDEX for t in known) or len(set(known)) != len(known):
            setup_error("arctic.setup.totems", "totems are distinct animal ids")
    # Name what is left to draw: "a seed is required" alone leaves a recorder guessing which field to fill.
    missing: list[str] = []
    if len(setup.power_sides or {}) < 6:
        missing.append(f"power_sides ({6 - len(setup.power_sides or {})} of 6 animals without a side)")
    if setup.mode == "full" and setup.deck_order is None:
        missing.append("deck_order")
    if setup.mode == "full" and (setup.totems is None or None in setup.totems):
        missing.append("totems")
    if missing and setup.seed is None:
        setup_error(
            "arctic.setup.seed_required",
            f"a seed is required to draw what the setup does not give: {', '.join(missing)}"
            " (give a seed, or give these fields)",
        )


def resolve(setup: Setup, *, rules_version: str = RULES_VERSION) -> GameStarted:
    validate(setup)
    n = len(setup.players)
    rng = SplitMix64(setup.seed if setup.seed is not None else 0)
    sides = {a: cat.SIDES[rng.below(2)] for a in cat.ANIMALS}
    for animal, side in (setup.power_sides or {}).items():
        sides[animal] = side
    deck = [cat.CARD_IDS[c] for c in cat.cards_for(n)]
    rng.shuffle(deck)
    animals = list(cat.ANIMALS)
    rng.shuffle(animals)
    deck_order: list[str | None] | None = None
    totems: list[str | None]
    if setup.mode == "full":
        deck_order = list(setup.deck_order) if setup.deck_order is not None else list(deck)
        given = setup.totems or [None] * n
        remaining = [a for a in animals if a not in given]
        totems = []
        for t in given:
            totems.append(t if t is not None else remaining.pop(0))
    else:
        totems = list(setup.totems) if setup.totems is not None else [None] * n
    return GameStarted(
        rules_version=rules_version,
        players=list(setup.players),
        start_seat=setup.start_seat,
        mode=setup.mode,
        power_sides=sides,  # type: ignore[arg-type]
        deck_order=deck_order,
        totems=totems,  # type: ignore[arg-type]
        seed=setup.seed,
    )


def start(setup: Setup, *, rules_version: str = RULES_VERSION) -> list[GameStarted | TurnStarted]:
    started = resolve(setup, rules_version=rules_version)
    first = TurnStarted(seat=setup.start_seat, turn=1, round=1, final=False, placement_value=1)
    return [started, first]
