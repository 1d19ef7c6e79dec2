"""The watch page: a shell rendered on the server (header, controls, perspectives this caller may
choose) holding the first replay and one page of the timeline (around the step shown) as the JSON API
serves them; the board and the timeline are drawn in the browser by the ES modules of ``static/`` (the
recorder's board too), which fetch the rest of the timeline from ``/timeline`` as the reader needs it."""

from __future__ import annotations

from html import escape
from typing import Any
from uuid import UUID

import anyio.to_thread
import msgspec

from domain.game import Language, Perspective
from domain.kinds import game
from service.base.keys import ApiKey
from service.base.refusals import Refusal
from service.base.store.corrections import StepsAt
from service.base.store.rows import IndexedGame
from service.games import playformats
from service.games.schemas import Replay
from service.games.service import GameService
from service.games.sight import Sight
from service.http import pages
from service.http.viewer.analysed import page_analyses
from service.http.viewer.words import word, words

LANGUAGES: tuple[Language, ...] = ("en", "fr", "es")
# The timeline entries a page holds, and the page the viewer asks ``/timeline`` for as the reader scrolls
# or steps beyond them: the page's size does not grow with the game's history (an entry is ~0.5 kB, so
# the page of a 12,000-event game is ~0.2 MB rather than 4-5 MB).
TIMELINE_PAGE = 500


_replay_decoder = msgspec.json.Decoder(Replay)


