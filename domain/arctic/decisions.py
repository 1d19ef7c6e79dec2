"""The decisions of the Arctic engine where the sources are silent (``shared/rules/arctic.md``).

The specification tags some rules **[DECISION]** ("the sources are silent, so this project
decides") and asks to keep each one a named constant or option so it can change without touching
the engine. The engine also takes a few choices of its own where the specification says nothing
(``README.md``, "Decisions"). Every one of them is a field of :class:`Decisions`; the engine reads
them from the ``Decisions`` it is given (``DEFAULT`` unless told otherwise), never from literals.

Two kinds of fields:

- **switchable**: the alternative value is implemented and tested (``tests/domain/arctic/
  test_arctic_decisions.py``); changing the field changes the rules and nothing else;
- **fixed**: a single supported value (a ``Literal`` of one string). The field names the decision
  and cites the section; an alternative would need a design of its own (new moves, events or
  violation codes), so constructing ``Decisions`` with another value raises ``ValueError``.

Pinning. The decisions in force are part of the rules version: ``rules_version = "arctic-2"``
(recorded in every ``GameStarted``) means ``DEFAULT``, exactly, and ``"arctic-1"`` means
``ARCTIC_1_DECISIONS`` (``BY_RULES_VERSION``; a test pins both encodings). ``ArcticRules`` decides
a game's moves by the decisions of the rules version its ``GameStarted`` names. They are *not*
written into ``GameStarted`` nor the state: a new field would change the bytes of every new
``GameStarted`` (``"decisions": null``, since the event struct does not omit defaults) and of
every state hash, and stored games compare these. A different set of
decisions therefore means a new rules version: ``ArcticRules(decisions, rules_version="arctic-…")``
refuses to run other decisions under a pinned version.

Performance: ``evolve``/``fold`` receive the ``Decisions`` as a parameter whose default is the
module constant ``DEFAULT`` (a frozen struct: attribute reads, no per-event dict look-ups).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, Literal, get_args, get_type_hints

import msgspec

RULES_VERSION: Final[str] = "arctic-2"
#: The first rules version: Moose B's shortfall reduction had to be declared (``moose_b_shortfall``).
ARCTIC_1: Final[str] = "arctic-1"

# switchable values
LAST_CARD_TAKEN: Final = "last_card_taken"
CARD_NEEDED: Final = "card_needed"
SKIP: Final = "skip"
COUNT: Final = "count"
NOTHING: Final = "nothing"
PENALTY: Final = "penalty"
EVERY_DRAW_STEP: Final = "every_draw_step"
AFTER_DRAWING_CARDS: Final = "after_drawing_cards"
RAISED: Final = "raised"
PRINTED: Final = "printed"
CLOSEST_TO_START: Final = "closest_to_start"
FURTHEST_FROM_START: Final = "furthest_from_start"
SHARED: Final = "shared"
BEST: Final = "best"
DECLARED_ONLY: Final = "declared_only"
AUTOMATIC: Final = "automatic"
DECLARED: Final = "declared"


class Decisions(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One field per decision; the defaults are the rules of ``arctic-2`` (``RULES_VERSION``)."""

    # --- §4 setup -------------------------------------------------------------------------------
    reserve_per_extra_player: int = 5
    """§4.2: the reserve is ``reserve_per_extra_player x (N-1)`` cards ([H] in the sources, kept
    here because the end of the game hangs on it). Switchable: any value 0..15 (dealing order of
    ``setup.py`` and the draw pile size follow; 0 = the end triggers with no final pile)."""

    river_size: int = 6
    """§4.5, §7b.9: the River has this many numbered slots (0-based), refilled to this size.
    Switchable: 1..12 (``deck_order`` deals that many River cards)."""

    # --- §5 step 3 / §7b.6 hand limit ---------------------------------------------------------------
    hand_limit: int = 7
    """§5 step 3, §7b.6: after the draw step a hand above this size discards down to it (the
    player chooses each card). Switchable: any value ≥ 1."""

    hand_limit_check: Literal["every_draw_step", "after_drawing_cards"] = "every_draw_step"
    """§7b.6 [DECISION]: the limit is checked after *every* draw step, whatever was drawn
    (``every_draw_step``). Alternative ``after_drawing_cards``: only when the step drew at least one
    card (a hand grown by Puffin B + Moose B "place 0" is then kept until the next draw)."""

    # --- §7 end of game -----------------------------------------------------------------------------
    end_trigger: Literal["last_card_taken", "card_needed"] = "last_card_taken"
    """§7.1 [DECISION]: the end is triggered (``DrawPileExhausted``, the reserve becomes the draw
    pile) the moment the last card of the draw pile is taken, by a River refill, a penalty draw or
    an Orca-B draw (``last_card_taken``). Alternative ``card_needed``: an empty draw pile changes
    nothing until a card is needed from it (refill, penalty; Orca B may draw while the reserve has
    cards); then ``DrawPileExhausted`` is recorded and the card comes from the reserve."""

    empty_pile_penalty: Literal["skip", "count"] = "skip"
    """§7 edge decision (BGA): a penalty due when the draw pile (and the reserve) is empty is not
    taken (``skip``). Alternative ``count``: it still costs 1 point — recorded as
    ``PenaltyCardDrawn(card=None)``, an unknown card in the penalty zone that Polar bear A/B cannot
    move in full mode (nothing to name)."""

    river_shortfall: Literal["nothing", "penalty"] = "nothing"
    """§7 edge decision (BGA): a River (plus the other sources) holding fewer cards than the draw
    value gives only what is there, no penalty (``nothing``). Alternative ``penalty``: each card
    that could not be drawn is a penalty card from the draw pile (like a §5 step 1 shortfall, and
    subject to ``empty_pile_penalty``), recorded before ``DrawingEnded``."""

    hand_cost_at_end: int = 0
    """§7 edge decision (BGA): cards left in hand at the end cost nothing (0). Switchable: points
    lost per card in hand (e.g. 1), included in ``SeatScore.penalty`` (``score`` counts it at any
    time: a score during the game is "if it ended now")."""

    final_turn: Literal["place_and_tokens_only"] = "place_and_tokens_only"
    """§7.4, §7b.8 [DECISION]: the final turn has steps 1 and 2 (the power of the new visible card
    is taken; Fox, Moose B, Puffin, Walrus usable) and no step 3 (no draw, discard, Polar bear B or
    refill). Fixed."""

    # --- §7b clarifications ----------------------------------------------------------------------
    puffin_timing: Literal["before_first_card_and_moose_b"] = "before_first_card_and_moose_b"
    """§7b.1 [DECISION]: Puffin A and B at most once per turn, only before the first card is placed
    and (engine convention, README) before Moose B; Puffin B not with an empty hand [BGA]. Fixed:
    Puffin between placements would need a design of the turn's order."""

    empty_hand_turn: Literal["all_penalties_then_power"] = "all_penalties_then_power"
    """§7b.2 [DECISION]: with an empty hand all N shortfall penalties are taken at once, the
    visible card's power is taken again (``PowerTaken`` with ``from_seat == seat`` when already
    held: one power every turn), its tokens move and its draw value applies. Fixed."""

    power_already_held: Literal["power_taken_recorded"] = "power_taken_recorded"
    """§5 step 1 (engine choice, README): taking a power card the player already holds changes
    nothing, but is still recorded as ``PowerTaken`` with ``from_seat == seat`` (one power every
    turn, a uniform timeline). Fixed: it is a recording convention."""

    fox_last_card: Literal["ends_placing"] = "ends_placing"
    """§7b.3 [DECISION]: Fox A/B apply to the last card placed this turn (the N-th, the one that
    empties the hand, or the (N±1)-th under Moose B) and end the placing; not on an empty pile nor
    under a face-down top card. Fixed."""

    moose_b_timing: Literal["any_time_while_placing"] = "any_time_while_placing"
    """§7b.4 (engine choice, README): Moose B may be declared at any point of placing before the
    count is reached (also after a Puffin power); not with no face-up visible card [BGA]; -1
    lowers the penalties to (N-1) - placed; a Moose B taken this turn does not change this turn's
    count. Fixed."""

    moose_b_plus_shortfall: Literal["raised", "printed"] = "raised"
    """§6 Moose B, +1 with too few cards (engine choice, README): the penalties are counted against
    the raised count, (N+1) - placed (``raised``). Alternative ``printed``: against N, so the
    chosen extra card never costs a penalty."""

    moose_b_shortfall: Literal["automatic", "declared"] = "automatic"
    """§6 Moose B ("with a shortfall, one penalty fewer"), §7b.4: when the hand runs out before the
    count (or a Fox card empties it) and Moose B is held, unused and usable, the engine records
    Moose B -1 by itself before ``PlacingEnded`` (``automatic``, ``arctic-2``): the table shows one
    penalty card fewer and no declaration, and there is no decline (nothing for a move to be mistaken
    for). Alternative ``declared`` (``arctic-1``): the placing waits at the empty hand for
    ``UseMooseB(-1)`` or ``EndStep`` (decline: every penalty)."""

    moose_a_timing: Literal["while_drawing"] = "while_drawing"
    """§6 Moose A (engine choice, README): declared while drawing, before the last card due (not
    below what is drawn); drawing then ends by itself when the new count is reached. Fixed."""

    orca_a_refill: Literal["optional_after_each_river_pick"] = "optional_after_each_river_pick"
    """§7b.5 [DECISION]: Orca A refills the River (lowest empty slots first) after each card taken
    from the River, unless the move says ``orca_refill=false``; not after Polar bear A picks; such a
    refill can trigger the end. Fixed: an obligatory refill would need a violation code of its own."""

    polar_bear_b: Literal["once_after_discards"] = "once_after_discards"
    """§7b.7 [DECISION]: once per turn, after the hand-limit discards, any one of your penalty cards
    to any other player's penalty zone. Fixed."""

    river_refill_order: Literal["lowest_empty_slot_first"] = "lowest_empty_slot_first"
    """§7b.9 [DECISION]: refills fill the lowest empty slots first; a Puffin A swap puts the hand
    card into the slot of the River card taken. Fixed."""

    # --- §8 scoring -------------------------------------------------------------------------------
    tie_break: Literal["closest_to_start", "furthest_from_start", "shared"] = "closest_to_start"
    """§8 [M]: among tied totals the player closest to the start player in turn order (start player
    first) ranks first (``closest_to_start``). Alternatives: ``furthest_from_start`` (the player who
    played last in the round first); ``shared`` (tied players share the rank; ``GameFinished.winner``
    is then the tied winner closest to the start player)."""

    fox_wild_default: Literal["best", "declared_only"] = "best"
    """§6 Fox A (engine choice, README): a face-down card counts as the animal of the nearest face-up
    card below or above (a block of adjacent face-down cards splits between the two); without a
    (still legal) ``DeclareFoxWild`` the best total is taken, ties to the first choice (the animal
    below) (``best``). Alternative ``declared_only``: an undeclared (or no longer legal) face-down
    card counts as no animal (it breaks runs)."""

    fox_wild_exact_limit: int = 4096
    """§6 Fox A (engine choice): beyond this many combinations of wild choices ``best`` improves
    block by block (coordinate ascent) instead of enumerating them all. Switchable: any value ≥ 1."""

    fox_wild_deadline: Literal["before_last_final_turn_ends"] = "before_last_final_turn_ends"
    """§6 Fox A (engine choice, README): in full mode a ``DeclareFoxWild`` must come before the last
    final turn ends (``GameFinished`` is automatic). Fixed."""

    # --- §9 recording (public information) --------------------------------------------------------
    public_reveal_check: Literal["unseen_card_of_decks_1_to_n"] = "unseen_card_of_decks_1_to_n"
    """§9 (engine choice, README): a reveal names a card of decks 1..N not known anywhere
    (``card_already_seen``). Fixed."""

    public_unnamed_card: Literal["forget_zone"] = "forget_zone"
    """§9 (engine choice, README): a card leaving a hand/penalty zone unnamed makes that zone's
    remaining known cards unknown; discards are face up but may be unnamed. Fixed."""

    public_totems: Literal["wait_for_all"] = "wait_for_all"
    """§9 (engine choice, README): a public game waits for every totem (``RevealTotem``) before
    ``GameFinished``; until then an unknown totem scores 0. Fixed."""

    early_reveal_visibility: Literal["seat_only"] = "seat_only"
    """§9 (engine choice, README): a public-mode ``CardRevealed``/``TotemRevealed`` recorded before
    the game is over is seen only by that seat (``redact_event``, ``describe``). Fixed."""

    def __post_init__(self) -> None:
        for name, hint in _HINTS.items():
            allowed = get_args(hint)
            if allowed and getattr(self, name) not in allowed:
                raise ValueError(f"Decisions.{name} must be one of {allowed}, not {getattr(self, name)!r}")
        for name, low, high in _RANGES:
            value = getattr(self, name)
            if type(value) is not int or not low <= value <= high:
                raise ValueError(f"Decisions.{name} must be an int in {low}..{high}, not {value!r}")


