"""What a client asks to start a game of a kind: a plug-in's setup form (``GamePlugin.setup_form``).

The recorder's start page (and any client) builds its form from this declaration, served by ``GET
/kinds``, so that no page copies a kind's setup shapes: the players (as many as the kind's
``player_counts``) are always asked; the form adds who starts and the kind's own fields. Each field
names where its value goes in the setup (``power_sides.fox``: the ``fox`` key of ``power_sides``), and
may be asked only while other fields hold given values (``shown_when``): the seed of a seeded game.
"""

from __future__ import annotations

from typing import Literal

import msgspec

# Another field's values for which a field is asked (and sent): field key -> the values.
Condition = dict[str, list[str]]


class Option(msgspec.Struct, frozen=True, kw_only=True):
    """One choice of a ``select`` field: the value sent, the label shown."""

    value: str
    label: str


class SetupField(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    """One question of the form, and where its answer goes in the setup."""

    # The setup's key it fills, dotted for a key of a mapping ("power_sides.fox").
    key: str
    label: str
    # ``select``: one of ``options`` (a string); ``number``: a whole number, required while asked.
    input: Literal["select", "number"] = "select"
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
    label: str,
    options: list[tuple[str, str]],
    default: str | None = None,
    shown_when: Condition | None = None,
    group: str | None = None,
    options_from: str | None = None,
) -> SetupField:
    """A ``select`` field from (value, label) pairs; its default the first option unless given."""
    return SetupField(
        key=key,
        label=label,
        options=[Option(value=v, label=text) for v, text in options],
        default=default if default is not None else (options[0][0] if options else None),
        shown_when=shown_when or {},
        group=group,
        options_from=options_from,
    )


def public_or_seeded(seeded: str, public: str = "public") -> list[SetupField]:
    """The two ways a game of hidden cards is recorded, as the setup's ``mode``: at a table (``public``: what
    the whole table sees) or dealt from a seed (every card known; the seed asked only then)."""
    return [
        select("mode", "Mode", [(public, "Public: what the table sees"), (seeded, "Full: every card known (a seed)")]),
        SetupField(key="seed", label="Seed", input="number", shown_when={"mode": [seeded]}),
    ]
