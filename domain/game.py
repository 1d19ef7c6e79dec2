"""The contract every game kind implements, so that the service can store, replay and serve any game.

Each game package (``domain.arctic``, ``domain.arctica``) exposes one object ``RULES`` satisfying
:class:`GameRules`, carried by the kind's plug-in (``domain/<kind>/plugin.py``, registered in
``domain/kinds.py``). Generic code reaches a game only through the registry; only the kind's own modules
in a layer (e.g. its viewer board) import its internals.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar, Literal, Protocol, TypeVar

import msgspec

Language = Literal["en", "fr", "es"]


class Perspective(msgspec.Struct, frozen=True):
    """Who is looking at a state: a spectator, one seat (0-based), or everyone (omniscient)."""

    kind: Literal["spectator", "seat", "omniscient"] = "spectator"
    seat: int | None = None

    @classmethod
    def parse(cls, text: str) -> Perspective:
        """``spectator`` | ``omniscient`` | ``seat:N``; raises ``ValueError`` otherwise."""
        if text in ("spectator", "omniscient"):
            return cls(kind=text)  # type: ignore[arg-type]
        if text.startswith("seat:") and text[5:].isdigit():
            return cls(kind="seat", seat=int(text[5:]))
        raise ValueError(f"perspective must be spectator, omniscient or seat:N, not {text!r}")


_ENCODER = msgspec.json.Encoder(order="deterministic")


def canonical_bytes(value: Any) -> bytes:
    """The canonical encoding of a state: deterministic key order, so equal states give equal bytes."""
    return _ENCODER.encode(value)


def state_hash(state: Any) -> str:
    """``sha256:<hex>`` of the canonical encoding: the replay and the engine compare these."""
    return "sha256:" + hashlib.sha256(canonical_bytes(state)).hexdigest()


# gc=False: scalars and a dict of them (no cycle); states and events hold results (see the kinds' states).
class PlayerResult(msgspec.Struct, frozen=True, gc=False):
    """One seat's final (or current) standing: total, breakdown by category, rank (1 = winner)."""

    seat: int
    player: str
    total: int
    breakdown: dict[str, int]
    rank: int


def seat_of(event: Any) -> int | None:
    """The seat an event names in its ``seat`` field, or ``None`` for the table: the ``actor`` of a
    kind whose seat-owned events all carry that field."""
    seat = getattr(event, "seat", None)
    return seat if isinstance(seat, int) else None


StateT = TypeVar("StateT")
MoveT = TypeVar("MoveT")
EventT = TypeVar("EventT")
MoveT_contra = TypeVar("MoveT_contra", contravariant=True)  # only taken, never given back


class GameRules(Protocol[StateT, MoveT, EventT]):
    """What the service needs from a game kind. Every method is pure.

    Generic in the kind's state, move and event types, so a caller holding one game's ``RULES`` keeps
    its types (``domain.arctic.RULES`` is a ``GameRules[arctic.GameState, arctic.Move, arctic.Event]``);
    a caller that only knows "some game" (the kind registry, the service) uses
    ``GameRules[Any, Any, Any]``. The type variables are invariant: the state and the events are both
    taken and given back, the moves both taken (``decide``) and listed (``legal_moves``).
    """

    kind: ClassVar[str]  # "arctic" | "arctica"
    rules_version: str  # pinned in the first event; a rules change never alters an old replay
    setup_type: type[Any]  # msgspec Struct the client sends to create a game
    move_type: Any  # tagged union of move Structs (tag field "type"), what ``MoveT`` names
    # tagged union of event Structs (tag field "type"), what ``EventT`` names; events and states are
    # declared ``gc=False`` (trees of scalars in no cycle: a server holds many, the collector skips them)
    event_type: Any

    def start(self, setup: Any) -> list[EventT]:
        """Validate a setup and return the opening events (the first carries the resolved setup:
        players, options, rules version, and every chance outcome such as the deck order).
        Raises ``RuleViolation``/``SetupError``."""
        ...

    def initial_state(self) -> StateT:
        """The state before the first event (``evolve`` of the opening event fills it)."""
        ...

    def decide(self, state: StateT, move: MoveT) -> list[EventT]:
        """Events a legal move produces, or ``RuleViolation``. Never mutates ``state``."""
        ...

    def evolve(self, state: StateT, event: EventT) -> StateT:
        """Apply one fact. Never validates, never fails on stored history, never mutates ``state``."""
        ...

    # Optional (see :class:`DecidesAndEvolves`): ``decide_and_evolve(state, move) -> (events, state)``.

    def fold(self, events: Iterable[EventT], state: StateT | None = None) -> StateT: ...

    def is_finished(self, state: StateT) -> bool: ...

    def players(self, state: StateT) -> Sequence[str]:
        """Player handles by seat."""
        ...

    def results(self, state: StateT) -> list[PlayerResult]:
        """Score breakdown per seat, ranked with the game's tie-break."""
        ...

    def public_results(self, state: StateT) -> list[PlayerResult]:
        """``results`` as a caller who may not see hidden information gets them: a finished game's
        results; for a live game only the categories built on public information, ranked on them.
        Scores polled move after move would otherwise reveal what the view hides (e.g. totems)."""
        ...

    def view(self, state: StateT, perspective: Perspective) -> Any:
        """The state as ``perspective`` may see it (a Struct or JSON-able value), hidden info removed."""
        ...

    def legal_moves(self, state: StateT) -> list[MoveT]: ...

    def actor(self, event: EventT) -> int | None:
        """The seat an event belongs to, or ``None`` for the table (setup, refills, end of round)."""
        ...

    def describe(
        self, event: EventT, lang: Language = "en", players: Sequence[str] = (), state: StateT | None = None
    ) -> str:
        """A one-line description of an event for timelines, in English, French or Spanish, as a
        spectator sees it. ``players``: the game's handles, so that seats are written by name;
        ``state``: the state after the event or a later one (a finished game's state names what the
        end reveals, e.g. totems shown before the end)."""
        ...

    def is_turn_start(self, event: EventT) -> bool:
        """True for the event that opens a turn (the timeline marks turns with it)."""
        ...

    def turn_of(self, state: StateT) -> int | None:
        """The seat whose turn it is, or ``None`` outside a turn (before the start, between rounds,
        finished). Public information: a table always knows whose turn it is."""
        ...

    def phase(self, state: StateT) -> str:
        """The decision point the game waits for, in the game's own vocabulary (public)."""
        ...

    def redact_event(self, event: EventT, perspective: Perspective, state: StateT) -> EventT:
        """The event as ``perspective`` may see it (hidden card ids removed), for public event logs."""
        ...


class DecidesAndEvolves(Protocol[StateT, MoveT_contra, EventT]):
    """Optional part of :class:`GameRules`: ``decide`` and the state its events lead to, in one call.

    A decider that validates a move's later steps on the states its own events produce already holds
    the final state; returning it spares the caller folding the same events again. The state must be
    exactly ``fold(events, state)`` (the service stores it, snapshots it and hashes it).
    """

    def decide_and_evolve(self, state: StateT, move: MoveT_contra) -> tuple[list[EventT], StateT]: ...


def decide_and_evolve(
    rules: GameRules[StateT, MoveT, EventT], state: StateT, move: MoveT
) -> tuple[list[EventT], StateT]:
    """``rules.decide_and_evolve`` when the game kind has it, else ``decide`` then ``evolve`` each event."""
    method = getattr(rules, "decide_and_evolve", None)
    if method is not None:
        result: tuple[list[EventT], StateT] = method(state, move)
        return result
    events = rules.decide(state, move)
    for event in events:
        state = rules.evolve(state, event)
    return events, state
