"""The edition registry: the packaged editions (loaded with importlib.resources) plus any edition a
caller registers (a user who owns the game, or a test)."""

from __future__ import annotations

from importlib import resources

import msgspec

from domain.errors import SetupError

from .edition import Edition, validate_edition

PACKAGED = ("demo-1",)
DEFAULT_EDITION = "demo-1"

_REGISTRY: dict[tuple[str, str], Edition] = {}
_LATEST: dict[str, str] = {}


def _load_packaged(name: str) -> Edition:
    raw = resources.files("domain.arctica").joinpath("editions", f"{name}.json").read_bytes()
    return msgspec.json.decode(raw, type=Edition)


def register(edition: Edition) -> Edition:
    """Add an edition (validated) to the registry; returns it."""
    problems = validate_edition(edition)
    if problems:
        raise SetupError("arctica.bad_edition", "; ".join(problems))
    _REGISTRY[(edition.id, edition.version)] = edition
    _LATEST[edition.id] = edition.version
    return edition


def get(edition_id: str, version: str | None = None) -> Edition:
    """An edition by id (and version; the latest registered version by default)."""
    if edition_id not in _LATEST and edition_id in PACKAGED:
        register(_load_packaged(edition_id))
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
