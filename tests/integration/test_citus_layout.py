"""The plan past one primary (docs/DEPLOYMENT.md, §5) held to the schema as it is: Citus is not installable
here, so what can run here is checked against a migrated database with the same schema and keys.

* every table of the database is placed in the layout (distributed, reference or local), once;
* every primary key, unique index and foreign key Citus would refuse (a distributed table's unique key
  without its distribution column, a foreign key between distributed tables not on it, or from a
  reference table to a distributed one) is one the plan names with its change, and no other is named;
* the statements that would create the layout agree with it, table by table, and the function they
  distribute exists with that signature.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, NamedTuple

import psycopg
import pytest

from service.base.database import ConnectionParams
from service.runtime import Runtime

PLAN = Path(__file__).resolve().parents[2] / "docs" / "DEPLOYMENT.md"


class Placed(NamedTuple):
    kind: str  # distributed | reference | local
    column: str | None
    group: str | None  # the co-location group's name (distributed)


def _section(text: str, heading: str) -> str:
    start = text.index(heading)
    end = text.find("\n### ", start + len(heading))
    return text[start : end if end >= 0 else None]


def _rows(section: str) -> list[list[str]]:
    rows = [line.strip().strip("|").split(" | ") for line in section.splitlines() if line.startswith("| ")]
    return [[cell.strip() for cell in row] for row in rows[1:] if not set(row[0]) <= set("-: ")]


def _names(cell: str) -> list[str]:
    return re.findall(r"`([^`]+)`", cell)


@pytest.fixture(scope="module")
def plan() -> str:
    return PLAN.read_text()


@pytest.fixture(scope="module")
def layout(plan: str) -> dict[str, Placed]:
    placed: dict[str, Placed] = {}
    for tables, kind, column, _why in _rows(_section(plan, "### The layout: tables distributed by game id")):
        names, columns = _names(tables), _names(column)
        group = re.search(r"\((the [a-z]+' group)\)", kind)
        what = kind.split(" ")[0]
        assert what in ("distributed", "reference", "local"), kind
        for i, name in enumerate(names):
            assert name not in placed, f"{name} placed twice"
            col = (columns[i] if len(columns) == len(names) else columns[0]) if columns else None
            placed[name] = Placed(what, col, group.group(1) if group else None)
    return placed


def _catalog(database: ConnectionParams) -> dict[str, Any]:
    with psycopg.connect(database.conninfo()) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT c.relname FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace "
                "AND c.relkind IN ('r', 'p') AND NOT c.relispartition"
            )
        ]
        unique = conn.execute(
            "SELECT i.indexrelid::regclass::text, t.relname, "
            "array(SELECT a.attname::text FROM unnest(i.indkey) k JOIN pg_attribute a "
            "      ON a.attrelid = t.oid AND a.attnum = k) "
            "FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid "
            "WHERE i.indisunique AND t.relnamespace = current_schema()::regnamespace"
        ).fetchall()
        foreign = conn.execute(
            "SELECT c.conname, s.relname, d.relname, "
            "array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a "
            "      ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.o), "
            "array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, o) JOIN pg_attribute a "
            "      ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.o) "
            "FROM pg_constraint c JOIN pg_class s ON s.oid = c.conrelid JOIN pg_class d ON d.oid = c.confrelid "
            "WHERE c.contype = 'f' AND s.relnamespace = current_schema()::regnamespace"
        ).fetchall()
        types = {
            (r[0], r[1]): r[2]
            for r in conn.execute(
                "SELECT c.relname, a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a "
                "JOIN pg_class c ON c.oid = a.attrelid WHERE c.relnamespace = current_schema()::regnamespace "
                "AND a.attnum > 0 AND NOT a.attisdropped"
            )
        }
    return {"tables": tables, "unique": unique, "foreign": foreign, "types": types}


@pytest.fixture(scope="module")
def catalog(runtime: Runtime, database: ConnectionParams) -> dict[str, Any]:
    """The migrated schema, the read models' tables and the analysis queue's included (``runtime``)."""
    return _catalog(database)


def refused(layout: dict[str, Placed], catalog: dict[str, Any]) -> set[str]:
    """What Citus would refuse: the names of the keys and references that break its rules."""
    found: set[str] = set()
    for name, table, columns in catalog["unique"]:
        placed = layout[table]
        if placed.kind == "distributed" and placed.column not in columns:
            found.add(name)
    for name, source, target, columns, refs in catalog["foreign"]:
        a, b = layout[source], layout[target]
        if b.kind == "reference" or a.kind == "local":
            continue
        if a.kind == "reference" or a.group != b.group or (a.column, b.column) not in zip(columns, refs, strict=True):
            found.add(name)
    return found


def test_every_table_is_placed_once_and_every_distribution_column_exists(
    layout: dict[str, Placed], catalog: dict[str, Any]
) -> None:
    assert sorted(catalog["tables"]) == sorted(layout), "the layout lists exactly the database's tables"
    groups: dict[str, set[str]] = {}
    for table, placed in layout.items():
        if placed.kind != "distributed":
            continue
        assert placed.column and placed.group, table
        if table == "banquise_analysis_steps":  # its column is one of the changes (asserted below)
            assert (table, placed.column) not in catalog["types"]
            continue
        groups.setdefault(placed.group, set()).add(catalog["types"][(table, placed.column)])
    # Co-located tables hash the same type; a game's tables all by its uuid.
    assert all(len(kinds) == 1 for kinds in groups.values()), groups
    assert groups["the games' group"] == {"uuid"}


def test_what_citus_would_refuse_is_exactly_what_the_plan_names_with_its_change(
    plan: str, layout: dict[str, Placed], catalog: dict[str, Any]
) -> None:
    rows = _rows(_section(plan, "### What Citus would refuse in today's schema"))
    named = {_names(row[0])[0]: _names(row[1])[0] for row in rows}
    assert all(row[3] for row in rows), "each one has its change"
    found = refused(layout, catalog)
    assert found == set(named), f"refused and not named: {found - set(named)}; named, not refused: {set(named) - found}"
    # The game's write path itself is not among them: its rows are keyed and joined by the game.
    write_path = {"banquise_events", "games", "game_snapshots", "game_forks"}
    assert {table for table in named.values() if table in write_path} == {"banquise_events", "games"}
    assert named["banquise_events_notification_id_idx"] == "banquise_events"


def test_the_statements_create_the_layout_and_distribute_an_existing_function(
    plan: str, layout: dict[str, Placed], database: ConnectionParams, catalog: dict[str, Any]
) -> None:
    block = _section(plan, "### The statements that would create it")
    sql = block[block.index("```sql") : block.index("```", block.index("```sql") + 6)]
    references = re.findall(r"create_reference_table\('(\w+)'\)", sql)
    distributed = re.findall(r"create_distributed_table\('(\w+)', '(\w+)'(?:, colocate_with => '(\w+)')?", sql)
    assert sorted(references) == sorted(t for t, p in layout.items() if p.kind == "reference")
    assert sorted(t for t, _, _ in distributed) == sorted(t for t, p in layout.items() if p.kind == "distributed")
    leaders: dict[str, str] = {}
    for table, column, colocate in distributed:
        placed = layout[table]
        assert column == placed.column, table
        assert placed.group is not None
        if not colocate:  # the first of its group: the others name it
            assert placed.group not in leaders, f"{table}: a second group for {placed.group}"
            leaders[placed.group] = table
        else:
            assert leaders.get(placed.group) == colocate, f"{table} co-located with {colocate}"
    functions = re.findall(r"create_distributed_function\('([^']+)',\s*distribution_arg_name => '(\w+)'", sql)
    assert functions
    with psycopg.connect(database.conninfo()) as conn:
        for signature, argument in functions:
            row = conn.execute(
                "SELECT p.proargnames, p.proargtypes::regtype[]::text[] FROM pg_proc p "
                "WHERE p.oid = to_regprocedure(%s)",
                (signature,),
            ).fetchone()
            assert row is not None, f"no function {signature}"
            names, kinds = row
            # Its distribution argument is the game id.
            assert kinds[names.index(argument)] == "uuid"
