"""Wording helpers the games' timeline descriptions share (pure: no state, no I/O).

Languages are indexed 0 = en, 1 = fr, 2 = es (``LANG``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, Final

LANG: Final[dict[str, int]] = {"en": 0, "fr": 1, "es": 2}

_COUNTED = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")
_FRENCH_VOWELS = tuple("aeiouhâàéèêëîïôöûüœAEIOUHÂÀÉÈÊËÎÏÔÖÛÜŒ")
_PLAYER: Final = ("player {0}", "joueur {0}", "jugador {0}")
_AND: Final = ("and", "et", "y")


def counted(template: str, data: Mapping[str, Any], lang: int) -> str:
    """``{field|singular|plural}`` -> the count and its noun in the right number ("1 card", "2 cards";
    French: 0 and 1 are singular). ``#`` in a form places the count ("falta # carta")."""

    def one(match: re.Match[str]) -> str:
        count = int(data[match.group(1)])
        singular = count == 1 or (lang == 1 and count == 0)
        form = match.group(2) if singular else match.group(3)
        return form.replace("#", str(count)) if "#" in form else f"{count} {form}"

    return _COUNTED.sub(one, template)


def indefinite(word: str) -> str:
    """English's article for ``word``: "an orca", "a fox" (by its first letter: the games' words
    have no silent h nor a "you" sound)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def player(seat: int, names: Sequence[str], lang: int) -> str:
    """The player at ``seat`` by name; without names (a caller that has none) "player N", 1-based."""
    return names[seat] if 0 <= seat < len(names) else _PLAYER[lang].format(seat + 1)


def of(name: str, lang: int) -> str:
    """A player's possessive: "Alice's" / "d'Alice" / "de Alice"."""
    if lang == 0:
        return f"{name}'s"
    if lang == 1 and name.startswith(_FRENCH_VOWELS):
        return f"d'{name}"
    return f"de {name}"


def listing(items: Sequence[str], lang: int) -> str:
    """ "a, b and c" / "a, b et c" / "a, b y c"."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {_AND[lang]} {items[-1]}"
