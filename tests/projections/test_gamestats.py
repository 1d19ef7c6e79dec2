"""The per-game statistic ids are permanent: this test fails when one is renumbered or renamed."""

from __future__ import annotations

from projections import gamestats

# Append new ids here when the registry grows; never edit a line.
PINNED = {
    "arctic/player": {
        1: "cards_placed", 2: "penalty_cards", 3: "powers_taken", 4: "powers_taken_fox", 5: "powers_taken_moose",
        6: "powers_taken_walrus", 7: "powers_taken_orca", 8: "powers_taken_puffin", 9: "powers_taken_polar_bear",
        10: "longest_run_fox", 11: "longest_run_moose", 12: "longest_run_walrus", 13: "longest_run_orca",
        14: "longest_run_puffin", 15: "longest_run_polar_bear", 16: "cards_drawn", 17: "cards_discarded",
        18: "penalty_cards_given", 19: "penalty_cards_drawn", 20: "turns_played", 21: "score_total",
        22: "score_runs", 23: "score_diversity", 24: "score_totem", 25: "score_penalty", 26: "rank",
        27: "totem_position",
    },
    "arctic/table": {
        1: "turns", 2: "rounds", 3: "token_position_fox", 4: "token_position_moose", 5: "token_position_walrus",
        6: "token_position_orca", 7: "token_position_puffin", 8: "token_position_polar_bear",
        9: "draw_pile_exhausted", 10: "events", 11: "duration_seconds",
    },
    "arctica/player": {
        1: "fauna_played", 2: "cards_drawn", 3: "flora_gained", 4: "flora_paid", 5: "migrations",
        6: "colony_tokens", 7: "cards_discarded", 8: "actions_performed", 9: "actions_skipped",
        10: "cards_destroyed", 11: "tokens_saved", 12: "tokens_lost", 13: "score_total", 14: "score_board_tokens",
        15: "score_flora", 16: "score_ecosystem_cards", 17: "score_majorities", 18: "score_ice_trades",
        19: "score_effects", 20: "rank", 21: "fauna_cards", 22: "turns_played",
    },
    "arctica/table": {1: "rounds", 2: "turns", 3: "events", 4: "duration_seconds", 5: "ice_tiles_melted"},
}  # fmt: skip


def test_released_ids_keep_their_meaning() -> None:
    for kind in ("arctic", "arctica"):
        for scope, registry in (("player", gamestats.PLAYER_STATS[kind]), ("table", gamestats.TABLE_STATS[kind])):
            pinned = PINNED[f"{kind}/{scope}"]
            assert {i: registry[i] for i in pinned} == pinned, f"{kind} {scope} statistic renumbered or renamed"


def test_names_are_unique_per_registry() -> None:
    for registry in (*gamestats.PLAYER_STATS.values(), *gamestats.TABLE_STATS.values()):
        assert len(set(registry.values())) == len(registry)
