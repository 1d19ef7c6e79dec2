"""One-line descriptions of events for timelines, in English, French and Spanish."""

from __future__ import annotations

from typing import Any

import msgspec

from . import events as ev

_T: dict[str, tuple[str, str, str]] = {
    "game_started": (
        "Arctica starts: {n} players, edition {edition_id} {edition_version}",
        "Début d'Arctica : {n} joueurs, édition {edition_id} {edition_version}",
        "Empieza Arctica: {n} jugadores, edición {edition_id} {edition_version}",
    ),
    "pawn_placed": (
        "Round {round}: seat {seat} puts the action pawn on space {space}",
        "Manche {round} : la place {seat} pose le pion action sur l'emplacement {space}",
        "Ronda {round}: el asiento {seat} pone el peón de acción en la casilla {space}",
    ),
    "wheel_turned": (
        "Seat {seat} turns action wheel {wheel} a quarter turn",
        "La place {seat} tourne la roue d'action {wheel} d'un quart de tour",
        "El asiento {seat} gira la rueda de acción {wheel} un cuarto de vuelta",
    ),
    "actions_offered": (
        "Actions offered: {a0} and {a1}",
        "Actions proposées : {a0} et {a1}",
        "Acciones ofrecidas: {a0} y {a1}",
    ),
    "action_performed": (
        "Seat {seat} performs {action}",
        "La place {seat} effectue {action}",
        "El asiento {seat} realiza {action}",
    ),
    "action_skipped": (
        "Seat {seat} skips {action}",
        "La place {seat} renonce à {action}",
        "El asiento {seat} renuncia a {action}",
    ),
    "cards_discarded": (
        "Seat {seat} discards {k} card(s) ({cause})",
        "La place {seat} défausse {k} carte(s) ({cause})",
        "El asiento {seat} descarta {k} carta(s) ({cause})",
    ),
    "fauna_played": (
        "Seat {seat} plays Fauna card {card} ({column} generation)",
        "La place {seat} joue la carte Faune {card} (génération {column})",
        "El asiento {seat} juega la carta de Fauna {card} (generación {column})",
    ),
    "card_moved_to_back": (
        "Card {card} goes to the back of seat {seat}'s {column} column",
        "La carte {card} passe au fond de la colonne {column} de la place {seat}",
        "La carta {card} pasa al fondo de la columna {column} del asiento {seat}",
    ),
    "card_destroyed": (
        "Seat {seat} destroys card {card} ({cause})",
        "La place {seat} détruit la carte {card} ({cause})",
        "El asiento {seat} destruye la carta {card} ({cause})",
    ),
    "token_moved": (
        "Seat {seat}'s {family} token: {src} → {dst} ({cause})",
        "Jeton {family} de la place {seat} : {src} → {dst} ({cause})",
        "Ficha {family} del asiento {seat}: {src} → {dst} ({cause})",
    ),
    "token_migrated": (
        "Seat {seat}'s {family} migrates from circle space {src} to {dst}",
        "Le jeton {family} de la place {seat} migre de la case {src} à la case {dst} du cercle",
        "La ficha {family} del asiento {seat} migra de la casilla {src} a la {dst} del círculo",
    ),
    "flora_gained": (
        "Seat {seat} gains {amount} Flora ({cause})",
        "La place {seat} gagne {amount} Flore ({cause})",
        "El asiento {seat} gana {amount} Flora ({cause})",
    ),
    "flora_paid": (
        "Seat {seat} pays {amount} Flora ({cause})",
        "La place {seat} paie {amount} Flore ({cause})",
        "El asiento {seat} paga {amount} Flora ({cause})",
    ),
    "cards_drawn": (
        "Seat {seat} draws {count} card(s) ({cause})",
        "La place {seat} pioche {count} carte(s) ({cause})",
        "El asiento {seat} roba {count} carta(s) ({cause})",
    ),
    "deck_reshuffled": (
        "The {reshuffled} discarded cards are shuffled into a new deck",
        "Les {reshuffled} cartes défaussées sont mélangées pour former une nouvelle pioche",
        "Las {reshuffled} cartas descartadas se barajan para formar un nuevo mazo",
    ),
    "round_card_revealed": (
        "Round {round}: round card {card} is revealed",
        "Manche {round} : la carte de manche {card} est révélée",
        "Ronda {round}: se revela la carta de ronda {card}",
    ),
    "adjustment_made": (
        "Adjustment for seat {seat}: {reason}",
        "Ajustement pour la place {seat} : {reason}",
        "Ajuste para el asiento {seat}: {reason}",
    ),
    "effect_taken": (
        "Seat {seat} takes the optional effect",
        "La place {seat} applique l'effet facultatif",
        "El asiento {seat} aplica el efecto opcional",
    ),
    "effect_declined": (
        "Seat {seat} declines the optional effect",
        "La place {seat} renonce à l'effet facultatif",
        "El asiento {seat} renuncia al efecto opcional",
    ),
    "effect_option_chosen": (
        "Seat {seat} chooses option {number} of the effect",
        "La place {seat} choisit l'option {number} de l'effet",
        "El asiento {seat} elige la opción {number} del efecto",
    ),
    "effect_target_chosen": (
        "Seat {seat} aims the effect at seat {target}",
        "La place {seat} vise la place {target} avec l'effet",
        "El asiento {seat} dirige el efecto al asiento {target}",
    ),
    "biodiversity_scored": (
        "Seat {seat} scores {points} BP ({cause})",
        "La place {seat} marque {points} PB ({cause})",
        "El asiento {seat} gana {points} PB ({cause})",
    ),
    "wheels_rotated": (
        "Seat {seat}'s generation wheels rotate one step",
        "Les roues de génération de la place {seat} tournent d'un cran",
        "Las ruedas de generación del asiento {seat} giran un paso",
    ),
    "turn_ended": (
        "End of selection {turn}",
        "Fin de la sélection {turn}",
        "Fin de la selección {turn}",
    ),
    "ice_melted": (
        "Ice tile #{tile} melts",
        "La tuile glace n°{tile} fond",
        "La loseta de hielo n.º {tile} se derrite",
    ),
    "majority_resolved": (
        "Majority in region {region} resolved",
        "Majorité de la région {region} résolue",
        "Mayoría de la región {region} resuelta",
    ),
    "collapse_step": (
        "Collapse check: {k} collapse(s) due",
        "Vérification des effondrements : {k} à résoudre",
        "Comprobación de colapsos: {k} pendiente(s)",
    ),
    "collapse_resolved": (
        "Seat {seat}'s {family} collapses",
        "Les {family} de la place {seat} s'effondrent",
        "Los {family} del asiento {seat} colapsan",
    ),
    "endangered_step": (
        "Endangered upkeep",
        "Entretien des espèces menacées",
        "Mantenimiento de especies amenazadas",
    ),
    "endangered_resolved": (
        "Seat {seat} resolves {badges} endangered badge(s)",
        "La place {seat} résout {badges} badge(s) menacé(s)",
        "El asiento {seat} resuelve {badges} insignia(s) amenazada(s)",
    ),
    "events_due": ("Events strike", "Les événements frappent", "Llegan los eventos"),
    "event_revealed": (
        "Event hits sub-region {subregion} of region {region}",
        "L'événement frappe la sous-région {subregion} de la région {region}",
        "El evento golpea la subregión {subregion} de la región {region}",
    ),
    "event_step": (
        "Players with tokens in the hit sub-regions decide",
        "Les joueurs touchés décident",
        "Los jugadores afectados deciden",
    ),
    "event_resolved": (
        "Seat {seat} saves {saved} token(s), loses {lost}",
        "La place {seat} sauve {saved} jeton(s), en perd {lost}",
        "El asiento {seat} salva {saved} ficha(s), pierde {lost}",
    ),
    "round_ended": ("Round {round} ends", "Fin de la manche {round}", "Fin de la ronda {round}"),
    "game_ended": (
        "Game over: {winners} win(s)",
        "Fin de partie : victoire de {winners}",
        "Fin de la partida: gana(n) {winners}",
    ),
}
_LANG = {"en": 0, "fr": 1, "es": 2}


def _fields(event: ev.Event) -> dict[str, Any]:
    data: dict[str, Any] = msgspec.to_builtins(event)
    if isinstance(event, ev.GameStarted):
        data["n"] = len(event.players)
    elif isinstance(event, ev.ActionsOffered):
        data["a0"], data["a1"] = event.actions
    elif isinstance(event, ev.CardsDiscarded):
        data["k"] = len(event.cards)
    elif isinstance(event, ev.TokenMoved):
        data["src"] = f"{event.src.zone}" + (
            f"[{event.src.index}]" if event.src.zone not in ("supply", "release") else ""
        )
        data["dst"] = f"{event.dst.zone}" + (
            f"[{event.dst.index}]" if event.dst.zone not in ("supply", "release") else ""
        )
    elif isinstance(event, ev.CollapseStep):
        data["k"] = len(event.due)
    elif isinstance(event, ev.GameEnded):
        data["winners"] = ", ".join(r.player for r in event.results if r.rank == 1)
    return data


def describe(event: ev.Event, lang: str = "en") -> str:
    tag = type(event).__struct_config__.tag
    templates = _T.get(str(tag))
    if templates is None:
        return str(tag)
    return templates[_LANG.get(lang, 0)].format(**_fields(event))
