"""Arctica as a plug-in: its rules, simulator, statistics, board, editions and examples (registered by
``domain.kinds``)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.building import Candidate
from domain.game import Language
from domain.registry import GamePlugin, SimulatedGame

from . import RULES, decision_paths, editions, simulator
from .analysis import ANALYSIS
from .pages import MOVE_TITLES, SETUP_FORM, WORDS
from .state import GameState
from .statistics import STATISTICS


def _full(players: int, seed: int) -> SimulatedGame:
    return simulator.simulate(players, seed)


def _forms(players: int, seed: int) -> SimulatedGame:
    """A game on the packaged ``forms-1`` edition (effects with decisions)."""
    return simulator.simulate(players, seed, edition=editions.get("forms-1"))


def _build(state: GameState, names: Sequence[str], lang: Language = "en") -> list[Candidate]:
    return decision_paths.candidates(RULES.edition_of(state), state, names, lang)


def _start_seat(state: GameState) -> int:
    return state.start_player


GAME = GamePlugin(
    rules=RULES,
    title="Arctica",
    player_counts=(2, 3, 4, 5),
    simulations={"full": _full, "forms": _forms},
    statistics=STATISTICS,
    examples={
        "record": {
            "format": "banquise-record",
            "version": 1,
            "kind": "arctica",
            "id": "club-night/1",
            "setup": {"players": ["Aputsiaq", "Nanook", "Siku"], "seed": 7},
            "moves": [],
        },
    },
    board_module="/static/board/arctica.js",
    words=WORDS,
    editions=editions.EDITIONS,
    build=_build,
    # No BoardGameGeek id: none could be confirmed for Arctica (crowdfunded in 2026), so its exports name
    # it by title only.
    start_seat=_start_seat,
    analysis=ANALYSIS,
    setup_form=SETUP_FORM,
    move_titles=MOVE_TITLES,
    hand_cards=decision_paths.hand_cards,
)
