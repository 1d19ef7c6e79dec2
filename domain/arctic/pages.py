"""What the pages need of Arctic (``GamePlugin`` fields, served by ``GET /kinds``): the board's words, the
titles of the table's moves and the start page's setup form."""

from __future__ import annotations

from domain.setup_form import SetupForm, StartSeat, public_or_seeded, select

from . import catalogue

# The board's own words, key -> (en, fr, es): the animals as the timeline names them (the board and the
# texts say the same), the board's parts, phases and score categories.
WORDS: dict[str, tuple[str, str, str]] = {
    **{
        f"animal_{animal}": (
            catalogue.ANIMAL_NAMES["en"][i],
            catalogue.ANIMAL_NAMES["fr"][i],
            catalogue.ANIMAL_NAMES["es"][i],
        )
        for i, animal in enumerate(catalogue.ANIMALS)
    },
    "landscape": ("Landscape", "Paysage", "Paisaje"),
    "river": ("River", "Rivière", "Río"),
    "draw_pile": ("Draw pile", "Pioche", "Mazo"),
    "reserve": ("Reserve", "Réserve", "Reserva"),
    "powers": ("Power cards", "Cartes pouvoir", "Cartas de poder"),
    "centre": ("centre", "centre", "centro"),
    "pile": ("Pile", "Pile", "Pila"),
    "visible": ("visible card", "carte visible", "carta visible"),
    "penalty": ("Penalty", "Pénalité", "Penalización"),
    "totem": ("Totem", "Totem", "Tótem"),
    "runs": ("runs", "suites", "series"),
    "diversity": ("diversity", "diversité", "diversidad"),
    "live_score_note": (
        "public categories only: the totems count at the end",
        "catégories publiques seulement : les totems comptent à la fin",
        "solo categorías públicas: los tótems cuentan al final",
    ),
    "placement": ("place", "pose", "coloca"),
    "draw_value": ("draw", "pioche", "roba"),
    "placement_long": ("placement value", "valeur de pose", "valor de colocación"),
    "draw_long": ("draw value", "valeur de pioche", "valor de robo"),
    "companion": ("companion", "compagnon", "compañero"),
    "card_of": ("{animal} card {number}", "carte {animal} {number}", "carta de {animal} {number}"),
    "slot": ("slot", "emplacement", "hueco"),
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
    "score_runs": ("runs", "suites", "series"),
    "score_diversity": ("diversity", "diversité", "diversidad"),
    "score_totem": ("totem", "totem", "tótem"),
    "score_penalty": ("penalty", "pénalité", "penalización"),
}

# The title of a group of moves, by move type ("{p}": the player's name).
MOVE_TITLES: dict[str, str] = {
    "PlaceCard": "{p} places a card",
    "PuffinSwap": "{p} swaps a card with the River (Puffin A)",
    "PuffinTakeBack": "{p} takes the visible card back (Puffin B)",
    "UseMooseB": "{p} uses Moose B",
    "SetDrawDelta": "{p} uses Moose A",
    "EndStep": "{p} ends the step",
    "MoveTokens": "{p} moves a token up",
    "WalrusStep": "{p} moves a token (Walrus)",
    "TakeFromRiver": "{p} takes a card from the River",
    "TakeFromDrawPile": "{p} takes the top card of the draw pile (Orca B)",
    "TakeFromPenalty": "{p} takes a card back from the penalty zone (Polar bear A)",
    "Discard": "{p} discards a card",
    "GivePenalty": "{p} gives a penalty card (Polar bear B)",
    "RevealRiver": "The table reveals a River card",
    "RevealCard": "{p} shows a card",
    "RevealPileCard": "The table reveals a card of a pile",
    "RevealTotem": "{p} reveals the totem",
    "DeclareFoxWild": "{p} declares a Fox wild card",
}

_PUBLIC = {"mode": ["public"]}


def _said(en: str, fr: str, es: str) -> tuple[str, str, str]:
    return (en, fr, es)


