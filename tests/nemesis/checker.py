"""The properties a soak history must hold, checked over the whole of it (Jepsen's way: no single request
is judged alone). ``check`` returns every violation, in the order of ``PROPERTIES`` (the first is the one
printed), and the run's counts.

* ``answers``: no 5xx but ``503`` (a fault is a ``503``, never a ``500``);
* ``bounded``: no request took longer than ``HANG_BOUND`` unless the clients' own network was faulted
  (a blackholed or slowed HTTP link hangs by design; a database fault must not);
* ``unknown_resolved``: every write whose outcome was unknown was resolved by a retry with its
  ``Idempotency-Key`` (or its record id) to a definite answer: stored once (the first answer again) or
  not at all (a refusal);
* ``games_known``: every game stored was created, imported or forked by an acknowledged write (or a
  fork whose answer was lost), and every acknowledged one is stored;
* ``contiguous``: each game's versions are 1..N, no gap, no duplicate;
* ``acknowledged_present``: every acknowledged write's events are in the log, at its versions, with its
  types and recording times;
* ``exactly_once``: every event of a log belongs to exactly one acknowledged write (nothing stored twice,
  nothing stored that no client was told of, no two writes acknowledged at one version);
* ``real_time_order``: a write acknowledged before another one started has the lower versions;
* ``sse_prefix``: every live stream reader, across its resumes, received a gap-free run of the game's
  log from where it started, each event once;
* ``followers``: every follower of the whole log (``tests/nemesis/followers.py``) was handed every stored
  event exactly once, nothing else, in an order consistent with each game's versions and the log's own
  (``tests/nemesis/deliveries.py``), and every acknowledged event is stored;
* ``replays_agree``: every replay of one step of one game answered the same state hash;
* ``final_status``: an acknowledged abandon left the game abandoned, an acknowledged void voided;
* ``read_models``: the read models equal a rebuild from the log;
* ``recovery``: after each fault was healed, a write succeeded again within ``RECOVERY_BOUND``.
"""

from __future__ import annotations

import bisect
from collections import Counter, defaultdict

import msgspec

from tests.nemesis import deliveries
from tests.nemesis.deliveries import Delivery
from tests.nemesis.history import STREAM_WRITES, WRITES, Fault, GameLog, History, Op, Stored

# Seconds: the longest a request may take while only the database side is faulted (the README's
# bounds at the soak's settings: lock 1 s, pool 1 s, statement 2 s + 1, then the lost-commit settling's
# own connect and lookup), with room for a 2-core machine shared with other work.
HANG_BOUND = 20.0
# Seconds from a fault's healing to the first successful write.
RECOVERY_BOUND = 30.0

PROPERTIES = (
    "answers",
    "bounded",
    "unknown_resolved",
    "games_known",
    "contiguous",
    "acknowledged_present",
    "exactly_once",
    "real_time_order",
    "sse_prefix",
    "followers",
    "replays_agree",
    "final_status",
    "read_models",
    "recovery",
)


class Violation(msgspec.Struct, frozen=True):
    property: str
    detail: str


class Report(msgspec.Struct, kw_only=True):
    violations: list[Violation]
    counts: dict[str, int]
    faults: dict[str, int]

    @property
    def first(self) -> Violation | None:
        return self.violations[0] if self.violations else None


def _root(op: Op) -> int:
    return op.retry_of if op.retry_of is not None else op.id


def _during(op: Op, faults: list[Fault], side: str, slack: float = 1.0) -> bool:
    return any(f.side == side and f.start - slack <= op.end and op.start <= f.end + slack for f in faults)


