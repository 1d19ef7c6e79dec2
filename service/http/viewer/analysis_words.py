"""The analysis panel's words (``static/analysis.js``), in English, French and Spanish; merged into the
viewer's (``words.py``) so the board modules' ``ctx.words`` carries them."""

from __future__ import annotations

ANALYSIS_WORDS: dict[str, tuple[str, str, str]] = {
    "analysis": ("Analysis", "Analyse", "Análisis"),
    "analysis_ask": ("Analyse this game", "Analyser cette partie", "Analizar esta partida"),
    # a live game's owner, on the recorder's page: the outlook of the moves recorded so far
    "analysis_outlook": (
        "See the outlook so far",
        "Voir les perspectives à ce stade",
        "Ver las perspectivas hasta ahora",
    ),
    "analysis_update": ("Update the outlook", "Mettre à jour les perspectives", "Actualizar las perspectivas"),
    "analysis_latest": (
        "Last decision judged: move {move}, {player}: {verdict}",
        "Dernière décision jugée : coup {move}, {player} : {verdict}",
        "Última decisión juzgada: jugada {move}, {player}: {verdict}",
    ),
    "analysis_loading": ("Reading the analysis…", "Lecture de l'analyse…", "Leyendo el análisis…"),
    "analysis_progress": (
        "Analysing: {done} of {total} moves",
        "Analyse en cours : {done} coups sur {total}",
        "Analizando: {done} de {total} jugadas",
    ),
    "analysis_failed": (
        "The analysis failed: {reason}",
        "L'analyse a échoué : {reason}",
        "El análisis falló: {reason}",
    ),
    "analysis_unavailable": ("No analysis: {reason}", "Pas d'analyse : {reason}", "Sin análisis: {reason}"),
    "analysis_key_needed": (
        "Asking for an analysis takes an API key: enter yours on the recorder page (this device keeps it), then "
        "ask again",
        "Demander une analyse demande une clé d'API : saisissez la vôtre sur la page d'enregistrement (cet "
        "appareil la garde), puis demandez à nouveau",
        "Pedir un análisis requiere una clave de API: introduzca la suya en la página de registro (este "
        "dispositivo la guarda) y vuelva a pedirlo",
    ),
    "analysis_graph": (
        "Win chance by move (everything known); arrows move along, a click goes to the move",
        "Chance de victoire par coup (tout connu) ; les flèches s'y déplacent, un clic va au coup",
        "Probabilidad de ganar por jugada (todo conocido); las flechas la recorren, un clic va a la jugada",
    ),
    "analysis_caption": (
        "Each player's chance of winning after each move (0 to 100%, everything known); marks below: the "
        "decisions judged an inaccuracy (yellow), a mistake (orange) or a blunder (red)",
        "La chance de gagner de chacun après chaque coup (0 à 100 %, tout connu) ; marques en bas : les "
        "décisions jugées imprécision (jaune), erreur (orange) ou gaffe (rouge)",
        "La probabilidad de ganar de cada jugador tras cada jugada (0 a 100 %, todo conocido); marcas abajo: "
        "decisiones juzgadas imprecisión (amarillo), error (naranja) o error grave (rojo)",
    ),
    "analysis_point": ("Move {move}: {chances}", "Coup {move} : {chances}", "Jugada {move}: {chances}"),
    # the shaded band around each line: where the estimate may be (two standard errors of its rollouts)
    "analysis_band": (
        "Shaded: where each chance may be (± {points} points at most: the estimate's own uncertainty)",
        "En grisé : où chaque chance peut être (± {points} points au plus : l'incertitude de l'estimation)",
        "Sombreado: dónde puede estar cada probabilidad (± {points} puntos como mucho: la incertidumbre de la "
        "estimación)",
    ),
    "analysis_evaluation": ("Evaluation: {evaluation}", "Évaluation : {evaluation}", "Evaluación: {evaluation}"),
    "analysis_table": (
        "Win chance by move, as a table",
        "Chances de victoire par coup, en tableau",
        "Probabilidad de ganar por jugada, en tabla",
    ),
    "analysis_accuracy": ("Accuracy", "Précision", "Precisión"),
    "analysis_judged": ("Decisions judged", "Décisions jugées", "Decisiones juzgadas"),
    "analysis_verdict": ("Judgement", "Jugement", "Juicio"),
    "analysis_better": ("Better: {best}", "Mieux : {best}", "Mejor: {best}"),
    "analysis_move": ("Move", "Coup", "Jugada"),
    # the number after its noun: right for 1 as for 16 ("1 rollouts per estimate" at budget 1)
    "analysis_budget": (
        "Rollouts per estimate: {budget}; rollout policy: {policy}",
        "Simulations par estimation : {budget} ; politique de simulation : {policy}",
        "Simulaciones por estimación: {budget}; política de simulación: {policy}",
    ),
    "verdict_inaccuracy": ("inaccuracy", "imprécision", "imprecisión"),
    "verdict_mistake": ("mistake", "erreur", "error"),
    "verdict_blunder": ("blunder", "gaffe", "error grave"),
    "verdict_good": ("good", "bon", "bueno"),
    "verdict_best": ("best", "meilleur", "mejor"),
}
