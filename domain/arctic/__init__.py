"""Arctic (Ludonaute, 2024): the pure rules engine.

The service uses one object, :data:`RULES`, satisfying :class:`domain.game.GameRules`. See
``domain/arctic/README.md`` for the module layout, moves, events and violation codes.

``RULES`` starts games under the rules version ``arctic-2``, whose decisions (where the sources are
silent) are ``decisions.DEFAULT``; a game started under another pinned version (``arctic-1``) keeps
being decided by that version's decisions (``BY_RULES_VERSION``, read from the state's
``rules_version``). ``ArcticRules(decisions, rules_version=...)`` plays another set of decisions; a
different set is a different rules version (a pinned version is refused for it).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from domain.game import GameRules, Language, Perspective, PlayerResult, seat_of

from . import state as _st
from .decisions import BY_RULES_VERSION, DEFAULT, Decisions
from .describe import describe as _describe
from .events import Event, GameStarted, TurnStarted
from .evolve import evolve as _evolve
from .evolve import fold as _fold
from .legal import legal_moves as _legal_moves
from .moves import ArcticMove, Move
from .rules import alternatives as _alternatives
from .rules import decide as _decide
from .rules import decide_and_evolve as _decide_and_evolve
from .scoring import public_results as _public_results
from .scoring import results as _results
from .scoring import score as _score
from .setup import RULES_VERSION, Setup
from .setup import start as _start
from .state import GameState
from .view import ArcticView
from .view import redact_event as _redact
from .view import view as _view


class ArcticRules:
    kind: ClassVar[str] = "arctic"
    setup_type = Setup
    move_type = Move
    event_type = Event

    def __init__(self, decisions: Decisions = DEFAULT, rules_version: str = RULES_VERSION) -> None:
        pinned = BY_RULES_VERSION.get(rules_version)
        if pinned is not None and pinned != decisions:
            raise ValueError(f"rules version {rules_version!r} means its own decisions: name a new rules version")
        self.decisions = decisions
        self.rules_version = rules_version
        # a game's own rules version decides its moves (an arctic-1 game stays arctic-1)
        self._pinned = {**BY_RULES_VERSION, rules_version: decisions}

    def rules_versions(self) -> tuple[str, ...]:
        """The rules versions this object plays: games started (or imported) under any of them."""
        return tuple(self._pinned)

    def for_version(self, rules_version: str) -> ArcticRules:
        """The rules that start new games under ``rules_version`` (one of ``rules_versions``)."""
        if rules_version == self.rules_version:
            return self
        return ArcticRules(self._pinned[rules_version], rules_version=rules_version)

    def decisions_of(self, state: GameState) -> Decisions:
        """The decisions of the rules version ``state``'s game was started under."""
        if state.rules_version == self.rules_version or not state.rules_version:
            return self.decisions
        return self._pinned.get(state.rules_version, self.decisions)

    def start(self, setup: Setup) -> list[Event]:
        return list(_start(setup, rules_version=self.rules_version))

    def initial_state(self) -> GameState:
        return GameState()

    def decide(self, state: GameState, move: Move) -> list[Event]:
        return _decide(state, move, self.decisions_of(state))

    def decide_and_evolve(self, state: GameState, move: Move) -> tuple[list[Event], GameState]:
        """``decide`` and the state its events lead to (what folding them onto ``state`` gives)."""
        return _decide_and_evolve(state, move, self.decisions_of(state))

    # evolve, fold, score and view take ``self.decisions``: the pinned versions differ only in what
    # ``decide`` does (``moose_b_shortfall``), never in what an event does to the state.
    def evolve(self, state: GameState, event: Event) -> GameState:
        return _evolve(state, event, self.decisions)

    def fold(self, events: Iterable[Event], state: GameState | None = None) -> GameState:
        return _fold(events, state, self.decisions)

    def is_finished(self, state: GameState) -> bool:
        return state.phase == _st.FINISHED

    def players(self, state: GameState) -> Sequence[str]:
        return list(state.names)

    def score(self, state: GameState) -> list[Any]:
        """Per-seat ``SeatScore`` (runs per animal, diversity, totem, penalty, total, rank)."""
        return _score(state, self.decisions) if state.names else []

    def results(self, state: GameState) -> list[PlayerResult]:
        return _results(state, self.decisions) if state.names else []

    def public_results(self, state: GameState) -> list[PlayerResult]:
        return _public_results(state, self.decisions) if state.names else []

    def view(self, state: GameState, perspective: Perspective) -> ArcticView:
        return _view(state, perspective, self.decisions)

    def legal_moves(self, state: GameState) -> list[Move]:
        return _legal_moves(state, self.decisions_of(state))

    def table_moves(self, state: GameState) -> list[Any]:
        """What the table can do next: the legal moves, grouped in the table's terms in public mode
        (``table.TableChoice``: "place any unseen card from hand" rather than one move per card)."""
        return _alternatives(state, self.decisions_of(state))

    def actor(self, event: Event) -> int | None:
        return seat_of(event)

    def describe(
        self, event: Event, lang: Language = "en", players: Sequence[str] = (), state: GameState | None = None
    ) -> str:
        return _describe(event, lang, players, state)

    def is_turn_start(self, event: Event) -> bool:
        return isinstance(event, TurnStarted)

    def turn_of(self, state: GameState) -> int | None:
        return None if state.phase in _OUTSIDE_TURNS or not state.names else state.active

    def phase(self, state: GameState) -> str:
        return state.phase

    def redact_event(self, event: Event, perspective: Perspective, state: GameState | None) -> Event:
        return _redact(event, perspective, state, self.decisions)


# the totem reveals of a public game wait on the table, not on one seat
_OUTSIDE_TURNS = frozenset({_st.SETUP, _st.TOTEMS, _st.FINISHED})

RULES = ArcticRules()
# mypy checks here that the class keeps the contract with the game's own types (no runtime cost)
_CONTRACT: GameRules[GameState, Move, Event] = RULES

__all__ = ["DEFAULT", "RULES", "ArcticMove", "ArcticRules", "Decisions", "GameStarted", "GameState", "Setup"]
