"""The pages' own words in English, French and Spanish: the words of every page, whatever the game (event
descriptions come from the rules, a board's vocabulary from its kind's plug-in: ``GamePlugin.words``)."""

from __future__ import annotations

from domain.game import Language
from domain.kinds import game
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
    "hand": ("Hand", "Main", "Mano"),
    "hidden": ("hidden", "cachée", "oculta"),
    "empty": ("empty", "vide", "vacío"),
    "score": ("Score", "Score", "Puntuación"),
    "total": ("total", "total", "total"),
    "rank": ("rank", "rang", "puesto"),
    "active": ("to play", "à jouer", "juega"),
    "active_many": ("to play", "à jouer", "juegan"),
    "table_to_play": ("the table decides", "la table décide", "decide la mesa"),
    "phase": ("phase", "phase", "fase"),
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
}

_INDEX = {"en": 0, "fr": 1, "es": 2}


def word(key: str, lang: Language) -> str:
    """A word of the page itself (the shell the server writes)."""
    forms = WORDS.get(key) or ANALYSIS_WORDS[key]
    return forms[_INDEX[lang]]


def words(lang: Language, kind: str | None = None) -> dict[str, str]:
    """The ``ctx.words`` the board modules are given: the page's words in ``lang`` and the kind's board
    words (its plug-in's ``words``, read now: a kind registered later counts); no kind: the page's only."""
    plugin = game(kind) if kind is not None else None
    merged = {**WORDS, **ANALYSIS_WORDS, **(plugin.words if plugin is not None else {})}
    return {key: forms[_INDEX[lang]] for key, forms in merged.items()}
