"""The Arctic components as data (rules §1-§3).

The 120 animal cards live in ``cards.json`` (generated once from the formula of §3; a test checks the
file against the formula). Inside the engine a card is a small int: its index in that list
(``deck-1)*30 + animal*5 + (draw-1)``). Moves, events and views use the stable string id
(``d1-fox-3``, ``d4-polar_bear-5``). Animals are ints 0..5 inside the state and their string ids
(``fox`` … ``polar_bear``) everywhere else.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final, Literal

import msgspec

from domain.arctic.decisions import DEFAULT

AnimalId = Literal["fox", "moose", "walrus", "orca", "puffin", "polar_bear"]

#: Keep this order: the companion formula of §3 is cyclic in it.
ANIMALS: Final[tuple[str, ...]] = ("fox", "moose", "walrus", "orca", "puffin", "polar_bear")
ANIMAL_INDEX: Final[dict[str, int]] = {name: i for i, name in enumerate(ANIMALS)}
FOX, MOOSE, WALRUS, ORCA, PUFFIN, POLAR_BEAR = range(6)

ANIMAL_NAMES: Final[dict[str, tuple[str, ...]]] = {
    "en": ("fox", "moose", "walrus", "orca", "puffin", "polar bear"),
    "fr": ("renard", "élan", "morse", "orque", "macareux", "ours polaire"),
    "es": ("zorro", "alce", "morsa", "orca", "frailecillo", "oso polar"),
}

#: Landscape row (§1, §4.1): token positions 0..5 and their scoring values.
LANDSCAPE: Final[tuple[int, ...]] = (0, 1, 3, 6, 10, 15)
TOKEN_START: Final[int] = 2  # the "3" card
TRACK_LAST: Final[int] = len(LANDSCAPE) - 1

# The values of ``arctic-1``; the engine reads them from ``decisions.Decisions`` (these names stay
# for readers of the default rules).
HAND_LIMIT: Final[int] = DEFAULT.hand_limit  # §5 step 3
RIVER_SLOTS: Final[int] = DEFAULT.river_size  # §7b.9
RESERVE_PER_EXTRA_PLAYER: Final[int] = DEFAULT.reserve_per_extra_player  # §4.2: reserve = 5 x (N-1)
HAND_DEAL: Final[int] = 3  # §4.5
CARDS_PER_DECK: Final[int] = 30
MIN_PLAYERS: Final[int] = 2
MAX_PLAYERS: Final[int] = 4

SIDES: Final[tuple[str, str]] = ("A", "B")
SIDE_A, SIDE_B = 0, 1


class CardSpec(msgspec.Struct, frozen=True):
    id: str
    deck: int
    animal: AnimalId
    companion: AnimalId
    placement: int
    draw: int


class _CardFile(msgspec.Struct):
    comment: str
    cards: list[CardSpec]


CARDS_FILE: Final[Path] = Path(__file__).with_name("cards.json")

CARDS: Final[tuple[CardSpec, ...]] = tuple(msgspec.json.decode(CARDS_FILE.read_bytes(), type=_CardFile).cards)
CARD_IDS: Final[tuple[str, ...]] = tuple(c.id for c in CARDS)
CARD_INDEX: Final[dict[str, int]] = {c.id: i for i, c in enumerate(CARDS)}
MAIN: Final[tuple[int, ...]] = tuple(ANIMAL_INDEX[c.animal] for c in CARDS)
COMPANION: Final[tuple[int, ...]] = tuple(ANIMAL_INDEX[c.companion] for c in CARDS)
PLACEMENT: Final[tuple[int, ...]] = tuple(c.placement for c in CARDS)
DRAW: Final[tuple[int, ...]] = tuple(c.draw for c in CARDS)
DECK: Final[tuple[int, ...]] = tuple(c.deck for c in CARDS)


def companion_formula(deck: int, animal: int, draw: int) -> int:
    """§3, 1-based arguments and result: the companion animal of (deck, main animal, draw value)."""
    s = ((draw + deck - 2) % 5) + 1
    return ((animal - 1 + s) % 6) + 1


def cards_for(players: int) -> tuple[int, ...]:
    """The card numbers of decks 1..N, in catalogue order."""
    return tuple(range(players * CARDS_PER_DECK))


def card_id(card: int) -> str:
    return CARD_IDS[card]


def scale(count: int) -> int:
    """The printed scoring scale S(count) of §8."""
    if count <= 1:
        return 0
    if count >= 6:
        return 15
    return LANDSCAPE[count - 1]
