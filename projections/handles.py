"""A player's key in the read models: one person per case-insensitive handle, short enough to index.

PostgreSQL refuses a btree entry over ~2,700 bytes, and ``head_to_head`` keys two handles. Games stored
before the edge bounded handles may carry ones of thousands of characters: their key keeps a readable
prefix (prefix search still finds them) and a digest of the whole handle (still one key per person).
"""

from __future__ import annotations

import hashlib

from domain.players import handle_key as identity

# Characters kept as written; up to 4 bytes each in UTF-8, so two keys stay well under the btree limit.
KEPT = 200


def handle_key(handle: str) -> str:
    """``domain.players.handle_key`` (one person per NFKC, case-folded handle), bounded in length."""
    key = identity(handle)
    if len(key) <= KEPT:
        return key
    # Longer than any plain key can be: a long key never equals a short handle's.
    return key[:KEPT] + "~" + hashlib.sha256(key.encode()).hexdigest()[:32]
