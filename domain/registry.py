"""The game kinds as plug-ins: one object per kind carrying all the service needs of it, registered once.

As OpenSpiel's ``register_game``: each ``domain/<kind>/plugin.py`` builds its :class:`GamePlugin`
(``GAME``) and ``domain/kinds.py`` registers the built-in ones. Generic code (the store, the read
models, the viewer, ``simulate``, the contract harness, the bench, the OpenAPI examples) iterates over
:func:`registered_games` or looks one up with :func:`game`; it never names a kind.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.analysis.contract import Analysable
from domain.building import MoveBuilder
from domain.editions import Editions
from domain.game import GameRules, Language
from domain.setup_form import HandCards, SetupForm
from domain.statistics import Statistics


class SimulatedGame(Protocol):
    """What every kind's simulator returns: the setup, the moves played and the events recorded."""

    @property
    def setup(self) -> Any: ...
    @property
    def moves(self) -> list[Any]: ...
    @property
    def events(self) -> list[Any]: ...


# ``simulate(players, seed)``: a complete legal game, the same for the same arguments.
Simulator = Callable[[int, int], SimulatedGame]


@dataclass(frozen=True)
class GamePlugin:
    """One game kind, whole: its rules and everything the layers above need of it."""

    rules: GameRules[Any, Any, Any]
    title: str  # the game's name as written in a sentence ("Arctic")
    player_counts: tuple[int, ...]  # how many may play, in order
    # ``simulate`` modes: the first is the default; each is a way the same seeded game can be recorded.
    simulations: Mapping[str, Simulator]
    statistics: Statistics
    # OpenAPI request examples by body ("new_game", "move", "record", "next": the decisions of a move
    # built decision by decision): the first registered kind offering one gives the document's.
    examples: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    # The ES module that draws the board in the browser (a URL the app serves); None: a generic board.
    board_module: str | None = None
    # The board's own words (its vocabulary as the timeline writes it), key -> (en, fr, es): the viewer
    # hands them to the board module with its own.
    words: Mapping[str, tuple[str, str, str]] = field(default_factory=dict)
    # The editions (board and card data) its games are recorded on, packaged or stored by a club
    # (``domain/editions.py``); None: the kind has none.
    editions: Editions | None = None
    # Moves built decision by decision (``domain/building.py``): ``(state, names) -> candidates``, every
    # move the kind lists with its path in the table's words; None: the kind offers none.
    build: MoveBuilder | None = None
    # The game on BoardGameGeek (the exports to BG Stats and BGG plays name it so): its id there, None
    # when it has none (the exports then name it by its title only), and whether the highest score wins.
    bgg_id: int | None = None
    highest_wins: bool = True
    # The seat that played first, read from any state of a game (its opening is kept in it); None: the
    # kind does not say, and the exports mark no start player.
    start_seat: Callable[[Any], int] | None = None
    # What analysis needs (``domain/analysis/contract.py``): sampling the hidden information for a
    # perspective, the rollout policy, whose decision a move is; None: the kind offers no analysis.
    analysis: Analysable | None = None
    # What a client asks to start a game (``domain/setup_form.py``): the recorder's start page is built
    # from it. The default asks the players only.
    setup_form: SetupForm = field(default_factory=SetupForm)
    # The title of a group of moves as the table says it, by move type ("{p} places a card"; "{p}" is
    # the player's name, "The table" for a move of no seat): ``GET /games/{id}/legal-moves`` groups.
    move_titles: Mapping[str, str] = field(default_factory=dict)
    # The cards a hand may be dealt, for a setup form's ``hands`` field: ``(the form's values so far (an
    # edition), language) -> HandCards``; None: the kind's forms name no hands.
    hand_cards: Callable[[Mapping[str, str], Language], HandCards] | None = None

    @property
    def kind(self) -> str:
        return self.rules.kind

    def __post_init__(self) -> None:
        if not self.simulations:
            raise ValueError(f"game kind {self.kind!r} has no simulator")
        if not self.player_counts:
            raise ValueError(f"game kind {self.kind!r} has no player count")


class AlreadyRegistered(ValueError):
    pass


_GAMES: dict[str, GamePlugin] = {}


def register_game(plugin: GamePlugin) -> GamePlugin:
    """Register a game kind (once: a second kind of the same name is refused). Returns it."""
    if plugin.kind in _GAMES:
        if _GAMES[plugin.kind] is plugin:
            return plugin
        raise AlreadyRegistered(f"a game kind {plugin.kind!r} is already registered")
    _GAMES[plugin.kind] = plugin
    return plugin


def unregister_game(kind: str) -> None:
    _GAMES.pop(kind, None)


@contextmanager
def registration(plugin: GamePlugin) -> Iterator[GamePlugin]:
    """The kind registered for the ``with`` block only (a test's own game must not leak to others)."""
    register_game(plugin)
    try:
        yield plugin
    finally:
        unregister_game(plugin.kind)


def registered_games() -> list[GamePlugin]:
    """Every registered kind, in the order they were registered (the order they are offered in)."""
    return list(_GAMES.values())


def game(kind: str) -> GamePlugin | None:
    return _GAMES.get(kind)
