"""The viewer's own words in English, French and Spanish (event descriptions come from the rules)."""

from __future__ import annotations

from domain.game import Language
from domain.kinds import registered_games
from service.http.viewer.analysis_words import ANALYSIS_WORDS

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
    "load_steps": (
        "Show steps {first} to {last}",
        "Afficher les étapes {first} à {last}",
        "Mostrar los pasos {first} a {last}",
    ),
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
    "player": ("Player", "Joueur", "Jugador"),
    "send_bgstats": ("Send to BG Stats", "Envoyer à BG Stats", "Enviar a BG Stats"),
    "bgg_play": ("BGG play", "Partie BGG", "Partida BGG"),
    "players": ("Players", "Joueurs", "Jugadores"),
    "board": ("Board", "Plateau", "Tablero"),
    "game_over": ("Game over", "Partie terminée", "Partida terminada"),
    "winner": ("winner", "gagnant", "ganador"),
    "live_score": ("Running score", "Score en cours", "Puntuación en curso"),
    "public_only": (
        "public categories only: the totems count at the end",
        "catégories publiques seulement : les totems comptent à la fin",
        "solo categorías públicas: los tótems cuentan al final",
    ),
    "taken_back": ("taken back", "annulé", "deshecho"),
    # a correction's entry, in the timeline's own numbering (its steps, not the API's move numbers)
    "step_taken_back": ("Step {first} taken back", "Étape {first} annulée", "Paso {first} deshecho"),
    "steps_taken_back": (
        "Steps {first}-{last} taken back",
        "Étapes {first} à {last} annulées",
        "Pasos {first} a {last} deshechos",
    ),
    "taken_back_at": (
        "Taken back by the correction at step {n}: the board as the table saw it then",
        "Annulé par la correction de l'étape {n} : le plateau tel que la table l'a vu alors",
        "Deshecho por la corrección del paso {n}: el tablero tal como lo vio la mesa entonces",
    ),
    "correction": ("Correction", "Correction", "Corrección"),
    "reason": ("reason", "motif", "motivo"),
    "placement": ("place", "pose", "coloca"),
    "draw_value": ("draw", "pioche", "roba"),
    "placement_long": ("placement value", "valeur de pose", "valor de colocación"),
    "draw_long": ("draw value", "valeur de pioche", "valor de robo"),
    "companion": ("companion", "compagnon", "compañero"),
    "card_of": ("{animal} card {number}", "carte {animal} {number}", "carta de {animal} {number}"),
    "cost": ("cost", "coût", "coste"),
    "bp": ("BP", "PB", "PB"),
    "generation_long": ("long generation", "génération longue", "generación larga"),
    "generation_short": ("short generation", "génération courte", "generación corta"),
    "wheel": ("wheel", "roue", "rueda"),
    "space": ("space", "case", "casilla"),
    "orientation": ("orientation", "orientation", "orientación"),
    "offered": ("offered", "proposées", "ofrecidas"),
    "slot": ("slot", "emplacement", "hueco"),
    "selection": ("selection", "sélection", "selección"),
    "token_of": ("{family} token of {player}", "jeton {family} de {player}", "ficha de {family} de {player}"),
    "bonus": ("bonus", "bonus", "bonificación"),
    "discard": ("Discard pile", "Défausse", "Descarte"),
    "unknown_card": ("unseen card", "carte inconnue", "carta desconocida"),
    "phase_setup": ("setup", "mise en place", "preparación"),
    "phase_place": ("placing cards", "pose des cartes", "colocación de cartas"),
    "phase_place_end": ("end of placing", "fin de la pose", "fin de la colocación"),
    "phase_tokens": ("moving tokens", "déplacement des jetons", "movimiento de fichas"),
    "phase_walrus": ("walrus power", "pouvoir du morse", "poder de la morsa"),
    "phase_draw": ("drawing cards", "pioche", "robo de cartas"),
    "phase_discard": ("discarding (hand limit)", "défausse (limite de main)", "descarte (límite de mano)"),
    "phase_give": ("giving a penalty card", "don d'une carte pénalité", "entrega de una carta de penalización"),
    "phase_end_turn": ("end of the turn", "fin du tour", "fin del turno"),
    "phase_between": ("between turns", "entre deux tours", "entre turnos"),
    "phase_totems": ("totems revealed", "révélation des totems", "revelación de los tótems"),
    "phase_finished": ("game over", "partie terminée", "partida terminada"),
    "phase_select": ("pawn and wheel", "pion et roue", "peón y rueda"),
    "phase_actions": ("actions", "actions", "acciones"),
    "phase_melt": ("ice melting", "fonte de la glace", "deshielo"),
    "phase_majority": ("majorities", "majorités", "mayorías"),
    "phase_collapse": ("collapses", "effondrements", "colapsos"),
    "phase_endangered": ("endangered species", "espèces menacées", "especies amenazadas"),
    "phase_reveal": ("event revealed", "révélation de l'événement", "revelación del evento"),
    "phase_events": ("events", "événements", "eventos"),
    "phase_scoring": ("final scoring", "décompte final", "recuento final"),
    "score_runs": ("runs", "suites", "series"),
    "score_diversity": ("diversity", "diversité", "diversidad"),
    "score_totem": ("totem", "totem", "tótem"),
    "score_penalty": ("penalty", "pénalité", "penalización"),
    "score_board_tokens": ("tokens on the map", "jetons sur la carte", "fichas en el mapa"),
    "score_flora": ("Flora", "Flore", "Flora"),
    "score_ecosystem_cards": ("ecosystem cards", "cartes de l'écosystème", "cartas del ecosistema"),
    "score_majorities": ("majorities", "majorités", "mayorías"),
    "score_ice_trades": ("ice trades", "échanges de glace", "intercambios de hielo"),
    "score_effects": ("effects", "effets", "efectos"),
}

_INDEX = {"en": 0, "fr": 1, "es": 2}


def _all() -> dict[str, tuple[str, str, str]]:
    """The viewer's words and each registered kind's board words (read now: a kind registered later counts)."""
    merged = dict(WORDS)
    merged.update(ANALYSIS_WORDS)
    for plugin in registered_games():
        merged.update(plugin.words)
    return merged


def word(key: str, lang: Language) -> str:
    forms = WORDS.get(key) or ANALYSIS_WORDS.get(key) or _all()[key]
    return forms[_INDEX[lang]]


def words(lang: Language) -> dict[str, str]:
    """Every word in ``lang``: the ``ctx.words`` the board modules are given."""
    return {key: forms[_INDEX[lang]] for key, forms in _all().items()}
