"""Arctica's board as HTML: action board and wheels, Arctic Circle, map, and each player's ecosystem."""

from __future__ import annotations

from html import escape
from typing import Any

from domain.arctica import editions
from domain.arctica.edition import FAMILIES, Edition, index
from domain.arctica.queries import offered_actions
from domain.game import Language
from service.viewer.words import word


def _family(name: str) -> str:
    return name.replace("_", " ")


def token(seat: int, family: str) -> str:
    return (
        f'<span class="token family-{family} seat-{seat}" data-token="{family}" data-seat="{seat}" '
        f'title="{escape(_family(family))} ({seat})">{seat}</span>'
    )


def card(ed: Edition, card_id: int | None, lang: Language) -> str:
    if card_id is None:
        return f'<div class="card back" title="{word("hidden", lang)}"></div>'
    spec = index(ed).cards.get(card_id)  # by id: an edition's cards are indexed once
    if spec is None:
        return f'<div class="card" data-card="{card_id}"><span class="name">#{card_id}</span></div>'
    return (
        f'<div class="card family-{spec.family}" data-card="{card_id}" title="{escape(spec.name)}">'
        f'<span class="place">{spec.cost}</span><span class="name">{escape(spec.name)}</span>'
        f'<span class="companion">{escape(_family(spec.family))} · {spec.generation}</span>'
        f'<span class="draw">{spec.bp}</span></div>'
    )


def _slot(seat: int, slot: str) -> str:
    if not slot:
        return '<span class="slot-empty"></span>'
    if slot == "flora":
        return '<span class="flora-token" data-flora="1"></span>'
    return token(seat, slot)


def _player(ed: Edition, v: dict[str, Any], seat: int, p: dict[str, Any], lang: Language) -> str:
    active = " active" if v.get("active_seat") == seat else ""
    hand = p["hand"]
    hand_html = f'<span class="count">{p["hand_size"]}</span>'
    if hand is not None:
        hand_html += f'<div class="cards">{"".join(card(ed, c, lang) for c in hand)}</div>'
    columns = "".join(
        f'<div class="{name}"><h4>{word(name, lang)}</h4><div class="cards">'
        f"{''.join(card(ed, c, lang) for c in p[name])}</div></div>"
        for name in ("long_column", "short_column")
    )
    wheels = "".join(
        f'<div class="wheel {name}"><h4>{word(name, lang)}</h4>{"".join(_slot(seat, s) for s in p[name])}</div>'
        for name in ("long_wheel", "short_wheel")
    )
    supply = "".join(
        f'<li data-family="{f}" data-supply="{n}">{token(seat, f)} x {n}</li>'
        for f, n in zip(FAMILIES, p["supply"], strict=True)
    )
    release = "".join(
        f'<li data-family="{f}" data-release="{n}">{escape(_family(f))} {n}</li>'
        for f, n in zip(FAMILIES, p["release"], strict=True)
        if n
    )
    to_play = f" <em>{word('active', lang)}</em>" if active else ""
    return (
        f'<section class="player{active}" data-seat="{seat}"><h3>{escape(p["name"])}{to_play}</h3>'
        f'<div class="row"><div class="hand" data-count="{p["hand_size"]}">'
        f"<h4>{word('hand', lang)}</h4>{hand_html}</div>"
        f"<div><h4>{word('flora', lang)}</h4>"
        f'<span class="count" data-flora="{p["release_flora"]}">{p["release_flora"]}</span>'
        f"</div></div>"
        f'<div class="columns">{columns}</div><div class="wheels">{wheels}</div>'
        f'<div class="row"><div><h4>{word("supply", lang)}</h4><ul class="supply">{supply}</ul></div>'
        f'<div><h4>{word("release", lang)}</h4><ul class="release">{release}</ul></div></div></section>'
    )


def _scores(v: dict[str, Any], lang: Language) -> str:
    results = v.get("results") or ()
    if not results:
        return ""
    rows = "".join(
        f'<tr data-seat="{r["seat"]}"><th>{escape(r["player"])}</th>'
        f"<td>{', '.join(f'{escape(k)} {n}' for k, n in r['breakdown'].items())}</td>"
        f'<td class="total">{r["total"]}</td><td>{r["rank"]}</td></tr>'
        for r in sorted(results, key=lambda r: r["rank"])
    )
    head = (
        f"<tr><th></th><th>{word('score', lang)}</th><th>{word('total', lang)}</th><th>{word('rank', lang)}</th></tr>"
    )
    return f'<section class="scores"><h3>{word("score", lang)}</h3><table>{head}{rows}</table></section>'


def board(v: dict[str, Any], lang: Language) -> str:
    ed = editions.get(v["edition_id"], v["edition_version"] or None)
    orientations = tuple(v["orientations"])
    spaces = []
    for i in range(len(ed.action_spaces)):
        a, b = offered_actions(ed, orientations, i) if orientations else ("", "")
        pawn = f'<span class="pawn">{word("pawn", lang)}</span>' if v["pawn"] == i else ""
        spaces.append(f'<li data-space="{i}">{escape(a)} / {escape(b)}{pawn}</li>')
    circle = []
    for i, space in enumerate(ed.circle):
        ice = ""
        if space.ice is not None:
            state = word("melted", lang) if space.ice in v["melted"] else f"{word('ice', lang)} {space.ice}"
            ice = f'<span class="ice">{state}</span>'
        tokens = "".join(token(t[0], t[1]) for t in (v["circle"][i] if i < len(v["circle"]) else ()))
        circle.append(f'<li data-circle="{i}">{ice}{tokens}</li>')
    regions = []
    for r, region in enumerate(ed.regions):
        subs = []
        for s, sub in enumerate(region.subregions):
            cells = "".join(
                f'<span class="space family-{sp.family}" data-map="{i}">'
                + (token(v["map"][i][0], v["map"][i][1]) if i < len(v["map"]) and v["map"][i] else "")
                + "</span>"
                for i, sp in enumerate(ed.map)
                if sp.region == r and sp.subregion == s
            )
            subs.append(f'<div class="subregion"><h5>{escape(sub.name)}</h5>{cells}</div>')
        regions.append(f'<div class="region"><h4>{escape(region.name)}</h4>{"".join(subs)}</div>')
    status = (
        f'<p class="status">{word("round", lang)} {v["round"]} · {word("turn", lang)} {v["turn"]} · '
        f"{word('phase', lang)} {escape(v['phase'])} · {word('deck', lang)} {v['deck_size']}</p>"
    )
    players = "".join(_player(ed, v, seat, p, lang) for seat, p in enumerate(v["players"]))
    return (
        f'<div class="arctica">{status}<section class="table-row">'
        f'<div class="action-board"><h3>{word("action_board", lang)}</h3><ol start="0">{"".join(spaces)}</ol></div>'
        f'<div class="circle"><h3>{word("circle", lang)}</h3><ol start="0">{"".join(circle)}</ol></div></section>'
        f'<section class="map"><h3>{word("map", lang)}</h3><div class="regions">{"".join(regions)}</div></section>'
        f'<div class="players">{players}</div>{_scores(v, lang)}</div>'
    )
