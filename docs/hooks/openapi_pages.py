"""A mkdocs hook: the API reference pages, rendered from ``openapi/openapi.json`` at every build.

The reference is never written by hand: the committed OpenAPI document (``make openapi``, checked
against the app by a test) is the one source. This hook turns it into one page per tag (every
operation: parameters, request body, responses) and one page of schemas, adds them to the build as
generated files, and puts them in the navigation in place of the ``reference/index.md`` entry.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files

DOCUMENT = "openapi/openapi.json"
METHODS = ("get", "head", "post", "put", "patch", "delete")
REF = "#/components/schemas/"
EXAMPLE_LIMIT = 4000

Json = dict[str, Any]


def _load(config: MkDocsConfig) -> Json:
    root = Path(config.config_file_path).parent
    return json.loads((root / DOCUMENT).read_text(encoding="utf-8"))


def _cell(text: str | None) -> str:
    """Text fit for one Markdown table cell: one line, no column break."""
    if not text:
        return ""
    return re.sub(r"\s*\n\s*", " ", text).replace("|", "\\|").strip()


def _schema_link(name: str) -> str:
    return f"[`{name}`](schemas.md#{name.lower()})"


def _type(schema: Json | None) -> str:
    """A schema in a few words: links to named schemas, unions with |, arrays of their items."""
    if not schema:
        return "any"
    if "$ref" in schema:
        return _schema_link(schema["$ref"].removeprefix(REF))
    for union in ("oneOf", "anyOf"):
        if union in schema:
            return " \\| ".join(_type(part) for part in schema[union])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    kind = schema.get("type")
    if kind == "array":
        return "array of " + _type(schema.get("items"))
    if kind == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return "object of " + _type(schema["additionalProperties"])
    if isinstance(kind, list):
        return " \\| ".join(f"`{k}`" for k in kind)
    if kind is None:
        return "any"
    fmt = schema.get("format")
    return f"`{kind}`" + (f" ({fmt})" if fmt else "")


def _slug(tag: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", tag.lower()).strip("-")


def _operations(document: Json) -> dict[str, list[tuple[str, str, Json]]]:
    """The operations by tag, in the document's order of paths."""
    by_tag: dict[str, list[tuple[str, str, Json]]] = {}
    for path, item in document["paths"].items():
        for method in METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            for tag in operation.get("tags") or ["other"]:
                by_tag.setdefault(tag, []).append((method, path, operation))
    return by_tag


def _operation(method: str, path: str, op: Json) -> list[str]:
    lines = [f"## {op.get('summary') or op.get('operationId')}", ""]
    lines += [f"`{method.upper()} {path}` · operation id `{op.get('operationId', '')}`", ""]
    if op.get("security"):
        schemes = sorted({name for requirement in op["security"] for name in requirement})
        lines += [f"Needs an API key ({', '.join(schemes)}).", ""]
    if op.get("deprecated"):
        lines += ['!!! warning "Deprecated"', ""]
    if op.get("description"):
        lines += [op["description"].strip(), ""]
    params = op.get("parameters") or []
    if params:
        lines += ["| parameter | in | type | required | description |", "|---|---|---|---|---|"]
        for p in params:
            description = p.get("description") or (p.get("schema") or {}).get("description")
            lines.append(
                f"| `{p['name']}` | {p['in']} | {_type(p.get('schema'))} | {'yes' if p.get('required') else 'no'} "
                f"| {_cell(description)} |"
            )
        lines.append("")
    body = op.get("requestBody")
    if body:
        lines += ["**Request body**" + (f": {_cell(body.get('description'))}" if body.get("description") else ""), ""]
        for media, content in body.get("content", {}).items():
            lines.append(f"- `{media}`: {_type(content.get('schema'))}")
        lines.append("")
        for content in body.get("content", {}).values():
            if "example" in content:
                example = json.dumps(content["example"], ensure_ascii=False, indent=2)
                if len(example) > EXAMPLE_LIMIT:  # an edition document: the schema says more than 400 kB of it
                    lines += [f"(The example, {len(example):,} characters, is in `openapi/openapi.json`.)", ""]
                else:
                    lines += ["```json", example, "```", ""]
    responses = op.get("responses") or {}
    if responses:
        lines += ["| status | description | body | headers |", "|---|---|---|---|"]
        for status, response in responses.items():
            contents = (response.get("content") or {}).items()
            bodies = "; ".join(f"`{media}` {_type(content.get('schema'))}" for media, content in contents)
            headers = ", ".join(f"`{name}`" for name in response.get("headers") or {})
            lines.append(f"| {status} | {_cell(response.get('description'))} | {bodies} | {headers} |")
        lines.append("")
    return lines


