"""The project's English words (for the checks that a page or a decision in French or Spanish leaves
none): the English forms of every word table the pages and the kinds say — the recorder's, the viewer's,
the analysis', each kind's board words, decisions and timeline templates, the setup forms' labels —
that are no French nor Spanish word of the same tables. What is not the project's to translate is named
apart: players, titles, the languages' own names, an edition's ids and its printed names (the demo
edition invents them in English; a published French edition prints them in French)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache

from domain.arctic import describe as arctic_describe
from domain.arctic import pages as arctic_pages
from domain.arctica import describe as arctica_describe
from domain.arctica import editions
from domain.arctica import pages as arctica_pages
from domain.setup_form import FULL, PUBLIC
from service.http.recorder.words import RECORDER_WORDS
from service.http.viewer.analysis_words import ANALYSIS_WORDS
from service.http.viewer.words import WORDS as VIEWER_WORDS

TABLES: list[dict[str, tuple[str, str, str]]] = [
    RECORDER_WORDS,
    VIEWER_WORDS,
    ANALYSIS_WORDS,
    arctic_pages.WORDS,
    arctic_pages.DECISIONS,
    arctica_pages.WORDS,
    arctica_pages.DECISIONS,
    arctic_describe._T,
    arctic_describe._WORDS,
    arctica_describe._T,
    arctica_describe._WORDS,
    {"public": PUBLIC, "full": FULL, "table": arctica_pages.TABLE_MODE},
]
WORD = re.compile(r"[^\W\d_]+")


def words(texts: Iterable[str]) -> set[str]:
    """The words of ``texts`` (lower case; a template's ``{fields}`` left out)."""
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


@cache  # the tables are the modules' constants: read once, not at every text checked
def english() -> frozenset[str]:
    forms = [f for table in TABLES for f in table.values()]
    return frozenset(words(f[0] for f in forms) - words(f[i] for f in forms for i in (1, 2)))


def proper_names(players: Iterable[str] = ()) -> list[str]:
    """What is shown untranslated on purpose, longest first (so that "Arctic Cod A5" goes before "Arctic")."""
    return list(_proper_names(tuple(players)))


@cache
def _proper_names(players: tuple[str, ...]) -> tuple[str, ...]:
    printed: list[str] = []
    for edition in (editions.get(name) for name in editions.PACKAGED):
        printed += [c.name for c in (*edition.cards, *edition.generation_cards)]
        printed += [r.name for r in edition.regions] + [s.name for r in edition.regions for s in r.subregions]
        printed += [c.name for c in (*edition.round_cards, edition.final_round_card)]
    printed += [n.replace(" (", ", ").replace("(", "").replace(")", "") for n in printed]  # as the decisions say them
    names = [*players, "Banquise", "Arctica", "Arctic", "English", "Français", "Español", *editions.PACKAGED, *printed]
    return tuple(sorted(set(names), key=len, reverse=True))


def english_left(text: str, players: Iterable[str] = ()) -> list[str]:
    """The project's English words in ``text``, its proper names left out."""
    for name in _proper_names(tuple(players)):
        text = text.replace(name, " ")
    return sorted(words([text]) & english())
