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
from typing import Any

import msgspec

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

    def add(self, value: Any) -> None:
        self._walk(msgspec.to_builtins(value))

    def _walk(self, value: Any) -> None:
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
                if item is not None:
                    self.pairs.add((str(key), _encode(item)))
                self._walk(item)
        elif isinstance(value, list | tuple):
            self.runs.update(int_runs(value))
            for item in value:
                self._walk(item)

    def update(self, other: Material) -> None:
        self.strings |= other.strings
        self.numbers |= other.numbers
        self.pairs |= other.pairs
        self.runs |= other.runs

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
    (``"spectator"``) and from each seat (``"seat:N"``)."""
    state = rules.initial_state()
    omni = Material()
    seen: dict[str, Material] = {}
    out: dict[int, dict[str, Material]] = {}
    for version, event in enumerate(events, start=1):
        state = rules.evolve(state, event)
        if not seen:
            labels = ["spectator", *(f"seat:{n}" for n in range(len(rules.players(state))))]
            seen = {label: Material() for label in labels}
            # A view names its perspective: the word "omniscient" is no secret.
            for material in seen.values():
                material.add([{"perspective": label} for label in [*labels, "omniscient"]])
        omni.add(rules.view(state, OMNISCIENT))
        # wrapped as the API serves it, so that a whole event shown in clear is found as a member
        omni.add({"event": rules.redact_event(event, OMNISCIENT, state)})
        omni.add(rules.results(state))
        for label, material in seen.items():
            perspective = Perspective.parse(label)
            material.add(rules.view(state, perspective))
            material.add({"event": rules.redact_event(event, perspective, state)})
        # The scores anyone may see (that they hide what they must is tests/domain/test_public_results.py).
        seen["spectator"].add(rules.public_results(state))
        if version in versions:
            spectator = seen["spectator"]
            out[version] = {
                label: omni.minus(material).minus(spectator) if label != "spectator" else omni.minus(spectator)
                for label, material in seen.items()
            }
    return out


def leaks(body: bytes, content_type: str, hidden: Material) -> list[str]:
    """The hidden fingerprints found in a response body (empty: nothing leaked)."""
    text = body.decode("utf-8", errors="replace")
    found = [f"string {s!r}" for s in hidden.strings if _mentions(text, s)]
    found += [f"number {n}" for n in hidden.numbers if re.search(rf"(?<![\d.]){n}(?![\d.])", text)]
    documents: list[Any] = []
    if "ndjson" in content_type:
        documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    elif "json" in content_type:
        documents = [json.loads(text)]
    seen = Material()
    for document in documents:
        seen._walk(document)
    found += [f"member {key}={value.decode()[:120]}" for key, value in hidden.pairs & seen.pairs]
    found += [f"run {run}" for run in hidden.runs & seen.runs]
    return found


def _mentions(text: str, word: str) -> bool:
    """``word`` as a whole token (card ``d1-fox-1`` is not inside ``d1-fox-12``)."""
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None
