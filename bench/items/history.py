"""Item 9: a game's writes and reads at 12,000 events of move+undo cycles against the same on a fresh game.

Issue #35: a game's move and undo cost more as its history grew (the projections refolded a corrected
game from its first event at every undo; ``projections/marks.py``). A ``banquise serve`` process of its
own, *with* its projections running (as a server runs by default; the other items measure without), on
an event log of its own (a database of its own on the bench's server: no other item's games to fold),
keeps one game grown to 12,000 events by move+undo cycles (``bench/long_history.py``). Rounds alternate,
so that the machine's load drifts alike on both sides, between fresh games (about 20 to 150 events) and
the long one:

* the server's CPU (every thread, the projections' included) over a block of move+undo cycles with
  If-Match on each side, once the projections have applied it (a read with ``min_position``), per write
  request: what grew most (4.6 times at 12,000 events before the fix, while the latencies grew 1.6 to
  1.8 times: the projections' thread works after the answer);
* latencies, a cycle on one side then one on the other: the move's and the undo's; then, between a move
  and its undo, the replay of the new last step (cold: a new step each time) and the game's summary
  (``GET /games/{id}``).

The long game's figure is divided by the fresh games' (medians; CPU: totals per request): at most 1.5.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable

import httpx

from bench import long_history
from bench.core import Row, percentile, ratio_row
from bench.env import Server, World
from bench.long_history import LongGame

ITEM = "9 history"
TITLE = "A game's move, undo and reads at 12,000 events of move+undo cycles vs a fresh game"
DATABASE = "bench_history"
POSITION = "x-banquise-position"


def _timed(samples: list[float], call: Callable[[], httpx.Response]) -> httpx.Response:
    t0 = time.perf_counter()
    answer = call()
    samples.append(time.perf_counter() - t0)
    if answer.status_code >= 300:
        request = answer.request
        raise RuntimeError(f"{request.method} {request.url.path}: {answer.status_code} {answer.text[:300]}")
    return answer


def _applied(http: httpx.Client, game: LongGame, position: str) -> None:
    """Until the projections have applied the log up to ``position`` (a read of the read models waits)."""
    deadline = time.monotonic() + 120
    while http.get(f"/games/{game.id}/stats", params={"min_position": position}).status_code == 503:
        if time.monotonic() > deadline:
            raise RuntimeError("the projections did not reach the game's last write within 120 s")


class _Side:
    """What one side (fresh games, or the long game) measured."""

    def __init__(self) -> None:
        self.samples: dict[str, list[float]] = {"append": [], "undo": [], "replay": [], "summary": []}
        self.cpu_s = 0.0
        self.writes = 0
        self.versions: list[int] = []  # the measured games' versions, before and after each measure

    def cpu_block(self, server: Server, http: httpx.Client, game: LongGame, cycles: int) -> None:
        """The server's CPU over ``cycles`` move+undo cycles, until the projections have applied them."""
        cpu = server.cpu_seconds()
        self.versions.append(game.version)
        answer = None
        for _ in range(cycles):
            long_history.move(http, game)
            answer = long_history.undo(http, game)
        assert answer is not None
        _applied(http, game, answer.headers[POSITION])
        self.cpu_s += server.cpu_seconds() - cpu
        self.writes += 2 * cycles
        self.versions.append(game.version)

    def cycle(self, http: httpx.Client, game: LongGame, *, reads: bool) -> None:
        """One move+undo cycle, its requests timed; ``reads``: the reads instead, between the two."""
        self.versions.append(game.version)
        samples = self.samples
        if not reads:
            _timed(samples["append"], lambda: long_history.move(http, game))
            _timed(samples["undo"], lambda: long_history.undo(http, game))
            return
        long_history.move(http, game)
        _timed(samples["replay"], lambda: http.get(f"/games/{game.id}/replay/{game.version}"))
        _timed(samples["summary"], lambda: http.get(f"/games/{game.id}"))
        long_history.undo(http, game)
        self.versions.append(game.version)

    def p50_ms(self, what: str) -> float:
        return statistics.median(self.samples[what]) * 1000

    def p99_ms(self, what: str) -> float:
        return percentile(self.samples[what], 99) * 1000

    def cpu_ms(self) -> float:
        return self.cpu_s / max(self.writes, 1) * 1000


