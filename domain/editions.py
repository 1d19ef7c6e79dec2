"""Editions as a capability a game kind declares: the board and card data its games are recorded on,
some packaged with the engine, others stored by a club (pure: the service stores them and installs a
loader; the kind's package decodes, validates and fingerprints them).

An edition is a document with an ``id``, a ``version``, a ``label`` and a ``notice``; an id and
version always stand for the same content, its fingerprint (the sha256 of its canonical JSON), which
the games recorded on it pin. The generic storage (``service/base/store/editions.py``), use case
(``service/games/editions.py``), routes (``/editions``) and CLI (``banquise editions``) work on any
registered kind whose :class:`~domain.registry.GamePlugin` has ``editions``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol


class EditionDocument(Protocol):
    """What every kind's edition says of itself (the rest is the kind's own)."""

    @property
    def id(self) -> str: ...
    @property
    def version(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def notice(self) -> str: ...


class EditionFormatError(ValueError):
    """An edition document that does not decode: ``path`` is the JSON path of the offending value."""

    def __init__(self, message: str, path: str) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


# ``loader(id, version)``: the stored edition (the latest stored version when ``version`` is None), or
# None when none is stored.
Loader = Callable[[str, str | None], Any]


@dataclass(frozen=True)
class Editions:
    """A kind whose games are recorded on editions: its codec, its validation and its registry."""

    # The edition Struct: its JSON Schema is the document's (components prefixed by the kind's name).
    document: type[Any]
    # The ids packaged with the engine (a club cannot store one).
    packaged: tuple[str, ...]
    # ``decode(raw)``: the edition a JSON document describes, checked against the schema only; raises
    # :class:`EditionFormatError`.
    decode: Callable[[bytes | str], Any]
    # ``problems(edition)``: what is inconsistent in a decoded edition (empty: it is valid).
    problems: Callable[[Any], list[str]]
    # ``canonical(edition)``: its canonical JSON (what is stored, what the fingerprint hashes).
    canonical: Callable[[Any], bytes]
    # ``fingerprint(edition)``: the sha256 (hex) of its canonical JSON.
    fingerprint: Callable[[Any], str]
    # ``cards(edition)``: how many cards it holds (bounded when a club stores one).
    cards: Callable[[Any], int]
    # ``get(id, version)``: a packaged or registered edition (the latest version when None); raises
    # :class:`~domain.errors.SetupError` when unknown.
    get: Callable[[str, str | None], Any]
    # ``set_loader(loader)``: install the loader of stored editions (None removes it); returns the previous.
    set_loader: Callable[[Loader | None], Loader | None]
    # ``demo()``: the packaged edition a new user starts from (the OpenAPI example of ``POST /editions``).
    demo: Callable[[], Any]
    # ``exceeded(edition)``: each number (list, estimate) past what a game on it may cost, as (JSON path,
    # limit, what): checked when a club stores one (none: the kind's types bound everything).
    exceeded: Callable[[Any], Sequence[tuple[str, int, str]]] = lambda edition: ()
    # ``texts(edition)``: its free texts (label, names), each as (JSON path, text, length limit).
    texts: Callable[[Any], Iterable[tuple[str, str, int]]] = lambda edition: ()