def timeline_after(step: int, steps: int, taken: StepsAt, size: int = TIMELINE_PAGE) -> int:
    """The step a page's timeline entries start after: the one shown about halfway, within the game. Not a
    step a correction took back (``taken``: -> the correction's step): that page would begin inside a
    move its own correction takes back, and be folded from the game's start (states and all) every time it
    is asked; it begins at that correction instead."""
    after = max(0, min(step - size // 2, steps - size))
    back = taken.get(after)
    return after if back is None else back


def perspectives(games: GameService, row: IndexedGame, key: ApiKey | None) -> list[str]:
    """The perspectives this caller may choose (``Sight.of`` decides, as for ``/replay``)."""
    options = ["spectator", *(f"seat:{i}" for i in range(len(row.players))), "omniscient"]
    allowed = []
    for text in options:
        try:
            Sight.of(row, key, Perspective.parse(text))
        except Refusal:
            continue
        allowed.append(text)
    return allowed


def _board_module(kind: str) -> str | None:
    """The URL of the ES module that draws this kind's board (its plug-in's), or None: the generic board."""
    plugin = game(kind)
    return plugin.board_module if plugin is not None else None


def _json(value: Any) -> str:
    """JSON for a ``<script type="application/json">``: no ``<`` can close the element early."""
    return msgspec.json.encode(value).decode().replace("<", "\\u003c")


def _select(name: str, label: str, options: list[tuple[str, str]], chosen: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" * (v == chosen)}>{escape(text)}</option>' for v, text in options
    )
    return f'<label>{escape(label)} <select id="{name}" name="{name}">{opts}</select></label>'


def _perspective_label(text: str, players: list[str], lang: Language) -> str:
    if text.startswith("seat:"):
        return players[int(text[5:])]  # a player by name, not by seat
    return word(text, lang)


def _family_links(games: GameService, game_id: UUID, lang: Language) -> tuple[str, str]:
    """The header's links to the game this one was forked from and to its forks."""
    links = games.forks.family(game_id)
    origin = ""
    if links.forked_from is not None:
        o = links.forked_from
        origin = (
            f'<a class="origin" href="/games/{o.game_id}/watch?step={o.step}">{word("forked_from", lang)} '
            f"{str(o.game_id)[:8]} @ {o.step}</a>"
        )
    forks = "".join(f'<a href="/games/{f.game_id}/watch">{str(f.game_id)[:8]} @ {f.step}</a> ' for f in links.forks)
    if forks:
        forks = f'<span class="forks">{word("forks", lang)}: {forks}</span>'
    return origin, forks


def _controls(
    games: GameService,
    row: IndexedGame,
    key: ApiKey | None,
    step: int,
    steps: int,
    by: str,
    perspective: str,
    lang: Language,
) -> str:
    """The step controls, the unit of a step, the perspectives this caller may choose and the language."""
    players = list(row.players)
    return (
        f'<nav id="controls" aria-label="{word("step", lang)}">'
        f'<button type="button" id="first" title="Home">« {word("first", lang)}</button>'
        f'<button type="button" id="prev" title="←">◀ {word("previous", lang)}</button>'
        f'<input id="slider" type="range" min="1" max="{steps}" value="{step}" aria-label="{word("step", lang)}">'
        f'<button type="button" id="next" title="→">{word("next", lang)} ▶</button>'
        f'<button type="button" id="last" title="End">{word("last", lang)} »</button>'
        f'<output id="position">{word("step", lang)} <span id="step-number">{step}</span>/<span id="step-count">'
        f"{steps}</span></output>"
        + _select("by", word("by", lang), [(u, word(u, lang)) for u in ("event", "move", "turn")], by)
        + _select(
            "perspective",
            word("perspective", lang),
            [(p, _perspective_label(p, players, lang)) for p in perspectives(games, row, key)],
            perspective,
        )
        + _select("lang", word("language", lang), [("en", "English"), ("fr", "Français"), ("es", "Español")], lang)
        + f'<span class="hint">{word("keys", lang)}</span></nav>'
    )


def _take_away(games: GameService, row: IndexedGame, key: ApiKey | None, lang: Language) -> str:
    """A finished game's ways out: the BG Stats push link (the play filled in, in the app) and its BGG play."""
    if row.status != "finished":
        return ""
    game_id = row.id
    link = escape(playformats.push_link(games.exports.play(game_id, key)))
    return (
        f'<a class="export" id="bgstats" href="{link}" rel="noopener">{word("send_bgstats", lang)}</a>'
        f'<a class="export" id="bgg" href="/games/{game_id}/bgg">{word("bgg_play", lang)}</a>'
    )


async def page(
    games: GameService,
    game_id: UUID,
    step: int | None,
    perspective: str,
    by: str,
    lang: Language,
    key: ApiKey | None,
) -> str:
    """The viewer's page at a step: its board from the one replay entry (``Replays.replay``), the rest read
    in a worker thread."""
    row = await anyio.to_thread.run_sync(games.rows.row, game_id)
    step = int(row.version) if step is None else step
    replay = _replay_decoder.decode(await games.replays.replay(game_id, step, perspective, key))
    return await anyio.to_thread.run_sync(_page, games, row, replay, by, lang, key)


def _page(games: GameService, row: IndexedGame, replay: Replay, by: str, lang: Language, key: ApiKey | None) -> str:
    game_id, step, steps, perspective = row.id, replay.step, int(row.version), replay.perspective
    after = timeline_after(step, steps, games.rows.steps_taken_back(row))
    # The owner reads the table's notes and reasons.
    tl = games.timelines.timeline(game_id, lang, key, after, TIMELINE_PAGE)
    players = list(row.players)
    origin, forks = _family_links(games, game_id, lang)
    status = row.status
    controls = _controls(games, row, key, step, steps, by, perspective, lang)
    badge = f'<span class="badge {status}" id="status">{word(status, lang)}</span>'
    follow = f'<span id="follow" class="follow">{word("follow", lang)}</span>' if status == "live" else ""
    data = {
        "game": str(game_id),
        "kind": row.kind,
        "board_module": _board_module(row.kind),
        "status": status,
        "lang": lang,
        "players": players,
        "words": words(lang, row.kind),
        "steps": steps,
        "perspective": replay.perspective,
        "replay": replay,
        "timeline": tl.entries,
        "timeline_page": TIMELINE_PAGE,
        "analysis": page_analyses(games, row),
    }
    plugin = game(row.kind)
    title = escape(plugin.title if plugin is not None else row.kind.capitalize())
    names = escape(" · ".join(players))
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}: {names}</title>"
        f'<link rel="icon" href="{pages.STATIC_PATH}/favicon.svg" type="image/svg+xml">'
        f'<link rel="stylesheet" href="{pages.STATIC_PATH}/pages.css"></head>'
        f'<body data-game="{game_id}" data-kind="{row.kind}" data-status="{status}" data-lang="{lang}">'
        f"<header><h1>{title} <small>{names}</small></h1>"
        f"{badge}{follow}{origin}{forks}{_take_away(games, row, key, lang)}"
        f'<a class="json" id="json" href="/games/{game_id}/replay/{step}">JSON</a></header>'
        f'{controls}<div class="layout"><main id="main">'
        f'<div id="live-score" aria-live="polite"></div>'
        f'<section id="board" aria-label="{word("board", lang)}" data-step="{replay.step}" '
        f'data-steps="{replay.steps}" data-perspective="{escape(replay.perspective)}" '
        f'data-state-hash="{replay.state_hash}"><noscript><a href="/games/{game_id}/replay/{step}">JSON</a>'
        "</noscript></section></main>"
        f'<aside id="timeline" aria-labelledby="timeline-title"><h2 id="timeline-title">{word("timeline", lang)}</h2>'
        f'<ol id="timeline-list" tabindex="0" aria-labelledby="timeline-title"></ol></aside></div>'
        f'<script type="application/json" id="viewer-data">{_json(data)}</script>'
        f'<script type="module" src="{pages.STATIC_PATH}/viewer/viewer.js"></script></body></html>'
    )
