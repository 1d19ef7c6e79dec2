"""Timeline descriptions of both games (issue 15 item 7): player names, translated vocabulary, grammar.

Property-style: every event of simulated games (both modes, both power sides for Arctic), in every
language, is written with the players' names and without what the issue found: raw identifiers
("ability", "supply → long_wheel[4]", "(flash:120)", "polar_bear"), "None", "card(s)", seat numbers.
Each event type of both games is met at least once. Then fixed examples per language.
"""

from __future__ import annotations

import re
from typing import Any, get_args

import pytest

from domain.arctic import RULES as ARCTIC
from domain.arctic import catalogue as cat
from domain.arctic import events as aev
from domain.arctic.simulator import simulate as simulate_arctic
from domain.arctica import RULES as ARCTICA
from domain.arctica import events as xev
from domain.arctica.simulator import simulate as simulate_arctica
from domain.arctica.state import Loc
from domain.game import PlayerResult

NAMES = ["Nanook", "Éloïse", "Ulla", "Aki", "Inés"]
LANGUAGES = ["en", "fr", "es"]

#: what no line may hold, in any language
_EVERYWHERE = [
    (r"\(s\)", "a plural left open"),
    (r"\bNone\b", "None"),
    (r"[{}]", "a template placeholder"),
    (r"_", "an identifier with an underscore"),
    (r"\w\[\d+\]", "a zone index"),
    (r"\b[a-z][a-z0-9]*:\d", "a raw cause"),
    (r"\b(?:[Ss]eat|[Ss]iège|[Aa]siento|[Ll]a place|[Pp]layer|[Jj]oueur|[Jj]ugador) \d", "a seat number"),
    (r"\?", "an unknown value"),
    (r"\bde el\b|\ba el\b", "an uncontracted article"),
    (r"\bde [aeiouéÉ]", "an unelided French 'de'"),
]
#: English identifiers that are no French or Spanish word
_RAW_IDS = (
    r"\b(?:ability|draw|supply|release|colony|bird|fish|invertebrate|map|circle|majority|event|endangered"
    r"|adjustment|collapse|flash|fauna|fox|moose|walrus|puffin|seat)\b"
)


def _faults(text: str, lang: str) -> list[str]:
    found = [what for pattern, what in _EVERYWHERE if re.search(pattern, text)]
    if lang == "es":  # "de" before a vowel is right in Spanish
        found = [what for what in found if what != "an unelided French 'de'"]
    if lang in ("fr", "es") and re.search(_RAW_IDS, text):
        found.append("an English identifier")
    return found


def _arctic_games() -> list[Any]:
    games = []
    for seed in range(6):
        sides = dict.fromkeys(cat.ANIMALS, "AB"[seed % 2])
        games.append(simulate_arctic(2 + seed % 3, seed, power_sides=sides))  # type: ignore[arg-type]
        games.append(simulate_arctic(2 + seed % 3, seed, mode="public", power_sides=sides))  # type: ignore[arg-type]
    return games


def _arctic_extras() -> list[Any]:
    """Events simulated games rarely or never show (recorder notes, Moose -1/+1 both ways)."""
    return [
        aev.FoxWildDeclared(seat=0, position=1, animal="orca"),
        aev.CardRevealed(seat=1, zone="hand", card="d1-fox-1"),
        aev.CardRevealed(seat=1, zone="penalty", card=None),
        aev.PileCardRevealed(seat=0, position=2, card="d2-polar_bear-1"),
        aev.TotemRevealed(seat=1, animal="polar_bear"),
        aev.PlacementValueChanged(seat=0, delta=1, placement_value=5),
        aev.PlacementValueChanged(seat=0, delta=-1, placement_value=1),
        aev.DrawValueChanged(seat=0, delta=-1, draw_value=0),
        aev.DrawValueChanged(seat=0, delta=1, draw_value=2),
        aev.PenaltyCardGiven(seat=0, to_seat=1, card=None),
        aev.PowerTaken(seat=1, animal="polar_bear", side="B", from_seat=1),
        aev.PowerTaken(seat=1, animal="orca", side="A", from_seat=0),
        aev.PlacingEnded(seat=0, placed=1, shortfall=1),
        aev.PlacingEnded(seat=0, placed=0, shortfall=3),
        aev.PuffinSwapped(seat=0, hand_card="d1-fox-1", river_slot=2, river_card="d1-orca-1"),
        aev.CardTakenFromPenalty(seat=0, card="face_down"),
        aev.RiverCardRevealed(slot=3, card="d3-walrus-2"),
        aev.FinalRoundStarted(start_seat=1),
    ]


