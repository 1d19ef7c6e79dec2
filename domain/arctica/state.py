"""The folded state of an Arctica game: frozen Structs built from tuples (no sets, no dicts), so
``domain.game.state_hash`` is canonical, and each event replaces only the parts it changes."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.game import PlayerResult

Zone = Literal["supply", "long_wheel", "short_wheel", "release", "map", "circle"]
Phase = Literal[
    "setup",  # before GameStarted
    "select",  # the active player places the pawn and turns a wheel
    "actions",  # the active player's two actions, then each other player's single choice
    "melt",  # end of round: the ice tile of the round melts
    "majority",  # end of round, waiting for majority points the edition does not define
    "collapse",  # end of round, collapses due (from round 2)
    "endangered",  # end of round, endangered upkeep due
    "reveal",  # end of round, the event sub-regions are revealed (table games: a move records them)
    "events",  # end of round, owners of tokens in the hit sub-regions decide
    "scoring",  # after round 4, before the final scores
    "finished",
]

HAND_LIMIT = 9
#: a card nobody has seen yet (public-information games): in hands and in the deck
UNKNOWN = 0
TOKENS_PER_FAMILY = 6
EMPTY = ""  # an empty wheel slot
FLORA = "flora"  # a Flora token on a wheel slot


# gc=False: a frozen tree of tuples and scalars is in no reference cycle, so the cyclic collector
# need not track it; a server holds many (replay blocks, cached states) and would walk them all.
class Token(msgspec.Struct, frozen=True, gc=False, array_like=True):
    """An animal token: its owner's seat and its family (species type)."""

    seat: int
    family: str


class Loc(msgspec.Struct, frozen=True, gc=False, forbid_unknown_fields=True):
    """Where a token is: ``index`` is the wheel slot, map space or circle space (0 otherwise)."""

    zone: Zone
    index: int = 0


class PlayerState(msgspec.Struct, frozen=True, gc=False):
    name: str
    hand: tuple[int, ...] = ()
    #: columns of the ecosystem, the top card first; a used card goes to the back (end)
    long_column: tuple[int, ...] = ()
    short_column: tuple[int, ...] = ()
    #: wheel slots: "" empty, "flora", or a family name; slot 0 is the entry slot
    long_wheel: tuple[str, ...] = ()
    short_wheel: tuple[str, ...] = ()
    #: release area: animal tokens per family (FAMILIES order) and Flora
    release: tuple[int, ...] = (0, 0, 0, 0, 0)
    release_flora: int = 0
    supply: tuple[int, ...] = (6, 6, 6, 6, 6)
    bp_majorities: int = 0
    bp_trades: int = 0
    bp_effects: int = 0


class GameState(msgspec.Struct, frozen=True, gc=False):
    phase: Phase = "setup"
    rules_version: str = ""
    edition_id: str = ""
    edition_version: str = ""
    chance: Literal["", "seeded", "table", "public"] = ""
    players: tuple[PlayerState, ...] = ()
    start_player: int = 0
    #: seeded games: the deck in draw order; table games: the cards not yet seen, sorted
    deck: tuple[int, ...] = ()
    discard: tuple[int, ...] = ()
    round: int = 0
    #: selections made so far in the game (the active player is ``(start_player + turn) % n``)
    turn: int = 0
    #: selections made in the current round (0..5)
    selection: int = 0
    pawn: int = -1
    orientations: tuple[int, ...] = ()
    offered: tuple[str, ...] = ()
    active_left: tuple[str, ...] = ()
    responders: tuple[int, ...] = ()
    ordered: bool = False
    circle: tuple[tuple[Token, ...], ...] = ()
    melted: tuple[int, ...] = ()
    map: tuple[Token | None, ...] = ()
    #: indexes into the edition's round cards for rounds 1-3
    round_cards: tuple[int, ...] = ()
    #: seeded games: the hit sub-region per affected region, per round (empty for table games)
    event_plan: tuple[tuple[int, ...], ...] = ()
    #: regions whose majority was resolved this round
    majorities_done: tuple[int, ...] = ()
    #: hit sub-region per affected region revealed this round
    revealed: tuple[int, ...] = ()
    pending_collapses: tuple[Token, ...] = ()
    pending: tuple[int, ...] = ()
    results: tuple[PlayerResult, ...] = ()