def check(history: History) -> Report:
    found: dict[str, list[str]] = defaultdict(list)
    ops = history.ops
    by_id = {op.id: op for op in ops}
    final = {g.game: g for g in history.final}
    writes = [op for op in ops if op.kind in WRITES]

    # answers, bounded
    for op in ops:
        if op.status is not None and op.status >= 500 and op.status != 503:
            found["answers"].append(f"op {op.id} {op.kind} {op.game}: {op.status} {op.code}")
        took = op.end - op.start
        if (took > HANG_BOUND or op.code == "timeout") and not _during(op, history.faults, "http"):
            found["bounded"].append(f"op {op.id} {op.kind} {op.game}: {took:.1f} s ({op.code}), no HTTP fault")

    # unknown_resolved: per first attempt, its attempts' outcomes
    attempts: dict[int, list[Op]] = defaultdict(list)
    for op in writes:
        attempts[_root(op)].append(op)
    resolved: dict[int, Op | None] = {}  # first attempt -> its ok attempt (None: resolved as not stored)
    unknown_forks: Counter[str] = Counter()  # origin -> forks whose answer was lost
    for root, tries in attempts.items():
        first = by_id[root]
        definite = [t for t in tries if t.outcome != "unknown"]
        lenient = first.kind == "fork" and not history.fork_keys
        if first.outcome != "unknown" or lenient:
            if lenient and first.outcome == "unknown" and first.origin:
                unknown_forks[first.origin] += 1
            resolved[root] = next((t for t in tries if t.outcome == "ok"), None)
            continue
        if not definite:
            found["unknown_resolved"].append(f"op {root} {first.kind} {first.game} key {first.key}: never resolved")
            continue
        resolved[root] = next((t for t in definite if t.outcome == "ok"), None)
        if resolved[root] is None and first.kind in ("abandon", "void"):
            # The retry's refusal says the first attempt did it: game_abandoned / game_already_voided.
            code = definite[0].code
            if code in ("game_abandoned", "game_already_voided"):
                resolved[root] = definite[0]

    acked = [op for op in resolved.values() if op is not None]

    # A retry with the key answers the first answer again: the same game, the same events.
    for root, tries in attempts.items():
        oks = [t for t in tries if t.outcome == "ok"]
        for later in oks[1:]:
            if (later.game, later.events) != (oks[0].game, oks[0].events):
                found["acknowledged_present"].append(
                    f"op {later.id} retried op {root} and answered {later.game} {later.events[:3]}, "
                    f"not {oks[0].game} {oks[0].events[:3]}"
                )

    # games_known
    made = {op.game for op in acked if op.kind in ("create", "import", "fork") and op.game}
    for game in history.stored_games:
        if game not in made and not (game in final and _is_lost_fork(final[game], unknown_forks)):
            found["games_known"].append(f"game {game} is stored, but no acknowledged write made it")
    for game in sorted(made - set(history.stored_games)):
        found["games_known"].append(f"game {game} was acknowledged, but is not stored")

    # contiguous, acknowledged_present, exactly_once, real_time_order
    claimed: dict[str, dict[int, int]] = defaultdict(dict)  # game -> version -> first attempt's id
    per_game: dict[str, list[Op]] = defaultdict(list)
    for op in acked:
        if op.kind not in STREAM_WRITES or op.game is None:
            continue
        per_game[op.game].append(op)
        log = final.get(op.game)
        stored = {e.version: e for e in log.events} if log else {}
        for event in op.events:
            other = claimed[op.game].get(event.version)
            if other is not None and other != _root(op):
                found["exactly_once"].append(
                    f"game {op.game} v{event.version}: acknowledged to ops {other} and {_root(op)}"
                )
            claimed[op.game][event.version] = _root(op)
            if not _same(stored.get(event.version), event):
                found["acknowledged_present"].append(
                    f"op {op.id} {op.kind} game {op.game}: acknowledged {event}, stored {stored.get(event.version)}"
                )
    for log in history.final:
        versions = [e.version for e in log.events]
        if versions != list(range(1, len(versions) + 1)):
            found["contiguous"].append(f"game {log.game}: versions {_ranges(versions)}")
        if log.game not in made:
            continue  # a lost fork's copy: no client wrote to it
        unclaimed = [v for v in versions if v not in claimed[log.game]]
        if unclaimed:
            found["exactly_once"].append(
                f"game {log.game}: events {_ranges(unclaimed)} stored, but no acknowledged write holds them"
            )
    for game, game_ops in per_game.items():
        by_end = sorted((o for o in game_ops if o.events), key=lambda o: o.end)
        ends = [o.end for o in by_end]
        highest: list[int] = []
        for o in by_end:
            highest.append(max([*highest[-1:], max(e.version for e in o.events)]))
        for o in game_ops:
            if not o.events:
                continue
            before = bisect.bisect_left(ends, o.start)
            if before and highest[before - 1] >= min(e.version for e in o.events):
                found["real_time_order"].append(
                    f"game {game}: op {o.id} started after a write at v{highest[before - 1]} ended, "
                    f"yet stored v{min(e.version for e in o.events)}"
                )

    # sse_prefix
    for read in history.sse:
        log = final.get(read.game)
        stored = {e.version: e for e in log.events} if log else {}
        expected = list(range(read.after + 1, read.after + 1 + len(read.received)))
        got = [e.version for e in read.received]
        if got != expected:
            found["sse_prefix"].append(f"reader {read.reader} game {read.game}: after {read.after} got {_ranges(got)}")
        elif any(stored.get(e.version) is None or stored[e.version].type != e.type for e in read.received):
            found["sse_prefix"].append(f"reader {read.reader} game {read.game}: an event differs from the log")
        elif read.ended and log is not None and got[-1:] != [log.events[-1].version]:
            found["sse_prefix"].append(f"reader {read.reader} game {read.game}: the stream ended at {got[-1:]}")

    # followers
    if history.followed:
        stored_ids = {(g, v): n for g, v, n in history.stored_ids}
        events = [(op.game, e.version) for op in acked if op.kind in STREAM_WRITES and op.game for e in op.events]
        handed = {name: [Delivery(*d) for d in got] for name, got in history.followed.items()}
        found["followers"].extend(deliveries.check(stored_ids, events, handed))

    # replays_agree
    hashes: dict[tuple[str, int], set[str]] = defaultdict(set)
    for op in ops:
        if op.kind == "replay" and op.outcome == "ok" and op.game and op.step is not None and op.state_hash:
            hashes[(op.game, op.step)].add(op.state_hash)
    for (game, step), seen in hashes.items():
        if len(seen) > 1:
            found["replays_agree"].append(f"game {game} step {step}: {len(seen)} different state hashes")

    # final_status
    for op in acked:
        log = final.get(op.game or "")
        if op.kind == "abandon" and (log is None or log.status != "abandoned"):
            found["final_status"].append(f"op {op.id}: abandon acknowledged, game {op.game} is {log and log.status}")
        if op.kind == "void" and (log is None or not log.voided):
            found["final_status"].append(f"op {op.id}: void acknowledged, game {op.game} is not voided")

    found["read_models"].extend(f"table {t} differs from a rebuild" for t in history.read_model_diff)

    for fault in history.faults:
        if fault.recovered is None:
            found["recovery"].append(f"{fault.kind} healed at {fault.end:.1f} s: no write succeeded after it")
        elif fault.recovered - fault.end > RECOVERY_BOUND:
            found["recovery"].append(f"{fault.kind}: a write succeeded {fault.recovered - fault.end:.1f} s after")

    violations = [Violation(p, d) for p in PROPERTIES for d in found.get(p, [])]
    unknown_roots = [r for r, tries in attempts.items() if by_id[r].outcome == "unknown"]
    counts = {
        "requests": len(ops),
        "acknowledged writes": len(acked),
        "unknown outcomes": len(unknown_roots),
        "unknown outcomes resolved": sum(1 for r in unknown_roots if r in resolved),
        "events checked": sum(len(g.events) for g in history.final),
        "games checked": len(history.final),
        "sse reads": len(history.sse),
        "sse resumes": sum(r.resumes for r in history.sse),
        "sse events": sum(len(r.received) for r in history.sse),
        "events handed to followers": sum(len(got) for got in history.followed.values()),
        "503 answers": sum(1 for op in ops if op.status == 503),
        "lost COMMIT replies": sum(1 for f in history.faults if f.kind == "db_lost_commit" and f.detail == "fired"),
        "resets before COMMIT": sum(
            1 for f in history.faults if f.kind == "db_reset_before_commit" and f.detail == "fired"
        ),
        "writes cut before COMMIT": sum(
            int(f.detail.split()[0]) for f in history.faults if f.kind == "crash_writers" and f.detail[:1].isdigit()
        ),
    }
    return Report(violations=violations, counts=counts, faults=dict(Counter(f.kind for f in history.faults)))


def _same(stored: Stored | None, acked: Stored) -> bool:
    if stored is None or (acked.type and stored.type != acked.type):
        return False
    return not acked.recorded_at or stored.recorded_at == acked.recorded_at


def _is_lost_fork(log: GameLog, unknown_forks: Counter[str]) -> bool:
    """A fork whose answer was lost: stored (or not) with no client told; each lost answer covers one."""
    if log.forked_from is None or unknown_forks[log.forked_from] <= 0:
        return False
    unknown_forks[log.forked_from] -= 1
    return True


def _ranges(versions: list[int]) -> str:
    """``1-4,6,6,9-10``: a compact picture of a list of versions."""
    parts: list[str] = []
    for v in versions:
        if parts and "-" not in parts[-1].lstrip("-") and parts[-1].isdigit() and int(parts[-1]) + 1 == v:
            parts[-1] = f"{parts[-1]}-{v}"
        elif parts and "-" in parts[-1] and int(parts[-1].split("-")[1]) + 1 == v:
            parts[-1] = f"{parts[-1].split('-')[0]}-{v}"
        else:
            parts.append(str(v))
    return ",".join(parts) if parts else "none"