def _arctica_extras() -> list[Any]:
    return [
        xev.ActionSkipped(seat=1, action=None),
        xev.ActionSkipped(seat=1, action="ability"),
        xev.CardsDiscarded(seat=0, cards=(3,), cause="hand_limit"),
        xev.TokenMoved(seat=0, family="marine_mammal", src=Loc("supply"), dst=Loc("long_wheel", 4), cause="flash:120"),
        xev.TokenMoved(seat=1, family="bird", src=Loc("short_wheel", 0), dst=Loc("release"), cause="ability:7"),
        xev.TokenMoved(seat=1, family="fish", src=Loc("map", 3), dst=Loc("circle", 2), cause="connection:3-4"),
        xev.CardDestroyed(seat=0, card=12, cause="endangered"),
        xev.CollapseResolved(seat=0, family="terrestrial_mammal"),
        xev.EndangeredResolved(seat=1, badges=1, paid=True, destroyed=None),
        xev.EventResolved(seat=0, saved=0, lost=2),
        xev.DeckReshuffled(cards=None, reshuffled=1),
        xev.RoundCardRevealed(round=2, card=1),
        xev.AdjustmentMade(seat=0, reason="a token the table moved by mistake"),
        xev.BiodiversityScored(seat=0, points=3, cause="majority:2"),
        xev.FloraGained(seat=0, amount=2, on_wheel=2, to_release=0, cause="a_cause_added_later:5"),
        xev.EffectTaken(seat=0, cause="flash:120"),
        xev.EffectDeclined(seat=1, cause="ability:7"),
        xev.EffectOptionChosen(seat=0, cause="connection:3-4", number=2),
        xev.EffectTargetChosen(seat=1, cause="flash:120", target=0),
        xev.GameEnded(
            results=(
                PlayerResult(seat=0, player="p1", total=10, breakdown={}, rank=1),
                PlayerResult(seat=2, player="p3", total=10, breakdown={}, rank=1),
                PlayerResult(seat=1, player="p2", total=4, breakdown={}, rank=3),
            )
        ),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arctic_every_event_reads_with_names_and_no_raw_identifier(lang: str) -> None:
    seen: set[type] = set()
    for game in _arctic_games():
        names = NAMES[: len(game.events[0].players)]
        final = ARCTIC.fold(game.events)
        for event in [*game.events, *_arctic_extras()]:
            seen.add(type(event))
            for state in (None, final):  # during the game, and in a finished game's timeline
                text = ARCTIC.describe(event, lang, names, state)  # type: ignore[arg-type]
                assert not _faults(text, lang), (event, text, _faults(text, lang))
                seat = getattr(event, "seat", getattr(event, "start_seat", None))
                if isinstance(seat, int):
                    assert names[seat] in text, (event, text)
    assert set(get_args(aev.Event)) <= seen


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arctica_every_event_reads_with_names_and_no_raw_identifier(lang: str) -> None:
    seen: set[type] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4)):
        game = simulate_arctica(players, seed)
        names = NAMES[:players]
        for event in [*game.events, *_arctica_extras()]:
            seen.add(type(event))
            text = ARCTICA.describe(event, lang, names)
            assert not _faults(text, lang), (event, text, _faults(text, lang))
            seat = getattr(event, "seat", None)
            if isinstance(seat, int):
                assert names[seat] in text, (event, text)
    assert set(get_args(xev.Event)) <= seen


