"""One-line descriptions of Arctic events for timelines, in English, French and Spanish.

Seats are written as in the API (0-based), animals with the names of §2, cards as
``<animal> [<card id>]`` or "a hidden card". The timeline is public (no perspective), so an event is
described as a spectator sees it (``view.redact_event``): a card drawn face down (penalty, Orca B,
Polar bear A), a face-down Fox-A card, a given penalty card, and a hand/penalty card or totem revealed
to the record are never named.
"""

from __future__ import annotations

from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic.view import redact_event
from domain.game import Perspective

_SPECTATOR = Perspective()

_WORDS: dict[str, dict[str, str]] = {
    "en": {"seat": "Seat {0}", "hidden": "a hidden card", "up": "up", "down": "down", "centre": "the centre"},
    "fr": {"seat": "Siège {0}", "hidden": "une carte cachée", "up": "vers le haut", "down": "vers le bas",
           "centre": "le centre"},
    "es": {"seat": "Asiento {0}", "hidden": "una carta oculta", "up": "hacia arriba", "down": "hacia abajo",
           "centre": "el centro"},
}  # fmt: skip

_T: dict[str, dict[str, str]] = {
    "GameStarted": {
        "en": "Game started ({mode} information): {players}; {start} starts",
        "fr": "Partie commencée (information {mode}) : {players} ; {start} commence",
        "es": "Partida iniciada (información {mode}): {players}; empieza {start}",
    },
    "TurnStarted": {
        "en": "{seat} starts turn {turn} (round {round}{final}), placement value {n}",
        "fr": "{seat} commence le tour {turn} (manche {round}{final}), valeur de pose {n}",
        "es": "{seat} empieza el turno {turn} (ronda {round}{final}), valor de colocación {n}",
    },
    "PuffinSwapped": {
        "en": "{seat} uses the puffin: swaps {hand_card} with {river_card} (River slot {slot})",
        "fr": "{seat} utilise le macareux : échange {hand_card} contre {river_card} (emplacement {slot})",
        "es": "{seat} usa el frailecillo: cambia {hand_card} por {river_card} (hueco {slot} del río)",
    },
    "VisibleCardTakenBack": {
        "en": "{seat} uses the puffin: takes {card} back into hand; placement value {n}",
        "fr": "{seat} utilise le macareux : reprend {card} en main ; valeur de pose {n}",
        "es": "{seat} usa el frailecillo: recupera {card} a la mano; valor de colocación {n}",
    },
    "PlacementValueChanged": {
        "en": "{seat} uses the moose: places {n} card(s) this turn",
        "fr": "{seat} utilise l'élan : pose {n} carte(s) ce tour",
        "es": "{seat} usa el alce: coloca {n} carta(s) este turno",
    },
    "PlacementValueRaised": {
        "en": "{seat} uses the moose: places a {nth} card",
        "fr": "{seat} utilise l'élan : pose une {nth} carte",
        "es": "{seat} usa el alce: coloca una {nth} carta",
    },
    "CardPlaced": {
        "en": "{seat} places {card}{where}",
        "fr": "{seat} pose {card}{where}",
        "es": "{seat} coloca {card}{where}",
    },
    "PlacingEnded": {
        "en": "{seat} has placed {placed} card(s){short}",
        "fr": "{seat} a posé {placed} carte(s){short}",
        "es": "{seat} ha colocado {placed} carta(s){short}",
    },
    "PenaltyCardDrawn": {
        "en": "{seat} takes {card} into the penalty zone",
        "fr": "{seat} prend {card} dans sa zone de pénalité",
        "es": "{seat} recibe {card} en su zona de penalización",
    },
    "DrawPileExhausted": {
        "en": "The draw pile is empty: the reserve ({n} cards) becomes the draw pile; the end is near",
        "fr": "La pioche est vide : la réserve ({n} cartes) devient la pioche ; la fin approche",
        "es": "El mazo se ha agotado: la reserva ({n} cartas) pasa a ser el mazo; se acerca el final",
    },
    "PowerTaken": {
        "en": "{seat} takes the {animal} power ({side}) from {source}",
        "fr": "{seat} prend le pouvoir {animal} ({side}) depuis {source}",
        "es": "{seat} toma el poder {animal} ({side}) de {source}",
    },
    "TokensMoved": {
        "en": "{seat} moves the {main} token {main_dir} and the {comp} token {comp_dir}",
        "fr": "{seat} déplace le jeton {main} {main_dir} et le jeton {comp} {comp_dir}",
        "es": "{seat} mueve la ficha {main} {main_dir} y la ficha {comp} {comp_dir}",
    },
    "WalrusTokenMoved": {
        "en": "{seat} uses the walrus: the {animal} token moves {dir}",
        "fr": "{seat} utilise le morse : le jeton {animal} se déplace {dir}",
        "es": "{seat} usa la morsa: la ficha {animal} se mueve {dir}",
    },
    "PowerDeclined": {
        "en": "{seat} does not use the {animal} power",
        "fr": "{seat} n'utilise pas le pouvoir {animal}",
        "es": "{seat} no usa el poder {animal}",
    },
    "DrawValueChanged": {
        "en": "{seat} uses the moose: draws {n} card(s) this turn",
        "fr": "{seat} utilise l'élan : pioche {n} carte(s) ce tour",
        "es": "{seat} usa el alce: roba {n} carta(s) este turno",
    },
    "DrawValueRaised": {
        "en": "{seat} uses the moose: takes a {nth} card",
        "fr": "{seat} utilise l'élan : prend une {nth} carte",
        "es": "{seat} usa el alce: toma una {nth} carta",
    },
    "CardTakenFromRiver": {
        "en": "{seat} draws {card} from River slot {slot}",
        "fr": "{seat} pioche {card} dans la rivière (emplacement {slot})",
        "es": "{seat} roba {card} del río (hueco {slot})",
    },
    "CardTakenFromDrawPile": {
        "en": "{seat} uses the orca: draws {card} from the draw pile",
        "fr": "{seat} utilise l'orque : pioche {card} dans la pioche",
        "es": "{seat} usa la orca: roba {card} del mazo",
    },
    "CardTakenFromPenalty": {
        "en": "{seat} uses the polar bear: takes {card} back from the penalty zone",
        "fr": "{seat} utilise l'ours polaire : reprend {card} de sa zone de pénalité",
        "es": "{seat} usa el oso polar: recupera {card} de su zona de penalización",
    },
    "DrawingEnded": {
        "en": "{seat} has drawn {n} card(s)",
        "fr": "{seat} a pioché {n} carte(s)",
        "es": "{seat} ha robado {n} carta(s)",
    },
    "CardDiscarded": {
        "en": "{seat} discards {card} into the penalty zone (hand limit)",
        "fr": "{seat} défausse {card} dans sa zone de pénalité (limite de main)",
        "es": "{seat} descarta {card} a su zona de penalización (límite de mano)",
    },
    "PenaltyCardGiven": {
        "en": "{seat} uses the polar bear: gives {card} to {to}'s penalty zone",
        "fr": "{seat} utilise l'ours polaire : donne {card} à la zone de pénalité de {to}",
        "es": "{seat} usa el oso polar: da {card} a la zona de penalización de {to}",
    },
    "RiverRefilled": {
        "en": "River slot {slot} refilled with {card}",
        "fr": "Emplacement {slot} de la rivière complété avec {card}",
        "es": "Hueco {slot} del río repuesto con {card}",
    },
    "RiverCardRevealed": {
        "en": "River slot {slot} shows {card}",
        "fr": "L'emplacement {slot} de la rivière montre {card}",
        "es": "El hueco {slot} del río muestra {card}",
    },
    "CardRevealed": {
        "en": "{seat} reveals {card} ({zone})",
        "fr": "{seat} révèle {card} ({zone})",
        "es": "{seat} revela {card} ({zone})",
    },
    "PileCardRevealed": {
        "en": "{seat} turns over the face-down card at pile position {pos}: {card}",
        "fr": "{seat} retourne la carte face cachée en position {pos} de sa pile : {card}",
        "es": "{seat} da la vuelta a la carta boca abajo en la posición {pos} de su pila: {card}",
    },
    "CardRevealedHidden": {
        "en": "{seat} shows the recorder a card ({zone})",
        "fr": "{seat} montre une carte au rapporteur ({zone})",
        "es": "{seat} muestra una carta al registrador ({zone})",
    },
    "TotemRevealedHidden": {
        "en": "{seat} shows the recorder their totem",
        "fr": "{seat} montre son totem au rapporteur",
        "es": "{seat} muestra su tótem al registrador",
    },
    "TotemRevealed": {
        "en": "{seat} reveals the {animal} totem",
        "fr": "{seat} révèle le totem {animal}",
        "es": "{seat} revela el tótem {animal}",
    },
    "FoxWildDeclared": {
        "en": "{seat} declares the face-down card at position {pos} as {animal}",
        "fr": "{seat} déclare la carte face cachée en position {pos} comme {animal}",
        "es": "{seat} declara la carta boca abajo en la posición {pos} como {animal}",
    },
    "TurnEnded": {
        "en": "{seat} ends the turn",
        "fr": "{seat} termine son tour",
        "es": "{seat} termina su turno",
    },
    "FinalRoundStarted": {
        "en": "Final round: everyone plays one last turn without drawing, from {seat}",
        "fr": "Dernier tour : chacun joue un dernier tour sans piocher, à partir de {seat}",
        "es": "Ronda final: todos juegan un último turno sin robar, empezando por {seat}",
    },
    "GameFinished": {
        "en": "Game over: {scores}; {seat} wins",
        "fr": "Partie terminée : {scores} ; {seat} gagne",
        "es": "Fin de la partida: {scores}; gana {seat}",
    },
}

