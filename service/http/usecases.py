"""Each route is given the use case it calls, by Litestar's dependency injection: a route names the
service it needs (``writer: NamedDependency[GameWriter]``), never the whole ``GameService``.

The two hottest routes (a move, a replay) take theirs from ``request.app.state.runtime`` instead:
resolving a dependency costs a signature model each, more of the event loop than the call itself.
"""

from __future__ import annotations

from litestar.di import NamedDependency, Provide

from service.games.analysis import GameAnalyses
from service.games.exports import Exports
from service.games.forks import Forking
from service.games.game_rows import GameRows
from service.games.importing import RecordImporter
from service.games.keys import ApiKeys
from service.games.kind_lookup import KindLookup
from service.games.lifecycle import Lifecycle
from service.games.listing import Listing
from service.games.live import Live
from service.games.navigation import Navigation
from service.games.playimports import PlayImporter
from service.games.reading import GameReader
from service.games.renaming import Handles
from service.games.replays import Replays
from service.games.timelines import Timelines
from service.games.undoing import GameUndoer
from service.games.writing import GameWriter
from service.runtime import Runtime


def _writer(runtime: NamedDependency[Runtime]) -> GameWriter:
    return runtime.games.writer


def _importer(runtime: NamedDependency[Runtime]) -> RecordImporter:
    return runtime.games.importer


def _reader(runtime: NamedDependency[Runtime]) -> GameReader:
    return runtime.games.reader


def _replays(runtime: NamedDependency[Runtime]) -> Replays:
    return runtime.games.replays


def _timelines(runtime: NamedDependency[Runtime]) -> Timelines:
    return runtime.games.timelines


def _undoer(runtime: NamedDependency[Runtime]) -> GameUndoer:
    return runtime.games.undoer


def _forks(runtime: NamedDependency[Runtime]) -> Forking:
    return runtime.games.forks


def _lifecycle(runtime: NamedDependency[Runtime]) -> Lifecycle:
    return runtime.games.lifecycle


def _handles(runtime: NamedDependency[Runtime]) -> Handles:
    return runtime.games.handles


def _listing(runtime: NamedDependency[Runtime]) -> Listing:
    return runtime.games.listing


def _exports(runtime: NamedDependency[Runtime]) -> Exports:
    return runtime.games.exports


def _play_importer(runtime: NamedDependency[Runtime]) -> PlayImporter:
    return runtime.games.play_importer


def _navigation(runtime: NamedDependency[Runtime]) -> Navigation:
    return runtime.games.navigation


def _live(runtime: NamedDependency[Runtime]) -> Live:
    return runtime.games.live


def _analyses(runtime: NamedDependency[Runtime]) -> GameAnalyses:
    return runtime.games.analyses


def _api_keys(runtime: NamedDependency[Runtime]) -> ApiKeys:
    return runtime.keys


def _kinds(runtime: NamedDependency[Runtime]) -> KindLookup:
    return runtime.games.kinds


def _rows(runtime: NamedDependency[Runtime]) -> GameRows:
    return runtime.games.rows


# The application's dependencies beside ``runtime``: one per use case, by the name routes ask it.
USE_CASES = {
    name: Provide(provider, sync_to_thread=False)
    for name, provider in {
        "writer": _writer,
        "importer": _importer,
        "reader": _reader,
        "replays": _replays,
        "timelines": _timelines,
        "undoer": _undoer,
        "forks": _forks,
        "lifecycle": _lifecycle,
        "handles": _handles,
        "listing": _listing,
        "exports": _exports,
        "play_importer": _play_importer,
        "navigation": _navigation,
        "live": _live,
        "analyses": _analyses,
        "api_keys": _api_keys,
        "kinds": _kinds,
        "rows": _rows,
    }.items()
}