# A game recorded at a table (public: what the table sees, the power cards' sides as laid out) or dealt
# from a seed (full: every card known); who starts is always a seat.
SETUP_FORM = SetupForm(
    start_seat=StartSeat(key="start_seat"),
    fields=[
        *public_or_seeded("full"),
        *(
            select(
                f"power_sides.{animal}",
                # a label starts a line: "Polar bear", as the power cards' list names it
                _said(*(catalogue.ANIMAL_NAMES[lang][i].capitalize() for lang in ("en", "fr", "es"))),
                [("A", "A"), ("B", "B")],
                shown_when=_PUBLIC,
                group=(
                    "Power cards: the side up",
                    "Cartes pouvoir : la face visible",
                    "Cartas de poder: la cara visible",
                ),
            )
            for i, animal in enumerate(catalogue.ANIMALS)
        ),
    ],
)

# The recorder's questions and answers (``decision_paths.py``), key -> (en, fr, es): the animals and cards as the
# timeline names them (``describe``), ``{field}`` filled in.
DECISIONS: dict[str, tuple[str, str, str]] = {
    "table": ("the table", "la table", "la mesa"),
    "whose_move": ("Whose move is it?", "À qui de jouer ?", "¿A quién le toca?"),
    "what": ("What does {who} do?", "Que fait {who} ?", "¿Qué hace {who}?"),
    "swap": (
        "Puffin A: swap a hand card with the River",
        "Macareux A : échanger une carte de la main avec la Rivière",
        "Frailecillo A: cambiar una carta de la mano con el Río",
    ),
    "take-back": (
        "Puffin B: take the visible card back",
        "Macareux B : reprendre la carte visible",
        "Frailecillo B: recuperar la carta visible",
    ),
    "river": ("Take a card from the River", "Prendre une carte de la Rivière", "Tomar una carta del Río"),
    "pile": (
        "Orca B: take the top card of the draw pile",
        "Orque B : prendre la carte du dessus de la pioche",
        "Orca B: tomar la carta de arriba del mazo",
    ),
    "penalty": (
        "Polar bear A: take a card back from the penalty zone",
        "Ours polaire A : reprendre une carte de la zone de pénalité",
        "Oso polar A: recuperar una carta de la zona de penalización",
    ),
    "discard": (
        "Discard a card into the penalty zone",
        "Défausser une carte dans la zone de pénalité",
        "Descartar una carta en la zona de penalización",
    ),
    "give": (
        "Polar bear B: give a penalty card",
        "Ours polaire B : donner une carte de pénalité",
        "Oso polar B: dar una carta de penalización",
    ),
    "end": ("End this step, declining", "Finir cette étape, en renonçant", "Terminar este paso, renunciando"),
    "reveal-river": (
        "Reveal the card turned into the River",
        "Révéler la carte retournée dans la Rivière",
        "Revelar la carta descubierta en el Río",
    ),
    "totem": ("Reveal the totem", "Révéler le totem", "Revelar el tótem"),
    "place": ("Place a card", "Poser une carte", "Colocar una carta"),
    "place-face-down": (
        "Fox A: place a card face down under the visible card",
        "Renard A : poser une carte face cachée sous la carte visible",
        "Zorro A: colocar una carta boca abajo bajo la carta visible",
    ),
    "place-bottom": (
        "Fox B: place a card at the bottom",
        "Renard B : poser une carte en dessous",
        "Zorro B: colocar una carta debajo",
    ),
    "moose-b": ("Moose B: placement value {d}", "Élan B : valeur de pose {d}", "Alce B: valor de colocación {d}"),
    "moose-a": ("Moose A: draw value {d}", "Élan A : valeur de pioche {d}", "Alce A: valor de robo {d}"),
    "up": ("Move the {animal} token up", "Monter le jeton {animal}", "Subir la ficha de {animal}"),
    "show-hand": ("Show a hand card", "Montrer une carte de la main", "Mostrar una carta de la mano"),
    "show-penalty": ("Show a penalty card", "Montrer une carte de pénalité", "Mostrar una carta de penalización"),
    "turn-over": (
        "Turn over a face-down pile card",
        "Retourner une carte cachée de la pile",
        "Dar la vuelta a una carta boca abajo de la pila",
    ),
    "walrus-up": ("Walrus: move the token up", "Morse : monter le jeton", "Morsa: subir la ficha"),
    "walrus-down": ("Walrus: move the token down", "Morse : descendre le jeton", "Morsa: bajar la ficha"),
    "fox-wild": (
        "Fox A: say what a face-down card counts as",
        "Renard A : dire ce que compte une carte cachée",
        "Zorro A: decir qué cuenta una carta boca abajo",
    ),
    "which_place": ("Which card does {who} place?", "Quelle carte pose {who} ?", "¿Qué carta coloca {who}?"),
    "which_swap": (
        "Which hand card does {who} swap?",
        "Quelle carte de la main échange {who} ?",
        "¿Qué carta de la mano cambia {who}?",
    ),
    "which_slot_with": (
        "With the card of which River slot?",
        "Avec la carte de quel emplacement de la Rivière ?",
        "¿Con la carta de qué hueco del Río?",
    ),
    "no_refill": ("Orca A: no refill", "Orque A : pas de réapprovisionnement", "Orca A: sin reponer"),
    "refill": ("Refill the River", "Réapprovisionner la Rivière", "Reponer el Río"),
    "which_river": (
        "Which River card does {who} take?",
        "Quelle carte de la Rivière prend {who} ?",
        "¿Qué carta del Río toma {who}?",
    ),
    "refill_now": ("Refill the River now?", "Réapprovisionner la Rivière maintenant ?", "¿Reponer el Río ahora?"),
    "which_take": ("Which card does {who} take?", "Quelle carte prend {who} ?", "¿Qué carta toma {who}?"),
    "which_discard": ("Which card does {who} discard?", "Quelle carte défausse {who} ?", "¿Qué carta descarta {who}?"),
    "to_whom": ("To whom?", "À qui ?", "¿A quién?"),
    "which_penalty": ("Which penalty card?", "Quelle carte de pénalité ?", "¿Qué carta de penalización?"),
    "which_slot": ("Which River slot?", "Quel emplacement de la Rivière ?", "¿Qué hueco del Río?"),
    "slot": ("River slot {n}", "Emplacement {n} de la Rivière", "Hueco {n} del Río"),
    "slot_card": ("River slot {n}: {card}", "Emplacement {n} de la Rivière : {card}", "Hueco {n} del Río: {card}"),
    "which_turned": (
        "River slot {n}: which card was turned face up?",
        "Emplacement {n} de la Rivière : quelle carte a été retournée ?",
        "Hueco {n} del Río: ¿qué carta se descubrió?",
    ),
    "which_show": ("Which card does {who} show?", "Quelle carte montre {who} ?", "¿Qué carta muestra {who}?"),
    "which_down": (
        "Which face-down card of the pile of {who}?",
        "Quelle carte cachée de la pile de {who} ?",
        "¿Qué carta boca abajo de la pila de {who}?",
    ),
    "pile_card": (
        "Pile card {n} from the bottom",
        "Carte {n} de la pile en partant du bas",
        "Carta {n} de la pila desde abajo",
    ),
    "which_is_it": ("Which card is it?", "Quelle carte est-ce ?", "¿Qué carta es?"),
    "which_totem": (
        "Which animal is the totem of {who}?",
        "Quel animal est le totem de {who} ?",
        "¿Qué animal es el tótem de {who}?",
    ),
    "counts_as": ("Which animal does it count as?", "Elle compte comme quel animal ?", "¿Como qué animal cuenta?"),
    "unnamed": ("A card, unnamed", "Une carte, non nommée", "Una carta, sin nombrar"),
    "face_down": (
        "One of the cards nobody has seen",
        "Une des cartes que personne n'a vues",
        "Una de las cartas que nadie ha visto",
    ),
    "draw_n": ("Draw {n}", "Pioche {n}", "Robo {n}"),
    "deck_n": ("Deck {n}", "Paquet {n}", "Mazo {n}"),
    "note": (
        "A note: a card shown, a Fox declared wild",
        "Une note : une carte montrée, un Renard déclaré",
        "Una nota: una carta mostrada, un Zorro declarado",
    ),
    "notes_whose": ("Whose note is it?", "La note de qui ?", "¿De quién es la nota?"),
}
