"""End-of-game scoring, computable from the folded state (hence from the events alone).

Breakdown per seat: ``board_tokens`` (+1 BP per animal token on the player board: both generation
wheels and the release area, unless the edition's ``rules.release_on_board`` is false), ``flora``
(+1 BP per 2 Flora on the board: long wheel and release area), ``ecosystem_cards`` (BP printed on the
cards of both columns), and the BP scored during play: ``majorities``, ``ice_trades`` (ice tile #6)
and ``effects`` (Flash, abilities, spaces, connections).
Tie-break: most Fauna cards in the ecosystem (starting Generation Cards are not Fauna cards
[DECISION]); still tied: shared victory, equal ranks.
"""

from __future__ import annotations

from domain.game import PlayerResult

from .edition import Edition, index
from .state import EMPTY, FLORA, GameState, PlayerState

CATEGORIES = ("board_tokens", "flora", "ecosystem_cards", "majorities", "ice_trades", "effects")


def board_tokens(player: PlayerState, release_on_board: bool = True) -> int:
    on_wheels = sum(1 for v in player.long_wheel + player.short_wheel if v not in (EMPTY, FLORA))
    return on_wheels + (sum(player.release) if release_on_board else 0)


def breakdown(edition: Edition, player: PlayerState) -> dict[str, int]:
    idx = index(edition)
    flora = player.release_flora + player.long_wheel.count(FLORA)
    return {
        "board_tokens": board_tokens(player, idx.rules.release_on_board),
        "flora": flora // 2,
        "ecosystem_cards": sum(idx.cards[c].bp for c in player.long_column + player.short_column),
        "majorities": player.bp_majorities,
        "ice_trades": player.bp_trades,
        "effects": player.bp_effects,
    }


def fauna_count(edition: Edition, player: PlayerState) -> int:
    idx = index(edition)
    return sum(1 for c in player.long_column + player.short_column if c not in idx.starting_ids)


def results(edition: Edition, state: GameState) -> list[PlayerResult]:
    rows = []
    for seat, p in enumerate(state.players):
        bd = breakdown(edition, p)
        rows.append((seat, p.name, sum(bd.values()), bd, fauna_count(edition, p)))
    out = []
    for seat, name, total, bd, fauna in rows:
        better = sum(1 for r in rows if (r[2], r[4]) > (total, fauna))
        out.append(PlayerResult(seat=seat, player=name, total=total, breakdown=bd, rank=better + 1))
    return sorted(out, key=lambda result: (result.rank, result.seat))
