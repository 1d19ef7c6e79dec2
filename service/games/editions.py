"""Editions as stored data, for every kind whose plug-in declares them (``GamePlugin.editions``): add
(validated, fingerprinted, never replaced), list, show, and the loader through which a kind's engine
finds a stored edition in any process, after any restart.

The packaged editions come with the kind's engine and cannot be stored again; a club's edition is added
once per version, and every game recorded on it pins its id, version and fingerprint. The kind's
package decodes, validates and fingerprints a document (``domain/editions.py``); this module bounds it,
names what it refuses and stores it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Literal

import msgspec

from domain.editions import EditionFormatError, Editions, Loader
from domain.errors import SetupError
from domain.kinds import game, registered_games
from service.base.refusals import Category, Refusal, refuses
from service.base.store import GameLog
from service.base.store import editions as table
from service.base.store.editions_table import EditionsTable
from service.base.store.lru import Lru
from service.games import limits
from service.games.decoding import DECODING
from service.games.limits import TEXTS


class EditionTooLarge(Refusal):
    """An edition document larger than the service stores."""

    category = Category.UNPROCESSABLE
    code = "edition_too_large"

    def __init__(self, detail: str, limit: int, **where: Any) -> None:
        super().__init__(detail, limit=limit, **where)


class InvalidEdition(Refusal):
    """An edition document that is not one (``path``: where)."""

    category = Category.UNPROCESSABLE
    code = "invalid_edition"

    def __init__(self, detail: str, path: str) -> None:
        super().__init__(detail, title="Invalid edition", path=path)


class EditionOutOfBounds(Refusal):
    """A number of an edition past what a game on it may cost (``path``: the first; ``problems``: all)."""

    category = Category.UNPROCESSABLE
    code = "edition_out_of_bounds"

    def __init__(self, detail: str, path: str, limit: int, problems: list[str]) -> None:
        super().__init__(detail, title="Edition out of bounds", path=path, limit=limit, problems=problems)


class InconsistentEdition(Refusal):
    """An edition whose parts contradict each other (the problems listed)."""

    category = Category.UNPROCESSABLE
    code = "inconsistent_edition"

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems), title="Inconsistent edition", problems=problems)


class EditionReserved(Refusal):
    """An id of an edition packaged with the engine."""

    category = Category.CONFLICT
    code = "edition_reserved"

    def __init__(self, edition_id: str) -> None:
        super().__init__(f"{edition_id!r} is an edition packaged with the engine: choose another id")


class EditionVersionExists(Refusal):
    """An edition stored under this id and version with other content (an edition never changes in place)."""

    category = Category.CONFLICT
    code = "edition_version_exists"

    def __init__(self, edition_id: str, version: str, sha256: str) -> None:
        super().__init__(
            f"edition {edition_id} {version} is already stored with other content (sha256 "
            f"{sha256}); an edition is never changed in place: give it a new version",
            sha256=sha256,
        )


class EditionNotFound(Refusal):
    """No edition of the kind has this id (and version)."""

    category = Category.NOT_FOUND
    code = "edition_not_found"

    def __init__(self, kind: str, which: str) -> None:
        super().__init__(f"there is no {kind} edition {which}")


class EditionKindRequired(Refusal):
    """Several registered kinds have editions: a request must say which one it means."""

    category = Category.INVALID
    code = "edition_kind_required"

    def __init__(self, kinds: list[str]) -> None:
        super().__init__(f"several game kinds have editions ({', '.join(kinds)}): say which with kind", kinds=kinds)


class KindWithoutEditions(Refusal):
    """The kind asked for is not registered, or its games are not recorded on editions."""

    category = Category.UNPROCESSABLE
    code = "kind_without_editions"

    def __init__(self, kind: str, kinds: list[str]) -> None:
        super().__init__(
            f"game kind {kind!r} has no editions; kinds with editions: {', '.join(kinds) or 'none'}", kinds=kinds
        )


class EditionSummary(msgspec.Struct, frozen=True, kw_only=True):
    #: the game kind the edition is of
    kind: str
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
    #: the whole document, in the kind's edition schema (``<Kind>Edition``)
    edition: Any


def edition_kinds() -> list[str]:
    """The registered kinds whose plug-in declares editions, in the registry's order."""
    return [plugin.kind for plugin in registered_games() if plugin.editions is not None]


