"""What a client asks to start a game of a kind: a plug-in's setup form (``GamePlugin.setup_form``).

The recorder's start page (and any client) builds its form from this declaration, served by ``GET
/kinds``, so that no page copies a kind's setup shapes: the players (as many as the kind's
``player_counts``) are always asked; the form adds who starts and the kind's own fields. Each field
names where its value goes in the setup (``power_sides.fox``: the ``fox`` key of ``power_sides``), and
may be asked only while other fields hold given values (``shown_when``): the seed of a seeded game.
"""

from __future__ import annotations

from typing import Final, Literal

import msgspec

# Another field's values for which a field is asked (and sent): field key -> the values.
Condition = dict[str, list[str]]
# A label in the three languages the pages speak: (en, fr, es).
Said = tuple[str, str, str]


class Wording(msgspec.Struct, frozen=True, kw_only=True):
    """One word or label in the languages the pages speak."""

    en: str
    fr: str
    es: str


def _wording(said: Said | None) -> Wording | None:
    return None if said is None else Wording(en=said[0], fr=said[1], es=said[2])


class Option(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One choice of a ``select`` field: the value sent, the label shown (``words``: in each language)."""

    value: str
    label: str
    words: Wording | None = None


class SetupField(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One question of the form, and where its answer goes in the setup."""

    # The setup's key it fills, dotted for a key of a mapping ("power_sides.fox").
    key: str
    label: str
    # ``label`` in each language the pages speak (``group_words``: the group's legend)
    words: Wording | None = None
    group_words: Wording | None = None
    # ``select``: one of ``options`` (a string); ``number``: a whole number, required while asked;
    # ``hands``: each seat's cards, named from the :class:`HandCards` ``options_from`` answers (its ``{key}``
    # parts are the values of those fields, its ``lang`` the page's), one list per seat.
    input: Literal["select", "number", "hands"] = "select"
    options: list[Option] = []
    # The value first shown (a ``select``'s: one of its options).
    default: str | None = None
    # The field is asked and sent only while each named field holds one of the values.
    shown_when: Condition = {}
    # Fields of one group are asked together under this legend ("Power cards: the side up").
    group: str | None = None
    # A path of the API listing the options (items with an ``id``, and a ``label`` and ``version`` when
    # they have them); ``options`` are what the form offers until it answers (offline).
    options_from: str | None = None


class HandCard(msgspec.Struct, frozen=True, kw_only=True):
    """A card a hand may be dealt: the value sent in the setup, its printed name, the groups a page
    narrows a long list by (outermost first: a family, then a cost), in the table's words."""

    value: int | str
    label: str
    groups: list[Option] = []


class HandCards(msgspec.Struct, frozen=True, kw_only=True):
    """The cards each seat's hand is dealt from (``hands`` fields), and how many a hand holds."""

    count: int
    cards: list[HandCard]


class StartSeat(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """Who starts: a seat, sent as the setup's ``key``."""

    key: str
    # While these hold, the seat may be left to the seed ("drawn by the seed", then the default and the
    # key is not sent); empty: a seat is always chosen.
    drawn_when: Condition = {}


class SetupForm(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """A kind's setup, as a form: who starts (None: the kind's rules decide) and its own fields, in order."""

    start_seat: StartSeat | None = None
    fields: list[SetupField] = []


def select(
    key: str,
    label: Said,
    options: list[tuple[str, str | Said]],
    default: str | None = None,
    shown_when: Condition | None = None,
    group: Said | None = None,
    options_from: str | None = None,
) -> SetupField:
    """A ``select`` field from (value, label) pairs, its labels said in each language (a label the same in
    all, a plain string); its default the first option unless given."""
    return SetupField(
        key=key,
        label=label[0],
        words=_wording(label),
        options=[
            Option(value=v, label=text, words=None)
            if isinstance(text, str)
            else Option(value=v, label=text[0], words=_wording(text))
            for v, text in options
        ],
        default=default if default is not None else (options[0][0] if options else None),
        shown_when=shown_when or {},
        group=None if group is None else group[0],
        group_words=_wording(group),
        options_from=options_from,
    )


PUBLIC: Final[Said] = ("Public: what the table sees", "Publique : ce que voit la table", "Pública: lo que ve la mesa")
FULL: Final[Said] = (
    "Full: every card known (a seed)",
    "Complète : toutes les cartes connues (une graine)",
    "Completa: todas las cartas conocidas (una semilla)",
)


def public_or_seeded(
    seeded: str, public: str = "public", more: list[tuple[str, Said]] | None = None
) -> list[SetupField]:
    """The ways a game of hidden cards is recorded, as the setup's ``mode``: at a table (``public``: what the
    whole table sees; ``more``: a kind's own ways) or dealt from a seed (every card known; the seed asked
    only then)."""
    modes: list[tuple[str, str | Said]] = [(public, PUBLIC), *(more or []), (seeded, FULL)]
    return [
        select("mode", ("Mode", "Mode", "Modo"), modes),
        SetupField(
            key="seed",
            label="Seed",
            words=Wording(en="Seed", fr="Graine", es="Semilla"),
            input="number",
            shown_when={"mode": [seeded]},
        ),
    ]
