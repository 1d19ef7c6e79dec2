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
from typing import Annotated, Any, Literal, get_args

import msgspec

# The generic decoding error (``domain.editions``), raised here with the JSON path.
from domain.editions import EditionFormatError

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
ACTIONS: tuple[str, ...] = get_args(Action)

# Every Struct below has ``omit_defaults``: a field added later with a default leaves the canonical
# JSON, hence the fingerprint, of every older edition unchanged.
NonNeg = Annotated[int, msgspec.Meta(ge=0)]
Positive = Annotated[int, msgspec.Meta(ge=1)]


#: where an animal token can be: a player's supply, a generation wheel, the release area, the map, the circle
TokenZone = Literal["supply", "long_wheel", "short_wheel", "release", "map", "circle"]
#: the deepest nesting of effect forms an edition may use (the schema is recursive; a bound keeps a
#: hostile or mistaken document from costing unbounded work in every ``decide``)
MAX_EFFECT_DEPTH = 6


class _Form(msgspec.Struct, frozen=True, tag_field="op", forbid_unknown_fields=True, omit_defaults=True):
    pass


class Gain(_Form, tag="gain", frozen=True):
    """The primitives: pay ``flora_cost``, gain ``flora``, draw ``cards``, score ``bp``, then up to
    ``migrations`` movements of own circle tokens (each a ``step`` decision)."""

    flora: NonNeg = 0
    flora_cost: NonNeg = 0
    cards: NonNeg = 0
    bp: NonNeg = 0
    migrations: NonNeg = 0


class Sequence(_Form, tag="sequence", frozen=True):
    """Each step in order."""

    steps: tuple[Form, ...]


class May(_Form, tag="optional", frozen=True):
    """ "You may ...": a ``take`` decision (declined when not recorded). "You may pay X to gain Y" is
    ``{"op": "optional", "effect": {"op": "gain", "flora_cost": X, ...Y}}`` (the payment comes first)."""

    effect: Form


class Choice(_Form, tag="choice", frozen=True):
    """One of ``options``: an ``option`` decision (0-based index), always required."""

    options: tuple[Form, ...]