ARCTIC_EXAMPLES = [
    (
        aev.PlacementValueChanged(seat=0, delta=1, placement_value=5),
        "Nanook uses Moose B: places a 5th card",
        "Nanook utilise Élan B : pose une 5e carte",
        "Nanook usa Alce B: coloca una 5.ª carta",
    ),
    (
        aev.PlacementValueChanged(seat=0, delta=-1, placement_value=1),
        "Nanook uses Moose B: places 1 card this turn",
        "Nanook utilise Élan B : pose 1 carte ce tour",
        "Nanook usa Alce B: coloca 1 carta este turno",
    ),
    (
        aev.PowerTaken(seat=1, animal="moose", side="B", from_seat=None),
        "Éloïse takes the moose power (side B) from the centre",
        "Éloïse prend le pouvoir de l'élan (face B) au centre",
        "Éloïse toma el poder del alce (cara B) del centro",
    ),
    (
        aev.PowerTaken(seat=0, animal="walrus", side="A", from_seat=1),
        "Nanook takes the walrus power (side A) from Éloïse",
        "Nanook prend le pouvoir du morse (face A) à Éloïse",
        "Nanook toma el poder de la morsa (cara A) de Éloïse",
    ),
    (
        aev.PlacingEnded(seat=1, placed=1, shortfall=2),
        "Éloïse has placed 1 card, 2 cards short",
        "Éloïse a posé 1 carte, 2 cartes manquantes",
        "Éloïse ha colocado 1 carta, faltan 2 cartas",
    ),
    (
        aev.PenaltyCardGiven(seat=0, to_seat=1, card="d1-fox-1"),
        "Nanook uses Polar bear B: gives a hidden card to Éloïse's penalty zone",
        "Nanook utilise Ours polaire B : donne une carte cachée à la zone de pénalité d'Éloïse",
        "Nanook usa Oso polar B: da una carta oculta a la zona de penalización de Éloïse",
    ),
    (
        aev.CardPlaced(seat=1, card="d4-polar_bear-5"),
        "Éloïse places a polar bear card 4-5",
        "Éloïse pose une carte ours polaire 4-5",
        "Éloïse coloca una carta de oso polar 4-5",
    ),
    (
        aev.CardTakenFromRiver(seat=0, card="d1-orca-1", slot=2),
        "Nanook draws an orca card 1-1 from River slot 3",  # slot 2 of 0..5: the table's third
        "Nanook prend une carte orque 1-1 dans la rivière (emplacement 3)",
        "Nanook toma una carta de orca 1-1 del río (hueco 3)",
    ),
    (
        aev.DrawingEnded(seat=0, drawn=1),
        "Nanook has drawn 1 card",
        "Nanook a pioché 1 carte",
        "Nanook ha robado 1 carta",
    ),
]


@pytest.mark.parametrize(("event", "en", "fr", "es"), ARCTIC_EXAMPLES)
def test_arctic_examples(event: Any, en: str, fr: str, es: str) -> None:
    for lang, expected in (("en", en), ("fr", fr), ("es", es)):
        assert ARCTIC.describe(event, lang, NAMES[:2]) == expected  # type: ignore[arg-type]


def test_arctic_totems_are_named_once_the_game_is_finished() -> None:
    game = simulate_arctic(3, 5, mode="public")
    final = ARCTIC.fold(game.events)
    assert final.phase == "finished"
    early = aev.TotemRevealed(seat=1, animal="orca")  # told to the record before the end
    assert ARCTIC.describe(early, "en", NAMES) == "Éloïse shows the recorder their totem"
    assert ARCTIC.describe(early, "en", NAMES, final) == "Éloïse reveals the orca totem"
    assert ARCTIC.describe(early, "es", NAMES, final) == "Éloïse revela su tótem: orca"
    finished = game.events[-1]
    assert isinstance(finished, aev.GameFinished)
    for lang in LANGUAGES:
        text = ARCTIC.describe(finished, lang, NAMES[:3])  # type: ignore[arg-type]
        for sc in finished.scores:
            assert f"{NAMES[sc.seat]} ({cat.ANIMAL_NAMES[lang][cat.ANIMAL_INDEX[sc.totem_animal]]})" in text  # type: ignore[index]


