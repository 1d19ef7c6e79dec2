"""``banquise import FILE...`` and ``banquise export ID``: records in and out of a running server."""

from __future__ import annotations

import argparse
import codecs
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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


# ``banquise export``'s formats: a game's record, or the plays other apps log, or analysts' NDJSON.
FORMATS = ("record", "bgstats", "bgg", "ndjson")


def run_export(args: argparse.Namespace, settings: Settings) -> int:
    """One game (``ID``): its record, its BG Stats push link or its BGG play. No ID: the filter's games
    (``--player``, ``--tag``, ``--kind``, ``--since``, ``--until``) as a BG Stats file, BGG plays or
    NDJSON records (streamed to standard output as they come)."""
    if args.game_id is None and args.format == "record":
        raise CliError("banquise export: give a game ID, or --format bgstats|bgg|ndjson for a filter's games")
    if args.game_id is not None and args.format == "ndjson":
        raise CliError("banquise export: --format ndjson exports a filter's games, not one ID")
    with connect(args.url, args.key) as client:
        try:
            if args.game_id is None:
                _export_many(client, args)
            else:
                _export_one(client, args)
        except ApiError as exc:
            print(f"banquise: {exc}", file=sys.stderr)
            return 1
    return 0


def _export_one(client: Any, args: argparse.Namespace) -> None:
    if args.format == "bgg":
        response = client.get(f"/games/{args.game_id}/bgg")
        check_status(response)
        sys.stdout.buffer.write(response.content + b"\n")
        return
    if args.format == "bgstats":
        sys.stdout.write(check(client.get(f"/games/{args.game_id}/bgstats"))["link"] + "\n")
        return
    record = check(client.get(f"/games/{args.game_id}/record"))
    sys.stdout.write(json.dumps(record, indent=2 if args.pretty else None, ensure_ascii=False) + "\n")


def _export_many(client: Any, args: argparse.Namespace) -> None:
    params: list[tuple[str, str]] = [("tag", t) for t in args.tag or []]
    params += [(name, value) for name in ("player", "kind", "since", "until") if (value := getattr(args, name))]
    path = {"bgstats": "/exports/bgstats", "bgg": "/exports/bgg", "ndjson": "/exports/records"}[args.format]
    with client.stream("GET", path, params=params, timeout=None) as response:
        if response.status_code >= 400:
            response.read()
            check_status(response)
        for chunk in response.iter_bytes():
            sys.stdout.buffer.write(chunk)
    sys.stdout.buffer.flush()


def check_status(response: Any) -> None:
    if response.status_code >= 400:
        check(response)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    imp = sub.add_parser("import", help="import game records (JSON or NDJSON files) into a running server")
    imp.add_argument("files", nargs="+", metavar="FILE")
    imp.add_argument("--quiet", action="store_true", help="no progress bar")
    add_connection_arguments(imp)
    imp.set_defaults(run=run_import)
    exp = sub.add_parser(
        "export",
        help="print a game's record (the import format), or a game's or a filter's games as BG Stats or BGG "
        "plays, or a filter's games as NDJSON records",
    )
    exp.add_argument("game_id", metavar="ID", nargs="?", default=None, help="one game (else: the filter's games)")
    exp.add_argument("--format", choices=FORMATS, default="record", help="record (default), bgstats, bgg, ndjson")
    exp.add_argument("--player", default=None, help="a player's games (renamed handles included)")
    exp.add_argument("--tag", action="append", default=None, help="name:value or name; repeated: every one holds")
    exp.add_argument("--kind", default=None)
    exp.add_argument("--since", default=None, help="started at the table at or after (ISO 8601)")
    exp.add_argument("--until", default=None, help="started at the table before (ISO 8601)")
    exp.add_argument("--pretty", action="store_true")
    add_connection_arguments(exp)
    exp.set_defaults(run=run_export)
