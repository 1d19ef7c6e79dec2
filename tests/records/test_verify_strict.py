"""``banquise verify`` as strict as import (#49, item 5): the JSON rules an import holds a record to (no
member twice in an object, nesting bounded, a UTF-8 byte order mark skipped as ``banquise import`` does), a
rules version the program does not play refused, and every malformed input an exit status 2 with a message
on one line, never a traceback (a property test mutates a sealed record at random)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from litestar.testing import TestClient

from service.cli.main import main
from tests.helpers import auth
from tests.projections.support import record

Client = TestClient[Any]


@pytest.fixture(scope="module")
def sealed(client: Client, api_key: str) -> bytes:
    """A finished Arctic game's record as its server exports it (sealed)."""
    made = client.post("/games/import", content=record("arctic", 2, 4930, moves=40), headers=auth(api_key))
    assert made.status_code == 201, made.text
    exported = client.get(f"/games/{made.json()['id']}/record", headers=auth(api_key))
    assert exported.status_code == 200, exported.text
    return exported.content


def verify(path: Path, body: bytes, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    path.write_bytes(body)
    capsys.readouterr()
    status = main(["verify", str(path)])
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return status, err


def test_a_sealed_record_with_a_byte_order_mark_verifies(
    tmp_path: Path, sealed: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    assert verify(tmp_path / "r.json", sealed, capsys)[0] == 0
    assert verify(tmp_path / "bom.json", b"\xef\xbb\xbf" + sealed, capsys)[0] == 0


def test_a_duplicated_member_is_refused_as_import_refuses_it(
    client: Client, api_key: str, tmp_path: Path, sealed: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    """The probe's record: a second, unsigned ``setup`` placed first (a reader that keeps the first member
    sees another game than the signature covers). Import refuses it; so does verify (exit 2)."""
    document = json.loads(sealed)
    other = dict(document["setup"], players=["Mallory", "Eve"])
    text = sealed.decode()
    forged = ('{"setup": ' + json.dumps(other) + ", " + text[1:]).encode()
    status, err = verify(tmp_path / "dup.json", forged, capsys)
    assert status == 2 and "duplicate_json_key" in err and "'setup'" in err, err
    imported = client.post("/games/import", content=forged, headers=auth(api_key))
    assert imported.status_code == 400 and imported.json()["code"] == "duplicate_json_key"


def test_an_unknown_rules_version_is_unreadable(
    tmp_path: Path, sealed: bytes, capsys: pytest.CaptureFixture[str]
) -> None:
    document = json.loads(sealed)
    document["rules_version"] = "arctic-99"
    status, err = verify(tmp_path / "rules.json", json.dumps(document).encode(), capsys)
    assert status == 2 and "unsupported_rules_version" in err and "arctic-99" in err, err


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"[" * 100_000 + b"]" * 100_000, "json_too_deep"),
        (b'{"a":' * 100_000 + b"1" + b"}" * 100_000, "json_too_deep"),
        (b"", "not valid JSON"),
        (b"\xef\xbb\xbf", "not valid JSON"),
        (b"not json", "not valid JSON"),
        (b'{"kind": "arctic"', "not valid JSON"),
        (b"\xff\xfe{}", "not valid JSON"),
        (b"[]", "a record is a JSON object"),
        (b"3", "a record is a JSON object"),
        (b"{}", "no seal"),
        (b'{"kind": "arctic", "format": "other"}', "unsupported_record_format"),
        (b'{"kind": "chess", "seal": {}}', "seal"),
    ],
)
def test_every_malformed_input_is_exit_2_with_one_line(
    tmp_path: Path, body: bytes, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, err = verify(tmp_path / "bad.json", body, capsys)
    assert status == 2 and says in err, err
    assert err.count("\n") == 1 and err.startswith("banquise: "), err


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(2**70), max_value=2**70),
        st.floats(allow_nan=False),
        st.text(max_size=12),
    )
    return st.recursive(
        scalars,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
        max_leaves=6,
    )


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:6]):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_record_mutated_anywhere_is_verified_refused_or_unreadable_never_a_crash(
    tmp_path: Path, sealed: bytes, capsys: pytest.CaptureFixture[str], data: st.DataObject
) -> None:
    document = json.loads(sealed)
    how = data.draw(st.sampled_from(["replace", "delete", "truncate", "byte"]))
    if how in ("replace", "delete"):
        path = data.draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for step in path[:-1]:
            parent = parent[step]
        if how == "replace":
            parent[path[-1]] = data.draw(_json_values())
        elif isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
        body = json.dumps(document).encode()
    elif how == "truncate":
        body = sealed[: data.draw(st.integers(min_value=0, max_value=len(sealed) - 1))]
    else:
        at = data.draw(st.integers(min_value=0, max_value=len(sealed) - 1))
        body = sealed[:at] + bytes([data.draw(st.integers(0, 255))]) + sealed[at + 1 :]
    status, err = verify(tmp_path / "mutated.json", body, capsys)
    assert status in (0, 1, 2), err
    if status == 0:
        # Only a change that changes nothing signed verifies (a byte inside white space, a value set to itself).
        assert _same(json.loads(body), json.loads(sealed))
    else:
        assert err.startswith("banquise: "), err


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return math.isclose(a, b)
    return bool(a == b)