_EXTRA = {
    "final": {"en": ", final turn", "fr": ", dernier tour", "es": ", turno final"},
    "face_down": {"en": " face down under the visible card", "fr": " face cachée sous la carte visible",
                  "es": " boca abajo bajo la carta visible"},
    "bottom": {"en": " at the bottom of the pile", "fr": " sous la pile", "es": " al fondo de la pila"},
    "short": {"en": ", {0} short", "fr": ", {0} manquante(s)", "es": ", faltan {0}"},
    "mode_full": {"en": "full", "fr": "complète", "es": "completa"},
    "mode_public": {"en": "public", "fr": "publique", "es": "pública"},
    "hand": {"en": "hand", "fr": "main", "es": "mano"},
    "penalty": {"en": "penalty zone", "fr": "zone de pénalité", "es": "zona de penalización"},
}  # fmt: skip


def _animal(name: str | None, lang: str) -> str:
    if name is None or name not in cat.ANIMAL_INDEX:
        return "?"
    return cat.ANIMAL_NAMES[lang][cat.ANIMAL_INDEX[name]]


def _card(card: str | None, lang: str) -> str:
    if card is None or card not in cat.CARD_INDEX:
        return _WORDS[lang]["hidden"]
    return f"{_animal(cat.CARDS[cat.CARD_INDEX[card]].animal, lang)} [{card}]"