def run(w: World, quick: bool) -> list[Row]:
    events = 3_000 if quick else long_history.EVENTS
    rounds, cycles, reads = (3, 6, 3) if quick else (8, 10, 5)
    own = w.fresh_database(DATABASE)
    server = own.launch(1, BANQUISE_RUN_PROJECTIONS="true")
    try:
        with server.client() as http:
            t0 = time.perf_counter()
            long = long_history.long_game(http, events)
            built_s = time.perf_counter() - t0
            built = long.version
            fresh, grown = _Side(), _Side()
            warm = long_history.new_game(http)
            for side, game in ((_Side(), warm), (_Side(), long)):  # a round not counted
                side.cpu_block(server, http, game, 2)
                side.cycle(http, game, reads=True)
            for _ in range(rounds):
                fresh.cpu_block(server, http, long_history.new_game(http), cycles)
                grown.cpu_block(server, http, long, cycles)
                # Latencies: a cycle on each side in turn, so that the machine's load falls alike on both.
                game = long_history.new_game(http)
                for i in range(cycles + reads):
                    fresh.cycle(http, game, reads=i >= cycles)
                    grown.cycle(http, long, reads=i >= cycles)
    finally:
        w.stop(server)
    details = {
        "events_built": built,
        "build_s": round(built_s, 1),
        "long_game_versions_measured": [min(grown.versions), max(grown.versions)],
        "fresh_games_versions_measured": [min(fresh.versions), max(fresh.versions)],
        "rounds": rounds,
        "cycles_per_round": {"cpu": cycles, "timed_writes": cycles, "timed_reads": reads},
        "fresh": {k: [round(v * 1000, 3) for v in s] for k, s in fresh.samples.items()},
        "long": {k: [round(v * 1000, 3) for v in s] for k, s in grown.samples.items()},
    }
    size = f"{built:,} events"
    rows = []
    for what, label, short in (
        ("append", "POST /games/{id}/moves (If-Match)", "append"),
        ("undo", "POST /games/{id}/undo (If-Match)", "undo"),
        ("replay", "GET /games/{id}/replay/{last step} (cold)", "replay of the last step"),
        ("summary", "GET /games/{id}", "summary"),
    ):
        write = what in ("append", "undo")
        rows.append(
            ratio_row(
                ITEM,
                f"{label} p50 on a game of {size} of move+undo cycles "
                f"(p99 {grown.p99_ms(what):.1f} ms), projections running",
                grown.p50_ms(what),
                "ms",
                f"the same on fresh games (~20-150 events; p99 {fresh.p99_ms(what):.1f} ms)",
                fresh.p50_ms(what),
                at_most=1.5,
                note="server CPU: per write, the projections' work included" if write else "",
                short=f"{short} p50, game of {size} (move+undo cycles)",
                baseline_short=f"{short} p50, fresh game",
                cpu_ms=grown.cpu_ms() if write else None,
                baseline_cpu_ms=fresh.cpu_ms() if write else None,
                details=details if what == "append" else {},
            )
        )
    rows.insert(
        2,
        ratio_row(
            ITEM,
            f"server CPU per write (move or undo, If-Match) on a game of {size} of move+undo cycles, the "
            "projections' work included (every thread of the server, until they have applied the writes)",
            grown.cpu_ms(),
            "ms",
            "the same on fresh games (~20-150 events)",
            fresh.cpu_ms(),
            at_most=1.5,
            short=f"server CPU per write, game of {size} (move+undo cycles)",
            baseline_short="server CPU per write, fresh game",
        ),
    )
    return rows