def capability(kind: str | None) -> tuple[str, Editions]:
    """The kind meant (None: the only kind with editions) and its editions, or a named refusal."""
    kinds = edition_kinds()
    if kind is None:
        if len(kinds) != 1:
            raise EditionKindRequired(kinds)
        kind = kinds[0]
    plugin = game(kind)
    if plugin is None or plugin.editions is None:
        raise KindWithoutEditions(kind, kinds)
    return kind, plugin.editions


def _packaged_summary(kind: str, editions: Editions, ed: Any) -> EditionSummary:
    return EditionSummary(
        kind=kind,
        id=ed.id,
        version=ed.version,
        label=ed.label,
        notice=ed.notice,
        sha256=editions.fingerprint(ed),
        source="packaged",
    )


def _stored_summary(row: table.StoredEdition) -> EditionSummary:
    return EditionSummary(
        kind=row.kind,
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


def check(editions: Editions, raw: bytes | str) -> Any:
    """The edition a document describes, or a 422 problem: ``edition_too_large`` (``limit``),
    ``invalid_edition`` (schema, with the JSON ``path``) or ``inconsistent_edition`` (``problems``: what
    the kind's validation found)."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > MAX_EDITION_BYTES:
        raise EditionTooLarge(
            f"an edition document may hold at most {MAX_EDITION_BYTES} bytes, not {size}", MAX_EDITION_BYTES
        )
    try:
        edition = editions.decode(raw)
    except EditionFormatError as exc:
        raise InvalidEdition(f"{exc.path}: {exc.message}", exc.path) from None
    if b"\\u0000" in editions.canonical(edition):
        raise InvalidEdition("NUL characters are not allowed", "$")
    cards = editions.cards(edition)
    if cards > MAX_EDITION_CARDS:
        raise EditionTooLarge(
            f"an edition may hold at most {MAX_EDITION_CARDS} cards, not {cards}", MAX_EDITION_CARDS, path="$.cards"
        )
    problems = editions.problems(edition)
    if problems:
        raise InconsistentEdition(problems)
    for path, text, limit in editions.texts(edition):
        limits.check_text(path, text, limit)
    # What a game on it may cost: every number within its limit, the moves of a position it can reach.
    exceeded = editions.exceeded(edition)
    if exceeded:
        path, limit, detail = exceeded[0]
        raise EditionOutOfBounds(f"{path}: {detail}", path, limit, [f"{p}: {d}" for p, _, d in exceeded])
    return edition


class EditionCatalogue:
    """The packaged editions and those stored in the database, of every kind with editions."""

    def __init__(self, store: GameLog) -> None:
        self.store = store
        self.table = EditionsTable(store)
        # (kind, id, version) -> the row and the decoded edition: a stored edition never changes in place,
        # so a game asks the database for its row at most (the latest version), not for its whole document.
        self._loaded: Lru[tuple[str, str, str], tuple[table.StoredEdition, Any]] = Lru(LOADED_EDITIONS)

    @refuses(
        DECODING,
        EditionTooLarge,
        InvalidEdition,
        InconsistentEdition,
        EditionOutOfBounds,
        EditionReserved,
        EditionVersionExists,
        EditionKindRequired,
        KindWithoutEditions,
        TEXTS,
    )
    def add(self, raw: bytes, added_by: str | None, kind: str | None = None) -> tuple[EditionSummary, bool]:
        """Store an edition document of ``kind`` (None: the only kind with editions); the summary and
        whether it is new (False: the same content was already stored under this id and version). An id
        and version never change content."""
        kind, editions = capability(kind)
        edition = check(editions, raw)
        if edition.id in editions.packaged:
            raise EditionReserved(edition.id)
        digest = editions.fingerprint(edition)
        row, added = self.table.insert(kind, edition, editions.canonical(edition), digest, added_by)
        if row.sha256 != digest:
            raise EditionVersionExists(edition.id, edition.version, row.sha256)
        return _stored_summary(row), added

    @refuses(KindWithoutEditions)
    def listing(self, kind: str | None = None) -> list[EditionSummary]:
        """Every kind's editions (or ``kind``'s): its packaged ones first, then those stored."""
        kinds = [capability(kind)[0]] if kind is not None else edition_kinds()
        rows = self.table.listing()
        out: list[EditionSummary] = []
        for name in kinds:
            _, editions = capability(name)
            out += [_packaged_summary(name, editions, editions.get(p, None)) for p in editions.packaged]
            out += [_stored_summary(r) for r in rows if r.kind == name]
        return out

    @refuses(EditionKindRequired, EditionNotFound, KindWithoutEditions)
    def show(self, edition_id: str, version: str | None = None, kind: str | None = None) -> EditionDetail:
        kind, editions = capability(kind)
        if edition_id in editions.packaged:
            try:
                ed = editions.get(edition_id, version)
            except SetupError:
                raise self._not_found(kind, edition_id, version) from None
            return EditionDetail(summary=_packaged_summary(kind, editions, ed), edition=ed)
        found = self._load(kind, editions, edition_id, version)
        if found is None:
            raise self._not_found(kind, edition_id, version)
        return EditionDetail(summary=_stored_summary(found[0]), edition=found[1])

    def loader(self, kind: str) -> Loader:
        """``kind``'s engine loader (to its ``Editions.set_loader``): the stored edition, or None."""
        return StoredLoader(self, kind)

    def load(self, kind: str, edition_id: str, version: str | None) -> Any:
        """A stored edition of ``kind`` (the latest version when None), or None."""
        _, editions = capability(kind)
        try:
            found = self._load(kind, editions, edition_id, version)
        except Exception:
            if self.table.closed:
                return None  # a store closed without its runtime (tests): it holds nothing any more
            raise
        return None if found is None else found[1]

    def _load(
        self, kind: str, editions: Editions, edition_id: str, version: str | None
    ) -> tuple[table.StoredEdition, Any] | None:
        if version is not None:
            hit = self._loaded.get((kind, edition_id, version))
            if hit is not None:
                return hit
        head = self.table.head(kind, edition_id, version)
        if head is None:
            return None
        hit = self._loaded.get((kind, head.id, head.version))
        if hit is not None and hit[0].sha256 == head.sha256:
            return hit
        found = self.table.load(kind, edition_id, head.version)
        if found is None:
            return None
        row, document = found
        edition = editions.decode(document)
        if editions.fingerprint(edition) != row.sha256:
            # The canonical form is part of the fingerprint: a stored edition must read back to it.
            raise RuntimeError(f"stored {kind} edition {edition_id} {row.version} no longer matches its sha256")
        self._loaded.put((kind, row.id, row.version), (row, edition))
        return row, edition

    @staticmethod
    def _not_found(kind: str, edition_id: str, version: str | None) -> Refusal:
        which = f"{edition_id!r} version {version!r}" if version else repr(edition_id)
        return EditionNotFound(kind, which)


@dataclass(frozen=True)
class StoredLoader:
    """One kind's loader of stored editions from one catalogue (equal to another of the same two: a
    runtime closing removes its own, not another runtime's)."""

    catalogue: EditionCatalogue
    kind: str

    def __call__(self, edition_id: str, version: str | None) -> Any:
        return self.catalogue.load(self.kind, edition_id, version)
