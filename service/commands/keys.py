"""``banquise keys create|list|revoke``: API keys, managed on the server's own database."""

from __future__ import annotations

import argparse
import sys

import psycopg

from service import keys
from service.runtime import Runtime
from service.settings import Settings


def run(args: argparse.Namespace, settings: Settings) -> int:
    runtime = Runtime.open(settings)
    try:
        with psycopg.connect(runtime.params.conninfo(), autocommit=True) as conn:
            if args.keys_command == "create":
                made = keys.create(conn, args.name, admin=args.admin)
                print(made.token)
                print(
                    f"key {made.key.id} ({made.key.name}{', admin' if made.key.admin else ''}) created; "
                    "the token above is shown once",
                    file=sys.stderr,
                )
                return 0
            if args.keys_command == "list":
                for key in keys.listing(conn):
                    state = f"revoked {key.revoked_at:%Y-%m-%d}" if key.revoked_at else "active"
                    role = "admin" if key.admin else "recorder"
                    print(f"{key.id}\t{key.name}\t{role}\t{key.created_at:%Y-%m-%d %H:%M}\t{state}")
                return 0
            if keys.revoke(conn, args.key_id):
                print(f"key {args.key_id} revoked", file=sys.stderr)
                return 0
            print(f"banquise: no active key {args.key_id}", file=sys.stderr)
            return 1
    finally:
        runtime.close()


def add_parser(sub: argparse._SubParsersAction) -> None:
    parser = sub.add_parser("keys", help="create, list or revoke API keys")
    actions = parser.add_subparsers(dest="keys_command", required=True, metavar="ACTION")
    create = actions.add_parser("create", help="create a key and print its token (shown once)")
    create.add_argument("--name", required=True, help="who or what the key is for")
    create.add_argument("--admin", action="store_true", help="may also void games")
    actions.add_parser("list", help="list keys (never their tokens)")
    revoke = actions.add_parser("revoke", help="revoke a key")
    revoke.add_argument("key_id")
    parser.set_defaults(run=run)