class Count(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """Something the player the effect applies to has, counted when the ``repeat`` starts:
    ``tokens`` (in ``zone``; no zone: on the player board = both wheels and the release area),
    ``cards`` of the ecosystem, ``badges`` (``badge``) of the ecosystem, ``flora`` owned, cards in
    ``hand``; optionally of one ``family`` / ``generation``. ``per``: one repetition per that many;
    ``max``: at most that many repetitions."""

    of: Literal["tokens", "cards", "badges", "flora", "hand"]
    zone: TokenZone | None = None
    family: Family | None = None
    generation: Generation | None = None
    badge: str | None = None
    per: Positive = 1
    max: NonNeg | None = None


class Repeat(_Form, tag="repeat", frozen=True):
    """``effect`` ``times`` times, or (with ``count``) ``times`` per counted thing ("+1 BP per fish on
    your board": ``{"op": "repeat", "count": {"of": "tokens", "family": "fish"}, "effect": {"op":
    "gain", "bp": 1}}``)."""

    effect: Form
    times: Positive = 1
    count: Count | None = None


class Target(_Form, tag="target", frozen=True):
    """``effect`` applies to other players: ``chosen`` (a ``seat`` decision: another player),
    ``each_opponent`` (clockwise from the left neighbour), ``left`` (the next seat clockwise),
    ``right`` (the previous seat), ``each_player`` (the player first, then clockwise)."""

    who: Literal["chosen", "each_opponent", "left", "right", "each_player"]
    effect: Form


class MoveTokens(_Form, tag="move_tokens", frozen=True):
    """Move ``count`` of the player's own animal tokens (of ``family``, or any) from zone ``src`` to
    zone ``dst``, each a ``token`` decision naming both places (a wheel takes the token on its lowest
    free slot; a map space must be free and of the token's species; ``dst_index`` fixes the space).
    ``up_to``: fewer may be moved (a ``done`` decision, or nothing more recorded). Fewer tokens than
    ``count`` in ``src``: all of them. No bonus is gained on arrival (bonuses come with Colony and
    migrations)."""

    src: TokenZone
    dst: TokenZone
    family: Family | None = None
    count: Positive = 1
    up_to: bool = False
    dst_index: NonNeg | None = None


class RotateWheels(_Form, tag="rotate", frozen=True):
    """Both generation wheels advance ``times`` steps (what passes the last slot falls into the
    release area), as the Rotate Wheels actions do."""

    times: Positive = 1


class Extra(_Form, tag="extra", frozen=True):
    """An extra action: ``reproduction`` (a ``reproduction`` decision naming a top card) or ``colony``
    (a ``colony`` decision: species and spaces, paying its Flora as the action does); a ``take``
    decision with ``yes: false`` (or nothing recorded) declines it."""

    action: Literal["reproduction", "colony"]


Form = Gain | Sequence | May | Choice | Repeat | Target | MoveTokens | RotateWheels | Extra


class Effect(msgspec.Struct, frozen=True, forbid_unknown_fields=True, omit_defaults=True):
    """A concrete effect: resolved as pay ``flora_cost``, gain ``flora``, draw ``cards``, score ``bp``,
    then up to ``migrations`` movements on the Arctic Circle (the player chooses which tokens), then
    ``then`` (a composable form, see :data:`Form`) with its decisions."""

    flora: NonNeg = 0
    flora_cost: NonNeg = 0
    cards: NonNeg = 0
    bp: NonNeg = 0
    migrations: NonNeg = 0
    then: Form | None = None


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
        #: whether any effect uses a composable form (moves then carry decisions)
        self.has_forms = any(effect.then is not None for _, effect in _effects(edition))


_INDEXES: dict[int, tuple[Edition, EditionIndex]] = {}


def index(edition: Edition) -> EditionIndex:
    hit = _INDEXES.get(id(edition))
    if hit is not None and hit[0] is edition:
        return hit[1]
    idx = EditionIndex(edition)
    _INDEXES[id(edition)] = (edition, idx)
    return idx


def forget_index(edition: Edition) -> None:
    """Drop the lookups of an edition no longer held (``editions.register`` keeps a bounded number)."""
    hit = _INDEXES.get(id(edition))
    if hit is not None and hit[0] is edition:
        del _INDEXES[id(edition)]


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
    for path, effect in _effects(edition):
        if effect.then is not None:
            _check_form(edition, effect.then, f"{path}.then", 1, problems)
    return problems


def _effects(edition: Edition) -> list[tuple[str, Effect]]:
    """Every effect of the edition with its JSON path."""
    found: list[tuple[str, Effect | None]] = []
    for name, cards in (("cards", edition.cards), ("generation_cards", edition.generation_cards)):
        for i, c in enumerate(cards):
            found += [(f"$.{name}[{i}].flash", c.flash), (f"$.{name}[{i}].ability", c.ability)]
    found += [(f"$.circle[{i}].bonus", sp.bonus) for i, sp in enumerate(edition.circle)]
    found += [(f"$.map[{i}].effect", ms.effect) for i, ms in enumerate(edition.map)]
    found += [(f"$.connections[{i}].bonus", c.bonus) for i, c in enumerate(edition.connections)]
    return [(path, e) for path, e in found if e is not None]


def _check_form(edition: Edition, form: Form, path: str, depth: int, problems: list[str]) -> None:
    """The problems of one composable form, each prefixed with its JSON path."""
    if depth > MAX_EFFECT_DEPTH:
        problems.append(f"{path}: effects nest at most {MAX_EFFECT_DEPTH} levels deep")
        return
    if isinstance(form, Sequence):
        if not form.steps:
            problems.append(f"{path}.steps: a sequence needs at least one step")
        for i, step in enumerate(form.steps):
            _check_form(edition, step, f"{path}.steps[{i}]", depth + 1, problems)
    elif isinstance(form, Choice):
        if len(form.options) < 2:
            problems.append(f"{path}.options: a choice needs at least two options")
        for i, option in enumerate(form.options):
            _check_form(edition, option, f"{path}.options[{i}]", depth + 1, problems)
    elif isinstance(form, May | Repeat | Target):
        if isinstance(form, Repeat) and form.count is not None:
            count = form.count
            if (count.of == "badges") != (count.badge is not None):
                problems.append(f"{path}.count.badge: names the badge counted, and only when counting badges")
            if count.zone is not None and count.of != "tokens":
                problems.append(f"{path}.count.zone: only tokens are counted in a zone")
            if count.generation is not None and count.of != "cards":
                problems.append(f"{path}.count.generation: only cards have a generation")
            if count.family is not None and count.of not in ("tokens", "cards"):
                problems.append(f"{path}.count.family: only tokens and cards have a species")
        _check_form(edition, form.effect, f"{path}.effect", depth + 1, problems)
    elif isinstance(form, MoveTokens):
        if form.src == form.dst and form.src not in ("circle", "map"):
            problems.append(f"{path}: a token move needs two different zones")
        if form.dst_index is not None:
            size = {"circle": len(edition.circle), "map": len(edition.map)}.get(form.dst)
            if size is None or form.dst_index >= size:
                problems.append(f"{path}.dst_index: not a space of the {form.dst}")
            elif form.dst == "map" and form.family is not None and edition.map[form.dst_index].family != form.family:
                problems.append(f"{path}.dst_index: map space {form.dst_index} is not a {form.family} space")