ARCTICA_EXAMPLES = [
    (
        xev.ActionSkipped(seat=1, action=None),
        "Éloïse skips their action",
        "Éloïse renonce à son action",
        "Éloïse renuncia a su acción",
    ),
    (
        xev.ActionPerformed(seat=0, action="ability"),
        "Nanook performs the Ability action",
        "Nanook effectue l'action Capacité",
        "Nanook realiza la acción Habilidad",
    ),
    (
        xev.TokenMoved(seat=1, family="marine_mammal", src=Loc("supply"), dst=Loc("long_wheel", 4), cause="flash:120"),
        "Éloïse's marine mammal token goes from the supply to slot 5 of the long wheel (Flash of the card no. 120)",
        "Le jeton mammifère marin d'Éloïse va de la réserve à la case 5 de la roue longue (Flash de la carte n° 120)",
        "La ficha de mamífero marino de Éloïse va de la reserva a la casilla 5 de la rueda larga"
        " (Flash de la carta n.º 120)",
    ),
    (
        xev.PawnPlaced(seat=0, round=2, turn=5, space=0),
        "Round 2: Nanook puts the action pawn on space 1",
        "Manche 2 : Nanook pose le pion action sur l'emplacement 1",
        "Ronda 2: Nanook pone el peón de acción en la casilla 1",
    ),
    (
        xev.CardsDrawn(seat=0, count=1, cards=None, cause="action:draw"),
        "Nanook draws 1 card (Draw action)",
        "Nanook pioche 1 carte (action Pioche)",
        "Nanook roba 1 carta (acción Robo)",
    ),
    (
        xev.CardsDiscarded(seat=0, cards=(1, 2), cause="hand_limit"),
        "Nanook discards 2 cards (hand limit)",
        "Nanook défausse 2 cartes (limite de main)",
        "Nanook descarta 2 cartas (límite de mano)",
    ),
    (
        xev.GameEnded(
            results=(
                PlayerResult(seat=0, player="x", total=9, breakdown={}, rank=1),
                PlayerResult(seat=1, player="y", total=9, breakdown={}, rank=1),
            )
        ),
        "Game over: Nanook and Éloïse win",
        "Fin de partie : victoire de Nanook et Éloïse",
        "Fin de la partida: ganan Nanook y Éloïse",
    ),
]


@pytest.mark.parametrize(("event", "en", "fr", "es"), ARCTICA_EXAMPLES)
def test_arctica_examples(event: Any, en: str, fr: str, es: str) -> None:
    for lang, expected in (("en", en), ("fr", fr), ("es", es)):
        assert ARCTICA.describe(event, lang, NAMES[:2]) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lines_have_their_articles_and_name_a_player_once_at_the_start(lang: str) -> None:
    """English writes "an orca card"; a line about a seat starts with its name and does not repeat it
    (the viewer shows the line as it is, not after the name)."""
    for game in _arctic_games()[:2]:
        names = NAMES[: len(game.events[0].players)]
        for event in game.events:
            text = ARCTIC.describe(event, lang, names, None)
            assert not re.search(r"\ba [aeiou]", text), text
            seat = getattr(event, "seat", None)
            if isinstance(seat, int) and not isinstance(event, aev.PenaltyCardGiven):
                assert text.count(names[seat]) == 1, text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arctica_lines_name_a_player_once(lang: str) -> None:
    game = simulate_arctica(3, 5)
    names = NAMES[:3]
    state = ARCTICA.fold(game.events)
    for event in game.events:
        text = ARCTICA.describe(event, lang, names, state)
        seat = getattr(event, "seat", None)
        if isinstance(seat, int):
            assert text.count(names[seat]) == 1, text
            assert not re.search(r"\ba [aeiou]", text), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_arctica_cards_are_written_by_their_printed_name_in_a_game(lang: str) -> None:
    """With the game's state, a card is its edition's name ("Starting Seal (long)"), the board's label:
    no line of a played game shows a card by its bare number."""
    game = simulate_arctica(3, 7)
    names = NAMES[:3]
    state = ARCTICA.fold(game.events)
    edition = ARCTICA.edition_of(state)
    label = {c.id: c.name for c in (*edition.cards, *edition.generation_cards)}
    played = [e for e in game.events if isinstance(e, xev.FaunaPlayed)]
    assert played
    for event in game.events:
        text = ARCTICA.describe(event, lang, names, state)
        assert not re.search(r"(?:card|carte|carta)\w* (?:no\.|n°|n\.º) \d", text), text
        assert not _faults(text, lang), text
    for event in played:
        assert label[event.card] in ARCTICA.describe(event, lang, names, state)


def test_without_names_a_seat_is_a_player_counted_from_one() -> None:
    assert ARCTIC.describe(aev.TurnEnded(seat=0), "fr") == "joueur 1 termine son tour"
    assert ARCTICA.describe(xev.ActionSkipped(seat=2, action=None), "es") == "jugador 3 renuncia a su acción"
