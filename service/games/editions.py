"""Arctica editions as stored data: add (validated, fingerprinted, never replaced), list, show, and the
loader through which the engine finds a stored edition in any process, after any restart.

The packaged editions (``demo-1``) come with the engine and cannot be stored again; a club's edition
is added once per version, and every game recorded on it pins its id, version and fingerprint.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import msgspec

from domain.arctica import editions as registry
from domain.arctica.edition import (
    Edition,
    EditionFormatError,
    canonical_json,
    decode_edition,
    fingerprint,
    validate_edition,
)
from domain.errors import SetupError
from service.base.refusals import Refusal
from service.base.store import GameLog
from service.base.store import editions as table
from service.base.store.editions_table import EditionsTable
from service.base.store.lru import Lru
from service.games.errors import (
    EditionNotFound,
    EditionReserved,
    EditionTooLarge,
    EditionVersionExists,
    InconsistentEdition,
    InvalidEdition,
)


class EditionSummary(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    version: str
    label: str
    notice: str
    #: sha256 (hex) of the edition's canonical JSON: what a game recorded on it pins
    sha256: str
    #: ``packaged`` with the engine, or ``stored`` by a club
    source: Literal["packaged", "stored"]
    created_at: datetime | None = None


class EditionDetail(msgspec.Struct, frozen=True, kw_only=True):
    summary: EditionSummary
    edition: Edition


def _packaged_summary(ed: Edition) -> EditionSummary:
    return EditionSummary(
        id=ed.id, version=ed.version, label=ed.label, notice=ed.notice, sha256=fingerprint(ed), source="packaged"
    )


def _stored_summary(row: table.StoredEdition) -> EditionSummary:
    return EditionSummary(
        id=row.id,
        version=row.version,
        label=row.label,
        notice=row.notice,
        sha256=row.sha256,
        source="stored",
        created_at=row.created_at,
    )


# An edition's bounds: a club's edition is a board and its cards (demo-1: 170 cards, 30 kB). Past them an
# edition is refused (422 ``edition_too_large``) before it is decoded: a game on it would decode, validate
# and fingerprint it, and every rendered board look its cards up.
MAX_EDITION_BYTES = 512 * 1024
MAX_EDITION_CARDS = 1000
# Decoded stored editions a process keeps (each checked against its fingerprint once, when loaded).
LOADED_EDITIONS = 16


def check(raw: bytes | str) -> Edition:
    """The edition a document describes, or a 422 problem: ``edition_too_large`` (``limit``),
    ``invalid_edition`` (schema, with the JSON ``path``) or ``inconsistent_edition`` (``problems``: what
    :func:`validate_edition` found)."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_EDITION_BYTES:
        raise EditionTooLarge(
            f"an edition document may hold at most {MAX_EDITION_BYTES} bytes, not {size}", MAX_EDITION_BYTES
        )
    try:
        edition = decode_edition(raw)
    except EditionFormatError as exc:
        raise InvalidEdition(f"{exc.path}: {exc.message}", exc.path) from None
    if b"\\u0000" in canonical_json(edition):
        raise InvalidEdition("NUL characters are not allowed", "$")
    cards = len(edition.cards) + len(edition.generation_cards)
    if cards > MAX_EDITION_CARDS:
        raise EditionTooLarge(
            f"an edition may hold at most {MAX_EDITION_CARDS} cards, not {cards}", MAX_EDITION_CARDS, path="$.cards"
        )
    problems = validate_edition(edition)
    if problems:
        raise InconsistentEdition(problems)
    return edition


class EditionCatalogue:
    """The packaged editions and those stored in the database."""

    def __init__(self, store: GameLog) -> None:
        self.store = store
        self.table = EditionsTable(store)
        # (id, version) -> the row and the decoded edition: a stored edition never changes in place, so a
        # game asks the database for its row at most (the latest version), not for its whole document.
        self._loaded: Lru[tuple[str, str], tuple[table.StoredEdition, Edition]] = Lru(LOADED_EDITIONS)

    def add(self, raw: bytes, added_by: str | None) -> tuple[EditionSummary, bool]:
        """Store an edition document; the summary and whether it is new (False: the same content was
        already stored under this id and version). An id and version never change content."""
        edition = check(raw)
        if edition.id in registry.PACKAGED:
            raise EditionReserved(edition.id)
        digest = fingerprint(edition)
        row, added = self.table.insert(edition, canonical_json(edition), digest, added_by)
        if row.sha256 != digest:
            raise EditionVersionExists(edition.id, edition.version, row.sha256)
        return _stored_summary(row), added

    def listing(self) -> list[EditionSummary]:
        rows = self.table.listing()
        return [_packaged_summary(ed) for ed in registry.packaged()] + [_stored_summary(r) for r in rows]

    def show(self, edition_id: str, version: str | None = None) -> EditionDetail:
        if edition_id in registry.PACKAGED:
            try:
                ed = registry.get(edition_id, version)
            except SetupError:
                raise self._not_found(edition_id, version) from None
            return EditionDetail(summary=_packaged_summary(ed), edition=ed)
        found = self._load(edition_id, version)
        if found is None:
            raise self._not_found(edition_id, version)
        return EditionDetail(summary=_stored_summary(found[0]), edition=found[1])

    def load(self, edition_id: str, version: str | None) -> Edition | None:
        """The engine's loader (``domain.arctica.editions.set_loader``)."""
        try:
            found = self._load(edition_id, version)
        except Exception:
            if self.table.closed:
                return None  # a store closed without its runtime (tests): it holds nothing any more
            raise
        return None if found is None else found[1]

    def _load(self, edition_id: str, version: str | None) -> tuple[table.StoredEdition, Edition] | None:
        if version is not None:
            hit = self._loaded.get((edition_id, version))
            if hit is not None:
                return hit
        head = self.table.head(edition_id, version)
        if head is None:
            return None
        hit = self._loaded.get((head.id, head.version))
        if hit is not None and hit[0].sha256 == head.sha256:
            return hit
        found = self.table.load(edition_id, head.version)
        if found is None:
            return None
        row, document = found
        edition = decode_edition(document)
        if fingerprint(edition) != row.sha256:
            # The canonical form is part of the fingerprint: a stored edition must read back to it.
            raise RuntimeError(f"stored edition {edition_id} {row.version} no longer matches its sha256")
        self._loaded.put((row.id, row.version), (row, edition))
        return row, edition

    @staticmethod
    def _not_found(edition_id: str, version: str | None) -> Refusal:
        which = f"{edition_id!r} version {version!r}" if version else repr(edition_id)
        return EditionNotFound(which)
