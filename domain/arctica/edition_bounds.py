"""What an edition may make one game cost: every number it holds within a stated limit, and the moves one
position of its games could list (``legal_moves``) within ``MAX_LISTED_ESTIMATE``.

An edition is data a club stores; a game on it then costs what its numbers say: a hand of ``hand_size``
cards each paid by discarding ``cost`` others lists ``hand x C(hand - 1, cost)`` plays (16 cards at cost 7:
102,960), a ``repeat`` of ``times`` resolves its effect that many times, an id past 63 bits does not fit
the read models' integers. The limits here are far above the published game's (``demo-1``: hands of 5 to
9, costs up to 3, one migration per effect) and far below what a server cannot answer at once.

These are checked when a club stores an edition (``service.games.editions.check``), not in the Structs'
types: an edition stored before a limit existed still decodes, and the games on it still replay. Their
``decide`` is bounded at run time as well (``rules.MAX_REPEATS``, ``legal.MAX_LISTED``).
"""

from __future__ import annotations

from collections.abc import Iterator
from math import comb
from typing import Any, NamedTuple

from .edition import (
    FAMILIES,
    Choice,
    Edition,
    Effect,
    Form,
    Gain,
    Interpretations,
    May,
    MoveTokens,
    Repeat,
    RotateWheels,
    Sequence,
    Target,
)

#: ids (cards) are JSON numbers every reader keeps exact: within 53 bits (a double's), so within 63
MAX_ID = 2**53 - 1
#: each number's limit, by the Struct field it is in
CARD = {"cost": 6, "bp": 30, "endangered": 5}
EFFECT = {"flora": 10, "flora_cost": 10, "cards": 5, "bp": 30, "migrations": 3}
SETUP = {"hand_size": 12, "flora": 20}
RULES = {"hand_limit": 12}
REPEAT = {"times": 10}
COUNT = {"per": 100, "max": 20}
MOVE_TOKENS = {"count": 12}
ROTATE = {"times": 4}
EDITION = {"short_slots": 12, "long_slots": 12}
CIRCLE_ICE = 6  # ice tiles are numbered 1-6 (tile n melts at the end of round n; 6 is the trading tile)
REWARD = 30  # a round card's points for one rank
#: how many items a list may hold, by its path's last name
LENGTHS = {
    "action_wheels": 12,
    "action_spaces": 24,
    "circle": 48,
    "map": 96,
    "connections": 384,
    "round_cards": 16,
    "rewards": 5,
    "generation_cards": 20,
    "starting_cards": 8,
    "badges": 8,
    "requires": 8,
    "steps": 12,
    "options": 8,
    "flee_spaces": 48,
}
#: free text, by its path's last name: at most this many characters
TEXTS = {"label": 200, "notice": 2000, "name": 80, "badge": 40}
#: the legal moves one position may list, as ``estimate`` counts them (the families a hand and a map
#: multiply: a Fauna card with each set of discards, a colony with each set of free spaces)
MAX_LISTED_ESTIMATE = 10_000
#: a player's animal tokens of one species (``state.PlayerState.supply``): the most one colony places
TOKENS_PER_SPECIES = 6


class Exceeded(NamedTuple):
    """A number (or a list, or the estimate) past its limit: its JSON path, the limit, what it is."""

    path: str
    limit: int
    detail: str


def exceeded(edition: Edition) -> list[Exceeded]:
    """Every number and list of ``edition`` past its limit, then the listed moves' estimate past its."""
    found = list(_numbers(edition))
    if not found:
        listed, why = estimate(edition)
        if listed > MAX_LISTED_ESTIMATE:
            found.append(
                Exceeded(
                    "$",
                    MAX_LISTED_ESTIMATE,
                    f"a position of a game on this edition could list {listed} legal moves ({why}); at most "
                    f"{MAX_LISTED_ESTIMATE}: lower hand sizes, costs or a species' map spaces",
                )
            )
    return found


