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
                catalogue.ANIMAL_NAMES["en"][i].capitalize(),
                [("A", "A"), ("B", "B")],
                shown_when=_PUBLIC,
                group="Power cards: the side up",
            )
            for i, animal in enumerate(catalogue.ANIMALS)
        ),
    ],
)