_RANGES: Final[tuple[tuple[str, int, int], ...]] = (
    ("reserve_per_extra_player", 0, 15),
    ("river_size", 1, 12),
    ("hand_limit", 1, 90),
    ("hand_cost_at_end", 0, 15),
    ("fox_wild_exact_limit", 1, 1 << 20),
)
_HINTS: Final[dict[str, Any]] = {
    name: hint for name, hint in get_type_hints(Decisions).items() if getattr(hint, "__origin__", None) is Literal
}

#: The decisions of ``arctic-2``: the set new games play (``RULES_VERSION``).
DEFAULT: Final[Decisions] = Decisions()

#: The decisions of ``arctic-1``: games stored under it keep deciding (and replaying) by them.
ARCTIC_1_DECISIONS: Final[Decisions] = Decisions(moose_b_shortfall=DECLARED)

#: rules version -> the decisions it means. A different set of decisions is a new rules version.
BY_RULES_VERSION: Final[Mapping[str, Decisions]] = MappingProxyType(
    {ARCTIC_1: ARCTIC_1_DECISIONS, RULES_VERSION: DEFAULT}
)


def switchable() -> dict[str, tuple[Any, ...] | None]:
    """Field -> its values when a ``Literal`` (``None`` for the int fields); fixed fields excluded."""
    out: dict[str, tuple[Any, ...] | None] = {}
    for name in Decisions.__struct_fields__:
        hint = _HINTS.get(name)
        if hint is None:
            out[name] = None
        elif len(get_args(hint)) > 1:
            out[name] = get_args(hint)
    return out


def reserve_size(players: int, decisions: Decisions = DEFAULT) -> int:
    """§4.2: the reserve for ``players`` players."""
    return decisions.reserve_per_extra_player * (players - 1)
