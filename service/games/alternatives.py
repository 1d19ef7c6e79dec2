"""The legal alternatives of a refused move, as a problem shows them.

A few alternatives are listed as moves (``legal``), ready to resend. In Arctic's public mode any
unseen card may be named, and the list runs to hundreds of moves that differ only by their card:
then the problem gives ``legal_groups`` instead — each the move without its card, and the cards it
may name — and ``legal_count``, the number of moves they stand for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import msgspec

LISTED_AT_MOST = 32
VARYING = "card"


def present(legal: Sequence[Any]) -> dict[str, Any]:
    moves = [msgspec.to_builtins(m) for m in legal]
    if not moves:
        return {}
    if len(moves) <= LISTED_AT_MOST or not all(isinstance(m, dict) for m in moves):
        return {"legal": moves}
    groups: dict[bytes, dict[str, Any]] = {}
    for move in moves:
        rest = {k: v for k, v in move.items() if k != VARYING}
        key = msgspec.json.encode(rest, order="sorted")
        group = groups.setdefault(key, {"move": rest})
        if VARYING in move:
            group.setdefault("cards", []).append(move[VARYING])
    return {"legal_groups": list(groups.values()), "legal_count": len(moves)}
