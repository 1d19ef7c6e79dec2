"""The recorder's pages as the server hands them out: one shell for starting and recording, its assets
from the app (no CDN), and a service worker whose scope may cover every game's recorder address."""

from __future__ import annotations

import gzip
import io
import re
import uuid
import zipfile

import msgspec
from litestar.testing import TestClient

from service.http import pages, recorder
from service.http.recorder import engine

Client = TestClient  # type: ignore[type-arg]


def test_both_pages_are_the_same_shell_with_only_the_apps_own_assets(client: Client) -> None:
    start = client.get("/recorder")
    game = client.get(f"/games/{uuid.uuid4()}/recorder")
    assert start.status_code == game.status_code == 200
    assert start.text == game.text and start.headers["content-type"].startswith("text/html")
    sources = re.findall(r'(?:src|href)="([^"]+)"', start.text)
    assert sources and all(s.startswith("/") and not s.startswith("//") for s in sources)
    for source in sources:
        assert client.get(source).status_code == 200, source


def test_the_service_worker_precaches_every_asset_and_may_serve_every_recorder_address(client: Client) -> None:
    worker = client.get("/recorder/sw.js")
    assert worker.status_code == 200 and worker.headers["service-worker-allowed"] == "/"
    assert worker.headers["content-type"].startswith("text/javascript")
    for path in recorder.assets():
        assert f'"{path}"' in worker.text
        assert client.get(path).status_code == 200, path
    modules = {p.name for p in recorder.STATIC_DIR.glob("*.js")} - {"sw.js"}
    assert {f"{recorder.STATIC_PATH}/{m}" for m in modules} <= set(recorder.assets())


def test_no_module_builds_html_from_a_string(client: Client) -> None:
    """The pages are built from elements and text nodes (dom.js): data never becomes markup."""
    for path in pages.STATIC_DIR.rglob("*.js"):
        source = path.read_text(encoding="utf-8")
        assert "innerHTML" not in source and "outerHTML" not in source and "insertAdjacentHTML" not in source, path
        assert "document.write" not in source, path


def test_the_key_travels_only_in_the_authorization_header() -> None:
    sources = {p.name: p.read_text(encoding="utf-8") for p in recorder.STATIC_DIR.glob("*.js")}
    # key.js alone turns the key into a header; every request that carries it asks key.js.
    headers = [name for name, text in sources.items() if "Authorization:" in text]
    assert headers == ["key.js"]
    for name in ("api.js", "analysis.js"):
        assert 'import { authorization } from "./key.js"' in sources[name], name
        assert "...authorization()" in sources[name], name
    for name, text in sources.items():
        assert "?key=" not in text and "api_key=" not in text and "console.log" not in text, name


def test_the_engine_is_the_projects_own_rules_served_by_the_app(client: Client) -> None:
    package = client.get("/recorder/engine/banquise.zip")
    assert package.status_code == 200
    names = set(zipfile.ZipFile(io.BytesIO(package.content)).namelist())
    assert {"choices.py", "domain/arctic/__init__.py", "domain/arctica/editions/demo-1.json"} <= names
    # bytecode only as Pyodide's Python compiled it (prepare.mjs), each checked against its source at import
    compiled = [n for n in names if "__pycache__" in n]
    assert all(n.endswith(".cpython-314.pyc") for n in compiled), compiled
    with zipfile.ZipFile(io.BytesIO(package.content)) as z:
        for name in compiled:
            flags = int.from_bytes(z.read(name)[4:8], "little")
            assert flags == 0b11, f"{name}: not a checked-hash pyc (PEP 552), it could run stale"
    if (engine.WHEEL_DIR / engine.BYTECODE).is_file():
        assert "domain/__pycache__/building.cpython-314.pyc" in names
    assert client.get("/recorder/engine/anything-else.js").status_code == 404
    manifest = client.get("/recorder/engine/engine.json")
    if not engine.available():
        assert manifest.status_code == 404
        return
    wheel = manifest.json()["wheel"]
    assert wheel.startswith(f"msgspec-{msgspec.__version__}-") and wheel.endswith("_wasm32.whl")
    assert client.get(f"/recorder/engine/{wheel}").status_code == 200
    wasm = client.get("/recorder/engine/pyodide.asm.wasm")
    assert wasm.status_code == 200 and wasm.headers["content-type"] == "application/wasm"
    snapshot = manifest.json()["snapshot"]
    if snapshot is not None:  # Pyodide's memory after its start, gzipped (its own format, build id inside)
        made = client.get(f"/recorder/engine/{snapshot}")
        assert made.status_code == 200 and made.headers["content-type"] == "application/gzip"
        assert len(gzip.decompress(made.content)) >= 16 * 2**20  # a whole WebAssembly memory


def test_an_engine_file_the_phone_holds_is_confirmed_not_sent_again(client: Client) -> None:
    first = client.get("/recorder/engine/banquise.zip")
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"  # asked again at each load: a new version is seen
    again = client.get("/recorder/engine/banquise.zip", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.content == b"" and again.headers["etag"] == tag
    stale = client.get("/recorder/engine/banquise.zip", headers={"If-None-Match": '"another-version"'})
    assert stale.status_code == 200 and stale.content == first.content
    if engine.available():
        wasm = client.get("/recorder/engine/pyodide.asm.wasm")
        held = client.get("/recorder/engine/pyodide.asm.wasm", headers={"If-None-Match": wasm.headers["etag"]})
        assert held.status_code == 304 and wasm.headers["etag"] != tag


def test_the_engines_worker_may_compile_the_rules(client: Client) -> None:
    """A worker's policy is its own script's: the recorder's modules get the recorder pages' policy (WebAssembly
    allowed), the other pages' modules the strict one."""
    worker = client.get(f"{recorder.STATIC_PATH}/engine-worker.js")
    assert worker.status_code == 200 and "'wasm-unsafe-eval'" in worker.headers["content-security-policy"]
    viewer = client.get(f"{pages.STATIC_PATH}/viewer/viewer.js")
    assert viewer.status_code == 200 and "wasm" not in viewer.headers["content-security-policy"]
