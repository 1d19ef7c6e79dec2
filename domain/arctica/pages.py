"""What the pages need of Arctica (``GamePlugin`` fields, served by ``GET /kinds``): the board's words, the
titles of the table's moves and the start page's setup form."""

from __future__ import annotations

from domain.setup_form import SetupField, SetupForm, StartSeat, Wording, public_or_seeded, select

from .describe import WORDS as DESCRIBED

# The board's own words, key -> (en, fr, es): actions, families and generations as the timeline names
# them (the board and the texts say the same), the board's parts, phases and score categories.
WORDS: dict[str, tuple[str, str, str]] = {
    **{f"arctica_{key}": forms for key, forms in DESCRIBED.items()},
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
    "companion": ("companion", "compagnon", "compañero"),
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
    "score_board_tokens": ("tokens on the map", "jetons sur la carte", "fichas en el mapa"),
    "score_flora": ("Flora", "Flore", "Flora"),
    "score_ecosystem_cards": ("ecosystem cards", "cartes de l'écosystème", "cartas del ecosistema"),
    "score_majorities": ("majorities", "majorités", "mayorías"),
    "score_ice_trades": ("ice trades", "échanges de glace", "intercambios de hielo"),
    "score_effects": ("effects", "effets", "efectos"),
    # the packaged editions' labels, for a page listing them (``GET /editions`` says the English one)
    "edition_demo-1": (
        "Banquise demo edition — invented data, NOT the published game's",
        "Édition de démonstration Banquise — données inventées, PAS celles du jeu publié",
        "Edición de demostración de Banquise — datos inventados, NO los del juego publicado",
    ),
    "edition_forms-1": (
        "Banquise forms edition — invented data, NOT the published game's",
        "Édition « formes » de Banquise — données inventées, PAS celles du jeu publié",
        "Edición «formas» de Banquise — datos inventados, NO los del juego publicado",
    ),
}

# The title of a group of moves, by move type ("{p}": the player's name).
MOVE_TITLES: dict[str, str] = {
    "select_space": "{p} places the action pawn",
    "fauna": "{p} plays a Fauna card",
    "reproduction": "{p} reproduces",
    "ability": "{p} uses an ability",
    "flora": "{p} takes Flora",
    "migration": "{p} migrates",
    "draw": "{p} draws",
    "rotate_card": "{p} rotates a card and draws",
    "rotate_migration": "{p} rotates a card and migrates",
    "colony": "{p} founds a colony",
    "skip": "{p} skips",
    "record_majority": "The table records a majority",
    "collapse": "{p} resolves a collapse",
    "endangered": "{p} resolves endangered tokens",
    "reveal_events": "The table reveals the event sub-regions",
    "reveal_round_card": "The table reveals the round card",
    "adjust": "{p} adjusts",
    "event": "{p} resolves the event",
}

_SEEDED = {"mode": ["seeded"]}
_TABLE = {"mode": ["table"]}
TABLE_MODE = (
    "At the table, hands named: each card named as it is dealt or drawn",
    "À la table, mains nommées : chaque carte nommée quand elle est distribuée ou piochée",
    "En la mesa, manos nombradas: cada carta nombrada al repartirla o robarla",
)

# A game recorded at a table (public: what the whole table sees; table: the hands named as they are dealt
# and drawn, the round cards revealed as the table turns them) or dealt from a seed (seeded: the seed may
# also draw who starts), on one of the editions (``GET /editions``; the packaged demo offline).
SETUP_FORM = SetupForm(
    start_seat=StartSeat(key="start_player", drawn_when=_SEEDED),
    fields=[
        *public_or_seeded("seeded", more=[("table", TABLE_MODE)]),
        select(
            "edition",
            ("Arctica edition", "Édition d'Arctica", "Edición de Arctica"),
            [("demo-1", "demo-1")],
            options_from="/editions?kind=arctica",
        ),
        SetupField(
            key="hands",
            label="The hands dealt",
            words=Wording(en="The hands dealt", fr="Les mains distribuées", es="Las manos repartidas"),
            input="hands",
            shown_when=_TABLE,
            options_from="/kinds/arctica/hand-cards?edition={edition}",
        ),
    ],
)

