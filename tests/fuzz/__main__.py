"""``make fuzz``: schemathesis against a real server — no input may cause a server error (5xx), and
every response must be what the OpenAPI document says (status, media type, headers, body schema).

Starts ``banquise serve`` on a free loopback port with a throw-away embedded database, creates an
admin key, imports a few simulated games so that ids and handles exist, then lets schemathesis
generate requests from the OpenAPI document: its examples, boundary values, random inputs, and
stateful sequences following the document's links (create or import a game → append moves, read
its summary, record, replay, stats → its players' pages and head-to-head). Bounded:
``--max-examples`` per operation (default 25) and ``--max-time`` for the whole run (default 300 s).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from tests.e2e.server import banquise, serving

CHECKS = (
    "not_a_server_error",
    "status_code_conformance",
    "content_type_conformance",
    "response_headers_conformance",
    "response_schema_conformance",
)


def main() -> int:
    parser = argparse.ArgumentParser(prog="make fuzz")
    parser.add_argument("--max-examples", type=int, default=25)
    parser.add_argument("--max-time", type=int, default=300, help="seconds for the whole schemathesis run")
    args = parser.parse_args()
    st = shutil.which("st", path=str(Path(sys.executable).parent))
    if st is None:
        print("schemathesis is not installed (make fuzz installs it)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="banquise-fuzz-") as tmp:
        data = Path(tmp) / "data"
        token = banquise(data, "keys", "create", "--name", "fuzz", "--admin").stdout.strip()
        with serving(data, BANQUISE_LOG_LEVEL="WARNING") as base:
            for game, players in (("arctic", "2"), ("arctica", "3")):
                made = banquise(
                    data,
                    "simulate",
                    "--game",
                    game,
                    "--players",
                    players,
                    "--count",
                    "2",
                    "--submit",
                    base,
                    "--key",
                    token,
                    "--quiet",
                )
                if made.returncode != 0:
                    print(made.stderr, file=sys.stderr)
                    return 1
            return subprocess.run(
                [
                    st,
                    "run",
                    f"{base}/schema/openapi.json",
                    "--checks",
                    ",".join(CHECKS),
                    "--phases",
                    "examples,coverage,fuzzing,stateful",
                    "--max-examples",
                    str(args.max_examples),
                    "--max-time",
                    str(args.max_time),
                    "--workers",
                    "2",
                    "-H",
                    f"Authorization: Bearer {token}",
                ],
                check=False,
            ).returncode


if __name__ == "__main__":
    sys.exit(main())
