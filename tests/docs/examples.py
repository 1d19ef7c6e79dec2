"""The shell examples of the README and of the manual's pages, as scripts a test can run.

The convention (docs/development/testing.md): a fenced block marked ``bash`` is run; ``sh``, ``console``
and ``text`` blocks are illustrative. An illustrative block that calls ``curl`` must be preceded by an
``<!-- not run: why -->`` comment, so that an example meant to run cannot leave the test by its fence.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parents[2]
RUN = "bash"
SKIP_MARK = re.compile(r"<!--\s*not run:.+?-->")
FENCE = re.compile(
    r"^(?P<indent> *)```(?P<lang>[A-Za-z0-9_+-]*)[^\n]*\n(?P<body>.*?)^(?P=indent)```[ \t]*$", re.S | re.M
)
# Where the examples say the server is; the test replaces it by the server it started.
DEFAULT_BASE = "http://127.0.0.1:8000"


class Block(msgspec.Struct, frozen=True):
    page: str
    line: int
    lang: str
    body: str
    skipped: bool


def pages() -> list[Path]:
    """The README, then every page of the manual (docs/, the hooks' folder aside), in path order."""
    docs = sorted(p for p in (ROOT / "docs").rglob("*.md") if "hooks" not in p.parts)
    return [ROOT / "README.md", *docs]


def blocks(page: Path) -> list[Block]:
    text = page.read_text(encoding="utf-8")
    found = []
    for match in FENCE.finditer(text):
        before = text[: match.start()].rstrip().rsplit("\n", 1)[-1]
        found.append(
            Block(
                page=str(page.relative_to(ROOT)),
                line=text.count("\n", 0, match.start()) + 1,
                lang=match["lang"],
                body=match["body"],
                skipped=bool(SKIP_MARK.search(before)),
            )
        )
    return found


def runnable(page: Path) -> list[Block]:
    return [b for b in blocks(page) if b.lang == RUN and not b.skipped]


def unmarked_illustrations(page: Path) -> list[Block]:
    """Blocks that call curl but would not run, and say nothing of why."""
    return [b for b in blocks(page) if b.lang != RUN and not b.skipped and re.search(r"\bcurl\b", b.body)]


# Each page's script: strict bash, and a curl that fails on an HTTP error unless EXPECT names the status.
PRELUDE = r"""
set -euo pipefail
trap 'echo "docs-test: failed at script line $LINENO: $BASH_COMMAND" >&2' ERR
curl() {
  local err rc code
  err=$(mktemp)
  rc=0
  command curl --write-out '%{stderr}@@status=%{http_code}\n' "$@" 2>"$err" || rc=$?
  code=$(sed -n 's/^.*@@status=\([0-9]*\)$/\1/p' "$err" | tail -n 1)
  sed 's/@@status=[0-9]*$//' "$err" | grep -v '^$' >&2 || true
  rm -f "$err"
  echo "curl $* -> ${code:-none} (exit $rc)" >>"$DOCS_TEST_LOG"
  if [ "$rc" -ne 0 ]; then echo "docs-test: curl exited with $rc: curl $*" >&2; return "$rc"; fi
  if [ -n "${EXPECT:-}" ]; then
    if [ "$code" != "$EXPECT" ]; then echo "docs-test: expected HTTP $EXPECT, got $code: curl $*" >&2; return 1; fi
  elif [ "$code" -ge 400 ]; then
    echo "docs-test: HTTP $code: curl $*" >&2; return 1
  fi
}
"""


def script(page_blocks: list[Block], base: str) -> str:
    parts = [PRELUDE]
    for block in page_blocks:
        parts.append(f"# ---- {block.page}:{block.line}\n{block.body.replace(DEFAULT_BASE, base)}")
    return "\n".join(parts)
