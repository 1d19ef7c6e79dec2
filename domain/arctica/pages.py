"""What the pages need of Arctica (``GamePlugin`` fields, served by ``GET /kinds``): the board's words, the
titles of the table's moves and the start page's setup form."""

from __future__ import annotations

from domain.setup_form import SetupForm, StartSeat, public_or_seeded, select

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

# A game recorded at a table (public) or dealt from a seed (seeded: the seed may also draw who starts),
# on one of the editions (``GET /editions``; the packaged demo offline).
SETUP_FORM = SetupForm(
    start_seat=StartSeat(key="start_player", drawn_when=_SEEDED),
    fields=[
        *public_or_seeded("seeded"),
        select("edition", "Arctica edition", [("demo-1", "demo-1")], options_from="/editions"),
    ],
)