def _nth(number: int, lang: str) -> str:
    if lang == "fr":
        return f"{number}e"
    if lang == "es":
        return f"{number}.ª"
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _fields(event: Any, lang: str) -> dict[str, Any]:
    """The values an event's template names, in ``lang`` (``event`` already redacted)."""
    w = _WORDS[lang]

    def seat(seat_number: int | None) -> str:
        return w["seat"].format(seat_number) if seat_number is not None else w["centre"]

    def direction(step: int) -> str:
        return w["up"] if step > 0 else w["down"]

    f: dict[str, Any] = {}
    if hasattr(event, "seat"):
        f["seat"] = seat(event.seat)
    if hasattr(event, "card"):
        f["card"] = _card(event.card, lang)
    if hasattr(event, "animal"):
        f["animal"] = _animal(event.animal, lang)
    if hasattr(event, "slot"):
        f["slot"] = event.slot
    if isinstance(event, ev.GameStarted):
        f.update(
            mode=_EXTRA[f"mode_{event.mode}"][lang],
            players=", ".join(f"{seat(i)} {p}" for i, p in enumerate(event.players)),
            start=seat(event.start_seat),
        )
    elif isinstance(event, ev.TurnStarted):
        f.update(
            turn=event.turn,
            round=event.round,
            final=_EXTRA["final"][lang] if event.final else "",
            n=event.placement_value,
        )
    elif isinstance(event, ev.PuffinSwapped):
        f.update(
            hand_card=_card(event.hand_card, lang), river_card=_card(event.river_card, lang), slot=event.river_slot
        )
    elif isinstance(event, ev.VisibleCardTakenBack | ev.PlacementValueChanged):
        f.update(n=event.placement_value, nth=_nth(event.placement_value, lang))
    elif isinstance(event, ev.CardPlaced):
        f["where"] = _EXTRA[event.placement][lang] if event.placement != "top" else ""
    elif isinstance(event, ev.PlacingEnded):
        f.update(placed=event.placed, short=_EXTRA["short"][lang].format(event.shortfall) if event.shortfall else "")
    elif isinstance(event, ev.DrawPileExhausted):
        f["n"] = event.reserve_size
    elif isinstance(event, ev.PowerTaken):
        f.update(source=seat(event.from_seat), side=event.side)
    elif isinstance(event, ev.TokensMoved):
        f.update(
            main=_animal(event.main, lang),
            main_dir=direction(event.main_step),
            comp=_animal(event.companion, lang),
            comp_dir=direction(event.companion_step),
        )
    elif isinstance(event, ev.WalrusTokenMoved):
        f["dir"] = direction(event.step)
    elif isinstance(event, ev.DrawValueChanged):
        f.update(n=event.draw_value, nth=_nth(event.draw_value, lang))
    elif isinstance(event, ev.DrawingEnded):
        f["n"] = event.drawn
    elif isinstance(event, ev.PenaltyCardGiven):
        f["to"] = seat(event.to_seat)
    elif isinstance(event, ev.CardRevealed):
        f["zone"] = _EXTRA[event.zone][lang]
    elif isinstance(event, ev.FoxWildDeclared | ev.PileCardRevealed):
        f["pos"] = event.position
    elif isinstance(event, ev.FinalRoundStarted):
        f["seat"] = seat(event.start_seat)
    elif isinstance(event, ev.GameFinished):
        f.update(
            scores=", ".join(
                f"{seat(sc.seat)} {sc.total}" for sc in sorted(event.scores, key=lambda seat_score: seat_score.rank)
            ),
            seat=seat(event.winner),
        )
    return f


def describe(event: Any, lang: str = "en") -> str:
    if lang not in _WORDS:
        lang = "en"
    event = redact_event(event, _SPECTATOR, None)
    name = type(event).__name__
    if isinstance(event, ev.CardRevealed) and event.card is None:
        name = "CardRevealedHidden"
    if isinstance(event, ev.TotemRevealed) and event.animal is None:
        name = "TotemRevealedHidden"
    # a Moose +1 is seen at the table as one more card (often with no declaration): say so
    if isinstance(event, ev.PlacementValueChanged) and event.delta > 0:
        name = "PlacementValueRaised"
    if isinstance(event, ev.DrawValueChanged) and event.delta > 0:
        name = "DrawValueRaised"
    template = _T.get(name, {}).get(lang)
    if template is None:
        return name

    return template.format(**_fields(event, lang))
