"""The replay viewer: server-rendered HTML boards, and the few static assets the page needs."""

from pathlib import Path

STATIC_DIR = Path(__file__).with_name("static")
