"""The recorder: pages to record a game at the table from a phone, offline first (the phone's recorder; the
store's is ``service.base.store``'s). The pages are clients of the public API (plain ES modules of the page
layer, ``service.http.pages``: ``static/recorder/`` and the shared modules, one component per file); the
server only hands out the shell, the assets and the service worker."""

from __future__ import annotations

import hashlib
from functools import cache

import msgspec

from domain.game import Language
from domain.wording import LANG
from service.games.kinds import kinds
from service.http import pages
from service.http.recorder.words import RECORDER_WORDS
from service.http.viewer.words import words

LANGUAGES: tuple[Language, ...] = ("en", "fr", "es")
# The recorder's own modules; it draws the shared board (one board for both pages) and keeps every asset of
# the page layer offline.
STATIC_DIR = pages.STATIC_DIR / "recorder"
STATIC_PATH = f"{pages.STATIC_PATH}/recorder"


def shell() -> str:
    """One page for starting and recording (the script reads which from the address): the service
    worker can then answer any game's recorder address with it, offline."""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="theme-color" content="#17324d">'
        "<title>Banquise recorder</title>"
        f'<link rel="icon" href="{pages.STATIC_PATH}/favicon.svg" type="image/svg+xml">'
        f'<link rel="stylesheet" href="{pages.STATIC_PATH}/pages.css">'
        f'<link rel="stylesheet" href="{STATIC_PATH}/recorder.css"></head>'
        '<body class="recorder"><header><h1>Banquise <small id="page-name">recorder</small></h1>'
        '<span id="network" class="badge" role="status"></span><span id="language-box"></span></header>'
        '<main id="app" aria-live="polite"><p>Loading…</p></main>'
        "<noscript>The recorder needs JavaScript.</noscript>"
        f'<script type="application/json" id="recorder-data">{_data()}</script>'
        f'<script type="module" src="{STATIC_PATH}/main.js"></script></body></html>'
    )


def page_words(lang: Language) -> dict[str, str]:
    """Every word of the recorder's pages in ``lang``: the viewer's (its boards and analysis share them)
    and the recorder's own."""
    return {**words(lang), **{key: forms[LANG[lang]] for key, forms in RECORDER_WORDS.items()}}


def _data() -> str:
    """What the pages need offline: the kinds (``GET /kinds``: the start page's forms, each board's module
    and words) and the pages' own words in each language (the page speaks the browser's, or the one chosen)."""
    data = {"kinds": kinds().kinds, "words": {lang: page_words(lang) for lang in LANGUAGES}}
    return msgspec.json.encode(data).decode().replace("<", "\\u003c")


def assets() -> list[str]:
    """Every address the page needs offline: the shell and the page layer's assets (the worker itself aside)."""
    return ["/recorder", *(pages.url(path) for path in pages.files() if path != STATIC_DIR / "sw.js")]


@cache
def service_worker() -> str:
    """``sw.js`` with the list it precaches and a cache name that changes with any asset (a new
    version of the page replaces the old cache as the worker installs)."""
    digest = hashlib.sha256(shell().encode())
    for path in pages.files():
        digest.update(pages.url(path).encode() + path.read_bytes())
    source = (STATIC_DIR / "sw.js").read_text(encoding="utf-8")
    head = f"const CACHE = 'banquise-recorder-{digest.hexdigest()[:12]}';\nconst ASSETS = {assets()!r};\n"
    return head.replace("'", '"') + source
