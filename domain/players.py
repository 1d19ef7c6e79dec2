"""Player handles: how a name typed at a table becomes one person's identity.

A handle is shown as it was written once NFKC-normalised (so a composed "Ána", a decomposed one and
its fullwidth form are one spelling), and identified case-insensitively by its full Unicode case
folding: ``handle_key("Straße") == handle_key("STRASSE")``. Every layer that groups by player (the
game index, read models, statistics, ratings) uses :func:`handle_key`, so they agree on who is who.
"""

from __future__ import annotations

import unicodedata


def normalise_handle(handle: str) -> str:
    """The spelling kept for a handle: NFKC, without surrounding white space."""
    return unicodedata.normalize("NFKC", handle).strip()


def handle_key(handle: str) -> str:
    """The identity of a handle: its NFKC form, case-folded (and NFKC again, as folding can un-normalise)."""
    return unicodedata.normalize("NFKC", normalise_handle(handle).casefold())
