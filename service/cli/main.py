"""The ``banquise`` command: ``serve``, ``openapi``; later features add their subcommands here."""

from __future__ import annotations

import argparse
import json
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from types import FrameType

from service.base.database import DatabaseUnavailable
from service.base.logs import configure_logging
from service.base.settings import Settings, SettingsError
from service.cli.commands.stopping import leave_unfinished_work

log = logging.getLogger("banquise.cli")

Command = Callable[[argparse.Namespace, Settings], int]


def _serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    if args.workers > 1:
        from service.cli.commands.serving import serve_workers

        return serve_workers(args, settings)

    from service.cli.commands.analysis import served_workers
    from service.cli.commands.serving import tune_collector
    from service.http.app import create_app
    from service.runtime import Runtime

    tune_collector()
    runtime = Runtime.open(settings, read_replica=True)
    try:
        app = create_app(settings, runtime=runtime)
        log.info("serving on http://%s:%s", args.host, args.port)
        # uvicorn ends a SIGINT's graceful shutdown with exit status 0: a SIGTERM's does the same. Requests
        # get ``shutdown_grace`` seconds to finish, then are cancelled (``leave_unfinished_work``).
        with suppress(Terminated), served_workers(runtime.params, args.analysis_workers):
            uvicorn.run(
                app,
                host=args.host,
                port=args.port,
                log_config=None,
                access_log=False,
                lifespan="on",
                timeout_graceful_shutdown=max(1, round(settings.shutdown_grace)),
            )
    finally:
        runtime.close()
    leave_unfinished_work()
    return 0


def documents(settings: Settings) -> dict[str, str]:
    """The generated documents kept in openapi/: the API and the record format."""
    from service.base.store.kinds import Registry
    from service.http.app import create_app
    from service.http.routes.records import schema_document

    def dump(value: object) -> str:
        return json.dumps(value, indent=2, sort_keys=True) + "\n"

    return {
        "openapi.json": dump(create_app(settings).openapi_document()),
        "record.schema.json": dump(schema_document(Registry.default())),
    }


def _openapi(args: argparse.Namespace, settings: Settings) -> int:
    docs = documents(settings)
    if args.write is None:
        sys.stdout.write(docs["openapi.json"])
        return 0
    args.write.mkdir(parents=True, exist_ok=True)
    for name, text in docs.items():
        (args.write / name).write_text(text)
        log.info("wrote %s", args.write / name)
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more, not {value}")
    return value


def build_parser(settings: Settings) -> argparse.ArgumentParser:
    from domain.kinds import registered_games

    titles = [plugin.title for plugin in registered_games()]
    games = " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)
    parser = argparse.ArgumentParser(prog="banquise", description=f"Record and replay {games} games.")
    parser.add_argument(
        "-v", "--verbose", action="store_true", help="also show the HTTP and database libraries' own log lines"
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the HTTP API (embedded PostgreSQL unless DATABASE_URL is set)")
    serve.add_argument("--host", default=settings.host)
    serve.add_argument("--port", type=int, default=settings.port)
    serve.add_argument(
        "--workers",
        type=_positive,
        default=1,
        metavar="N",
        help="server processes sharing the port and the database (each with its own pool; default 1)",
    )
    serve.add_argument(
        "--analysis-workers",
        type=int,
        choices=range(0, 65),
        default=1,
        metavar="N",
        help="analysis worker processes started with the server and stopped with it (default 1; 0: none, "
        "run `banquise worker analysis` elsewhere)",
    )
    serve.set_defaults(run=_serve)

    openapi = sub.add_parser("openapi", help="print the OpenAPI document (or write it and the record schema)")
    openapi.add_argument("--write", type=Path, metavar="DIR", help="write openapi.json and record.schema.json in DIR")
    openapi.set_defaults(run=_openapi)

    from service.cli.commands import chain, editions, keys, playimports, simulate, transfer, verify

    keys.add_parser(sub)
    verify.add_parser(sub)
    chain.add_parser(sub)
    editions.add_parser(sub)
    simulate.add_parser(sub)
    transfer.add_parsers(sub)
    playimports.add_parser(sub)

    from service.cli.commands import analysis, projections, worker

    worker.add_parser(sub)
    analysis.add_parser(sub)
    projections.add_parser(sub)
    return parser


class Terminated(SystemExit):
    """SIGTERM: unwind like an exit, through every ``finally`` and atexit hook."""


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    # Python's default for SIGTERM ends the process at once, skipping ``finally`` blocks and atexit
    # hooks: the embedded PostgreSQL would outlive us. uvicorn handles SIGTERM itself while serving
    # and, once shut down, raises it again: it lands here and unwinds through ``Runtime.close``.
    raise Terminated(128 + signum)


def main(argv: Sequence[str] | None = None) -> int:
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"banquise: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    args = build_parser(settings).parse_args(argv)
    # httpx logs every request at INFO: a line per record would garble the progress bars.
    for name in ("httpx", "httpcore"):
        logging.getLogger(name).setLevel(logging.NOTSET if args.verbose else logging.WARNING)
    run: Command = args.run
    import httpx

    from service.cli.commands.client import CliError, unreachable

    # Exit statuses: 1 the server refused something, 2 bad arguments or input, 3 server or database
    # unreachable, 130 interrupted. Each failure is one line on stderr, never a traceback.
    try:
        return run(args, settings)
    except DatabaseUnavailable as exc:
        log.error("%s", exc)
        return 3
    except CliError as exc:
        print(f"banquise: {exc}", file=sys.stderr)
        return exc.status
    except httpx.TransportError as exc:
        print(f"banquise: {unreachable(exc)}", file=sys.stderr)
        return 3
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
