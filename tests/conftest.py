"""Fixtures shared by every test that needs storage or the HTTP app."""

from __future__ import annotations

import gc
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings as hypothesis_settings
from litestar.testing import TestClient

from service.base.database import ConnectionParams
from service.base.settings import Settings
from service.base.store import GameLog
from service.http.app import create_app
from service.runtime import Runtime
from tests import postgres

_OWN_BASETEMP = "_banquise_basetemp"
LONG_RUN_LIMIT = float(os.environ.get("BANQUISE_SOAK_LIMIT", "3600"))  # seconds a soak or ha test may run
DURATIONS = Path(__file__).parent / "durations.json"

# The default run is reproducible: each property test draws the same examples every time (a failure seen
# once is seen again, on any machine), at the sizes the tests set. ``make soak`` draws new ones.
hypothesis_settings.register_profile("suite", derandomize=True, print_blob=True)
hypothesis_settings.register_profile("explore", derandomize=False, print_blob=True)
hypothesis_settings.load_profile(os.environ.get("BANQUISE_HYPOTHESIS", "suite"))


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--phase",
        choices=["shared", "alone"],
        default=None,
        help="only the tests that may share the machine (shared) or those marked alone (tests/suite.py)",
    )


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """The alone pass reads only the modules that mark tests ``alone`` (in their own source, as
    ``pytest.mark.alone``): importing every other module to find none there took seconds."""
    if config.getoption("--phase") != "alone" or collection_path.suffix != ".py":
        return None
    if not collection_path.name.startswith("test_"):
        return None
    return "mark.alone" not in collection_path.read_text(encoding="utf-8")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    phase = config.getoption("--phase")
    if phase is not None:
        keep = [item for item in items if (item.get_closest_marker("alone") is not None) == (phase == "alone")]
        dropped = [item for item in items if item not in set(keep)]
        if dropped:
            config.hook.pytest_deselected(items=dropped)
        items[:] = keep
    # The longest modules first (their time from the last recorded run): parallel processes then end
    # together instead of one waiting for a long module handed out last. Within a module, the file's order.
    if phase == "alone":
        # Two lanes (tests/suite.py runs them side by side): the nemesis, whose load and faults last half a
        # minute, and the rest, one test at a time in each lane.
        for item in items:
            lane = "nemesis" if item.nodeid.startswith("tests/nemesis/") else "faults"
            item.add_marker(pytest.mark.xdist_group(lane))
    # The 300-s limit (pyproject.toml) is for ``make test``; a soak or failover run lasts as long as it is
    # sized to (the nemesis soak: BANQUISE_SOAK_SECONDS per seed, 600 by default), so it gets an hour unless
    # it names its own limit. Without this, pytest-timeout broke every nemesis soak off at 300 s.
    for item in items:
        long_run = item.get_closest_marker("soak") is not None or item.get_closest_marker("ha") is not None
        if long_run and item.get_closest_marker("timeout") is None:
            item.add_marker(pytest.mark.timeout(LONG_RUN_LIMIT))
    known: dict[str, float] = json.loads(DURATIONS.read_text()) if DURATIONS.exists() else {}
    first_seen = {item.nodeid.split("::")[0]: i for i, item in reversed(list(enumerate(items)))}
    items.sort(key=lambda item: (-known.get(item.nodeid.split("::")[0], 0.0), first_seen[item.nodeid.split("::")[0]]))


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    # The rules and the analysis make many short-lived objects: a collection every 700 allocations cost
    # ~5% of the CPU of the domain's tests (measured: 29.3 s against 27.7 s of user time at 50,000).
    # Objects without cycles are freed as before; only the cycle collector runs less often.
    gc.set_threshold(50_000, 20, 20)
    # As root, embedded servers run as the wheel's ``pgserver`` user, which must traverse the path
    # to their data. Every pytest session starting on the machine chmods /tmp/pytest-of-root to
    # 0700, which locked the servers of concurrent sessions out of their own data (PANIC, EACCES).
    if config.option.basetemp is None and os.geteuid() == 0:
        config.option.basetemp = tempfile.mkdtemp(prefix="banquise-tests-")
        setattr(config, _OWN_BASETEMP, config.option.basetemp)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    own = getattr(session.config, _OWN_BASETEMP, None)
    if own is not None and exitstatus == 0:  # kept after a failure, for its logs
        shutil.rmtree(Path(own), ignore_errors=True)


