"""Whom the table waits for (issue #45): at every step of several games of both kinds and every way of
recording them, the view's players to play (``to_play``, and ``table_to_play`` for the table's own
decisions) are exactly the seats of the builder's next decision — the recorder's question and the
board's status line never disagree (the board named seats 1, 3 and 4 where only the third answered, a
player at a round card's reveal, the active player while another paid an endangered upkeep)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from domain.arctic import simulator as arctic
from domain.arctica import simulator as arctica
from domain.building import next_decision
from domain.game import Perspective
from domain.kinds import game

SPECTATOR = Perspective()


def _recorded(kind: str, setup: Any, moves: list[Any]) -> Iterator[Any]:
    """Every state a game passes through between its moves, and its last."""
    rules = game(kind).rules  # type: ignore[union-attr]
    state = rules.fold(rules.start(setup))
    for move in moves:
        yield state
        _, state = rules.decide_and_evolve(state, move)
    yield state


def _arctica(record: Callable[[Any], tuple[Any, list[Any]]], players: int, seed: int) -> Callable[[], Iterator[Any]]:
    return lambda: _recorded("arctica", *record(arctica.simulate(players, seed)))


def _seeded(players: int, seed: int, edition: str = "") -> Callable[[], Iterator[Any]]:
    def states() -> Iterator[Any]:
        plugin = game("arctica")
        assert plugin is not None
        simulated = plugin.simulations[edition or "full"](players, seed)
        return _recorded("arctica", simulated.setup, simulated.moves)

    return states


def _arctic(players: int, seed: int, public: bool) -> Callable[[], Iterator[Any]]:
    def states() -> Iterator[Any]:
        simulated = arctic.simulate(players, seed)
        if public:
            simulated = arctic.to_public(simulated, shown_at_end=True)
        return _recorded("arctic", simulated.setup, simulated.moves)

    return states


GAMES = {
    "arctica-table-4": ("arctica", _arctica(arctica.table_record, 4, 0)),
    "arctica-public-3": ("arctica", _arctica(arctica.public_record, 3, 10)),
    "arctica-seeded-5": ("arctica", _seeded(5, 8)),  # a collapse in round 2
    "arctica-forms-3": ("arctica", _seeded(3, 5, "forms")),
    "arctic-full-4": ("arctic", _arctic(4, 3, public=False)),
    "arctic-public-2": ("arctic", _arctic(2, 23, public=True)),
    "arctic-public-3": ("arctic", _arctic(3, 8, public=True)),
}


@pytest.mark.parametrize("name", GAMES)
def test_the_views_players_to_play_are_the_seats_of_the_builders_next_decision(name: str) -> None:
    """Given every step of the game, when the view and the builder are asked, then the view names the
    seats the next decision belongs to, in the order offered, and the table exactly where it decides."""
    kind, states = GAMES[name]
    plugin = game(kind)
    assert plugin is not None and plugin.build is not None
    rules = plugin.rules
    phases: set[str] = set()
    steps = 0
    for state in states():
        shown = rules.view(state, SPECTATOR)
        view = shown if isinstance(shown, dict) else {"to_play": shown.to_play, "table_to_play": shown.table_to_play}
        candidates = list(plugin.build(state, rules.players(state), "en"))
        if not candidates:
            assert view["to_play"] == [] and not view["table_to_play"], (rules.phase(state), view)
            continue
        asked = next_decision(candidates, []).next
        assert asked is not None
        where = (steps, rules.phase(state), asked.prompt)
        assert view["to_play"] == asked.seats, where
        assert view["table_to_play"] == (not asked.seats), where
        phases.add(rules.phase(state))
        steps += 1
    assert steps > 100 and len(phases) >= 3, phases
    if name.startswith("arctica-") and "forms" not in name:  # the table's decisions, several players' at once
        assert phases & {"reveal", "majority", "collapse"} and {"actions", "endangered"} <= phases, phases
