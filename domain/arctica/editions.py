"""The edition registry: the packaged editions (loaded with importlib.resources), the editions a caller
registers (a test, a tool), and — through :func:`set_loader` — the editions a club stored.

The domain does no I/O: the service installs a *loader* (reading its ``arctica_editions`` table) that
the registry asks for an edition it does not hold, so a game pinned to a stored edition is decided
and scored again after a restart, in any process.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources

import msgspec

from domain.editions import Editions
from domain.errors import SetupError

from . import edition_bounds
from .edition import Edition, canonical_json, decode_edition, fingerprint, forget_index, validate_edition

PACKAGED = ("demo-1", "forms-1")
DEFAULT_EDITION = "demo-1"
MAX_STORED = 32  # stored editions the registry holds at once (the least recently registered go first)

#: ``loader(id, version)``: the stored edition (the latest stored version when ``version`` is None),
#: or None when none is stored.
Loader = Callable[[str, str | None], Edition | None]

_REGISTRY: dict[tuple[str, str], Edition] = {}
_LATEST: dict[str, str] = {}
_loader: Loader | None = None


def _load_packaged(name: str) -> Edition:
    raw = resources.files("domain.arctica").joinpath("editions", f"{name}.json").read_bytes()
    return msgspec.json.decode(raw, type=Edition)


def packaged() -> list[Edition]:
    """The editions shipped with the engine."""
    return [get(name) for name in PACKAGED]


def register(edition: Edition) -> Edition:
    """Add an edition (validated) to the registry; returns it."""
    problems = validate_edition(edition)
    if problems:
        raise SetupError("arctica.bad_edition", "; ".join(problems))
    _REGISTRY[(edition.id, edition.version)] = edition
    _LATEST[edition.id] = edition.version
    # Stored editions come back through the loader when asked again: the registry keeps the latest few,
    # not every edition a long-running process ever met.
    stored = [key for key in _REGISTRY if key[0] not in PACKAGED]
    for key in stored[: max(0, len(stored) - MAX_STORED)]:
        forget_index(_REGISTRY.pop(key))
        if _LATEST.get(key[0]) == key[1]:
            del _LATEST[key[0]]
    return edition


def set_loader(loader: Loader | None) -> Loader | None:
    """Install the loader of stored editions (None removes it); returns the previous one."""
    global _loader
    previous, _loader = _loader, loader
    return previous


def forget_stored() -> None:
    """Drop every edition that is neither packaged nor loaded again on demand (a process restart)."""
    for key in [k for k in _REGISTRY if k[0] not in PACKAGED]:
        del _REGISTRY[key]
    for name in [n for n in _LATEST if n not in PACKAGED]:
        del _LATEST[name]


def get(edition_id: str, version: str | None = None) -> Edition:
    """An edition by id (and version; the latest version by default)."""
    if edition_id not in _LATEST and edition_id in PACKAGED:
        register(_load_packaged(edition_id))
    if (
        edition_id not in PACKAGED
        and _loader is not None
        and (version is None or (edition_id, version) not in _REGISTRY)
    ):
        # Stored editions are never changed in place, so a cached (id, version) stays right; "latest" is
        # asked again, since another process may have added a version.
        stored = _loader(edition_id, version)
        if stored is not None and (stored.id, stored.version) not in _REGISTRY:
            register(stored)
        if stored is not None and version is None:
            version = stored.version
    if version is None:
        version = _LATEST.get(edition_id)
    ed = _REGISTRY.get((edition_id, version or ""))
    if ed is None:
        known = sorted([*(f"{i} {v}" for i, v in _REGISTRY), *(p for p in PACKAGED if p not in _LATEST)])
        wanted = f"{edition_id!r} version {version!r}" if version else repr(edition_id)
        raise SetupError("arctica.unknown_edition", f"unknown Arctica edition {wanted}; known: {', '.join(known)}")
    return ed


def demo() -> Edition:
    return get(DEFAULT_EDITION)


def _cards(edition: Edition) -> int:
    return len(edition.cards) + len(edition.generation_cards)


# Arctica's editions as its plug-in declares them (``GamePlugin.editions``).
EDITIONS = Editions(
    document=Edition,
    packaged=PACKAGED,
    decode=decode_edition,
    problems=validate_edition,
    canonical=canonical_json,
    fingerprint=fingerprint,
    cards=_cards,
    get=get,
    set_loader=set_loader,
    demo=demo,
    exceeded=edition_bounds.exceeded,
    texts=edition_bounds.texts,
)
