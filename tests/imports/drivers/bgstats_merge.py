"""Runs an interactive BG Stats backup merger (``node index.js MAIN OTHER``, inquirer prompts) on a
terminal of its own, answering its prompts: the first file as the main one, then ``--player`` as the main
player and as the matching player of the other file. Prints the merged file's path (``export.json`` in
the working directory the merger writes it to). Fails on any other prompt (a possible duplicate play, a
player or location it cannot match): a round trip of the same plays asks none.

Usage: python bgstats_merge.py READER_DIR WORKDIR PLAYER MAIN OTHER
"""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

ANSWERS = [
    ("Select main file", "\r"),
    ("Select main player", None),
    ("Select matching player", None),
]
STRAY = ("POSSIBLE DUPLICATED PLAY", "Select matching location", "What to do?")
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]")


def main(reader: str, workdir: str, player: str, first: str, second: str, timeout: float = 60.0) -> int:
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        ["node", os.path.join(reader, "index.js"), first, second],
        cwd=workdir,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "FORCE_COLOR": "0", "COLUMNS": "200"},
    )
    os.close(slave)
    seen = b""
    step = 0
    deadline = time.monotonic() + timeout
    try:
        while proc.poll() is None and time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.2)
            if not ready:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            seen += chunk
            text = ANSI.sub(b"", seen).decode("utf-8", "replace")
            if any(s in text for s in STRAY):
                print(f"the merger asked: {text[-500:]}", file=sys.stderr)
                return 3
            if step < len(ANSWERS) and ANSWERS[step][0] in text:
                keys = ANSWERS[step][1]
                if keys is None:
                    os.write(master, player.encode())
                    time.sleep(0.5)
                    keys = "\r"
                time.sleep(0.3)
                os.write(master, keys.encode())
                step += 1
                seen = b""
        proc.wait(timeout=max(0.1, deadline - time.monotonic()))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    if proc.returncode != 0 or step < len(ANSWERS):
        print(f"merger exited {proc.returncode} after {step} answers: {seen[-500:]!r}", file=sys.stderr)
        return 2
    print(os.path.join(workdir, "export.json"))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6]))