def estimate(edition: Edition) -> tuple[int, str]:
    """The most moves one position could list in the families an edition's numbers multiply, and which:
    every Fauna card of a hand at its largest (``hand_size`` dealt, ``hand_limit`` drawn to) with every set
    of ``cost`` discards among the others (and every sequence of the migrations its flash grants), and
    every colony of one species (up to ``TOKENS_PER_SPECIES``
    tokens on any set of its free map spaces). A hand that effects fill past ``hand_limit`` (when
    ``hand_limit_all_draws`` is off) can list more: ``legal.MAX_LISTED`` refuses such a position at run
    time."""
    rules = edition.rules or Interpretations()
    hand = max(edition.setup.hand_size, rules.hand_limit)
    cost = max((c.cost for c in (*edition.cards, *edition.generation_cards)), default=0)
    # A flash granting migrations lists each play once per sequence of steps of the seat's circle tokens
    # (counted at those it starts with: tokens that flee there later can list more, refused at run time).
    steps = max((c.flash.migrations for c in edition.cards if c.flash is not None), default=0)
    tokens = max(len(edition.setup.circle_tokens), 1)
    fauna = hand * comb(max(hand - 1, 0), cost) * sum(tokens**k for k in range(steps + 1))
    spaces = max((sum(1 for m in edition.map if m.family == family) for family in FAMILIES), default=0)
    colony = sum(comb(spaces, k) for k in range(1, min(spaces, TOKENS_PER_SPECIES) + 1))
    why = (
        f"{fauna} Fauna plays of a hand of {hand} at cost {cost} with {steps} granted migrations, "
        f"{colony} colonies of {spaces} spaces"
    )
    return fauna + colony, why


def texts(edition: Edition) -> Iterator[tuple[str, str, int]]:
    """Every free text of ``edition`` with its JSON path and its length limit."""
    yield "$.label", edition.label, TEXTS["label"]
    yield "$.notice", edition.notice, TEXTS["notice"]
    for name, cards in (("cards", edition.cards), ("generation_cards", edition.generation_cards)):
        for i, card in enumerate(cards):
            yield f"$.{name}[{i}].name", card.name, TEXTS["name"]
            for field in ("badges", "requires"):
                for j, badge in enumerate(getattr(card, field)):
                    yield f"$.{name}[{i}].{field}[{j}]", badge, TEXTS["badge"]
    for r, region in enumerate(edition.regions):
        yield f"$.regions[{r}].name", region.name, TEXTS["name"]
        for s, sub in enumerate(region.subregions):
            yield f"$.regions[{r}].subregions[{s}].name", sub.name, TEXTS["name"]
    for i, rc in enumerate(edition.round_cards):
        yield f"$.round_cards[{i}].name", rc.name, TEXTS["name"]
    yield "$.final_round_card.name", edition.final_round_card.name, TEXTS["name"]
    for path, form in _forms(edition):
        if isinstance(form, Repeat) and form.count is not None and form.count.badge is not None:
            yield f"{path}.count.badge", form.count.badge, TEXTS["badge"]


def _numbers(edition: Edition) -> Iterator[Exceeded]:
    yield from _fields("$", edition, EDITION)
    yield from _lengths("$", edition)
    yield from _fields("$.setup", edition.setup, SETUP)
    yield from _lengths("$.setup", edition.setup)
    if edition.rules is not None:
        yield from _fields("$.rules", edition.rules, RULES)
    for name, cards in (("cards", edition.cards), ("generation_cards", edition.generation_cards)):
        for i, card in enumerate(cards):
            if card.id > MAX_ID:
                yield Exceeded(f"$.{name}[{i}].id", MAX_ID, f"a card id is at most {MAX_ID} (53 bits), not {card.id}")
            yield from _fields(f"$.{name}[{i}]", card, CARD)
            yield from _lengths(f"$.{name}[{i}]", card)
    for i, pair in enumerate(edition.setup.starting_cards):
        for j, card_id in enumerate(pair):
            if card_id > MAX_ID:
                yield Exceeded(f"$.setup.starting_cards[{i}][{j}]", MAX_ID, f"a card id is at most {MAX_ID}")
    for i, space in enumerate(edition.circle):
        if space.ice is not None and space.ice > CIRCLE_ICE:
            yield Exceeded(f"$.circle[{i}].ice", CIRCLE_ICE, f"ice tiles are numbered 1 to {CIRCLE_ICE}")
    for r, region in enumerate(edition.regions):
        for s, sub in enumerate(region.subregions):
            yield from _lengths(f"$.regions[{r}].subregions[{s}]", sub)
    round_cards = [(f"$.round_cards[{i}]", rc) for i, rc in enumerate(edition.round_cards)]
    for where, round_card in [*round_cards, ("$.final_round_card", edition.final_round_card)]:
        yield from _lengths(where, round_card)
        for k, points in enumerate(round_card.rewards or ()):
            if points > REWARD:
                yield Exceeded(f"{where}.rewards[{k}]", REWARD, f"a round card scores at most {REWARD} per rank")
    for path, effect in _effects(edition):
        yield from _fields(path, effect, EFFECT)
    for path, form in _forms(edition):
        yield from _form(path, form)


