"""Item 6: the domain fold — ``evolve`` over stored games — against msgspec decoding of the same events.

Both run in this process on the stored payloads of imported games: decoding is what the event
store's mapper does per event (msgspec JSON into the event's class); the fold applies the decoded
events with ``RULES.evolve`` from the initial state, game by game. Best of three for both. One row per
registered kind (its own games, ``PLAYERS`` players or the nearest count it seats); the kinds after
the first fold a quarter as many games.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from bench import games, importer
from bench.core import Row, ratio_row
from bench.env import World
from domain.registry import GamePlugin

ITEM = "6 fold"
TITLE = "Domain fold (evolve) vs msgspec decoding of the same events"
PLAYERS = 3


def best(runs: int, fn: Callable[[], Any]) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def run(w: World, quick: bool) -> list[Row]:
    n = 20 if quick else 100
    return [
        measure(w, plugin, games.players_for(plugin.kind, PLAYERS), n if i == 0 else max(5, n // 4))
        for i, plugin in enumerate(games.kinds())
    ]


def measure(w: World, plugin: GamePlugin, players: int, n: int) -> Row:
    from service.base.store.mapper import payload_decoder

    ids = importer.ensure_games(w, players, n, plugin.kind)
    with w.connect() as conn:
        rows = conn.execute(
            "SELECT originator_id, topic, state FROM banquise_events WHERE originator_id = ANY(%s) "
            "ORDER BY originator_id, originator_version",
            (ids,),
        ).fetchall()
    stored: list[tuple[Any, str, bytes]] = [(r[0], r[1], bytes(r[2])) for r in rows]
    decoders = {topic: payload_decoder(topic) for _, topic, _ in stored}
    per_game: dict[Any, list[Any]] = {}

    def decode() -> None:
        for _, topic, state in stored:
            decoders[topic].decode(state)

    for gid, topic, state in stored:
        per_game.setdefault(gid, []).append(decoders[topic].decode(state).e)
    game_events = list(per_game.values())
    evolve, initial = plugin.rules.evolve, plugin.rules.initial_state

    def fold() -> None:
        for events in game_events:
            state = initial()
            for event in events:
                state = evolve(state, event)

    runs = 3
    decode_s = best(runs, decode)
    fold_s = best(runs, fold)
    events = len(stored)
    # The first kind's row keeps its name (the history compares it run to run); the others say theirs.
    first = plugin.kind == games.KIND
    return ratio_row(
        ITEM,
        f"RULES.evolve over {len(game_events)} stored {players}-player games ({events} events)"
        + ("" if first else f" of {plugin.title}"),
        events / fold_s,
        "events/s",
        "msgspec decoding of the same stored events (the mapper's decoders)",
        events / decode_s,
        at_least=0.25,
        short="domain fold (evolve over stored games)" + ("" if first else f", {plugin.title}"),
        baseline_short="msgspec decoding of the same events",
        details={
            "kind": plugin.kind,
            "events": events,
            "games": len(game_events),
            "fold_s": fold_s,
            "decode_s": decode_s,
        },
    )
