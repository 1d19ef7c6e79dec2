"""Arctica (This Way! Editions, 2025-26): the pure rules engine.

The service uses one object, :data:`RULES`, satisfying :class:`domain.game.GameRules`. Published
board and card data are not public: the engine reads them from a versioned *edition*
(``domain/arctica/editions/``); the shipped ``demo-1`` edition is invented data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from domain.game import GameRules, Language, Perspective, PlayerResult, seat_of

from . import editions
from .describe import describe as _describe
from .edition import Edition
from .events import ActionPerformed, Event, GameStarted, PawnPlaced
from .evolve import active_seat
from .evolve import evolve as _evolve
from .legal import legal_moves
from .moves import Move
from .rules import decide, decide_and_evolve
from .scoring import results as _results
from .setup import RULES_VERSION, Setup, start
from .state import GameState
from .view import redact_event as _redact
from .view import view as _view


class ArcticaRules:
    kind: ClassVar[str] = "arctica"
    rules_version = RULES_VERSION
    setup_type = Setup
    move_type = Move
    event_type = Event

    @staticmethod
    def edition_of(state: GameState) -> Edition:
        return editions.get(state.edition_id, state.edition_version)

    def start(self, setup: Setup) -> list[Event]:
        return list(start(editions.get(setup.edition, setup.edition_version), setup))

    def initial_state(self) -> GameState:
        return GameState()

    def decide(self, state: GameState, move: Move) -> list[Event]:
        if state.phase == "setup":
            return list(decide(editions.demo(), state, move))
        return list(decide(self.edition_of(state), state, move))

    def decide_and_evolve(self, state: GameState, move: Move) -> tuple[list[Event], GameState]:
        """``decide`` and the state its events lead to (what folding them onto ``state`` gives)."""
        edition = editions.demo() if state.phase == "setup" else self.edition_of(state)
        events, after = decide_and_evolve(edition, state, move)
        return list(events), after

    def evolve(self, state: GameState, event: Event) -> GameState:
        return _evolve(state, event)

    def fold(self, events: Iterable[Event], state: GameState | None = None) -> GameState:
        folded = GameState() if state is None else state
        for event in events:
            folded = _evolve(folded, event)
        return folded

    def is_finished(self, state: GameState) -> bool:
        return state.phase == "finished"

    def players(self, state: GameState) -> Sequence[str]:
        return [player.name for player in state.players]

    def results(self, state: GameState) -> list[PlayerResult]:
        if state.results:
            return list(state.results)
        if not state.players:
            return []
        return _results(self.edition_of(state), state)

    def public_results(self, state: GameState) -> list[PlayerResult]:
        # Every category counts what lies on the boards (tokens, Flora, ecosystem cards) or was
        # scored in the open: nothing in a hand or the deck scores, so live scores hide nothing.
        return self.results(state)

    def view(self, state: GameState, perspective: Perspective) -> Any:
        return _view(state, perspective)

    def legal_moves(self, state: GameState) -> list[Move]:
        if state.phase in ("setup", "finished"):
            return []
        return legal_moves(self.edition_of(state), state)

    def actor(self, event: Event) -> int | None:
        return seat_of(event)

    def describe(
        self, event: Event, lang: Language = "en", players: Sequence[str] = (), state: GameState | None = None
    ) -> str:
        edition = self.edition_of(state) if state is not None and state.edition_id else None
        return _describe(event, lang, players, edition)

    def is_turn_start(self, event: Event) -> bool:
        return isinstance(event, PawnPlaced)

    def turn_of(self, state: GameState) -> int | None:
        # the other seats' single choices belong to the active player's turn
        return active_seat(state) if state.phase in ("select", "actions") else None

    def phase(self, state: GameState) -> str:
        return state.phase

    def redact_event(self, event: Event, perspective: Perspective, state: GameState | None) -> Event:
        return _redact(event, perspective, state)


RULES = ArcticaRules()
# mypy checks here that the class keeps the contract with the game's own types (no runtime cost)
_CONTRACT: GameRules[GameState, Move, Event] = RULES

__all__ = ["RULES", "ActionPerformed", "ArcticaRules", "GameStarted", "Setup"]
