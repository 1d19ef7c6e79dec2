"""One-line descriptions of events for timelines, in English, French and Spanish.

Table-driven so that a new event is one entry of ``_T`` (its tag -> en, fr, es templates): the
fields of the event fill the template, each rendered in the reader's language by its *name* —
``seat``/``to_seat`` become the player's name (``seat_of``: "Alice's" / "d'Alice" / "de Alice"),
``action``, ``family``, ``column``, ``cause``, ``src``/``dst`` (a token's place) the translated
vocabulary of ``_WORDS``/``_CAUSES``. A count is written with its noun in the right number by
``{field|singular|plural}`` (``domain.wording.counted``). Player names come from the caller
(the service passes the game's handles); without them a seat is "player 1" (1-based). A card is
written by its printed name ("Crab B33", the board's label) when the edition is given, else by its
number ("no. 145").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from domain.wording import LANG, counted, listing, of, player

from . import events as ev
from .edition import Edition, index
from .state import Loc

_T: dict[str, tuple[str, str, str]] = {
    "game_started": (
        "Arctica starts: {n|player|players}, edition {edition_id} {edition_version}",
        "Début d'Arctica : {n|joueur|joueurs}, édition {edition_id} {edition_version}",
        "Empieza Arctica: {n|jugador|jugadores}, edición {edition_id} {edition_version}",
    ),
    "pawn_placed": (
        "Round {round}: {seat} puts the action pawn on space {space}",
        "Manche {round} : {seat} pose le pion action sur l'emplacement {space}",
        "Ronda {round}: {seat} pone el peón de acción en la casilla {space}",
    ),
    "wheel_turned": (
        "{seat} turns action wheel {wheel} a quarter turn",
        "{seat} tourne la roue d'action {wheel} d'un quart de tour",
        "{seat} gira la rueda de acción {wheel} un cuarto de vuelta",
    ),
    "actions_offered": (
        "{seat} is offered the {a0} and {a1} actions",
        "Actions proposées à {seat} : {a0} et {a1}",
        "Acciones ofrecidas a {seat}: {a0} y {a1}",
    ),
    "action_performed": (
        "{seat} performs the {action} action",
        "{seat} effectue l'action {action}",
        "{seat} realiza la acción {action}",
    ),
    "action_skipped": (
        "{seat} skips the {action} action",
        "{seat} renonce à l'action {action}",
        "{seat} renuncia a la acción {action}",
    ),
    "cards_discarded": (
        "{seat} discards {k|card|cards} ({cause})",
        "{seat} défausse {k|carte|cartes} ({cause})",
        "{seat} descarta {k|carta|cartas} ({cause})",
    ),
    "fauna_played": (
        "{seat} plays the Fauna card {card} ({column} generation)",
        "{seat} joue la carte Faune {card} (génération {column})",
        "{seat} juega la carta de Fauna {card} (generación {column})",
    ),
    "card_moved_to_back": (
        "The card {card} goes to the back of {seat_of} {column} column ({cause})",
        "La carte {card} passe au fond de la colonne {column} {seat_of} ({cause})",
        "La carta {card} pasa al fondo de la columna {column} {seat_of} ({cause})",
    ),
    "card_destroyed": (
        "{seat} destroys the card {card} ({cause})",
        "{seat} détruit la carte {card} ({cause})",
        "{seat} destruye la carta {card} ({cause})",
    ),
    "token_moved": (
        "{seat_of} {family} token goes from {src} to {dst} ({cause})",
        "Le jeton {family} {seat_of} va {src} {dst} ({cause})",
        "La ficha de {family} {seat_of} va {src} {dst} ({cause})",
    ),
    "token_migrated": (
        "{seat_of} {family} token migrates from circle space {src} to {dst} ({cause})",
        "Le jeton {family} {seat_of} migre de la case {src} à la case {dst} du cercle ({cause})",
        "La ficha de {family} {seat_of} migra de la casilla {src} a la {dst} del círculo ({cause})",
    ),
    "flora_gained": (
        "{seat} gains {amount} Flora ({cause})",
        "{seat} gagne {amount} Flore ({cause})",
        "{seat} gana {amount} de Flora ({cause})",
    ),
    "flora_paid": (
        "{seat} pays {amount} Flora ({cause})",
        "{seat} paie {amount} Flore ({cause})",
        "{seat} paga {amount} de Flora ({cause})",
    ),
    "cards_drawn": (
        "{seat} draws {count|card|cards} ({cause})",
        "{seat} pioche {count|carte|cartes} ({cause})",
        "{seat} roba {count|carta|cartas} ({cause})",
    ),
    "deck_reshuffled": (
        "{reshuffled|discarded card is|discarded cards are} shuffled into a new deck",
        "{reshuffled|carte défaussée est mélangée|cartes défaussées sont mélangées} pour former une nouvelle pioche",
        "{reshuffled|carta descartada se baraja|cartas descartadas se barajan} para formar un nuevo mazo",
    ),
    "round_card_revealed": (
        "Round {round}: the round card {card} is revealed",
        "Manche {round} : la carte de manche {card} est révélée",
        "Ronda {round}: se revela la carta de ronda {card}",
    ),
    "adjustment_made": (
        "Adjustment for {seat}: {reason}",
        "Ajustement pour {seat} : {reason}",
        "Ajuste para {seat}: {reason}",
    ),
    "effect_taken": (
        "{seat} takes the optional effect ({cause})",
        "{seat} applique l'effet facultatif ({cause})",
        "{seat} aplica el efecto opcional ({cause})",
    ),
    "effect_declined": (
        "{seat} declines the optional effect ({cause})",
        "{seat} renonce à l'effet facultatif ({cause})",
        "{seat} renuncia al efecto opcional ({cause})",
    ),
    "effect_option_chosen": (
        "{seat} chooses option {number} of the effect ({cause})",
        "{seat} choisit l'option {number} de l'effet ({cause})",
        "{seat} elige la opción {number} del efecto ({cause})",
    ),
    "effect_target_chosen": (
        "{seat} aims the effect at {target} ({cause})",
        "{seat} vise {target} avec l'effet ({cause})",
        "{seat} dirige el efecto a {target} ({cause})",
    ),
    "biodiversity_scored": (
        "{seat} scores {points} BP ({cause})",
        "{seat} marque {points} PB ({cause})",
        "{seat} gana {points} PB ({cause})",
    ),
    "wheels_rotated": (
        "{seat_of} generation wheels turn one step ({cause})",
        "Les roues de génération {seat_of} tournent d'un cran ({cause})",
        "Las ruedas de generación {seat_of} giran un paso ({cause})",
    ),
    "turn_ended": (
        "End of selection {turn}",
        "Fin de la sélection {turn}",
        "Fin de la selección {turn}",
    ),
    "ice_melted": (
        "Ice tile no. {tile} melts",
        "La tuile glace n° {tile} fond",
        "La loseta de hielo n.º {tile} se derrite",
    ),
    "majority_resolved": (
        "Majority in {region} resolved",
        "Majorité en {region} résolue",
        "Mayoría en {region} resuelta",
    ),
    "collapse_step": (
        "Collapse check: {k|collapse|collapses} to resolve",
        "Vérification des effondrements : {k|effondrement|effondrements} à résoudre",
        "Comprobación de colapsos: {k|colapso pendiente|colapsos pendientes}",
    ),
    "collapse_resolved": (
        "{seat_of} {family} tokens collapse",
        "Les jetons {family} {seat_of} s'effondrent",
        "Las fichas de {family} {seat_of} colapsan",
    ),
    "endangered_step": (
        "Endangered upkeep",
        "Entretien des espèces menacées",
        "Mantenimiento de especies amenazadas",
    ),
    "endangered_resolved": (
        "{seat} resolves {badges|endangered badge|endangered badges}",
        "{seat} résout {badges|badge menacé|badges menacés}",
        "{seat} resuelve {badges|insignia amenazada|insignias amenazadas}",
    ),
    "events_due": ("Events strike", "Les événements frappent", "Llegan los eventos"),
    "event_revealed": (
        "Event hits {subregion} ({region})",
        "L'événement frappe {subregion} ({region})",
        "El evento golpea {subregion} ({region})",
    ),
    "event_step": (
        "Players with tokens in the hit sub-regions decide",
        "Les joueurs touchés décident",
        "Los jugadores afectados deciden",
    ),
    "event_resolved": (
        "{seat} saves {saved|token|tokens} and loses {lost}",
        "{seat} sauve {saved|jeton|jetons} et en perd {lost}",
        "{seat} salva {saved|ficha|fichas} y pierde {lost}",
    ),
    "round_ended": ("Round {round} ends", "Fin de la manche {round}", "Fin de la ronda {round}"),
    "game_ended": (
        "Game over: {winners} {win}",
        "Fin de partie : victoire {winners_of}",
        "Fin de la partida: {win} {winners}",
    ),
}

#: Variants of an event's line (not events: ``_T`` has one entry per event tag).
_VARIANTS: dict[str, tuple[str, str, str]] = {
    "action_skipped_any": (  # ``action`` None: the seat passes its choice
        "{seat} skips their action",
        "{seat} renonce à son action",
        "{seat} renuncia a su acción",
    ),
}

#: The game's vocabulary (edition ids: actions, families, generations, zones), en/fr/es.
_WORDS: dict[str, tuple[str, str, str]] = {
    "fauna": ("Fauna", "Faune", "Fauna"),
    "reproduction": ("Reproduction", "Reproduction", "Reproducción"),
    "ability": ("Ability", "Capacité", "Habilidad"),
    "flora": ("Flora", "Flore", "Flora"),
    "migration": ("Migration", "Migration", "Migración"),
    "draw": ("Draw", "Pioche", "Robo"),
    "rotate_card": ("Rotate a card", "Rotation de carte", "Rotación de carta"),
    "rotate_migration": ("Rotate and migrate", "Rotation et migration", "Rotación y migración"),
    "colony": ("Colony", "Colonie", "Colonia"),
    "marine_mammal": ("marine mammal", "mammifère marin", "mamífero marino"),
    "terrestrial_mammal": ("land mammal", "mammifère terrestre", "mamífero terrestre"),
    "invertebrate": ("invertebrate", "invertébré", "invertebrado"),
    "bird": ("bird", "oiseau", "ave"),
    "fish": ("fish", "poisson", "pez"),
    "long": ("long", "longue", "larga"),
    "short": ("short", "courte", "corta"),
    "other": ("something", "autre chose", "otra cosa"),
}

#: Where a token is (``Loc``): "from" and "to" phrases, ``{i}`` the wheel slot, map or circle space.
_FROM: dict[str, tuple[str, str, str]] = {
    "supply": ("the supply", "de la réserve", "de la reserva"),
    "release": ("the release area", "de la zone de relâche", "de la zona de liberación"),
    "long_wheel": (
        "slot {i} of the long wheel",
        "de la case {i} de la roue longue",
        "de la casilla {i} de la rueda larga",
    ),
    "short_wheel": (
        "slot {i} of the short wheel",
        "de la case {i} de la roue courte",
        "de la casilla {i} de la rueda corta",
    ),
    "map": ("map space {i}", "de la case {i} de la carte", "de la casilla {i} del mapa"),
    "circle": ("circle space {i}", "de la case {i} du cercle", "de la casilla {i} del círculo"),
}
_TO: dict[str, tuple[str, str, str]] = {
    "supply": ("the supply", "à la réserve", "a la reserva"),
    "release": ("the release area", "à la zone de relâche", "a la zona de liberación"),
    "long_wheel": (
        "slot {i} of the long wheel",
        "à la case {i} de la roue longue",
        "a la casilla {i} de la rueda larga",
    ),
    "short_wheel": (
        "slot {i} of the short wheel",
        "à la case {i} de la roue courte",
        "a la casilla {i} de la rueda corta",
    ),
    "map": ("map space {i}", "à la case {i} de la carte", "a la casilla {i} del mapa"),
    "circle": ("circle space {i}", "à la case {i} du cercle", "a la casilla {i} del círculo"),
}

#: A cause (``events`` module docstring: ``kind`` or ``kind:argument``); ``{a}`` the argument.
_CAUSES: dict[str, tuple[str, str, str]] = {
    "fauna": ("Fauna card {a}", "carte Faune {a}", "carta de Fauna {a}"),
    "flash": ("Flash of the card {a}", "Flash de la carte {a}", "Flash de la carta {a}"),
    "ability": ("ability of the card {a}", "capacité de la carte {a}", "habilidad de la carta {a}"),
    "reproduction": (
        "reproduction of the card {a}",
        "reproduction de la carte {a}",
        "reproducción de la carta {a}",
    ),
    "map": ("map space {a}", "case {a} de la carte", "casilla {a} del mapa"),
    "connection": ("connection {a}", "connexion {a}", "conexión {a}"),
    "circle": ("circle space {a}", "case {a} du cercle", "casilla {a} del círculo"),
    "majority": ("majority in {a}", "majorité en {a}", "mayoría en {a}"),
    "action": ("{a} action", "action {a}", "acción {a}"),
    "ice6": ("ice tile no. 6", "tuile glace n° 6", "loseta de hielo n.º 6"),
    "ice_melt": ("melting ice", "fonte de la glace", "deshielo"),
    "colony": ("colony", "colonie", "colonia"),
    "collapse": ("collapse", "effondrement", "colapso"),
    "endangered": ("endangered species", "espèces menacées", "especies amenazadas"),
    "event": ("event", "événement", "evento"),
    "event_flee": ("fleeing an event", "fuite devant un événement", "huida ante un evento"),
    "adjustment": ("adjustment", "ajustement", "ajuste"),
    "hand_limit": ("hand limit", "limite de main", "límite de mano"),
}
_UNKNOWN_CAUSE = ("an effect", "un effet", "un efecto")  # a cause newer than this table: no raw id shown


_NUMBER = ("no. {0}", "n° {0}", "n.º {0}")
_CARD_CAUSES = frozenset({"fauna", "flash", "ability", "reproduction"})


def _word(value: str, i: int) -> str:
    return _WORDS.get(value, _WORDS["other"])[i]


def card_label(card: int | str, i: int, edition: Edition | None) -> str:
    """A card by its printed name ("Crab B33") when the edition knows it, else by its number."""
    if edition is not None and str(card).isdigit():
        spec = index(edition).cards.get(int(card))
        if spec is not None:
            return spec.name
    return _NUMBER[i].format(card)


def _round_card(card: int, i: int, edition: Edition | None) -> str:
    if edition is not None and 0 <= card < len(edition.round_cards):
        return edition.round_cards[card].name
    return _NUMBER[i].format(card)


def _cause(cause: str, i: int, edition: Edition | None = None) -> str:
    kind, _, arg = cause.partition(":")
    template = _CAUSES.get(kind, _UNKNOWN_CAUSE)[i]
    if kind == "action":
        arg = _word(arg, i)
    elif kind in _CARD_CAUSES:
        arg = card_label(arg, i, edition)
    elif kind in ("map", "circle", "connection"):
        arg = _counted_from_one(arg)
    elif kind == "majority" and arg.isdigit():
        arg = _region(int(arg), i, edition)
    return template.format(a=arg)


def _place(loc: Loc, table: dict[str, tuple[str, str, str]], i: int) -> str:
    # places are counted from 1, as the board numbers them (the state counts from 0)
    return table.get(loc.zone, ("?", "?", "?"))[i].format(i=loc.index + 1)


_REGION = ("region {0}", "la région {0}", "la región {0}")
_SUBREGION = ("sub-region {0}", "la sous-région {0}", "la subregión {0}")


def _region(region: int, i: int, edition: Edition | None) -> str:
    if edition is not None and 0 <= region < len(edition.regions):
        return edition.regions[region].name
    return _REGION[i].format(region + 1)


def _subregion(region: int, sub: int, i: int, edition: Edition | None) -> str:
    if edition is not None and 0 <= region < len(edition.regions) and 0 <= sub < 3:
        return edition.regions[region].subregions[sub].name
    return _SUBREGION[i].format(sub + 1)


def _counted_from_one(arg: str) -> str:
    """ "3" -> "4", "3-4" -> "4-5": a cause's map/circle space or connection, counted from 1."""
    return "-".join(str(int(part) + 1) if part.isdigit() else part for part in arg.split("-"))


