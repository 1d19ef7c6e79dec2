"""Arctic as a plug-in: its rules, simulator, statistics, board and examples (registered by ``domain.kinds``)."""

from __future__ import annotations

from domain.registry import GamePlugin, SimulatedGame

from . import RULES, simulator
from .statistics import STATISTICS


def _public(players: int, seed: int) -> SimulatedGame:
    """The same game recorded the way a table sees it (unknown cards, implicit powers)."""
    return simulator.to_public(simulator.simulate(players, seed), shown_at_end=True)


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
    },
    viewer_board="service.viewer.arctic:board",
)
