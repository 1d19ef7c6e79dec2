"""The stable violation codes of the Arctic engine and the rule section each enforces.

A code is never renamed once published (clients branch on it). Sections refer to
``shared/rules/arctic.md``. Setup codes are raised as ``SetupError``, the others as ``RuleViolation``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, NoReturn

from domain.errors import RuleViolation, SetupError

#: code -> (rule section, what it means)
CODES: Final[dict[str, tuple[str, str]]] = {
    # setup (§4, §9)
    "arctic.setup.player_count": ("§1", "2 to 4 players"),
    "arctic.setup.player_name": ("§4", "player handles must be non-empty and distinct"),
    "arctic.setup.start_seat": ("§4.6", "the start seat must be one of the seats"),
    "arctic.setup.mode": ("§9", "mode is 'full' or 'public'"),
    "arctic.setup.power_sides": ("§4.3", "power sides map animal ids to 'A' or 'B'"),
    "arctic.setup.deck_order": (
        "§4.2",
        "a deck order is a permutation of the cards of decks 1..N, full mode only",
    ),
    "arctic.setup.totems": ("§4.4", "one totem per seat, distinct animals"),
    "arctic.setup.seed_required": ("§4", "a seed is needed to draw what the setup does not fix"),
    # game flow
    "arctic.not_started": ("§4", "no GameStarted event yet"),
    "arctic.game_finished": ("§7.5", "the game is over"),
    "arctic.not_your_turn": ("§5", "only the active player acts"),
    "arctic.wrong_step": ("§5", "this move is not allowed at this point of the turn"),
    "arctic.reveal_required": ("§9", "public mode: the new River card must be revealed first"),
    "arctic.not_public_mode": ("§9", "reveal moves only exist in public-information mode"),
    "arctic.invalid_seat": ("§6", "no such seat (or not another player's, for Polar bear B)"),
    # cards
    "arctic.unknown_card": ("§3", "not a card id of the catalogue"),
    "arctic.card_not_in_game": ("§4.2", "the card belongs to a deck not used with this many players"),
    "arctic.card_already_seen": ("§9", "public mode: that card is already known elsewhere"),
    "arctic.card_required": ("§9", "the card must be named (full mode, or a card placed face up)"),
    "arctic.card_not_in_hand": ("§5", "the card is not in the player's hand"),
    "arctic.card_not_in_penalty": ("§6", "the card is not in the player's penalty zone"),
    "arctic.no_unknown_card": ("§9", "public mode: no unknown card left in that zone"),
    "arctic.card_mismatch": ("§6", "full mode: the card named is not the one the draw pile gives"),
    # step 1
    "arctic.wrong_placement_count": ("§5 step 1", "N cards must be placed while the hand holds cards"),
    "arctic.power_not_held": ("§6", "the player does not hold this power (side) at this step"),
    "arctic.power_already_used": ("§7b.1", "this power was already used this turn"),
    "arctic.puffin_after_placing": ("§7b.1", "Puffin powers only before the first card is placed"),
    "arctic.puffin_empty_hand": ("§7b.1", "Puffin powers need a card in hand"),
    "arctic.no_visible_card": ("§6", "the power needs a face-up visible card (Moose B, Puffin B, Fox)"),
    "arctic.invalid_delta": ("§6", "Moose: the delta is +1 or -1, and cannot undo what is done"),
    "arctic.fox_not_last_card": ("§7b.3", "Fox powers apply to the last card placed this turn only"),
    # step 2
    "arctic.token_direction": ("§5 step 2", "that animal cannot go up (end card or not on the card)"),
    "arctic.walrus_off_track": ("§6", "Walrus: the token must stay on the landscape row"),
    # step 3
    "arctic.river_slot_invalid": ("§7b.9", "River slots are 0..5"),
    "arctic.river_slot_empty": ("§5 step 3", "that River slot is empty"),
    "arctic.draw_pile_empty": ("§6", "Orca B: the draw pile is empty"),
    "arctic.penalty_empty": ("§6", "Polar bear: the penalty zone is empty"),
    # scoring / public information
    "arctic.totem_already_known": ("§9", "that seat's totem is already known"),
    "arctic.totem_taken": ("§4.4", "another seat has that totem"),
    "arctic.fox_wild_invalid": ("§6", "Fox A: position must be a face-down card, animal a neighbour's"),
}


def violation(code: str, message: str, legal: Sequence[Any] = ()) -> NoReturn:
    section = CODES[code][0]
    raise RuleViolation(code, f"{message} (arctic {section})", rule=f"arctic {section}", legal=legal)


def setup_error(code: str, message: str) -> NoReturn:
    section = CODES[code][0]
    raise SetupError(code, f"{message} (arctic {section})", rule=f"arctic {section}")