#: Fields rendered by name, whatever the event (a new event with these fields needs no code).
_BY_NAME: dict[str, Callable[[Any, Sequence[str], int], Any]] = {
    "action": lambda v, names, i: _word(v, i),
    "family": lambda v, names, i: _word(v, i),
    "column": lambda v, names, i: _word(v, i),
    "cause": lambda v, names, i: _cause(v, i),
    "seat": lambda v, names, i: player(v, names, i),
    "to_seat": lambda v, names, i: player(v, names, i),
    "target": lambda v, names, i: player(v, names, i),
}


def _fields(event: ev.Event, names: Sequence[str], i: int, edition: Edition | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for field in event.__struct_fields__:
        value = getattr(event, field)
        render = _BY_NAME.get(field)
        data[field] = render(value, names, i) if render is not None and value is not None else value
    cause = getattr(event, "cause", None)
    if isinstance(cause, str):
        data["cause"] = _cause(cause, i, edition)
    card = getattr(event, "card", None)
    if isinstance(card, int):
        rounds = isinstance(event, ev.RoundCardRevealed)
        data["card"] = _round_card(card, i, edition) if rounds else card_label(card, i, edition)
    if isinstance(getattr(event, "seat", None), int):
        data["seat_of"] = of(data["seat"], i)
    if isinstance(event, ev.GameStarted):
        data["n"] = len(event.players)
    elif isinstance(event, ev.ActionsOffered):
        data["a0"], data["a1"] = (_word(a, i) for a in event.actions)
    elif isinstance(event, ev.CardsDiscarded):
        data["k"] = len(event.cards)
    elif isinstance(event, ev.PawnPlaced):
        data["space"] = event.space + 1
    elif isinstance(event, ev.WheelTurned):
        data["wheel"] = event.wheel + 1
    elif isinstance(event, ev.MajorityResolved):
        data["region"] = _region(event.region, i, edition)
    elif isinstance(event, ev.EventRevealed):
        data["region"] = _region(event.region, i, edition)
        data["subregion"] = _subregion(event.region, event.subregion, i, edition)
    elif isinstance(event, ev.TokenMigrated):
        data["src"], data["dst"] = event.src + 1, event.dst + 1
    elif isinstance(event, ev.TokenMoved):
        data["src"] = _place(event.src, _FROM, i)
        data["dst"] = _place(event.dst, _TO, i)
    elif isinstance(event, ev.TurnEnded):  # selections are counted from 0 in the state, from 1 at the table
        data["turn"] = event.turn + 1
    elif isinstance(event, ev.CollapseStep):
        data["k"] = len(event.due)
    elif isinstance(event, ev.GameEnded):
        winners = [names[r.seat] if 0 <= r.seat < len(names) else r.player for r in event.results if r.rank == 1]
        data["winners"] = listing(winners, i)
        data["winners_of"] = of(data["winners"], i)
        data["win"] = (("wins", "win"), ("", ""), ("gana", "ganan"))[i][len(winners) > 1]
    return data


def describe(event: ev.Event, lang: str = "en", players: Sequence[str] = (), edition: Edition | None = None) -> str:
    """``event`` in ``lang`` (en, fr, es; others: en), seats written with ``players``' names and cards
    with ``edition``'s names."""
    tag = str(type(event).__struct_config__.tag)
    if isinstance(event, ev.ActionSkipped) and event.action is None:
        tag = "action_skipped_any"
    templates = _T.get(tag) or _VARIANTS.get(tag)
    if templates is None:
        return tag
    i = LANG.get(lang, 0)
    names = players or (event.players if isinstance(event, ev.GameStarted) else ())
    data = _fields(event, names, i, edition)
    return counted(templates[i], data, i).format(**data)


WORDS = _WORDS  # the board writes the game's vocabulary as the timeline does


def cause_label(cause: str, i: int, edition: Edition | None = None) -> str:
    """A cause as the timeline says it ("connection 4-5"), for the recorder's questions."""
    return _cause(cause, i, edition)


def from_place(loc: Loc, i: int) -> str:
    """Where a token comes from, as the timeline says it (in French and Spanish with its preposition)."""
    return _place(loc, _FROM, i)


def to_place(loc: Loc, i: int) -> str:
    """Where a token goes, as the timeline says it (in French and Spanish with its preposition)."""
    return _place(loc, _TO, i)


__all__ = ["WORDS", "card_label", "cause_label", "describe", "from_place", "to_place"]