@pytest.fixture(scope="session", autouse=True)
def no_postmaster_left_at_the_end(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """After every fixture's teardown (the shared server's included), nothing we started runs."""
    yield
    left = postgres.postmasters(tmp_path_factory.getbasetemp())
    for pid in left:
        postgres.stop_postmaster(pid)
    if left:
        pytest.fail(f"PostgreSQL left running at the end of the session: {left}", pytrace=False)


@pytest.fixture(scope="module", autouse=True)
def no_postmaster_left_behind(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Fail the module that leaves a PostgreSQL running under the session's temporary directory.

    Every embedded server a test starts lives there (``tmp_path``); the shared fixture server is
    exempt until the session ends, where its own teardown stops it. A leftover is stopped after
    being reported, so one leak does not spread to the next modules or outlive ``make test``.
    """
    basetemp = tmp_path_factory.getbasetemp()
    before = set(postgres.postmasters(basetemp))
    yield
    left = {
        pid: pgdata
        for pid, pgdata in postgres.postmasters(basetemp).items()
        if pid not in before and pgdata not in postgres.SHARED
    }
    for pid in left:
        postgres.stop_postmaster(pid)
    if left:
        pytest.fail(f"PostgreSQL left running by this module: {left}", pytrace=False)


@pytest.fixture(scope="session")
def pg_admin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ConnectionParams]:
    """The test PostgreSQL server (see tests/postgres.py for where it comes from)."""
    with postgres.server(tmp_path_factory.mktemp("pg")) as params:
        yield params


@pytest.fixture(scope="session")
def pg_template(pg_admin: ConnectionParams) -> Iterator[str]:
    """A migrated database that every module's database is copied from (migrations run once)."""
    with postgres.migrated_template(pg_admin) as name:
        yield name


@pytest.fixture(scope="module")
def database(
    pg_admin: ConnectionParams, pg_template: str, request: pytest.FixtureRequest
) -> Iterator[ConnectionParams]:
    """A database of this test module's own, migrated, dropped afterwards."""
    with postgres.fresh_database(pg_admin, request.module.__name__, template=pg_template) as params:
        yield params


@pytest.fixture(scope="module")
def settings() -> Settings:
    return Settings(pool_size=8, run_projections=False)


@pytest.fixture(scope="module")
def store(database: ConnectionParams) -> Iterator[GameLog]:
    log = GameLog(database)
    yield log
    log.close()


@pytest.fixture(scope="module")
def runtime(settings: Settings, database: ConnectionParams, store: GameLog) -> Iterator[Runtime]:
    runtime = Runtime(settings=settings, params=database, store=store, server_version="test")
    yield runtime
    # Also lets go of the engine's edition loader, which would keep this store alive to the interpreter's
    # exit (where the library's datastore finalizer fails noisily).
    runtime.close()


@pytest.fixture(scope="module")
def client(settings: Settings, runtime: Runtime) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with TestClient(create_app(settings, runtime=runtime)) as c:
        yield c


@pytest.fixture(scope="module")
def api_key(database: ConnectionParams, store: GameLog) -> str:
    """A fresh API key's token (the store fixture has created the tables)."""
    import psycopg

    from service.base import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "tests").token


@pytest.fixture(scope="module")
def admin_key(database: ConnectionParams, store: GameLog) -> str:
    """A fresh administrator key's token."""
    import psycopg

    from service.base import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "admin", admin=True).token


@pytest.fixture(scope="module")
def other_key(database: ConnectionParams, store: GameLog) -> str:
    import psycopg

    from service.base import keys

    with psycopg.connect(database.conninfo(), autocommit=True) as conn:
        return keys.create(conn, "someone else").token
