"""Stable violation codes (``arctica.<rule>``). Clients branch on them: never rename one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from domain.errors import RuleViolation, SetupError

CODES: dict[str, str] = {
    # setup
    "arctica.bad_players": "2 to 5 players with distinct, non-empty names",
    "arctica.bad_setup": "the setup's chance outcomes are missing, malformed or contradict the mode",
    "arctica.unknown_edition": "the setup names an edition that is not registered",
    "arctica.bad_edition": "an edition fails its structural checks",
    "arctica.bad_adjustment": "an adjustment needs a reason and must conserve Flora, tokens and free places",
    "arctica.bad_decision": "a decision inside an effect must be one of those legal at that point, none left over",
    "arctica.decision_required": "the effect needs a decision the move does not record (an option, a target, a token)",
    "arctica.effect_too_long": "an effect repeats more times than the engine resolves (an edition past its bounds)",
    "arctica.too_many_moves": "the position has more moves than the engine lists: record the move itself",
    "arctica.bad_round_card": "the revealed round card must be one of the edition's round cards not used yet",
    "arctica.edition_mismatch": "the edition's content fingerprint differs from the one the setup expects",
    # flow
    "arctica.not_started": "no GameStarted event yet",
    "arctica.unknown_move": "the move is not an Arctica move",
    "arctica.game_finished": "the game is over",
    "arctica.wrong_phase": "this move does not belong to the current step of the game",
    "arctica.not_your_turn": "this seat may not move now",
    "arctica.out_of_order": "Colony chosen by the active player: players resolve one after another clockwise",
    # selection
    "arctica.unknown_space": "no such action space",
    "arctica.space_unavailable": "the action pawn is already on that space",
    "arctica.wheel_not_adjacent": "the turned wheel must be one of the two wheels connected to the space",
    "arctica.action_not_offered": "the action is not (or no longer) available to this player",
    # cards
    "arctica.card_not_in_hand": "the card is not in the player's hand",
    "arctica.wrong_cost": "the cost is paid by discarding exactly that many other cards from the hand",
    "arctica.missing_badges": "the ecosystem lacks the card's placement-requirement badges",
    "arctica.wheel_full": "no free slot on the generation wheel for the animal token",
    "arctica.no_token_in_supply": "no token of that family left in the supply",
    "arctica.not_on_top": "the card is not on top of the short or long generation column",
    "arctica.starting_card": "the two starting Generation Cards cannot reproduce",
    # effects and resources
    "arctica.cannot_pay": "not enough Flora",
    "arctica.outcome_mismatch": "the recorded outcome differs from the edition's printed effect",
    "arctica.bad_outcome": "a recorded outcome has a negative value",
    "arctica.unexpected_outcome": "an outcome was supplied for an effect that did not happen",
    "arctica.draw_required": "a table-recorded game must name the cards drawn",
    "arctica.draw_mismatch": "the cards named are not the top of the recorded deck",
    "arctica.draw_count": "wrong number of cards drawn (2 for Draw, capped by the hand limit of 9)",
    "arctica.unknown_card": "a drawn card is not among the unseen cards",
    # migration
    "arctica.too_many_migrations": "more movements than the action or effect grants",
    "arctica.no_token_on_circle": "the player has no such token on that circle space",
    "arctica.trade_not_on_ice6": "trading happens only when a token reaches ice tile #6",
    "arctica.trade_token_missing": "no such own token on ice tile #6 to trade",
    # colony
    "arctica.no_space_chosen": "Colony places at least one token",
    "arctica.space_occupied": "the map space already holds a token",
    "arctica.wrong_species_space": "the map space is not for that species type",
    "arctica.release_empty": "not enough tokens of that species in the release area",
    # end of round
    "arctica.bad_points": "majority points must name every seat, for the next pending region",
    "arctica.no_collapse": "no collapse of that species is due for this seat",
    "arctica.wrong_collapse_tokens": "collapse discards exactly 3 own tokens of the species (map or board)",
    "arctica.not_endangered_card": "the card destroyed must be an endangered card of the ecosystem",
    "arctica.bad_subregion": "a sub-region is 0, 1 or 2, one per affected region still unrevealed",
    "arctica.bad_save": "a saved token must be an own token in a hit sub-region, listed once",
    "arctica.bad_destination": "the flee destination must be a flee space of the token's sub-region",
}


#: the section of the rules summary (seed 004) each code enforces
SECTIONS: dict[str, str] = {
    "arctica.out_of_order": "Colony Action",
    "arctica.unknown_space": "ACTIVE PLAYER 1",
    "arctica.space_unavailable": "ACTIVE PLAYER 1",
    "arctica.wheel_not_adjacent": "ACTIVE PLAYER 1",
    "arctica.action_not_offered": "ACTIVE PLAYER 2 / NON ACTIVE PLAYERS",
    "arctica.card_not_in_hand": "ACTIONS: Fauna",
    "arctica.wrong_cost": "ACTIONS: Fauna",
    "arctica.missing_badges": "ACTIONS: Fauna",
    "arctica.wheel_full": "ACTIONS: Fauna / Reproduction",
    "arctica.no_token_in_supply": "ACTIONS: Fauna / Reproduction",
    "arctica.not_on_top": "ACTIONS: Reproduction / Ability",
    "arctica.starting_card": "ACTIONS: Reproduction",
    "arctica.draw_count": "ACTIONS: Draw",
    "arctica.too_many_migrations": "ACTIONS: Migration x2",
    "arctica.no_token_on_circle": "ACTIONS: Migration x2",
    "arctica.trade_not_on_ice6": "ACTIONS: Migration x2 (ice tile #6)",
    "arctica.trade_token_missing": "ACTIONS: Migration x2 (ice tile #6)",
    "arctica.no_space_chosen": "Colony Action",
    "arctica.space_occupied": "Colony Action",
    "arctica.wrong_species_space": "Colony Action",
    "arctica.release_empty": "Colony Action",
    "arctica.bad_points": "END OF ROUND 2) Majority",
    "arctica.no_collapse": "END OF ROUND 3) Collapse",
    "arctica.wrong_collapse_tokens": "END OF ROUND 3) Collapse",
    "arctica.not_endangered_card": "END OF ROUND 4) Endangered Animals",
    "arctica.bad_subregion": "END OF ROUND 5) Events",
    "arctica.bad_save": "END OF ROUND 5) Events",
    "arctica.bad_destination": "END OF ROUND 5) Events",
}


def fail(code: str, message: str, *, rule: str | None = None, legal: Sequence[Any] = ()) -> NoReturn:
    assert code in CODES, code
    raise RuleViolation(code, message, rule=rule or SECTIONS.get(code), legal=legal)


def setup_fail(code: str, message: str) -> NoReturn:
    assert code in CODES, code
    raise SetupError(code, message)
