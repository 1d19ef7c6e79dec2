"""The manual's rules that need no server: settings documented, examples marked, the README a first page."""

from __future__ import annotations

import importlib.util
import json
import re

import pytest

from tests.docs.examples import ROOT, pages, unmarked_illustrations

CONFIGURATION = ROOT / "docs" / "operations" / "configuration.md"


def test_every_setting_the_service_reads_is_documented() -> None:
    # Given every BANQUISE_* variable named in the service's code
    names = set()
    for path in (ROOT / "service").rglob("*.py"):
        names |= set(re.findall(r"\b(BANQUISE_[A-Z][A-Z_]*[A-Z])\b", path.read_text(encoding="utf-8")))
    assert "BANQUISE_PORT" in names
    # Then the configuration page names each of them
    page = CONFIGURATION.read_text(encoding="utf-8")
    assert sorted(n for n in names if f"`{n}`" not in page) == []


def test_an_example_with_curl_runs_or_says_why_not() -> None:
    unmarked = [f"{b.page}:{b.line} ({b.lang or 'no language'})" for p in pages() for b in unmarked_illustrations(p)]
    assert unmarked == [], "mark the block ```bash, or precede it with <!-- not run: why -->"


def test_the_readme_stays_a_first_page() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.encode()) <= 16_000
    for heading in ("## Two commands", "## A worked example", "## The manual"):
        assert heading in readme
    assert "make run" in readme and "make test" in readme


def test_the_api_reference_renders_every_operation_and_schema_of_the_document() -> None:
    # Given the committed OpenAPI document and the hook that renders the reference at build time
    pytest.importorskip("mkdocs", reason="the docs extra (make docs) is not installed")
    spec = importlib.util.spec_from_file_location("openapi_pages", ROOT / "docs" / "hooks" / "openapi_pages.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    document = json.loads((ROOT / "openapi" / "openapi.json").read_text(encoding="utf-8"))
    # When it renders the pages
    rendered = hook.pages(document)
    text = "\n".join(rendered.values())
    # Then every operation and every named schema is on them, and every link to a schema has its heading
    operations = [op["operationId"] for item in document["paths"].values() for op in item.values()]
    assert [o for o in operations if f"operation id `{o}`" not in text] == []
    schemas = rendered["reference/schemas.md"]
    assert [s for s in document["components"]["schemas"] if f"\n## {s}\n" not in schemas] == []
    linked = set(re.findall(r"\(schemas\.md#([a-z0-9_-]+)\)", text))
    headings = {name.lower() for name in document["components"]["schemas"]}
    assert linked - headings == set()
