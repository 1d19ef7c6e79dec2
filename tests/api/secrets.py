"""What is hidden from whom at each moment of a game, computed from the engine itself, and a search
for any of it in a response body.

A value is *hidden* from a viewer after event ``v`` when the omniscient perspective met it (in a view
of the state after some event ``<= v``, in an event, or in the engine's full results) and the viewer
never did (in its own views and redacted events up to ``v``, or the scores it may see). What it saw at
any earlier step is history it may be shown again (a River card later taken into a hand).

Four fingerprints, because card ids are strings in Arctic and small ints in Arctica:
- strings (card ids, and dict keys, so that animal names used as keys are never "hidden"),
- large ints (seeds: the games under test use seeds above 2**32),
- (key, value) pairs of every object member (a totem, a hand, an event plan, round cards, a totem's
  points in a breakdown: a response holding the same member with the same value shows it),
- runs of 2-3 consecutive ints taken from int lists, with one of them >= 10 (Arctica hands and deck
  order: a list of small counts is not a fingerprint).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import msgspec

from domain.arctic.catalogue import CARD_INDEX as ARCTIC_CARDS
from domain.arctic.describe import card_label
from domain.game import GameRules, Perspective

BIG = 2**32
_encode = msgspec.json.Encoder(order="deterministic").encode


@dataclass
class Material:
    """Every fingerprint found in some JSON-able values."""

    strings: set[str] = field(default_factory=set)
    numbers: set[int] = field(default_factory=set)
    pairs: set[tuple[str, bytes]] = field(default_factory=set)
    runs: set[tuple[int, ...]] = field(default_factory=set)
    listed: set[int] = field(default_factory=set)  # ints >= 10 held in lists (not a fingerprint)
    members: set[str] = field(default_factory=set)  # member names (not a fingerprint)
    # The encoded members already walked into this material: a view of the next step repeats most of
    # the last one, and walking a value again adds nothing (the sets are what they were).
    absorbed: set[tuple[bool, frozenset[str] | None, bytes]] = field(default_factory=set)

    def add(self, value: Any, *, pairs: bool = True) -> None:
        self._walk(msgspec.to_builtins(value), pairs)

    def _walk(self, value: Any, pairs: bool = True, only: frozenset[str] | None = None) -> None:
        """``only``: the member names whose pairs are kept (None: all); the others are not encoded."""
        if isinstance(value, str):
            self.strings.add(value)
        elif isinstance(value, bool) or value is None:
            return
        elif isinstance(value, int):
            if abs(value) >= BIG:
                self.numbers.add(value)
        elif isinstance(value, dict):
            for key, item in value.items():
                self.strings.add(str(key))
                self.members.add(str(key))
                if item is not None and pairs and (only is None or str(key) in only):
                    encoded = _encode(item)
                    self.pairs.add((str(key), encoded))
                    if isinstance(item, dict | list) and (pairs, only, encoded) in self.absorbed:
                        continue
                    self._walk(item, pairs, only)
                    if isinstance(item, dict | list):
                        self.absorbed.add((pairs, only, encoded))
                    continue
                self._walk(item, pairs, only)
        elif isinstance(value, list | tuple):
            self.runs.update(int_runs(value))
            self.listed.update(v for v in value if isinstance(v, int) and not isinstance(v, bool) and v >= 10)
            for item in value:
                self._walk(item, pairs, only)

    def add_shape(self, value: Any) -> None:
        """Only the vocabulary of ``value``: its member names and event type tags, not its values."""
        value = msgspec.to_builtins(value)
        if isinstance(value, dict):
            for key, item in value.items():
                self.strings.add(str(key))
                if key == "type" and isinstance(item, str):
                    self.strings.add(item)
                self.add_shape(item)
        elif isinstance(value, list | tuple):
            for item in value:
                self.add_shape(item)

    def update(self, other: Material) -> None:
        self.strings |= other.strings
        self.numbers |= other.numbers
        self.pairs |= other.pairs
        self.runs |= other.runs
        self.listed |= other.listed
        self.members |= other.members
        self.absorbed |= other.absorbed

    def minus(self, seen: Material) -> Material:
        return Material(
            self.strings - seen.strings,
            self.numbers - seen.numbers,
            self.pairs - seen.pairs,
            self.runs - seen.runs,
        )

    def copy(self) -> Material:
        out = Material()
        out.update(self)
        return out


def int_runs(values: Any) -> Iterator[tuple[int, ...]]:
    ints = [v if isinstance(v, int) and not isinstance(v, bool) else None for v in values]
    for size in (2, 3):
        for i in range(len(ints) - size + 1):
            window = ints[i : i + size]
            if all(v is not None for v in window) and any(v >= 10 for v in window if v is not None):
                yield tuple(v for v in window if v is not None)


OMNISCIENT = Perspective(kind="omniscient")
SPECTATOR = Perspective()


def hidden_by_version(rules: GameRules, events: list[Any], versions: set[int]) -> dict[int, dict[str, Material]]:
    """For each version in ``versions``: what is hidden after that many events from the spectator
    (``"spectator"``) and from each seat (``"seat:N"``).

    What a viewer may see is defined by its *views* and the public scores; the omniscient events add
    their values to what could be hidden. Of the viewer's own events, the opening one (the setup)
    adds only the members its views show all of (so a seed, dealt hands, a deck order or round cards
    left in it are found); later ones add what the engine's redaction leaves them.
    """
    state = rules.initial_state()
    omni_views, omni_events = Material(), Material()
    seen: dict[str, Material] = {}
    heard: dict[str, Material] = {}  # leaves of each viewer's own events
    out: dict[int, dict[str, Material]] = {}
    for version, event in enumerate(events, start=1):
        state = rules.evolve(state, event)
        if not seen:
            labels = ["spectator", *(f"seat:{n}" for n in range(len(rules.players(state))))]
            seen = {label: Material() for label in labels}
            heard = {label: Material() for label in labels}
            # A view names its perspective: the word "omniscient" is no secret.
            for material in seen.values():
                material.add([{"perspective": label} for label in [*labels, "omniscient"]])
        omni_views.add(rules.view(state, OMNISCIENT))
        omni_views.add(rules.results(state))
        omni_events.add({"event": rules.redact_event(event, OMNISCIENT, state)})
        for label, material in seen.items():
            perspective = Perspective.parse(label)
            material.add(rules.view(state, perspective))
            own = rules.redact_event(event, perspective, state)
            material.add_shape({"event": own})
            if version > 1:
                # Later events may tell what no view shows (a card discarded face up into a penalty
                # zone): what the engine's redaction leaves a viewer is public (its rules are the
                # domain tests'; here, that every route applies it). A seed is never public.
                told = Material()
                told.add({"event": own})
                told.numbers.clear()
                heard[label].update(told)
            else:
                # The opening event is the setup: a member of it is public when the viewer's views
                # show all it holds (the players, the power sides), not the seed, hands or deck order.
                opening = msgspec.to_builtins(own)
                public = [
                    key for key, value in opening.items() if key in PUBLIC_OPENING or _shown(key, value, material)
                ]
                for key in public:
                    heard[label].add({key: opening[key]})
                if len(public) == len(opening):
                    heard[label].add({"event": opening})
        # The scores anyone may see (that they hide what they must is tests/domain/test_public_results.py).
        seen["spectator"].add(rules.public_results(state))
        if version in versions:
            omni = omni_views.copy()
            omni.update(omni_events)
            out[version] = {}
            for label, material in seen.items():
                hidden = omni.minus(material).minus(seen["spectator"]).minus(heard[label])
                out[version][label] = hidden
    return out


# Opening members public by contract though no view repeats them: an Arctica edition's fingerprint is
# listed by GET /editions for anyone.
PUBLIC_OPENING = frozenset({"edition_sha256"})


def _shown(key: str, value: Any, views: Material) -> bool:
    """Whether the views show the opening member ``key``: the same member with the same value when
    the views have one and it holds no text (round cards: ``[4, null, null]`` is not ``[4, 1, 2]``),
    else every string, large number and listed int (a card) of ``value``."""
    held = Material()
    held.add(value, pairs=False)
    if key in views.members and not held.strings:
        return (key, _encode(value)) in views.pairs
    return not (held.strings - views.strings or held.numbers - views.numbers or held.listed - views.listed)


def leaks(body: bytes, content_type: str, hidden: Material) -> list[str]:
    """The hidden fingerprints found in a response body (empty: nothing leaked)."""
    text = body.decode("utf-8", errors="replace")
    # A plain substring test first: most hidden values are in no body, and it is far cheaper than the
    # token search (the leak tests make thousands of requests, each searched for hundreds of values).
    found = [f"string {s!r}" for s in hidden.strings if s in text and _mentions(text, s)]
    # The timeline writes an Arctic card by its label ("a fox card 1-3" for d1-fox-3), not its id.
    found += [
        f"card label {label!r}" for s in hidden.strings if s in ARCTIC_CARDS for label in _labels(s) if label in text
    ]
    found += [f"number {n}" for n in hidden.numbers if str(n) in text and re.search(rf"(?<![\d.]){n}(?![\d.])", text)]
    documents: list[Any] = []
    if "ndjson" in content_type:
        documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    elif "json" in content_type:
        documents = [json.loads(text)]
    seen = Material()
    # Only the members a hidden pair could match are encoded (each member's value, at every depth).
    names = frozenset(key for key, _ in hidden.pairs)
    for document in documents:
        seen._walk(document, only=names)
    found += [f"member {key}={value.decode()[:120]}" for key, value in hidden.pairs & seen.pairs]
    found += [f"run {run}" for run in hidden.runs & seen.runs]
    return found


@cache
def _labels(card: str) -> frozenset[str]:
    return frozenset(card_label(card, lang) for lang in ("en", "fr", "es"))


def _mentions(text: str, word: str) -> bool:
    """``word`` as a whole token (card ``d1-fox-1`` is not inside ``d1-fox-12``)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None
