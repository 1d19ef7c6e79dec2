"""The ``banquise`` command: ``serve``, ``openapi``; later features add their subcommands here."""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable, Sequence

from service.database import DatabaseUnavailable
from service.logs import configure_logging
from service.settings import Settings, SettingsError

log = logging.getLogger("banquise.cli")

Command = Callable[[argparse.Namespace, Settings], int]


def _serve(args: argparse.Namespace, settings: Settings) -> int:
    import uvicorn

    from service.app import create_app
    from service.runtime import Runtime

    runtime = Runtime.open(settings)
    try:
        app = create_app(settings, runtime=runtime)
        log.info("serving on http://%s:%s", args.host, args.port)
        uvicorn.run(app, host=args.host, port=args.port, log_config=None, access_log=False, lifespan="on")
    finally:
        runtime.close()
    return 0


def _openapi(args: argparse.Namespace, settings: Settings) -> int:
    from service.app import create_app

    schema = create_app(settings).openapi_schema.to_schema()
    sys.stdout.write(json.dumps(schema, indent=2, sort_keys=True) + "\n")
    return 0


def build_parser(settings: Settings) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="banquise", description="Record and replay Arctic and Arctica games."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    serve = sub.add_parser("serve", help="run the HTTP API (embedded PostgreSQL unless DATABASE_URL is set)")
    serve.add_argument("--host", default=settings.host)
    serve.add_argument("--port", type=int, default=settings.port)
    serve.set_defaults(run=_serve)

    openapi = sub.add_parser("openapi", help="print the OpenAPI document of the API")
    openapi.set_defaults(run=_openapi)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        settings = Settings.from_env()
    except SettingsError as exc:
        print(f"banquise: {exc}", file=sys.stderr)
        return 2
    configure_logging(settings.log_level)
    args = build_parser(settings).parse_args(argv)
    run: Command = args.run
    try:
        return run(args, settings)
    except DatabaseUnavailable as exc:
        log.error("%s", exc)
        return 3
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
