"""What the backup drill finds on the restored copy, and how it says it (tests/backup/drill.py)."""

from __future__ import annotations

import time

import msgspec

from tests.nemesis.history import STREAM_WRITES, Op, Stored


class Figures(msgspec.Struct, kw_only=True):
    deployment: str
    load_seconds: float
    backup_id: str = ""
    backup_seconds: float = 0.0
    target: str = ""
    acknowledged_before_target: int = 0
    found_after_restore: int = 0
    missing: list[str] = []
    sent_after_target: int = 0  # acknowledged writes sent after the target
    found_after_target: list[str] = []  # ...that the copy holds anyway (must be none)
    not_prefix: list[str] = []  # games whose restored events are not a prefix of the deployment's
    unknown_games: list[str] = []  # games in the copy the deployment never had
    games_restored: int = 0
    events_restored: int = 0
    chain: str = ""
    chains_broken: int = -1
    read_model_diff: list[str] = []
    restore_seconds: float = 0.0
    switchover: str = ""
    left_behind: list[str] = []
    phases: dict[str, float] = {}  # seconds each step of the drill took

    def phase(self, name: str, since: float) -> float:
        now = time.monotonic()
        self.phases[name] = round(now - since, 1)
        return now

    @property
    def ok(self) -> bool:
        return (
            self.acknowledged_before_target > 0
            and self.sent_after_target > 0
            and self.found_after_restore == self.acknowledged_before_target
            and not self.missing
            and not self.found_after_target
            and not self.not_prefix
            and not self.unknown_games
            and self.chains_broken == 0
            and not self.read_model_diff
            and not self.left_behind
        )


def compare(
    figures: Figures,
    ops: list[Op],
    target: float,
    stored: dict[str, list[Stored]],
    copy: dict[str, list[Stored]],
    status: dict[str, str],
    voided: set[str],
) -> None:
    figures.games_restored = len(copy)
    figures.events_restored = sum(len(events) for events in copy.values())
    for game, events in copy.items():
        if game not in stored:
            figures.unknown_games.append(game)
        elif events != stored[game][: len(events)]:
            figures.not_prefix.append(game)
    seen: set[int] = set()
    for op in ops:
        if op.outcome != "ok" or op.kind not in (*STREAM_WRITES, "abandon", "void") or op.game is None:
            continue
        root = op.retry_of if op.retry_of is not None else op.id
        if root in seen:
            continue
        if op.end < target:
            seen.add(root)
            figures.acknowledged_before_target += 1
            if present(op, copy, status, voided):
                figures.found_after_restore += 1
            else:
                figures.missing.append(f"op {op.id} {op.kind} game {op.game} v{[e.version for e in op.events][:5]}")
        elif op.start > target:
            seen.add(root)
            figures.sent_after_target += 1
            if present(op, copy, status, voided, after=True):
                figures.found_after_target.append(f"op {op.id} {op.kind} game {op.game}")


def present(
    op: Op, copy: dict[str, list[Stored]], status: dict[str, str], voided: set[str], after: bool = False
) -> bool:
    """Whether the copy holds what ``op`` wrote: its game, its events at their versions (same type and
    recording time), its abandon or void. For a write sent after the target, a game made before it holds
    the versions the write claimed only if the write is there."""
    game = op.game or ""
    if op.kind == "abandon":
        return status.get(game) == "abandoned"
    if op.kind == "void":
        return game in voided
    events = copy.get(game)
    if events is None:
        return False
    if op.kind in ("create", "import", "fork") and after:
        return True
    by_version = {e.version: e for e in events}
    for event in op.events:
        got = by_version.get(event.version)
        if (
            got is None
            or (event.type and got.type != event.type)
            or (event.recorded_at and got.recorded_at != event.recorded_at)
        ):
            return False
    return True


def summary(figures: Figures) -> str:
    f = figures
    chain = f.chain.splitlines()[0] if f.chain else "-"
    lines = [
        f"backup drill ({f.deployment}): Barman, base backup {f.backup_id} in {f.backup_seconds:.2f} s under "
        f"write load ({f.load_seconds:.0f} s of load)"
        + (f", then a switchover {f.switchover}" if f.switchover else ""),
        f"  target {f.target}: acknowledged writes before it {f.acknowledged_before_target}, found after restore "
        f"{f.found_after_restore}; acknowledged writes sent after it {f.sent_after_target}, found "
        f"{len(f.found_after_target)}",
        f"  time to restore {f.restore_seconds:.2f} s (barman recover, WAL replayed to the target, promoted)",
        f"  restored {f.games_restored} games, {f.events_restored} events; banquise chain: {chain}",
        "  read models caught up vs rebuilt: "
        + (", ".join(f.read_model_diff) + " differ" if f.read_model_diff else "equal"),
        f"  games not a prefix of the original: {len(f.not_prefix)}, unknown games: {len(f.unknown_games)}",
        "  left behind: " + (", ".join(f.left_behind) or "nothing"),
        "  steps (s): " + ", ".join(f"{k} {v}" for k, v in f.phases.items()),
    ]
    if f.missing:
        lines.append(f"  MISSING: {f.missing[:10]}")
    if f.found_after_target:
        lines.append(f"  PAST THE TARGET: {f.found_after_target[:10]}")
    lines.append("  " + ("OK" if f.ok else "FAILED"))
    return "\n".join(lines)
