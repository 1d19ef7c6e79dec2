"""The violation codes are documented, stable and all used."""

from __future__ import annotations

import re
from pathlib import Path

from domain.arctic.violations import CODES

PACKAGE = Path(__file__).resolve().parents[3] / "domain" / "arctic"


def test_every_code_is_documented_and_used() -> None:
    readme = (PACKAGE / "README.md").read_text()
    source = "".join(p.read_text() for p in PACKAGE.glob("*.py") if p.name != "violations.py")
    used = set(re.findall(r'"(arctic\.[a-z_.]+)"', source))
    assert used <= set(CODES), used - set(CODES)
    for code, (section, meaning) in CODES.items():
        assert f"`{code}`" in readme
        assert code in used, f"{code} is never raised"
        assert section.startswith("§") and meaning
