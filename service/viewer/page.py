"""The watch page and its fragments, rendered on the server from the same replay and timeline the
JSON API serves (so the board shows exactly what ``/replay`` says a perspective may see)."""

from __future__ import annotations

from html import escape
from typing import Any
from uuid import UUID

import msgspec

from domain.game import Language, Perspective
from service.games.schemas import Replay, Timeline
from service.games.service import GameService
from service.games.sight import Sight
from service.keys import ApiKey
from service.refusals import Refusal
from service.viewer import arctic, arctica
from service.viewer.words import word

LANGUAGES: tuple[Language, ...] = ("en", "fr", "es")


def perspectives(games: GameService, row: dict[str, Any], key: ApiKey | None) -> list[str]:
    """The perspectives this caller may choose (``Sight.of`` decides, as for ``/replay``)."""
    options = ["spectator", *(f"seat:{i}" for i in range(len(row["players"]))), "omniscient"]
    allowed = []
    for text in options:
        try:
            Sight.of(row, key, Perspective.parse(text))
        except Refusal:
            continue
        allowed.append(text)
    return allowed


def board(replay: Replay, lang: Language) -> str:
    if replay.kind == "arctic":
        inner = arctic.board(replay.view, lang)
    else:
        inner = arctica.board(msgspec.to_builtins(replay.view), lang)
    return (
        f'<section id="board" data-step="{replay.step}" data-steps="{replay.steps}" '
        f'data-perspective="{escape(replay.perspective)}" data-state-hash="{replay.state_hash}">{inner}</section>'
    )


def timeline(tl: Timeline, current: int, lang: Language) -> str:
    items = []
    for i, e in enumerate(tl.entries):
        following = tl.entries[i + 1] if i + 1 < len(tl.entries) else None
        move_end = following is None or following.move_number != e.move_number
        marks = " move-end" * move_end + " turn-start" * e.turn_start + " current" * (e.step == current)
        who = f"<b>{escape(e.player)}</b> " if e.player else ""
        items.append(
            f'<li class="entry{marks}" data-step="{e.step}" data-move="{e.move_number}" data-turn="{e.turn}" '
            f'data-move-end="{int(move_end)}" data-turn-start="{int(e.turn_start)}">'
            f'<span class="n">{e.step}</span>{who}{escape(e.description)}</li>'
        )
    return (
        f'<aside id="timeline" data-steps="{tl.steps}"><h2>{word("timeline", lang)}</h2>'
        f"<ol>{''.join(items)}</ol></aside>"
    )


def _select(name: str, label: str, options: list[tuple[str, str]], chosen: str) -> str:
    opts = "".join(
        f'<option value="{escape(v)}"{" selected" * (v == chosen)}>{escape(text)}</option>' for v, text in options
    )
    return f'<label>{escape(label)} <select id="{name}" name="{name}">{opts}</select></label>'


def _perspective_label(text: str, players: list[str], lang: Language) -> str:
    if text.startswith("seat:"):
        seat = int(text[5:])
        return f"{word('seat', lang)} {seat}: {players[seat]}"
    return word(text, lang)


def page(
    games: GameService,
    game_id: UUID,
    step: int | None,
    perspective: str,
    by: str,
    lang: Language,
    key: ApiKey | None,
) -> str:
    row = games.row(game_id)
    steps = int(row["version"])
    step = steps if step is None else step
    replay = games.replay(game_id, step, perspective, key)
    tl = games.timeline(game_id, lang)
    players = list(row["players"])
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
    status = row["status"]
    controls = (
        '<nav id="controls">'
        f'<button id="first" title="Home">« {word("first", lang)}</button>'
        f'<button id="prev" title="←">◀ {word("previous", lang)}</button>'
        f'<input id="slider" type="range" min="1" max="{steps}" value="{step}" aria-label="{word("step", lang)}">'
        f'<button id="next" title="→">{word("next", lang)} ▶</button>'
        f'<button id="last" title="End">{word("last", lang)} »</button>'
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
    badge = f'<span class="badge {status}" id="status">{word(status, lang)}</span>'
    follow = f'<span id="follow" class="muted">{word("follow", lang)}</span>' if status == "live" else ""
    return (
        f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(row['kind'].capitalize())}: {escape(' · '.join(players))}</title>"
        '<link rel="stylesheet" href="/watch/static/viewer.css"></head>'
        f'<body data-game="{game_id}" data-kind="{row["kind"]}" data-status="{status}" data-lang="{lang}">'
        f"<header><h1>{escape(row['kind'].capitalize())} <small>{escape(' · '.join(players))}</small></h1>"
        f'{badge}{follow}{origin}{forks}<a class="json" href="/games/{game_id}/replay/{step}">JSON</a></header>'
        f"{controls}<main>{board(replay, lang)}{timeline(tl, step, lang)}</main>"
        '<script src="/watch/static/viewer.js" defer></script></body></html>'
    )
