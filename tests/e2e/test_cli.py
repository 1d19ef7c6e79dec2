"""The command line as a new user meets it: one-line failures with exit statuses, clean output,
no database made by accident, arguments checked, records in the shapes people have them."""

from __future__ import annotations

import codecs
import json
import logging
from pathlib import Path

import pytest

from service.cli.commands.simulate import simulated_record
from service.cli.commands.transfer import records_in
from service.cli.main import main
from tests.e2e.server import banquise, free_port


def test_export_from_a_stopped_server_is_one_line_and_status_3(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    status = main(["export", "00000000-0000-0000-0000-000000000001", "--url", url])
    err = capsys.readouterr().err
    assert status == 3
    assert err.count("\n") == 1 and "cannot reach Banquise at " + url in err and "Traceback" not in err


def test_simulate_submit_to_a_dead_url_is_one_line_and_status_3(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"http://127.0.0.1:{free_port()}"
    status = main(["simulate", "--players", "2", "--submit", url, "--key", "x", "--quiet"])
    err = capsys.readouterr().err
    assert status == 3 and err.count("\n") == 1 and "cannot reach" in err


def test_importing_a_missing_file_is_one_line_and_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "nope.json"
    assert main(["import", str(missing), "--url", f"http://127.0.0.1:{free_port()}"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == f"banquise: {missing}: no such file"


def test_http_library_logs_only_with_verbose(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--count", "0"])
    assert logging.getLogger("httpx").getEffectiveLevel() == logging.WARNING
    main(["--verbose", "simulate", "--count", "0"])
    assert logging.getLogger("httpx").getEffectiveLevel() <= logging.INFO


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--count", "-1"], "--count must be at least 1"),
        (["--count", "0"], "--count must be at least 1"),
        (["--game", "arctica", "--players", "3", "--mode", "public"], "--mode public is Arctic's"),
        (["--game", "arctic", "--players", "5"], "2 to 4 players"),
        (["--names", "Ana,Bo,Cy", "--players", "2"], "--names gives 3 players"),
        (["--names", "Ana,,Cy"], "a name is empty"),
    ],
)
def test_simulate_refuses_arguments_it_would_ignore(
    args: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", *args]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_simulate_names_the_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--game", "arctica", "--names", "Aputsiaq,Nanook,Siku", "--count", "2"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 2
    assert all(r["setup"]["players"] == ["Aputsiaq", "Nanook", "Siku"] for r in records)
    assert len({r["id"] for r in records}) == 2


def test_import_reads_json_arrays_ndjson_and_a_byte_order_mark(tmp_path: Path) -> None:
    records = [simulated_record("arctic", 2, seed) for seed in (1, 2)]
    array = tmp_path / "games.json"
    array.write_bytes(codecs.BOM_UTF8 + json.dumps(records, indent=2).encode())
    items = list(records_in(array))
    assert [where for where, _ in items] == [f"{array}[0]", f"{array}[1]"]
    assert [json.loads(body) for _, body in items] == records
    single = tmp_path / "one.json"
    single.write_bytes(codecs.BOM_UTF8 + json.dumps(records[0]).encode())
    [(_, body)] = list(records_in(single))
    assert json.loads(body) == records[0]
    lines = tmp_path / "games.ndjson"
    lines.write_bytes(codecs.BOM_UTF8 + b"\n".join(json.dumps(r).encode() for r in records) + b"\n")
    assert [json.loads(body) for _, body in records_in(lines)] == records


def test_keys_refuse_to_create_a_database_by_accident(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BANQUISE_DATA_DIR", raising=False)
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["keys", "create", "--name", "oops"]) == 2
    err = capsys.readouterr().err
    assert "no Banquise database in" in err and str(tmp_path) in err and "--init" in err
    assert not (tmp_path / ".banquise").exists()


@pytest.mark.e2e
def test_keys_say_where_they_are_list_with_a_header_and_revoke_aloud(tmp_path: Path) -> None:
    data = tmp_path / "data"
    made = banquise(data, "keys", "create", "--name", "club")
    assert made.returncode == 0, made.stderr
    assert str(data.resolve()) in made.stderr
    listed = banquise(data, "keys", "list")
    header, row = listed.stdout.splitlines()
    assert header.split("\t") == ["id", "name", "role", "created", "state"]
    key_id = row.split("\t")[0]
    revoked = banquise(data, "keys", "revoke", key_id)
    assert revoked.returncode == 0 and f"key {key_id} revoked" in revoked.stdout
