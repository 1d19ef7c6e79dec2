"""The viewer's own words in English, French and Spanish (event descriptions come from the rules)."""

from __future__ import annotations

from domain.game import Language

WORDS: dict[str, tuple[str, str, str]] = {
    "watch": ("Watch", "Regarder", "Ver"),
    "first": ("First", "Début", "Inicio"),
    "previous": ("Previous", "Précédent", "Anterior"),
    "next": ("Next", "Suivant", "Siguiente"),
    "last": ("Last", "Fin", "Final"),
    "step": ("Step", "Étape", "Paso"),
    "by": ("Step by", "Avancer par", "Avanzar por"),
    "event": ("event", "événement", "evento"),
    "move": ("move", "coup", "jugada"),
    "turn": ("turn", "tour", "turno"),
    "round": ("round", "manche", "ronda"),
    "perspective": ("Seen by", "Vu par", "Visto por"),
    "spectator": ("spectator", "spectateur", "espectador"),
    "omniscient": ("everyone (omniscient)", "tous (omniscient)", "todos (omnisciente)"),
    "seat": ("seat", "siège", "asiento"),
    "language": ("Language", "Langue", "Idioma"),
    "live": ("live", "en cours", "en vivo"),
    "finished": ("finished", "terminée", "terminada"),
    "abandoned": ("abandoned", "abandonnée", "abandonada"),
    "timeline": ("Timeline", "Chronologie", "Cronología"),
    "landscape": ("Landscape", "Paysage", "Paisaje"),
    "river": ("River", "Rivière", "Río"),
    "draw_pile": ("Draw pile", "Pioche", "Mazo"),
    "reserve": ("Reserve", "Réserve", "Reserva"),
    "powers": ("Power cards", "Cartes pouvoir", "Cartas de poder"),
    "centre": ("centre", "centre", "centro"),
    "pile": ("Pile", "Pile", "Pila"),
    "visible": ("visible card", "carte visible", "carta visible"),
    "hand": ("Hand", "Main", "Mano"),
    "penalty": ("Penalty", "Pénalité", "Penalización"),
    "totem": ("Totem", "Totem", "Tótem"),
    "hidden": ("hidden", "cachée", "oculta"),
    "empty": ("empty", "vide", "vacío"),
    "score": ("Score", "Score", "Puntuación"),
    "runs": ("runs", "suites", "series"),
    "diversity": ("diversity", "diversité", "diversidad"),
    "total": ("total", "total", "total"),
    "rank": ("rank", "rang", "puesto"),
    "active": ("to play", "à jouer", "juega"),
    "phase": ("phase", "phase", "fase"),
    "action_board": ("Action board", "Plateau d'actions", "Tablero de acciones"),
    "circle": ("Arctic Circle", "Cercle arctique", "Círculo polar"),
    "map": ("Map", "Carte", "Mapa"),
    "long_column": ("Long column", "Colonne longue", "Columna larga"),
    "short_column": ("Short column", "Colonne courte", "Columna corta"),
    "long_wheel": ("Long wheel", "Roue longue", "Rueda larga"),
    "short_wheel": ("Short wheel", "Roue courte", "Rueda corta"),
    "supply": ("Supply", "Réserve", "Suministro"),
    "release": ("Release area", "Zone de lâcher", "Zona de liberación"),
    "flora": ("Flora", "Flore", "Flora"),
    "deck": ("Deck", "Pioche", "Mazo"),
    "melted": ("melted", "fondue", "derretida"),
    "ice": ("ice", "glace", "hielo"),
    "pawn": ("pawn", "pion", "peón"),
    "forked_from": ("Forked from", "Bifurquée de", "Bifurcada de"),
    "forks": ("Forks", "Bifurcations", "Bifurcaciones"),
    "follow": ("following live moves", "suit les coups en direct", "sigue las jugadas en vivo"),
    "keys": ("← → step, Home/End first/last", "← → étape, Début/Fin", "← → paso, Inicio/Fin"),
}

_INDEX = {"en": 0, "fr": 1, "es": 2}


def word(key: str, lang: Language) -> str:
    return WORDS[key][_INDEX[lang]]