def _form(path: str, form: Form) -> Iterator[Exceeded]:
    if isinstance(form, Gain):
        yield from _fields(path, form, EFFECT)
    elif isinstance(form, Repeat):
        yield from _fields(path, form, REPEAT)
        if form.count is not None:
            yield from _fields(f"{path}.count", form.count, COUNT)
    elif isinstance(form, MoveTokens):
        yield from _fields(path, form, MOVE_TOKENS)
    elif isinstance(form, RotateWheels):
        yield from _fields(path, form, ROTATE)
    yield from _lengths(path, form)


def _fields(path: str, struct: Any, limits: dict[str, int]) -> Iterator[Exceeded]:
    for field, limit in limits.items():
        value = getattr(struct, field)
        if isinstance(value, int) and value > limit:
            yield Exceeded(f"{path}.{field}", limit, f"{field} is at most {limit}, not {value}")


def _lengths(path: str, struct: Any) -> Iterator[Exceeded]:
    for field in getattr(struct, "__struct_fields__", ()):
        limit = LENGTHS.get(field)
        value = getattr(struct, field)
        if limit is not None and isinstance(value, tuple) and len(value) > limit:
            yield Exceeded(f"{path}.{field}", limit, f"{field} holds at most {limit} items, not {len(value)}")


def _effects(edition: Edition) -> Iterator[tuple[str, Effect]]:
    for name, cards in (("cards", edition.cards), ("generation_cards", edition.generation_cards)):
        for i, card in enumerate(cards):
            for field in ("flash", "ability"):
                effect = getattr(card, field)
                if effect is not None:
                    yield f"$.{name}[{i}].{field}", effect
    for i, space in enumerate(edition.circle):
        if space.bonus is not None:
            yield f"$.circle[{i}].bonus", space.bonus
    for i, ms in enumerate(edition.map):
        if ms.effect is not None:
            yield f"$.map[{i}].effect", ms.effect
    for i, conn in enumerate(edition.connections):
        if conn.bonus is not None:
            yield f"$.connections[{i}].bonus", conn.bonus


def _forms(edition: Edition) -> Iterator[tuple[str, Form]]:
    """Every composable form of every effect, with its path (the nesting is bounded by validation)."""
    for path, effect in _effects(edition):
        if effect.then is not None:
            yield from _walk(f"{path}.then", effect.then, 0)


def _walk(path: str, form: Form, depth: int) -> Iterator[tuple[str, Form]]:
    yield path, form
    if depth > 16:  # deeper is refused by ``validate_edition`` (MAX_EFFECT_DEPTH); never walked past
        return
    if isinstance(form, Sequence):
        for i, step in enumerate(form.steps):
            yield from _walk(f"{path}.steps[{i}]", step, depth + 1)
    elif isinstance(form, Choice):
        for i, option in enumerate(form.options):
            yield from _walk(f"{path}.options[{i}]", option, depth + 1)
    elif isinstance(form, May | Repeat | Target):
        yield from _walk(f"{path}.effect", form.effect, depth + 1)
