"""The report: a Markdown table and JSON under ``bench/results/``, and the table of docs/development/benchmarks.md."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any

from bench.core import Row

START = "<!-- bench:start -->"
END = "<!-- bench:end -->"


def _num(value: float | None, unit: str = "") -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "-"
    if unit == "ms":
        text = f"{value:.2f}" if value < 10 else f"{value:.1f}"
    elif abs(value) >= 100:
        text = f"{value:,.0f}"
    elif abs(value) >= 10:
        text = f"{value:.1f}"
    else:
        text = f"{value:.2f}"
    return f"{text} {unit}".strip()


def _met(row: Row) -> str:
    if row.status == "skipped":
        return "skipped"
    if row.status == "error":
        return "error"
    if row.met is None:
        return ""
    return "yes" if row.met else "**no**"


def _cpu(row: Row) -> str:
    """The server's CPU per request, measured and baseline ("-" where not measured)."""
    if row.cpu_ms is None:
        return "-"
    if row.baseline_cpu_ms is None:
        return f"{row.cpu_ms:.3f} ms"
    return f"{row.cpu_ms:.3f} / {row.baseline_cpu_ms:.3f} ms"


def table(rows: list[Row]) -> str:
    lines = [
        "| # | measured | value | baseline (same run) | baseline value | ratio | target | met "
        "| server CPU per request |",
        "|---|---|---:|---|---:|---:|---|---|---:|",
    ]
    for r in rows:
        what = r.what + (f" — {r.note}" if r.note else "")
        ratio = "-" if r.ratio is None or math.isnan(r.ratio) else f"{r.ratio:.3f}"
        lines.append(
            f"| {r.item} | {what} | {_num(r.value, r.unit)} | {r.baseline_what or '-'} | "
            f"{_num(r.baseline, r.baseline_unit)} | {ratio} | {r.target or '-'} | {_met(r)} | {_cpu(r)} |"
        )
    return "\n".join(lines)


def short_table(rows: list[Row]) -> str:
    lines = [
        "| # | measured | value | baseline | baseline value | ratio | target | met | server CPU/request |",
        "|---|---|---:|---|---:|---:|---|---|---:|",
    ]
    for r in rows:
        ratio = "-" if r.ratio is None or math.isnan(r.ratio) else f"{r.ratio:.2f}"
        what = r.short or r.what
        if r.status != "ok":
            what += f" ({r.note})"
        lines.append(
            f"| {r.item} | {what} | {_num(r.value, r.unit)} | {r.baseline_short or r.baseline_what or '-'} | "
            f"{_num(r.baseline, r.baseline_unit)} | {ratio} | {r.target or '-'} | {_met(r)} | {_cpu(r)} |"
        )
    return "\n".join(lines)


def markdown(rows: list[Row], meta: dict[str, Any]) -> str:
    head = (
        f"Run {meta['finished_at']} on {meta['cpus']} CPUs ({meta['machine']}), PostgreSQL {meta['postgres']}, "
        f"Python {meta['python']}, commit `{meta['commit']}`{' — **quick mode**' if meta['quick'] else ''}; "
        f"{meta['duration_s']:.0f} s; load average at start {meta['load_start']}, at end {meta['load_end']}."
    )
    notes = "\n".join(f"- {n}" for n in meta.get("notes", []))
    return f"{head}\n\n{table(rows)}\n" + (f"\n{notes}\n" if notes else "")


def write(out: Path, stem: str, rows: list[Row], meta: dict[str, Any]) -> tuple[Path, Path]:
    out.mkdir(parents=True, exist_ok=True)
    md = out / f"{stem}.md"
    js = out / f"{stem}.json"
    md.write_text("# Banquise benchmark\n\n" + markdown(rows, meta))
    js.write_text(json.dumps({"meta": meta, "rows": [r.as_dict() for r in rows]}, indent=2, default=str) + "\n")
    return md, js


def update_readme(readme: Path, rows: list[Row], meta: dict[str, Any]) -> bool:
    """Rewrite only the block between the bench markers (added at the end if missing)."""
    text = readme.read_text()
    block = (
        f"{START}\n"
        f"_Written by `make bench` ({meta['finished_at']}, {meta['cpus']} CPUs, {meta['duration_s']:.0f} s). "
        "Every figure is a ratio against a physical baseline measured in the same run; the last column is "
        "the server's CPU per request (measured / baseline, where the baseline is a request too); "
        "details in `bench/results/latest.md`._\n\n"
        f"{short_table(rows)}\n"
        f"{END}"
    )
    if START in text and END in text:
        new = re.sub(re.escape(START) + r".*?" + re.escape(END), lambda _: block, text, count=1, flags=re.S)
    else:
        new = text.rstrip("\n") + "\n\n## Performance\n\n" + block + "\n"
    if new != text:
        readme.write_text(new)
        return True
    return False