def _tag_page(tag: str, description: str, operations: list[tuple[str, str, Json]]) -> str:
    lines = [f"# {tag.capitalize()}", "", description, ""]
    lines.append("Generated from `openapi/openapi.json` when the site is built.")
    lines.append("")
    for method, path, operation in operations:
        lines += _operation(method, path, operation)
    return "\n".join(lines)


def _schemas_page(document: Json) -> str:
    lines = ["# Schemas", "", "Every named schema of `openapi/openapi.json`, generated when the site is built.", ""]
    for name, schema in sorted(document["components"]["schemas"].items()):
        lines += [f"## {name}", ""]
        if schema.get("description"):
            lines += [schema["description"].strip(), ""]
        discriminator = schema.get("discriminator")
        if discriminator:
            lines += [f"Told apart by `{discriminator['propertyName']}`.", ""]
        properties: Json = schema.get("properties") or {}
        if properties:
            required = set(schema.get("required") or [])
            lines += ["| property | type | required | description |", "|---|---|---|---|"]
            for prop, sub in properties.items():
                default = f" Default `{json.dumps(sub['default'])}`." if "default" in sub else ""
                lines.append(
                    f"| `{prop}` | {_type(sub)} | {'yes' if prop in required else 'no'} "
                    f"| {_cell(sub.get('description'))}{default} |"
                )
            lines.append("")
        elif any(k in schema for k in ("oneOf", "anyOf", "type", "enum")):
            lines += [f"{_type({k: v for k, v in schema.items() if k != 'title'})}", ""]
    return "\n".join(lines)


def _index_page(document: Json, tags: list[tuple[str, str]]) -> str:
    info = document["info"]
    lines = [f"# {info['title']} API {info['version']}", "", info.get("description", "").strip(), ""]
    lines += [
        "The pages of this section are generated from `openapi/openapi.json` each time the site is built: "
        "they cannot drift from the document, and a test checks the document against the app. "
        "A running server also serves it at `/schema/openapi.json`, with Swagger UI at `/schema`.",
        "",
        "| tag | what |",
        "|---|---|",
    ]
    for tag, description in tags:
        lines.append(f"| [{tag}]({_slug(tag)}.md) | {_cell(description)} |")
    lines += ["| [schemas](schemas.md) | every request, response, move and event schema |", ""]
    lines += ["See [API conventions](../guide/api.md) for keys, errors, versions and pages."]
    return "\n".join(lines)


def _tags(document: Json) -> list[tuple[str, str]]:
    declared = [(t["name"], t.get("description", "")) for t in document.get("tags", [])]
    used = _operations(document)
    return [t for t in declared if t[0] in used] + [(t, "") for t in used if t not in dict(declared)]


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Replace the nav's ``reference/index.md`` entry by the generated section."""
    tags = _tags(_load(config))
    section = [{"Overview": "reference/index.md"}]
    section += [{tag.capitalize(): f"reference/{_slug(tag)}.md"} for tag, _ in tags]
    section.append({"Schemas": "reference/schemas.md"})
    nav = config.nav or []
    for i, entry in enumerate(nav):
        if isinstance(entry, dict):
            for title, target in entry.items():
                if target == "reference/index.md":
                    nav[i] = {title: section}
    return config


def pages(document: Json) -> dict[str, str]:
    """The reference's pages (path in the site -> Markdown) for an OpenAPI document."""
    tags = _tags(document)
    by_tag = _operations(document)
    rendered = {"reference/index.md": _index_page(document, tags), "reference/schemas.md": _schemas_page(document)}
    for tag, description in tags:
        rendered[f"reference/{_slug(tag)}.md"] = _tag_page(tag, description, by_tag[tag])
    return rendered


def on_files(files: Files, config: MkDocsConfig) -> Files:
    for uri, content in pages(_load(config)).items():
        files.append(File.generated(config, uri, content=content))
    return files
