"""What an Arctica state and its edition say: round cards, ice, destinations, offered actions, Flora,
badges, collapses, majorities. Shared by ``decide``, the automatic steps, the views and the simulator;
pure reads."""

from __future__ import annotations

from .edition import FAMILIES, ICE_BOUND, Edition, EditionIndex, RoundCard
from .state import FLORA, GameState, Loc, PlayerState, Token

ROUNDS = 4


SELECTIONS_PER_ROUND = 5


def round_card_known(state: GameState) -> bool:
    """Whether the card of the current round is known (public games reveal it at the end of the round)."""
    return state.round >= ROUNDS or len(state.round_cards) >= state.round


def unseen(edition_index: EditionIndex, state: GameState) -> set[int]:
    """Fauna cards nobody has seen yet: not in a column, the discard pile or a known hand card."""
    seen = set(state.discard)
    for p in state.players:
        seen.update(p.hand, p.long_column, p.short_column)
    return set(edition_index.fauna_ids) - seen


def round_card(edition: Edition, state: GameState, round_number: int | None = None) -> RoundCard:
    round_number = state.round if round_number is None else round_number
    if round_number >= ROUNDS:
        return edition.final_round_card
    return edition.round_cards[state.round_cards[round_number - 1]]


def has_ice(edition: Edition, state: GameState, space: int) -> bool:
    ice = edition.circle[space].ice
    return ice is not None and ice not in state.melted


def live_tile(edition: Edition, state: GameState, space: int) -> int | None:
    return edition.circle[space].ice if has_ice(edition, state, space) else None


def next_ice(edition: Edition, state: GameState, start: int) -> int:
    """``start`` if it has ice, else the next space clockwise that has."""
    n = len(edition.circle)
    dst = start % n
    for _ in range(n):
        if has_ice(edition, state, dst):
            return dst
        dst = (dst + 1) % n
    return start % n


def destination(edition: Edition, state: GameState, space: int, family: str) -> int:
    dst = (space + 1) % len(edition.circle)
    return next_ice(edition, state, dst) if family in ICE_BOUND else dst


def offered_actions(edition: Edition, orientations: tuple[int, ...], space: int) -> tuple[str, str]:
    sp = edition.action_spaces[space]
    a, b = (
        edition.action_wheels[w].faces[(orientations[w] + k) % 4] for w, k in zip(sp.wheels, sp.sectors, strict=True)
    )
    return (a, b)


def flora_total(player: PlayerState) -> int:
    return player.release_flora + player.long_wheel.count(FLORA)


def ecosystem(player: PlayerState) -> tuple[int, ...]:
    return player.long_column + player.short_column


def badges(edition_index: EditionIndex, player: PlayerState) -> list[str]:
    return [b for c in ecosystem(player) for b in edition_index.cards[c].badges]


def endangered_badges(edition_index: EditionIndex, player: PlayerState) -> int:
    return sum(edition_index.cards[c].endangered for c in ecosystem(player))


def hit_spaces(edition: Edition, state: GameState) -> list[int]:
    regions = round_card(edition, state).regions
    hit = set(zip(regions, state.revealed, strict=False))
    return [i for i, ms in enumerate(edition.map) if (ms.region, ms.subregion) in hit]


def collapses_due(state: GameState) -> tuple[Token, ...]:
    if state.round < 2:
        return ()
    return tuple(
        Token(seat, fam) for seat, p in enumerate(state.players) for f, fam in enumerate(FAMILIES) if p.supply[f] == 0
    )


def collapse_locs(state: GameState, seat: int, family: str) -> list[Loc]:
    """Where ``seat`` has tokens of ``family`` that a collapse may discard (map or player board)."""
    p = state.players[seat]
    locs = [Loc("map", i) for i, t in enumerate(state.map) if t == Token(seat, family)]
    locs += [Loc("long_wheel", i) for i, v in enumerate(p.long_wheel) if v == family]
    locs += [Loc("short_wheel", i) for i, v in enumerate(p.short_wheel) if v == family]
    locs += [Loc("release")] * p.release[FAMILIES.index(family)]
    return locs


def region_tokens(edition: Edition, state: GameState, region: int) -> tuple[int, ...]:
    counts = [0] * len(state.players)
    for i, t in enumerate(state.map):
        if t is not None and edition.map[i].region == region:
            counts[t.seat] += 1
    return tuple(counts)


def majority_points(tokens: tuple[int, ...], rewards: tuple[int, ...]) -> tuple[int, ...]:
    """Most tokens scores the highest reward; tied players each score the reward of the rank they
    share and the next rank is skipped [DECISION]; a player without tokens scores nothing."""
    out = []
    for t in tokens:
        rank = sum(1 for u in tokens if u > t)
        out.append(rewards[rank] if t > 0 and rank < len(rewards) else 0)
    return tuple(out)
