"""One-line descriptions of Arctic events for timelines, in English, French and Spanish.

Players are written by name (the service passes the game's handles; without them "player N",
1-based), animals with the names of §2, powers as "Moose B", cards as "a fox card 1-3" (deck and
number of the card id) or "a hidden card", counts with their noun in the right number. The timeline
is public (no perspective), so an event is described as a spectator sees it (``view.redact_event``
with the ``state`` given): a card drawn face down (penalty, Orca B, Polar bear A), a face-down Fox-A
card and a given penalty card are never named; a hand/penalty card or totem revealed to the record
before the end is named once ``state`` is past the last turn (the service passes the finished game's
state), and ``GameFinished`` names every totem.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.arctic import catalogue as cat
from domain.arctic import events as ev
from domain.arctic.view import redact_event
from domain.game import Perspective
from domain.wording import LANG, counted, indefinite, listing, of, player

_SPECTATOR = Perspective()

_T: dict[str, tuple[str, str, str]] = {
    "GameStarted": (
        "Game started ({mode} information): {players}; {start} starts",
        "Partie commencée (information {mode}) : {players} ; {start} commence",
        "Partida iniciada (información {mode}): {players}; empieza {start}",
    ),
    "TurnStarted": (
        "{seat} starts turn {turn} (round {round}{final}), placement value {n}",
        "{seat} commence le tour {turn} (manche {round}{final}), valeur de pose {n}",
        "{seat} empieza el turno {turn} (ronda {round}{final}), valor de colocación {n}",
    ),
    "PuffinSwapped": (
        "{seat} uses {puffin} A: swaps {hand_card} for {river_card} (River slot {slot})",
        "{seat} utilise {puffin} A : échange {hand_card} contre {river_card} (emplacement {slot} de la rivière)",
        "{seat} usa {puffin} A: cambia {hand_card} por {river_card} (hueco {slot} del río)",
    ),
    "VisibleCardTakenBack": (
        "{seat} uses {puffin} B: takes {card} back into hand; placement value {n}",
        "{seat} utilise {puffin} B : reprend {card} en main ; valeur de pose {n}",
        "{seat} usa {puffin} B: recupera {card} a la mano; valor de colocación {n}",
    ),
    "PlacementValueChanged": (
        "{seat} uses {moose} B: places {n|card|cards} this turn",
        "{seat} utilise {moose} B : pose {n|carte|cartes} ce tour",
        "{seat} usa {moose} B: coloca {n|carta|cartas} este turno",
    ),
    "CardPlaced": (
        "{seat} places {card}{where}",
        "{seat} pose {card}{where}",
        "{seat} coloca {card}{where}",
    ),
    "PlacingEnded": (
        "{seat} has placed {placed|card|cards}{short}",
        "{seat} a posé {placed|carte|cartes}{short}",
        "{seat} ha colocado {placed|carta|cartas}{short}",
    ),
    "PenaltyCardDrawn": (
        "{seat} takes {card} into the penalty zone",
        "{seat} prend {card} dans sa zone de pénalité",
        "{seat} recibe {card} en su zona de penalización",
    ),
    "DrawPileExhausted": (
        "The draw pile is empty: the reserve ({n|card|cards}) becomes the draw pile; the end is near",
        "La pioche est vide : la réserve ({n|carte|cartes}) devient la pioche ; la fin approche",
        "El mazo se ha agotado: la reserva ({n|carta|cartas}) pasa a ser el mazo; se acerca el final",
    ),
    "PowerTaken": (
        "{seat} takes the {animal} power (side {side}) {source}",
        "{seat} prend le pouvoir {of_animal} (face {side}) {source}",
        "{seat} toma el poder {of_animal} (cara {side}) {source}",
    ),
    "TokensMoved": (
        "{seat} moves the {main} token {main_dir} and the {comp} token {comp_dir}",
        "{seat} déplace le jeton {main} {main_dir} et le jeton {comp} {comp_dir}",
        "{seat} mueve la ficha de {main} {main_dir} y la ficha de {comp} {comp_dir}",
    ),
    "WalrusTokenMoved": (
        "{seat} uses the walrus power: the {animal} token moves {dir}",
        "{seat} utilise le pouvoir du morse : le jeton {animal} se déplace {dir}",
        "{seat} usa el poder de la morsa: la ficha de {animal} se mueve {dir}",
    ),
    "PowerDeclined": (
        "{seat} does not use the {animal} power",
        "{seat} n'utilise pas le pouvoir {of_animal}",
        "{seat} no usa el poder {of_animal}",
    ),
    "DrawValueChanged": (
        "{seat} uses {moose} A: draws {n|card|cards} this turn",
        "{seat} utilise {moose} A : pioche {n|carte|cartes} ce tour",
        "{seat} usa {moose} A: roba {n|carta|cartas} este turno",
    ),
    "CardTakenFromRiver": (
        "{seat} draws {card} from River slot {slot}",
        "{seat} prend {card} dans la rivière (emplacement {slot})",
        "{seat} toma {card} del río (hueco {slot})",
    ),
    "CardTakenFromDrawPile": (
        "{seat} uses {orca} B: draws {card} from the draw pile",
        "{seat} utilise {orca} B : pioche {card} dans la pioche",
        "{seat} usa {orca} B: roba {card} del mazo",
    ),
    "CardTakenFromPenalty": (
        "{seat} uses {polar_bear} A: takes {card} back from the penalty zone",
        "{seat} utilise {polar_bear} A : reprend {card} de sa zone de pénalité",
        "{seat} usa {polar_bear} A: recupera {card} de su zona de penalización",
    ),
    "DrawingEnded": (
        "{seat} has drawn {n|card|cards}",
        "{seat} a pioché {n|carte|cartes}",
        "{seat} ha robado {n|carta|cartas}",
    ),
    "CardDiscarded": (
        "{seat} discards {card} into the penalty zone (hand limit)",
        "{seat} défausse {card} dans sa zone de pénalité (limite de main)",
        "{seat} descarta {card} a su zona de penalización (límite de mano)",
    ),
    "PenaltyCardGiven": (
        "{seat} uses {polar_bear} B: gives {card} to {to_of} penalty zone",
        "{seat} utilise {polar_bear} B : donne {card} à la zone de pénalité {to_of}",
        "{seat} usa {polar_bear} B: da {card} a la zona de penalización {to_of}",
    ),
    "RiverRefilled": (
        "River slot {slot} refilled with {card}",
        "Emplacement {slot} de la rivière complété avec {card}",
        "Hueco {slot} del río repuesto con {card}",
    ),
    "RiverCardRevealed": (
        "River slot {slot} shows {card}",
        "L'emplacement {slot} de la rivière montre {card}",
        "El hueco {slot} del río muestra {card}",
    ),
    "CardRevealed": (
        "{seat} reveals {card} from their {zone}",
        "{seat} révèle {card} de sa {zone}",
        "{seat} revela {card} de su {zone}",
    ),
    "PileCardRevealed": (
        "{seat} turns over the face-down card at pile position {pos}: {card}",
        "{seat} retourne la carte face cachée en position {pos} de sa pile : {card}",
        "{seat} da la vuelta a la carta boca abajo en la posición {pos} de su pila: {card}",
    ),
    "TotemRevealed": (
        "{seat} reveals the {animal} totem",
        "{seat} révèle son totem : {animal}",
        "{seat} revela su tótem: {animal}",
    ),
    "FoxWildDeclared": (
        "{seat} declares the face-down card at position {pos} as {animal}",
        "{seat} déclare la carte face cachée en position {pos} comme {animal}",
        "{seat} declara la carta boca abajo en la posición {pos} como {animal}",
    ),
    "TurnEnded": (
        "{seat} ends the turn",
        "{seat} termine son tour",
        "{seat} termina su turno",
    ),
    "FinalRoundStarted": (
        "Final round: everyone plays one last turn without drawing, from {seat}",
        "Dernier tour : chacun joue un dernier tour sans piocher, à partir {seat_of}",
        "Ronda final: todos juegan un último turno sin robar, empezando por {seat}",
    ),
    "GameFinished": (
        "Game over: {scores}; {seat} wins; totems: {totems}",
        "Partie terminée : {scores} ; {seat} gagne ; totems : {totems}",
        "Fin de la partida: {scores}; gana {seat}; tótems: {totems}",
    ),
}

#: Lines that are not one per event type: what a spectator sees of an event, or a Moose +1 as the
#: table sees it (one card more, often with no declaration).
_VARIANTS: dict[str, tuple[str, str, str]] = {
    "PlacementValueRaised": (
        "{seat} uses {moose} B: places a {nth} card",
        "{seat} utilise {moose} B : pose une {nth} carte",
        "{seat} usa {moose} B: coloca una {nth} carta",
    ),
    "DrawValueRaised": (
        "{seat} uses {moose} A: takes a {nth} card",
        "{seat} utilise {moose} A : prend une {nth} carte",
        "{seat} usa {moose} A: toma una {nth} carta",
    ),
    "CardRevealedHidden": (
        "{seat} shows the recorder a card from their {zone}",
        "{seat} montre au rapporteur une carte de sa {zone}",
        "{seat} muestra al registrador una carta de su {zone}",
    ),
    "TotemRevealedHidden": (
        "{seat} shows the recorder their totem",
        "{seat} montre son totem au rapporteur",
        "{seat} muestra su tótem al registrador",
    ),
}

_WORDS: dict[str, tuple[str, str, str]] = {
    "hidden": ("a hidden card", "une carte cachée", "una carta oculta"),
    "card": ("{a} {animal} card {number}", "une carte {animal} {number}", "una carta de {animal} {number}"),
    "up": ("up", "vers le haut", "hacia arriba"),
    "down": ("down", "vers le bas", "hacia abajo"),
    "centre": ("from the centre", "au centre", "del centro"),
    "from": ("from {0}", "à {0}", "de {0}"),
    "again": ("again", "de nouveau", "de nuevo"),
    "final": (", final turn", ", dernier tour", ", turno final"),
    "face_down": (" face down under the visible card", " face cachée sous la carte visible",
                  " boca abajo bajo la carta visible"),
    "bottom": (" at the bottom of the pile", " sous la pile", " al fondo de la pila"),
    "short": (", {short|card|cards} short", ", {short|carte manquante|cartes manquantes}",
              ", {short|falta # carta|faltan # cartas}"),
    "mode_full": ("full", "complète", "completa"),
    "mode_public": ("public", "publique", "pública"),
    "hand": ("hand", "main", "mano"),
    "penalty": ("penalty zone", "zone de pénalité", "zona de penalización"),
    "unknown": ("unknown", "inconnu", "desconocido"),
}  # fmt: skip

#: "the power of <animal>" (French and Spanish articles differ by animal); English says "<animal> power".
_OF_ANIMAL: dict[str, tuple[str, str, str]] = {
    "fox": ("fox", "du renard", "del zorro"),
    "moose": ("moose", "de l'élan", "del alce"),
    "walrus": ("walrus", "du morse", "de la morsa"),
    "orca": ("orca", "de l'orque", "de la orca"),
    "puffin": ("puffin", "du macareux", "del frailecillo"),
    "polar_bear": ("polar bear", "de l'ours polaire", "del oso polar"),
}


def _animal(name: str | None, i: int) -> str:
    if name is None or name not in cat.ANIMAL_INDEX:
        return _WORDS["unknown"][i]
    return cat.ANIMAL_NAMES[("en", "fr", "es")[i]][cat.ANIMAL_INDEX[name]]


def card_label(card: str | None, lang: str = "en") -> str:
    """A card as the timeline writes it: "a fox card 1-3" (deck 1, draw value 3: the id ``d1-fox-3``);
    the board and the recorder name it so too (one name per card)."""
    i = LANG.get(lang, 0)
    if card is None or card not in cat.CARD_INDEX:
        return _WORDS["hidden"][i]
    spec = cat.CARDS[cat.CARD_INDEX[card]]
    animal = _animal(spec.animal, i)
    number = f"{spec.deck}-{card.rsplit('-', 1)[1]}"
    return _WORDS["card"][i].format(a=indefinite(animal), animal=animal, number=number)


def _nth(number: int, i: int) -> str:
    if i == 1:
        return f"{number}e"
    if i == 2:
        return f"{number}.ª"
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def _fields(event: Any, names: Sequence[str], i: int) -> dict[str, Any]:
    """The values an event's template names, in language ``i`` (``event`` already redacted)."""
    lang = ("en", "fr", "es")[i]
    f: dict[str, Any] = {power: _animal(power, i).capitalize() for power in ("puffin", "moose", "orca", "polar_bear")}
    if isinstance(getattr(event, "seat", None), int):
        f["seat"] = player(event.seat, names, i)
    if hasattr(event, "card"):
        f["card"] = card_label(event.card, lang)
    if hasattr(event, "animal"):
        f["animal"] = _animal(event.animal, i)
        f["of_animal"] = _OF_ANIMAL.get(event.animal or "", ("?",) * 3)[i] if event.animal else ""
    if isinstance(getattr(event, "slot", None), int):
        f["slot"] = event.slot + 1  # said as the table counts the River: 1 to 6 (the moves' field is 0-based)
    if isinstance(event, ev.GameStarted):
        players = names or event.players
        f.update(
            mode=_WORDS[f"mode_{event.mode}"][i],
            players=listing(list(players), i),
            start=player(event.start_seat, players, i),
        )
    elif isinstance(event, ev.TurnStarted):
        f.update(turn=event.turn, round=event.round, final=_WORDS["final"][i] if event.final else "")
        f["n"] = event.placement_value
    elif isinstance(event, ev.PuffinSwapped):
        f.update(
            hand_card=card_label(event.hand_card, lang),
            river_card=card_label(event.river_card, lang),
            slot=event.river_slot + 1,
        )
    elif isinstance(event, ev.VisibleCardTakenBack | ev.PlacementValueChanged):
        f.update(n=event.placement_value, nth=_nth(event.placement_value, i))
    elif isinstance(event, ev.CardPlaced):
        f["where"] = _WORDS[event.placement][i] if event.placement != "top" else ""
    elif isinstance(event, ev.PlacingEnded):
        f.update(
            placed=event.placed,
            short=counted(_WORDS["short"][i], {"short": event.shortfall}, i) if event.shortfall else "",
        )
    elif isinstance(event, ev.DrawPileExhausted):
        f["n"] = event.reserve_size
    elif isinstance(event, ev.PowerTaken):
        if event.from_seat is None:
            source = _WORDS["centre"][i]
        elif event.from_seat == event.seat:
            source = _WORDS["again"][i]
        else:
            source = _WORDS["from"][i].format(player(event.from_seat, names, i))
        f.update(source=source, side=event.side)
    elif isinstance(event, ev.TokensMoved):
        f.update(
            main=_animal(event.main, i),
            main_dir=_WORDS["up" if event.main_step > 0 else "down"][i],
            comp=_animal(event.companion, i),
            comp_dir=_WORDS["up" if event.companion_step > 0 else "down"][i],
        )
    elif isinstance(event, ev.WalrusTokenMoved):
        f["dir"] = _WORDS["up" if event.step > 0 else "down"][i]
    elif isinstance(event, ev.DrawValueChanged):
        f.update(n=event.draw_value, nth=_nth(event.draw_value, i))
    elif isinstance(event, ev.DrawingEnded):
        f["n"] = event.drawn
    elif isinstance(event, ev.PenaltyCardGiven):
        f["to_of"] = of(player(event.to_seat, names, i), i)
    elif isinstance(event, ev.CardRevealed):
        f["zone"] = _WORDS[event.zone][i]
    elif isinstance(event, ev.FoxWildDeclared | ev.PileCardRevealed):
        f["pos"] = event.position
    elif isinstance(event, ev.FinalRoundStarted):
        f["seat"] = player(event.start_seat, names, i)
        f["seat_of"] = of(f["seat"], i)
    elif isinstance(event, ev.GameFinished):
        ranked = sorted(event.scores, key=lambda seat_score: seat_score.rank)
        f.update(
            scores=", ".join(f"{player(sc.seat, names, i)} {sc.total}" for sc in ranked),
            seat=player(event.winner, names, i),
            totems=", ".join(f"{player(sc.seat, names, i)} ({_animal(sc.totem_animal, i)})" for sc in event.scores),
        )
    return f


def describe(event: Any, lang: str = "en", players: Sequence[str] = (), state: Any = None) -> str:
    """``event`` in ``lang`` as a spectator sees it, seats written with ``players``' names; ``state``
    (the state after the event, or later) tells whether the game is over (``view.redact_event``)."""
    i = LANG.get(lang, 0)
    event = redact_event(event, _SPECTATOR, state)
    name = type(event).__name__
    if isinstance(event, ev.CardRevealed) and event.card is None:
        name = "CardRevealedHidden"
    if isinstance(event, ev.TotemRevealed) and event.animal is None:
        name = "TotemRevealedHidden"
    if isinstance(event, ev.PlacementValueChanged) and event.delta > 0:
        name = "PlacementValueRaised"
    if isinstance(event, ev.DrawValueChanged) and event.delta > 0:
        name = "DrawValueRaised"
    templates = _T.get(name) or _VARIANTS.get(name)
    if templates is None:
        return name
    data = _fields(event, players, i)
    return counted(templates[i], data, i).format(**data)