# The recorder's questions and answers (``decision_paths.py``), key -> (en, fr, es): the game's vocabulary
# as the timeline writes it (``describe.WORDS``), ``{field}`` filled in, ``{n|one|many}`` counted.
DECISIONS: dict[str, tuple[str, str, str]] = {
    "table": ("the table", "la table", "la mesa"),
    "whose_move": ("Whose move is it?", "À qui de jouer ?", "¿A quién le toca?"),
    "card_n": ("Card {n}", "Carte {n}", "Carta {n}"),
    "cost_n": ("Cost {n}", "Coût {n}", "Coste {n}"),
    "flash_of": ("Flash of {card}", "Flash de {card}", "Flash de {card}"),
    "ability_of": ("Ability of {card}", "Capacité de {card}", "Habilidad de {card}"),
    "map_space": ("Map space {n}", "Case {n} de la carte", "Casilla {n} del mapa"),
    "circle_space": ("Circle space {n}", "Case {n} du cercle", "Casilla {n} del círculo"),
    "yes": ("Yes", "Oui", "Sí"),
    "no": ("No", "Non", "No"),
    "option": ("Option {n}", "Option {n}", "Opción {n}"),
    "shift": ("{Family} from {src} to {dst}", "{Family} {src} {dst}", "{Family} {src} {dst}"),
    "no_more": ("No more", "Rien de plus", "Nada más"),
    "token_on_circle": (
        "{Family} token on circle space {n}",
        "Jeton {family} sur la case {n} du cercle",
        "Ficha de {family} en la casilla {n} del círculo",
    ),
    "trading": (", trading {list}", ", en échangeant {list}", ", intercambiando {list}"),
    "colony_one": (
        "{Family} on map space {list}",
        "{Family} sur la case {list} de la carte",
        "{Family} en la casilla {list} del mapa",
    ),
    "colony_many": (
        "{Family} on map spaces {list}",
        "{Family} sur les cases {list} de la carte",
        "{Family} en las casillas {list} del mapa",
    ),
    "card_drawn": ("Which card was drawn?", "Quelle carte a été piochée ?", "¿Qué carta se robó?"),
    "cards_drawn": (
        "Which cards were drawn, in draw order? {n} in all",
        "Quelles cartes ont été piochées, dans l'ordre ? {n} en tout",
        "¿Qué cartas se robaron, en orden? {n} en total",
    ),
    "where_pawn": (
        "Where does {who} put the action pawn?",
        "Où {who} pose le pion action ?",
        "¿Dónde pone {who} el peón de acción?",
    ),
    "space": ("Space {n}", "Emplacement {n}", "Casilla {n}"),
    "which_wheel": (
        "Which action wheel does {who} turn, and which way?",
        "Quelle roue d'action tourne {who}, et dans quel sens ?",
        "¿Qué rueda de acción gira {who}, y en qué sentido?",
    ),
    "wheel": ("Wheel {n}", "Roue {n}", "Rueda {n}"),
    "which_way": (
        "Which way, a quarter turn?",
        "Dans quel sens, d'un quart de tour ?",
        "¿En qué sentido, un cuarto de vuelta?",
    ),
    "clockwise": ("Clockwise: {facing}", "Sens horaire : {facing}", "Sentido horario: {facing}"),
    "counterclockwise": (
        "Counterclockwise: {facing}",
        "Sens antihoraire : {facing}",
        "Sentido antihorario: {facing}",
    ),
    "and": ("{a} and {b}", "{a} et {b}", "{a} y {b}"),
    "pass": ("Pass", "Passer", "Pasar"),
    "skip": ("Skip {action}", "Renoncer : {action}", "Renunciar: {action}"),
    "which_action": ("Which action does {who} take?", "Quelle action pour {who} ?", "¿Qué acción toma {who}?"),
    "which_fauna": (
        "Which Fauna card does {who} play?",
        "Quelle carte Faune joue {who} ?",
        "¿Qué carta de Fauna juega {who}?",
    ),
    "discard_one": (
        "Which card does {who} discard to pay?",
        "Quelle carte défausse {who} pour payer ?",
        "¿Qué carta descarta {who} para pagar?",
    ),
    "discard_many": (
        "Which cards does {who} discard to pay? {n} in all, one at a time",
        "Quelles cartes défausse {who} pour payer ? {n} en tout, une à une",
        "¿Qué cartas descarta {who} para pagar? {n} en total, una a una",
    ),
    "which_top": (
        "Which top card does {who} use?",
        "Quelle carte du dessus utilise {who} ?",
        "¿Qué carta de arriba usa {who}?",
    ),
    "which_migrates": ("Which token migrates?", "Quel jeton migre ?", "¿Qué ficha migra?"),
    "no_more_migration": ("No more migration", "Plus de migration", "No más migraciones"),
    "no_migration": ("No migration", "Pas de migration", "Sin migración"),
    "map_space_in": ("Map space {n}, {sub}", "Case {n} de la carte, {sub}", "Casilla {n} del mapa, {sub}"),
    "which_species": (
        "Which species does {who} release?",
        "Quelle espèce relâche {who} ?",
        "¿Qué especie libera {who}?",
    ),
    "which_spaces": (
        "Which map spaces, one at a time?",
        "Quelles cases de la carte, une à une ?",
        "¿Qué casillas del mapa, una a una?",
    ),
    "no_more_spaces": ("No more spaces", "Plus de case", "No más casillas"),
    "trade_on_ice": (
        "Trade on ice tile 6: {list}",
        "Échange sur la tuile glace 6 : {list}",
        "Intercambio en la loseta de hielo 6: {list}",
    ),
    "no_trade": ("No trade", "Pas d'échange", "Sin intercambio"),
    "trade_question": (
        "Trade tokens on ice tile 6, 1 Flora each?",
        "Échanger des jetons sur la tuile glace 6, 1 Flore chacun ?",
        "¿Intercambiar fichas en la loseta de hielo 6, 1 de Flora cada una?",
    ),
    "cause_question": ("{cause}: {question}", "{cause} : {question}", "{cause}: {question}"),
    "q_migration": ("which token migrates?", "quel jeton migre ?", "¿qué ficha migra?"),
    "q_optional": ("take the optional effect?", "appliquer l'effet facultatif ?", "¿aplicar el efecto opcional?"),
    "q_choice": ("which effect?", "quel effet ?", "¿qué efecto?"),
    "q_token": ("which token moves?", "quel jeton bouge ?", "¿qué ficha se mueve?"),
    "q_reproduction": ("an extra Reproduction?", "une Reproduction en plus ?", "¿una Reproducción extra?"),
    "q_colony": ("an extra Colony?", "une Colonie en plus ?", "¿una Colonia extra?"),
    "q_target": ("which player?", "quel joueur ?", "¿qué jugador?"),
    "q_other": ("what does {who} choose?", "que choisit {who} ?", "¿qué elige {who}?"),
    "which_round_card": (
        "Which round card is turned face up?",
        "Quelle carte de manche est retournée ?",
        "¿Qué carta de ronda se descubre?",
    ),
    "bp": ("{n} BP", "{n} PB", "{n} PB"),
    "majority_points": (
        "Majority in {region}: how many BP does {who} score?",
        "Majorité en {region} : combien de PB marque {who} ?",
        "Mayoría en {region}: ¿cuántos PB gana {who}?",
    ),
    "which_collapses": (
        "Which species of {who} collapses?",
        "Quelle espèce de {who} s'effondre ?",
        "¿Qué especie de {who} colapsa?",
    ),
    "which_tokens": (
        "Which {n} tokens does {who} discard, one at a time?",
        "Quels {n} jetons défausse {who}, un à un ?",
        "¿Qué {n} fichas descarta {who}, una a una?",
    ),
    "pay_flora": ("Pay {n} Flora", "Payer {n} Flore", "Pagar {n} de Flora"),
    "destroy": ("Destroy {card}", "Détruire {card}", "Destruir {card}"),
    "endangered": (
        "Endangered species: what does {who} do?",
        "Espèces menacées : que fait {who} ?",
        "Especies amenazadas: ¿qué hace {who}?",
    ),
    "which_subregion": (
        "Which sub-region of {region} is hit?",
        "Quelle sous-région de {region} est frappée ?",
        "¿Qué subregión de {region} es golpeada?",
    ),
    "flee": (
        "The {family} token of {who} on map space {n}: does it flee, 1 Flora?",
        "Le jeton {family} de {who} sur la case {n} de la carte : fuit-il, 1 Flore ?",
        "La ficha de {family} de {who} en la casilla {n} del mapa: ¿huye, 1 de Flora?",
    ),
    "stays": ("No, it is discarded", "Non, il est défaussé", "No, se descarta"),
    "flees": ("Yes, it flees", "Oui, il fuit", "Sí, huye"),
    "where_to": ("Where to?", "Où ?", "¿Adónde?"),
    "rules_say": ("Where the rules say", "Où la règle le dit", "Donde dice la regla"),
    "trade_it": ("Trade it on ice tile 6", "L'échanger sur la tuile glace 6", "Intercambiarla en la loseta de hielo 6"),
    "trade_it_question": (
        "Trade it on ice tile 6?",
        "L'échanger sur la tuile glace 6 ?",
        "¿Intercambiarla en la loseta de hielo 6?",
    ),
    "the_event": ("The event: {who}", "L'événement : {who}", "El evento: {who}"),
    "nothing_to_save": ("Nothing to save", "Rien à sauver", "Nada que salvar"),
    # an effect as a card prints it, in words ("+2 Flora, draw 1 card"): ``building._form``
    "f_pay": ("pay {n} Flora", "payer {n} Flore", "pagar {n} de Flora"),
    "f_flora": ("+{n} Flora", "+{n} Flore", "+{n} de Flora"),
    "f_draw": ("draw {n|card|cards}", "piocher {n|carte|cartes}", "robar {n|carta|cartas}"),
    "f_bp": ("+{n} BP", "+{n} PB", "+{n} PB"),
    "f_migrations": ("{n|migration|migrations}", "{n|migration|migrations}", "{n|migración|migraciones}"),
    "f_nothing": ("nothing", "rien", "nada"),
    "f_then": (" then ", " puis ", " y luego "),
    "f_or": (" or ", " ou ", " o "),
    "f_optionally": ("optionally {x}", "au choix {x}", "opcionalmente {x}"),
    "f_per": ("{x}, per counted thing", "{x}, par élément compté", "{x}, por cada elemento contado"),
    "f_times": ("{x}, {n|time|times}", "{x}, {n|fois|fois}", "{x}, {n|vez|veces}"),
    "f_for": ("{x} for {who}", "{x} pour {who}", "{x} para {who}"),
    "f_move": (
        "move {count} {what} from {src} to {dst}",
        "déplacer {count} {what} {src} {dst}",
        "mover {count} {what} {src} {dst}",
    ),
    "f_up_to": ("up to {n}", "jusqu'à {n}", "hasta {n}"),
    "f_token": ("{family} token", "jeton {family}", "ficha de {family}"),
    "f_tokens": ("{family} tokens", "jetons {family}", "fichas de {family}"),
    "f_animal": ("animal", "animal", "animal"),
    "f_rotate": (
        "rotate the generation wheels {n|time|times}",
        "tourner les roues de génération {n|fois|fois}",
        "girar las ruedas de generación {n|vez|veces}",
    ),
    "f_extra": ("an extra {action}", "une action {action} en plus", "una acción {action} extra"),
    "f_effect": ("an effect", "un effet", "un efecto"),
    "w_chosen": ("a chosen player", "un joueur choisi", "un jugador elegido"),
    "w_each_opponent": ("each opponent", "chaque adversaire", "cada rival"),
    "w_left": ("the left neighbour", "le voisin de gauche", "el vecino de la izquierda"),
    "w_right": ("the right neighbour", "le voisin de droite", "el vecino de la derecha"),
    "w_each_player": ("each player", "chaque joueur", "cada jugador"),
    "w_another": ("another player", "un autre joueur", "otro jugador"),
}
DECISIONS.update(
    {
        # a token's place as a noun (a collapse's tokens): ``{i}`` the wheel slot, map or circle space
        "z_supply": ("the supply", "la réserve", "la reserva"),
        "z_release": ("the release area", "la zone de relâche", "la zona de liberación"),
        "z_long_wheel": ("slot {i} of the long wheel", "case {i} de la roue longue", "casilla {i} de la rueda larga"),
        "z_short_wheel": ("slot {i} of the short wheel", "case {i} de la roue courte", "casilla {i} de la rueda corta"),
        "z_map": ("map space {i}", "case {i} de la carte", "casilla {i} del mapa"),
        "z_circle": ("circle space {i}", "case {i} du cercle", "casilla {i} del círculo"),
        # a second (third) token of a collapse from the same place (the release area)
        "nth_2": ("{place}, a second token", "{place}, un deuxième jeton", "{place}, una segunda ficha"),
        "nth_3": ("{place}, a third token", "{place}, un troisième jeton", "{place}, una tercera ficha"),
    }
)
