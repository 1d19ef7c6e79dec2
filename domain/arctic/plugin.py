"""Arctic as a plug-in: its rules, simulator, statistics, board and examples (registered by ``domain.kinds``)."""

from __future__ import annotations

from collections.abc import Sequence

from domain.building import Candidate
from domain.game import Language
from domain.registry import GamePlugin, SimulatedGame

from . import RULES, decision_paths, simulator
from .analysis import ANALYSIS
from .pages import MOVE_TITLES, SETUP_FORM, WORDS
from .state import GameState
from .statistics import STATISTICS


def _public(players: int, seed: int) -> SimulatedGame:
    """The same game recorded the way a table sees it (unknown cards, implicit powers)."""
    return simulator.to_public(simulator.simulate(players, seed), shown_at_end=True)


def _build(state: GameState, names: Sequence[str], lang: Language = "en") -> list[Candidate]:
    return decision_paths.candidates(state, names, RULES.decisions_of(state), lang)


def _start_seat(state: GameState) -> int:
    return state.start_seat


GAME = GamePlugin(
    rules=RULES,
    title="Arctic",
    player_counts=(2, 3, 4),
    simulations={"full": simulator.simulate, "public": _public},
    statistics=STATISTICS,
    examples={
        "new_game": {
            "kind": "arctic",
            "setup": {"players": ["Aputsiaq", "Nanook"], "seed": 42},
            "tags": {"event": "Club night"},
        },
        "move": {
            "move": {"type": "PlaceCard", "seat": 0, "card": "d2-walrus-3"},
            "at": "2026-11-30T19:02:11Z",
        },
        # the README's worked example: its first move (Aputsiaq places the walrus), built in one decision
        # (placing is all Aputsiaq may do: "what" is taken without asking)
        "next": {"made": ["d2-walrus-3"]},
    },
    board_module="/static/board/arctic.js",
    words=WORDS,
    build=_build,
    bgg_id=420214,  # https://boardgamegeek.com/boardgame/420214/arctic
    start_seat=_start_seat,
    analysis=ANALYSIS,
    setup_form=SETUP_FORM,
    move_titles=MOVE_TITLES,
)
