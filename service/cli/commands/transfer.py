"""``banquise import FILE...`` and ``banquise export ID``: records in and out of a running server."""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections.abc import Iterator
from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from service.base.settings import Settings
from service.cli.commands.client import ApiError, CliError, add_connection_arguments, check, connect


def records_in(path: Path) -> Iterator[tuple[str, bytes]]:
    """A file holds one record (JSON), a JSON array of records, or many (NDJSON, one per line).

    A UTF-8 byte order mark (Windows editors write one) is skipped.
    """
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise CliError(f"{path}: is a directory, not a record file") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot be read ({exc.strerror})") from None
    data = data.removeprefix(codecs.BOM_UTF8)
    stripped = data.strip()
    if not stripped:
        raise CliError(f"{path}: the file is empty")
    if stripped.startswith(b"["):
        try:
            items = json.loads(stripped)
        except ValueError as exc:
            raise CliError(f"{path}: not valid JSON ({exc})") from None
        for index, item in enumerate(items):
            yield f"{path}[{index}]", json.dumps(item, ensure_ascii=False).encode()
        return
    if path.suffix == ".ndjson" or (stripped.startswith(b"{") and b"\n{" in stripped):
        for number, line in enumerate(data.splitlines(), start=1):
            if line.strip():
                yield f"{path}:{number}", line
    else:
        yield str(path), data


def run_import(args: argparse.Namespace, settings: Settings) -> int:
    items = [item for path in args.files for item in records_in(Path(path))]
    failures = 0
    with (
        connect(args.url, args.key) as client,
        Progress(
            TextColumn("importing"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=False,
            disable=args.quiet,
        ) as progress,
    ):
        task = progress.add_task("import", total=len(items))
        for where, body in items:
            try:
                made = check(client.post("/games/import", content=body, headers={"content-type": "application/json"}))
                print(f"{where}\t{made['id']}\t{made['status']}\t{made['moves']} moves")
            except ApiError as exc:
                failures += 1
                index = exc.problem.get("move_index")
                at = f" at move {index}" if index is not None else ""
                print(f"{where}\tfailed{at}: {exc}", file=sys.stderr)
            progress.advance(task)
    return 1 if failures else 0


def run_export(args: argparse.Namespace, settings: Settings) -> int:
    with connect(args.url, args.key) as client:
        try:
            record = check(client.get(f"/games/{args.game_id}/record"))
        except ApiError as exc:
            print(f"banquise: {exc}", file=sys.stderr)
            return 1
    sys.stdout.write(json.dumps(record, indent=2 if args.pretty else None, ensure_ascii=False) + "\n")
    return 0


def add_parsers(sub: argparse._SubParsersAction) -> None:
    imp = sub.add_parser("import", help="import game records (JSON or NDJSON files) into a running server")
    imp.add_argument("files", nargs="+", metavar="FILE")
    imp.add_argument("--quiet", action="store_true", help="no progress bar")
    add_connection_arguments(imp)
    imp.set_defaults(run=run_import)
    exp = sub.add_parser("export", help="print a game's record (the import format)")
    exp.add_argument("game_id", metavar="ID")
    exp.add_argument("--pretty", action="store_true")
    add_connection_arguments(exp)
    exp.set_defaults(run=run_export)
