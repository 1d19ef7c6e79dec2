"""The state of an Arctic game: frozen structs of tuples of small ints, built for fast folding.

Cards are ints (index in ``catalogue.CARDS``), animals ints 0..5, seats 0-based. Two sentinels:
``UNKNOWN`` (-1) a card whose identity is not known (public mode: an unrevealed River card, a
face-down Fox-A card), ``EMPTY`` (-2) an empty River slot. No sets, no unordered containers: the
canonical encoding (``domain.game.state_hash``) is deterministic.
"""

from __future__ import annotations

from typing import Final

import msgspec

UNKNOWN: Final[int] = -1
EMPTY: Final[int] = -2
ONE_UNKNOWN: Final[int] = -3  # in events only: "face_down", one of a zone's unknown cards (never stored)
CENTRE: Final[int] = -1  # power card holder: nobody

# Phases (the decision point the game waits for).
SETUP: Final = "setup"  # before GameStarted
PLACE: Final = "place"  # step 1
PLACE_END: Final = "place_end"  # transient: penalties and power being resolved
TOKENS: Final = "tokens"  # step 2, choice of direction
WALRUS: Final = "walrus"  # step 2, Walrus power
DRAW: Final = "draw"  # step 3
DISCARD: Final = "discard"  # step 3, hand limit
GIVE: Final = "give"  # step 3, Polar bear B
END_TURN: Final = "end_turn"  # transient: refill, turn boundary
BETWEEN: Final = "between"  # transient: after TurnEnded
TOTEMS: Final = "totems"  # public mode: waiting for totem reveals before the final score
FINISHED: Final = "finished"


# gc=False: a frozen tree of tuples and scalars is in no reference cycle, so the cyclic collector
# need not track it; a server holds many (replay blocks, cached states) and would walk them all.
class PlayerState(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    hand: tuple[int, ...] = ()  # known hand cards
    hand_unknown: int = 0  # public mode: hand cards not known
    pile: tuple[int, ...] = ()  # bottom -> top
    pile_down: tuple[bool, ...] = ()  # parallel to pile: face-down Fox-A card
    penalty: tuple[int, ...] = ()  # known penalty cards
    penalty_unknown: int = 0
    totem: int = UNKNOWN  # animal, UNKNOWN until known
    turns: int = 0  # turns started
    wild: tuple[tuple[int, int], ...] = ()  # Fox-A declarations (pile position, animal)

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.hand_unknown

    @property
    def penalty_size(self) -> int:
        return len(self.penalty) + self.penalty_unknown


class GameState(msgspec.Struct, frozen=True, gc=False, kw_only=True):
    rules_version: str = ""
    mode: str = "full"
    names: tuple[str, ...] = ()
    start_seat: int = 0
    seed: int | None = None
    sides: tuple[int, ...] = ()  # per animal: 0 = side A, 1 = side B
    holders: tuple[int, ...] = (CENTRE,) * 6  # per animal: seat holding the power card
    tokens: tuple[int, ...] = (2,) * 6  # per animal: position 0..5 on the landscape row
    river: tuple[int, ...] = (EMPTY,) * 6
    deck: tuple[int, ...] = ()  # full mode: the current draw pile, top first (read at len - draw_left)
    draw_left: int = 0
    reserve: tuple[int, ...] = ()  # full mode: the reserve, top first
    reserve_left: int = 0
    reserve_in_use: bool = False  # the draw pile ran out; the reserve is the draw pile (§7.2)
    players: tuple[PlayerState, ...] = ()
    phase: str = SETUP
    active: int = 0
    turn: int = 0
    round: int = 0
    final_round: bool = False
    # the current turn
    place_n: int = 0  # N from the visible card (§5 step 1), before Moose B
    n_from_card: bool = False  # N came from a face-up visible card (Moose B allowed)
    placed: int = 0
    moose_delta: int = 0
    moose_used: bool = False
    puffin_used: bool = False
    placing_closed: bool = False  # a Fox power ended the placing
    pending: int = 0  # penalty cards still due after PlacingEnded
    draw_target: int = 0
    drawn: int = 0
    moose_a_used: bool = False

    @property
    def n_players(self) -> int:
        return len(self.names)

    @property
    def place_target(self) -> int:
        return self.place_n + self.moose_delta
