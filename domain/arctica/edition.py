"""The edition file format: everything the published game fixes but does not make public.

An *edition* is versioned data (JSON under ``domain/arctica/editions/``) named by each game in its
``GameStarted`` event. The project ships ``demo-1``, an edition it invented itself; a user who owns
the game can author the published data in the same format. The JSON Schema
(``editions/edition.schema.json``) is generated from these Structs (:func:`edition_schema`).

An effect (a Flash banner, an Ability, a circle or map space bonus, a connection bonus) is either an
:class:`Effect` (the edition defines it: the engine checks recorded outcomes against it) or ``null``
(undefined: the engine accepts any well-formed outcome and only checks conservation).
"""

from __future__ import annotations

import hashlib
import re
from typing import Annotated, Any, Literal

import msgspec

Family = Literal["marine_mammal", "terrestrial_mammal", "invertebrate", "bird", "fish"]
FAMILIES: tuple[str, ...] = ("marine_mammal", "terrestrial_mammal", "invertebrate", "bird", "fish")
#: Birds and terrestrial mammals never end a movement on a space without an ice tile.
ICE_BOUND: tuple[str, ...] = ("terrestrial_mammal", "bird")
Generation = Literal["long", "short"]
Action = Literal[
    "fauna",
    "reproduction",
    "ability",
    "flora",
    "migration",
    "draw",
    "rotate_card",
    "rotate_migration",
    "colony",
]
ACTIONS: tuple[str, ...] = (
    "fauna",
    "reproduction",
    "ability",
    "flora",
    "migration",
    "draw",
    "rotate_card",
    "rotate_migration",
    "colony",
)

# Every Struct below has ``omit_defaults``: a field added later with a default leaves the canonical
# JSON, hence the fingerprint, of every older edition unchanged.
NonNeg = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A concrete effect: resolved as pay ``flora_cost``, gain ``flora``, draw ``cards``, score ``bp``,
    then up to ``migrations`` movements on the Arctic Circle (the player chooses which tokens)."""

    flora: NonNeg = 0
    flora_cost: NonNeg = 0
    cards: NonNeg = 0
    bp: NonNeg = 0
    migrations: NonNeg = 0


class Card(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    id: Positive
    name: str
    family: Family
    generation: Generation
    cost: NonNeg = 0
    bp: NonNeg = 0
    #: badges this card gives to its owner's ecosystem (checked by other cards' ``requires``)
    badges: tuple[str, ...] = ()
    #: placement requirement: badges (with multiplicity) the ecosystem must already show
    requires: tuple[str, ...] = ()
    endangered: NonNeg = 0
    flash: Effect | None = None
    ability: Effect | None = None


class ActionWheel(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A rotating action wheel: four quarter faces, each printed with an action."""

    faces: tuple[Action, Action, Action, Action]


class ActionSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A space of the action board, between two action wheels. The action the space receives from
    ``wheels[i]`` is ``faces[(orientation + sectors[i]) % 4]`` of that wheel."""

    wheels: tuple[NonNeg, NonNeg]
    sectors: tuple[NonNeg, NonNeg]


class CircleSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A space of the Arctic Circle (a clockwise ring). ``ice`` is the number of its ice tile, if any
    (tile *n* melts at the end of round *n*; tile 6 is the trading tile)."""

    ice: Positive | None = None
    bonus: Effect | None = None


