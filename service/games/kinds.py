"""The game kinds as a client needs them (``GET /kinds``): built from the registry alone, so that a page
(the recorder's start page, the viewer, the recorder's board) never names a kind — a kind registered
with its plug-in is offered everywhere, with its setup form, vocabulary and board."""

from __future__ import annotations

import msgspec

from domain.game import Language
from domain.kinds import game, registered_games
from domain.registry import GamePlugin
from domain.setup_form import HandCards, SetupForm, Wording
from service.base.refusals import Category, Refusal

__all__ = ["Capabilities", "HandCards", "Kind", "Kinds", "Wording", "hand_cards", "kind_of", "kinds"]


class Capabilities(msgspec.Struct, frozen=True, kw_only=True):
    """What the service offers for games of the kind beyond recording and replaying them."""

    #: moves built decision by decision (``POST /games/{id}/moves/next``)
    build: bool
    #: games recorded on editions (board and card data) a club may store
    editions: bool
    #: game analysis (expected scores, judged moves)
    analysis: bool
    #: the recorder's browser engine runs the kind's rules offline (the ``domain`` package it loads holds
    #: them)
    offline: bool
    #: ``simulate`` modes, the default first
    simulations: list[str]
    #: the game on BoardGameGeek (the exports to BG Stats and BGG plays name it so); null: by title only
    bgg_id: int | None
    highest_wins: bool


class Kind(msgspec.Struct, frozen=True, kw_only=True):
    """One game kind: what a client needs to start, record and draw a game of it."""

    kind: str
    title: str
    #: how many may play, in order
    player_counts: list[int]
    setup_form: SetupForm
    #: the board's vocabulary (its plug-in's words), key -> the word in each language
    words: dict[str, Wording]
    #: the title of a group of moves by move type, as ``/legal-moves`` gives them ("{p}": the player)
    move_titles: dict[str, str]
    #: the ES module drawing the board (a URL of this service); null: the generic board
    board_module: str | None
    capabilities: Capabilities


class Kinds(msgspec.Struct, frozen=True, kw_only=True):
    """Every registered game kind, in the order they are offered."""

    kinds: list[Kind]


def _offline(plugin: GamePlugin) -> bool:
    # The browser engine is the ``domain`` package zipped (service/http/recorder/engine.py): a kind whose
    # rules live elsewhere (a test's own game) is decided on the server only.
    return type(plugin.rules).__module__.split(".")[0] == "domain"


def kind_of(plugin: GamePlugin) -> Kind:
    return Kind(
        kind=plugin.kind,
        title=plugin.title,
        player_counts=list(plugin.player_counts),
        setup_form=plugin.setup_form,
        words={key: Wording(en=en, fr=fr, es=es) for key, (en, fr, es) in plugin.words.items()},
        move_titles=dict(plugin.move_titles),
        board_module=plugin.board_module,
        capabilities=Capabilities(
            build=plugin.build is not None,
            editions=plugin.editions is not None,
            analysis=plugin.analysis is not None,
            offline=_offline(plugin),
            simulations=list(plugin.simulations),
            bgg_id=plugin.bgg_id,
            highest_wins=plugin.highest_wins,
        ),
    )


def kinds() -> Kinds:
    """The document, read from the registry now (a kind registered later counts)."""
    return Kinds(kinds=[kind_of(plugin) for plugin in registered_games()])


class NoHandCards(Refusal):
    """A game kind whose setup names no hands."""

    category = Category.NOT_FOUND
    code = "no_hand_cards"

    def __init__(self, kind: str) -> None:
        super().__init__(f"the game kind {kind!r} names no hands in its setup")


def hand_cards(kind: str, values: dict[str, str], lang: Language) -> HandCards:
    """The cards a hand of ``kind`` is dealt from, given the setup form's values so far (its edition): a
    ``hands`` field's options. An edition it does not know is refused as the setup would be (422)."""
    plugin = game(kind)
    if plugin is None or plugin.hand_cards is None:
        raise NoHandCards(kind)
    return plugin.hand_cards(values, lang)  # an unknown edition: SetupError, as the setup would be refused
