"""The replay viewer: the page's shell, and the ES modules (static/) that draw the boards in the browser."""

from pathlib import Path

STATIC_DIR = Path(__file__).with_name("static")