class SubRegion(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    name: str
    central: bool = False
    #: circle spaces a saved token may flee to (one for an outer sub-region, a choice when central)
    flee_spaces: tuple[NonNeg, ...] = ()


class Region(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    name: str
    subregions: tuple[SubRegion, SubRegion, SubRegion]


class MapSpace(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    region: NonNeg
    subregion: NonNeg
    family: Family
    #: bonus gained (or cost paid, ``flora_cost``) when a token is placed here
    effect: Effect | None = None


class Connection(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    a: NonNeg
    b: NonNeg
    bonus: Effect | None = None


class RoundCard(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """An end-of-round card: the affected regions and the majority rewards (BP by rank), or ``null``
    rewards when the edition does not define them (then the table records the points scored)."""

    name: str
    regions: tuple[NonNeg, ...]
    rewards: tuple[NonNeg, ...] | None = None


class SetupRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    hand_size: NonNeg
    flora: NonNeg
    circle_start: NonNeg
    #: animal tokens each player starts with on ``circle_start`` (taken from their supply)
    circle_tokens: tuple[Family, ...]
    #: per seat: (long-generation card id, short-generation card id) from ``generation_cards``
    starting_cards: tuple[tuple[Positive, Positive], ...]
    #: starting orientation (0-3 quarter turns) of each action wheel; empty: every wheel at 0
    orientations: tuple[NonNeg, ...] = ()


class Interpretations(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Readings of the rules that change scores, where the rules summary (``seeds/004``, = the BGA help)
    is silent or ambiguous: each edition chooses. The defaults are the engine's DECISIONs."""

    #: End of game, "+1 BP per animal token on the player board": the release area is part of the player
    #: board (DECISION 7: the summary's board has the two wheels and the release area where tokens fall).
    release_on_board: bool = True
    #: "Draw: 2 cards, hand max 9" (summary, ACTIONS): the limit.
    hand_limit: Positive = 9
    #: The limit caps every card gain (DECISION 10), not only the Draw action's.
    hand_limit_all_draws: bool = True
    #: The summary never says what happens to an empty deck: no reshuffle (DECISION 10); ``true``: the
    #: discarded cards are shuffled into a new deck when a draw needs more cards than the deck has.
    reshuffle_empty_deck: bool = False
    #: Ice tile #6 trade (summary, Migration x2) after a *migration* only; ``true``: also a token that
    #: flees onto tile #6 after an event may be traded there (1 Flora: +3 BP, token to the release area).
    ice6_trade_on_flee: bool = False


class Edition(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    id: str
    version: str
    label: str
    notice: str
    short_slots: Positive
    long_slots: Positive
    action_wheels: tuple[ActionWheel, ...]
    action_spaces: tuple[ActionSpace, ...]
    circle: tuple[CircleSpace, ...]
    regions: tuple[Region, Region, Region]
    map: tuple[MapSpace, ...]
    connections: tuple[Connection, ...]
    #: rounds 1-3 each draw one of these (2 regions each); round 4 uses ``final_round_card``
    round_cards: tuple[RoundCard, ...]
    final_round_card: RoundCard
    setup: SetupRules
    #: the Fauna deck
    cards: tuple[Card, ...]
    #: the starting Generation Cards (never in the deck)
    generation_cards: tuple[Card, ...]
    #: how this edition reads the rules where the summary is silent (``null``: the engine's DECISIONs)
    rules: Interpretations | None = None


_CANONICAL = msgspec.json.Encoder(order="sorted")
#: edition ids and versions appear in URLs and file names
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_PATH = re.compile(r" - at `(\$[^`]*)`$")


class EditionFormatError(ValueError):
    """An edition document that does not decode: ``path`` is the JSON path of the offending value."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


def decode_edition(raw: bytes | str) -> Edition:
    """An edition from its JSON document, checked against the schema (not yet :func:`validate_edition`).

    Raises :class:`EditionFormatError` naming the JSON path of the first offending value.
    """
    try:
        return msgspec.json.decode(raw, type=Edition)
    except msgspec.ValidationError as exc:
        text = str(exc)
        found = _PATH.search(text)
        return _raise(text[: found.start()] if found else text, found.group(1) if found else "$")
    except msgspec.DecodeError as exc:
        return _raise(f"not valid JSON: {exc}", "$")


def _raise(message: str, path: str) -> Edition:
    raise EditionFormatError(message, path)


def canonical_json(edition: Edition) -> bytes:
    """The edition's canonical JSON: keys sorted at every level, fields left at their default omitted."""
    return _CANONICAL.encode(edition)


def fingerprint(edition: Edition) -> str:
    """The sha256 (hex) of :func:`canonical_json`: the content an edition id and version stand for.

    A game pins it in ``GameStarted``; two documents differing only in key order or whitespace share it.
    """
    return hashlib.sha256(canonical_json(edition)).hexdigest()


def edition_schema() -> dict[str, Any]:
    """The JSON Schema of the edition file, generated from the Structs above."""
    return msgspec.json.schema(Edition)


class EditionIndex:
    """Lookups derived once per edition object (cards by id, connections by space, circle ice)."""

    def __init__(self, edition: Edition) -> None:
        self.edition = edition
        self.cards: dict[int, Card] = {c.id: c for c in edition.cards}
        self.cards.update({c.id: c for c in edition.generation_cards})
        self.starting_ids = frozenset(c.id for c in edition.generation_cards)
        self.rules = edition.rules or Interpretations()
        self.fauna_ids: tuple[int, ...] = tuple(sorted(c.id for c in edition.cards))
        links: dict[int, list[tuple[int, int, Connection]]] = {}
        for conn in edition.connections:
            links.setdefault(conn.a, []).append((conn.b, conn.a, conn))
            links.setdefault(conn.b, []).append((conn.a, conn.a, conn))
        self.links = {k: tuple(sorted(v, key=lambda link: link[0])) for k, v in links.items()}
        self.ice_space: dict[int, int] = {sp.ice: i for i, sp in enumerate(edition.circle) if sp.ice is not None}


_INDEXES: dict[int, tuple[Edition, EditionIndex]] = {}


def index(edition: Edition) -> EditionIndex:
    hit = _INDEXES.get(id(edition))
    if hit is not None and hit[0] is edition:
        return hit[1]
    idx = EditionIndex(edition)
    _INDEXES[id(edition)] = (edition, idx)
    return idx


def validate_edition(edition: Edition) -> list[str]:
    """Structural problems of an edition (empty list when it is usable)."""
    problems: list[str] = []
    for name, value in (("id", edition.id), ("version", edition.version)):
        if not _NAME.fullmatch(value):
            problems.append(f"{name} must be 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit")
    ids = [c.id for c in edition.cards] + [c.id for c in edition.generation_cards]
    if len(ids) != len(set(ids)):
        problems.append("card ids are not unique")
    n_wheels = len(edition.action_wheels)
    for i, sp in enumerate(edition.action_spaces):
        if any(w >= n_wheels for w in sp.wheels) or sp.wheels[0] == sp.wheels[1]:
            problems.append(f"action space {i} names unknown or identical wheels")
        if any(k > 3 for k in sp.sectors):
            problems.append(f"action space {i} names a wheel position above 3 (a wheel has four quarters 0-3)")
    if edition.setup.orientations and (
        len(edition.setup.orientations) != n_wheels or any(o > 3 for o in edition.setup.orientations)
    ):
        problems.append(f"setup.orientations needs one quarter turn 0-3 for each of the {n_wheels} action wheels")
    if len(edition.action_spaces) < 2:
        problems.append("the action board needs at least two spaces")
    if edition.setup.circle_start >= len(edition.circle):
        problems.append("setup.circle_start is not a circle space")
    ices = [sp.ice for sp in edition.circle if sp.ice is not None]
    if len(ices) != len(set(ices)) or not {1, 2, 3, 4, 5, 6} <= set(ices):
        problems.append("the circle needs ice tiles 1..6, each once")
    for r, reg in enumerate(edition.regions):
        for s, sub in enumerate(reg.subregions):
            if not sub.flee_spaces or any(f >= len(edition.circle) for f in sub.flee_spaces):
                problems.append(f"sub-region {r}.{s} has no valid flee space")
            if not sub.central and len(sub.flee_spaces) != 1:
                problems.append(f"outer sub-region {r}.{s} must have exactly one flee space")
    for i, ms in enumerate(edition.map):
        if ms.region > 2 or ms.subregion > 2:
            problems.append(f"map space {i} has an unknown region/sub-region")
    pairs: set[tuple[int, int]] = set()
    for c in edition.connections:
        if c.a >= len(edition.map) or c.b >= len(edition.map) or c.a == c.b:
            problems.append(f"connection {c.a}-{c.b} names unknown spaces")
        pair = (min(c.a, c.b), max(c.a, c.b))
        if pair in pairs:
            # Each connection pays its bonus: a repeated one would be counted twice.
            problems.append(f"connection {c.a}-{c.b} is listed more than once")
        pairs.add(pair)
    mapped = {ms.family for ms in edition.map}
    for fam in sorted(
        {c.family for c in (*edition.cards, *edition.generation_cards)} | set(edition.setup.circle_tokens)
    ):
        if fam not in mapped:
            problems.append(f"species {fam} has no map space (its tokens could never found a colony)")
    for rc in (*edition.round_cards, edition.final_round_card):
        if any(r > 2 for r in rc.regions):
            problems.append(f"round card {rc.name} names an unknown region")
        if len(set(rc.regions)) != len(rc.regions):
            problems.append(f"round card {rc.name} names a region more than once")
    if len(edition.round_cards) < 3 or any(len(rc.regions) != 2 for rc in edition.round_cards):
        problems.append("at least three round cards with exactly two regions each are needed")
    if sorted(edition.final_round_card.regions) != [0, 1, 2]:
        problems.append("the final round card affects all three regions")
    gen = {c.id: c for c in edition.generation_cards}
    if len(edition.setup.starting_cards) < 5:
        problems.append("setup.starting_cards needs a pair for each of 5 seats")
    for pair in edition.setup.starting_cards:
        if pair[0] not in gen or pair[1] not in gen:
            problems.append(f"starting pair {pair} is not in generation_cards")
        elif gen[pair[0]].generation != "long" or gen[pair[1]].generation != "short":
            problems.append(f"starting pair {pair} must be (long, short)")
    if len(edition.setup.circle_tokens) > 6 * 5:
        problems.append("too many starting circle tokens")
    return problems
